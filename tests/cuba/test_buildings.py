"""Every building, used by the Foreman (rules/cuba.md §5, §6.2.4)."""

import pytest

from engine.cuba import RULES
from engine.cuba.data import SHIPS
from tests.contract import assert_illegal_changes_nothing
from tests.cuba.helpers import (
    act,
    check_conservation,
    clear_farm,
    give,
    kinds,
    place_building,
    play_card,
    started,
)


def foreman_with(building: str, row: int = 1, col: int = 1, **pieces: int) -> dict:
    """p0 owns ``building`` on (row, col), holds only ``pieces`` and plays the Foreman."""
    s = started(3)
    clear_farm(s, "p0")
    give(s, "p0", **pieces)
    place_building(s, "p0", building, row, col)
    return play_card(s, "p0", "foreman")


def used(s: dict, text: str) -> tuple[dict, dict, list]:
    before = {k: v for k, v in s["players"]["p0"].items()}
    before = RULES.dump(s)["players"]["p0"]
    s, events = act(s, "p0", text)
    check_conservation(s)
    return s, before, events


def test_cement_factory_worked_example_up_to_four_stone():
    s = foreman_with("cement_factory", stone=5)
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 5")
    s, _, _ = used(s, "use 1 1 4")
    p = s["players"]["p0"]
    assert p["vp"] == 4 and p["farm"]["stone"] == 1
    assert s["step"] == "play_card"  # a building outside the row and column: one use only


@pytest.mark.parametrize("building,piece", [("sawmill", "wood"), ("golf_course", "water")])
def test_resource_to_vp_buildings(building, piece):
    s = foreman_with(building, **{piece: 3})
    s, _, _ = used(s, "use 1 1 3")
    assert s["players"]["p0"]["vp"] == 3 and s["players"]["p0"]["farm"][piece] == 0


def test_convent_two_products():
    s = foreman_with("convent", citrus=2, tobacco=1)
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 citrus citrus tobacco")
    s, _, _ = used(s, "use 1 1 tobacco citrus")
    p = s["players"]["p0"]
    assert p["vp"] == 2 and p["farm"]["citrus"] == 1 and p["farm"]["tobacco"] == 0


@pytest.mark.parametrize("building,piece", [("rum_bar", "rum"), ("tobacco_bar", "cigar")])
def test_bars_two_vp_per_good_up_to_three(building, piece):
    s = foreman_with(building, **{piece: 4})
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 4")
    s, _, _ = used(s, "use 1 1 3")
    assert s["players"]["p0"]["vp"] == 6 and s["players"]["p0"]["farm"][piece] == 1


def _berth_with(s: dict, count: int) -> tuple[int, str]:
    for berth, ship in enumerate(s["berths"]):
        if ship is None:
            continue
        types = SHIPS[ship["id"]]
        for t in types:
            if types.count(t) >= count:
                return berth + 1, t
    raise AssertionError("no ship with that many spaces of one type")


def test_small_office_loads_one_piece_for_berth_vp():
    s = started(3)
    berth, piece = _berth_with(s, 1)
    clear_farm(s, "p0")
    give(s, "p0", **{piece: 2})
    place_building(s, "p0", "small_office", 1, 1)
    s = play_card(s, "p0", "foreman")
    assert_illegal_changes_nothing(RULES, s, "p0", f"use 1 1 {berth} {piece} 2")
    s, _, events = used(s, f"use 1 1 {berth} {piece} 1")
    assert s["players"]["p0"]["vp"] == berth
    assert "ship" in kinds(events)


def test_large_office_loads_one_kind_only():
    s = started(3)
    berth, piece = _berth_with(s, 2)
    clear_farm(s, "p0")
    give(s, "p0", **{piece: 2}, rum=1, citrus=1)
    place_building(s, "p0", "large_office", 1, 1)
    s = play_card(s, "p0", "foreman")
    assert_illegal_changes_nothing(RULES, s, "p0", f"use 1 1 {berth} rum citrus")
    s, _, _ = used(s, f"use 1 1 {berth} {piece} 2")
    assert s["players"]["p0"]["vp"] == 2 * berth


def test_large_office_has_no_limit_but_the_free_spaces(monkeypatch):
    """Official rulebook, Appendix, Large Branch Office: "supplies a ship with any number of one
    kind of merchandise" (no cap of 2). Our ship cards are reconstructed and carry at most two
    spaces of a kind, so a ship of five citrus spaces shows the rule."""
    monkeypatch.setitem(SHIPS, 99, ("citrus",) * 5)
    s = started(3)
    assert not any(s["berths"][1]["filled"])
    s["berths"][1] = {"id": 99, "filled": [True, False, False, False, False]}  # an empty ship swapped
    s["supply"]["citrus"] -= 1  # the piece already on the ship
    clear_farm(s, "p0")
    give(s, "p0", citrus=5)
    place_building(s, "p0", "large_office", 1, 1)
    s = play_card(s, "p0", "foreman")
    loads = sorted(
        a.args[4] for a in RULES.legal(s, "p0") if a.kind == "use" and a.args[2:4] == (2, "citrus")
    )
    assert loads == [1, 2, 3, 4]  # four free citrus spaces; the fifth piece has no space
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 2 citrus 5")
    s, _, _ = used(s, "use 1 1 2 citrus 4")
    assert s["players"]["p0"]["vp"] == 4 * 2 and s["players"]["p0"]["farm"]["citrus"] == 1


def test_office_can_fill_a_ship_that_leaves_under_harbour_statute():
    s = started(3)
    s["statutes"]["IV"] = "harbour"
    ship = s["berths"][0]
    types = SHIPS[ship["id"]]
    clear_farm(s, "p0")
    last = types[0]
    for i, t in enumerate(types):
        if t != last or i != 0:
            pass
    # fill all spaces but one directly, then the office loads the last piece
    for i in range(1, 5):
        ship["filled"][i] = True
        s["supply"][types[i]] -= 1
    give(s, "p0", **{last: 1})
    place_building(s, "p0", "small_office", 1, 1)
    s = play_card(s, "p0", "foreman")
    s, _, events = used(s, f"use 1 1 1 {last} 1")
    assert "ship_leaves" in kinds(events) and s["deck"][-1] == ship["id"]


@pytest.mark.parametrize("building,vp", [("hotel", 2), ("inn", 1)])
def test_hotel_and_inn(building, vp):
    s = foreman_with(building)
    s, _, _ = used(s, "use 1 1")
    assert s["players"]["p0"]["vp"] == vp


@pytest.mark.parametrize("building,pesos", [("small_bank", 2), ("large_bank", 4)])
def test_banks(building, pesos):
    s = foreman_with(building)
    s, _, _ = used(s, "use 1 1")
    assert s["players"]["p0"]["pesos"] == 10 + pesos


def test_shop_sells_one_good_for_six():
    s = foreman_with("shop", rum=2, citrus=1)
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 rum rum")
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 citrus")
    s, _, _ = used(s, "use 1 1 rum")
    assert s["players"]["p0"]["pesos"] == 16 and s["players"]["p0"]["farm"]["rum"] == 1


def test_workshop_sells_one_product_for_four():
    s = foreman_with("workshop", sugar=2)
    s, _, _ = used(s, "use 1 1 sugar")
    assert s["players"]["p0"]["pesos"] == 14 and s["players"]["p0"]["farm"]["sugar"] == 1


def test_resource_shed_sells_up_to_two_resources():
    s = foreman_with("resource_shed", wood=1, stone=2)
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 wood stone stone")
    s, _, _ = used(s, "use 1 1 wood stone")
    p = s["players"]["p0"]
    assert p["pesos"] == 14 and p["farm"]["wood"] == 0 and p["farm"]["stone"] == 1


@pytest.mark.parametrize(
    "building,source,target", [("cigar_factory", "tobacco", "cigar"), ("distillery", "sugar", "rum")]
)
def test_factories_any_number(building, source, target):
    s = foreman_with(building, **{source: 6})
    s, _, _ = used(s, "use 1 1 6")
    p = s["players"]["p0"]
    assert p["farm"][source] == 0 and p["farm"][target] == 6


def test_factory_limited_by_the_supply():
    s = started(3)
    clear_farm(s, "p0")
    give(s, "p0", tobacco=5)
    give(s, "p1", cigar=s["supply"]["cigar"] - 2)
    place_building(s, "p0", "cigar_factory", 1, 1)
    s = play_card(s, "p0", "foreman")
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 3")
    s, _, _ = used(s, "use 1 1 2")
    assert s["players"]["p0"]["farm"]["cigar"] == 2


def test_black_market_either_way():
    s = foreman_with("black_market", citrus=1)
    assert_illegal_changes_nothing(RULES, s, "p0", "use 1 1 citrus sugar")
    s, _, _ = used(s, "use 1 1 citrus rum")
    assert s["players"]["p0"]["farm"]["rum"] == 1 and s["players"]["p0"]["farm"]["citrus"] == 0
    s = foreman_with("black_market", cigar=1)
    s, _, _ = used(s, "use 1 1 cigar tobacco")
    assert s["players"]["p0"]["farm"]["tobacco"] == 1


def test_dam_gives_two_water():
    s = foreman_with("dam")
    s, _, _ = used(s, "use 1 1")
    assert s["players"]["p0"]["farm"]["water"] == 2


def test_town_hall_two_votes():
    s = foreman_with("town_hall")
    s, _, _ = used(s, "use 1 1")
    assert s["players"]["p0"]["town_hall"]
    from engine.cuba.rules.parliament import votes

    s["players"]["p0"]["card"] = "trader"
    assert votes(s, "p0") == 4


def test_church_veto_on_use_and_blocked_next_round():
    s = foreman_with("church")
    s, _, events = used(s, "use 1 1 II")
    assert s["proposals"]["II"]["vetoed"] and s["vetoed_group"] == "II"
    assert "veto" in kinds(events)
    assert RULES.view(s, None)["proposals"]["II"]["vetoed"] is True
    # the next round, group II may not be vetoed
    s["veto_blocked"] = "II"
    s["proposals"]["II"]["vetoed"] = False
    s["players"]["p1"]["buildings"] = []
    s2 = started(3)
    clear_farm(s2, "p0")
    place_building(s2, "p0", "church", 1, 1)
    s2["veto_blocked"] = "II"
    s2 = play_card(s2, "p0", "foreman")
    msg = assert_illegal_changes_nothing(RULES, s2, "p0", "use 1 1 II")
    assert "not a way to use the church" in msg
    s2, _ = act(s2, "p0", "use 1 1 iii")  # group words are read in any case
    assert s2["proposals"]["III"]["vetoed"]


def test_lighthouse_swaps_sea_ship_with_a_deck_ship():
    s = foreman_with("lighthouse")
    assert RULES.private_choices(s, "p0")
    old = s["sea"]["id"]
    wanted = s["deck"][5]
    s, _, events = used(s, f"use 1 1 {wanted}")
    assert s["sea"]["id"] == wanted and s["deck"][-1] == old and wanted not in s["deck"]
    assert any(e.kind == "use" and e.reveals_hidden for e in events)


def test_warehouse_stores_products_past_the_end_of_round():
    s = foreman_with("inn", citrus=2, sugar=1, wood=1)  # figure on 0,0: the printed warehouse is in its row
    s, _, _ = used(s, "use 0 0")
    p = s["players"]["p0"]
    assert p["store"] == {"citrus": 2, "sugar": 1, "tobacco": 0} and p["farm"]["citrus"] == 0
    from engine.cuba.rules.round import end_round

    s["round"] = 1
    events: list = []
    give(s, "p0", tobacco=1)
    end_round(s, events)
    p = s["players"]["p0"]
    assert p["store"]["citrus"] == 2 and p["farm"]["tobacco"] == 0 and p["farm"]["wood"] == 1
    check_conservation(s)


def test_warehouse_tile_stores_too():
    s = foreman_with("warehouse", tobacco=2)
    s, _, _ = used(s, "use 1 1")
    assert s["players"]["p0"]["store"]["tobacco"] == 2


def test_foreman_row_and_column_uses_several_buildings():
    s = started(3)
    clear_farm(s, "p0")
    give(s, "p0", stone=2, citrus=1)
    place_building(s, "p0", "inn", 0, 2)  # row 0
    place_building(s, "p0", "small_bank", 2, 0)  # column 0
    place_building(s, "p0", "hotel", 2, 2)  # elsewhere
    s = play_card(s, "p0", "foreman")
    s, _ = act(s, "p0", "use 0 2")
    assert s["step"] == "foreman"
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "use 2 2")
    assert "only use the others there" in msg
    assert_illegal_changes_nothing(RULES, s, "p0", "use 0 2")
    s, _ = act(s, "p0", "use 2 0")
    s, _ = act(s, "p0", "use 0 0")  # the printed warehouse; nothing left after it
    p = s["players"]["p0"]
    assert p["vp"] == 1 and p["pesos"] == 12 and p["store"]["citrus"] == 1
    assert s["step"] == "play_card"


def test_foreman_one_building_anywhere():
    s = started(3)
    place_building(s, "p0", "hotel", 2, 2)
    place_building(s, "p0", "inn", 0, 2)
    s = play_card(s, "p0", "foreman")
    s, _ = act(s, "p0", "use 2 2")
    assert s["players"]["p0"]["vp"] == 2 and s["step"] == "play_card"


def test_foreman_without_usable_building_ends_at_once():
    s = started(3)
    clear_farm(s, "p0")
    s = play_card(s, "p0", "foreman")
    assert s["step"] == "play_card" and RULES.to_act(s) == ["p1"]


def test_foreman_refuses_a_field_without_building():
    s = foreman_with("inn")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "use 2 3")
    assert msg == "You have no building on field D3."
