"""Santiago de Cuba as data: the road, the Cubans, the buildings, the dice, the tracks, the
supplies and the start holdings.

The authority is the publisher's English rulebook (eggertspiele 2011, "Santiago rulebook
(2011)"); a mark cites it by section ("Santiago rulebook (2011): The buildings (Office)"). Every
value has a mark in :data:`MARKS` (at the end of the module): where it is printed, or that
nothing prints it ("unconfirmed", a reconstruction: the flower colours of four Cubans, printed
only on the tiles), and how sure we are. A value whose reading in the seed — the
traditional-Chinese walkthrough ``shared/seeds/001_2ae0230792ee2789.txt`` the engine followed
before, "seed l.28" is its line 28 — the 2011 text overturned carries that reading as
``superseded``. ``/game rules`` lists the unconfirmed values from these marks and
``docs/sources.md`` shows them all.
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

#: The six faces of each good's die: one 0, two 1s, two 2s and a 3 — except the orange (citrus)
#: die, which shows a 4 instead of its second 1.
_PLAIN_DIE: tuple[int, ...] = (0, 1, 1, 2, 2, 3)
DIE_FACES: dict[str, tuple[int, ...]] = {
    SUGAR: _PLAIN_DIE,
    CITRUS: (0, 1, 2, 2, 3, 4),
    TOBACCO: _PLAIN_DIE,
    RUM: _PLAIN_DIE,
    CIGAR: _PLAIN_DIE,
}
DICE_ON_SHIP = 4
SHIPS = 7
#: Price per delivered good on each flag; the last flag (chequered, ``None``) sends the ship off.
VALUE_TRACK: tuple[int | None, ...] = (2, 3, 4, None)
CHEQUERED = len(VALUE_TRACK) - 1
#: OUR RULING (issue 14), the default: the harbour master's office may move the value marker down
#: at most this many times per ship. The rulebook (2011, The buildings: Harbormaster's office)
#: sets no limit, and without one the players could hold a ship in the harbour for ever: the car
#: raises the marker once per lap of the road (10 stops) and the office can lower it on every
#: visit, so seats that never deliver never see the ship sail. With one move down per ship, every
#: ship sails by its 4th harbour arrival, so within 40 car steps (4 laps), and a game within
#: 7 × 40 = 280 turns (every turn moves the car at least one stop). One move per ship is the
#: smallest limit that ends every game and keeps the office's move down for the tactical use the
#: game gives it. A table that wants the printed rule chooses ``harbour_master=printed``
#: (:data:`HARBOURMASTER_LIMITS`).
HARBOURMASTER_DOWNS_PER_SHIP: int | None = 1
#: The moves down per ship each value of the ``harbour_master`` option allows (``None``: no limit).
HARBOURMASTER_LIMITS: dict[str, int | None] = {
    "limited": HARBOURMASTER_DOWNS_PER_SHIP,
    "printed": None,
}
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

#: Flower colour per Cuban: which district a visit sends the figure to. The 2011 text prints
#: Pedro's (white), Miguel's (blue), Alonso's (white) and El Zorro's (none: the figure stays);
#: José's (yellow) is the reviews'. The other four are printed only on the tiles: reconstructed
#: so that no colour has more than two Cubans and none sits where the text puts another.
CUBAN_COLOUR: dict[str, str | None] = {
    JOSE: YELLOW,
    PABLO: YELLOW,
    MIGUEL: BLUE,
    MARTINEZ: BLUE,
    CONCHITA: RED,
    MARIA: RED,
    PEDRO: WHITE,
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
#: What an El Zorro victim may hand over (its choice): 1 peso, 1 VP or 1 good that is not wood.
#: A victim with none of these (nothing, or only wood) gives nothing.
ZORRO_GIFTS: tuple[str, ...] = ("peso", "vp", *DIE_GOODS)

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
        "effect": "you may claim a building with a property marker, or use a building you own",
    },
    ZORRO: {
        "name": "El Zorro",
        "role": "pickpocket",
        "effect": "every other player gives you 1 peso, 1 good (not wood) or 1 VP (their choice)",
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
#: The owner of a property marker scores this at the end of a turn whose player's figure stands on
#: the building — placed there this turn or staying there (El Zorro, every building of the colour
#: occupied, the harbour, an inactive Cuban); never on the owner's own turn.
OWNER_VISIT_VP = 1
START_PESOS = 3
START_VP = 2
START_GOODS: dict[str, int] = {SUGAR: 1, CITRUS: 1, TOBACCO: 1}
#: End of game: 1 VP per this many goods left, wood included (A18).
GOODS_PER_END_VP = 3

#: Options and their defaults; the allowed values of each. ``open_holdings``: every holding public
#: (as on Yucata); ``harbour_master``: ``limited`` (our ruling, one move down per ship) or
#: ``printed`` (the rulebook's office, no limit).
OPTIONS: dict[str, object] = {"open_holdings": False, "harbour_master": "limited"}
OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "open_holdings": (False, True),
    "harbour_master": tuple(HARBOURMASTER_LIMITS),
}


# ---- sources of the values ---------------------------------------------------------------------

#: The publisher's English rulebook (eggertspiele 2011), the authority; cited by its sections.
RULEBOOK = "Santiago rulebook (2011)"
#: The walkthrough the rules followed before the 2011 text (``shared/seeds/001_2ae0230792ee2789.txt``);
#: ``l.N`` is its line N. Only superseded readings cite it now.
SEED = "seed"


def _text(section: str, what: str) -> str:
    return f"{RULEBOOK}: {section} ({what})"


def _seed(lines: str, what: str) -> str:
    return f"{SEED} l.{lines}: {what}"


#: The sections of the 2011 text the marks cite.
_COMPONENTS = "Components"
_SETUP = "Setup"
_PLAY = "Playing the game"
_CUBANS = "A. Go by car to a Cuban or to the port: The Cubans"
_PORT = "A. Go by car to a Cuban or to the port: Port"
_WOOD = "A. Go by car to a Cuban or to the port: Wood"
_USE = "B. Use a building with your playing piece"
_BUILDINGS = "The buildings"
_NEW_SHIP = "A new ship"
_END = "End of the game"

#: The Cubans whose flower the 2011 text prints (in an example or the Cubans' section).
_PRINTED_FLOWERS: dict[str, tuple[str, str]] = {
    PEDRO: (_PLAY, "example B: the 'Pedro' tile's white flower"),
    MIGUEL: (_USE, "example: after 'Miguel' a building beneath a blue rose"),
    ALONSO: (_CUBANS, "Alonso example: the flower on the lawyer tile is white"),
    ZORRO: (_CUBANS, "the flower on the 'El Zorro' tile is transparent"),
}
#: What the earlier tables said of the flowers the 2011 text now prints.
_FLOWERS_BEFORE: dict[str, str] = {
    PEDRO: "blue (a reconstruction, spec A1: no source then printed it)",
    MIGUEL: "yellow (a reconstruction, spec A1: no source then printed it)",
}


def _colour_mark(cuban: str) -> src.Mark:
    colour = CUBAN_COLOUR[cuban]
    if cuban in _PRINTED_FLOWERS:
        section, what = _PRINTED_FLOWERS[cuban]
        return src.Mark(
            f"CUBAN_COLOUR[{cuban}]",
            colour,
            _text(section, what),
            src.HIGH,
            superseded=_FLOWERS_BEFORE.get(cuban),
        )
    if cuban == JOSE:
        return src.Mark(
            f"CUBAN_COLOUR[{cuban}]",
            colour,
            "reviews: gamesgazette.co.uk, blog.livedoor.jp/sohsak (spec S7, S8): José sends to the yellow "
            f"buildings; {RULEBOOK} does not print it",
            src.MEDIUM,
        )
    return src.Mark(
        f"CUBAN_COLOUR[{cuban}]",
        colour,
        f"reconstructed: printed only on the tile ({RULEBOOK} shows no picture of it); at most 2 Cubans "
        "per colour, none where the text puts Pedro, Miguel and Alonso",
        src.UNCONFIRMED,
        text="cuban_colour",
        fields={"cuban": cuban, "colour": colour},
        superseded="white (a reconstruction, spec A2)" if cuban == PABLO else None,
    )


#: The text's words for each simple Cuban.
_GAIN_WORDS = {
    PEDRO: "Pedro: 2 tobacco",
    JOSE: "José: 2 sugar cane",
    CONCHITA: "Conchita: 2 citrus fruits",
    MIGUEL: "Miguel: 2 wood",
    MARIA: "Maria: 2 victory points",
    MARTINEZ: "Martinez: 3 pesos",
}

#: The source of every value above (see the module docstring and :mod:`engine.provenance`).
MARKS: tuple[src.Mark, ...] = (
    src.Mark(
        "MIN_PLAYERS",
        MIN_PLAYERS,
        "the box: 2-4 players; " + _text(_COMPONENTS, "names no minimum: 4 screens, 4 playing pieces"),
        src.MEDIUM,
    ),
    src.Mark("MAX_PLAYERS", MAX_PLAYERS, _text(_COMPONENTS, "4 screens, 4 playing pieces"), src.HIGH),
    src.Mark(
        "GOODS",
        GOODS,
        _text(_COMPONENTS, "48 goods: sugar cane, citrus fruit, tobacco, rum, cigar, wood"),
        src.HIGH,
    ),
    src.Mark(
        "DIE_GOODS",
        DIE_GOODS,
        _text(_SETUP, "5 dice, the colour of each matches its good; no die for wood"),
        src.HIGH,
    ),
    src.Mark(
        "DIE_COLOURS", DIE_COLOURS, _text(_COMPONENTS, "white, orange, green, red, black goods"), src.HIGH
    ),
    src.Mark(
        "GOODS_SUPPLY", GOODS_SUPPLY, _text(_CUBANS, "note: goods are limited, only 8 of each"), src.HIGH
    ),
    src.Mark(
        "DIE_FACES",
        DIE_FACES,
        _text(_SETUP, "one 0, two 1s, two 2s, one 3; the orange die shows a 4 instead of the second 1"),
        src.HIGH,
        superseded="0-1-1-2-2-3 on all five dice (review S2; the seed, l.34, says only that a die may show 0)",
    ),
    src.Mark(
        "DICE_ON_SHIP",
        DICE_ON_SHIP,
        _text(_SETUP, "4 of the 5 dice, as they were rolled, onto the ship"),
        src.HIGH,
    ),
    src.Mark("SHIPS", SHIPS, _text(_SETUP, "step 4: the first of 7 ships"), src.HIGH),
    src.Mark(
        "VALUE_TRACK",
        VALUE_TRACK,
        _text(_PORT, "each unit is worth 2, 3 or 4 VP; from the 4 to the checkered flag the ship leaves"),
        src.HIGH,
    ),
    src.Mark(
        "HARBOURMASTER_DOWNS_PER_SHIP",
        HARBOURMASTER_DOWNS_PER_SHIP,
        f"issue 14: without a limit the ship can be held for ever; {RULEBOOK}, {_BUILDINGS} "
        "(Harbormaster's office) sets none (option harbour_master=printed)",
        src.RULING,
    ),
    src.Mark(
        "HARBOURMASTER_LIMITS",
        HARBOURMASTER_LIMITS,
        f"the table's option harbour_master: limited (our ruling) or printed ({RULEBOOK}, {_BUILDINGS}: "
        "the marker one flag to the right or to the left, no limit)",
        src.RULING,
    ),
    src.Mark(
        "WOOD_DELIVERY_VP", WOOD_DELIVERY_VP, _text(_WOOD, "only 1 VP for each delivered wood"), src.HIGH
    ),
    src.Mark("OFFICE_VP", OFFICE_VP, _text(_BUILDINGS, "Office: exactly 2 VP, not wood"), src.HIGH),
    src.Mark(
        "ROAD_LEN",
        ROAD_LEN,
        _text(_SETUP, "the street has 10 stops: a white star per Cuban and the port's yellow star"),
        src.HIGH,
    ),
    src.Mark(
        "COLOURS", COLOURS, _text(_SETUP, "step 1: 3 yellow, 3 blue, 3 red and 3 white flowers"), src.HIGH
    ),
    src.Mark(
        "BUILDINGS_PER_DISTRICT",
        BUILDINGS_PER_DISTRICT,
        _text(_SETUP, "step 1: 3 buildings per colour"),
        src.HIGH,
    ),
    src.Mark("CUBANS", CUBANS, _text(_CUBANS, "the nine Cubans"), src.HIGH),
    *(_colour_mark(c) for c in CUBANS),
    *(
        src.Mark(f"CUBAN_GAINS[{c}]", CUBAN_GAINS[c], _text(_CUBANS, words), src.HIGH)
        for c, words in _GAIN_WORDS.items()
    ),
    src.Mark(
        "PABLO_CHOICES", PABLO_CHOICES, _text(_CUBANS, "Pablo: 1 good of your choice, not wood"), src.HIGH
    ),
    src.Mark(
        "ZORRO_GIFTS",
        ZORRO_GIFTS,
        _text(_CUBANS, "El Zorro: 1 peso, or 1 of any good (except wood), or 1 victory point"),
        src.HIGH,
        superseded=_seed("53", "1 peso, 1 good of any kind or 1 VP (wood not excepted)"),
    ),
    src.Mark("BUILDINGS", BUILDINGS, _text(_BUILDINGS, "the twelve buildings"), src.HIGH),
    src.Mark("BANK_PESOS", BANK_PESOS, _text(_BUILDINGS, "Bank: 2 pesos"), src.HIGH),
    src.Mark("CHURCH_VP", CHURCH_VP, _text(_BUILDINGS, "Church: 1 victory point"), src.HIGH),
    src.Mark(
        "CONVERSIONS",
        CONVERSIONS,
        _text(_BUILDINGS, "Distillery: any amount of sugar cane for rum; Cigar factory: tobacco for cigars"),
        src.HIGH,
    ),
    src.Mark(
        "MARKET_GOODS",
        MARKET_GOODS,
        _text(_BUILDINGS, "Black market: 1 of any good for 1 of any other good; wood may not be traded"),
        src.HIGH,
    ),
    src.Mark("SAWMILL_VP", SAWMILL_VP, _text(_BUILDINGS, "Sawmill: 1 wood for 1 VP and 1 peso"), src.HIGH),
    src.Mark(
        "SAWMILL_PESOS", SAWMILL_PESOS, _text(_BUILDINGS, "Sawmill: 1 wood for 1 VP and 1 peso"), src.HIGH
    ),
    src.Mark("CAFE_GOODS", CAFE_GOODS, _text(_BUILDINGS, "Café: 1 cigar and/or 1 rum"), src.HIGH),
    src.Mark("CAFE_VP_EACH", CAFE_VP_EACH, _text(_BUILDINGS, "Café: 2 VP for each good, up to 4"), src.HIGH),
    src.Mark(
        "CASINO_PESOS_PER_VP",
        CASINO_PESOS_PER_VP,
        _text(_BUILDINGS, "Casino: 3 pesos for 1 VP; 3 pesos for each VP given up"),
        src.HIGH,
    ),
    src.Mark("NEWSPAPER_PESOS", NEWSPAPER_PESOS, _text(_BUILDINGS, "Newspaper publisher: 1 peso"), src.HIGH),
    src.Mark(
        "PROPERTY_MARKERS",
        PROPERTY_MARKERS,
        _text(_CUBANS, "Alonso: each player may seize at most three buildings"),
        src.HIGH,
    ),
    src.Mark(
        "OWNER_VISIT_VP",
        OWNER_VISIT_VP,
        _text(_USE, "at the end of your turn, on another player's building: he gets 1 victory point"),
        src.HIGH,
        superseded=_seed(
            "84", "1 VP when a figure is placed on the building (a figure that stays pays nothing)"
        ),
    ),
    src.Mark("START_PESOS", START_PESOS, _text(_SETUP, "starting capital of 3 pesos"), src.HIGH),
    src.Mark("START_VP", START_VP, _text(_SETUP, "and 2 victory points"), src.HIGH),
    src.Mark(
        "START_GOODS", START_GOODS, _text(_SETUP, "1 sugar cane, 1 tobacco and 1 citrus fruit"), src.HIGH
    ),
    src.Mark(
        "GOODS_PER_END_VP",
        GOODS_PER_END_VP,
        _text(_END, "1 VP for every 3 goods of any kind, wood included"),
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
    "OPTION_VALUES",
    "HARBOURMASTER_LIMITS",
    "RULEBOOK",
    "SEED",
    "MARKS",
    "IDENTIFIERS",
)
