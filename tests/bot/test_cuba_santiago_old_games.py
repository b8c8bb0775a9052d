"""Cuba and Santiago games begun before issue 14's corrections, in a database of the schema before
migration 9 (replay bases), as a bot of that schema stored them with the engine of commit bb41e3a.

Santiago's logs do not replay under today's rules (they rely on automatic passes in a delivery
round), so migration 9 records each game's cached state and version as the base its log replays
from (and migration 13 moves it on). Cuba's log built the Hotel with water: it did not replay under
issue 14's Hotel of 2 wood and 2 stone, and replays again since issue 26 restored the printed
"+ 1 x water"; its base is kept all the same. After the upgrade the replay equals the cache, a new move
can be undone, a play from before the upgrade cannot (one sentence, nothing changes), the game plays
to the end with computer players and its summary picture is drawn from the base on, and the export
replays (``engine.history`` and ``tradewinds replay``). The ``env`` fixture checks on teardown that
every game in the file replays to its cached state."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from bot.ops.cli import replay_file
from bot.service.records import default_summary_renderer
from bot.stores.rows import ReplayBase
from bot.stores.sqlite import MIGRATIONS, _statements
from bot.texts import t
from engine import GAMES, history
from engine.core import undoable
from engine.i18n import LANGUAGES
from tests.bot.conftest import ANA, CHANNEL
from tests.bot.test_service_timers import run_timers

FIXTURES = Path(__file__).parents[1]
CUBA = json.loads((FIXTURES / "cuba" / "fixtures" / "midgame_round4_with_log.json").read_text())
SANTIAGO = json.loads((FIXTURES / "santiago" / "fixtures" / "midgame_schema1.json").read_text())
FINISHED = json.loads((FIXTURES / "santiago" / "fixtures" / "finished_schema1.json").read_text())
GOA = json.loads((FIXTURES / "goa" / "fixtures" / "midgame_before_issue14.json").read_text())
#: The last schema before the replay bases.
OLD_SCHEMA = 8
#: Game ids in the old database: a running Cuba game, a running Santiago game, a Santiago game
#: finished before the upgrade (Ana and computer players in each), a Cuba lobby and a running Goa
#: game of computer players (which keeps its own revision option instead).
RUNNING_CUBA, RUNNING_SANTIAGO, FINISHED_SANTIAGO, CUBA_LOBBY, RUNNING_GOA = 1, 2, 3, 4, 5
#: Ana's seat: in Cuba the one to act, in Santiago one whose turn comes after two computer seats.
ANA_SEAT = {RUNNING_CUBA: "p0", RUNNING_SANTIAGO: "p2", FINISHED_SANTIAGO: "p0"}


def _plays(save: dict[str, Any]) -> list[tuple[str, str]]:
    return [
        (p[0], p[1]) if isinstance(p, list) else (p["seat"], p["action"])
        for p in save.get("plays") or save["actions"]
    ]


def _old_database(path: str, now: float) -> None:
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:OLD_SCHEMA]:
        for statement in _statements(script):
            con.execute(statement)
    con.execute(f"PRAGMA user_version = {OLD_SCHEMA}")
    games = [
        (RUNNING_CUBA, CUBA, "active"),
        (RUNNING_SANTIAGO, SANTIAGO, "active"),
        (FINISHED_SANTIAGO, FINISHED, "finished"),
        (RUNNING_GOA, {**GOA, "options": {"revision": 1}}, "active"),  # migration 7 ran on it
    ]
    for pk, save, status in games:
        plays = _plays(save)
        result = json.dumps(save["result"]) if "result" in save else None
        con.execute(
            "INSERT INTO games (id, channel_id, game, options, seed, status, host_id, version, state, "
            "created, updated, reminder_s, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 3600, ?)",
            (
                pk, CHANNEL + pk, save["game"], json.dumps(save["options"]), save["seed"], status, ANA,
                len(plays) + 1, json.dumps(save["state"]), now, now, result,
            ),
        )  # fmt: skip
        for i, seat in enumerate(save["seats"]):
            human = seat == ANA_SEAT.get(pk)
            con.execute(
                "INSERT INTO seats (game_pk, seat, user_id, name, is_bot, bot_kind) VALUES (?, ?, ?, ?, ?, ?)",
                (pk, seat, ANA if human else None, "Ana" if human else f"Computer {i}", int(not human),
                 None if human else "heuristic"),
            )  # fmt: skip
        con.executemany(
            "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (?, ?, ?, ?, 'play', ?)",
            [(pk, n, seat, text, now) for n, (seat, text) in enumerate(plays, start=1)],
        )
        rules = GAMES[save["game"]]
        if (
            pk in ANA_SEAT
            and status == "active"
            and ANA_SEAT[pk] not in rules.to_act(rules.load(save["state"]))
        ):
            con.execute("INSERT INTO timers (game_pk, kind, due) VALUES (?, 'bot', ?)", (pk, now))
    con.execute(
        "INSERT INTO games (id, channel_id, game, seed, status, host_id, created, updated, reminder_s) "
        "VALUES (?, ?, 'cuba', 9, 'lobby', ?, ?, ?, 3600)",
        (CUBA_LOBBY, CHANNEL + CUBA_LOBBY, ANA, now, now),
    )
    con.execute(
        "INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, 'p0', ?, 'Ana')", (CUBA_LOBBY, ANA)
    )
    con.commit()
    con.close()


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def loaded(game: str, state_json: str) -> Any:
    """A stored state as the engine loads it (Santiago's schema 1 brought up to schema 2)."""
    rules = GAMES[game]
    return plain(rules.dump(rules.load(json.loads(state_json))))


def from_the_seed(save: dict[str, Any]) -> Any:
    """The saved log replayed from the seed under today's rules: None where a play is refused."""
    rules = GAMES[save["game"]]
    state = rules.new(save["seats"], save["seed"], **save["options"])
    for seat, text in _plays(save):
        if seat not in rules.to_act(state):
            return None
        try:
            state, _ = rules.apply(state, seat, rules.parse(state, seat, text))
        except ValueError:
            return None
    return plain(rules.dump(state))


async def test_the_upgrade_gives_every_begun_cuba_and_santiago_game_a_base_its_log_replays_from(env):
    _old_database(env.path, env.clock())
    svc = await env.service()
    for pk, save in ((RUNNING_CUBA, CUBA), (RUNNING_SANTIAGO, SANTIAGO), (FINISHED_SANTIAGO, FINISHED)):
        version, state_json = await svc.store.state(pk)
        cached = loaded(save["game"], state_json)
        if save["game"] == "cuba":  # the Hotel costs water again (issue 26): the log leads there again
            assert from_the_seed(save) == cached
        else:  # the old log no longer leads there from the seed
            assert from_the_seed(save) != cached
        assert plain(GAMES[save["game"]].dump(await svc.replay(pk))) == cached
        assert await svc.store.replay_base(pk) == ReplayBase(version, state_json)
    assert await svc.store.replay_base(CUBA_LOBBY) is None  # not begun: today's rules from its seed
    assert await svc.store.replay_base(RUNNING_GOA) is None  # Goa's old games keep revision 1


class RecordingSummary:
    """The real summary picture, remembering the states it was drawn from."""

    def __init__(self) -> None:
        self.states: list[Any] = []

    def __call__(
        self, game: str, states: Iterable[Any], names: dict, bots: list, lang: str, hints: dict | None = None
    ) -> bytes:
        self.states = list(states)  # they come one at a time, as the replay makes them
        return default_summary_renderer(game, self.states, names, bots, lang, hints)


def a_move_to_undo(rules: Any, state: Any, seat: str) -> str:
    """A legal move of ``seat`` after which it is still to act and that may be undone."""
    for action in rules.legal(state, seat):
        after, events = rules.apply(state, seat, action)
        if seat in rules.to_act(after) and undoable(events):
            return str(action)
    raise AssertionError(f"{seat} has no move it could undo")


@pytest.mark.parametrize("pk", [RUNNING_CUBA, RUNNING_SANTIAGO])
async def test_an_old_game_refuses_undo_past_its_base_undoes_a_new_move_plays_to_the_end_and_exports(
    env, tmp_path, pk
):
    _old_database(env.path, env.clock())
    svc = await env.service()
    svc.summary_renderer = summary = RecordingSummary()
    row = await svc.store.game(pk)
    rules, channel, seat = GAMES[row.game], row.channel_id, ANA_SEAT[pk]
    base_version, base_json = await svc.store.state(pk)
    base = loaded(row.game, base_json)

    # the last play was made under the old rules: undoing it is refused and changes nothing
    log = await svc.store.actions(pk)
    for lang in LANGUAGES:
        refused = await svc.undo(channel, ANA, locale=lang)
        assert not refused.ok and refused.ephemeral == t("undo_before_base", lang) and not refused.public
    assert await svc.store.state(pk) == (base_version, base_json) and await svc.store.actions(pk) == log

    # a new move is undone as ever (Santiago: once the computer seats before Ana have played)
    for _ in range(20):
        if seat in rules.to_act(rules.load(json.loads((await svc.store.state(pk))[1]))):
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    version, before_json = await svc.store.state(pk)
    before = loaded(row.game, before_json)
    move = a_move_to_undo(rules, rules.load(before), seat)
    assert (await svc.act(channel, ANA, move)).ok
    assert (await svc.undo(channel, ANA)).ok
    assert (await svc.store.state(pk))[0] == version + 2
    assert json.loads((await svc.store.state(pk))[1]) == before

    # to the end with computer players, the summary drawn from the base on
    assert (await svc.leave(channel, ANA)).ok
    for _ in range(3000):
        if (await svc.store.game(pk)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    assert (await svc.store.game(pk)).status == "finished"
    # A finished game keeps no state cache: its final state is its log replayed from the base.
    final_json = json.dumps(plain(rules.dump(await svc.replay(pk))))
    final = [m for _, m in env.gateway.public if m.channel_id == channel and m.attachments]
    assert "Final scores" in final[-1].text and [a.name for a in final[-1].attachments] == ["summary.png"]
    assert final[-1].attachments[0].data.startswith(b"\x89PNG")
    assert plain(rules.dump(summary.states[0])) == base
    assert plain(rules.dump(summary.states[-1])) == json.loads(final_json)

    # the export carries the base and the plays after it; both replayers rebuild the game
    export = history.loads((await svc.export(channel, ANA)).public[0].attachments[0].data)
    assert export["version"] == 2 and export["base"] == json.loads(base_json)
    after = (await svc.store.game(pk)).version - base_version - 2  # Ana's move and its undo left out
    assert len(export["actions"]) == after
    assert plain(rules.dump(history.final_state(export))) == json.loads(final_json)
    file = tmp_path / "old.json"
    file.write_text(history.dumps(export))
    said: list[str] = []
    result = replay_file(
        file, tmp_path / "boards", renderer=env.renderer, summary_renderer=lambda *a: b"s", say=said.append
    )
    assert plain(result.to_dict()) == json.loads(await svc.store.result(pk))
    assert len(list((tmp_path / "boards").glob("turn-*.png"))) == after + 1


async def test_a_game_finished_before_the_upgrade_exports_its_final_state(env, tmp_path):
    _old_database(env.path, env.clock())
    svc = await env.service()
    export = history.loads((await svc.export(CHANNEL + FINISHED_SANTIAGO, ANA)).public[0].attachments[0].data)
    assert export["base"] == FINISHED["state"] and export["actions"] == []
    assert export["result"] == FINISHED["result"]
    file = tmp_path / "finished.json"
    file.write_text(history.dumps(export))
    said: list[str] = []
    result = replay_file(
        file, tmp_path, renderer=env.renderer, summary_renderer=lambda *a: b"s", say=said.append
    )
    assert (
        plain(result.to_dict()) == FINISHED["result"]
        and said[0] == "Santiago de Cuba: 0 actions, 1 boards in " + str(tmp_path) + "."
    )
