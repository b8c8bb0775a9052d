"""The view keeps the shape render/cuba/board.py relies on (notes/cuba_view.md) and is JSON-able."""

import json

from engine.cuba import RULES
from tests.cuba.helpers import act, give, place_building, play_card, started

TOP_KEYS = {
    "game",
    "round",
    "rounds",
    "phase",
    "step",
    "start_player",
    "to_act",
    "current",
    "seats",
    "market",
    "supply",
    "harbour",
    "statutes",
    "proposals",
    "veto_blocked_group",
    "black_markers",
    "buildings_available",
    "players",
    "result",
}
PLAYER_KEYS = {
    "vp",
    "pesos",
    "hand",
    "played",
    "parliament_card",
    "town_hall",
    "church_used",
    "bid",
    "layout",
    "buildings",
    "figure",
    "farmyard",
    "warehouse",
}


def test_view_shape():
    s = started(4)
    give(s, "p0", rum=1)
    place_building(s, "p0", "cigar_factory", 1, 2)
    s = play_card(s, "p0", "worker")
    view = RULES.view(s, None)
    json.dumps(view)
    assert set(view) >= TOP_KEYS
    assert view["game"] == "cuba" and view["rounds"] == 6 and view["phase"] == "actions"
    assert view["step"] == "worker_move" and view["to_act"] == ["p0"] and view["current"] == "p0"
    assert view["seats"] == ["p0", "p1", "p2", "p3"] and view["start_player"] == "p0"
    assert view["market"]["citrus"] == {"ladder": [6, 5, 4, 3, 2], "count": 3, "buy": 4, "sell": 3}
    assert set(view["supply"]) == {"citrus", "sugar", "tobacco", "rum", "cigar", "wood", "stone", "water"}
    berths = view["harbour"]["berths"]
    assert [b["vp"] for b in berths] == [1, 2, 3] and berths[2]["ship"] is None
    ship = berths[0]["ship"]
    assert set(ship) == {"id", "spaces"} and len(ship["spaces"]) == 5
    assert set(ship["spaces"][0]) == {"type", "filled"}
    assert view["statutes"]["I"] == {
        "id": "tax_2_start",
        "group": "I",
        "vetoed": False,
        "text": "Tax 2 pesos → 2 VP",
    }
    assert view["statutes"]["III"] is None
    assert all(view["proposals"][g]["group"] == g for g in ("I", "II", "III", "IV"))
    assert set(view["black_markers"]) == {
        "trader_resource",
        "trader_product",
        "architect_2vp",
        "architect_1vp",
        "mayor_4",
        "mayor_2",
    }
    assert view["buildings_available"]["cigar_factory"] == 1
    p0 = view["players"]["p0"]
    assert set(p0) >= PLAYER_KEYS
    assert p0["hand"] == ["trader", "architect", "foreman", "mayor"] and p0["played"] == ["worker"]
    assert p0["layout"] == [["WH", "F", "C", "S"], ["T", "L", "M", "C"], ["M", "S", "F", "T"]]
    assert p0["buildings"] == [{"id": "cigar_factory", "row": 1, "col": 2}]
    assert p0["figure"] == [0, 0]
    assert p0["farmyard"] == {"citrus": 1, "sugar": 1, "rum": 1, "wood": 1, "stone": 1}
    assert p0["warehouse"] == {}
    assert p0["bid"] is None and p0["parliament_card"] is None
    assert view["result"] is None


def test_view_is_the_same_for_everybody_outside_secrets():
    s = started(3)
    s = play_card(s, "p0", "trader")
    s, _ = act(s, "p0", "buy rum")
    views = [RULES.view(s, seat) for seat in (None, "p0", "p1", "p2")]
    for v in views:
        v.pop("viewer")
    assert all(v == views[0] for v in views)
