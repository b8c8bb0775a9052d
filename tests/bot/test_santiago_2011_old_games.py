"""A Santiago de Cuba game begun before issue 26's corrections (the publisher's 2011 rulebook), in
a database of the schema before migration 13, as a bot of that schema stored it with the engine
of commit cd992d1 (state schema 2).

The game (``tests/santiago/fixtures/midgame_schema2.json``) stands in the middle of p1's turn: the
car passed the harbour to the chequered flag and, as the old rule had it, the 5th ship was rolled
at once; p1 (Ana) is to set a die aside before the car drives on. Its log no longer replays from
the seed (the orange die has other faces now, the new ship is rolled at the end of the turn), so
migration 13 records the cached state as its replay base. After the upgrade the replay equals
the cache, Ana finishes the interrupted turn, a move before the upgrade cannot be undone, the
computer players play the game to the end under the 2011 rules, and the export replays. The
``env`` fixture checks on teardown that the game replays to its cached state."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.ops.cli import replay_file
from bot.stores.rows import ReplayBase
from bot.stores.sqlite import MIGRATIONS, _statements
from bot.texts import t
from engine import GAMES, history
from tests.bot.conftest import ANA, CHANNEL
from tests.bot.test_service_timers import run_timers

SAVE = json.loads((Path(__file__).parents[1] / "santiago" / "fixtures" / "midgame_schema2.json").read_text())
#: The last schema before migration 13 (issue 26's replay bases).
OLD_SCHEMA = 12
GAME = 1
#: Ana's seat: the one to act, in the middle of her turn.
ANA_SEAT = "p1"
RULES = GAMES["santiago"]


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _old_database(path: str, now: float) -> None:
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:OLD_SCHEMA]:
        for statement in _statements(script):
            con.execute(statement)
    con.execute(f"PRAGMA user_version = {OLD_SCHEMA}")
    plays = [(p["seat"], p["action"]) for p in SAVE["actions"]]
    con.execute(
        "INSERT INTO games (id, channel_id, game, options, seed, status, host_id, version, state, "
        "created, updated, reminder_s) VALUES (?, ?, 'santiago', ?, ?, 'active', ?, ?, ?, ?, ?, 3600)",
        (GAME, CHANNEL + GAME, json.dumps(SAVE["options"]), SAVE["seed"], ANA, len(plays) + 1,
         json.dumps(SAVE["state"]), now, now),
    )  # fmt: skip
    for i, seat in enumerate(SAVE["seats"]):
        human = seat == ANA_SEAT
        con.execute(
            "INSERT INTO seats (game_pk, seat, user_id, name, is_bot, bot_kind) VALUES (?, ?, ?, ?, ?, ?)",
            (GAME, seat, ANA if human else None, "Ana" if human else f"Computer {i}", int(not human),
             None if human else "heuristic"),
        )  # fmt: skip
    con.executemany(
        "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (?, ?, ?, ?, 'play', ?)",
        [(GAME, n, seat, text, now) for n, (seat, text) in enumerate(plays, start=1)],
    )
    con.commit()
    con.close()


def from_the_seed() -> Any:
    """The saved log replayed from the seed under today's rules: None where a play is refused."""
    state = RULES.new(SAVE["seats"], SAVE["seed"], **SAVE["options"])
    for p in SAVE["actions"]:
        if p["seat"] not in RULES.to_act(state):
            return None
        try:
            state, _ = RULES.apply(state, p["seat"], RULES.parse(state, p["seat"], p["action"]))
        except ValueError:
            return None
    return plain(RULES.dump(state))


async def test_a_game_stored_before_the_2011_corrections_replays_from_its_base_and_plays_to_the_end(
    env, tmp_path
):
    _old_database(env.path, env.clock())
    svc = await env.service()
    channel = CHANNEL + GAME

    # the upgrade gave the game a base: the cached state, loaded as schema 3
    base_version, base_json = await svc.store.state(GAME)
    assert json.loads(base_json) == SAVE["state"] and base_version == len(SAVE["actions"]) + 1
    assert await svc.store.replay_base(GAME) == ReplayBase(base_version, base_json)
    cached = plain(RULES.dump(RULES.load(json.loads(base_json))))
    assert cached["schema"] == 3 and cached["options"]["harbour_master"] == "limited"
    assert from_the_seed() != cached  # the old log no longer leads there from the seed
    assert plain(RULES.dump(await svc.replay(GAME))) == cached

    # the last play was made under the old rules: undoing it is refused and changes nothing
    log = await svc.store.actions(GAME)
    refused = await svc.undo(channel, ANA)
    assert not refused.ok and refused.ephemeral == t("undo_before_base", "en")
    assert await svc.store.state(GAME) == (base_version, base_json) and await svc.store.actions(GAME) == log

    # Ana finishes the turn the old rule interrupted: the die set aside, the car drives on 3
    assert (await svc.act(channel, ANA, "aside sugar")).ok
    state = RULES.load(json.loads((await svc.store.state(GAME))[1]))
    assert state["ship"]["number"] == 5 and state["ship"]["aside"] == "sugar" and state["car"] == 3
    assert state["roll_due"] is None

    # to the end with computer players
    assert (await svc.leave(channel, ANA)).ok
    for _ in range(3000):
        if (await svc.store.game(GAME)).status != "active":
            break
        env.clock.advance(2)
        await run_timers(env, svc)
    assert (await svc.store.game(GAME)).status == "finished"
    final = RULES.load(plain(RULES.dump(await svc.replay(GAME))))
    assert final["step"] == "over" and final["ship"]["number"] == 7
    result = json.loads(await svc.store.result(GAME))
    assert sorted(result["ranking"]) == SAVE["seats"]

    # the export carries the base and the plays after it; the replayer rebuilds the game
    export = history.loads((await svc.export(channel, ANA)).public[0].attachments[0].data)
    assert export["base"] == json.loads(base_json)
    assert len(export["actions"]) == (await svc.store.game(GAME)).version - base_version
    file = tmp_path / "old.json"
    file.write_text(history.dumps(export))
    said: list[str] = []
    replayed = replay_file(
        file, tmp_path / "boards", renderer=env.renderer, summary_renderer=lambda *a: b"s", say=said.append
    )
    assert plain(replayed.to_dict()) == result
