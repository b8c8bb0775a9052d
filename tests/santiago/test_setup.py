"""Setup: holdings, random placement from the seed, the first ship and who rolls it."""

import pytest

from engine.core import IllegalAction
from engine.santiago import RULES
from engine.santiago import data as d
from tests.santiago.helpers import act, check_conservation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_holdings_supply_and_board(players):
    seats = [f"p{i}" for i in range(players)]
    state = RULES.new(seats, 7)
    for seat in seats:
        p = state["players"][seat]
        assert (p["pesos"], p["vp"], p["markers"], p["figure"]) == (3, 2, 3, None)
        assert p["goods"] == {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 0, "cigar": 0, "wood": 0}
    assert state["supply"]["sugar"] == 8 - players and state["supply"]["wood"] == 8
    check_conservation(state)
    assert state["road"][0] is None and sorted(state["road"][1:]) == sorted(d.CUBANS)
    assert sorted(b for bs in state["districts"].values() for b in bs) == sorted(d.BUILDINGS)
    assert all(len(bs) == 3 for bs in state["districts"].values())
    assert state["car"] == 0 and state["ship"]["number"] == 1 and state["ship"]["value"] == 0
    assert state["face_down"] == [] and state["owners"] == {}


def test_player_right_of_start_player_rolls_and_sets_one_die_aside():
    for seed in range(12):
        state = RULES.new(["p0", "p1", "p2", "p3"], seed)
        roller = state["seats"][(state["start"] - 1) % 4]
        assert RULES.to_act(state) == [roller] and state["step"] == "dice"
        assert set(state["rolled"]) == set(d.DIE_GOODS)
        assert all(v in d.DIE_FACES[g] for g, v in state["rolled"].items())
        assert [str(a) for a in RULES.legal(state, roller)] == [f"aside {g}" for g in d.DIE_GOODS]
        if any(v for g, v in state["rolled"].items() if g != "rum"):
            after, _ = act(state, roller, "aside rum")
            assert after["ship"]["aside"] == "rum"
            assert after["ship"]["dice"] == {g: v for g, v in state["rolled"].items() if g != "rum"}
            assert RULES.to_act(after) == [state["seats"][state["start"]]] and after["step"] == "drive"


def test_placement_comes_from_the_seed():
    a = RULES.new(["p0", "p1", "p2"], 42)
    b = RULES.new(["p0", "p1", "p2"], 42)
    assert RULES.dump(a) == RULES.dump(b)
    layouts = {tuple(RULES.new(["p0", "p1"], s)["road"][1:]) for s in range(20)}
    districts = {tuple(RULES.new(["p0", "p1"], s)["districts"]["yellow"]) for s in range(20)}
    assert len(layouts) > 15 and len(districts) > 15


def test_ship_asking_for_nothing_sails_at_once_and_its_roller_rolls_the_next():
    """Seed l.64: when all the dice are at 0 the ship sails; l.93: who caused it rolls next."""
    state = RULES.new(["p0", "p1"], 3)
    roller = RULES.to_act(state)[0]
    state["rolled"] = {"sugar": 0, "citrus": 0, "tobacco": 0, "rum": 0, "cigar": 2}
    after, events = act(state, roller, "aside cigar")
    assert [e.kind for e in events][:3] == ["ship_loaded", "departure", "roll"]
    assert events[1].data["cause"] == "empty" and events[1].seat == roller
    assert after["step"] == "dice" and after["ship"]["number"] == 2
    assert RULES.to_act(after) == [roller]


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_checked(players):
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        RULES.new([f"p{i}" for i in range(players)], 1)


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="no option"):
        RULES.new(["p0", "p1"], 1, secret_bids=True)
    with pytest.raises(IllegalAction, match="true or false"):
        RULES.new(["p0", "p1"], 1, open_holdings="yes")
    assert RULES.new(["p0", "p1"], 1, open_holdings=True)["options"]["open_holdings"] is True


def test_the_harbour_master_option_takes_limited_or_printed():
    assert RULES.new(["p0", "p1"], 1)["options"]["harbour_master"] == "limited"
    assert RULES.new(["p0", "p1"], 1, harbour_master="printed")["options"]["harbour_master"] == "printed"
    for bad in ("free", True, 1):
        with pytest.raises(IllegalAction) as caught:
            RULES.new(["p0", "p1"], 1, harbour_master=bad)
        assert str(caught.value) == "The option 'harbour_master' takes one of: limited, printed."
        assert caught.value.text("nl") == "De optie 'harbour_master' neemt een van: limited, printed."
