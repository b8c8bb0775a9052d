"""Goa games begun under older rules revisions finish and replay as they began.

A game begun before rules revision 2, in a database of the schema before migration 7: the
migration gives it revision 1, the service plays it to the end with its computer seats, and
(checked by the ``env`` fixture on teardown) its log still replays to the cached state. A game
stored under revision 2 (before the 1st-edition rules of revision 3) whose options name its
revision does the same under revision 2. (A game begun with no options gets ``revision: 2``
from migration 17, as migration 7 gave ``revision: 1``: ``test_goa_revision2_without_options.py``.)"""

from __future__ import annotations

import json
from pathlib import Path

from bot.stores.sqlite import MIGRATIONS
from engine import GAMES
from engine.goa import data
from tests.bot import old_schema
from tests.bot.conftest import ANA, CHANNEL
from tests.bot.test_service_timers import run_timers

FIXTURES = Path(__file__).parents[1] / "goa" / "fixtures"
SAVE = json.loads((FIXTURES / "midgame_before_issue14.json").read_text())
#: Made by the engine before revision 3 (``tests/goa/test_saves.py``).
SAVE_2 = json.loads((FIXTURES / "midgame_revision2.json").read_text())
#: The last schema before Goa's revision 2.
OLD_SCHEMA = 6


def _rows(save: dict, games: list[tuple], now: float) -> old_schema.Rows:
    """``games`` (id, channel, options, seed, status, version, state) and the running game 1's
    three computer seats, its log and its computer's timer."""
    rows: old_schema.Rows = [
        (
            "INSERT INTO games (id, channel_id, game, options, seed, status, host_id, version, state, created, "
            "updated, reminder_s) VALUES (?, ?, 'goa', ?, ?, ?, ?, ?, ?, ?, ?, 3600)",
            (pk, channel, options, seed, status, ANA, version, state, now, now),
        )
        for pk, channel, options, seed, status, version, state in games
    ]
    for i, seat in enumerate(save["seats"]):
        rows.append(
            (
                "INSERT INTO seats (game_pk, seat, name, is_bot, bot_kind) VALUES (1, ?, ?, 1, 'heuristic')",
                (seat, f"Computer {i + 1}"),
            )
        )
    for n, (seat, text) in enumerate(save["plays"], start=1):
        rows.append(
            (
                "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (1, ?, ?, ?, 'play', ?)",
                (n, seat, text, now),
            )
        )
    rows.append(("INSERT INTO timers (game_pk, kind, due) VALUES (1, 'bot', ?)", (now,)))
    return rows


def _old_database(path: str, now: float) -> None:
    """The fixture's game as a bot of schema 6 stored it: three computer seats, a Goa lobby
    and a finished Goa game beside it."""
    state = json.dumps(SAVE["state"])
    games = [
        (1, CHANNEL, "{}", SAVE["seed"], "active", len(SAVE["plays"]), state),
        (2, CHANNEL + 1, "{}", 5, "lobby", 0, None),
        (3, CHANNEL + 2, "{}", 5, "finished", 0, None),
    ]
    old_schema.sqlite_database(path, OLD_SCHEMA, _rows(SAVE, games, now))


async def test_an_old_goa_game_keeps_revision_1_and_is_finished_by_its_computer_seats(env):
    _old_database(env.path, env.clock())
    svc = await env.service()
    assert (await svc.store.game(1)).options == {"revision": 1}
    assert (await svc.store.game(2)).options == {}  # not begun: today's revision
    assert (await svc.store.game(3)).options == {"revision": 1}
    for _ in range(3000):
        if (await svc.store.game(1)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    row = await svc.store.game(1)
    assert row.status == "finished" and row.version > len(SAVE["plays"])
    assert (await svc.store.state(1))[1] is None  # a finished game keeps no state cache
    state = json.loads(json.dumps(GAMES["goa"].dump(await svc.replay(1))))  # its log replayed
    assert state["revision"] == 1 and state["phase"] == "over"
    assert "Final scores" in env.gateway.public[-1][1].text


def _revision_2_database(path: str, now: float) -> None:
    """The revision-2 fixture's game in today's schema, its options ``{"revision": 2}``, three
    computer seats."""
    game = (1, CHANNEL, json.dumps(SAVE_2["options"]), SAVE_2["seed"], "active", len(SAVE_2["plays"]),
            json.dumps(SAVE_2["state"]))  # fmt: skip
    old_schema.sqlite_database(path, len(MIGRATIONS), _rows(SAVE_2, [game], now))


async def test_a_goa_game_stored_under_revision_2_keeps_it_and_is_finished_by_its_computer_seats(env):
    _revision_2_database(env.path, env.clock())
    svc = await env.service()
    assert (await svc.store.game(1)).options == {"revision": 2}
    replayed = GAMES["goa"].dump(await svc.replay(1))  # the log replays to the stored state
    assert replayed == GAMES["goa"].dump(GAMES["goa"].load(SAVE_2["state"]))
    for _ in range(3000):
        if (await svc.store.game(1)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    row = await svc.store.game(1)
    assert row.status == "finished" and row.version > len(SAVE_2["plays"])
    state = json.loads(json.dumps(GAMES["goa"].dump(await svc.replay(1))))
    assert state["revision"] == 2 and state["phase"] == "over"
    # revision 2's deck (cards 1-30) and B tiles (b1-b27) to the end
    cards = state["deck"] + state["discard"] + [c for p in state["players"] for c in p["hand"]]
    assert sorted(cards) == list(range(1, 31))
    assert {t for t in state["grid"] if t} <= set(data.B_TILE_IDS_REVISION_2)
    assert "Final scores" in env.gateway.public[-1][1].text
