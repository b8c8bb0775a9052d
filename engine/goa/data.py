"""Goa (1st edition) as data: tiles, colonies, expedition cards, the progress board, setup.

Every number the rules use lives here. Values the spec (``shared/rules/goa.md``) tags [P] or [M]
are reconstructions; they are kept in these tables so that a verified source can replace them
without touching the rules code. The tag of each table is given in its comment.
"""

from __future__ import annotations

from typing import Any

# --------------------------------------------------------------------------------------------
# Spices and the table

#: The five spices, in the order the progress-board cost pattern uses (spec §2.2) [W3].
SPICES: tuple[str, ...] = ("ginger", "nutmeg", "cinnamon", "pepper", "clove")
SPICE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPICES)}

PLAYER_COUNTS = (2, 3, 4)
ROUNDS = 8
#: The round after which the A tiles leave the grid and the B tiles come out [S].
LAST_ROUND_OF_PART_A = 4
ACTIONS_PER_ROUND = 3
MAX_EXTRA_ACTION_CARDS_KEPT = 1
GRID_SIZE = 5
TILES_LAID_PER_PART = 25

#: Auction markers per player (numbered 1..N+1) [S].
AUCTION_MARKERS = {2: 3, 3: 4, 4: 5}
START_SHIPS = 4
START_COLONISTS = 2
START_DUCATS_START_PLAYER = 7
START_DUCATS_OTHERS = 10
PLANTATION_SPACES = 4

# --------------------------------------------------------------------------------------------
# Progress board (spec §2) — 5 columns, rows 1..5 stored as indexes 0..4

COLUMNS: tuple[str, ...] = ("ships", "harvest", "taxes", "expedition", "colonists")
COLUMN_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLUMNS)}
ROWS = 5
#: VP per marker by row 1..5 [S].
ROW_VP = (0, 1, 3, 6, 10)
#: Ships paid (and spices paid) to move into row 2..5, indexed by target row index 1..4 [S][W9].
ADVANCE_SHIPS = (0, 1, 2, 3, 4)
#: Ducats paid instead with the "advance for money" card, by target row index [S].
ADVANCE_DUCATS = (0, 6, 12, 18, 24)
#: What each column yields by row: ships taken, spices harvested, ducats taxed, expedition hand
#: limit, base colonists when founding. Endpoints of ships/harvest [W11][W22]; the rest [P].
YIELD: dict[str, tuple[int, ...]] = {
    "ships": (1, 2, 3, 4, 5),
    "harvest": (1, 2, 4, 6, 8),
    "taxes": (4, 6, 8, 10, 12),
    "expedition": (2, 3, 4, 5, 6),
    "colonists": (1, 2, 3, 4, 5),
}


def _cost_kinds(column: int, target_row: int) -> tuple[str, ...]:
    return tuple(SPICES[(column + j) % 5] for j in range(target_row))


#: ADVANCE_SPICES[column][target row index] = the spice kinds printed on that cell, one of each
#: is paid [P] (spec §2.2's cyclic placeholder; row 1 is the start and costs nothing).
ADVANCE_SPICES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(_cost_kinds(c, t) for t in range(ROWS)) for c in range(len(COLUMNS))
)

#: One extra-action card when all five markers first stand in this row (index) or lower [S].
BONUS_ALL_MARKERS_ROWS: tuple[int, ...] = (1, 2, 3)
#: The first player of all to move a marker into this row (index) of a column gets an expedition
#: card (within the hand limit) [S]. Row 5 (index 4) is unknown (§8 #5) and therefore off.
BONUS_FIRST_TO_ROW: tuple[int, ...] = (3,)

# --------------------------------------------------------------------------------------------
# Auction tiles (spec §3)
#
# kinds:
#   plantation  {"spice", "cap"}                 placed on a plantation space and filled
#   immediate   {"ships", "colonists", "actions", "expeditions", "choice"}  taken, then discarded
#               ("choice": the winner takes ``choice`` ships or ``choice`` colonists)
#   each_round  {"gives": ship|colonist|ducats|spice, "amount"}
#   duty        discard 6 spices once to score 4 VP
#   mission     {"vp"}
#   one_time    {"effect": trade|viceking|supply|espionage|addharvest}

DUTY_SPICES = 6
DUTY_VP = 4
SINGLE_PLANTATION_VP = 1


def _plantation(spice: str, cap: int) -> dict[str, Any]:
    return {"kind": "plantation", "spice": spice, "cap": cap}


def _immediate(ships: int = 0, colonists: int = 0, actions: int = 0, expeditions: int = 0, choice: int = 0):
    return {
        "kind": "immediate",
        "ships": ships,
        "colonists": colonists,
        "actions": actions,
        "expeditions": expeditions,
        "choice": choice,
    }


def _each_round(gives: str, amount: int) -> dict[str, Any]:
    return {"kind": "each_round", "gives": gives, "amount": amount}


#: The seven "take immediately" tiles of part A [W2] (reused as the [P] filler of part B).
_IMMEDIATE_SET = [
    _immediate(actions=2),
    _immediate(expeditions=2),
    _immediate(ships=4),
    _immediate(colonists=4),
    _immediate(ships=1, actions=1, colonists=1),
    _immediate(choice=3),
    _immediate(choice=3),
]

#: The 27 A tiles, confirmed in full [W2].
_A_TILES: list[dict[str, Any]] = (
    [_plantation(s, 1) for s in SPICES]
    + [_plantation(s, 2) for s in SPICES for _ in range(2)]
    + [
        _each_round("ship", 1),
        _each_round("ducats", 4),
        _each_round("colonist", 1),
        _each_round("spice", 1),
        {"kind": "duty"},
    ]
    + _IMMEDIATE_SET
)

#: The 27 B tiles: 18 known [W2][S], 9 reconstructed [P] (the A immediate set + 2 each-round).
_B_TILES: list[dict[str, Any]] = (
    [_plantation(s, 2) for s in SPICES]
    + [_plantation(s, 3) for s in SPICES]
    + [{"kind": "one_time", "effect": e} for e in ("addharvest", "trade", "viceking", "supply", "espionage")]
    + [{"kind": "duty"}, {"kind": "mission", "vp": 2}, {"kind": "mission", "vp": 3}]
    + _IMMEDIATE_SET
    + [_each_round("ship", 1), _each_round("colonist", 1)]
)

#: tile id → tile. Ids are "a1".."a27" and "b1".."b27".
TILES: dict[str, dict[str, Any]] = {}
for _part, _tiles in (("a", _A_TILES), ("b", _B_TILES)):
    for _i, _tile in enumerate(_tiles, start=1):
        TILES[f"{_part}{_i}"] = {"id": f"{_part}{_i}", **_tile}
A_TILE_IDS: tuple[str, ...] = tuple(f"a{i}" for i in range(1, len(_A_TILES) + 1))
B_TILE_IDS: tuple[str, ...] = tuple(f"b{i}" for i in range(1, len(_B_TILES) + 1))
ONE_TIME_EFFECTS: tuple[str, ...] = ("trade", "viceking", "supply", "espionage", "addharvest")
#: Additional Harvest fills up to this many plantations/colonies [S][W2].
ADDHARVEST_STORES = 3
#: Supply draws this many expedition cards and gives their colonist total as goods [S].
SUPPLY_DRAW = 2

# --------------------------------------------------------------------------------------------
# Colonies (spec §4) — need and copies [S][W3]; fields [P]

COLONY_NAMES: tuple[str, ...] = ("quilon", "cochin", "madras", "calicut")
COLONY_NEED: dict[str, int] = {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12}
#: Stacks whose copies differ and are shuffled at setup [W7].
SHUFFLED_COLONY_STACKS: tuple[str, ...] = ("quilon", "madras")
#: Colony VP by number founded: the seed's values (decision: 2 colonies score 2) [S].
COLONY_VP = (0, 1, 2, 6, 10)
#: Colonist cards drawn when founding; 3 with the "colony" expedition card [S].
COLONY_DRAW = 2
COLONY_DRAW_WITH_CARD = 3
#: Colonists given as compensation for a failed founding [S].
COLONY_FAILURE_COLONISTS = 1

_ANY = SPICES


def _pair(i: int, step: int) -> tuple[str, ...]:
    return (SPICES[i], SPICES[(i + step) % 5])


#: colony tile id → {"colony", "fields": [(capacity, allowed kinds), …]} [P].
COLONY_TILES: dict[str, dict[str, Any]] = {}
for _i in range(5):
    COLONY_TILES[f"quilon{_i + 1}"] = {"colony": "quilon", "fields": ((2, _pair(_i, 1)),)}
    COLONY_TILES[f"madras{_i + 1}"] = {"colony": "madras", "fields": ((4, _pair(_i, 2)),)}
for _i in range(4):
    COLONY_TILES[f"cochin{_i + 1}"] = {"colony": "cochin", "fields": ((3, _ANY),)}
    COLONY_TILES[f"calicut{_i + 1}"] = {"colony": "calicut", "fields": ((2, _ANY), (3, _ANY))}
COLONY_STACKS: dict[str, tuple[str, ...]] = {
    name: tuple(t for t, d in COLONY_TILES.items() if d["colony"] == name) for name in COLONY_NAMES
}

# --------------------------------------------------------------------------------------------
# Expedition cards (spec §5) — 30 cards [W4]; composition [P]
#
# effects: advance_no_ships, advance_no_spices, advance_money, colony_three, harvest_mix (the "A"
# cards, played with the action they change) and ships (+2), colonists (+2), ducats (+5),
# spices (+2 of choice), extra_action (+1 card) (played on their own).

SYMBOLS: tuple[str, ...] = ("tiger", "elephant", "peacock", "monkey", "cobra")
#: The symbol whose first reveal decides the start player at setup [W6][W25].
START_SYMBOL = "tiger"
#: VP for kept cards of one symbol, by how many [S].
SYMBOL_SET_VP = (0, 1, 3, 6, 10, 15, 20)

#: What the resource cards give when played [P].
CARD_RESOURCES: dict[str, int] = {"ships": 2, "colonists": 2, "ducats": 5, "spices": 2, "extra_action": 1}
#: The "A" cards and the action each one changes.
CARD_MODIFIES: dict[str, str] = {
    "advance_no_ships": "advance",
    "advance_no_spices": "advance",
    "advance_money": "advance",
    "colony_three": "colony",
    "harvest_mix": "harvest",
}

#: (card number, effect, colonists, symbol) [P].
_CARDS = [
    (1, "advance_no_ships", 1, "tiger"),
    (2, "colony_three", 1, "elephant"),
    (3, "colonists", 1, "peacock"),
    (4, "ducats", 1, "monkey"),
    (5, "extra_action", 1, "cobra"),
    (6, "advance_money", 2, "tiger"),
    (7, "ships", 2, "elephant"),
    (8, "ducats", 2, "peacock"),
    (9, "extra_action", 2, "monkey"),
    (10, "advance_no_spices", 2, "cobra"),
    (11, "ships", 3, "tiger"),
    (12, "colonists", 3, "elephant"),
    (13, "spices", 3, "peacock"),
    (14, "advance_no_ships", 3, "monkey"),
    (15, "harvest_mix", 3, "cobra"),
    (16, "colonists", 1, "tiger"),
    (17, "spices", 1, "elephant"),
    (18, "extra_action", 1, "peacock"),
    (19, "colony_three", 1, "monkey"),
    (20, "ships", 1, "cobra"),
    (21, "ducats", 2, "tiger"),
    (22, "extra_action", 2, "elephant"),
    (23, "advance_money", 2, "peacock"),
    (24, "ships", 2, "monkey"),
    (25, "ducats", 2, "cobra"),
    (26, "spices", 3, "tiger"),
    (27, "advance_no_spices", 3, "elephant"),
    (28, "harvest_mix", 3, "peacock"),
    (29, "colonists", 3, "monkey"),
    (30, "spices", 3, "cobra"),
]
CARDS: dict[int, dict[str, Any]] = {
    n: {"id": n, "effect": e, "colonists": c, "symbol": s} for n, e, c, s in _CARDS
}
CARD_IDS: tuple[int, ...] = tuple(CARDS)

# --------------------------------------------------------------------------------------------
# Scoring (spec §7)

MOST_DUCATS_VP = 3
