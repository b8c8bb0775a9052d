"""A move's write (issue 29): on SQLite one statement — an ``INSERT`` into the TEMP view
``tw_move`` whose triggers do the move (bot/stores/sqlite.py, ``MOVE_OBJECTS``) —, on PostgreSQL
one call of ``pg_temp.tw_append_action``. Both must do what the shared script
(bot/stores/queries.py, ``_append_action`` and ``_move_timers``) does: the same timers kept,
moved, deleted and added, the same log numbers, nothing written when the game moved on."""

from __future__ import annotations

import pytest

from bot.stores.rows import Play, TimerPlan
from tests.bot.conftest import ANA, started_game

pytestmark = pytest.mark.both_backends


async def move(store, pk: int, version: int, timers: TimerPlan | None, **more) -> int | None:
    more.setdefault("events", [{"kind": "bid"}])
    return await store.append_action(
        pk, expected_version=version, seat="p0", text="bid 1", kind="play",
        state_json=f'{{"v": {version}}}', status="active", now=10.0 + version, timers=timers, **more,
    )  # fmt: skip


async def test_a_move_is_one_statement_and_one_operation(database, store):
    pk = await started_game(store, TimerPlan(add=[("reminder", 100.0, {"seat": "p0"})]))
    before = store.counts.snapshot()
    version = await move(
        store, pk, 1, TimerPlan(clear=("reminder",), add=[("reminder", 200.0, {"seat": "p1"})]),
        interaction_id=7, then=[Play("p1", "pass", [{"kind": "auto", "seat": "p1"}])],
    )  # fmt: skip
    assert version == 3
    assert store.counts.operations - before.operations == 1
    assert store.counts.statements - before.statements == 1
    fresh = await database.open()
    try:
        logged = await fresh.actions(pk)
        assert [(a.n, a.seat, a.text, a.kind, a.created, a.events) for a in logged] == [
            (1, "p0", "bid 1", "play", 11.0, [{"kind": "bid"}]),
            (2, "p1", "pass", "play", 11.0, [{"kind": "auto", "seat": "p1"}]),
        ]
        assert await fresh.state(pk) == (3, '{"v": 1}')
        assert (await fresh.live_messages(pk)).turn_pending == 3
        assert await fresh.interaction_seen(7)
        assert [(t.kind, t.due, t.payload) for t in await fresh.timers(pk)] == [
            ("reminder", 200.0, {"seat": "p1"})
        ]
    finally:
        await fresh.close()


async def test_the_timer_plan_keeps_moves_deletes_and_adds_as_the_script_does(store):
    """One unclaimed timer of a kind cleared and added back once is moved in place (its id kept);
    a claimed one is deleted (its claim finished) and added anew; a kind added twice is
    replaced; a cleared kind not added back goes; a kind not cleared stays beside its new one."""
    pk = await started_game(
        store,
        TimerPlan(
            add=[
                ("reminder", 100.0, {"a": 1}),
                ("clock", 110.0, {"a": 2}),
                ("nudge", 120.0, {"a": 3}),
                ("vote", 130.0, {"a": 4}),
                ("poll", 140.0, {"a": 5}),
            ]
        ),
    )
    ids = {t.kind: t.id for t in await store.timers(pk)}
    assert await store.claim_timer(ids["clock"], 115.0, 175.0) is not None
    plan = TimerPlan(
        clear=("reminder", "clock", "nudge", "vote"),
        add=[
            ("reminder", 300.0, {"b": 1}),
            ("clock", 310.0, {"b": 2}),
            ("nudge", 320.0, {"b": 3}),
            ("nudge", 321.0, {"b": 4}),
            ("poll", 340.0, {"b": 5}),
        ],
    )
    assert await move(store, pk, 1, plan) == 2
    after = await store.timers(pk)
    by_kind = sorted((t.kind, t.due, t.payload, t.claimed) for t in after)
    assert by_kind == [
        ("clock", 310.0, {"b": 2}, None),
        ("nudge", 320.0, {"b": 3}, None),
        ("nudge", 321.0, {"b": 4}, None),
        ("poll", 140.0, {"a": 5}, None),
        ("poll", 340.0, {"b": 5}, None),
        ("reminder", 300.0, {"b": 1}, None),
    ]
    reminder = next(t for t in after if t.kind == "reminder")
    assert reminder.id == ids["reminder"]  # moved in place
    clock = next(t for t in after if t.kind == "clock")
    assert clock.id != ids["clock"]  # the claimed one went, a new one came
    assert await store.finish_timer(ids["clock"], 115.0) is False  # its claim is over
    # A kind kept (one unclaimed timer) beside a claimed one of the same kind: the claimed one
    # stays claimed, the unclaimed one moves.
    nudges = [t.id for t in after if t.kind == "nudge"]
    assert await store.claim_timer(nudges[0], 400.0, 460.0) is not None
    await store.execute("DELETE FROM timers WHERE id = ?", nudges[1])
    await store.add_timers(pk, TimerPlan(add=[("nudge", 500.0, {"c": 0})]))
    assert await move(store, pk, 2, TimerPlan(clear=("nudge",), add=[("nudge", 600.0, {"c": 1})])) == 3
    nudged = sorted((t.id == nudges[0], t.due, t.payload, t.claimed) for t in await store.timers(pk)
                    if t.kind == "nudge")  # fmt: skip
    assert nudged == [(False, 600.0, {"c": 1}, None), (True, 460.0, {"b": 3}, 400.0)]


async def test_a_stale_move_writes_nothing_and_the_next_one_writes(store):
    pk = await started_game(store, TimerPlan(add=[("reminder", 100.0, {})]))
    assert await move(store, pk, 1, TimerPlan(clear=("reminder",), add=[("reminder", 200.0, {})])) == 2
    assert (
        await move(store, pk, 1, TimerPlan(clear=("reminder",), add=[("x", 1.0, {})]), interaction_id=3)
        is None
    )
    assert [(t.kind, t.due) for t in await store.timers(pk)] == [("reminder", 200.0)]
    assert not await store.interaction_seen(3)
    assert [a.n for a in await store.actions(pk)] == [1]
    assert await move(store, pk, 2, None, interaction_id=3) == 3
    assert [a.n for a in await store.actions(pk)] == [1, 2]


async def test_a_log_whose_numbers_do_not_follow_the_version_is_numbered_after_its_last_row(store):
    """A version moved without a log row (a database edited by hand): the move is still logged,
    numbered after the log's last row as the shared script numbers it."""
    pk = await started_game(store)
    assert await move(store, pk, 1, None) == 2
    assert await store.execute("UPDATE games SET version = 5 WHERE id = ?", pk) == 1
    assert await move(store, pk, 5, None) == 6
    assert [a.n for a in await store.actions(pk)] == [1, 2]
    assert (await store.state(pk))[0] == 6


async def test_the_closing_move_is_one_call_and_writes_what_the_script_writes(database, store):
    """The move that ends a game (PostgreSQL: one call of ``pg_temp.tw_close_move``; SQLite: the
    shared script) keeps its result, deletes the timers, applies the forget requests and
    compacts the log — a row from the replay base on keeps only its ``auto`` events, in the
    compact JSON form — and answers what its transaction read before compacting: the whole log
    with its events and the hints used, which the end of the game reads from the store's memory."""
    pk = await started_game(store, TimerPlan(add=[("reminder", 100.0, {"seat": "p0"})]))
    assert await store.forget_user(ANA, {pk: "Former player {n}"}) == (0, 1)  # kept for the close
    await store.add_hint(pk, "p0")
    await store.execute("INSERT INTO replay_bases (game_pk, version, state) VALUES (?, 2, '{}')", pk)
    auto = {"kind": "auto", "seat": "p0"}
    assert await move(store, pk, 1, None, events=[{"kind": "bid"}, auto]) == 2
    assert await move(store, pk, 2, None) == 3
    before = store.counts.snapshot()
    version = await store.append_action(
        pk, expected_version=3, seat="p0", text="bid 2", kind="play", events=[{"kind": "score"}, auto],
        state_json='{"v": 3}', status="finished", now=20.0, interaction_id=9, locale=(ANA, "ja"),
        result_json='{"winner": "p0"}', then=[Play("p0", "pass", [auto, {"kind": "end"}])],
    )  # fmt: skip
    assert version == 5
    assert store.counts.operations - before.operations == 1
    if database.backend == "postgresql":
        assert store.counts.statements - before.statements == 1
        assert store.counts.round_trips - before.round_trips == 1
    # What the end of the game shows comes from the move's own read, before the compaction.
    assert [(a.n, a.text, a.created, a.events) for a in await store.actions(pk)] == [
        (1, "bid 1", 11.0, [{"kind": "bid"}, auto]),
        (2, "bid 1", 12.0, [{"kind": "bid"}]),
        (3, "bid 2", 20.0, [{"kind": "score"}, auto]),
        (4, "pass", 20.0, [auto, {"kind": "end"}]),
    ]
    assert await store.hints_used(pk) == {"p0": 1}
    assert store.counts.operations - before.operations == 1
    fresh = await database.open()
    try:
        assert await fresh.fetch("SELECT n, events FROM actions WHERE game_pk = ? ORDER BY n", pk) == [
            (1, '[{"kind":"bid"},{"kind":"auto","seat":"p0"}]'),  # before the replay base: kept whole
            (2, "[]"),
            (3, '[{"kind":"auto","seat":"p0"}]'),
            (4, '[{"kind":"auto","seat":"p0"}]'),
        ]
        game = await fresh.game(pk)
        assert (game.status, game.version, game.host_id) == ("finished", 5, 0)
        assert await fresh.state(pk) == (5, None)
        assert await fresh.result(pk) == '{"winner": "p0"}'
        assert await fresh.timers(pk) == []
        assert [(s.name, s.user_id) for s in await fresh.seats(pk)] == [("Former player 1", None)]
        assert await fresh.fetch("SELECT user_id FROM forget_requests WHERE game_pk = ?", pk) == []
        assert await fresh.interaction_seen(9)
        assert await fresh.locale_of([ANA]) == {ANA: "ja"}
        assert (await fresh.replay_base(pk)).version == 2
    finally:
        await fresh.close()


async def test_a_stale_closing_move_writes_nothing(database, store):
    pk = await started_game(store, TimerPlan(add=[("reminder", 100.0, {})]))
    assert await move(store, pk, 1, None) == 2
    closing = dict(
        expected_version=1, seat="p0", text="end", kind="play", events=[], state_json="{}",
        status="finished", now=30.0, result_json='{"winner": "p0"}',
    )  # fmt: skip
    assert await store.append_action(pk, **closing) is None
    fresh = await database.open()
    try:
        assert (await fresh.game(pk)).status == "active"
        assert await fresh.state(pk) == (2, '{"v": 1}')
        assert [t.kind for t in await fresh.timers(pk)] == ["reminder"]
        assert await fresh.result(pk) is None
    finally:
        await fresh.close()
