"""Cuba's rules data, as data (see ``/work/shared/rules/cuba.md`` §8).

Everything a correction of the rules might touch lives here: the market ladders, the plantation
layouts, the ship cards, the statutes and the buildings. The rules code reads these tables and
has no numbers of its own.
"""

from __future__ import annotations

from typing import Any

ROUNDS = 6
START_PESOS = 10
START_RESOURCES = 2
START_PRODUCTS = 2

#: Character cards; the value is the card's votes in parliament.
CHARACTERS: dict[str, int] = {"worker": 1, "trader": 2, "architect": 3, "foreman": 4, "mayor": 5}
CARDS_PLAYED_PER_ROUND = 4

RESOURCES = ("wood", "stone", "water")
PRODUCTS = ("citrus", "sugar", "tobacco")
GOODS = ("rum", "cigar")
CARGO = PRODUCTS + GOODS
PIECES = CARGO + RESOURCES

#: The general supply at the start, before the market is filled: the supply limit of every piece.
SUPPLY_TOTAL: dict[str, int] = {
    "citrus": 18,
    "sugar": 18,
    "tobacco": 18,
    "rum": 15,
    "cigar": 15,
    "wood": 15,
    "stone": 15,
    "water": 15,
}

#: Market ladders, most expensive space first (PROPOSED, §1.3). Pieces always fill a
#: contiguous block from the first space on.
MARKET_LADDER: dict[str, tuple[int, ...]] = {
    "citrus": (6, 5, 4, 3, 2),
    "sugar": (6, 5, 4, 3, 2),
    "tobacco": (6, 5, 4, 3, 2),
    "rum": (6, 5, 4),
    "cigar": (6, 5, 4),
}
MARKET_INITIAL: dict[str, int] = {"citrus": 3, "sugar": 3, "tobacco": 3, "rum": 2, "cigar": 2}
BUY_FROM_SUPPLY_WHEN_EMPTY = 7
SELL_TO_SUPPLY_WHEN_FULL: dict[str, int] = {"citrus": 1, "sugar": 1, "tobacco": 1, "rum": 3, "cigar": 3}

#: Harbour: VP per piece on berth 1, 2, 3.
BERTH_VP = (1, 2, 3)
#: Berth 3 (index 2) stays empty in round 1.
ROUND1_EMPTY_BERTHS = (2,)
#: At the end of these rounds the ship on berth 3 leaves whatever its load.
BERTH3_LEAVES_AFTER_ROUNDS = (2, 3, 4, 5)
SHIP_SPACES = 5

# Plantation fields: WH warehouse, L lake, M mountain, F forest, C citrus, S sugar, T tobacco.
FIELD_YIELD: dict[str, str | None] = {
    "WH": None,
    "L": "water",
    "M": "stone",
    "F": "wood",
    "C": "citrus",
    "S": "sugar",
    "T": "tobacco",
}
RESOURCE_FIELDS = ("L", "M", "F")
PRODUCT_FIELDS = ("C", "S", "T")
ROWS = 3
COLS = 4
WAREHOUSE_FIELD = (0, 0)

#: Plantation layouts (PROPOSED, §2), row 0 on top, warehouse top-left.
LAYOUTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "A": (("WH", "F", "C", "S"), ("T", "L", "M", "C"), ("M", "S", "F", "T")),
    "B1": (("WH", "C", "M", "T"), ("F", "S", "L", "C"), ("T", "M", "S", "F")),
    "B2": (("WH", "L", "S", "F"), ("C", "T", "F", "M"), ("S", "M", "C", "T")),
    "B3": (("WH", "T", "F", "C"), ("M", "C", "S", "L"), ("F", "S", "T", "M")),
    "B4": (("WH", "M", "T", "S"), ("S", "F", "C", "M"), ("L", "C", "F", "T")),
    "B5": (("WH", "S", "C", "L"), ("F", "M", "T", "S"), ("C", "T", "M", "F")),
}
SHARED_LAYOUT = "A"
INDIVIDUAL_LAYOUTS = ("B1", "B2", "B3", "B4", "B5")

WORKER_PRODUCT_FIELDS = 2
WORKER_PRODUCT_FIELDS_DROUGHT = 1

_SHIP_CODES = {"c": "citrus", "s": "sugar", "t": "tobacco", "r": "rum", "x": "cigar"}
_SHIP_ROWS = [
    "rccst",
    "xccst",
    "rssct",
    "xssct",
    "rttcs",
    "xttcs",
    "rxcst",
    "rxccs",
    "rxsst",
    "rxttc",
    "rxcct",
    "rrssc",
    "rrtts",
    "xxsst",
    "xxcct",
]
#: The 15 ship cards (PROPOSED, §3.2): id → the cargo type of each of its 5 spaces.
SHIPS: dict[int, tuple[str, ...]] = {
    i + 1: tuple(_SHIP_CODES[ch] for ch in row) for i, row in enumerate(_SHIP_ROWS)
}

#: Black-marker spaces in board order.
BLACK_MARKERS = ("trader_resource", "trader_product", "architect_2vp", "architect_1vp", "mayor_4", "mayor_2")
#: The Architect's alternative: (marker, VP) for the first and the second player this round.
ARCHITECT_ALTERNATIVE = (("architect_2vp", 2), ("architect_1vp", 1))
#: The Mayor's alternative: (marker, pesos) for the first and the second player this round.
MAYOR_ALTERNATIVE = (("mayor_4", 4), ("mayor_2", 2))

TOWN_HALL_VOTES = 2
TAX_VP = 2
DUTY_VP = 2
TAX_AND_DUTY_BONUS_VP = 1
END_VP_PER_BUILDING = 2
BUILDING_STATUTE_PESOS = 2

STATUTE_GROUPS = ("I", "II", "III", "IV")
GROUP_NAMES = {"I": "tax", "II": "duty", "III": "subsidy", "IV": "special"}


def _statute(group: str, text: str, **params: Any) -> dict[str, Any]:
    return {"group": group, "text": text, **params}


#: All statutes: the 24 cards plus the two printed on the board at the start.
#: Tax: ``tax`` pesos (or ``per_building`` pesos per own building). Duty: ``duty`` maps a piece
#: (or ``any_resource`` / ``any_product``) to a count. Subsidy: ``subsidy`` names what is
#: counted (1 VP each) and ``cap`` the most VP. Special: ``special`` names the effect.
STATUTES: dict[str, dict[str, Any]] = {
    "tax_2_start": _statute("I", "Tax 2 pesos → 2 VP", tax=2, printed=True),
    "duty_citrus_start": _statute("II", "Duty 1 citrus → 2 VP", duty={"citrus": 1}, printed=True),
    "tax_1": _statute("I", "Tax 1 peso → 2 VP", tax=1),
    "tax_2": _statute("I", "Tax 2 pesos → 2 VP", tax=2),
    "tax_3": _statute("I", "Tax 3 pesos → 2 VP", tax=3),
    "tax_4": _statute("I", "Tax 4 pesos → 2 VP", tax=4),
    "tax_5": _statute("I", "Tax 5 pesos → 2 VP", tax=5),
    "tax_per_building": _statute("I", "Tax 1 peso per building → 2 VP", per_building=1),
    "duty_citrus": _statute("II", "Duty 1 citrus → 2 VP", duty={"citrus": 1}),
    "duty_sugar": _statute("II", "Duty 1 sugar cane → 2 VP", duty={"sugar": 1}),
    "duty_tobacco": _statute("II", "Duty 1 tobacco → 2 VP", duty={"tobacco": 1}),
    "duty_water": _statute("II", "Duty 1 water → 2 VP", duty={"water": 1}),
    "duty_2_resources": _statute("II", "Duty 2 resources → 2 VP", duty={"any_resource": 2}),
    "duty_2_products": _statute("II", "Duty 2 products → 2 VP", duty={"any_product": 2}),
    "subsidy_buildings": _statute("III", "1 VP per building", subsidy="buildings", cap=None),
    "subsidy_resource_fields": _statute(
        "III", "1 VP per free resource field", subsidy="resource_fields", cap=None
    ),
    "subsidy_product_fields": _statute(
        "III", "1 VP per free product field", subsidy="product_fields", cap=None
    ),
    "subsidy_water": _statute("III", "1 VP per water (max 7)", subsidy="water", cap=7),
    "subsidy_votes": _statute("III", "1 VP per vote of the parliament card", subsidy="card_votes", cap=None),
    "subsidy_money": _statute("III", "1 VP per 3 pesos (max 7)", subsidy="per_3_pesos", cap=7),
    "market_minus_2": _statute("IV", "Market −2 of each product", special="market", change=-2),
    "market_plus_2": _statute("IV", "Market +2 of each product", special="market", change=2),
    "drought": _statute("IV", "Drought: Worker uses 1 product field", special="drought"),
    "building": _statute("IV", "Building: Architect pays 2 pesos", special="building"),
    "harbour": _statute("IV", "Harbour: full ships leave at once", special="harbour"),
    "corruption": _statute("IV", "Corruption: no buying votes", special="corruption"),
}
START_STATUTES: dict[str, str | None] = {
    "I": "tax_2_start",
    "II": "duty_citrus_start",
    "III": None,
    "IV": None,
}
#: The cards shuffled into the four proposal piles.
STATUTE_CARDS: dict[str, tuple[str, ...]] = {
    g: tuple(sid for sid, s in STATUTES.items() if s["group"] == g and not s.get("printed"))
    for g in STATUTE_GROUPS
}


def _building(
    name: str, count: int, cost: dict[str, int], effect: str, text: str, **params: Any
) -> dict[str, Any]:
    return {"name": name, "count": count, "cost": cost, "effect": effect, "text": text, **params}


#: The 21 kinds of building (25 tiles). ``cost`` in resources; ``effect`` names the rule
#: the Foreman runs, with its parameters.
BUILDINGS: dict[str, dict[str, Any]] = {
    "cement_factory": _building(
        "Cement factory",
        1,
        {"wood": 1, "stone": 2},
        "convert_vp",
        "Up to 4 stone → 1 VP each",
        input="stone",
        vp_each=1,
        max=4,
    ),
    "sawmill": _building(
        "Sawmill",
        1,
        {"wood": 2, "stone": 1},
        "convert_vp",
        "Up to 4 wood → 1 VP each",
        input="wood",
        vp_each=1,
        max=4,
    ),
    "golf_course": _building(
        "Golf course",
        1,
        {"water": 2},
        "convert_vp",
        "Up to 4 water → 1 VP each",
        input="water",
        vp_each=1,
        max=4,
    ),
    "convent": _building(
        "Convent",
        1,
        {"wood": 2, "stone": 1},
        "convert_vp",
        "Up to 2 products → 1 VP each",
        input="any_product",
        vp_each=1,
        max=2,
    ),
    "rum_bar": _building(
        "Rum bar",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "convert_vp",
        "Up to 3 rum → 2 VP each",
        input="rum",
        vp_each=2,
        max=3,
    ),
    "tobacco_bar": _building(
        "Tobacco bar",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "convert_vp",
        "Up to 3 cigars → 2 VP each",
        input="cigar",
        vp_each=2,
        max=3,
    ),
    "small_office": _building(
        "Small office",
        1,
        {"wood": 2, "stone": 1},
        "ship",
        "Load 1 piece onto a ship",
        max=1,
    ),
    "large_office": _building(
        "Large office",
        1,
        {"wood": 2, "stone": 2},
        "ship",
        "Load 1–2 pieces of one type onto a ship",
        max=2,
    ),
    "hotel": _building("Hotel", 1, {"wood": 2, "stone": 2, "water": 1}, "vp", "+2 VP", vp=2),
    "inn": _building("Inn", 1, {"wood": 1, "stone": 1, "water": 1}, "vp", "+1 VP", vp=1),
    "shop": _building(
        "Shop",
        1,
        {"wood": 1, "stone": 2},
        "sell",
        "Sell 1 rum or cigar for 6 pesos",
        input="any_good",
        pesos_each=6,
        max=1,
    ),
    "workshop": _building(
        "Workshop",
        1,
        {"wood": 2, "stone": 1},
        "sell",
        "Sell 1 product for 4 pesos",
        input="any_product",
        pesos_each=4,
        max=1,
    ),
    "resource_shed": _building(
        "Resource shed",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "sell",
        "Sell up to 2 resources for 2 pesos each",
        input="any_resource",
        pesos_each=2,
        max=2,
    ),
    "small_bank": _building("Small bank", 1, {"wood": 1, "stone": 1}, "pesos", "+2 pesos", pesos=2),
    "large_bank": _building("Large bank", 1, {"wood": 2, "stone": 3}, "pesos", "+4 pesos", pesos=4),
    "cigar_factory": _building(
        "Cigar factory",
        2,
        {"wood": 2, "stone": 2},
        "transform",
        "Any tobacco → cigars",
        source="tobacco",
        target="cigar",
    ),
    "distillery": _building(
        "Rum distillery",
        2,
        {"wood": 2, "stone": 2},
        "transform",
        "Any sugar cane → rum",
        source="sugar",
        target="rum",
    ),
    "black_market": _building(
        "Black market",
        1,
        {"wood": 3, "stone": 2},
        "exchange",
        "Swap 1 product for 1 good or back",
    ),
    "church": _building("Church", 1, {"wood": 2, "stone": 2}, "veto", "Veto 1 proposal"),
    "dam": _building("Dam", 1, {"stone": 2}, "gain", "+2 water", gain={"water": 2}),
    "town_hall": _building("Town hall", 1, {"wood": 1, "stone": 1}, "votes", "+2 votes", votes=2),
    "lighthouse": _building(
        "Lighthouse",
        1,
        {"wood": 1, "stone": 1},
        "lighthouse",
        "Swap the ship at sea with a deck ship",
    ),
    "warehouse": _building("Warehouse", 1, {"wood": 2}, "store", "Store all products"),
}
#: The warehouse printed on every plantation (not a tile: no cost, no end VP).
PRINTED_WAREHOUSE = "warehouse"

#: Options and their defaults; the allowed values of each.
OPTIONS: dict[str, Any] = {
    "individual_plantations": False,
    "secret_parliament_card": False,
    "tax_duty_bonus": True,
    "veto_timing": "on_use",
}
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "individual_plantations": (False, True),
    "secret_parliament_card": (False, True),
    "tax_duty_bonus": (False, True),
    "veto_timing": ("on_use", "parliament"),
}
