"""Delivery rounds: order, one type per delivery, wood, passing; departures and who rolls next."""

from engine.santiago import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.santiago.helpers import act, acts, check_conservation, clear_goods, give, kinds, started


def harbour_round(players: int = 3, trigger: str = "p0") -> tuple[dict, list]:
    """``trigger`` stops the car at the harbour (demand sugar 1, citrus 2, tobacco 3, rum 1)."""
    state = started(players)
    state["turn"] = state["seats"].index(trigger)
    state["car"] = 9
    return act(state, trigger, "drive 1")


def test_delivery_round_starts_with_the_trigger_and_goes_clockwise_repeating():
    state, events = harbour_round(3, trigger="p1")
    assert "harbour_stop" in kinds(events) and RULES.to_act(state) == ["p1"]
    assert [str(a) for a in RULES.legal(state, "p1")] == [
        "deliver sugar 1",
        "deliver citrus 1",
        "deliver tobacco 1",
        "pass",
    ]
    state, _ = act(state, "p1", "deliver tobacco 1")
    assert RULES.to_act(state) == ["p2"]
    state, _ = act(state, "p2", "pass")
    assert RULES.to_act(state) == ["p0"]
    state, _ = act(state, "p0", "deliver tobacco 1")
    assert RULES.to_act(state) == ["p1"]  # p2 passed and is out for the rest of the round
    state, _ = act(state, "p1", "deliver citrus 1")
    assert RULES.to_act(state) == ["p0"]


def test_a_delivery_scores_the_marker_value_per_good_and_returns_the_goods():
    state, _ = harbour_round()
    state["ship"]["value"] = 1
    give(state, "p0", tobacco=2)
    state, events = act(state, "p0", "deliver tobacco 3")
    assert state["players"]["p0"]["vp"] == 2 + 3 * 3 and state["ship"]["dice"]["tobacco"] == 0
    assert events[0].reveals_hidden and state["supply"]["tobacco"] == 8 - 2
    check_conservation(state)


def test_wood_stands_in_for_a_demanded_good_at_one_vp_each_never_mixed():
    state, _ = harbour_round()
    give(state, "p0", wood=3)
    legal = [str(a) for a in RULES.legal(state, "p0")]
    assert "wood tobacco 3" in legal and "wood cigar 1" not in legal
    state, _ = act(state, "p0", "wood tobacco 3")
    assert state["players"]["p0"]["vp"] == 2 + 3 and state["players"]["p0"]["goods"]["wood"] == 0


def test_one_type_per_delivery_within_the_demand_and_nothing_for_the_set_aside_die():
    state, _ = harbour_round()
    give(state, "p0", cigar=2, sugar=2)
    assert "set aside" in assert_illegal_changes_nothing(RULES, state, "p0", "deliver cigar 1")
    assert "only 1 more" in assert_illegal_changes_nothing(RULES, state, "p0", "deliver sugar 2")
    assert "only 1 tobacco" in assert_illegal_changes_nothing(RULES, state, "p0", "deliver tobacco 2")
    assert "Deliver one type" in assert_illegal_changes_nothing(
        RULES, state, "p0", "deliver sugar 1 citrus 1"
    )


def test_a_seat_with_nothing_deliverable_is_asked_too_and_its_pass_looks_like_any_other():
    """Issue 11, seed l.63: a seat passes with nothing to deliver or by choice alike; the table
    must not learn which, so nobody passes automatically and every pass is the same event."""
    state = started(3)
    state["car"] = 9
    clear_goods(state, "p1")
    state, _ = act(state, "p0", "drive 1")
    state, events = act(state, "p0", "deliver sugar 1")
    assert "pass" not in kinds(events) and RULES.to_act(state) == ["p1"]
    assert [str(a) for a in RULES.legal(state, "p1")] == ["pass"]
    state, forced = act(state, "p1", "pass")
    assert RULES.to_act(state) == ["p2"] and "deliver tobacco 1" in [str(a) for a in RULES.legal(state, "p2")]
    state, chosen = act(state, "p2", "pass")
    assert forced[0].to_dict() == {**chosen[0].to_dict(), "seat": "p1"}
    assert not forced[0].reveals_hidden and forced[0].data == {}


def test_when_everybody_passes_with_demand_left_the_marker_rises_and_the_turn_ends():
    state, _ = harbour_round()
    state, events = acts(state, [("p0", "pass"), ("p1", "pass"), ("p2", "pass")])
    assert kinds(events)[-3:] == ["delivery_end", "value", "turn"]
    assert state["ship"]["value"] == 1 and state["ship"]["number"] == 1
    assert RULES.to_act(state) == ["p1"] and state["step"] == "drive"


def test_unfilled_ship_at_the_last_flag_sails_and_the_trigger_rolls():
    state, _ = harbour_round(trigger="p1")
    state["ship"]["value"] = 2
    state, events = acts(state, [("p1", "pass"), ("p2", "pass"), ("p0", "pass")])
    dep = next(e for e in events if e.kind == "departure")
    assert dep.data["cause"] == "unfilled" and dep.seat == "p1"
    assert state["ship"]["number"] == 2 and RULES.to_act(state) == ["p1"] and state["step"] == "dice"
    state["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    state, _ = act(state, "p1", "aside sugar")
    assert RULES.to_act(state) == ["p2"] and state["step"] == "drive"


def test_a_filled_ship_sails_at_once_and_the_trigger_rolls_even_if_someone_else_filled_it():
    state, _ = harbour_round(trigger="p0")
    state["ship"]["dice"] = {"sugar": 0, "citrus": 1, "tobacco": 0, "rum": 0}
    state, events = act(state, "p0", "pass")
    state, events = act(state, "p1", "deliver citrus 1")
    dep = next(e for e in events if e.kind == "departure")
    assert dep.data["cause"] == "full" and dep.seat == "p0"
    assert state["ship"]["number"] == 2 and RULES.to_act(state) == ["p0"]
    state["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    state, _ = act(state, "p0", "aside sugar")
    assert RULES.to_act(state) == ["p1"] and state["ship"]["value"] == 0
    assert state["players"]["p1"]["vp"] == 2 + 2


def test_seventh_departure_ends_the_game_at_once():
    state, _ = harbour_round()
    state["ship"]["number"] = 7
    state["ship"]["value"] = 2
    state, events = acts(state, [("p0", "pass"), ("p1", "pass"), ("p2", "pass")])
    assert state["step"] == "over" and RULES.to_act(state) == [] and kinds(events)[-1] == "game_over"
    assert RULES.result(state) is not None
