"""The car: step costs, harbour passes and stops, face-down Cubans, departures on the road."""

from engine.santiago import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.santiago.helpers import (
    STANDARD_DISTRICTS,
    act,
    kinds,
    put_cuban,
    set_districts,
    set_money,
    started,
)


def road_game(car: int = 0, pesos: int = 3, value: int = 0) -> dict:
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    state["car"] = car
    state["ship"]["value"] = value
    set_money(state, "p0", pesos=pesos)
    return state


def test_first_step_is_free_and_each_further_step_costs_one_peso():
    state = road_game(pesos=3)
    put_cuban(state, 1, "jose")
    put_cuban(state, 3, "maria")
    assert [str(a) for a in RULES.legal(state, "p0")] == ["drive 1", "drive 2", "drive 3", "drive 4"]
    after, events = act(state, "p0", "drive 3")
    assert after["players"]["p0"]["pesos"] == 1 and after["car"] == 3
    assert events[0].kind == "drive" and events[0].data["pesos"] == 2
    after, _ = act(state, "p0", "drive 1")
    assert after["players"]["p0"]["pesos"] == 3 and after["car"] == 1


def test_driving_further_than_the_money_allows_is_refused():
    state = road_game(pesos=1)
    msg = assert_illegal_changes_nothing(RULES, state, "p0", "drive 3")
    assert msg == "Driving 3 stops costs 2 pesos; you have 1."
    assert "not your turn" in assert_illegal_changes_nothing(RULES, state, "p1", "drive 1")
    assert "move the car" in assert_illegal_changes_nothing(RULES, state, "p0", "pass")


def test_passing_the_harbour_raises_the_value_marker():
    state = road_game(car=8, pesos=3)
    after, events = act(state, "p0", "drive 3")
    assert after["car"] == 1 and after["ship"]["value"] == 1
    assert "harbour_pass" in kinds(events) and "harbour_stop" not in kinds(events)


def test_leaving_the_harbour_is_not_a_pass():
    state = road_game(car=0)
    after, events = act(state, "p0", "drive 2")
    assert after["ship"]["value"] == 0 and "harbour_pass" not in kinds(events)


def test_stopping_at_the_harbour_is_not_a_pass_but_a_delivery_round():
    state = road_game(car=8)
    after, events = act(state, "p0", "drive 2")
    assert after["car"] == 0 and "harbour_pass" not in kinds(events)
    assert "harbour_stop" in kinds(events) and after["step"] == "deliver"


def test_each_pass_counts_in_one_long_move():
    state = road_game(car=5, pesos=20)
    after, events = act(state, "p0", "drive 16")
    assert kinds(events).count("harbour_pass") == 2 and after["ship"]["value"] == 2 and after["car"] == 1


def test_pass_to_the_chequered_flag_sends_the_ship_off_the_mover_carries_on_and_rolls_at_the_end():
    """Rulebook 2011, A new ship: "The player determines the new demand at the end of his turn"."""
    state = road_game(car=9, pesos=3, value=2)
    put_cuban(state, 1, "martinez")
    after, events = act(state, "p0", "drive 2")
    assert "departure" in kinds(events) and events[kinds(events).index("departure")].data["cause"] == "pass"
    assert after["ship"]["number"] == 2 and after["ship"]["value"] == 0 and after["ship"]["dice"] == {}
    # the mover finishes the move and resolves Martinez (+3 pesos) and the building step
    assert "roll" not in kinds(events) and after["roll_due"] == "p0"
    assert after["car"] == 1 and after["players"]["p0"]["pesos"] == 2 + 3
    assert after["step"] == "go" and set(after["pending"]["options"]) == set(STANDARD_DISTRICTS["blue"])
    after, _ = act(after, "p0", "go factory")
    after, events = act(after, "p0", "skip")
    assert kinds(events)[-1] == "roll" and after["step"] == "dice" and RULES.to_act(after) == ["p0"]
    after["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    after, _ = act(after, "p0", "aside sugar")
    assert after["step"] == "drive" and RULES.to_act(after) == ["p1"] and after["car"] == 1


def test_passes_after_a_departure_count_for_the_new_ship():
    state = road_game(car=9, pesos=20, value=2)
    after, events = act(state, "p0", "drive 12")
    assert kinds(events).count("harbour_pass") == 2 and "roll" not in kinds(events)
    assert after["ship"]["value"] == 1 and after["ship"]["number"] == 2 and after["ship"]["dice"] == {}
    assert after["car"] == 1 and after["roll_due"] == "p0"


def test_a_stop_at_the_harbour_before_the_new_ship_has_dice_starts_no_delivery_round():
    """OUR RULING: the ship that came in this turn has no demand before the turn ends."""
    state = road_game(car=9, pesos=20, value=2)
    after, events = act(state, "p0", "drive 11")
    order = kinds(events)
    assert "harbour_stop" not in order and order[-2:] == ["harbour_no_demand", "roll"]
    assert order.index("departure") < order.index("harbour_no_demand")
    assert after["car"] == 0 and after["step"] == "dice" and RULES.to_act(after) == ["p0"]


def test_stop_on_a_face_down_cuban_gives_nothing_and_ends_the_turn():
    state = road_game(car=0)
    put_cuban(state, 2, "maria")
    state["face_down"] = ["maria"]
    after, events = act(state, "p0", "drive 2")
    assert "stop_face_down" in kinds(events) and "cuban" not in kinds(events)
    assert after["players"]["p0"]["vp"] == 2 and after["players"]["p0"]["figure"] is None
    assert RULES.to_act(after) == ["p1"] and after["step"] == "drive"
    assert after["face_down"] == ["maria"]  # the car ends there: still face down
    after, events = act(after, "p1", "drive 1")
    assert after["face_down"] == [] and "face_up" in kinds(events)


def test_face_down_cubans_the_car_drives_past_turn_face_up():
    state = road_game(car=0)
    put_cuban(state, 1, "maria")
    put_cuban(state, 2, "jose")
    put_cuban(state, 5, "pedro")
    state["face_down"] = ["maria", "jose", "pedro"]
    after, _ = act(state, "p0", "drive 3")
    assert after["face_down"] == ["pedro"]
