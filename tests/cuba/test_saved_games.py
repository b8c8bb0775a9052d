"""A game saved before the corrections of issue 14 loads and plays to the end.

``fixtures/midgame_round4_schema2.json`` was dumped by the engine as of commit bb41e3a (before the
official-rulebook values): four computer players in round 4 of the action phase, owning among
others the Hotel (built at the old cost of 2 wood, 2 stone, 1 water) and the Large branch office,
under the tax of 5 pesos. No state field changed, so the save needs no migration: the schema stays
2 and the game simply goes on under the corrected values (a Hotel still to build costs 2 wood,
2 stone and 1 water, as it did then: issue 26 restored the printed cost; the office loads as many pieces of one kind as the ship has room for; the per-building
tax gives no VP to a seat without buildings). A building already built keeps what it cost.
"""

import json
from pathlib import Path

import pytest

from engine.ai import player
from engine.cuba import RULES
from engine.cuba.state import SCHEMA
from tests.contract import check_step
from tests.cuba.helpers import check_conservation

FIXTURE = Path(__file__).with_name("fixtures") / "midgame_round4_schema2.json"


def saved() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_save_loads_as_it_was_stored():
    data = saved()
    assert data["schema"] == SCHEMA == 2
    state = RULES.load(data)
    assert RULES.dump(state) == data
    assert (state["round"], state["phase"], state["step"]) == (4, "actions", "play_card")
    owned = {b[0] for p in state["players"].values() for b in p["buildings"]}
    assert {"hotel", "large_office"} <= owned
    check_conservation(state)


@pytest.mark.parametrize("kind,seed", [("heuristic", 1), ("random", 2), ("random", 3)])
def test_the_save_plays_to_the_end_with_computer_players(kind, seed):
    state = RULES.load(saved())
    before = {s: (p["vp"], len(p["buildings"])) for s, p in state["players"].items()}
    bots = {s: player("cuba", kind, seed * 10 + i) for i, s in enumerate(state["seats"])}
    actions = 0
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        if actions % 25 == 0:
            check_step(RULES, state, seat)
        state, _ = RULES.apply(
            state, seat, bots[seat].choose(RULES.view(state, seat), RULES.legal(state, seat))
        )
        check_conservation(state)
        actions += 1
        assert actions < 5_000
    result = RULES.result(state)
    assert state["round"] == 6 and sorted(result.ranking) == sorted(state["seats"])
    for seat, (vp, buildings) in before.items():
        assert result.scores[seat] >= vp + 2 * buildings  # nothing scored before is lost
    assert RULES.dump(RULES.load(json.loads(json.dumps(RULES.dump(state))))) == RULES.dump(state)
