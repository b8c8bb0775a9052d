"""Goa (1st edition) as data: tiles, colonies, expedition cards, the progress board, setup.

Every value has a mark in :data:`MARKS` (at the end of the module, :mod:`engine.provenance`):
where it is printed — the seed walkthrough ``shared/seeds/004_d8b935ce5fbe977b.txt`` (cited by
its Chinese headings), the English rulebook of the 2nd edition (*Goa: A New Expedition*, Z-Man
2012, cited by its section titles) where the two editions share the rule, a review (``[Wn]``,
numbered as in ``shared/rules/goa.md`` §10, and [W29], Frank Quispel's review of the 1st edition)
— or nothing ("unconfirmed", a reconstruction), and how sure we are. ``/game rules`` lists the
unconfirmed values from these marks and ``docs/sources.md`` shows them all.

**Revisions.** Correcting values against the printed texts changed the game, so a game keeps the
revision it began with (``State.revision``, the ``revision`` option): :data:`CURRENT` is today's;
revision 1 is the first reconstruction (the spec's Appendix A), kept only so that games begun
under it finish — and replay from their log — exactly as they began. The module-level tables
(``YIELD``, ``ADVANCE_SPICES``, ``COLONY_VP`` …) are the current revision's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypedDict

from engine import provenance as src

# --------------------------------------------------------------------------------------------
# Spices and the table

#: The five spices. This order is how saves encode a spice (its index), so it never changes;
#: the order the progress board asks for spices is :data:`COST_ORDER`.
SPICES: tuple[str, ...] = ("ginger", "nutmeg", "cinnamon", "pepper", "clove")
SPICE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPICES)}

PLAYER_COUNTS = (2, 3, 4)
ROUNDS = 8
#: The round after which the A tiles leave the grid and the B tiles come out.
LAST_ROUND_OF_PART_A = 4
ACTIONS_PER_ROUND = 3
MAX_EXTRA_ACTION_CARDS_KEPT = 1
GRID_SIZE = 5
TILES_LAID_PER_PART = 25

#: Auction markers per player (numbered 1..N+1).
AUCTION_MARKERS = {2: 3, 3: 4, 4: 5}
START_SHIPS = 4
START_COLONISTS = 2
START_DUCATS_START_PLAYER = 7
START_DUCATS_OTHERS = 10
PLANTATION_SPACES = 4

# --------------------------------------------------------------------------------------------
# Progress board — 5 columns, rows 1..5 stored as indexes 0..4

COLUMNS: tuple[str, ...] = ("ships", "harvest", "taxes", "expedition", "colonists")
COLUMN_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLUMNS)}
ROWS = 5
#: VP per marker by row 1..5.
ROW_VP = (0, 1, 3, 6, 10)
#: Ships paid (and spices paid) to move into row 2..5, indexed by target row index 1..4.
ADVANCE_SHIPS = (0, 1, 2, 3, 4)
#: Ducats paid instead with the "advance for money" card, by target row index.
ADVANCE_DUCATS = (0, 6, 12, 18, 24)

#: What each column yields by row: ships taken, spices harvested, ducats taxed, the expedition
#: hand limit (the Expedition action fills the hand up to it), base colonists when founding.
YIELD: dict[str, tuple[int, ...]] = {
    "ships": (1, 2, 3, 4, 5),
    "harvest": (1, 2, 4, 6, 8),
    "taxes": (4, 6, 8, 10, 12),
    "expedition": (1, 2, 3, 4, 6),
    "colonists": (0, 2, 3, 4, 5),
}

#: The order in which the progress board's cells ask for spices. Column c's row r+1 asks for the
#: r kinds that start at COST_ORDER[c] (cyclically): the six printed cells fit it exactly, the
#: rest follow it (each cell asks distinct kinds, each kind 10 times in all, one per sack).
COST_ORDER: tuple[str, ...] = ("ginger", "cinnamon", "pepper", "nutmeg", "clove")


def cost_pattern(order: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``[column][target row index]`` → the spice kinds printed on that cell, one of each paid
    (row index 0 is the start and costs nothing)."""
    return tuple(
        tuple(tuple(order[(c + j) % 5] for j in range(t)) for t in range(ROWS)) for c in range(len(COLUMNS))
    )


ADVANCE_SPICES = cost_pattern(COST_ORDER)

#: One extra-action card when all five markers first stand in this row (index) or lower. The
#: 2nd edition adds row 5; the seed names rows 2, 3 and 4 only.
BONUS_ALL_MARKERS_ROWS: tuple[int, ...] = (1, 2, 3)
#: The first player of all to move a marker into this row (index) of a column draws an
#: expedition card — within his hand limit, as the seed says of row 4.
BONUS_FIRST_TO_ROW: tuple[int, ...] = (3, 4)

# --------------------------------------------------------------------------------------------
# Auction tiles
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
MISSION_VP = (2, 3)


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


#: The seven "take immediately" tiles of part A (reused as fillers of part B).
_IMMEDIATE_SET = [
    _immediate(actions=2),
    _immediate(expeditions=2),
    _immediate(ships=4),
    _immediate(colonists=4),
    _immediate(ships=1, actions=1, colonists=1),
    _immediate(choice=3),
    _immediate(choice=3),
]

#: The 27 A tiles, confirmed in full by the player aid [W2].
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

#: The 27 B tiles: 18 known (b1–b18), 9 reconstructed (b19–b27: the A immediate set and two
#: each-round tiles).
_B_TILES: list[dict[str, Any]] = (
    [_plantation(s, 2) for s in SPICES]
    + [_plantation(s, 3) for s in SPICES]
    + [{"kind": "one_time", "effect": e} for e in ("addharvest", "trade", "viceking", "supply", "espionage")]
    + [{"kind": "duty"}]
    + [{"kind": "mission", "vp": vp} for vp in MISSION_VP]
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
#: Additional Harvest fills up to this many plantations/colonies.
ADDHARVEST_STORES = 3
#: Supply draws this many expedition cards and gives their colonist total as goods.
SUPPLY_DRAW = 2

# --------------------------------------------------------------------------------------------
# Colonies

COLONY_NAMES: tuple[str, ...] = ("quilon", "cochin", "madras", "calicut")
COLONY_NEED: dict[str, int] = {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12}
#: Stacks whose copies differ and are shuffled at setup (the 1st edition; in the 2nd the
#: founder chooses among them).
SHUFFLED_COLONY_STACKS: tuple[str, ...] = ("quilon", "madras")
#: Colony VP by number founded. The seed prints 2 for two colonies, which breaks the pattern of
#: every other Goa table; the rulebook prints 3.
COLONY_VP = (0, 1, 3, 6, 10)
#: Colonist cards drawn when founding; 3 with the "colony" expedition card.
COLONY_DRAW = 2
COLONY_DRAW_WITH_CARD = 3
#: Colonists given as compensation for a failed founding.
COLONY_FAILURE_COLONISTS = 1


def _kinds(*names: str) -> tuple[str, ...]:
    """Spice kinds in :data:`SPICES` order."""
    return tuple(s for s in SPICES if s in names)


#: The spice pair of each Quilon tile (one spice) and each Madras tile (two): the first two
#: Quilons and the first Madras are printed, the others reconstructed so that each spice is on
#: two tiles of each colony.
_QUILON_PAIRS = (
    ("ginger", "cinnamon"),
    ("pepper", "nutmeg"),
    ("clove", "ginger"),
    ("clove", "pepper"),
    ("cinnamon", "nutmeg"),
)
_MADRAS_PAIRS = (
    ("pepper", "nutmeg"),
    ("ginger", "pepper"),
    ("cinnamon", "nutmeg"),
    ("clove", "ginger"),
    ("clove", "cinnamon"),
)
#: A colony field: (capacity, allowed spice kinds).
ColonyField = tuple[int, tuple[str, ...]]


class ColonyTile(TypedDict):
    colony: str
    fields: tuple[ColonyField, ...]


#: colony tile id → {"colony", "fields": ((capacity, allowed kinds), …)}. A field holds any mix
#: of its kinds up to its capacity. Today's tiles; revision 1's are added further down.
COLONY_TILES: dict[str, ColonyTile] = {}
for _i, _pair in enumerate(_QUILON_PAIRS):
    COLONY_TILES[f"quilon-{'abcde'[_i]}"] = {"colony": "quilon", "fields": ((1, _kinds(*_pair)),)}
for _i in range(4):
    COLONY_TILES[f"cochin-{'abcd'[_i]}"] = {"colony": "cochin", "fields": ((1, SPICES),)}
for _i, _pair in enumerate(_MADRAS_PAIRS):
    COLONY_TILES[f"madras-{'abcde'[_i]}"] = {"colony": "madras", "fields": ((2, _kinds(*_pair)),)}
for _i in range(4):
    COLONY_TILES[f"calicut-{'abcd'[_i]}"] = {"colony": "calicut", "fields": ((2, SPICES),)}
COLONY_STACKS: dict[str, tuple[str, ...]] = {
    name: tuple(t for t in COLONY_TILES if COLONY_TILES[t]["colony"] == name) for name in COLONY_NAMES
}

# --------------------------------------------------------------------------------------------
# Expedition cards — 30 cards; their composition is reconstructed
#
# effects: advance_no_ships, advance_no_spices, advance_money, colony_three, harvest_mix (the "A"
# cards, played with the action they change) and ships (+2), colonists (+2), ducats (+5),
# spices (+2 of choice), extra_action (+1 card) (played on their own).

SYMBOLS: tuple[str, ...] = ("tiger", "elephant", "peacock", "monkey", "cobra")
#: The symbol whose first reveal decides the start player at setup.
START_SYMBOL = "tiger"
#: VP for kept cards of one symbol, by how many.
SYMBOL_SET_VP = (0, 1, 3, 6, 10, 15, 20)

#: What the resource cards give when played.
CARD_RESOURCES: dict[str, int] = {"ships": 2, "colonists": 2, "ducats": 5, "spices": 2, "extra_action": 1}
#: The "A" cards and the action each one changes.
CARD_MODIFIES: dict[str, str] = {
    "advance_no_ships": "advance",
    "advance_no_spices": "advance",
    "advance_money": "advance",
    "colony_three": "colony",
    "harvest_mix": "harvest",
}

#: (card number, effect, colonists, symbol): 5 symbols × 6 cards, colonists 1/2/3 on 10 cards
#: each, two of each A card and four of each resource card.
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


class Card(TypedDict):
    id: int
    effect: str
    colonists: int
    symbol: str


CARDS: dict[int, Card] = {n: {"id": n, "effect": e, "colonists": c, "symbol": s} for n, e, c, s in _CARDS}
CARD_IDS: tuple[int, ...] = tuple(CARDS)

# --------------------------------------------------------------------------------------------
# Scoring

MOST_DUCATS_VP = 3

# --------------------------------------------------------------------------------------------
# Revisions


@dataclasses.dataclass(frozen=True)
class Revision:
    """The values and rules that changed between revisions (see the module docstring).

    ``extra_in_turns``: extra actions go round the table one card at a time until everyone has
    passed (the rulebook's 'End of a round'); revision 1 let each player play all of his, in turn.
    """

    number: int
    yields: Mapping[str, tuple[int, ...]]
    advance_spices: tuple[tuple[tuple[str, ...], ...], ...]
    colony_vp: tuple[int, ...]
    first_to_row: tuple[int, ...]
    colony_stacks: Mapping[str, tuple[str, ...]]
    extra_in_turns: bool


CURRENT = 2
_TODAY = Revision(
    number=CURRENT,
    yields=YIELD,
    advance_spices=ADVANCE_SPICES,
    colony_vp=COLONY_VP,
    first_to_row=BONUS_FIRST_TO_ROW,
    colony_stacks=COLONY_STACKS,
    extra_in_turns=True,
)


def _first_reconstruction_colonies() -> dict[str, tuple[str, ...]]:
    """Revision 1's colony tiles (ids ``quilon1`` …), added to :data:`COLONY_TILES`: Quilon a
    pair of neighbours in SPICES (capacity 2), Cochin any (3), Madras a pair two apart (4),
    Calicut any in two fields (2 and 3)."""
    tiles: dict[str, ColonyTile] = {}
    for i in range(5):
        tiles[f"quilon{i + 1}"] = {"colony": "quilon", "fields": ((2, (SPICES[i], SPICES[(i + 1) % 5])),)}
        tiles[f"madras{i + 1}"] = {"colony": "madras", "fields": ((4, (SPICES[i], SPICES[(i + 2) % 5])),)}
    for i in range(4):
        tiles[f"cochin{i + 1}"] = {"colony": "cochin", "fields": ((3, SPICES),)}
        tiles[f"calicut{i + 1}"] = {"colony": "calicut", "fields": ((2, SPICES), (3, SPICES))}
    COLONY_TILES.update(tiles)
    return {name: tuple(t for t, d in tiles.items() if d["colony"] == name) for name in COLONY_NAMES}


#: revision number → its values. Revision 1 differs from today's only as written here.
REVISIONS: dict[int, Revision] = {
    CURRENT: _TODAY,
    1: dataclasses.replace(
        _TODAY,
        number=1,
        yields={**YIELD, "expedition": (2, 3, 4, 5, 6), "colonists": (1, 2, 3, 4, 5)},
        advance_spices=cost_pattern(SPICES),
        colony_vp=(0, 1, 2, 6, 10),
        first_to_row=(3,),
        colony_stacks=_first_reconstruction_colonies(),
        extra_in_turns=False,
    ),
}

# --------------------------------------------------------------------------------------------
# The source of every value above (see the module docstring and :mod:`engine.provenance`)

_H, _M, _U = src.HIGH, src.MEDIUM, src.UNCONFIRMED


def _seed(section: str, says: str = "") -> str:
    return f"seed {section}" + (f": {says}" if says else "")


def _rb(section: str, says: str = "") -> str:
    return f"2nd-edition rulebook {section}" + (f": {says}" if says else "")


_SETUP = "准备 (setup)"
_FLOW = "流程 (sequence of play)"
_COMPONENTS = "配件 (components)"
_TILE_KINDS = "配件, the six kinds of auction tile"
_CARD_KINDS = "配件, the five kinds of card"
_ADVANCING = "升级发展版图 (advancing)"
_FOUNDING = "建立殖民地 (founding a colony)"
_SCORING = "结束计分 (final scoring)"
_EXAMPLE = "'Example of a complete round'"
_TILE_KEY = "the colony tiles' key beside '6. Found a colony'"
_PICTURE = "(its row is shown only in a picture)"


def _yield(column: str, rows: tuple[int, ...], source: str, confidence: str) -> src.Mark:
    """The mark of some rows (1-based) of one YIELD column."""
    values = tuple(YIELD[column][r - 1] for r in rows)
    name = f"YIELD[{column}][{rows[0]}]" if len(rows) == 1 else f"YIELD[{column}][{rows[0]}-{rows[-1]}]"
    if confidence != _U:
        return src.Mark(name, values[0] if len(rows) == 1 else values, source, confidence)
    fields = {"column": column, "rows": rows, "values": values}
    return src.Mark(name, values, source, confidence, "yield", fields)


#: The cells a text prints: (column, target row) → where.
_PRINTED_CELLS: dict[tuple[str, int], str] = {
    ("ships", 2): _rb(_EXAMPLE, "Green pays 1 ginger and 1 ship") + "; [W29] (1st edition) the same",
    ("ships", 3): _rb(_EXAMPLE, "Green: 1 ginger, 1 cinnamon and 2 ships") + "; [W29] (1st edition) the same",
    ("harvest", 2): _rb(_EXAMPLE, "Red pays 1 cinnamon and 1 ship"),
    ("taxes", 3): _rb("'1. Progress on their Development board'", "1 pepper, 1 nutmeg and 2 ships"),
    ("colonists", 2): _rb(_EXAMPLE, "Yellow pays 1 clove and 1 ship"),
    ("colonists", 3): _rb(_EXAMPLE, "Yellow: 1 clove, 1 ginger and 2 ships"),
}
_PATTERN_CELLS = {
    f"{column} {t + 1}": ADVANCE_SPICES[c][t]
    for c, column in enumerate(COLUMNS)
    for t in range(1, ROWS)
    if (column, t + 1) not in _PRINTED_CELLS
}


def _colony_marks(colony: str, pairs: tuple[tuple[str, str], ...], printed: dict[int, str]) -> list[src.Mark]:
    """One mark per printed tile of ``colony``, one for the reconstructed rest."""
    letters = "abcde"
    marks = [
        src.Mark(
            f"COLONY_TILES[{colony}-{letters[i]}]",
            COLONY_TILES[f"{colony}-{letters[i]}"]["fields"],
            where,
            _H,
        )
        for i, where in printed.items()
    ]
    rest = [i for i in range(len(pairs)) if i not in printed]
    tiles = tuple(f"{colony}-{letters[i]}" for i in rest)
    marks.append(
        src.Mark(
            f"COLONY_TILES[{tiles[0]}..{tiles[-1][-1]}]",
            tuple(pairs[i] for i in rest),
            _rb("'6. Found a colony'", f"the five {colony.title()} tiles differ, each a pair of spices")
            + "; these pairs are ours, chosen so that each spice is on two tiles",
            _U,
            "colony",
            {"colony": colony, "tiles": tiles},
        )
    )
    return marks


_B_FILLERS = B_TILE_IDS[18:]

#: The source of every value of the module (names as in :mod:`engine.provenance`).
MARKS: tuple[src.Mark, ...] = (
    src.Mark(
        "SPICES", SPICES, _rb("'Game setup' 2", "the five spice names") + "; seed 配件: 5 kinds × 10", _H
    ),
    src.Mark("PLAYER_COUNTS", PLAYER_COUNTS, _seed(_SETUP, "markers for 4, 3 and 2 players"), _H),
    src.Mark("ROUNDS", ROUNDS, _seed(_FLOW, "parts A and B of 4 rounds each"), _H),
    src.Mark("LAST_ROUND_OF_PART_A", LAST_ROUND_OF_PART_A, _seed(_FLOW), _H),
    src.Mark("ACTIONS_PER_ROUND", ACTIONS_PER_ROUND, _seed("玩家行动 (actions)", "3 actions each"), _H),
    src.Mark(
        "MAX_EXTRA_ACTION_CARDS_KEPT", MAX_EXTRA_ACTION_CARDS_KEPT, _seed("一轮结束 (end of a round)"), _H
    ),
    src.Mark("GRID_SIZE", GRID_SIZE, _seed(_SETUP, "a 5×5 grid"), _H),
    src.Mark(
        "TILES_LAID_PER_PART", TILES_LAID_PER_PART, _seed(_SETUP, "25 of the 27 tiles, 2 back unseen"), _H
    ),
    src.Mark("AUCTION_MARKERS", AUCTION_MARKERS, _seed(_SETUP, "markers 1-5, 1-4, 1-3"), _H),
    src.Mark("START_SHIPS", START_SHIPS, _seed(_SETUP, "4 ships and 2 colonists"), _H),
    src.Mark("START_COLONISTS", START_COLONISTS, _seed(_SETUP, "4 ships and 2 colonists"), _H),
    src.Mark(
        "START_DUCATS_START_PLAYER", START_DUCATS_START_PLAYER, _seed(_SETUP, "7 ducats and the flag"), _H
    ),
    src.Mark("START_DUCATS_OTHERS", START_DUCATS_OTHERS, _seed(_SETUP, "the others 10"), _H),
    src.Mark("PLANTATION_SPACES", PLANTATION_SPACES, _seed(_COMPONENTS, "4 spaces; a 5th replaces one"), _H),
    src.Mark("COLUMNS", COLUMNS, _seed("获得发展版图上的资源", "the five columns, founding last"), _H),
    src.Mark("ROWS", ROWS, _seed(_SCORING, "rows 1 to 5"), _H),
    src.Mark("ROW_VP", ROW_VP, _seed(_SCORING), _H),
    src.Mark(
        "ADVANCE_SHIPS",
        ADVANCE_SHIPS,
        _seed(_ADVANCING, "the spices shown and as many ships")
        + "; "
        + _rb("'1. Progress…'", "1 to 4 spices"),
        _H,
    ),
    src.Mark("ADVANCE_DUCATS", ADVANCE_DUCATS, _seed(_CARD_KINDS, "the A card: 6, 12, 18, 24 ducats"), _H),
    _yield("ships", (1,), "[W11][W22]; [W29] (1st edition): 1 ship from the top cell", _H),
    _yield("ships", (2,), _rb("'2. Build ships'", "a marker in the second row takes 2 ships"), _H),
    _yield("ships", (3, 4), "ours: between rows 2 and 5", _U),
    _yield("ships", (5,), "[W11]: 'build ships 1 to 5 per action'", _M),
    _yield("harvest", (1,), "[W11][W22]: 1 spice a season at the start", _M),
    _yield("harvest", (2, 3, 4), f"ours; the rulebook's '3. Harvest' example takes 4 {_PICTURE}", _U),
    _yield("harvest", (5,), "[W11]: 'harvest spices 1 to 8 per action'", _M),
    _yield("taxes", (1,), _rb(_EXAMPLE, "Blue's Taxes in round 1 takes 4 ducats"), _H),
    _yield(
        "taxes",
        (2, 3, 4, 5),
        f"ours, 2 more a row; the rulebook's '4. Taxes' example takes 6 {_PICTURE}, [W18] 'the money action for 6'",
        _U,
    ),
    _yield(
        "expedition",
        (1,),
        _rb(_EXAMPLE, "draw 1, hand limit 1") + " (the same whichever the 1st edition's single number is)",
        _H,
    ),
    _yield(
        "expedition",
        (2, 3, 4, 5),
        "ours: the engine reads the 1st edition's number as the hand limit; row 4 as the rulebook's "
        "'5. Expedition' example (hand limit 4), rows 2-3 between, row 5 6 so that the seed's "
        "six-of-a-symbol set can be held",
        _U,
    ),
    _yield("colonists", (1,), _rb(_EXAMPLE, "'He has 0 Colonists on his Development board' in round 1"), _H),
    _yield(
        "colonists",
        (2, 3, 4, 5),
        f"ours (the first reconstruction's); the rulebook's '6. Found a colony' example has 4 {_PICTURE}",
        _U,
    ),
    src.Mark("COST_ORDER", COST_ORDER, "the six printed cells below fit this order exactly", _M),
    *(
        src.Mark(f"ADVANCE_SPICES[{column}][{row}]", ADVANCE_SPICES[COLUMN_INDEX[column]][row - 1], where, _H)
        for (column, row), where in _PRINTED_CELLS.items()
    ),
    src.Mark(
        "ADVANCE_SPICES[the other 14 cells]",
        _PATTERN_CELLS,
        "ours: COST_ORDER continued",
        _U,
        "costs",
        {"cells": len(_PATTERN_CELLS), "total": len(COLUMNS) * (ROWS - 1)},
    ),
    src.Mark("BONUS_ALL_MARKERS_ROWS", BONUS_ALL_MARKERS_ROWS, _seed(_ADVANCING, "rows 2, 3 and 4"), _H),
    src.Mark(
        "BONUS_FIRST_TO_ROW[4]", 3, _seed(_ADVANCING, "first to row 4: 1 card, within the hand limit"), _H
    ),
    src.Mark(
        "BONUS_FIRST_TO_ROW[5]",
        4,
        _rb("'The Expedition cards'", "the last row too")
        + "; [W13] (1st edition): 'the first player who reaches the last two levels'",
        _M,
    ),
    src.Mark(
        "TILES[a1..a27]",
        "5 single and 10 double plantations; each round 1 ship, 4 ducats, 1 colonist, 1 spice; "
        "Duty; 2 extra actions, 2 expedition cards, 4 ships, 4 colonists, ship + action + colonist, "
        "2 × 3 ships or 3 colonists",
        "[W2] (the player aid lists all 27 A tiles; totals agree with the seed)",
        _H,
    ),
    src.Mark("TILES[b1..b10]", "a double and a triple plantation of each spice", "[W2]", _H),
    src.Mark("TILES[b11..b12]", "Additional Harvest, Trade", "[W2]; seed " + _TILE_KINDS, _H),
    src.Mark(
        "TILES[b13..b15]", "Vice-King, Supply, Espionage", _seed(_TILE_KINDS, "use-once tiles, not in A"), _H
    ),
    src.Mark("TILES[b16]", "Duty", _seed(_TILE_KINDS, "a Duty in A and one in B"), _H),
    src.Mark("TILES[b17..b18]", "Missions 2 and 3 VP", _seed(_TILE_KINDS, "two Missions, not in A"), _H),
    src.Mark(
        "TILES[b19..b27]",
        "the 7 take-immediately A tiles again, 1 ship and 1 colonist each round",
        "ours; the rulebook marks its take-immediately tiles A+B, but its each-round ship and "
        "colonist tiles A only (its tile sets differ from the 1st edition's)",
        _U,
        "b_tiles",
        {"tiles": _B_FILLERS},
    ),
    src.Mark("MISSION_VP", MISSION_VP, _seed(_TILE_KINDS, "Missions 2 or 3 VP"), _H),
    src.Mark("DUTY_SPICES", DUTY_SPICES, _seed(_TILE_KINDS, "6 spices for 4 VP"), _H),
    src.Mark(
        "DUTY_VP", DUTY_VP, _seed(_TILE_KINDS, "6 spices for 4 VP") + " (the 2nd edition's 5 stays out)", _H
    ),
    src.Mark(
        "SINGLE_PLANTATION_VP", SINGLE_PLANTATION_VP, _seed(_TILE_KINDS, "a 1 under single plantations"), _H
    ),
    src.Mark("ONE_TIME_EFFECTS", ONE_TIME_EFFECTS, _seed(_TILE_KINDS, "the five use-once tiles"), _H),
    src.Mark("ADDHARVEST_STORES", ADDHARVEST_STORES, _seed(_TILE_KINDS, "Additional Harvest fills 3"), _H),
    src.Mark("SUPPLY_DRAW", SUPPLY_DRAW, _seed(_TILE_KINDS, "Supply draws 2 cards"), _H),
    src.Mark("COLONY_NAMES", COLONY_NAMES, _seed(_FOUNDING), _H),
    src.Mark("COLONY_NEED", COLONY_NEED, _seed(_FOUNDING, "6, 8, 10, 12 colonists"), _H),
    src.Mark(
        "COLONY_STACKS",
        {n: len(t) for n, t in COLONY_STACKS.items()},
        "[W3]; " + _rb("'Components'", "5 Quilon, 4 Cochin, 5 Madras, 4 Calicut"),
        _H,
    ),
    src.Mark(
        "SHUFFLED_COLONY_STACKS",
        SHUFFLED_COLONY_STACKS,
        "[W7] (1st-edition rules in Dutch: 'Quilon en Madras willekeurig sorteren')",
        _H,
    ),
    src.Mark(
        "COLONY_VP", COLONY_VP, _rb("'Final scoring'", "1, 3, 6, 10") + " (the seed prints 2 for two)", _H
    ),
    src.Mark("COLONY_DRAW", COLONY_DRAW, _seed(_FOUNDING, "draw 2 expedition cards"), _H),
    src.Mark("COLONY_DRAW_WITH_CARD", COLONY_DRAW_WITH_CARD, _seed(_CARD_KINDS, "the colony card: 3"), _H),
    src.Mark("COLONY_FAILURE_COLONISTS", COLONY_FAILURE_COLONISTS, _seed(_FOUNDING, "1 colonist card"), _H),
    *_colony_marks(
        "quilon",
        _QUILON_PAIRS,
        {
            0: _rb(_TILE_KEY, "'1 spice: ginger or cinnamon'") + "; " + _rb(_EXAMPLE, "Yellow's Quilon"),
            1: _rb(_EXAMPLE, "Blue: 'the Quilon tile that provides pepper or nutmeg'"),
        },
    ),
    src.Mark(
        "COLONY_TILES[cochin-*]",
        COLONY_TILES["cochin-a"]["fields"],
        _rb(_TILE_KEY, "'1 spice of your choice'"),
        _H,
    ),
    *_colony_marks("madras", _MADRAS_PAIRS, {0: _rb(_TILE_KEY, "'2 spices: pepper and/or nutmeg'")}),
    src.Mark(
        "COLONY_TILES[calicut-*]",
        COLONY_TILES["calicut-a"]["fields"],
        _rb(_TILE_KEY, "'2 spices of your choice'"),
        _H,
    ),
    src.Mark(
        "SYMBOLS",
        SYMBOLS,
        "ours: 5 symbols × 6 cards, as the seed scores up to six of one symbol (the 2nd edition has 6 × 5)",
        _U,
        "symbols",
        {"symbols": SYMBOLS},
    ),
    src.Mark("START_SYMBOL", START_SYMBOL, "[W6][W25]", _M),
    src.Mark("SYMBOL_SET_VP", SYMBOL_SET_VP, _seed(_SCORING, "1/3/6/10/15/20"), _H),
    src.Mark("CARD_MODIFIES", CARD_MODIFIES, _seed(_CARD_KINDS, "the five A cards"), _H),
    *(
        src.Mark(
            f"CARD_RESOURCES[{effect}]",
            CARD_RESOURCES[effect],
            _rb("'The Expedition cards'", says) + " (its deck; the 1st edition's is not known)",
            _M,
        )
        for effect, says in (
            ("ships", "'Take 2 ships'"),
            ("colonists", "'Take 2 colonists'"),
            ("ducats", "'Take 5 ducats'"),
            ("spices", "'Take 2 spices of your choice'"),
        )
    ),
    src.Mark(
        "CARD_RESOURCES[extra_action]",
        CARD_RESOURCES["extra_action"],
        "ours: no source shows such a card; the 2nd-edition deck has 'sell up to 4 spices' and "
        "'advance for ducats' bonus cards instead",
        _U,
        "card",
        {"effect": "extra_action"},
    ),
    src.Mark(
        "CARDS",
        "which effect, colonist number (1, 2 or 3) and symbol each of the 30 cards shows",
        "[W4][W5] and rulebook 'Components': 30 cards; the numbers 1, 2, 3: rulebook 'The Expedition "
        "cards'; ours: two of each A card, four of each resource card, each number on ten cards",
        _U,
        "deck",
        {"cards": len(CARDS)},
    ),
    src.Mark("MOST_DUCATS_VP", MOST_DUCATS_VP, _seed(_SCORING, "3 VP, every tied player"), _H),
)
#: Module-level names that hold no value to source: ids, indexes, the revisions themselves.
IDENTIFIERS: tuple[str, ...] = (
    "SPICE_INDEX",
    "COLUMN_INDEX",
    "A_TILE_IDS",
    "B_TILE_IDS",
    "CARD_IDS",
    "CURRENT",
    "REVISIONS",
    "MARKS",
    "IDENTIFIERS",
)
