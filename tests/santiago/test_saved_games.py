"""Games saved before issue 14 load and play to the end (issue 14, "games already running").

``fixtures/midgame_schema1.json`` is a 3-player game as the bot stored it with the engine of
commit bb41e3a (state schema 1): ship 4 in the harbour, a delivery round under way in which p2 has
passed. A schema-1 save is migrated when it loads (``state.upgrade_from_schema_1``) and the game
goes on under the current rules: nothing already scored is taken back, the seats out of the
delivery round stay out, and the harbour master's ruling counts from the load.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai import player
from engine.santiago import RULES
from engine.santiago.state import SCHEMA
from tests.santiago.helpers import check_conservation

FIXTURE = Path(__file__).parent / "fixtures" / "midgame_schema1.json"


@pytest.fixture(scope="module")
def saved() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_a_schema_1_save_loads_as_the_same_game_in_schema_2(saved):
    old = saved["state"]
    assert old["schema"] == 1 and "downs" not in old["ship"]
    state = RULES.load(old)
    assert state["schema"] == SCHEMA == 2 and state["ship"]["downs"] == 0
    unchanged = {k: v for k, v in state.items() if k not in ("schema", "ship")}
    assert unchanged == {k: v for k, v in old.items() if k not in ("schema", "ship")}
    assert {k: v for k, v in state["ship"].items() if k != "downs"} == old["ship"]
    assert RULES.load(RULES.dump(state)) == state  # the migrated game saves as schema 2
    # the delivery round goes on where it stood: p0 to act, p2 (who passed) out of it
    assert RULES.to_act(state) == ["p0"] and state["pending"]["passed"] == ["p2"]
    assert RULES.view(state, "p1")["pending"] == {"trigger": "p1", "passed": ["p2"], "current": "p0"}
    check_conservation(state)


@pytest.mark.parametrize(("kind", "seed"), [("heuristic", 1), ("heuristic", 2), ("random", 3)])
def test_a_schema_1_save_plays_to_the_end_with_computer_players(saved, kind, seed):
    state = RULES.load(saved["state"])
    vp_before = {s: p["vp"] for s, p in state["players"].items()}
    bots = {s: player("santiago", kind, seed * 10 + i) for i, s in enumerate(state["seats"])}
    actions = 0
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(
            state, seat, bots[seat].choose(RULES.view(state, seat), RULES.legal(state, seat))
        )
        check_conservation(state)
        actions += 1
        assert actions < 5000, "the loaded game does not end"
    result = RULES.result(state)
    assert state["ship"]["number"] == 7 and sorted(result.ranking) == state["seats"]
    # VP scored before the save are kept (VP only leave through the casino and El Zorro)
    gained = sum(result.scores.values()) - sum(vp_before.values())
    assert gained > 0
    assert all(result.breakdown[s]["start"] == 2 for s in state["seats"])
