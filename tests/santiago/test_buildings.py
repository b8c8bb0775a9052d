"""Every building's use, exactly as specified, and its refusals."""

import pytest

from engine.santiago import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.santiago.helpers import (
    STANDARD_DISTRICTS,
    act,
    check_conservation,
    give,
    kinds,
    put_cuban,
    set_districts,
    set_money,
    started,
)


def at(building: str, players: int = 3, **goods: int) -> dict:
    """p0's figure has just arrived at ``building`` and may use it (demand: sugar 1, citrus 2,
    tobacco 3, rum 1; cigar set aside)."""
    state = started(players)
    set_districts(state, STANDARD_DISTRICTS)
    give(state, "p0", **goods)
    state["players"]["p0"]["figure"] = building
    state["step"] = "use"
    state["pending"] = {"building": building, "via": "figure", "then": {"kind": "end"}}
    return state


def legal(state: dict) -> list[str]:
    return [str(a) for a in RULES.legal(state, "p0")]


def p0(state: dict) -> dict:
    return state["players"]["p0"]


def test_every_use_is_optional_and_skipping_ends_the_turn():
    state = at("bank")
    assert legal(state) == ["use", "skip"]
    after, _ = act(state, "p0", "skip")
    assert p0(after)["pesos"] == 3 and RULES.to_act(after) == ["p1"]


def test_bank_and_church():
    after, _ = act(at("bank"), "p0", "use")
    assert p0(after)["pesos"] == 5 and RULES.to_act(after) == ["p1"]
    after, _ = act(at("church"), "p0", "use")
    assert p0(after)["vp"] == 3


@pytest.mark.parametrize(
    ("building", "src", "dst"), [("distillery", "sugar", "rum"), ("factory", "tobacco", "cigar")]
)
def test_conversions_turn_any_number_one_for_one(building, src, dst):
    state = at(building, **{src: 2})
    assert legal(state) == ["use 1", "use 2", "use 3", "skip"]
    after, events = act(state, "p0", "use 3")
    assert p0(after)["goods"][src] == 0 and p0(after)["goods"][dst] == 3
    assert events[0].reveals_hidden
    check_conservation(after)
    assert "only 3" in assert_illegal_changes_nothing(RULES, state, "p0", "use 4")


def test_conversion_is_limited_by_the_supply():
    state = at("distillery", sugar=2)
    give(state, "p1", rum=7)
    assert legal(state) == ["use 1", "skip"]


def test_black_market_swaps_one_good_for_another_type_without_wood():
    state = at("market", wood=1)
    options = legal(state)
    assert "use sugar cigar" in options and "use citrus sugar" in options
    assert not any("wood" in o for o in options) and "use sugar sugar" not in options
    assert len(options) == 3 * 4 + 1
    after, _ = act(state, "p0", "use tobacco cigar")
    assert p0(after)["goods"]["tobacco"] == 0 and p0(after)["goods"]["cigar"] == 1
    check_conservation(after)
    assert "no wood" in assert_illegal_changes_nothing(RULES, state, "p0", "use wood cigar")
    assert "no rum to swap" in assert_illegal_changes_nothing(RULES, state, "p0", "use rum cigar")


def test_sawmill_returns_one_wood_for_a_vp_and_a_peso():
    assert legal(at("sawmill")) == ["skip"]
    assert "no wood" in assert_illegal_changes_nothing(RULES, at("sawmill"), "p0", "use")
    after, _ = act(at("sawmill", wood=2), "p0", "use")
    assert p0(after)["goods"]["wood"] == 1 and p0(after)["vp"] == 3 and p0(after)["pesos"] == 4


def test_cafe_takes_up_to_one_rum_and_one_cigar_for_two_vp_each():
    state = at("cafe", rum=2, cigar=1)
    assert legal(state) == ["use rum", "use cigar", "use rum cigar", "skip"]
    after, _ = act(state, "p0", "use cigar rum")
    assert p0(after)["vp"] == 2 + 4 and p0(after)["goods"]["rum"] == 1 and p0(after)["goods"]["cigar"] == 0
    check_conservation(after)
    assert legal(at("cafe", rum=1)) == ["use rum", "skip"]


def test_casino_exchanges_either_way_as_often_as_wanted():
    state = at("casino")
    set_money(state, "p0", pesos=7, vp=2)
    assert legal(state) == ["use buy 1", "use buy 2", "use sell 1", "use sell 2", "skip"]
    after, _ = act(state, "p0", "use buy 2")
    assert (p0(after)["pesos"], p0(after)["vp"]) == (1, 4)
    after, _ = act(state, "p0", "use sell 2")
    assert (p0(after)["pesos"], p0(after)["vp"]) == (13, 0)
    assert "costs 9 pesos" in assert_illegal_changes_nothing(RULES, state, "p0", "use buy 3")


def test_customs_sets_one_die_to_zero():
    state = at("customs")
    assert legal(state) == ["use sugar", "use citrus", "use tobacco", "use rum", "skip"]
    after, _ = act(state, "p0", "use tobacco")
    assert after["ship"]["dice"]["tobacco"] == 0 and after["ship"]["number"] == 1


def test_customs_clearing_the_last_demand_sends_the_ship_off_and_the_user_rolls():
    state = at("customs")
    state["ship"]["dice"] = {"sugar": 0, "citrus": 0, "tobacco": 2, "rum": 0}
    after, events = act(state, "p0", "use tobacco")
    dep = next(e for e in events if e.kind == "departure")
    assert dep.data["cause"] == "customs" and dep.seat == "p0"
    assert after["ship"]["number"] == 2 and after["step"] == "dice" and RULES.to_act(after) == ["p0"]
    after["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    after, _ = act(after, "p0", "aside rum")
    assert RULES.to_act(after) == ["p1"] and after["step"] == "drive"


def test_harbour_master_moves_the_marker_up_or_down_but_not_below_two():
    state = at("harbourmaster")
    assert legal(state) == ["use up", "skip"]
    assert "lowest flag" in assert_illegal_changes_nothing(RULES, state, "p0", "use down")
    after, _ = act(state, "p0", "use up")
    assert after["ship"]["value"] == 1
    state["ship"]["value"] = 2
    after, _ = act(state, "p0", "use down")
    assert after["ship"]["value"] == 1


def test_harbour_master_to_the_chequered_flag_sends_the_ship_off():
    state = at("harbourmaster")
    state["ship"]["value"] = 2
    after, events = act(state, "p0", "use up")
    assert "departure" in kinds(events) and after["ship"]["number"] == 2
    assert RULES.to_act(after) == ["p0"] and after["step"] == "dice"


def test_office_loads_one_demanded_good_for_a_flat_two_vp():
    state = at("office", wood=2)
    state["ship"]["value"] = 2  # the marker does not matter
    assert legal(state) == ["use sugar", "use citrus", "use tobacco", "skip"]
    after, _ = act(state, "p0", "use citrus")
    assert p0(after)["vp"] == 4 and after["ship"]["dice"]["citrus"] == 1 and p0(after)["goods"]["citrus"] == 0
    check_conservation(after)
    assert "not ask for cigar" in assert_illegal_changes_nothing(RULES, state, "p0", "use cigar")


def test_office_loading_the_last_good_sends_the_ship_off_and_the_user_rolls():
    state = at("office")
    state["ship"]["dice"] = {"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}
    after, events = act(state, "p0", "use sugar")
    assert next(e for e in events if e.kind == "departure").data["cause"] == "office"
    assert RULES.to_act(after) == ["p0"] and after["step"] == "dice"


def test_newspaper_gives_a_peso_and_turns_a_cuban_face_down_until_the_car_passes():
    state = at("newspaper")
    put_cuban(state, 1, "jose")
    put_cuban(state, 2, "maria")
    state["face_down"] = ["pedro"]
    options = legal(state)
    assert "use pedro" not in options and "use maria" in options and len(options) == 1 + 8 + 1
    peso_only, _ = act(state, "p0", "use")  # seed l.83: the Cuban "may" be turned; the peso alone
    assert p0(peso_only)["pesos"] == 4 and peso_only["face_down"] == ["pedro"]
    after, events = act(state, "p0", "use maria")
    assert p0(after)["pesos"] == 4 and sorted(after["face_down"]) == ["maria", "pedro"]
    assert events[0].random  # a face-down turn cannot be undone
    # p1 stops on Maria: nothing happens
    after, events = act(after, "p1", "drive 2")
    assert "stop_face_down" in kinds(events) and after["players"]["p1"]["vp"] == 2
    assert "face down already" in assert_illegal_changes_nothing(RULES, state, "p0", "use pedro")


def test_using_an_owned_building_through_alonso_then_moving_keeps_the_turn_going():
    """Rulebook 2011, A new ship: the player who emptied the ship with the customs office rolls
    the new ship's dice at the end of his turn — after his figure's move, not in the middle."""
    state = at("customs")
    state["pending"] = {"building": "customs", "via": "alonso", "then": {"kind": "go", "colour": "white"}}
    state["ship"]["dice"] = {"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0}
    state["players"]["p0"]["figure"] = None
    after, events = act(state, "p0", "use tobacco")
    assert "departure" in kinds(events) and "roll" not in kinds(events)
    assert after["ship"]["number"] == 2 and after["ship"]["dice"] == {} and after["roll_due"] == "p0"
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS["white"]
    after, _ = act(after, "p0", "go office")
    assert legal(after) == ["skip"]  # the new ship has no demand yet: nothing to load
    after, events = act(after, "p0", "skip")
    assert after["step"] == "dice" and RULES.to_act(after) == ["p0"] and after["roll_due"] is None
    after["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    after, _ = act(after, "p0", "aside rum")
    assert after["step"] == "drive" and RULES.to_act(after) == ["p1"]
