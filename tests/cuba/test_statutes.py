"""The statute phase, group by group (rules/cuba.md §4, §6.4)."""

import pytest

from engine.cuba import RULES
from engine.cuba.rules.statutes import begin_statutes
from tests.contract import assert_illegal_changes_nothing
from tests.cuba.helpers import act, acts, check_conservation, clear_farm, give, place_building, started


def statute_phase(s: dict, **statutes: str | None) -> tuple[dict, list]:
    """Set the statutes in force (I=…, II=…) and start the statute phase, p0 first."""
    for group, sid in statutes.items():
        s["statutes"][group] = sid
    for seat in s["seats"]:
        s["players"][seat]["card"] = "mayor"
    s["proposals"] = {g: None for g in ("I", "II", "III", "IV")}
    events: list = []
    begin_statutes(s, events)
    return s, events


def test_tax_and_duty_worked_example_two_plus_two_plus_one():
    s, _ = statute_phase(started(3))
    assert s["step"] == "pay_tax" and RULES.to_act(s) == ["p0"]
    s, _ = acts(s, [("p0", "pay tax"), ("p1", "pay tax"), ("p2", "skip tax")])
    assert s["step"] == "pay_duty" and RULES.to_act(s) == ["p0"]
    s, _ = acts(s, [("p0", "pay duty"), ("p1", "skip duty"), ("p2", "pay duty")])
    vp = {seat: s["players"][seat]["vp"] for seat in s["seats"]}
    assert vp == {"p0": 5, "p1": 2, "p2": 2}
    assert s["players"]["p0"]["pesos"] == 8 and s["players"]["p0"]["farm"]["citrus"] == 0
    check_conservation(s)


def test_tax_duty_bonus_option_off():
    s, _ = statute_phase(started(3, tax_duty_bonus=False))
    s, _ = acts(s, [("p0", "pay tax"), ("p1", "skip tax"), ("p2", "skip tax"), ("p0", "pay duty")])
    assert s["players"]["p0"]["vp"] == 4


@pytest.mark.parametrize("amount", [1, 2, 3, 4, 5])
def test_tax_cards(amount):
    s, _ = statute_phase(started(3), I=f"tax_{amount}", II=None)
    s, ev = act(s, "p0", "pay tax")
    assert s["players"]["p0"]["pesos"] == 10 - amount and s["players"]["p0"]["vp"] == 2


def test_tax_cannot_be_paid_without_money():
    s = started(3)
    s["players"]["p0"]["pesos"] = 4
    s, events = statute_phase(s, I="tax_5", II=None)
    assert RULES.to_act(s) == ["p1"]
    assert [e.seat for e in events if e.kind == "tax_unpaid"] == ["p0"]


def test_tax_per_building():
    s = started(3)
    place_building(s, "p0", "inn", 1, 1)
    place_building(s, "p0", "hotel", 2, 2)
    s, events = statute_phase(s, I="tax_per_building", II=None)
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "pay tax")) == "Pay tax · 2"
    s, ev = act(s, "p0", "pay tax")
    assert s["players"]["p0"]["pesos"] == 8 and s["players"]["p0"]["vp"] == 2
    # no building: nothing to pay and so no tax VP (official rulebook, D Statute phase, Tax Acts
    # (I): "If you pay taxes to the stock ... you earn 2 victory points; if you cannot ...,
    # naturally you get nothing"); nobody asks p1 or p2
    assert s["players"]["p1"]["vp"] == 0 and s["players"]["p1"]["pesos"] == 10
    assert [(e.seat, e.data["reason"]) for e in ev if e.kind == "tax_unpaid"] == [
        ("p1", "nothing_due"),
        ("p2", "nothing_due"),
    ]
    assert s["phase"] != "statutes" or RULES.to_act(s) != ["p1"]


@pytest.mark.parametrize(
    "sid,piece",
    [
        ("duty_citrus", "citrus"),
        ("duty_sugar", "sugar"),
        ("duty_tobacco", "tobacco"),
        ("duty_water", "water"),
    ],
)
def test_duty_single_piece(sid, piece):
    s = started(3)
    clear_farm(s, "p0")
    give(s, "p0", **{piece: 1})
    s, _ = statute_phase(s, I=None, II=sid)
    s, _ = act(s, "p0", "pay duty")
    assert s["players"]["p0"]["vp"] == 2 and s["players"]["p0"]["farm"][piece] == 0
    check_conservation(s)


def test_duty_missing_piece_passes_the_player():
    s = started(3)
    clear_farm(s, "p0")
    s, events = statute_phase(s, I=None, II="duty_tobacco")
    assert s["step"] != "pay_duty"  # nobody holds tobacco: the phase went on
    assert [e.seat for e in events if e.kind == "duty_unpaid"] == ["p0", "p1", "p2"]


def test_duty_two_resources_and_two_products():
    s = started(3)
    s, _ = statute_phase(s, I=None, II="duty_2_resources")
    assert_illegal_changes_nothing(RULES, s, "p0", "pay duty wood wood")
    s, _ = act(s, "p0", "pay duty stone wood")
    p = s["players"]["p0"]
    assert p["vp"] == 2 and p["farm"]["wood"] == 0 and p["farm"]["stone"] == 0
    s = started(3)
    clear_farm(s, "p0")
    give(s, "p0", sugar=1)
    s["supply"]["sugar"] -= 1
    s["players"]["p0"]["store"]["sugar"] = 1  # stored products may pay the duty too
    s, _ = statute_phase(s, I=None, II="duty_2_products")
    s, _ = act(s, "p0", "pay duty sugar sugar")
    assert s["players"]["p0"]["store"]["sugar"] == 0 and s["players"]["p0"]["vp"] == 2
    check_conservation(s)


def _subsidy(s: dict, sid: str) -> dict[str, int]:
    s, _ = statute_phase(s, I=None, II=None, III=sid)
    return {seat: s["players"][seat]["vp"] for seat in s["seats"]}


def test_subsidy_buildings():
    s = started(3)
    place_building(s, "p1", "inn", 1, 1)
    place_building(s, "p1", "dam", 1, 2)
    assert _subsidy(s, "subsidy_buildings") == {"p0": 0, "p1": 2, "p2": 0}


def test_subsidy_open_fields():
    s = started(3)
    place_building(s, "p1", "inn", 1, 1)  # covers the lake
    assert _subsidy(s, "subsidy_resource_fields") == {"p0": 5, "p1": 4, "p2": 5}
    s = started(3)
    place_building(s, "p2", "inn", 0, 2)  # covers a citrus field
    assert _subsidy(s, "subsidy_product_fields") == {"p0": 6, "p1": 6, "p2": 5}


def test_subsidy_water_capped_at_seven():
    s = started(3)
    give(s, "p0", water=9)
    give(s, "p1", water=3)
    assert _subsidy(s, "subsidy_water") == {"p0": 7, "p1": 3, "p2": 0}


def test_subsidy_card_votes():
    s = started(3)
    s, _ = statute_phase(s, I=None, II=None)
    s = started(3)
    for g in ("I", "II"):
        s["statutes"][g] = None
    s["statutes"]["III"] = "subsidy_votes"
    s["proposals"] = {g: None for g in ("I", "II", "III", "IV")}
    cards = {"p0": "worker", "p1": "architect", "p2": "mayor"}
    for seat, card in cards.items():
        s["players"][seat]["card"] = card
    s["players"]["p2"]["town_hall"] = True  # town-hall votes do not count
    begin_statutes(s, [])
    assert {seat: s["players"][seat]["vp"] for seat in s["seats"]} == {"p0": 1, "p1": 3, "p2": 5}


def test_subsidy_money_one_per_three_pesos_capped():
    s = started(3)
    s["players"]["p0"]["pesos"] = 30
    s["players"]["p1"]["pesos"] = 8
    assert _subsidy(s, "subsidy_money") == {"p0": 7, "p1": 2, "p2": 3}


def test_subsidy_money_counted_after_tax():
    s = started(3)
    s["players"]["p0"]["pesos"] = 12
    s, _ = statute_phase(s, I="tax_1", II=None, III="subsidy_money")
    s, _ = acts(s, [("p0", "pay tax"), ("p1", "skip tax"), ("p2", "skip tax")])
    assert s["players"]["p0"]["vp"] == 2 + 3  # 11 pesos → 3 VP


def test_market_minus_two_and_plus_two():
    s = started(3)
    statute_phase(s, I=None, II=None, IV="market_minus_2")
    assert [s["market"][p] for p in ("citrus", "sugar", "tobacco")] == [1, 1, 1]
    assert s["market"]["rum"] == 2
    check_conservation(s)
    s = started(3)
    s["market"]["citrus"] = 4
    s["supply"]["citrus"] -= 1
    s["market"]["tobacco"] = 0
    s["supply"]["tobacco"] += 3
    statute_phase(s, I=None, II=None, IV="market_plus_2")
    assert [s["market"][p] for p in ("citrus", "sugar", "tobacco")] == [5, 5, 2]
    check_conservation(s)


def test_market_statute_limited_by_supply():
    s = started(3)
    give(s, "p1", sugar=s["supply"]["sugar"] - 1)
    statute_phase(s, I=None, II=None, IV="market_plus_2")
    assert s["market"]["sugar"] == 4
    check_conservation(s)


def test_statutes_enacted_this_round_apply_at_once():
    from tests.cuba.helpers import play_round_cards
    from tests.cuba.test_parliament import PLAN_A

    s = started(3)
    s["piles"]["I"][0] = "tax_1"
    s["proposals"]["I"] = {"id": "tax_1", "vetoed": False}
    s, _ = play_round_cards(s, PLAN_A)
    s, _ = acts(s, [("p0", "bid 2"), ("p1", "bid 0"), ("p2", "bid 0"), ("p0", "enact I II")])
    assert s["step"] == "pay_tax"
    before = s["players"][RULES.to_act(s)[0]]["pesos"]
    seat = RULES.to_act(s)[0]
    s, _ = act(s, seat, "pay tax")
    assert s["players"][seat]["pesos"] == before - 1


def test_market_statute_acts_in_every_statute_phase():
    s = started(3)
    statute_phase(s, I=None, II=None, IV="market_minus_2")
    assert s["market"]["citrus"] == 1 and s["round"] == 2
    statute_phase(s, I=None, II=None, IV="market_minus_2")
    assert s["market"]["citrus"] == 0 and s["round"] == 3
    check_conservation(s)
