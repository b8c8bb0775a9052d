"""End of round, the harbour, end of game and scoring (rules/cuba.md §6.5, §6.6)."""

from engine.cuba import RULES
from engine.cuba.rules.common import new_ship
from engine.cuba.rules.round import end_round, final_scoring
from tests.cuba.helpers import check_conservation, give, kinds, place_building, started


def ids(s: dict) -> list:
    return [b["id"] if b else None for b in s["berths"]] + [s["sea"]["id"] if s["sea"] else None]


def fill(s: dict, berth: int, spaces: int = 5) -> None:
    from engine.cuba.data import SHIPS

    ship = s["berths"][berth]
    for i in range(spaces):
        ship["filled"][i] = True
        s["supply"][SHIPS[ship["id"]][i]] -= 1


def test_end_of_round_discards_unstored_products_and_clears_markers():
    s = started(3)
    s["players"]["p0"]["store"]["citrus"] = 1
    s["supply"]["citrus"] -= 1
    give(s, "p0", rum=1)
    s["markers"]["mayor_4"] = "p1"
    s["players"]["p1"]["town_hall"] = True
    s["vetoed_group"] = "III"
    events: list = []
    end_round(s, events)
    p = s["players"]["p0"]
    assert p["farm"]["citrus"] == 0 and p["farm"]["sugar"] == 0 and p["store"]["citrus"] == 1
    assert p["farm"]["rum"] == 1 and p["farm"]["wood"] == 1
    assert all(v is None for v in s["markers"].values())
    assert not s["players"]["p1"]["town_hall"]
    assert s["veto_blocked"] == "III" and s["vetoed_group"] is None
    assert s["round"] == 2 and s["step"] == "play_card"
    check_conservation(s)


def test_harbour_round_one_berth_three_fills_every_ship_moves_up():
    s = started(3)
    b1, b2, _, sea = ids(s)
    top = s["deck"][0]
    fill(s, 0, 3)
    end_round(s, [])
    assert ids(s) == [sea, b1, b2, top]
    assert s["berths"][1]["filled"][:3] == [True] * 3  # ships keep their cargo
    check_conservation(s)


def test_harbour_round_one_full_ship_leaves():
    s = started(3)
    b1, b2, _, sea = ids(s)
    top, second = s["deck"][:2]
    fill(s, 0)
    events: list = []
    end_round(s, events)
    assert ids(s) == [top, sea, b2, second]
    assert s["deck"][-1] == b1
    assert "ship_leaves" in kinds(events)
    check_conservation(s)


def test_harbour_rounds_two_to_five_berth_three_leaves_whatever_its_load():
    for rnd in (2, 3, 4, 5):
        s = started(3)
        s["round"] = rnd
        s["berths"][2] = new_ship(s["deck"].pop(0))
        b1, b2, b3, sea = ids(s)
        top = s["deck"][0]
        fill(s, 2, 1)
        events: list = []
        end_round(s, events)
        assert ids(s) == [sea, b1, b2, top]
        assert s["deck"][-1] == b3 and s["round"] == rnd + 1
        check_conservation(s)


def test_harbour_full_ships_leave_berth_three_first_under_the_deck():
    s = started(3)
    s["round"] = 3
    s["berths"][2] = new_ship(s["deck"].pop(0))
    b1, b2, b3, sea = ids(s)
    top, second, third = s["deck"][:3]
    fill(s, 0)
    fill(s, 1)
    end_round(s, [])
    assert s["deck"][-3:] == [b3, b2, b1]
    # the sea ship moves to berth 3, the deck fills berth 2, berth 1 and the sea in that order
    assert ids(s) == [second, top, sea, third]
    check_conservation(s)


def test_round_six_ends_the_game_without_moving_ships():
    s = started(3)
    s["round"] = 6
    s["berths"][2] = new_ship(s["deck"].pop(0))
    before = ids(s)
    events: list = []
    end_round(s, events)
    assert ids(s) == before and s["step"] == "over" and s["phase"] == "over"
    assert RULES.to_act(s) == [] and RULES.legal(s, "p0") == []
    assert "game_over" in kinds(events)


def test_final_scoring_two_vp_per_building_and_pesos_tie_break():
    s = started(3)
    place_building(s, "p0", "inn", 1, 1)
    place_building(s, "p0", "hotel", 1, 2)
    s["players"]["p0"]["vp"] = 20
    s["players"]["p1"]["vp"] = 24
    s["players"]["p2"]["vp"] = 24
    s["players"]["p1"]["pesos"] = 3
    s["players"]["p2"]["pesos"] = 5
    final_scoring(s, [])
    res = RULES.result(s)
    assert res.scores == {"p0": 24, "p1": 24, "p2": 24}
    assert res.ranking == ["p0", "p2", "p1"]  # equal VP: 10 pesos, 5 pesos, 3 pesos
    # VP set by hand belong to no category: they show as unsplit "play" VP
    assert res.breakdown["p0"] == {
        "shipping": 0,
        "statutes": 0,
        "building_use": 0,
        "architect": 0,
        "play": 20,
        "buildings": 4,
    }


def test_tie_break_on_pesos_and_shared_places():
    s = started(3)
    for seat, (vp, pesos) in {"p0": (30, 4), "p1": (30, 9), "p2": (30, 4)}.items():
        s["players"][seat]["vp"] = vp
        s["players"][seat]["pesos"] = pesos
    final_scoring(s, [])
    res = RULES.result(s)
    assert res.ranking == ["p1", "p0", "p2"]
    assert res.places == {"p1": 1, "p0": 2, "p2": 2}
    assert res.winners == ["p1"]
    view = RULES.view(s, None)
    assert view["result"]["ranking"] == ["p1", "p0", "p2"]
