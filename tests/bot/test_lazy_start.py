"""Start-up in time that grows with the games used, not the games stored: a restarted service
loads no game until a command, a button, an autocomplete or a timer uses it; what must happen at
the start (a turn message never shown, timers lost) comes from one indexed query."""

from __future__ import annotations

import pytest

from bot.stores.queries import TIMER_COLUMNS
from bot.stores.rows import TimerPlan
from tests.bot.conftest import ANA, BO, CY, seated

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL

PEOPLE_GAMES = range(1100, 1110)  # two people each, every outcome delivered
BOT_GAME = 1120  # Ana and a computer seat: the computer's move is due 2 s after the start
UNSHOWN_GAME = 1130  # its first turn message never went out
LOST_TIMERS_GAME = 1140  # its timers were lost


def counted_loads(svc) -> list[int]:
    """The pks of the games ``svc`` loads into its memory from now on, in order (a command on a
    game in memory reads its seats again, and reuses its state)."""
    loads: list[int] = []
    build = svc.tables.built  # every way into a game (load, open) builds its table here

    async def counting(found):
        if found.game.id not in svc.tables.cached:
            loads.append(found.game.id)
        return await build(found)

    svc.tables.built = counting
    return loads


async def stored_games(env) -> dict[int, int]:
    """channel → pk of the games a first process left in the database."""
    svc = await env.service()
    for channel in PEOPLE_GAMES:
        await env.deliver(svc, await seated(env, svc, [ANA, BO], channel=channel))
    await env.deliver(svc, await seated(env, svc, [ANA], bots=1, channel=BOT_GAME))
    await seated(env, svc, [BO, CY], channel=UNSHOWN_GAME)  # stopped before posting it
    await env.deliver(svc, await seated(env, svc, [CY, ANA], channel=LOST_TIMERS_GAME))
    pks = {channel: svc.tables.channel_games[channel] for channel in svc.tables.channel_games}
    await svc.store.add_timers(pks[LOST_TIMERS_GAME], TimerPlan(clear=("reminder",)))
    assert await svc.store.timers(pks[LOST_TIMERS_GAME]) == []
    return pks


async def test_a_restart_loads_only_the_games_it_must_and_the_others_on_first_use(env):
    pks = await stored_games(env)
    restarted = await env.service()
    loads = counted_loads(restarted)
    await restarted.warm()
    # Only the game whose turn message never went out and the one without timers.
    assert sorted(loads) == sorted([pks[UNSHOWN_GAME], pks[LOST_TIMERS_GAME]])
    assert [t.kind for t in await restarted.store.timers(pks[LOST_TIMERS_GAME])] == ["reminder"]
    (called,) = await restarted.run_due_timers()  # the unshown turn is posted, calling both
    # As after a move: the turn message with its turn picture and link, the board above it.
    assert [(m.channel_id, m.live.role) for m in called.public] == [(UNSHOWN_GAME, "turn"), (UNSHOWN_GAME, "board")]
    turn, board = called.public
    assert sorted(turn.mentions) == [BO, CY]
    assert turn.turn_image.startswith(b"\x89PNG") and turn.board_link is not None and turn.image is None
    assert board.image.startswith(b"\x89PNG") and not board.choices and not board.mentions
    await env.deliver(restarted, called)
    assert len(loads) == 2

    # A command on a cold game works, and loads that game alone.
    cold = PEOPLE_GAMES[3]
    played = await env.deliver(restarted, await restarted.act(cold, ANA, "bid 2"))
    assert played.ok and played.done == "You chose: Bid 2."
    assert loads[2:] == [pks[cold]]
    assert [a.text for a in await restarted.store.actions(pks[cold])] == ["bid 2"]

    # Autocomplete reads memory: a cold channel's game is loaded once, then its moves offered.
    other = PEOPLE_GAMES[5]
    assert restarted.autocomplete(other, BO, "bid") == []
    await restarted.load_for_autocomplete(other)
    assert [label for label, _ in restarted.autocomplete(other, BO, "bid 1")] == ["Bid 1"]
    await restarted.load_for_autocomplete(other)  # in memory now: not loaded again
    await restarted.load_for_autocomplete(1199)  # no game there: nothing loaded
    assert loads[3:] == [pks[other]]

    # A timer due for a game nobody used since the restart still runs: the computer bids.
    env.clock.advance(env.settings.bot_delay_s + 1)
    for outcome in await restarted.run_due_timers():
        await env.deliver(restarted, outcome)
    assert [(a.seat, a.text[:3]) for a in await restarted.store.actions(pks[BOT_GAME])] == [("p1", "bid")]
    assert loads[4:] == [pks[BOT_GAME]]
    untouched = {pks[c] for c in PEOPLE_GAMES} - {pks[cold], pks[other]}
    assert not untouched & set(restarted.tables.cached) and not untouched & set(loads)

    # Every game still plays after all: a reminder reaches each cold game in its turn.
    env.clock.advance(env.settings.reminder_after_s)
    reminded = {m.channel_id for o in await restarted.run_due_timers() for m in o.public}
    assert set(PEOPLE_GAMES) <= reminded
    assert await env.check_replays() == len(pks)


async def test_the_timer_loop_reads_the_due_timers_by_their_index(env, backend):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    if backend == "sqlite":
        # the timer loop's two queries, as the store sends them (bot/stores/queries.py)
        due = f"SELECT {TIMER_COLUMNS} FROM timers t WHERE t.due <= ? ORDER BY t.due, t.id"
        plan = await svc.store.fetch(f"EXPLAIN QUERY PLAN {due}", 1.0)
        assert any("timers_due" in str(row[-1]) for row in plan), plan
        plan = await svc.store.fetch("EXPLAIN QUERY PLAN SELECT MIN(due) FROM timers")
        assert any("timers_due" in str(row[-1]) for row in plan), plan
    else:
        found = await svc.store.fetch(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'timers_due' AND schemaname = current_schema()"
        )
        assert [row[0].split(" ON ")[-1].split(".")[-1] for row in found] == ["timers USING btree (due)"]
