"""Games saved before issue 14 and before issue 26 load and play to the end ("games already
running").

``fixtures/midgame_schema1.json`` is a 3-player game as the bot stored it with the engine of
commit bb41e3a (state schema 1): ship 4 in the harbour, a delivery round under way in which p2 has
passed. A schema-1 save is migrated when it loads (``state.upgrade_from_schema_1``) and the game
goes on under the current rules: nothing already scored is taken back, the seats out of the
delivery round stay out, and the harbour master's ruling counts from the load.

``fixtures/midgame_schema2.json`` is a 3-player game as the bot stored it with the engine of
commit cd992d1 (state schema 2, before the 2011 rulebook's corrections): p1's car passed the
harbour to the chequered flag, and — as the old rule had it — the 5th ship was rolled in the
middle of the turn; p1 is to set a die aside before the car drives on. It loads as schema 3
(``state.upgrade_from_schema_2``) and plays on under the 2011 rules.
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
SCHEMA_2 = Path(__file__).parent / "fixtures" / "midgame_schema2.json"
#: What schema 3 added to a state, and its values for an older save (no turn of the old owner
#: rule in progress: the schema-1 save stands in a delivery round).
SCHEMA_3_KEYS = {"roll_due": None, "old_owner_turn": False}


@pytest.fixture(scope="module")
def saved() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_a_schema_1_save_loads_as_the_same_game_in_schema_3(saved):
    old = saved["state"]
    assert old["schema"] == 1 and "downs" not in old["ship"]
    state = RULES.load(old)
    assert state["schema"] == SCHEMA == 3 and state["ship"]["downs"] == 0
    assert {k: state[k] for k in SCHEMA_3_KEYS} == SCHEMA_3_KEYS  # type: ignore[literal-required]
    assert state["options"] == {**old["options"], "harbour_master": "limited"}
    new = ("schema", "ship", "options", *SCHEMA_3_KEYS)
    unchanged = {k: v for k, v in state.items() if k not in new}
    assert unchanged == {k: v for k, v in old.items() if k not in new}
    assert {k: v for k, v in state["ship"].items() if k != "downs"} == old["ship"]
    assert RULES.load(RULES.dump(state)) == state  # the migrated game saves as schema 3
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


def test_a_schema_2_save_rolled_mid_turn_finishes_that_turn_and_plays_on_under_the_2011_rules():
    saved = json.loads(SCHEMA_2.read_text(encoding="utf-8"))
    old = saved["state"]
    assert old["schema"] == 2 and old["step"] == "dice" and old["pending"]["then"]["kind"] == "drive"
    state = RULES.load(old)
    assert state["schema"] == 3 and state["options"]["harbour_master"] == "limited"
    assert state["roll_due"] is None and state["old_owner_turn"] is False
    assert {k: v for k, v in state.items() if k not in ("schema", "options", *SCHEMA_3_KEYS)} == {
        k: v for k, v in old.items() if k not in ("schema", "options")
    }
    # p1 sets the die aside, and the car drives on the 3 steps the pass left (the old roll is kept)
    assert RULES.to_act(state) == ["p1"]
    after, events = RULES.apply(state, "p1", RULES.parse(state, "p1", "aside sugar"))
    assert after["ship"]["aside"] == "sugar" and after["car"] == 3 and after["ship"]["number"] == 5
    assert "roll" not in [e.kind for e in events] and after["roll_due"] is None
    check_conservation(after)
    turns = 0
    while RULES.result(after) is None:
        seat = RULES.to_act(after)[0]
        bot = player("santiago", "heuristic", turns)
        after, _ = RULES.apply(after, seat, bot.choose(RULES.view(after, seat), RULES.legal(after, seat)))
        check_conservation(after)
        turns += 1
        assert turns < 5000, "the loaded game does not end"
    assert after["ship"]["number"] == 7 and sorted(RULES.result(after).ranking) == state["seats"]


def test_a_schema_2_turn_past_the_figures_placement_scores_no_second_owners_point():
    """The old rule paid the owner when the figure was placed; a turn loaded in its building
    step ends without paying again, and the next turn pays at its end as the 2011 text says."""
    saved = json.loads(SCHEMA_2.read_text(encoding="utf-8"))
    old = dict(saved["state"], step="use", rolled=None)
    seat = old["seats"][old["turn"]]
    building = old["districts"]["red"][0]
    other = next(s for s in old["seats"] if s != seat)
    old["owners"] = {**old["owners"], building: other}  # p1's figure stands on another's building
    old["players"] = {s: dict(p) for s, p in old["players"].items()}
    for p in old["players"].values():
        if p["figure"] == building:
            p["figure"] = None
    old["players"][seat]["figure"] = building
    old["pending"] = {"building": building, "via": "figure", "then": {"kind": "end"}}
    old["ship"] = dict(old["ship"], dice={"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1}, aside="cigar")
    state = RULES.load(old)
    assert state["old_owner_turn"] is True
    vp = state["players"][other]["vp"]
    after, events = RULES.apply(state, seat, RULES.parse(state, seat, "skip"))
    assert "owner_vp" not in [e.kind for e in events] and after["players"][other]["vp"] == vp
    assert after["old_owner_turn"] is False and RULES.to_act(after) != [seat]
