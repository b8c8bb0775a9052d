"""What a move asks of the store (issue 29): one read of the game, one write of the move (with
the only choices played after it and the timers), one write of the live messages when the turn
message goes out — three store operations — and on PostgreSQL at most eight round trips. The
counts are the store's own (:class:`bot.stores.queries.StoreCounts`), never times. What the store
keeps in memory instead of reading it again must be what a fresh store reads from the database.

A delivery that sends DMs asking a secret decision, or closes such DMs, keeps their ids in one
write of its own once they went out (``write_decision_dms``: they are sent after the turn
message, and kept at once so that a restart still closes them) — only on those moves."""

from __future__ import annotations

import itertools

import pytest

from bot.stores.rows import AlreadyProcessed, Play, TimerPlan
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated

pytestmark = pytest.mark.both_backends

#: The store operations of one move, by name (bot/stores/queries.py's scripts).
MOVE = {"table_rows": 1, "append_action": 1, "write_live": 1}
#: What a store reads once (per person, per game) and then keeps.
FIRST_READS = {"remember_locale", "dm_refused_users", "last_acts", "actions", "replay_base", "decision_dms"}
#: The one write of a delivery's decision DMs (sent and closed).
DM_WRITE = "write_decision_dms"


async def play_counted(
    env, svc, game: str, users: list[int], moves: int
) -> list[tuple[dict[str, int], int, bool, int]]:
    """``moves`` random legal moves of ``game`` as the bot plays them (``/play`` with the
    interaction's locale and id, the outcome delivered), each move's store operations by name,
    its round trips, whether its delivery sent or closed decision DMs, and its statements;
    stops early when the game ends."""
    await seated(env, svc, users, game=game)
    pk = svc.tables.channel_games[CHANNEL]
    rules = GAMES[game]
    movers = {f"p{i}": player(game, "random", 7 + i) for i in range(len(users))}
    interactions = itertools.count(1)
    counted = []
    for k in range(moves):
        table = svc.tables.cached.get(pk)
        if table is None or table.row.status != "active":
            break
        to_act = rules.to_act(table.state)
        seat = to_act[k % len(to_act)]
        action = movers[seat].choose({}, rules.legal(table.state, seat))
        before = svc.store.counts.snapshot()
        outcome = await svc.act(
            CHANNEL, users[int(seat[1:])], str(action), locale="en-US", interaction_id=next(interactions)
        )
        await env.deliver(svc, outcome)
        assert outcome.ok, outcome.ephemeral
        after = svc.store.counts
        ops = {
            name: n - before.by_script.get(name, 0)
            for name, n in after.by_script.items()
            if n != before.by_script.get(name, 0)
        }
        dms = bool(outcome.closed_dms) or any(dm.decision is not None for dm in outcome.private)
        counted.append(
            (ops, after.round_trips - before.round_trips, dms, after.statements - before.statements)
        )
    return counted


@pytest.mark.parametrize("game", ["tiny", "cuba"])
async def test_a_move_is_three_store_operations(env, game):
    svc = await env.service()
    users = [ANA, BO, CY]
    counted = await play_counted(env, svc, game, users, 60)
    assert len(counted) >= 10
    extra: dict[str, int] = {}
    for ops, trips, dms, statements in counted[:-1]:  # every move but a last one that ends the game
        assert {name: ops.get(name, 0) for name in MOVE} == MOVE
        assert ops.get(DM_WRITE, 0) == int(dms)
        for name, n in ops.items():
            if name not in MOVE and name != DM_WRITE:
                extra[name] = extra.get(name, 0) + n
        if env.database.backend == "postgresql":
            assert trips <= 8
            if ops == MOVE:  # the game's one query, the move's function, the one-statement write
                assert trips == 3  # (no BEGIN/COMMIT around them, no reset on release)
        else:
            assert trips == 0
        if ops == MOVE:  # one statement each: the game's read, the move (SQLite: one INSERT into
            assert statements == 3  # its TEMP view tw_move), the live messages
    # Besides, only what the store reads once: each person's locale remembered at their first
    # command, the refused DMs, the game's last acts, its log's newest rows, its replay base, its
    # open decision DMs.
    assert set(extra) <= FIRST_READS
    assert extra.get("remember_locale", 0) <= len(users)
    assert sum(extra.values()) <= len(users) + 6


async def test_what_the_store_keeps_is_what_the_database_holds(env):
    svc = await env.service()
    await play_counted(env, svc, "cuba", [ANA, BO, CY], 40)
    pk = svc.tables.channel_games[CHANNEL]
    fresh = await env.open_store()
    try:
        assert await svc.store.live_messages(pk) == await fresh.live_messages(pk)
        assert await svc.store.last_acts(pk) == await fresh.last_acts(pk)
        assert await svc.store.last_act_times(pk) == await fresh.last_act_times(pk)
        assert await svc.store.decision_dms(pk) == await fresh.decision_dms(pk)
        await svc.store.set_at_table_s(pk, 420)
        assert await svc.store.at_table_s(pk) == await fresh.at_table_s(pk) == 420
        version = (await fresh.game(pk)).version
        kept = await svc.store.actions(pk, since=max(1, version - 10))
        assert kept == await fresh.actions(pk, since=max(1, version - 10))
        assert [a.n for a in kept] == list(range(max(1, version - 10), version))
        users = [ANA, BO, CY]
        assert await svc.store.prefs_of(users) == await fresh.prefs_of(users)
        assert await svc.store.locale_of(users) == await fresh.locale_of(users) == dict.fromkeys(users, "en")
    finally:
        await fresh.close()


async def test_a_move_made_elsewhere_is_read_again(env):
    """Another store on the same database (another process) logs a move: this store's kept log
    is of an older version and is read again, not served stale."""
    a, b = await env.service(), await env.service()
    await seated(env, a, [ANA, BO])
    pk = a.tables.channel_games[CHANNEL]
    assert (await a.act(CHANNEL, ANA, "bid 0")).ok
    assert await a.store.last_acts(pk) == {"p0": 1}
    assert (await b.act(CHANNEL, BO, "bid 0")).ok  # b reads the game (a's version) and moves
    assert (await a.act(CHANNEL, ANA, "take 3")).ok  # a reads the game at b's version first
    assert await a.store.last_acts(pk) == {"p0": 3, "p1": 2}
    await b.tables.open(CHANNEL)  # b's next command reads the game: a's move is read again too
    assert await b.store.last_acts(pk) == {"p0": 3, "p1": 2}
    assert [x.text for x in await a.store.actions(pk)] == ["bid 0", "bid 0", "take 3"]


async def test_staged_live_messages_are_written_with_the_turn_shown(database):
    store = await database.open()
    try:
        pk = await store.create_game(
            channel_id=1, guild_id=None, game="tiny", options={}, seed=1, host_id=ANA, host_name="Ana",
            now=1.0, reminder_s=60, clock_s=None,
        )  # fmt: skip
        assert await store.start_game(pk, "{}", 2.0)
        await store.live_messages(pk)  # known to the store from here on
        await store.stage_live_messages(pk, turn_log="**Tiny**\nAna bids.", turn_since=2.0)
        assert (await store.live_messages(pk)).turn_log == "**Tiny**\nAna bids."  # read back at once
        before = store.counts.operations
        await store.turn_shown(pk, 1, turn_id=77)
        assert store.counts.operations == before + 1  # one write for all of it
        fresh = await database.open()
        try:
            live = await fresh.live_messages(pk)
        finally:
            await fresh.close()
        assert (live.turn_id, live.turn_log, live.turn_since, live.turn_pending) == (
            77,
            "**Tiny**\nAna bids.",
            2.0,
            None,
        )
    finally:
        await store.close()


async def test_append_with_only_choices_after_it_is_one_transaction(database):
    store = await database.open()
    try:
        pk = await store.create_game(
            channel_id=1, guild_id=None, game="tiny", options={}, seed=1, host_id=ANA, host_name="Ana",
            now=1.0, reminder_s=60, clock_s=None,
        )  # fmt: skip
        assert await store.start_game(pk, "{}", 2.0, TimerPlan(add=[("reminder", 100.0, {})]))
        before = store.counts.operations
        version = await store.append_action(
            pk, expected_version=1, seat="p0", text="bid 1", kind="play", events=[], state_json="{}",
            status="active", now=3.0, timers=TimerPlan(clear=("reminder",), add=[("reminder", 200.0, {})]),
            then=[Play("p1", "pass", [{"kind": "auto", "seat": "p1"}])],
        )  # fmt: skip
        assert version == 3
        assert store.counts.operations == before + 1
        logged = await store.actions(pk)
        assert [(a.n, a.seat, a.text) for a in logged] == [(1, "p0", "bid 1"), (2, "p1", "pass")]
        assert [(t.kind, t.due) for t in await store.timers(pk)] == [("reminder", 200.0)]
        assert await store.last_acts(pk) == {"p0": 1}  # the table's play for p1 is not p1's own
        assert (await store.live_messages(pk)).turn_pending == 3
        # a stale version writes nothing, the interaction neither (it may be tried again)
        assert (
            await store.append_action(
                pk,
                expected_version=1,
                seat="p0",
                text="bid 2",
                kind="play",
                events=[],
                state_json="{}",
                status="active",
                now=4.0,
                interaction_id=99,
            )  # fmt: skip
            is None
        )
        assert not await store.interaction_seen(99)
        assert len(await store.actions(pk)) == 2
    finally:
        await store.close()


async def test_an_interaction_processed_before_writes_nothing(database):
    store = await database.open()
    try:
        pk = await store.create_game(
            channel_id=1, guild_id=None, game="tiny", options={}, seed=1, host_id=ANA, host_name="Ana",
            now=1.0, reminder_s=60, clock_s=None,
        )  # fmt: skip
        assert await store.start_game(pk, "{}", 2.0)
        assert await store.claim_interaction(55, 2.0)  # a command that logged no action
        with pytest.raises(AlreadyProcessed):
            await store.append_action(
                pk, expected_version=1, seat="p0", text="bid 1", kind="play", events=[], state_json="{}",
                status="active", now=3.0, timers=TimerPlan(add=[("reminder", 200.0, {})]), interaction_id=55,
            )  # fmt: skip
        assert await store.actions(pk) == []
        assert await store.timers(pk) == []
        assert (await store.state(pk))[0] == 1
        assert await store.append_action(
            pk, expected_version=1, seat="p0", text="bid 1", kind="play", events=[], state_json="{}",
            status="active", now=3.0, interaction_id=56,
        ) == 2  # fmt: skip
        assert await store.interaction_seen(56)
    finally:
        await store.close()


async def test_a_deliverys_decision_dms_are_one_write_and_kept_as_stored(env):
    """Two DMs asking a secret bid go out with the game's start: their ids are one write; a
    bid closes one (one write); what the store keeps of them is what a fresh store reads."""
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO])
    before = svc.store.counts.snapshot()
    await env.deliver(svc, started, interaction=None)
    assert svc.store.counts.by_script.get(DM_WRITE, 0) - before.by_script.get(DM_WRITE, 0) == 1
    pk = svc.tables.channel_games[CHANNEL]
    fresh = await env.open_store()
    try:
        kept = await svc.store.decision_dms(pk)
        assert sorted(dm.user_id for dm in kept) == [ANA, BO]
        assert kept == await fresh.decision_dms(pk)
        before = svc.store.counts.snapshot()
        await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
        assert svc.store.counts.by_script.get(DM_WRITE, 0) - before.by_script.get(DM_WRITE, 0) == 1
        reads = svc.store.counts.by_script.get("decision_dms", 0)
        assert reads == before.by_script.get("decision_dms", 0)  # read from what the store keeps
        assert [dm.user_id for dm in await svc.store.decision_dms(pk)] == [BO]
        assert await svc.store.decision_dms(pk) == await fresh.decision_dms(pk)
    finally:
        await fresh.close()
