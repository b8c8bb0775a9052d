"""Flat memory: a closed game leaves nothing behind in the service's per-game maps, and the
board's change marks keep at most one public view per seat — the view at its last look — while
marking exactly what a replay of the log says changed."""

from __future__ import annotations

import json
import random

import pytest

from bot import heap
from bot.service import catchup
from bot.service.presenter import EDITS_KEPT_AFTER_CLOSE_S
from bot.service.replays import effective_plays
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL

PEOPLE = [ANA, BO, CY]


async def play(env, svc, channel: int, rng: random.Random, moves: int | None) -> int:
    """Random legal moves by the seats to act (every outcome delivered), ``moves`` of them or
    (None) to the end; the game's pk."""
    pk = svc.tables.channel_games[channel]
    made = 0
    while moves is None or made < moves:
        table = svc.tables.cached.get(pk)
        if table is None or table.row.status != "active":
            break
        seat = table.rules.to_act(table.state)[0]
        action = rng.choice(table.rules.legal(table.state, seat))
        outcome = await env.deliver(svc, await svc.act(channel, table.seat(seat).user_id, str(action)))
        assert outcome.ok, outcome.ephemeral
        made += 1
    return pk


async def test_games_played_and_closed_leave_no_entry_in_any_per_game_map(env):
    svc = await env.service()
    rng = random.Random(5)
    closed = []
    for channel in range(900, 912):
        await env.deliver(svc, await seated(env, svc, PEOPLE, channel=channel, options={"rounds": 2}))
        if channel % 3 == 0:  # played to the end
            pk = await play(env, svc, channel, rng, None)
        else:  # a few moves, a look at My hand and My turn, then abandoned by the host
            pk = await play(env, svc, channel, rng, 3)
            await env.deliver(svc, await svc.hand(channel, BO))
            await env.deliver(svc, await svc.turn_panel(BO, game_pk=pk))
            assert (await env.deliver(svc, await svc.abandon(channel, ANA))).ok
        assert (await svc.store.game(pk)).status in ("finished", "abandoned")
        closed.append(pk)
    # a lobby that expires, and one abandoned before it starts
    await seated(env, svc, [ANA, BO], channel=950, start=False)
    await seated(env, svc, [ANA, BO], channel=951, start=False)
    assert (await env.deliver(svc, await svc.abandon(951, ANA))).ok
    # a game still running keeps its entries (one per map at most)
    await env.deliver(svc, await seated(env, svc, PEOPLE, channel=960))
    running = await play(env, svc, 960, rng, 4)

    env.clock.advance(env.settings.lobby_expiry_s + 1)
    for outcome in await svc.run_due_timers():  # the lobby expires; reminders of game 960
        await env.deliver(svc, outcome)
    assert (await svc.store.open_game(950)) is None
    env.clock.advance(EDITS_KEPT_AFTER_CLOSE_S + 1)
    await svc.run_due_timers()  # the timer loop's next round forgets the closed games' edits

    kept = svc.kept_per_game()
    assert kept == {
        "tables.cached": 1,
        "tables.channel_games": 1,
        "tables.locks": 0,  # no command in flight
        "tables.notices": 0,
        "presenter.views": 1,
        "presenter.seat_views": 1,
        "presenter.edited": 1,
        "timers.calls": kept["timers.calls"],  # 0 or 1: whether the reminder called somebody
    }
    assert kept["timers.calls"] <= 1
    assert list(svc.tables.cached) == [running] and svc.presenter.seat_views_kept() == [running]
    assert not set(closed) & set(svc.presenter.edited)

    assert (await env.deliver(svc, await svc.abandon(960, ANA))).ok
    env.clock.advance(EDITS_KEPT_AFTER_CLOSE_S + 1)
    await svc.run_due_timers()
    assert set(svc.kept_per_game().values()) == {0}


async def test_the_change_marks_keep_one_view_per_seat_and_mark_what_the_log_says(env, monkeypatch):
    replays = []
    real_replay = catchup.replay_state

    def counted(*args, **kwargs):
        replays.append(args)
        return real_replay(*args, **kwargs)

    monkeypatch.setattr(catchup, "replay_state", counted)
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, PEOPLE, options={"rounds": 5}))
    rng = random.Random(11)
    channel, pk = CHANNEL, svc.tables.channel_games[CHANNEL]
    rules = GAMES["tiny"]
    marked = 0
    for step in range(60):
        table = svc.tables.cached[pk]
        if marked >= 15 and catchup.since_look(table, await svc.store.last_acts(pk)) is not None:
            break  # the game goes on, with marks to draw
        drawn = len(env.renderer.calls)
        seat = rules.to_act(table.state)[0]
        if step % 7 == 3:  # now and then a player looks at My hand (a private look)
            await env.deliver(svc, await svc.hand(channel, table.seat(seat).user_id))
        action = rng.choice(rules.legal(table.state, seat))
        await env.deliver(svc, await svc.act(channel, table.seat(seat).user_id, str(action)))
        if svc.tables.cached.get(pk) is not None:
            assert svc.presenter.views.count() <= len(PEOPLE)  # at most one view per seat
        for _game, view in env.renderer.calls[drawn:]:
            if "since" not in view:
                continue
            # The marks start from the public view at the earliest last look of the people to
            # act: exactly the view a replay of the log gives at that version.
            after = svc.tables.cached.get(pk) or table
            since = catchup.since_look(after, await svc.store.last_acts(pk))
            assert since is not None
            rows = [a for a in await svc.store.actions(pk) if a.n < since[0]]
            state = real_replay(rules, after.row, [s.seat for s in after.seats], effective_plays(rows), None)
            assert view["since"] == json.loads(json.dumps(rules.view(state, None)))
            marked += 1
    assert marked >= 15
    assert replays == []  # every view the marks started from was kept, none replayed

    # After a restart nothing is kept: the marks replay the log, once, and keep what they read.
    again = await env.service()
    table = await again.tables.open(channel)
    assert table is not None and table.row.status == "active"
    drawn = len(env.renderer.calls)
    await again.board(channel, ANA)
    (_game, view), *_ = env.renderer.calls[drawn:]
    since = catchup.since_look(table, await again.store.last_acts(pk))
    assert since is not None and "since" in view
    assert len(replays) == 1 and again.presenter.views.count() == 1
    rows = [a for a in await again.store.actions(pk) if a.n < since[0]]
    state = real_replay(rules, table.row, [s.seat for s in table.seats], effective_plays(rows), None)
    assert view["since"] == json.loads(json.dumps(rules.view(state, None)))


async def test_the_hourly_sweep_gives_the_allocators_free_pages_back(env, monkeypatch):
    """Freed is not given back: glibc keeps a closed game's freed pages in its arenas until
    ``malloc_trim`` — which the hourly sweep calls (bot/heap.py), once per sweep."""
    assert heap.give_back() is True  # this is glibc (Linux): the trim is there and runs
    trims: list[int] = []
    monkeypatch.setattr(heap, "give_back", lambda: trims.append(1) or True)
    svc = await env.service()
    await svc.upkeep()  # the first round sweeps
    await svc.upkeep()  # within the hour: no sweep, no trim
    assert len(trims) == 1
    env.clock.now += 3601
    await svc.upkeep()
    assert len(trims) == 2


async def test_the_end_of_game_summary_reads_each_state_as_the_replay_makes_it(env, monkeypatch):
    """A finished game's summary replays the whole game; the states reach the summary one at a
    time, each made only when the summary asks for it — never the whole game's states at once
    (the largest allocation of a bot's life before: bench/memory.py)."""
    rules = GAMES["tiny"]
    made = [0]  # the states the replay has made so far (one per play applied)
    apply = rules.apply

    def counted_apply(state, seat, action):
        made[0] += 1
        return apply(state, seat, action)

    read: list[tuple[int, int]] = []  # per state the summary reads: (its place, states made by then)

    def summary(game, states, names, bots, lang, hints=None):
        made[0] = 0  # from here on the replay's own applies
        for place, _state in enumerate(states):
            read.append((place, made[0]))
        return b"summary"

    svc = await env.service()
    svc.summary_renderer = summary
    await env.deliver(svc, await seated(env, svc, PEOPLE, channel=990, options={"rounds": 2}))
    monkeypatch.setattr(rules, "apply", counted_apply)
    pk = await play(env, svc, 990, random.Random(3), None)
    assert (await svc.store.game(pk)).status == "finished"
    plays = effective_plays(await svc.store.actions(pk))
    assert len(read) == len(plays) + 1  # the set-up, then the state after every play
    # the n-th state read had been made just then: the replay never ran ahead of the summary
    assert read == [(place, place) for place in range(len(read))]
