"""The five characters and their alternatives (rules/cuba.md §6.2)."""

import pytest

from engine.cuba import RULES
from engine.cuba.rules.common import new_ship
from tests.contract import assert_illegal_changes_nothing
from tests.cuba.helpers import (
    act,
    acts,
    check_conservation,
    clear_farm,
    give,
    kinds,
    place_building,
    play_card,
    started,
)

# Layout A:  row 0: WH F C S / row 1: T L M C / row 2: M S F T


# ---- worker --------------------------------------------------------------------------------


def test_worker_worked_example_row_and_column_two_products():
    """The rulebook example: 1 stone, 2 wood, 1 citrus, 1 tobacco (board B4, figure on 1,2)."""
    s = started(3, individual_plantations=True)
    s["players"]["p0"]["layout"] = "B4"
    clear_farm(s, "p0")
    s = play_card(s, "p0", "worker")
    s, events = act(s, "p0", "worker 1 2")
    farm = s["players"]["p0"]["farm"]
    assert (farm["wood"], farm["stone"], farm["water"]) == (2, 1, 0)
    s, _ = act(s, "p0", "field 1 2")
    assert s["step"] == "worker_fields"
    s, _ = act(s, "p0", "field 0 2")
    farm = s["players"]["p0"]["farm"]
    assert {k: v for k, v in farm.items() if v} == {"wood": 2, "stone": 1, "citrus": 1, "tobacco": 1}
    # two product fields used, no water: the worker's turn is over
    assert s["step"] == "play_card" and RULES.to_act(s) == ["p1"]
    check_conservation(s)


def test_worker_third_field_needs_water_and_new_water_counts():
    s = started(3)
    clear_farm(s, "p0")
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 1 1")  # lake: 1 water, mountain 1 stone, forest 1 wood
    assert s["players"]["p0"]["farm"]["water"] == 1
    s, _ = acts(s, [("p0", "field 1 0"), ("p0", "field 1 3")])
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "field 2 1")
    assert "discard a water" in msg
    s, _ = act(s, "p0", "use water")
    s, _ = act(s, "p0", "field 2 1")
    farm = s["players"]["p0"]["farm"]
    assert (farm["tobacco"], farm["citrus"], farm["sugar"], farm["water"]) == (1, 1, 1, 0)
    assert s["step"] == "play_card"  # no field left


def test_worker_no_field_twice_and_not_outside_the_cross():
    s = started(3)
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 1 1")
    s, _ = act(s, "p0", "field 1 0")
    assert_illegal_changes_nothing(RULES, s, "p0", "field 1 0")
    assert_illegal_changes_nothing(RULES, s, "p0", "field 0 2")


def test_worker_drought_one_product_field():
    s = started(3)
    s["statutes"]["IV"] = "drought"
    clear_farm(s, "p0")
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 2 2")  # row 2 + column 2: S, T and C(0,2), no lake
    s, _ = act(s, "p0", "field 2 1")
    assert s["step"] == "play_card"  # no water: the single field is the limit


def test_buildings_cover_fields():
    s = started(3)
    clear_farm(s, "p0")
    place_building(s, "p0", "inn", 1, 2)  # covers the mountain
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 1 1")
    farm = s["players"]["p0"]["farm"]
    assert (farm["water"], farm["stone"], farm["wood"]) == (1, 0, 1)


def test_worker_limited_by_supply():
    s = started(3)
    clear_farm(s, "p1")
    give(s, "p1", water=s["supply"]["water"])
    clear_farm(s, "p0")
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 1 1")
    assert s["players"]["p0"]["farm"]["water"] == 0
    check_conservation(s)


# ---- trader --------------------------------------------------------------------------------


def test_trader_ladder_prices_and_fallbacks():
    s = started(3)
    s["players"]["p0"]["pesos"] = 100
    s = play_card(s, "p0", "trader")
    paid = []
    for _ in range(5):
        before = s["players"]["p0"]["pesos"]
        s, _ = act(s, "p0", "buy citrus")
        paid.append(before - s["players"]["p0"]["pesos"])
    assert paid == [4, 5, 6, 7, 7]  # the last two from the supply
    assert s["market"]["citrus"] == 0
    got = []
    for _ in range(6):
        before = s["players"]["p0"]["pesos"]
        s, _ = act(s, "p0", "sell citrus")
        got.append(s["players"]["p0"]["pesos"] - before)
    assert got == [6, 5, 4, 3, 2, 1]  # the row is full at 5: then 1 peso to the supply
    assert s["market"]["citrus"] == 5
    check_conservation(s)


def test_trader_goods_prices():
    s = started(3)
    give(s, "p0", rum=3)
    s = play_card(s, "p0", "trader")
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "buy rum")) == "Buy rum · 5"
    s, _ = act(s, "p0", "sell rum")  # row 6,5 occupied → sells on the 4
    assert s["players"]["p0"]["pesos"] == 14
    s, _ = act(s, "p0", "sell rum")  # full → 3 from the supply
    assert s["players"]["p0"]["pesos"] == 17
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "sell cigar")
    assert msg == "You have no cigars to sell."


def test_trader_cannot_buy_beyond_money():
    s = started(3)
    s["players"]["p0"]["pesos"] = 3
    s = play_card(s, "p0", "trader")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "buy sugar")
    assert msg == "Buying sugar cane costs 4 pesos; you have 3."


def test_trader_free_resource_once_per_round():
    s = started(3)
    s = play_card(s, "p0", "trader")
    s, events = act(s, "p0", "take water")
    assert s["players"]["p0"]["farm"]["water"] == 1 and s["markers"]["trader_resource"] == "p0"
    assert s["step"] == "play_card"
    s = play_card(s, "p1", "trader")
    msg = assert_illegal_changes_nothing(RULES, s, "p1", "take wood")
    assert msg == "The free resource was already taken this round."
    s, _ = act(s, "p1", "take citrus")  # the product alternative is still free
    assert s["markers"]["trader_product"] == "p1"


def test_trader_free_product_is_the_cheapest():
    s = started(3)
    s["market"]["citrus"] -= 1
    s["supply"]["citrus"] += 1  # citrus now 5, sugar and tobacco 4
    s = play_card(s, "p0", "trader")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "take citrus")
    assert "sugar cane, tobacco" in msg  # the market's own names (issue 27)
    s, _ = act(s, "p0", "take tobacco")
    assert s["players"]["p0"]["farm"]["tobacco"] == 1


def test_trader_alternative_not_after_trading():
    s = started(3)
    s = play_card(s, "p0", "trader")
    s, _ = act(s, "p0", "sell citrus")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "take wood")
    assert "already traded" in msg
    s, _ = act(s, "p0", "done")
    assert s["step"] == "play_card"


def test_trader_sells_from_the_warehouse():
    s = started(3)
    clear_farm(s, "p0")
    s["supply"]["tobacco"] -= 1
    s["players"]["p0"]["store"]["tobacco"] = 1
    s = play_card(s, "p0", "trader")
    s, _ = act(s, "p0", "sell tobacco")
    assert s["players"]["p0"]["store"]["tobacco"] == 0
    check_conservation(s)


# ---- architect -----------------------------------------------------------------------------


def test_architect_builds_and_pays():
    s = started(3)
    give(s, "p0", wood=1, stone=1)
    s = play_card(s, "p0", "architect")
    s, events = act(s, "p0", "build cigar_factory at 2 1")
    p = s["players"]["p0"]
    assert p["buildings"] == [["cigar_factory", 2, 1]] and p["farm"]["wood"] == 0 and p["farm"]["stone"] == 0
    assert s["buildings_left"]["cigar_factory"] == 1
    assert "build" in kinds(events)
    check_conservation(s)


def test_architect_refusals():
    s = started(3)
    s = play_card(s, "p0", "architect")
    give(s, "p0", stone=1)
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "build cigar_factory at 2 1")
    assert msg == "The cigar factory needs 2 wood and 2 stone; you have 1 wood and 2 stone."
    give(s, "p0", wood=1)
    assert_illegal_changes_nothing(RULES, s, "p0", "build cigar_factory at 0 0")
    place_building(s, "p0", "inn", 2, 1)
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "build cigar_factory at 2 1")
    assert msg == "There is already a building on field B3."
    # under the figure and on the lake is allowed
    s["players"]["p0"]["figure"] = [1, 1]
    s, _ = act(s, "p0", "build cigar_factory 1 1")
    assert ["cigar_factory", 1, 1] in s["players"]["p0"]["buildings"]


def test_architect_building_statute_costs_two_pesos():
    s = started(3)
    s["statutes"]["IV"] = "building"
    give(s, "p0", wood=1, stone=1)
    s = play_card(s, "p0", "architect")
    s, _ = act(s, "p0", "build distillery at 2 2")
    assert s["players"]["p0"]["pesos"] == 8
    s["players"]["p1"]["pesos"] = 1
    give(s, "p1", wood=1, stone=1)
    s = play_card(s, "p1", "architect")
    msg = assert_illegal_changes_nothing(RULES, s, "p1", "build distillery at 2 2")
    assert msg == "The Building statute makes you pay 2 pesos; you have 1."


def test_architect_alternative_two_then_one_then_nothing():
    s = started(3)
    gained = []
    for seat in ("p0", "p1", "p2"):
        s = play_card(s, seat, "architect")
        before = s["players"][seat]["vp"]
        s, _ = act(s, seat, "take vp")
        gained.append(s["players"][seat]["vp"] - before)
    assert gained == [2, 1, 0]
    assert s["markers"]["architect_2vp"] == "p0" and s["markers"]["architect_1vp"] == "p1"


# ---- mayor ---------------------------------------------------------------------------------


@pytest.mark.parametrize("berth,vp", [(1, 1), (2, 2), (3, 3)])
def test_mayor_scores_by_berth(berth, vp):
    s = started(3)
    if s["berths"][2] is None:
        s["berths"][2] = new_ship(s["deck"].pop(0))
    ship = s["berths"][berth - 1]
    from engine.cuba.data import SHIPS

    types = SHIPS[ship["id"]]
    clear_farm(s, "p0")
    piece = types[-1]
    n = types.count(piece)
    give(s, "p0", **{piece: n})
    s = play_card(s, "p0", "mayor")
    s, events = act(s, "p0", f"ship {berth} " + " ".join([piece] * n))
    assert s["players"]["p0"]["vp"] == vp * n
    check_conservation(s)


def test_mayor_only_matching_free_spaces():
    s = started(3)
    from engine.cuba.data import SHIPS

    ship = s["berths"][0]
    missing = [p for p in ("citrus", "sugar", "tobacco", "rum", "cigar") if p not in SHIPS[ship["id"]]][0]
    give(s, "p0", **{missing: 1})
    s = play_card(s, "p0", "mayor")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", f"ship 1 {missing}")
    assert "has 0 free spaces" in msg
    assert_illegal_changes_nothing(RULES, s, "p0", "ship 3 citrus")  # berth 3 empty in round 1


def test_mayor_alternative_four_then_two_then_nothing():
    s = started(3)
    gained = []
    for seat in ("p0", "p1", "p2"):
        s = play_card(s, seat, "mayor")
        before = s["players"][seat]["pesos"]
        s, _ = act(s, seat, "take pesos")
        gained.append(s["players"][seat]["pesos"] - before)
    assert gained == [4, 2, 0]


def test_mayor_harbour_statute_full_ship_leaves_at_once():
    s = started(3)
    from engine.cuba.data import SHIPS

    s["round"] = 2
    s["berths"][2] = new_ship(s["deck"].pop(0))
    s["statutes"]["IV"] = "harbour"
    ship = s["berths"][0]
    sea, b2, b3 = s["sea"]["id"], s["berths"][1]["id"], s["berths"][2]["id"]
    top = s["deck"][0]
    types = list(SHIPS[ship["id"]])
    clear_farm(s, "p0")
    for t in types:
        give(s, "p0", **{t: 1})
    s = play_card(s, "p0", "mayor")
    s, events = act(s, "p0", "ship 1 " + " ".join(types))
    assert s["players"]["p0"]["vp"] == 5
    assert "ship_leaves" in kinds(events)
    assert [x["id"] for x in s["berths"]] == [sea, b2, b3]
    assert s["sea"]["id"] == top and s["deck"][-1] == ship["id"]
    check_conservation(s)


def test_mayor_without_harbour_statute_full_ship_stays():
    s = started(3)
    from engine.cuba.data import SHIPS

    ship = s["berths"][0]
    types = list(SHIPS[ship["id"]])
    clear_farm(s, "p0")
    for t in types:
        give(s, "p0", **{t: 1})
    s = play_card(s, "p0", "mayor")
    s, events = act(s, "p0", "ship 1 " + " ".join(reversed(types)))
    assert s["berths"][0]["id"] == ship["id"] and all(s["berths"][0]["filled"])
    check_conservation(s)


def test_played_card_cannot_be_played_again():
    s = started(3)
    s = play_card(s, "p0", "mayor")
    s, _ = act(s, "p0", "take pesos")
    s["turn"] = 0
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "play mayor")
    assert msg == "You have already played the mayor this round."
