"""Cuba's rules data, as data (see ``/work/shared/rules/cuba.md`` §8).

Everything a correction of the rules might touch lives here: the market ladders, the plantation
layouts, the ship cards, the statutes and the buildings. The rules code reads these tables and
has no numbers of its own.

Every value has a mark in :data:`MARKS` (built at the end of the module from the sources noted
next to each value; see :mod:`engine.provenance`): "rulebook: <section>" is the publisher's
official English rulebook (eggertspiele 2007) in its fuller copy, public as
``data/rulebooks/cuba-rulebook.md`` in the repository ``borisyankov/rulespal``, which keeps every
"Building costs:" line of the appendix (an earlier copy lost words at line breaks, among them the
Hotel's "+ 1 x water"); the seeds are the rulebook translations in ``shared/seeds`` (CN Chinese,
JA Japanese, NL Dutch), and a mark whose seed reading the publisher's text overturns keeps that
reading as ``superseded``; a "reading" is our interpretation of the official wording;
"reconstructed" values no readable source prints (they are printed only in pictures: the market
strip, the ship cards, the plantation boards, the per-building tax card) or that the text prints
in a way that cannot be right (the Saw mill's input). ``docs/sources.md`` shows every mark;
``/game rules`` ends with the unconfirmed ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine import provenance as src


class _From(NamedTuple):
    """Where a value comes from; an unconfirmed one names its ``unconfirmed.<text>`` sentence."""

    source: str
    confidence: str
    text: str | None = None
    fields: Mapping[str, Any] = {}
    superseded: str | None = None


def rulebook(section: str, *, superseded: str | None = None) -> _From:
    """Printed in the official English rulebook, in ``section``; ``superseded`` is a seed's
    reading of the value that this text overturns."""
    return _From(f"rulebook: {section}", src.HIGH, superseded=superseded)


def reading(why: str) -> _From:
    """The official text states it in words that need our reading to become a value."""
    return _From(f"reading: {why}", src.MEDIUM)


def reconstructed(why: str, text: str, **fields: Any) -> _From:
    """No readable source prints it, or the sources contradict each other: unconfirmed."""
    return _From(f"reconstructed: {why}", src.UNCONFIRMED, text, fields)


#: Module-level value name → its source, noted next to each value; :data:`MARKS` is built from it.
_SOURCES: dict[str, _From] = {}


def _mark(*names: str, source: _From) -> None:
    for name in names:
        _SOURCES[name] = source


ROUNDS = 6
_mark("ROUNDS", source=rulebook("Overview of the game (6 rounds of 5 phases)"))
START_PESOS = 10
_mark("START_PESOS", source=rulebook("Set-up 10 (seed money of 10 pesos)"))
START_RESOURCES = 2
START_PRODUCTS = 2
_mark(
    "START_RESOURCES",
    "START_PRODUCTS",
    source=rulebook("Set-up 10 (2 resource pieces and 2 product pieces of his choice)"),
)

#: Character cards; the value is the card's votes in parliament.
CHARACTERS: dict[str, int] = {"worker": 1, "trader": 2, "architect": 3, "foreman": 4, "mayor": 5}
_mark("CHARACTERS", source=rulebook("B Action phase, the 5 character cards (1 to 5 voices in parliament)"))
CARDS_PLAYED_PER_ROUND = 4
_mark("CARDS_PLAYED_PER_ROUND", source=rulebook("B Action phase (until each player has played 4 cards)"))

RESOURCES = ("wood", "stone", "water")
PRODUCTS = ("citrus", "sugar", "tobacco")
GOODS = ("rum", "cigar")
CARGO = PRODUCTS + GOODS
PIECES = CARGO + RESOURCES
_mark(
    "RESOURCES",
    "PRODUCTS",
    "GOODS",
    "CARGO",
    "PIECES",
    source=rulebook("Set-up 4, note (3 resources, 3 products, 2 goods; products and goods are merchandise)"),
)

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
_mark("SUPPLY_TOTAL", source=rulebook("Game materials (54 products, 30 goods, 45 resources)"))

#: Market ladders, most expensive space first; the spaces below the starting ones are
#: reconstructed (see the marks). Pieces always fill a contiguous block from the first space on.
MARKET_LADDER: dict[str, tuple[int, ...]] = {
    "citrus": (6, 5, 4, 3, 2),
    "sugar": (6, 5, 4, 3, 2),
    "tobacco": (6, 5, 4, 3, 2),
    "rum": (6, 5, 4),
    "cigar": (6, 5, 4),
}
MARKET_INITIAL: dict[str, int] = {"citrus": 3, "sugar": 3, "tobacco": 3, "rum": 2, "cigar": 2}
_mark("MARKET_INITIAL", source=rulebook("Set-up 3 (3 of each product, 2 of each good)"))
_mark(
    "MARKET_LADDER",
    source=reconstructed(
        "Set-up 3 prints the starting spaces (products 6, 5 and 4; goods 6 and 5); the spaces below "
        "(products 3 and 2, goods 4) are printed only on the board: one peso apart like the printed "
        "ones, and the Market +2 act exactly fills a product row holding its 3 starting pieces",
        "market_ladder",
        products=MARKET_LADDER["citrus"][MARKET_INITIAL["citrus"] :],
        goods=MARKET_LADDER["rum"][MARKET_INITIAL["rum"] :],
    ),
)
BUY_FROM_SUPPLY_WHEN_EMPTY = 7
_mark(
    "BUY_FROM_SUPPLY_WHEN_EMPTY",
    source=rulebook("The tradeswoman (no piece left: from the stock for 7 pesos)"),
)
SELL_TO_SUPPLY_WHEN_FULL: dict[str, int] = {"citrus": 1, "sugar": 1, "tobacco": 1, "rum": 3, "cigar": 3}
_mark(
    "SELL_TO_SUPPLY_WHEN_FULL",
    source=rulebook("The tradeswoman (market full: 1 peso per product, 3 per good)"),
)

#: Harbour: VP per piece on berth 1, 2, 3.
BERTH_VP = (1, 2, 3)
_mark("BERTH_VP", source=rulebook("The mayor (1, 2 or 3 victory points per piece by the ship's position)"))
#: Berth 3 (index 2) stays empty in round 1.
ROUND1_EMPTY_BERTHS = (2,)
_mark("ROUND1_EMPTY_BERTHS", source=rulebook("Set-up 6 (the third dock remains empty in the first round)"))
#: At the end of these rounds the ship on berth 3 leaves whatever its load.
BERTH3_LEAVES_AFTER_ROUNDS = (2, 3, 4, 5)
_mark(
    "BERTH3_LEAVES_AFTER_ROUNDS",
    source=rulebook("E End of a round (2nd to 5th round: the ship in the 3rd dock leaves)"),
)
SHIP_SPACES = 5
_mark("SHIP_SPACES", source=rulebook("The mayor (fully loaded when each of the 5 spaces is covered)"))

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
_mark(
    "WAREHOUSE_FIELD",
    source=_From("review boardgame.de (spec W5): the top-left field is the warehouse", src.MEDIUM),
)
_mark(
    "ROWS",
    "COLS",
    "FIELD_YIELD",
    source=rulebook(
        "Set-up 10 (12 fields, 3 x 4: 1 warehouse, 1 lake, 2 mountains, 2 forests, 2 of each plantation)"
    ),
)

#: Plantation layouts (reconstructed, see the mark), row 0 on top, warehouse top-left.
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
_mark(
    "LAYOUTS",
    source=reconstructed(
        "the arrangement of the fields is printed only on the plantation boards; the field counts "
        "are the rulebook's (Set-up 10) and the warehouse top left is a review's (boardgame.de)",
        "layouts",
    ),
)
_mark(
    "INDIVIDUAL_LAYOUTS",
    source=rulebook("Set-up 10 (one side identical on every board, the other side individual; 5 boards)"),
)

WORKER_PRODUCT_FIELDS = 2
_mark(
    "WORKER_PRODUCT_FIELDS", source=rulebook("The worker (a maximum of 2 product fields; one more per water)")
)
WORKER_PRODUCT_FIELDS_DROUGHT = 1
_mark(
    "WORKER_PRODUCT_FIELDS_DROUGHT",
    source=rulebook("Other acts (IV), 1) Drought Act (only one activated product field)"),
)

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
#: The 15 ship cards (reconstructed, see the mark): id → the cargo type of each of its 5 spaces.
SHIPS: dict[int, tuple[str, ...]] = {
    i + 1: tuple(_SHIP_CODES[ch] for ch in row) for i, row in enumerate(_SHIP_ROWS)
}
_mark(
    "SHIPS",
    source=reconstructed(
        "Game materials prints 15 ship cards and The mayor 5 spaces each; the cargo icons are printed "
        "only on the cards: 15 different cards, every product on 17 spaces and every good on 12",
        "ships",
    ),
)

#: Black-marker spaces in board order.
BLACK_MARKERS = ("trader_resource", "trader_product", "architect_2vp", "architect_1vp", "mayor_4", "mayor_2")
_mark(
    "BLACK_MARKERS",
    source=rulebook("Game materials (6 black marking pieces); Use of the black marking pieces"),
)
#: The Architect's alternative: (marker, VP) for the first and the second player this round.
ARCHITECT_ALTERNATIVE = (("architect_2vp", 2), ("architect_1vp", 1))
_mark("ARCHITECT_ALTERNATIVE", source=rulebook("Alternative use of the architect (2 VP, then 1 VP)"))
#: The Mayor's alternative: (marker, pesos) for the first and the second player this round.
MAYOR_ALTERNATIVE = (("mayor_4", 4), ("mayor_2", 2))
_mark("MAYOR_ALTERNATIVE", source=rulebook("Alternative use of the mayor (4 pesos, then 2 pesos)"))

TOWN_HALL_VOTES = 2
_mark("TOWN_HALL_VOTES", source=rulebook("C Parliament phase; Appendix, Town Hall (2 additional votes)"))
TAX_VP = 2
_mark("TAX_VP", source=rulebook("D Statute phase, Tax Acts (I) (2 victory points)"))
DUTY_VP = 2
_mark("DUTY_VP", source=rulebook("D Statute phase, Duty Acts (II) (2 victory points)"))
TAX_AND_DUTY_BONUS_VP = 1
_mark(
    "TAX_AND_DUTY_BONUS_VP",
    source=rulebook("D Statute phase, Duty Acts (II), note (one additional VP: 2 + 2 + 1)"),
)
END_VP_PER_BUILDING = 2
_mark("END_VP_PER_BUILDING", source=rulebook("End of the game (2 additional VP for each building)"))
BUILDING_STATUTE_PESOS = 2
_mark("BUILDING_STATUTE_PESOS", source=rulebook("Other acts (IV), 2) Building Act (2 additional pesos)"))

STATUTE_GROUPS = ("I", "II", "III", "IV")
GROUP_NAMES = {"I": "tax", "II": "duty", "III": "subsidy", "IV": "special"}
_mark(
    "STATUTE_GROUPS", "GROUP_NAMES", source=rulebook("Set-up 8 (I Tax, II Duty, III Subsidy, IV Other acts)")
)


def _statute(group: str, text: str, source: _From, **params: Any) -> dict[str, Any]:
    return {"group": group, "text": text, "source": source, **params}


_TAX_1_TO_5 = reading(
    "Tax Acts (I): 'the tax can now vary between 1 and 5 pesos', one act different; with 6 acts "
    "per type (Set-up 8) that is one act of each of 1 to 5 pesos"
)
_DUTY = rulebook("D Statute phase, Duty Acts (II)")
_TWO_OF_ANY = reading(
    "Duty Acts (II): '2 resources or products of any kind'; 6 acts per type (Set-up 8) leave two "
    "acts for it, one for 2 resources and one for 2 products (NL seed: 'respectievelijk')"
)
_SUBSIDY = rulebook("D Statute phase, Subsidy Acts (III)")
_OTHER = rulebook("D Statute phase, Other acts (IV)")

#: All statutes: the 24 cards plus the two printed on the board at the start.
#: Tax: ``tax`` pesos (or ``per_building`` pesos per own building). Duty: ``duty`` maps a piece
#: (or ``any_resource`` / ``any_product``) to a count. Subsidy: ``subsidy`` names what is
#: counted (1 VP each) and ``cap`` the most VP. Special: ``special`` names the effect.
#: ``source`` marks where the card's value comes from.
STATUTES: dict[str, dict[str, Any]] = {
    "tax_2_start": _statute(
        "I",
        "Tax 2 pesos → 2 VP",
        rulebook("Tax Acts (I) (in the beginning, the tax is 2 pesos)"),
        tax=2,
        printed=True,
    ),
    "duty_citrus_start": _statute(
        "II",
        "Duty 1 citrus → 2 VP",
        rulebook("Duty Acts (II) (in the beginning, the duty is 1 x citrus fruit)"),
        duty={"citrus": 1},
        printed=True,
    ),
    "tax_1": _statute("I", "Tax 1 peso → 2 VP", _TAX_1_TO_5, tax=1),
    "tax_2": _statute("I", "Tax 2 pesos → 2 VP", _TAX_1_TO_5, tax=2),
    "tax_3": _statute("I", "Tax 3 pesos → 2 VP", _TAX_1_TO_5, tax=3),
    "tax_4": _statute("I", "Tax 4 pesos → 2 VP", _TAX_1_TO_5, tax=4),
    "tax_5": _statute("I", "Tax 5 pesos → 2 VP", _TAX_1_TO_5, tax=5),
    "tax_per_building": _statute(
        "I",
        "Tax 1 peso per building → 2 VP",
        reconstructed(
            "Tax Acts (I) says only that one act levies the tax 'according to the current number "
            "of a player's buildings'; the rate of 1 peso per building is printed only on the card",
            "statute",
            statute="tax_per_building",
        ),
        per_building=1,
    ),
    "duty_citrus": _statute("II", "Duty 1 citrus → 2 VP", _DUTY, duty={"citrus": 1}),
    "duty_sugar": _statute("II", "Duty 1 sugar cane → 2 VP", _DUTY, duty={"sugar": 1}),
    "duty_tobacco": _statute("II", "Duty 1 tobacco → 2 VP", _DUTY, duty={"tobacco": 1}),
    "duty_water": _statute("II", "Duty 1 water → 2 VP", _DUTY, duty={"water": 1}),
    "duty_2_resources": _statute("II", "Duty 2 resources → 2 VP", _TWO_OF_ANY, duty={"any_resource": 2}),
    "duty_2_products": _statute("II", "Duty 2 products → 2 VP", _TWO_OF_ANY, duty={"any_product": 2}),
    "subsidy_buildings": _statute("III", "1 VP per building", _SUBSIDY, subsidy="buildings", cap=None),
    "subsidy_resource_fields": _statute(
        "III", "1 VP per free resource field", _SUBSIDY, subsidy="resource_fields", cap=None
    ),
    "subsidy_product_fields": _statute(
        "III", "1 VP per free product field", _SUBSIDY, subsidy="product_fields", cap=None
    ),
    "subsidy_water": _statute("III", "1 VP per water (max 7)", _SUBSIDY, subsidy="water", cap=7),
    "subsidy_votes": _statute(
        "III", "1 VP per vote of the parliament card", _SUBSIDY, subsidy="card_votes", cap=None
    ),
    "subsidy_money": _statute("III", "1 VP per 3 pesos (max 7)", _SUBSIDY, subsidy="per_3_pesos", cap=7),
    "market_minus_2": _statute("IV", "Market −2 of each product", _OTHER, special="market", change=-2),
    "market_plus_2": _statute("IV", "Market +2 of each product", _OTHER, special="market", change=2),
    "drought": _statute("IV", "Drought: Worker uses 1 product field", _OTHER, special="drought"),
    "building": _statute("IV", "Building: Architect pays 2 pesos", _OTHER, special="building"),
    "harbour": _statute("IV", "Harbour: full ships leave at once", _OTHER, special="harbour"),
    "corruption": _statute("IV", "Corruption: no buying votes", _OTHER, special="corruption"),
}
START_STATUTES: dict[str, str | None] = {
    "I": "tax_2_start",
    "II": "duty_citrus_start",
    "III": None,
    "IV": None,
}
_mark(
    "START_STATUTES",
    source=rulebook(
        "Tax Acts and Duty Acts (2 pesos, 1 citrus at the beginning); Subsidy Acts (none); Set-up 8"
    ),
)
#: The cards shuffled into the four proposal piles.
STATUTE_CARDS: dict[str, tuple[str, ...]] = {
    g: tuple(sid for sid, s in STATUTES.items() if s["group"] == g and not s.get("printed"))
    for g in STATUTE_GROUPS
}
_mark("STATUTE_CARDS", source=rulebook("Set-up 8 (24 statute cards, 4 types of 6 acts each)"))


def _building(
    name: str,
    count: int,
    cost: dict[str, int],
    effect: str,
    text: str,
    *,
    cost_from: _From,
    effect_from: _From,
    **params: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "count": count,
        "cost": cost,
        "effect": effect,
        "text": text,
        "sources": {"cost": cost_from, "effect": effect_from},
        **params,
    }


def _appendix(name: str, *, superseded: str | None = None) -> _From:
    return rulebook(f"Appendix, The buildings: {name}", superseded=superseded)


#: The 23 kinds of building (25 tiles). ``cost`` in resources; ``effect`` names the rule
#: the Foreman runs, with its parameters; ``sources`` marks where the cost and the effect
#: come from. English names are the official rulebook's.
BUILDINGS: dict[str, dict[str, Any]] = {
    "cement_factory": _building(
        "Cement factory",
        1,
        {"wood": 1, "stone": 2},
        "convert_vp",
        "Up to 4 stone → 1 VP each",
        cost_from=_appendix("Cement Factory (Building costs: 1 x wood + 2 x stone)"),
        effect_from=_appendix("Cement Factory (4 x stone into 1 VP each)"),
        input="stone",
        vp_each=1,
        max=4,
    ),
    "sawmill": _building(
        "Saw mill",
        1,
        {"wood": 2, "stone": 1},
        "convert_vp",
        "Up to 4 wood → 1 VP each",
        cost_from=_appendix("Saw Mill (Building costs: 2 x wood + 1 x stone)"),
        effect_from=reconstructed(
            "Appendix, Saw Mill: the publisher's text prints the Cement Factory's feature again "
            "('turns maximum 4 x stone into 1 VP each'), so two tiles would turn stone and none wood; "
            "CN says wood, JA water; the engine takes wood, so that each resource has its converter",
            "building_effect",
            building="sawmill",
        ),
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
        cost_from=_appendix("Golf Course (Building costs: 2 x water)"),
        effect_from=_appendix("Golf Course (4 x water into 1 VP each)"),
        input="water",
        vp_each=1,
        max=4,
    ),
    "convent": _building(
        "Monastery",
        1,
        {"wood": 2, "stone": 1},
        "convert_vp",
        "Up to 2 products → 1 VP each",
        cost_from=_appendix("Monastery (Building costs 2 x wood + 1 x stone)"),
        effect_from=_appendix("Monastery (2 x product into 1 VP each)"),
        input="any_product",
        vp_each=1,
        max=2,
    ),
    "rum_bar": _building(
        "Rum café",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "convert_vp",
        "Up to 3 rum → 2 VP each",
        cost_from=_appendix(
            "Rum Café (Building costs: 1 x wood, 1 x stone + 1 x water)",
            superseded="CN: 1 wood + 2 water + 1 stone",
        ),
        effect_from=_appendix("Rum Café (3 x rum into 2 VP each)"),
        input="rum",
        vp_each=2,
        max=3,
    ),
    "tobacco_bar": _building(
        "Cigar café",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "convert_vp",
        "Up to 3 cigars → 2 VP each",
        cost_from=_appendix("Zigarren-Café (Building costs: 1 x wood, 1 x stone + 1 x water)"),
        effect_from=_appendix(
            "Zigarren-Café (3 x cigars into 2 VP each)", superseded="JA: 1 tobacco into 2 VP, up to 3"
        ),
        input="cigar",
        vp_each=2,
        max=3,
    ),
    "small_office": _building(
        "Small branch office",
        1,
        {"wood": 2, "stone": 1},
        "ship",
        "Load 1 piece onto a ship",
        cost_from=_appendix("Small Branch Office (Building costs: 2 x wood + 1 x stone)"),
        effect_from=_appendix("Small Branch Office (supplies a ship with one piece of merchandise)"),
        max=1,
    ),
    "large_office": _building(
        "Large branch office",
        1,
        {"wood": 2, "stone": 2},
        "ship",
        "Load any number of one kind onto a ship",
        cost_from=_appendix("Large Branch Office (Building costs: 2 x wood + 2 x stone)"),
        effect_from=_appendix(
            "Large Branch Office (any number of one kind of merchandise)",
            superseded="CN: 1 to 2 pieces of one kind; JA (note on the branch offices): 2 pieces of one kind",
        ),
        max=None,
    ),
    "hotel": _building(
        "Hotel",
        1,
        {"wood": 2, "stone": 2, "water": 1},
        "vp",
        "+2 VP",
        cost_from=_appendix("Hotel (Building costs: 2 x wood, 2 x stone + 1 x water)"),
        effect_from=_appendix("Hotel (gives 2 VP)"),
        vp=2,
    ),
    "inn": _building(
        "Inn",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "vp",
        "+1 VP",
        cost_from=_appendix("Inn (Building costs: 1 x wood, 1 x stone + 1 x water)"),
        effect_from=_appendix("Inn (gives 1 VP)"),
        vp=1,
    ),
    "shop": _building(
        "General store",
        1,
        {"wood": 1, "stone": 2},
        "sell",
        "Sell 1 rum or cigar for 6 pesos",
        cost_from=_appendix("General Store (Building costs: 1 x wood + 2 x stone)"),
        effect_from=_appendix("General Store (maximum 1 x goods for 6 pesos)"),
        input="any_good",
        pesos_each=6,
        max=1,
    ),
    "workshop": _building(
        "Product house",
        1,
        {"wood": 2, "stone": 1},
        "sell",
        "Sell 1 product for 4 pesos",
        cost_from=_appendix("Product House (Building costs: 2 x wood + 1 x stone)"),
        effect_from=_appendix("Product House (maximum 1 x product for 4 pesos)"),
        input="any_product",
        pesos_each=4,
        max=1,
    ),
    "resource_shed": _building(
        "Resource house",
        1,
        {"wood": 1, "stone": 1, "water": 1},
        "sell",
        "Sell up to 2 resources for 2 pesos each",
        cost_from=_appendix("Resource House (Building costs: 1 x wood, 1 x stone + 1 x water)"),
        effect_from=reading(
            "Appendix, Resource House: 'maximum 2 x resource for 2 pesos', 2 pesos for each "
            "resource as CN and JA print it"
        ),
        input="any_resource",
        pesos_each=2,
        max=2,
    ),
    "small_bank": _building(
        "Small bank",
        1,
        {"wood": 1, "stone": 1},
        "pesos",
        "+2 pesos",
        cost_from=_appendix("Small Bank (Building costs: 1 x wood + 1 x stone)"),
        effect_from=_appendix("Small Bank (gives 2 pesos)"),
        pesos=2,
    ),
    "large_bank": _building(
        "Large bank",
        1,
        {"wood": 2, "stone": 3},
        "pesos",
        "+4 pesos",
        cost_from=_appendix("Large Bank (Building costs: 2 x wood + 3 x stone)"),
        effect_from=_appendix("Large Bank (gives 4 pesos)"),
        pesos=4,
    ),
    "cigar_factory": _building(
        "Cigar factory",
        2,
        {"wood": 2, "stone": 2},
        "transform",
        "Any tobacco → cigars",
        cost_from=_appendix(
            "Cigar Factory (2x) (Building costs: 2 x wood + 2 x stone); The architect (to build a cigar "
            "factory, you must pay 2 x stone and 2 x wood)"
        ),
        effect_from=_appendix("Cigar Factory (2x; any amount of tobacco, 1:1, into cigars)"),
        source="tobacco",
        target="cigar",
    ),
    "distillery": _building(
        "Distillery",
        2,
        {"wood": 2, "stone": 2},
        "transform",
        "Any sugar cane → rum",
        cost_from=_appendix("Distillery (2x) (Building costs: 2 x wood + 2 x stone)"),
        effect_from=_appendix("Distillery (2x; any amount of sugar cane, 1:1, into rum)"),
        source="sugar",
        target="rum",
    ),
    "black_market": _building(
        "Black market",
        1,
        {"wood": 3, "stone": 2},
        "exchange",
        "Swap 1 product for 1 good or back",
        cost_from=_appendix("Black Market (Building costs: 3 x wood + 2 x stone)"),
        effect_from=_appendix("Black Market (maximum 1 x product into 1 x goods or vice versa)"),
    ),
    "church": _building(
        "Church",
        1,
        {"wood": 2, "stone": 2},
        "veto",
        "Veto 1 proposal",
        cost_from=_appendix("Church (Building costs: 2 x wood + 2 x stone)"),
        effect_from=_appendix("Church (1 veto against a bill)"),
    ),
    "dam": _building(
        "Dam",
        1,
        {"stone": 2},
        "gain",
        "+2 water",
        cost_from=_appendix("Dam (Building costs: 2 x stone)"),
        effect_from=_appendix("Dam (gives 2 x water)"),
        gain={"water": 2},
    ),
    "town_hall": _building(
        "Town hall",
        1,
        {"wood": 1, "stone": 1},
        "votes",
        "+2 votes",
        cost_from=_appendix("Town Hall (Building costs: 1 x wood + 1 x stone)"),
        effect_from=_appendix("Town Hall (2 additional votes in parliament)"),
        votes=2,
    ),
    "lighthouse": _building(
        "Lighthouse",
        1,
        {"wood": 1, "stone": 1},
        "lighthouse",
        "Swap the ship at sea with a deck ship",
        cost_from=_appendix("Lighthouse (Building costs: 1 x wood + 1 x stone)"),
        effect_from=_appendix(
            "Lighthouse (exchanging the ship at sea for any one from the pile)",
            superseded="CN: a ship in the harbour exchanged with the ship at sea",
        ),
    ),
    "warehouse": _building(
        "Warehouse",
        1,
        {"wood": 2},
        "store",
        "Store all products",
        cost_from=_appendix("Warehouse (Building costs: 2 x wood)"),
        effect_from=_appendix("Warehouse (additional storage space); The foreman (store all products)"),
    ),
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
_mark(
    "OPTIONS",
    source=_From(
        "the rulebook's two variants (Set-up 10: individual boards; Game variant: the secret card) "
        "and two table options whose defaults follow the official text (Duty Acts (II), note: the "
        "bonus; Appendix, Church: the veto 'immediately')",
        src.RULING,
    ),
)


# ---- the marks -----------------------------------------------------------------------------

#: Upper-case names that hold no value to source: ids, field codes, the allowed option values.
IDENTIFIERS: tuple[str, ...] = (
    "RESOURCE_FIELDS",
    "PRODUCT_FIELDS",
    "SHARED_LAYOUT",
    "PRINTED_WAREHOUSE",
    "OPTION_VALUES",
    "IDENTIFIERS",
    "MARKS",
)


def _marks() -> tuple[src.Mark, ...]:
    """A mark per value noted above, then per statute card and per building (its tile count and
    effect, and its cost)."""
    marks = [src.Mark(name, globals()[name], *source) for name, source in _SOURCES.items()]
    for sid, st in STATUTES.items():
        value = {k: v for k, v in st.items() if k not in ("group", "text", "source")}
        marks.append(src.Mark(f"STATUTES[{sid}]", value, *st["source"]))
    for bid, bd in BUILDINGS.items():
        effect = {k: v for k, v in bd.items() if k not in ("name", "cost", "text", "sources")}
        marks.append(src.Mark(f"BUILDINGS[{bid}]", effect, *bd["sources"]["effect"]))
        marks.append(src.Mark(f"BUILDINGS[{bid}].cost", bd["cost"], *bd["sources"]["cost"]))
    return tuple(marks)


#: The source of every value of this module (see :mod:`engine.provenance`).
MARKS: tuple[src.Mark, ...] = _marks()
