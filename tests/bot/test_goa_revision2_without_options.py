"""A Goa game begun under rules revision 2 with no options, on SQLite and on PostgreSQL.

Before issue 26 a Goa table opened without variants was stored with options ``{}``: its state cache
says revision 2, but its log replays from ``rules.new(options)``, which now starts revision 3 (the
publisher's 1st-edition rulebook), so undo, the summary and exports would rebuild it under rules it
was not played by. Migration 17 writes ``revision: 2`` into such a game's options (as migration 7
wrote ``revision: 1``); a lobby, not yet begun, takes today's revision, and a game whose options
already name a revision keeps it. After the upgrade the log replays to the cached state and the
computer seats finish the game under revision 2. The ``env`` fixture checks on teardown that every
game in the database replays to its cached state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.stores import postgres as pgstore
from bot.stores import sqlite as sqlite_store
from engine import GAMES
from engine.goa import data
from engine.history import ReplayError, replay_log
from tests.bot import old_schema
from tests.bot.conftest import ANA, CHANNEL
from tests.bot.test_service_timers import run_timers

pytestmark = pytest.mark.both_backends

#: Made by the engine before revision 3 (``tests/goa/test_saves.py``): round 6, three computer seats.
SAVE = json.loads((Path(__file__).parents[1] / "goa" / "fixtures" / "midgame_revision2.json").read_text())
PLAYS: list[tuple[str, str]] = [(seat, text) for seat, text in SAVE["plays"]]
#: The schema before migration 17, found by what the migration writes (both lists agree).
OLD_SCHEMA = next(i for i, m in enumerate(sqlite_store.MIGRATIONS) if "'$.revision', 2" in m)
#: The running game begun with no options, a lobby with none, a game that names revision 1.
RUNNING, LOBBY, NAMED = 1, 2, 3


def test_both_stores_number_the_migration_alike():
    assert next(i for i, m in enumerate(pgstore.MIGRATIONS) if "'{revision}', '2'" in m) == OLD_SCHEMA


def test_without_its_revision_the_log_does_not_replay_under_todays_rules():
    """Why the migration is needed: the fixture's log, started as revision 3, goes wrong."""
    rules = GAMES["goa"]
    state = rules.new(list(SAVE["seats"]), SAVE["seed"])
    assert state.revision == data.CURRENT == 3
    with pytest.raises(ReplayError):
        for _ in replay_log(rules, state, PLAYS, checked=True):
            pass
    named = rules.new(list(SAVE["seats"]), SAVE["seed"], revision=2)
    *_, (last, _) = replay_log(rules, named, PLAYS, checked=True)
    assert rules.dump(last) == rules.dump(rules.load(SAVE["state"]))


def _statements(now: float) -> list[tuple[str, tuple[Any, ...]]]:
    games = (
        "INSERT INTO games (id, channel_id, game, options, seed, status, host_id, version, state, created, "
        "updated, reminder_s) VALUES (?, ?, 'goa', ?, ?, ?, ?, ?, ?, ?, ?, 3600)"
    )
    out: list[tuple[str, tuple[Any, ...]]] = [
        (games, (RUNNING, CHANNEL, "{}", SAVE["seed"], "active", ANA, len(PLAYS), json.dumps(SAVE["state"]), now, now)),
        (games, (LOBBY, CHANNEL + 1, "{}", 5, "lobby", ANA, 0, None, now, now)),
        (games, (NAMED, CHANNEL + 2, json.dumps({"revision": 1}), 5, "finished", ANA, 0, None, now, now)),
    ]  # fmt: skip
    for i, seat in enumerate(SAVE["seats"]):
        out.append(
            (
                "INSERT INTO seats (game_pk, seat, name, is_bot, bot_kind) VALUES (?, ?, ?, 1, 'heuristic')",
                (RUNNING, seat, f"Computer {i + 1}"),
            )
        )
    for n, (seat, text) in enumerate(PLAYS, start=1):
        out.append(
            (
                "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (?, ?, ?, ?, 'play', ?)",
                (RUNNING, n, seat, text, now),
            )
        )
    out.append(("INSERT INTO timers (game_pk, kind, due) VALUES (?, 'bot', ?)", (RUNNING, now)))
    return out


async def old_database(env: Any) -> None:
    """The database of the schema before migration 17 with the games above, on the test's backend."""
    await old_schema.old_database(env, OLD_SCHEMA, _statements(env.clock()))


async def test_the_upgrade_names_revision_2_and_the_computer_seats_finish_the_game(env):
    await old_database(env)
    svc = await env.service()
    assert (await svc.store.game(RUNNING)).options == {"revision": 2}
    assert (await svc.store.game(LOBBY)).options == {}  # not begun: today's revision
    assert (await svc.store.game(NAMED)).options == {"revision": 1}
    rules = GAMES["goa"]
    assert rules.dump(await svc.replay(RUNNING)) == rules.dump(rules.load(SAVE["state"]))
    for _ in range(3000):
        if (await svc.store.game(RUNNING)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    row = await svc.store.game(RUNNING)
    assert row.status == "finished" and row.version > len(PLAYS)
    state = json.loads(json.dumps(rules.dump(await svc.replay(RUNNING))))
    assert state["revision"] == 2 and state["phase"] == "over"
    cards = state["deck"] + state["discard"] + [c for p in state["players"] for c in p["hand"]]
    assert sorted(cards) == list(range(1, 31))  # revision 2's deck to the end
