"""Santiago de Cuba as data: the road, the Cubans, the buildings, the dice, the tracks, the
supplies and the start holdings (``/work/shared/rules/santiago.md``).

Every value has a mark in :data:`MARKS` (at the end of the module): where it is printed — a line
of the seed, the traditional-Chinese walkthrough ``shared/seeds/001_2ae0230792ee2789.txt`` ("seed
l.28" is its line 28), a review of the spec's §9, or nothing ("unconfirmed", a reconstruction) —
and how sure we are. ``/game rules`` lists the unconfirmed values from these marks and
``docs/sources.md`` shows them all. Choices the spec marks PROPOSED each live in one table or
constant here so that they can be corrected in one place.
"""

from __future__ import annotations

from engine import provenance as src

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

DIE_FACES: tuple[int, ...] = (0, 1, 1, 2, 2, 3)  # A3: a review's list; the seed says only "may be 0"
DICE_ON_SHIP = 4
SHIPS = 7
#: Price per delivered good on each flag; the last flag (chequered, ``None``) sends the ship off.
VALUE_TRACK: tuple[int | None, ...] = (2, 3, 4, None)
CHEQUERED = len(VALUE_TRACK) - 1
#: OUR RULING (issue 14): the harbour master's office may move the value marker down at most this
#: many times per ship. The seed (l.81) sets no limit, and without one the players could hold a
#: ship in the harbour for ever: the car raises the marker once per lap of the road (10 stops) and
#: the office can lower it on every visit, so seats that never deliver never see the ship sail.
#: With one move down per ship, every ship sails by its 4th harbour arrival, so within 40 car steps
#: (4 laps), and a game within 7 × 40 = 280 turns (every turn moves the car at least one stop).
#: One move per ship is the smallest limit that ends every game and keeps the office's move down
#: for the tactical use the game gives it; ``None`` would mean no limit.
HARBOURMASTER_DOWNS_PER_SHIP: int | None = 1
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
#: The owner of a property marker scores this when another player's figure is placed on the
#: building (seed l.84); a figure that stays where it stands is not placed and pays nothing.
OWNER_VISIT_VP = 1
START_PESOS = 3
START_VP = 2
START_GOODS: dict[str, int] = {SUGAR: 1, CITRUS: 1, TOBACCO: 1}
#: End of game: 1 VP per this many goods left, wood included (A18).
GOODS_PER_END_VP = 3

OPTIONS: dict[str, object] = {"open_holdings": False}


# ---- sources of the values ---------------------------------------------------------------------

#: The walkthrough the rules follow (``shared/seeds/001_2ae0230792ee2789.txt``); ``l.N`` is its line N.
SEED = "seed"


def _seed(lines: str, what: str) -> str:
    return f"{SEED} l.{lines} ({what})"


def _colour_mark(cuban: str) -> src.Mark:
    colour = CUBAN_COLOUR[cuban]
    if cuban == ZORRO:
        return src.Mark(
            f"CUBAN_COLOUR[{cuban}]", colour, _seed("87", "El Zorro's flower is transparent"), src.HIGH
        )
    if cuban == JOSE:
        return src.Mark(
            f"CUBAN_COLOUR[{cuban}]",
            colour,
            "reviews: gamesgazette.co.uk, blog.livedoor.jp/sohsak (spec S7, S8): José sends to the yellow buildings",
            src.MEDIUM,
        )
    return src.Mark(
        f"CUBAN_COLOUR[{cuban}]",
        colour,
        "reconstructed (spec A1, A2): printed only on the tile; assumed 2 Cubans per colour, no two alike",
        src.UNCONFIRMED,
        text="cuban_colour",
        fields={"cuban": cuban, "colour": colour},
    )


#: The seed's line for each simple Cuban (Martinez: 3 pesos; a pre-release preview said 2, spec A4).
_GAIN_LINES = ((PEDRO, "46"), (JOSE, "47"), (CONCHITA, "48"), (MIGUEL, "49"), (MARIA, "51"), (MARTINEZ, "52"))

#: The source of every value above (see the module docstring and :mod:`engine.provenance`).
MARKS: tuple[src.Mark, ...] = (
    src.Mark("MIN_PLAYERS", MIN_PLAYERS, _seed("2", "2-4 players"), src.HIGH),
    src.Mark("MAX_PLAYERS", MAX_PLAYERS, _seed("2", "2-4 players"), src.HIGH),
    src.Mark("GOODS", GOODS, _seed("16", "components: 5 colours of goods and wood"), src.HIGH),
    src.Mark("DIE_GOODS", DIE_GOODS, _seed("15-16", "5 dice, one per goods colour; none for wood"), src.HIGH),
    src.Mark("DIE_COLOURS", DIE_COLOURS, _seed("16", "white, orange, green, red, black"), src.HIGH),
    src.Mark("GOODS_SUPPLY", GOODS_SUPPLY, _seed("16", "48 goods: 8 wood and 8 of each colour"), src.HIGH),
    src.Mark(
        "DIE_FACES",
        DIE_FACES,
        "review reich-der-spiele.de (spec S2) prints 0-1-1-2-2-3; seed l.34 says only that a die may show 0",
        src.MEDIUM,
    ),
    src.Mark("DICE_ON_SHIP", DICE_ON_SHIP, _seed("34-35", "4 of the 5 dice go on the ship"), src.HIGH),
    src.Mark("SHIPS", SHIPS, _seed("33, 101", "7 rounds, one ship each"), src.HIGH),
    src.Mark(
        "VALUE_TRACK", VALUE_TRACK, _seed("27, 61, 66", "flags 2, 3, 4 and the chequered flag"), src.HIGH
    ),
    src.Mark(
        "HARBOURMASTER_DOWNS_PER_SHIP",
        HARBOURMASTER_DOWNS_PER_SHIP,
        "issue 14: without a limit the ship can be held for ever (seed l.81 sets none)",
        src.RULING,
    ),
    src.Mark(
        "WOOD_DELIVERY_VP", WOOD_DELIVERY_VP, _seed("62", "wood scores 1 VP whatever it stands for"), src.HIGH
    ),
    src.Mark("OFFICE_VP", OFFICE_VP, _seed("82", "the office scores 2 VP whatever the marker"), src.HIGH),
    src.Mark(
        "ROAD_LEN",
        ROAD_LEN,
        _seed("25, 44-45", "the harbour's yellow star and a white star per Cuban"),
        src.HIGH,
    ),
    src.Mark("COLOURS", COLOURS, _seed("23", "yellow, blue, red, white districts"), src.HIGH),
    src.Mark(
        "BUILDINGS_PER_DISTRICT", BUILDINGS_PER_DISTRICT, _seed("23", "3 buildings per colour"), src.HIGH
    ),
    src.Mark("CUBANS", CUBANS, _seed("46-56", "the nine Cubans"), src.HIGH),
    *(_colour_mark(c) for c in CUBANS),
    *(
        src.Mark(f"CUBAN_GAINS[{c}]", CUBAN_GAINS[c], _seed(line, "the Cubans"), src.HIGH)
        for c, line in _GAIN_LINES
    ),
    src.Mark("PABLO_CHOICES", PABLO_CHOICES, _seed("50", "1 good of any kind, never wood"), src.HIGH),
    src.Mark("BUILDINGS", BUILDINGS, _seed("72-83", "the twelve buildings"), src.HIGH),
    src.Mark("BANK_PESOS", BANK_PESOS, _seed("72", "bank"), src.HIGH),
    src.Mark("CHURCH_VP", CHURCH_VP, _seed("73", "church"), src.HIGH),
    src.Mark(
        "CONVERSIONS", CONVERSIONS, _seed("74-75", "distillery and cigar factory, any number"), src.HIGH
    ),
    src.Mark(
        "MARKET_GOODS",
        MARKET_GOODS,
        _seed("76", "black market: 1 good for 1 other, not wood; read as neither side wood (spec A7)"),
        src.MEDIUM,
    ),
    src.Mark("SAWMILL_VP", SAWMILL_VP, _seed("77", "sawmill: 1 wood for 1 VP and 1 peso"), src.HIGH),
    src.Mark("SAWMILL_PESOS", SAWMILL_PESOS, _seed("77", "sawmill: 1 wood for 1 VP and 1 peso"), src.HIGH),
    src.Mark("CAFE_GOODS", CAFE_GOODS, _seed("78", "café: 1 rum and/or 1 cigar"), src.HIGH),
    src.Mark("CAFE_VP_EACH", CAFE_VP_EACH, _seed("78", "café: 2 VP each, 4 VP at most"), src.HIGH),
    src.Mark(
        "CASINO_PESOS_PER_VP", CASINO_PESOS_PER_VP, _seed("79", "casino: 3 pesos for 1 VP and back"), src.HIGH
    ),
    src.Mark(
        "NEWSPAPER_PESOS", NEWSPAPER_PESOS, _seed("83", "newspaper: 1 peso, and may turn a Cuban"), src.HIGH
    ),
    src.Mark(
        "PROPERTY_MARKERS", PROPERTY_MARKERS, _seed("11, 28", "3 property markers per player"), src.HIGH
    ),
    src.Mark(
        "OWNER_VISIT_VP",
        OWNER_VISIT_VP,
        _seed("84-85", "1 VP to the owner when a figure is placed"),
        src.HIGH,
    ),
    src.Mark("START_PESOS", START_PESOS, _seed("28", "setup: 3 pesos"), src.HIGH),
    src.Mark("START_VP", START_VP, _seed("28", "setup: 2 VP"), src.HIGH),
    src.Mark("START_GOODS", START_GOODS, _seed("28", "setup: 1 sugar cane, 1 citrus, 1 tobacco"), src.HIGH),
    src.Mark(
        "GOODS_PER_END_VP",
        GOODS_PER_END_VP,
        _seed("102", "1 VP per 3 goods left, wood is goods (l.16)"),
        src.HIGH,
    ),
)

#: Names above that hold no value to source: ids, display names, derived indices, the options.
IDENTIFIERS: tuple[str, ...] = (
    "SUGAR",
    "CITRUS",
    "TOBACCO",
    "RUM",
    "CIGAR",
    "WOOD",
    "GOOD_NAMES",
    "CHEQUERED",
    "HARBOUR",
    "YELLOW",
    "BLUE",
    "RED",
    "WHITE",
    "PEDRO",
    "JOSE",
    "CONCHITA",
    "MIGUEL",
    "PABLO",
    "MARIA",
    "MARTINEZ",
    "ALONSO",
    "ZORRO",
    "CUBAN_INFO",
    "BANK",
    "CHURCH",
    "DISTILLERY",
    "FACTORY",
    "MARKET",
    "SAWMILL",
    "CAFE",
    "CASINO",
    "CUSTOMS",
    "HARBOURMASTER",
    "OFFICE",
    "NEWSPAPER",
    "BUILDING_INFO",
    "OPTIONS",
    "SEED",
    "MARKS",
    "IDENTIFIERS",
)
