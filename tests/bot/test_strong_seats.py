"""The strong computer level in the bot: seating it, the table's take-over level, hints (own seat,
only when to act, only when the table allows, counted), and a restart in the middle of a search.
Searches run with 8 playouts (``conftest``) in the test's own thread unless a test says otherwise."""

from __future__ import annotations

import asyncio

from bot.adapter.delivery import run_timers as run_loop
from bot.render_pool import RenderPool
from bot.service.outcome import parse_custom_id
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated
from tests.bot.test_service_timers import run_timers
from tests.waiting import HANG_GUARD_S


async def table(env, svc, game: str = "cuba", bots: int = 1):
    await seated(env, svc, [ANA, BO], bots=bots, game=game, level="strong")
    pk = (await svc.store.open_game(CHANNEL)).id
    return pk


async def play_humans_until_bot(env, svc, pk: int) -> None:
    """Humans play their first legal move until the computer seat is to act."""
    users = {"p0": ANA, "p1": BO}
    for _ in range(200):
        loaded = await svc.tables.open(None, pk)
        to_act = loaded.rules.to_act(loaded.state)
        if any(loaded.seat(s).is_bot for s in to_act):
            return
        seat = to_act[0]
        legal = loaded.rules.legal(loaded.state, seat)
        assert (await svc.act(CHANNEL, users[seat], str(legal[0]))).ok
    raise AssertionError("the computer seat never came to act")


async def bot_moves(svc, pk: int) -> list:
    return [a for a in await svc.store.actions(pk) if a.kind == "play" and a.seat == "p2"]


async def test_a_strong_computer_seat_is_seated_and_moves_by_its_timer(env):
    svc = await env.service()
    pk = await table(env, svc)
    assert [s.bot_kind for s in await svc.store.seats(pk) if s.is_bot] == ["strong"]
    await play_humans_until_bot(env, svc, pk)
    before = len(await bot_moves(svc, pk))
    env.clock.advance(svc.config.bot_delay_s)
    await run_timers(env, svc)
    assert len(await bot_moves(svc, pk)) > before


async def test_the_take_over_level_is_a_host_setting(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY], game="cuba")
    pk = (await svc.store.open_game(CHANNEL)).id
    assert not (await svc.settings(CHANNEL, BO, takeover="strong")).ok  # host only
    refused = await svc.settings(CHANNEL, ANA, takeover="genius")
    assert not refused.ok and "genius" in refused.ephemeral
    assert await svc.store.table_play(pk) == ("heuristic", True)
    done = await svc.settings(CHANNEL, ANA, takeover="strong")
    assert done.ok and t("settings_play", kind=t("kind_strong"), hints=t("hints_allowed")) in done.ephemeral
    assert (await svc.leave(CHANNEL, CY)).ok  # a player leaves a running game
    assert {s.seat: s.bot_kind for s in await svc.store.seats(pk)}["p2"] == "strong"


async def test_hints_own_seat_only_when_to_act_only_when_allowed_and_counted(env):
    svc = await env.service()
    pk = await table(env, svc, bots=0)
    loaded = await svc.tables.open(None, pk)
    rules = loaded.rules
    acting = rules.to_act(loaded.state)[0]
    users = {"p0": ANA, "p1": BO}
    waiting = {"p0": BO, "p1": ANA}[acting] if len(rules.to_act(loaded.state)) == 1 else None
    if waiting is not None:
        refused = await svc.hint(CHANNEL, waiting)
        assert not refused.ok and await svc.store.hints_used(pk) == {}
    assert not (await svc.hint(CHANNEL, CY)).ok  # not seated
    board = (await svc.board(CHANNEL, ANA)).public[0]
    verbs = [parse_custom_id(c.custom_id).verb for c in board.choices]
    assert "q" in verbs and verbs.index("q") == verbs.index("t") + 1  # "?" right after My turn
    answer = await svc.hint(CHANNEL, users[acting], locale="nl")
    assert (
        answer.ok
        and answer.public == []
        and answer.ephemeral.startswith(t("hint_header", "nl", title="Cuba")[:20])
    )
    legal_labels = {
        rules.label(loaded.state, acting, a, "nl", loaded.names) for a in rules.legal(loaded.state, acting)
    }
    shown = [line.split(" — ")[0].split(". ", 1)[1] for line in answer.ephemeral.splitlines()[1:]]
    assert shown and set(shown) <= legal_labels  # moves of the caller's own seat
    assert await svc.store.hints_used(pk) == {acting: 1}
    # the "?" button beside My turn, for the one to act, counts the same
    board = (await svc.board(CHANNEL, ANA)).public[0]
    hint_button = next(c for c in board.choices if parse_custom_id(c.custom_id).verb == "q")
    assert (await svc.press(hint_button.custom_id, users[acting], CHANNEL)).ok
    assert await svc.store.hints_used(pk) == {acting: 2}
    # the host turns hints off: refused, and the button is gone
    assert (await svc.settings(CHANNEL, ANA, hints=False)).ok
    off = await svc.hint(CHANNEL, users[acting])
    assert not off.ok and off.ephemeral == t("hints_off", "nl")  # the language the caller used
    board = (await svc.board(CHANNEL, ANA)).public[0]
    assert all(parse_custom_id(c.custom_id).verb != "q" for c in board.choices)
    assert await svc.store.hints_used(pk) == {acting: 2}


class StuckPool:
    """A worker pool whose searches wait until released (a search in progress)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = asyncio.Event()
        self.calls = 0

    async def run(self, fn, *args):
        self.calls += 1
        self.started.set()
        await self.release.wait()
        return fn(*args)

    def close(self) -> None:
        return None


async def test_a_restart_in_the_middle_of_a_search_neither_loses_nor_doubles_the_move(env):
    first = await env.service(search_pool=StuckPool())
    pk = await table(env, first)
    await play_humans_until_bot(env, first, pk)
    moved = len(await bot_moves(first, pk))
    env.clock.advance(first.config.bot_delay_s)
    search = asyncio.create_task(first.run_due_timers())
    await asyncio.wait_for(first.search_pool.started.wait(), HANG_GUARD_S)
    # claimed: it stays, marked, until the move is stored
    assert [tm.claimed is not None for tm in await first.store.timers(pk) if tm.kind == "bot"] == [True]
    # the process dies mid-search; a new one starts, re-arms the move and plays it once
    search.cancel()
    second = await env.service()
    await second.warm()
    env.clock.advance(second.config.bot_delay_s)
    await run_timers(env, second)
    after = await bot_moves(second, pk)
    assert len(after) == moved + 1
    # a search still running elsewhere when the move was made is not applied over it: that
    # process sees the game moved on and searches again (or finds nothing to do)
    other = await env.service(search_pool=StuckPool())
    await play_humans_until_bot(env, other, pk)
    count = len(await other.store.actions(pk))
    env.clock.advance(other.config.bot_delay_s)
    late = asyncio.create_task(other.run_due_timers())
    await asyncio.wait_for(other.search_pool.started.wait(), HANG_GUARD_S)
    await second.warm()
    env.clock.advance(second.config.bot_delay_s)
    await run_timers(env, second)  # the other process claimed the timer: the restarted one moves
    assert len(await second.store.actions(pk)) == count + 1
    other.search_pool.release.set()
    outcomes = await asyncio.wait_for(late, HANG_GUARD_S)
    moved_late = [o for o in outcomes if o.public]
    assert len(await second.store.actions(pk)) == count + 1 + len(moved_late)
    assert len(moved_late) <= other.search_pool.calls - 1  # a late move only after a new search


async def test_a_search_in_one_game_does_not_hold_up_another_games_computer_move(env):
    svc = await env.service(search_pool=StuckPool())
    pk = await table(env, svc)
    await play_humans_until_bot(env, svc, pk)
    other_channel = CHANNEL + 1
    await seated(env, svc, [CY], bots=1, channel=other_channel)  # the tiny game, a random seat
    other = (await svc.store.open_game(other_channel)).id
    env.clock.advance(svc.config.bot_delay_s)
    stop = asyncio.Event()
    loop = asyncio.create_task(run_loop(svc, env.gateway, interval=0.01, stop=stop))
    await asyncio.wait_for(svc.search_pool.started.wait(), HANG_GUARD_S)  # the strong seat is searching…
    for _ in range(500):  # …while the other game's computer seat moves
        if any(a.seat == "p1" for a in await svc.store.actions(other)):
            break
        await asyncio.sleep(0.01)
    assert any(a.seat == "p1" for a in await svc.store.actions(other))
    assert not svc.search_pool.release.is_set()  # the search had not finished
    svc.search_pool.release.set()
    stop.set()
    await asyncio.wait_for(loop, HANG_GUARD_S)


def test_searches_run_in_a_worker_process():
    import os

    pool = RenderPool(1, warm=False)  # the bot's search pool: SEARCH_WORKERS processes
    try:
        pid = asyncio.run(pool.run(os.getpid))
    finally:
        pool.close()
    assert pid != os.getpid()


async def test_no_hint_for_a_game_without_a_strong_player(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])  # the tiny test game
    refused = await svc.hint(CHANNEL, ANA)
    assert not refused.ok and refused.ephemeral == t("hints_unavailable", title="Tiny Test Game")
    board = (await svc.board(CHANNEL, ANA)).public[0]
    assert all(parse_custom_id(c.custom_id).verb != "q" for c in board.choices)


async def test_a_strong_seat_counts_the_screens_from_the_games_log(env):
    """The bot hands the strong player the seat's public record, rebuilt from the stored log: in
    Santiago de Cuba its ledger is every screen of the table's real state."""
    from engine.santiago import ledger

    svc = await env.service()
    pk = await table(env, svc, game="santiago")
    users = {"p0": ANA, "p1": BO}
    for _ in range(30):  # a few turns of the humans (the computer seat moves by its timer)
        loaded = await svc.tables.open(None, pk)
        seat = loaded.rules.to_act(loaded.state)[0]
        if loaded.seat(seat).is_bot:
            env.clock.advance(svc.config.bot_delay_s)
            await run_timers(env, svc)
            continue
        legal = loaded.rules.legal(loaded.state, seat)
        assert (await svc.act(CHANNEL, users[seat], str(legal[-1]))).ok
    loaded = await svc.tables.open(None, pk)
    record = await svc.computer.record(loaded, "p2")
    assert record is not None and len(record.events) > 30
    counted = ledger.track(record)
    for seat, p in loaded.state["players"].items():
        assert counted["players"][seat] == {"pesos": p["pesos"], "vp": p["vp"], "goods": p["goods"]}
    assert counted["supply"] == loaded.state["supply"]
