"""A Cuba game begun before issue 26's corrections, in a database of schema 12 (the schema before
migration 13), on SQLite and on PostgreSQL.

``tests/cuba/fixtures/round5_before_issue26.json`` was made by the engine of the commit before the
corrections (the fixture's ``commit``): four heuristic computer players, seed 21, stopped in round
5 with p0's Foreman to play. In round 5 p1 built the Hotel for 2 wood and 2 stone holding no water,
as issue 14's reading allowed; the publisher's fuller rulebook prints "2 x wood, 2 x stone + 1 x
water", so that log no longer replays from the seed. Migration 13 records the game's cached state
and version as the base its log replays from (and moves on a base an earlier migration recorded):
after the upgrade the replay equals the cache and the game plays to the end under the corrected
rules. The ``env`` fixture checks on teardown that every game in the file replays to its cached
state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.stores import postgres as pgstore
from bot.stores import sqlite as sqlite_store
from bot.stores.rows import ReplayBase
from engine import GAMES
from tests.bot import old_schema
from tests.bot.conftest import ANA, CHANNEL
from tests.bot.test_service_timers import run_timers

pytestmark = pytest.mark.both_backends

SAVE = json.loads(
    (Path(__file__).parents[1] / "cuba" / "fixtures" / "round5_before_issue26.json").read_text(
        encoding="utf-8"
    )
)
PLAYS: list[tuple[str, str]] = [(seat, text) for seat, text in SAVE["plays"]]
#: The last schema before migration 13.
OLD_SCHEMA = 12
#: Game ids in the old database: the running game of the fixture (Ana in seat p0, to act); the same
#: game at another table whose base an earlier migration recorded after ``EARLY_PLAYS`` plays; and
#: a Cuba lobby (not begun: no base).
RUNNING, EARLY_BASE, LOBBY = 1, 2, 3
EARLY_PLAYS = 100
#: Where the log builds the Hotel without water (index into ``PLAYS``).
HOTEL_PLAY = PLAYS.index(("p1", "build hotel at 2 1"))


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replayed(plays: list[tuple[str, str]]) -> tuple[Any, int | None]:
    """The fixture's game after ``plays``, replayed by today's rules, and the index of the first
    play they refuse (None: all replay; the state is then the one before that play)."""
    rules = GAMES["cuba"]
    state = rules.new(SAVE["seats"], SAVE["seed"], **SAVE["options"])
    for k, (seat, text) in enumerate(plays):
        if seat not in rules.to_act(state):
            return state, k
        try:
            state, _ = rules.apply(state, seat, rules.parse(state, seat, text))
        except ValueError:
            return state, k
    return state, None


def state_after(plays: list[tuple[str, str]]) -> Any:
    """The fixture's game after ``plays``, replayed by today's rules (None when one is refused)."""
    state, refused = replayed(plays)
    return None if refused is not None else plain(GAMES["cuba"].dump(state))


def first_refused() -> int | None:
    """The index of the first play of the log today's rules refuse (None: all replay) — one
    replay of the log, not one per prefix."""
    return replayed(PLAYS)[1]


def _statements(now: float) -> list[tuple[str, tuple[Any, ...]]]:
    """The rows of the old database, as (SQL with ``?`` placeholders, values)."""
    version = len(PLAYS) + 1  # version 1 is the start; each play adds one
    out: list[tuple[str, tuple[Any, ...]]] = []
    for pk in (RUNNING, EARLY_BASE):
        out.append(
            (
                "INSERT INTO games (id, channel_id, game, options, seed, status, host_id, version, state, "
                "created, updated, reminder_s) VALUES (?, ?, 'cuba', ?, ?, 'active', ?, ?, ?, ?, ?, 3600)",
                (pk, CHANNEL + pk, json.dumps(SAVE["options"]), SAVE["seed"], ANA, version,
                 json.dumps(SAVE["state"]), now, now),
            )
        )  # fmt: skip
        for i, seat in enumerate(SAVE["seats"]):
            human = seat == "p0"
            out.append(
                (
                    "INSERT INTO seats (game_pk, seat, user_id, name, is_bot, bot_kind) VALUES (?, ?, ?, ?, ?, ?)",
                    (pk, seat, ANA if human else None, "Ana" if human else f"Computer {i}", int(not human),
                     None if human else "heuristic"),
                )
            )  # fmt: skip
        for n, (seat, text) in enumerate(PLAYS, start=1):
            out.append(
                (
                    "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (?, ?, ?, ?, 'play', ?)",
                    (pk, n, seat, text, now),
                )
            )
    early = state_after(PLAYS[:EARLY_PLAYS])
    out.append(
        (
            "INSERT INTO replay_bases (game_pk, version, state) VALUES (?, ?, ?)",
            (EARLY_BASE, EARLY_PLAYS + 1, json.dumps(early)),
        )
    )
    out.append(
        (
            "INSERT INTO games (id, channel_id, game, seed, status, host_id, created, updated, reminder_s) "
            "VALUES (?, ?, 'cuba', 9, 'lobby', ?, ?, ?, 3600)",
            (LOBBY, CHANNEL + LOBBY, ANA, now, now),
        )
    )
    out.append(("INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, 'p0', ?, 'Ana')", (LOBBY, ANA)))
    return out


async def old_database(env: Any) -> None:
    """The database of schema 12 with the games above, on the test's backend."""
    await old_schema.old_database(env, OLD_SCHEMA, _statements(env.clock()))


def test_the_log_builds_the_hotel_without_water_which_the_corrected_rules_refuse():
    assert SAVE["commit"] and state_after(PLAYS[:HOTEL_PLAY]) is not None
    before = state_after(PLAYS[:HOTEL_PLAY])
    assert before["players"]["p1"]["farm"]["water"] == 0 and before["step"] == "architect"
    assert first_refused() == HOTEL_PLAY
    assert ["hotel", 2, 1] in SAVE["state"]["players"]["p1"]["buildings"]


async def test_the_upgrade_moves_every_begun_games_base_to_its_state(env):
    await old_database(env)
    svc = await env.service()
    latest = pgstore.SCHEMA_VERSION if env.database.backend == "postgresql" else sqlite_store.SCHEMA_VERSION
    assert OLD_SCHEMA < 13 <= await svc.store.schema_version() == latest  # migration 13 and all after it ran
    rules = GAMES["cuba"]
    for pk in (RUNNING, EARLY_BASE):
        version, state_json = await svc.store.state(pk)
        assert version == len(PLAYS) + 1 and json.loads(state_json) == SAVE["state"]
        # the base is the game as it stood at the upgrade (the early one moved on to it)
        assert await svc.store.replay_base(pk) == ReplayBase(version, state_json)
        assert plain(rules.dump(await svc.replay(pk))) == SAVE["state"]
    assert await svc.store.replay_base(LOBBY) is None  # not begun: today's rules from its seed


async def test_the_game_plays_to_the_end_under_the_corrected_rules(env):
    await old_database(env)
    svc = await env.service()
    rules = GAMES["cuba"]
    channel = CHANNEL + RUNNING
    base_version, base_json = await svc.store.state(RUNNING)
    assert "p0" in rules.to_act(rules.load(json.loads(base_json)))

    # Ana's move is taken by the corrected rules; then the computer players finish the game
    state = rules.load(json.loads(base_json))
    move = str(rules.legal(state, "p0")[0])
    assert (await svc.act(channel, ANA, move)).ok
    assert (await svc.leave(channel, ANA)).ok
    for _ in range(3000):
        if (await svc.store.game(RUNNING)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    assert (await svc.store.game(RUNNING)).status == "finished"
    final = await svc.replay(RUNNING)  # from the base: the log before it is never replayed again
    result = rules.result(final)
    assert result is not None and final["round"] == 6 and final["phase"] == "over"
    assert json.loads(await svc.store.result(RUNNING)) == plain(result.to_dict())
    # the Hotel built before keeps what it cost, and scores its 2 VP at the end as every building
    assert ["hotel", 2, 1] in final["players"]["p1"]["buildings"]
    before = json.loads(base_json)["players"]
    for seat, player in final["players"].items():  # nothing built or scored before is lost
        assert len(player["buildings"]) >= len(before[seat]["buildings"])
        assert result.scores[seat] >= before[seat]["vp"] + 2 * len(before[seat]["buildings"])
    assert (await svc.store.game(RUNNING)).version > base_version + 1
