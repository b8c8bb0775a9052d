"""Every Cuban's effect and the figure's move to a building of the Cuban's colour."""

import pytest

from engine.santiago import RULES
from engine.santiago import data as d
from tests.contract import assert_illegal_changes_nothing
from tests.santiago.helpers import (
    STANDARD_DISTRICTS,
    act,
    check_conservation,
    clear_goods,
    give,
    kinds,
    put_cuban,
    set_districts,
    set_money,
    started,
)


def visit(cuban: str, players: int = 3) -> tuple[dict, list]:
    """p0 drives 1 stop from the harbour to ``cuban``."""
    state = started(players)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, cuban)
    return state, act(state, "p0", "drive 1")


@pytest.mark.parametrize(
    ("cuban", "what", "n", "colour"),
    [
        ("pedro", "tobacco", 2, "white"),  # rulebook 2011, Playing the game, example B
        ("jose", "sugar", 2, "yellow"),
        ("conchita", "citrus", 2, "red"),
        ("miguel", "wood", 2, "blue"),  # rulebook 2011, B. Use a building, example
        ("maria", "vp", 2, "red"),
        ("martinez", "pesos", 3, "blue"),
    ],
)
def test_simple_cubans_give_their_goods_then_the_figure_moves_to_their_colour(cuban, what, n, colour):
    state, (after, events) = visit(cuban)
    before, now = state["players"]["p0"], after["players"]["p0"]
    if what in ("vp", "pesos"):
        assert now[what] == before[what] + n
    else:
        assert now["goods"][what] == before["goods"][what] + n
    assert d.CUBAN_COLOUR[cuban] == colour
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS[colour]
    assert [str(a) for a in RULES.legal(after, "p0")] == [f"go {b}" for b in STANDARD_DISTRICTS[colour]]
    check_conservation(after)


def test_gains_are_limited_by_the_supply():
    state = started(3)
    put_cuban(state, 1, "pedro")
    give(state, "p1", tobacco=state["supply"]["tobacco"] - 1)
    after, events = act(state, "p0", "drive 1")
    assert after["players"]["p0"]["goods"]["tobacco"] == 2 and after["supply"]["tobacco"] == 0
    assert next(e for e in events if e.kind == "cuban").data["got"] == {"tobacco": 1}
    check_conservation(after)


def test_pablo_gives_one_good_of_choice_but_never_wood():
    state, (after, _) = visit("pablo")
    assert after["step"] == "pablo"
    assert [str(a) for a in RULES.legal(after, "p0")] == [f"take {g}" for g in d.DIE_GOODS]
    msg = assert_illegal_changes_nothing(RULES, after, "p0", "take wood")
    assert "never wood" in msg
    after, _ = act(after, "p0", "take cigar")
    assert after["players"]["p0"]["goods"]["cigar"] == 1
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS["yellow"]


def test_pablo_offers_only_goods_left_in_the_supply():
    state = started(3)
    put_cuban(state, 1, "pablo")
    give(state, "p1", rum=8)
    after, _ = act(state, "p0", "drive 1")
    assert "take rum" not in [str(a) for a in RULES.legal(after, "p0")]


def test_el_zorro_each_victim_chooses_what_to_hand_over():
    state = started(4)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "zorro")
    give(state, "p2", cigar=1)
    clear_goods(state, "p3")
    set_money(state, "p3", pesos=0, vp=0)
    after, events = act(state, "p0", "drive 1")
    assert RULES.to_act(after) == ["p1"] and after["step"] == "zorro"
    assert [str(a) for a in RULES.legal(after, "p1")] == [
        "give peso",
        "give vp",
        "give sugar",
        "give citrus",
        "give tobacco",
    ]
    assert RULES.legal(after, "p0") == []
    after, _ = act(after, "p1", "give vp")
    assert RULES.to_act(after) == ["p2"]
    after, events = act(after, "p2", "give cigar")
    p0 = after["players"]["p0"]
    assert p0["vp"] == 3 and p0["goods"]["cigar"] == 1 and after["players"]["p1"]["vp"] == 1
    assert after["players"]["p2"]["goods"]["cigar"] == 0
    # p3 holds nothing and gives nothing; p0's figure is not on the board, so the turn ends
    assert "zorro_nothing" in kinds(events) and RULES.to_act(after) == ["p1"] and after["step"] == "drive"
    check_conservation(after)


def test_el_zorro_takes_no_wood_and_a_victim_with_only_wood_gives_nothing():
    """Rulebook 2011, The Cubans: "1 peso OR 1 of any good (except wood) OR 1 victory point"."""
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "zorro")
    clear_goods(state, "p1")
    give(state, "p1", wood=2, rum=1)
    set_money(state, "p1", pesos=0, vp=0)
    clear_goods(state, "p2")
    give(state, "p2", wood=3)
    set_money(state, "p2", pesos=0, vp=0)
    after, _ = act(state, "p0", "drive 1")
    assert [str(a) for a in RULES.legal(after, "p1")] == ["give rum"]
    assert "no wood" in assert_illegal_changes_nothing(RULES, after, "p1", "give wood")
    after, events = act(after, "p1", "give rum")
    # p2 holds only wood: nothing it may give, so it is skipped
    assert [e.kind for e in events if e.seat == "p2"] == ["zorro_nothing"]
    assert after["players"]["p2"]["goods"]["wood"] == 3 and after["players"]["p0"]["goods"]["rum"] == 1
    assert RULES.to_act(after) == ["p1"] and after["step"] == "drive"


def test_el_zorro_keeps_the_figure_where_it_is_and_lets_it_use_that_building_again():
    state = started(2)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "zorro")
    state["players"]["p0"]["figure"] = "bank"
    state["owners"]["bank"] = "p1"
    after, _ = act(state, "p0", "drive 1")
    after, events = act(after, "p1", "give peso")
    assert "stay" in kinds(events) and after["players"]["p0"]["figure"] == "bank"
    assert after["step"] == "use" and after["pending"]["building"] == "bank"
    # rulebook 2011, B. Use a building: the owner scores at the end of the turn, also after a stay
    assert after["players"]["p1"]["vp"] == 2 and "owner_vp" not in kinds(events)
    after, events = act(after, "p0", "use")
    assert after["players"]["p0"]["pesos"] == 3 + 1 + 2
    assert after["players"]["p1"]["vp"] == 3 and "owner_vp" in kinds(events)


def test_alonso_claims_any_unowned_building_then_moves_the_figure_to_white():
    state, (after, _) = visit("alonso")
    state = after
    state["owners"]["casino"] = "p1"
    legal = [str(a) for a in RULES.legal(state, "p0")]
    assert (
        "claim casino" not in legal and "claim bank" in legal and not any(a.startswith("run") for a in legal)
    )
    after, events = act(state, "p0", "claim customs")
    assert after["owners"]["customs"] == "p0" and after["players"]["p0"]["markers"] == 2
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS["white"]
    assert "already carries" in assert_illegal_changes_nothing(RULES, state, "p0", "claim casino")


def test_alonso_uses_an_owned_building_even_under_another_figure_then_the_figure_moves():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "alonso")
    state["owners"]["bank"] = "p0"
    state["players"]["p1"]["figure"] = "bank"
    state["players"]["p0"]["markers"] = 2
    after, _ = act(state, "p0", "drive 1")
    assert "run bank" in [str(a) for a in RULES.legal(after, "p0")]
    after, events = act(after, "p0", "run bank")
    assert after["step"] == "use" and after["pending"] == {
        "building": "bank",
        "via": "alonso",
        "then": {"kind": "go", "colour": "white"},
    }
    after, events = act(after, "p0", "use")
    assert after["players"]["p0"]["pesos"] == 5 and after["players"]["p0"]["figure"] is None
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS["white"]
    assert after["players"]["p0"]["vp"] == 2  # no VP for one's own building


def test_alonso_with_nothing_to_claim_or_use_goes_straight_to_the_building_step():
    state = started(2)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "alonso")
    state["owners"] = {b: "p1" for b in d.BUILDINGS}
    after, events = act(state, "p0", "drive 1")
    assert "alonso_nothing" in kinds(events) and after["step"] == "go"
    # p1 owns every white building: p0's turn ends on one of them and pays p1 1 VP
    after, _ = act(after, "p0", "go office")
    assert after["players"]["p1"]["vp"] == 2
    after, _ = act(after, "p0", "skip")
    assert after["players"]["p1"]["vp"] == 3


def test_alonso_is_optional_the_figure_then_moves_as_usual():
    """Rulebook 2011, A.: "If you stop the car at a Cuban, you may immediately use his/her
    function" — Alonso's too: neither a marker nor a building, then the white building step."""
    state, (after, _) = visit("alonso")
    assert "skip" in [str(a) for a in RULES.legal(after, "p0")]
    after, events = act(after, "p0", "skip")
    assert kinds(events)[0] == "alonso_skip" and after["owners"] == {}
    assert after["players"]["p0"]["markers"] == 3
    assert after["step"] == "go" and after["pending"]["options"] == STANDARD_DISTRICTS["white"]


# ---- the building step -------------------------------------------------------------------------


def test_the_figure_must_leave_its_building_for_another_of_the_colour():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    state["players"]["p0"]["figure"] = "bank"
    after, _ = act(state, "p0", "drive 1")
    assert after["pending"]["options"] == ["church", "distillery"]
    after, events = act(after, "p0", "go distillery")
    assert after["players"]["p0"]["figure"] == "distillery" and after["step"] == "use"


def test_a_single_free_building_is_taken_at_once():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    state["players"]["p1"]["figure"] = "bank"
    state["players"]["p2"]["figure"] = "church"
    after, events = act(state, "p0", "drive 1")
    assert after["players"]["p0"]["figure"] == "distillery" and after["step"] == "use"


def test_with_no_free_building_the_figure_stays_and_may_use_its_building_again():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    state["players"]["p0"]["figure"] = "bank"
    state["players"]["p1"]["figure"] = "church"
    state["players"]["p2"]["figure"] = "distillery"
    after, events = act(state, "p0", "drive 1")
    assert "no_free_building" in kinds(events) and "stay" in kinds(events)
    assert after["players"]["p0"]["figure"] == "bank" and after["pending"]["building"] == "bank"


def test_an_off_board_figure_with_no_free_building_does_nothing():
    state = started(4)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    for seat, b in zip(["p1", "p2", "p3"], STANDARD_DISTRICTS["yellow"], strict=True):
        state["players"][seat]["figure"] = b
    after, _ = act(state, "p0", "drive 1")
    assert after["players"]["p0"]["figure"] is None and RULES.to_act(after) == ["p1"]


def test_the_owner_scores_when_another_figure_visits_but_not_on_its_own_visit():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    state["owners"] = {"church": "p1", "distillery": "p0"}
    after, _ = act(state, "p0", "drive 1")
    church, events = act(after, "p0", "go church")
    assert church["players"]["p1"]["vp"] == 2 and "owner_vp" not in kinds(events)
    # rulebook 2011: "at the end of your turn" — whether or not the effect is used
    church, events = act(church, "p0", "skip")
    assert church["players"]["p1"]["vp"] == 3 and kinds(events)[:2] == ["skip", "owner_vp"]
    own, _ = act(after, "p0", "go distillery")
    own, events = act(own, "p0", "skip")
    assert "owner_vp" not in kinds(events) and own["players"]["p0"]["vp"] == 2
