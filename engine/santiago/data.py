"""Santiago de Cuba as data: the road, the Cubans, the buildings, the dice, the tracks, the
supplies and the start holdings (``/work/shared/rules/santiago.md``).

Choices the spec marks PROPOSED (flower colours, the 8-per-type goods limit, …) each live in one
table or constant here so that they can be corrected in one place.
"""

from __future__ import annotations

# ---- goods -------------------------------------------------------------------------------------

SUGAR, CITRUS, TOBACCO, RUM, CIGAR, WOOD = "sugar", "citrus", "tobacco", "rum", "cigar", "wood"
GOODS: tuple[str, ...] = (SUGAR, CITRUS, TOBACCO, RUM, CIGAR, WOOD)
#: The goods a ship can ask for: one die per type, wood has no die.
DIE_GOODS: tuple[str, ...] = (SUGAR, CITRUS, TOBACCO, RUM, CIGAR)
GOOD_NAMES: dict[str, tuple[str, str]] = {
    SUGAR: ("sugar cane", "sugar cane"),
    CITRUS: ("citrus fruit", "citrus fruits"),
    TOBACCO: ("tobacco", "tobacco"),
    RUM: ("rum", "rum"),
    CIGAR: ("cigar", "cigars"),
    WOOD: ("wood", "wood"),
}
#: Die colour of each demandable good (white, orange, green, red, black dice).
DIE_COLOURS: dict[str, str] = {
    SUGAR: "white",
    CITRUS: "orange",
    TOBACCO: "green",
    RUM: "red",
    CIGAR: "black",
}
#: Goods supply per type, wood included (A17): a gain beyond the supply is lost.
GOODS_SUPPLY = 8

# ---- dice, ship and value track ----------------------------------------------------------------

DIE_FACES: tuple[int, ...] = (0, 1, 1, 2, 2, 3)  # A3
DICE_ON_SHIP = 4
SHIPS = 7
#: Price per delivered good on each flag; the last flag (chequered, ``None``) sends the ship off.
VALUE_TRACK: tuple[int | None, ...] = (2, 3, 4, None)
CHEQUERED = len(VALUE_TRACK) - 1
#: VP for one wood delivered in place of a demanded good.
WOOD_DELIVERY_VP = 1
#: Office: one good straight onto the ship for a flat number of VP.
OFFICE_VP = 2

# ---- the road ----------------------------------------------------------------------------------

ROAD_LEN = 10
HARBOUR = 0  # spaces 1..9 hold the Cubans, clockwise from the harbour

# ---- districts ---------------------------------------------------------------------------------

YELLOW, BLUE, RED, WHITE = "yellow", "blue", "red", "white"
COLOURS: tuple[str, ...] = (YELLOW, BLUE, RED, WHITE)
BUILDINGS_PER_DISTRICT = 3

# ---- the Cubans --------------------------------------------------------------------------------

PEDRO, JOSE, CONCHITA, MIGUEL, PABLO = "pedro", "jose", "conchita", "miguel", "pablo"
MARIA, MARTINEZ, ALONSO, ZORRO = "maria", "martinez", "alonso", "zorro"
CUBANS: tuple[str, ...] = (PEDRO, JOSE, CONCHITA, MIGUEL, PABLO, MARIA, MARTINEZ, ALONSO, ZORRO)

#: Flower colour per Cuban: which district a visit sends the figure to. Only José (yellow) and
#: El Zorro (none: the figure stays) are sourced; the rest is the spec's PROPOSED table (A1, A2).
CUBAN_COLOUR: dict[str, str | None] = {
    JOSE: YELLOW,
    MIGUEL: YELLOW,
    PEDRO: BLUE,
    MARTINEZ: BLUE,
    CONCHITA: RED,
    MARIA: RED,
    PABLO: WHITE,
    ALONSO: WHITE,
    ZORRO: None,
}

#: Fixed gains of the simple Cubans: what a visit gives at once.
CUBAN_GAINS: dict[str, dict[str, int]] = {
    PEDRO: {TOBACCO: 2},
    JOSE: {SUGAR: 2},
    CONCHITA: {CITRUS: 2},
    MIGUEL: {WOOD: 2},
    MARIA: {"vp": 2},
    MARTINEZ: {"pesos": 3},  # A4
}
#: Pablo gives one good of the visitor's choice, never wood.
PABLO_CHOICES: tuple[str, ...] = DIE_GOODS

CUBAN_INFO: dict[str, dict[str, str]] = {
    PEDRO: {"name": "Pedro", "role": "tobacco dealer", "effect": "take 2 tobacco"},
    JOSE: {"name": "José", "role": "sugar-cane farmer", "effect": "take 2 sugar cane"},
    CONCHITA: {"name": "Conchita", "role": "fruit seller", "effect": "take 2 citrus fruits"},
    MIGUEL: {"name": "Miguel", "role": "lumberjack", "effect": "take 2 wood"},
    PABLO: {"name": "Pablo", "role": "fence", "effect": "take 1 good of your choice (not wood)"},
    MARIA: {"name": "Maria", "role": "dancer", "effect": "take 2 VP"},
    MARTINEZ: {"name": "Martinez", "role": "musician", "effect": "take 3 pesos"},
    ALONSO: {
        "name": "Alonso",
        "role": "lawyer",
        "effect": "claim a building with a property marker, or use a building you own",
    },
    ZORRO: {
        "name": "El Zorro",
        "role": "pickpocket",
        "effect": "every other player gives you 1 peso, 1 good or 1 VP (their choice)",
    },
}

# ---- the buildings -----------------------------------------------------------------------------

BANK, CHURCH, DISTILLERY, FACTORY, MARKET, SAWMILL = (
    "bank",
    "church",
    "distillery",
    "factory",
    "market",
    "sawmill",
)
CAFE, CASINO, CUSTOMS, HARBOURMASTER, OFFICE, NEWSPAPER = (
    "cafe",
    "casino",
    "customs",
    "harbourmaster",
    "office",
    "newspaper",
)
BUILDINGS: tuple[str, ...] = (
    BANK,
    CHURCH,
    DISTILLERY,
    FACTORY,
    MARKET,
    SAWMILL,
    CAFE,
    CASINO,
    CUSTOMS,
    HARBOURMASTER,
    OFFICE,
    NEWSPAPER,
)

BANK_PESOS = 2
CHURCH_VP = 1
#: Conversions: building → (good given, good received), any number one for one.
CONVERSIONS: dict[str, tuple[str, str]] = {DISTILLERY: (SUGAR, RUM), FACTORY: (TOBACCO, CIGAR)}
SAWMILL_VP = 1
SAWMILL_PESOS = 1
#: Café: up to one of each of these goods, each worth this many VP.
CAFE_GOODS: tuple[str, ...] = (RUM, CIGAR)
CAFE_VP_EACH = 2
#: Casino: this many pesos buy 1 VP, and 1 VP sells for as many pesos.
CASINO_PESOS_PER_VP = 3
NEWSPAPER_PESOS = 1
#: Black market: neither the good given nor the good received may be wood (A7).
MARKET_GOODS: tuple[str, ...] = DIE_GOODS

BUILDING_INFO: dict[str, dict[str, str]] = {
    BANK: {"name": "Bank", "effect": "take 2 pesos"},
    CHURCH: {"name": "Church", "effect": "take 1 VP"},
    DISTILLERY: {"name": "Distillery", "effect": "turn any number of sugar cane into as many rum"},
    FACTORY: {"name": "Cigar factory", "effect": "turn any number of tobacco into as many cigars"},
    MARKET: {"name": "Black market", "effect": "swap 1 good for 1 good of another type (no wood)"},
    SAWMILL: {"name": "Sawmill", "effect": "return 1 wood for 1 VP and 1 peso"},
    CAFE: {"name": "Café", "effect": "return up to 1 rum and up to 1 cigar for 2 VP each"},
    CASINO: {
        "name": "Casino",
        "effect": "exchange 3 pesos for 1 VP, or 1 VP for 3 pesos, as often as you like",
    },
    CUSTOMS: {"name": "Customs office", "effect": "set one ship die to 0"},
    HARBOURMASTER: {
        "name": "Harbour master's office",
        "effect": "move the value marker one flag up or down",
    },
    OFFICE: {"name": "Office", "effect": "load 1 demanded good (not wood) onto the ship for 2 VP"},
    NEWSPAPER: {"name": "Newspaper", "effect": "take 1 peso and turn one Cuban face down"},
}

# ---- players -----------------------------------------------------------------------------------

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PROPERTY_MARKERS = 3
OWNER_VISIT_VP = 1  # A6: the owner scores when another player's figure visits
START_PESOS = 3
START_VP = 2
START_GOODS: dict[str, int] = {SUGAR: 1, CITRUS: 1, TOBACCO: 1}
#: End of game: 1 VP per this many goods left, wood included (A18).
GOODS_PER_END_VP = 3

OPTIONS: dict[str, object] = {"open_holdings": False}
