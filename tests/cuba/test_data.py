"""The rules data matches the rulebook's counts (rules/cuba.md §1, §2, §3, §4, §5, §8)."""

from collections import Counter

from engine.cuba import data


def test_building_tiles_and_kinds():
    assert sum(b["count"] for b in data.BUILDINGS.values()) == 25
    # The rulebook's building table lists 23 kinds; the factory and distillery come twice.
    assert len(data.BUILDINGS) == 23
    assert [k for k, b in data.BUILDINGS.items() if b["count"] == 2] == ["cigar_factory", "distillery"]
    assert data.BUILDINGS["cigar_factory"]["cost"] == {"wood": 2, "stone": 2}
    assert data.BUILDINGS["rum_bar"]["cost"] == {"wood": 1, "stone": 1, "water": 1}
    assert data.BUILDINGS["large_bank"]["cost"] == {"wood": 2, "stone": 3}
    assert data.BUILDINGS["dam"]["cost"] == {"stone": 2}
    assert data.BUILDINGS["golf_course"]["cost"] == {"water": 2}
    for bd in data.BUILDINGS.values():
        assert set(bd["cost"]) <= set(data.RESOURCES)


def test_statutes():
    cards = [s for s in data.STATUTES.values() if not s.get("printed")]
    assert len(cards) == 24
    assert Counter(s["group"] for s in cards) == {"I": 6, "II": 6, "III": 6, "IV": 6}
    printed = [sid for sid, s in data.STATUTES.items() if s.get("printed")]
    assert sorted(printed) == ["duty_citrus_start", "tax_2_start"]
    assert data.START_STATUTES == {"I": "tax_2_start", "II": "duty_citrus_start", "III": None, "IV": None}
    assert sorted(data.STATUTES[s]["tax"] for s in data.STATUTE_CARDS["I"] if "tax" in data.STATUTES[s]) == [
        1,
        2,
        3,
        4,
        5,
    ]
    caps = {data.STATUTES[s]["subsidy"]: data.STATUTES[s]["cap"] for s in data.STATUTE_CARDS["III"]}
    assert caps["water"] == 7 and caps["per_3_pesos"] == 7


def test_ships():
    assert len(data.SHIPS) == 15
    assert all(len(s) == 5 for s in data.SHIPS.values())
    assert len({tuple(sorted(s)) for s in data.SHIPS.values()}) == 15
    counts = Counter(t for s in data.SHIPS.values() for t in s)
    assert counts == {"citrus": 17, "sugar": 17, "tobacco": 17, "rum": 12, "cigar": 12}


def test_market_and_supply():
    assert data.MARKET_LADDER["citrus"] == (6, 5, 4, 3, 2)
    assert data.MARKET_LADDER["rum"] == (6, 5, 4)
    assert data.MARKET_INITIAL == {"citrus": 3, "sugar": 3, "tobacco": 3, "rum": 2, "cigar": 2}
    assert data.BUY_FROM_SUPPLY_WHEN_EMPTY == 7
    assert data.SELL_TO_SUPPLY_WHEN_FULL == {"citrus": 1, "sugar": 1, "tobacco": 1, "rum": 3, "cigar": 3}
    total = data.SUPPLY_TOTAL
    assert sum(total[p] for p in data.PRODUCTS) == 54
    assert sum(total[p] for p in data.GOODS) == 30
    assert sum(total[p] for p in data.RESOURCES) == 45


def test_plantation_layouts():
    assert set(data.LAYOUTS) == {"A", "B1", "B2", "B3", "B4", "B5"}
    for lay in data.LAYOUTS.values():
        assert len(lay) == 3 and all(len(row) == 4 for row in lay)
        assert lay[0][0] == "WH"
        fields = Counter(f for row in lay for f in row)
        assert fields == {"WH": 1, "L": 1, "M": 2, "F": 2, "C": 2, "S": 2, "T": 2}


def test_characters_and_players():
    assert data.CHARACTERS == {"worker": 1, "trader": 2, "architect": 3, "foreman": 4, "mayor": 5}
    assert data.START_PESOS == 10 and data.ROUNDS == 6
    assert len(data.BLACK_MARKERS) == 6
