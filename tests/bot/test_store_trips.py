"""What a move asks of the store (issue 29): one write of the move (with the only choices
played after it, the timers and the mover's language), one write of the live messages when the
turn message goes out — two store operations — and a read of the game only when the process
does not hold it at its current version (its first command, a move made elsewhere); at most
three operations on any move, the game's last included, and on PostgreSQL at most eight round
trips on every move (the closing one is one call of its ``pg_temp`` function too). The counts are the store's own
(:class:`bot.stores.queries.StoreCounts`), never times. What the store keeps in memory instead
of reading it again must be what a fresh store reads from the database.

A delivery that sends DMs asking a secret decision, or closes such DMs, keeps their ids in one
write of its own once they went out (``write_decision_dms``: they are sent after the turn
message, and kept at once so that a restart still closes them) — only on those moves."""

from __future__ import annotations

import pytest

from bot.stores.rows import AlreadyProcessed, Play, TimerPlan
from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, CY, RandomMoves, seated, started_game

pytestmark = pytest.mark.both_backends

#: The store operations of one move, by name (bot/stores/queries.py's scripts).
MOVE = {"append_action": 1, "write_live": 1}
#: The game's read: only when the process does not hold the game (it did not start it or read it
#: since, a move was made elsewhere, a write of its own touched the game's row or seats).
READ = "table_rows"
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
    await env.deliver(svc, await seated(env, svc, users, game=game), interaction=None)
    moves_of = RandomMoves(env, svc, users, seed=7)
    counted = []
    for k in range(moves):
        before = svc.store.counts.snapshot()
        outcome = await moves_of.play(k)
        if outcome is None:
            break
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
async def test_a_move_is_two_store_operations(env, game):
    svc = await env.service()
    users = [ANA, BO, CY]
    counted = await play_counted(env, svc, game, users, 60)
    assert len(counted) >= 10
    extra: dict[str, int] = {}
    ended = CHANNEL not in svc.tables.channel_games
    for k, (ops, trips, dms, statements) in enumerate(counted):  # the last move too, when it ends the game
        closing = ended and k == len(counted) - 1  # it also compacts the game and reads its log
        assert {name: ops.get(name, 0) for name in MOVE} == MOVE
        assert ops.get(READ, 0) == 0  # held since the lobby's read: the process started the game
        assert ops.get(DM_WRITE, 0) == int(dms)
        assert sum(ops.values()) <= 3
        for name, n in ops.items():
            if name not in MOVE and name not in (DM_WRITE, READ):
                extra[name] = extra.get(name, 0) + n
        if env.database.backend == "postgresql":
            assert trips <= 8
            if ops == MOVE:  # the move's function (the closing one's too), the one-statement write
                assert trips == 2  # (no BEGIN/COMMIT around them, no reset on release)
        else:
            assert trips == 0
        if ops == MOVE and not closing:  # one statement each: the move (SQLite: one INSERT into
            assert statements == 2  # its TEMP view tw_move, the mover's language in it), the live messages
    # Besides, only what the store reads once: the game's last acts, its log's newest rows, its
    # replay base, its open decision DMs (each person's language goes with their first move).
    assert set(extra) <= FIRST_READS
    assert "remember_locale" not in extra
    assert sum(extra.values()) <= 6


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
async def test_every_move_of_a_whole_game_is_at_most_three_operations(env, game):
    """Goal 2 of issue 29 strictly: every move of a whole game, its last (which closes the game,
    keeps its result and reads its log for the final scores and the summary) included."""
    svc = await env.service()
    counted = await play_counted(env, svc, game, [ANA, BO], 2000)
    assert CHANNEL not in svc.tables.channel_games  # played to its end
    most = max(sum(ops.values()) for ops, _, _, _ in counted)
    assert most <= 3, [ops for ops, _, _, _ in counted if sum(ops.values()) > 3]
    final, final_trips = counted[-1][0], counted[-1][1]
    assert final == {**MOVE}, final  # the end read nothing more: all came with the closing move
    if env.database.backend == "postgresql":  # goal 2: at most eight round trips on every move
        assert max(trips for _, trips, _, _ in counted) <= 8
        assert final_trips == 2  # the closing move is one call of its function, like the others


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


async def test_staged_live_messages_are_written_with_the_turn_shown(database, store):
    pk = await started_game(store)
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


async def test_append_with_only_choices_after_it_is_one_transaction(store):
    pk = await started_game(store, TimerPlan(add=[("reminder", 100.0, {})]))
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


async def test_an_interaction_processed_before_writes_nothing(store):
    pk = await started_game(store)
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


async def test_two_processes_moving_one_game_lose_no_move_and_apply_none_twice(env):
    """Two services on one database (two processes' worth) move the same game in turn. Each holds
    the game after its own move and plays its next one without reading it; the other's move in
    between makes that write fail (version-checked), and the command reads the game and runs
    again — applied once, or refused in one sentence when it is no longer legal."""
    a, b = await env.service(), await env.service()
    await seated(env, a, [ANA, BO])
    pk = a.tables.channel_games[CHANNEL]
    assert a.tables.held_copy(CHANNEL, None) is not None  # a started it: held, no read needed

    def reads(svc, before) -> int:
        return svc.store.counts.by_script.get("table_rows", 0) - before.by_script.get("table_rows", 0)

    async def logged() -> list[str]:
        fresh = await env.open_store()
        try:
            return [x.text for x in await fresh.actions(pk)]
        finally:
            await fresh.close()

    before = b.store.counts.snapshot()
    assert (await b.act(CHANNEL, ANA, "bid 0", interaction_id=1)).ok  # b does not hold it: reads it
    assert reads(b, before) == 1
    # a's copy still says Ana may bid: its write fails, a reads the game — Ana bid already: refused
    before = a.store.counts.snapshot()
    twice = await a.act(CHANNEL, ANA, "bid 1", interaction_id=2)
    assert not twice.ok and twice.ephemeral
    assert reads(a, before) == 1
    assert await logged() == ["bid 0"]
    # a holds what it read: Bo's bid is played without reading
    before = a.store.counts.snapshot()
    assert (await a.act(CHANNEL, BO, "bid 0", interaction_id=3)).ok
    assert reads(a, before) == 0
    # b's copy is stale now: its move, still legal, is applied once after a read
    table = a.tables.cached[pk]
    rules = GAMES["tiny"]
    seat = rules.to_act(table.state)[0]
    move = str(rules.legal(table.state, seat)[0])
    before = b.store.counts.snapshot()
    assert (await b.act(CHANNEL, [ANA, BO][int(seat[1:])], move, interaction_id=4)).ok
    assert reads(b, before) == 1
    assert await logged() == ["bid 0", "bid 0", move]
    assert b.tables.cached[pk].row.version == 4 and b.store.holds(pk, 4)
    assert not a.store.holds(pk, 4)


async def test_a_repeated_interaction_is_refused_and_applies_nothing(env):
    """The interaction's key refuses a repeat with nothing applied twice: when this process
    recorded it (its copy is then not trusted, the read finds it processed), when another process
    did (the read finds it), and when the process holds the game and has forgotten it (the move's
    write refuses it)."""
    a, b = await env.service(), await env.service()
    await seated(env, a, [ANA, BO])
    pk = a.tables.channel_games[CHANNEL]
    assert (await a.act(CHANNEL, ANA, "bid 0", interaction_id=77)).ok
    again = await a.act(CHANNEL, ANA, "bid 0", interaction_id=77)
    assert not again.ok and again.ephemeral == t("already_done", "en")
    elsewhere = await b.act(CHANNEL, BO, "bid 0", interaction_id=77)
    assert not elsewhere.ok and elsewhere.ephemeral == t("already_done", "en")
    assert [x.text for x in await b.store.actions(pk)] == ["bid 0"]
    # a holds the game again (b moved nothing); it forgets what it recorded: the move's own write
    # refuses the repeat (the interactions' key), and nothing is written
    assert (await b.act(CHANNEL, BO, "bid 1", interaction_id=78)).ok
    await a.tables.open(CHANNEL)  # a reads the game: held at b's version
    a.store.cache._interactions.clear()
    before = a.store.counts.snapshot()
    repeat = await a.act(CHANNEL, ANA, "take 3", interaction_id=78)
    assert not repeat.ok and repeat.ephemeral == t("already_done", "en")
    assert a.store.counts.by_script.get("table_rows", 0) == before.by_script.get("table_rows", 0)
    assert [x.text for x in await b.store.actions(pk)] == ["bid 0", "bid 1"]


#: Writes other than a move, as the service makes them (``/game settings``, a look, a seat's
#: clock, a refused DM, forget-me's rows) and as a tool makes one (a raw statement): each changes
#: what a command reads of the game (its row, its seats), or may.
LETTING_GO = {
    "settings": lambda store, pk: store.set_game_settings(pk, reminder_s=120, clock_s=None),
    "a look": lambda store, pk: store.set_seen(pk, "p1", 2),
    "a seat's clock": lambda store, pk: store.set_timed_out(pk, "p1", False),
    "the language": lambda store, pk: store.set_game_language(pk, "nl"),
    "a refused DM": lambda store, pk: store.mark_dm_refused(BO, 5.0),
    "forget-me's rows": lambda store, pk: store.user_rows(CY, delete=True),
    "a tool's statement": lambda store, pk: store.execute(
        "UPDATE games SET reminder_s = reminder_s WHERE id = ?", pk
    ),
}
#: Writes that change nothing a command reads of a held game.
KEEPING = {
    "timers": lambda store, pk: store.add_timers(pk, TimerPlan(add=[("reminder", 9e9, {})])),
    "a hint used": lambda store, pk: store.add_hint(pk, "p0"),
    "preferences": lambda store, pk: store.set_prefs(CY, 5.0, notify="dm"),
    "a notice told": lambda store, pk: store.tell_once(CHANNEL, "no_thread", 5.0),
}


@pytest.mark.parametrize("write", [*LETTING_GO, *KEEPING])
async def test_a_write_other_than_a_move_makes_the_next_move_read_the_game(env, write):
    """Every write of the store but the move's own lets the process's hold on the game go (the
    store's shared write path decides, not each write): the next move reads the game, the one
    after it does not. The writes that change nothing a command reads keep the hold."""
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = svc.tables.channel_games[CHANNEL]

    def reads(before) -> int:
        return svc.store.counts.by_script.get(READ, 0) - before.by_script.get(READ, 0)

    before = svc.store.counts.snapshot()
    assert (await svc.act(CHANNEL, ANA, "bid 0")).ok
    assert reads(before) == 0
    await (LETTING_GO.get(write) or KEEPING[write])(svc.store, pk)
    assert svc.store.holds(pk, 2) == (write in KEEPING)
    before = svc.store.counts.snapshot()
    assert (await svc.act(CHANNEL, BO, "bid 0")).ok
    assert reads(before) == (1 if write in LETTING_GO else 0)
    table = svc.tables.cached[pk]
    seat = GAMES["tiny"].to_act(table.state)[0]
    move = str(GAMES["tiny"].legal(table.state, seat)[0])
    before = svc.store.counts.snapshot()
    assert (await svc.act(CHANNEL, [ANA, BO][int(seat[1:])], move)).ok
    assert reads(before) == 0  # held again: read once, then moved only by this process
    assert [x.text for x in await svc.store.actions(pk)] == ["bid 0", "bid 0", move]


def test_the_writes_that_keep_the_hold_are_operations_of_the_store():
    """Each name in KEEPS_HOLD is a store method or a script (a misspelt one would only cost a
    read, but would say what is not so)."""
    from bot.stores import queries

    for name in queries.KEEPS_HOLD:
        assert hasattr(queries.SqlStore, name) or hasattr(queries, f"_{name}"), name
