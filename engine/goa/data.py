"""Goa (1st edition) as data: tiles, colonies, expedition cards, the progress board, setup.

Every value has a mark in :data:`MARKS` (at the end of the module, :mod:`engine.provenance`):
where it is printed. The authority is the publisher's English rulebook of the 1st edition (Hans
im Glück / Rio Grande 2004), cited by its section titles ("Goa 1st ed. rulebook: <section>");
the seed walkthrough ``shared/seeds/004_d8b935ce5fbe977b.txt`` (cited by its Chinese headings),
the 2nd edition's rulebook and reviews (``[Wn]``, numbered as in ``shared/rules/goa.md`` §10, and
[W29], Frank Quispel's review of the 1st edition) only where the publisher's text prints nothing.
A value no text prints is "unconfirmed" (a reconstruction); a seed reading the publisher's text
overturned is kept in its mark's ``superseded``. ``/game rules`` lists the unconfirmed values
from these marks and ``docs/sources.md`` shows them all.

**Revisions.** Correcting values against the printed texts changed the game, so a game keeps the
revision it began with (``State.revision``, the ``revision`` option): :data:`CURRENT` (3) is the
publisher's 1st-edition text; revision 2 the seed and 2nd-edition readings, revision 1 the first
reconstruction (the spec's Appendix A), kept only so that games begun under them finish — and
replay from their log — exactly as they began. The module-level tables (``YIELD``,
``ADVANCE_SPICES``, ``COLONY_VP`` …) are the current revision's; ``…_REVISION_2`` names keep the
tables revision 2 had.
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
#: hand limit (the right number of the expedition column), base colonists when founding.
YIELD: dict[str, tuple[int, ...]] = {
    "ships": (1, 2, 3, 4, 5),
    "harvest": (1, 2, 4, 6, 8),
    "taxes": (4, 6, 8, 10, 12),
    "expedition": (1, 2, 3, 4, 6),
    "colonists": (0, 2, 3, 4, 5),
}

#: The left number of each row of the expedition column: the cards the Expedition action draws
#: (never past the hand limit, the right number). Revisions 1 and 2 read the column's one number
#: as the hand limit and filled the hand up to it.
EXPEDITION_DRAW: tuple[int, ...] = (1, 2, 2, 2, 3)

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


def swap_harvest_and_taxes(
    costs: tuple[tuple[tuple[str, ...], ...], ...],
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The 1st-edition board: the costs revision 2 printed on the harvest column stand on the
    taxes column (its rulebook: taxes row 2 → 3 costs pepper + cinnamon) and the other way round."""
    h, t = COLUMN_INDEX["harvest"], COLUMN_INDEX["taxes"]
    out = list(costs)
    out[h], out[t] = costs[t], costs[h]
    return tuple(out)


#: Revision 2's costs (COST_ORDER read column by column in COLUMNS order).
ADVANCE_SPICES_REVISION_2 = cost_pattern(COST_ORDER)
ADVANCE_SPICES = swap_harvest_and_taxes(ADVANCE_SPICES_REVISION_2)

#: One extra-action card when all five markers first stand in this row (index) or lower: rows
#: 2, 3, 4 and 5 ('Special Cases Regarding Movement of Success Markers'). Revisions 1 and 2
#: followed the seed, which names rows 2, 3 and 4 only.
BONUS_ALL_MARKERS_ROWS: tuple[int, ...] = (1, 2, 3, 4)
#: The first player of all to move a marker into this row (index) of a column draws an
#: expedition card, even over his hand limit.
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

#: The 18 known B tiles (b1–b18).
_B_KNOWN: list[dict[str, Any]] = (
    [_plantation(s, 2) for s in SPICES]
    + [_plantation(s, 3) for s in SPICES]
    + [{"kind": "one_time", "effect": e} for e in ("addharvest", "trade", "viceking", "supply", "espionage")]
    + [{"kind": "duty"}]
    + [{"kind": "mission", "vp": vp} for vp in MISSION_VP]
)
#: The 27 B tiles of revisions 1 and 2: the 18 known and 9 reconstructed (b19–b27: the A
#: immediate set and two each-round tiles, which the 1st-edition text gives to part A only).
_B_TILES: list[dict[str, Any]] = (
    _B_KNOWN + _IMMEDIATE_SET + [_each_round("ship", 1), _each_round("colonist", 1)]
)
#: The nine B tiles nobody has identified, as revision 3 has them (ids b28–b36): take-immediately
#: tiles, each of the six types once (the text marks them all A+B) and three more (ours: the
#: 3-card Expeditions the text's "2 or 3 expedition cards" speaks of, a second Settlement and a
#: second Ships/colonists).
_B_FILLERS_FIRST_EDITION: list[dict[str, Any]] = [
    _immediate(actions=2),
    _immediate(expeditions=2),
    _immediate(expeditions=3),
    _immediate(ships=4),
    _immediate(colonists=4),
    _immediate(ships=1, actions=1, colonists=1),
    _immediate(ships=1, actions=1, colonists=1),
    _immediate(choice=3),
    _immediate(choice=3),
]

#: tile id → tile. Ids are "a1".."a27" and "b1".."b27".
TILES: dict[str, dict[str, Any]] = {}
for _part, _tiles in (("a", _A_TILES), ("b", _B_TILES + _B_FILLERS_FIRST_EDITION)):
    for _i, _tile in enumerate(_tiles, start=1):
        TILES[f"{_part}{_i}"] = {"id": f"{_part}{_i}", **_tile}
A_TILE_IDS: tuple[str, ...] = tuple(f"a{i}" for i in range(1, len(_A_TILES) + 1))
#: Today's B tiles: the 18 known and the nine take-immediately tiles b28–b36.
B_TILE_IDS: tuple[str, ...] = tuple(f"b{i}" for i in range(1, len(_B_KNOWN) + 1)) + tuple(
    f"b{i}" for i in range(len(_B_TILES) + 1, len(_B_TILES) + len(_B_FILLERS_FIRST_EDITION) + 1)
)
#: Revisions 1 and 2's B tiles (b1–b27).
B_TILE_IDS_REVISION_2: tuple[str, ...] = tuple(f"b{i}" for i in range(1, len(_B_TILES) + 1))
ONE_TIME_EFFECTS: tuple[str, ...] = ("trade", "viceking", "supply", "espionage", "addharvest")
#: Additional Harvest fills up to this many plantations/colonies.
ADDHARVEST_STORES = 3
#: Supply draws this many expedition cards and gives their colonist total as goods.
SUPPLY_DRAW = 2

# --------------------------------------------------------------------------------------------
# Colonies

COLONY_NAMES: tuple[str, ...] = ("quilon", "cochin", "madras", "calicut")
COLONY_NEED: dict[str, int] = {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12}
#: Stacks whose copies differ: the founder of such a colony chooses which remaining tile he
#: takes ('6. Found Colony'). Revisions 1 and 2 shuffled them at setup and gave the top one.
CHOSEN_COLONY_STACKS: tuple[str, ...] = ("quilon", "madras")
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
# spices (up to 2 of choice), sell (spices back for 3 ducats each) (played on their own).
# Revisions 1 and 2 had a card of one more extra action (extra_action) instead of sell, and
# other symbols: their deck is cards 1–30, today's 31–60.

SYMBOLS: tuple[str, ...] = ("tiger", "fish", "palm", "shell", "statue")
#: Revisions 1 and 2's symbols, in the same order (card 1–30 use them).
SYMBOLS_REVISION_2: tuple[str, ...] = ("tiger", "elephant", "peacock", "monkey", "cobra")
#: The symbol whose first reveal decides the start player at setup.
START_SYMBOL = "tiger"
#: VP for kept cards of one symbol, by how many.
SYMBOL_SET_VP = (0, 1, 3, 6, 10, 15, 20)

#: What the resource cards give when played (``sell``: ducats per spice given back).
CARD_RESOURCES: dict[str, int] = {
    "ships": 2,
    "colonists": 2,
    "ducats": 5,
    "spices": 2,
    "sell": 3,
    "extra_action": 1,
}
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


#: Today's deck is the same reconstruction with the sell card for the extra action and the
#: 1st-edition symbols (card n + 30 for revision 2's card n).
_SYMBOL_NOW = dict(zip(SYMBOLS_REVISION_2, SYMBOLS, strict=True))
_CARDS_NOW = [
    (n + len(_CARDS), "sell" if e == "extra_action" else e, c, _SYMBOL_NOW[s]) for n, e, c, s in _CARDS
]
CARDS: dict[int, Card] = {
    n: {"id": n, "effect": e, "colonists": c, "symbol": s} for n, e, c, s in _CARDS + _CARDS_NOW
}
#: Today's deck (cards 31–60); revisions 1 and 2 play with cards 1–30.
CARD_IDS: tuple[int, ...] = tuple(n for n, *_ in _CARDS_NOW)
CARD_IDS_REVISION_2: tuple[int, ...] = tuple(n for n, *_ in _CARDS)

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

    Revision 3 follows the publisher's 1st-edition text; the fields after ``extra_in_turns`` are
    what it changed (their defaults are revisions 1 and 2's):

    * ``expedition_draw``: the cards the Expedition action draws by row, never past the hand
      limit (None: it fills the hand up to the limit); ``gifts_over_limit``: the Expeditions
      tile and the first-to-row card are taken even over the limit, and an Expedition action
      first has the player shed the cards above it; ``discard_on_own_turn``: a player may discard
      expedition cards on his own turn (:data:`DISCARD_ON_OWN_TURN`, our reading of 'at any time');
    * ``cards_per_turn``: expedition cards a player may play per action turn (None: any number);
      ``card_after_action``: one not played before or with the action may still be played after
      it (a short ``after`` decision once the action is answered);
    * ``chosen_stacks``: colonies whose founder chooses his tile (else the stacks listed in
      ``shuffled_stacks`` are shuffled at setup and the top tile is taken);
    * ``resupply_one_kind``: Re-supply pays its total in one kind only;
    * ``keep_single_plantation``: a single plantation replaced by a fifth is kept face down
      and scores;
    * ``all_markers_rows``: the rows (indexes) of the all-markers bonus;
    * ``keep_extra_by_playing``: a player holding more than one additional-action card at the
      end of a round must play them down to one (else the surplus is lost);
    * ``b_tiles``, ``card_ids``: the B tiles and the expedition deck.
    """

    number: int
    yields: Mapping[str, tuple[int, ...]]
    advance_spices: tuple[tuple[tuple[str, ...], ...], ...]
    colony_vp: tuple[int, ...]
    first_to_row: tuple[int, ...]
    colony_stacks: Mapping[str, tuple[str, ...]]
    extra_in_turns: bool
    expedition_draw: tuple[int, ...] | None = None
    gifts_over_limit: bool = False
    discard_on_own_turn: bool = False
    cards_per_turn: int | None = None
    card_after_action: bool = False
    chosen_stacks: tuple[str, ...] = ()
    shuffled_stacks: tuple[str, ...] = CHOSEN_COLONY_STACKS
    resupply_one_kind: bool = False
    keep_single_plantation: bool = False
    all_markers_rows: tuple[int, ...] = (1, 2, 3)
    keep_extra_by_playing: bool = False
    b_tiles: tuple[str, ...] = B_TILE_IDS_REVISION_2
    card_ids: tuple[int, ...] = CARD_IDS_REVISION_2


CURRENT = 3
#: Revision 3: when the engine offers to discard expedition cards unplayed. The 1st-edition text
#: allows it 'at any time'; the engine offers it (``drop``) on the seat's own turn, and an
#: Expedition action over the hand limit sheds the surplus first. Our ruling: a discard outside
#: one's own turn changes nothing in play, for the hand limit matters only when drawing, which
#: happens on one's own turn (and the draws allowed over the limit stay allowed).
DISCARD_ON_OWN_TURN = True
#: Revision 2: the printed-value corrections of issue 14 (seed and 2nd-edition readings).
_SECOND = Revision(
    number=2,
    yields=YIELD,
    advance_spices=ADVANCE_SPICES_REVISION_2,
    colony_vp=COLONY_VP,
    first_to_row=BONUS_FIRST_TO_ROW,
    colony_stacks=COLONY_STACKS,
    extra_in_turns=True,
)
#: Revision 3: the publisher's 1st-edition rulebook.
_TODAY = dataclasses.replace(
    _SECOND,
    number=CURRENT,
    advance_spices=ADVANCE_SPICES,
    expedition_draw=EXPEDITION_DRAW,
    gifts_over_limit=True,
    discard_on_own_turn=DISCARD_ON_OWN_TURN,
    cards_per_turn=1,
    card_after_action=True,
    chosen_stacks=CHOSEN_COLONY_STACKS,
    shuffled_stacks=(),
    resupply_one_kind=True,
    keep_single_plantation=True,
    all_markers_rows=BONUS_ALL_MARKERS_ROWS,
    keep_extra_by_playing=True,
    b_tiles=B_TILE_IDS,
    card_ids=CARD_IDS,
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


#: revision number → its values. Revisions 1 and 2 differ from today's only as written here.
REVISIONS: dict[int, Revision] = {
    CURRENT: _TODAY,
    2: _SECOND,
    1: dataclasses.replace(
        _SECOND,
        number=1,
        yields={**YIELD, "expedition": (2, 3, 4, 5, 6), "colonists": (1, 2, 3, 4, 5)},
        advance_spices=cost_pattern(SPICES),
        colony_vp=(0, 1, 2, 6, 10),
        first_to_row=(3,),
        colony_stacks=_first_reconstruction_colonies(),
        extra_in_turns=False,
    ),
}

#: Table options and their defaults: the revision, and ``head_start``, the 1st-edition text's
#: 'Rule Variant' (before the game each player moves two markers to row 2 or takes 10 ducats).
OPTIONS: dict[str, Any] = {"revision": CURRENT, "head_start": False}
#: The head start: markers moved to this row (index), how many, or these ducats instead.
HEAD_START_ROW = 1
HEAD_START_MARKERS = 2
HEAD_START_DUCATS = 10

# --------------------------------------------------------------------------------------------
# The source of every value above (see the module docstring and :mod:`engine.provenance`)
#
# The authority is the publisher's English rulebook of the 1st edition (Hans im Glück / Rio
# Grande 2004), cited "Goa 1st ed. rulebook: <section> (...)" by its section titles. Where the
# seed walkthrough read a value otherwise, the mark keeps the seed's reading as ``superseded``.

_H, _M, _U, _R = src.HIGH, src.MEDIUM, src.UNCONFIRMED, src.RULING


def _fe(section: str, says: str = "") -> str:
    """A citation of the 1st-edition rulebook by section."""
    return f"Goa 1st ed. rulebook: {section}" + (f" ({says})" if says else "")


def _seed(section: str, says: str = "") -> str:
    return f"seed {section}" + (f": {says}" if says else "")


def _rb(section: str, says: str = "") -> str:
    return f"2nd-edition rulebook {section}" + (f": {says}" if says else "")


_CONTENTS = "Contents"
_PREP = "Preparation"
_PLAY = "Playing the Game"
_AUCTIONS = "2. Tile Auctions"
_ACTIONS = "3. Player Actions"
_PROGRESS = "1. Progress on the Development Board"
_FOUND = "6. Found Colony"
_EXPEDITION = "5. Expedition"
_END_ROUND = "End of a Round"
_SCORING = "The Scoring"
_CARDS_SECTION = "The Expedition Cards"
_TILES_SECTION = "Description of the Tiles"
_SPECIAL = "Special Cases Regarding Movement of Success Markers"
_VARIANT = "Rule Variant"
_EXAMPLE = "Example for the Play of a Complete Round"
_PICTURE = "(its row is shown only in a picture)"


def _yield(column: str, rows: tuple[int, ...], source: str, confidence: str, **kw: Any) -> src.Mark:
    """The mark of some rows (1-based) of one YIELD column."""
    values = tuple(YIELD[column][r - 1] for r in rows)
    name = f"YIELD[{column}][{rows[0]}]" if len(rows) == 1 else f"YIELD[{column}][{rows[0]}-{rows[-1]}]"
    if confidence != _U:
        return src.Mark(name, values[0] if len(rows) == 1 else values, source, confidence, **kw)
    fields = {"column": column, "rows": rows, "values": values}
    text = "limits" if column == "expedition" else "yield"  # the expedition column's right numbers
    return src.Mark(name, values[0] if len(rows) == 1 else values, source, confidence, text, fields, **kw)


def _draw(rows: tuple[int, ...], source: str, confidence: str) -> src.Mark:
    """The mark of some rows (1-based) of EXPEDITION_DRAW."""
    values = tuple(EXPEDITION_DRAW[r - 1] for r in rows)
    name = f"EXPEDITION_DRAW[{rows[0]}]" if len(rows) == 1 else f"EXPEDITION_DRAW[{rows[0]}-{rows[-1]}]"
    if confidence != _U:
        return src.Mark(name, values[0] if len(rows) == 1 else values, source, confidence)
    value = values[0] if len(rows) == 1 else values
    return src.Mark(name, value, source, confidence, "draws", {"rows": rows, "values": values})


#: The cells the 1st-edition text prints: (column, target row) → where.
_PRINTED_CELLS: dict[tuple[str, int], str] = {
    ("ships", 2): _fe(_EXAMPLE, "Green's 2nd action: '1 ginger and 1 ship'"),
    ("ships", 3): _fe(_EXAMPLE, "Green's 3rd action: '1 ginger, 1 cinnamon, and 2 ships'"),
    ("taxes", 2): _fe(_EXAMPLE, "Red's progress in the taxes column in round 1")
    + "; the cost itself is printed by the 2nd edition's example, 'Red pays 1 cinnamon', on its harvest column",
    ("taxes", 3): _fe(_PROGRESS, "'from row 2 to row 3 ... 1 pepper, 1 cinnamon, and 2 ships'"),
    ("colonists", 2): _fe(_EXAMPLE, "Yellow's 1st action: '1 clove and 1 ship'"),
    ("colonists", 3): _fe(_EXAMPLE, "Yellow's 3rd action: '1 ginger, 1 clove, and 2 ships'"),
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
            _fe(_FOUND, f"'5 different tiles with different spice combinations' for {colony.title()}")
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
    src.Mark("SPICES", SPICES, _fe(_CONTENTS, "'ginger, pepper, cinnamon, nutmeg, cloves'"), _H),
    src.Mark("PLAYER_COUNTS", PLAYER_COUNTS, _fe(_PREP, "auction markers for 4, 3 and 2 players"), _H),
    src.Mark("ROUNDS", ROUNDS, _fe(_PLAY, "'Each part runs for 4 rounds'"), _H),
    src.Mark("LAST_ROUND_OF_PART_A", LAST_ROUND_OF_PART_A, _fe(_PLAY, "'At the end of part A ...'"), _H),
    src.Mark("ACTIONS_PER_ROUND", ACTIONS_PER_ROUND, _fe(_ACTIONS, "'Each player has 3 actions'"), _H),
    src.Mark(
        "MAX_EXTRA_ACTION_CARDS_KEPT",
        MAX_EXTRA_ACTION_CARDS_KEPT,
        _fe(_END_ROUND, "'a player with more than 1 additional action card, must play, at least, all but 1'"),
        _H,
        superseded="seed 一轮结束: after the extra actions each player keeps at most 1 card (the rest are given back unplayed)",
    ),
    src.Mark("GRID_SIZE", GRID_SIZE, _fe(_PREP, "'the 5 x 5 grid'"), _H),
    src.Mark(
        "TILES_LAID_PER_PART", TILES_LAID_PER_PART, _fe(_PREP, "27 A tiles, 2 back in the box unseen"), _H
    ),
    src.Mark("AUCTION_MARKERS", AUCTION_MARKERS, _fe(_PREP, "all 5, 1-4, 1-3 auction markers"), _H),
    src.Mark("START_SHIPS", START_SHIPS, _fe(_PREP, "'cards worth 4 ships and 2 colonists'"), _H),
    src.Mark("START_COLONISTS", START_COLONISTS, _fe(_PREP, "'cards worth 4 ships and 2 colonists'"), _H),
    src.Mark(
        "START_DUCATS_START_PLAYER",
        START_DUCATS_START_PLAYER,
        _fe(_PREP, "'He takes the flag and 7 ducats'"),
        _H,
    ),
    src.Mark(
        "START_DUCATS_OTHERS", START_DUCATS_OTHERS, _fe(_PREP, "'The other players each take 10 ducats'"), _H
    ),
    src.Mark(
        "PLANTATION_SPACES",
        PLANTATION_SPACES,
        _fe(_TILES_SECTION, "Plantation: 'If the player already has 4 plantations ...'"),
        _H,
    ),
    src.Mark(
        "COLUMNS",
        COLUMNS,
        _fe(_ACTIONS, "build ships, harvest, taxes, expedition, found colony")
        + "; "
        + _fe(_SCORING, "the scoring example names the five columns"),
        _H,
    ),
    src.Mark("ROWS", ROWS, _fe(_SCORING, "1st to 5th row"), _H),
    src.Mark("ROW_VP", ROW_VP, _fe(_SCORING, "0, 1, 3, 6, 10 VP"), _H),
    src.Mark(
        "ADVANCE_SHIPS",
        ADVANCE_SHIPS,
        _fe(_PROGRESS, "'For each spice sack, the player must give up a ship'"),
        _H,
    ),
    src.Mark(
        "ADVANCE_DUCATS",
        ADVANCE_DUCATS,
        _fe(_CARDS_SECTION, "'The number of ducats needed is shown on the card'")
        + "; the amounts: "
        + _seed("配件, the five kinds of card", "6, 12, 18, 24 ducats"),
        _M,
    ),
    _yield("ships", (1,), "[W11][W22]; [W29] (1st edition): 1 ship from the top cell", _H),
    _yield("ships", (2,), _fe("2. Build Ships", "'his marker is in the second row ... takes 2 ships'"), _H),
    _yield("ships", (3, 4), "ours: between rows 2 and 5", _U),
    _yield("ships", (5,), "[W11]: 'build ships 1 to 5 per action'", _M),
    _yield("harvest", (1,), "[W11][W22]: 1 spice a season at the start", _M),
    _yield("harvest", (2, 3, 4), f"ours; {_fe('3. Harvest', 'the example takes 4')} {_PICTURE}", _U),
    _yield("harvest", (5,), "[W11]: 'harvest spices 1 to 8 per action'", _M),
    _yield("taxes", (1,), _fe(_EXAMPLE, "Blue's 3rd action, taxes in round 1: 'She takes 4 ducats'"), _H),
    _yield(
        "taxes",
        (2, 3, 4, 5),
        f"ours, 2 more a row; {_fe('4. Taxes', 'the example takes 6')} {_PICTURE}",
        _U,
    ),
    _yield(
        "expedition",
        (1,),
        _fe(_EXAMPLE, "Green: 'He may draw 1 expedition card and have 1 expedition card in his hand'"),
        _H,
    ),
    _yield(
        "expedition",
        (2, 3),
        _fe(_EXPEDITION, "'the right number is the player's expedition card limit'")
        + "; these rows are ours",
        _U,
        superseded="seed 获得发展版图上的资源: the column's one number is the hand limit the Expedition "
        "action fills the hand up to",
    ),
    _yield(
        "expedition", (4,), _fe(_EXPEDITION, "example 2: 'As his limit is 4 and he can draw 2 cards'"), _H
    ),
    _yield("expedition", (5,), "ours: so that a set of six of one symbol can be held", _U),
    _draw((1,), _fe(_EXAMPLE, "Green: 'He may draw 1 expedition card'"), _H),
    _draw(
        (2, 3),
        _fe(_EXPEDITION, "'The left number is the number of cards he can take'") + "; these rows are ours",
        _U,
    ),
    _draw((4,), _fe(_EXPEDITION, "example 1: '4th row ... He takes 2 expedition cards'"), _H),
    _draw((5,), "ours: one more than row 4", _U),
    _yield("colonists", (1,), _fe(_EXAMPLE, "'She has 0 colonists on her development board' in round 1"), _H),
    _yield(
        "colonists",
        (2, 3, 4, 5),
        f"ours (the first reconstruction's); {_fe(_FOUND, 'the example has 3 on the board')} {_PICTURE}",
        _U,
    ),
    src.Mark(
        "COST_ORDER", COST_ORDER, "the printed cells below fit this order (harvest and taxes swapped)", _M
    ),
    *(
        src.Mark(
            f"ADVANCE_SPICES[{column}][{row}]",
            ADVANCE_SPICES[COLUMN_INDEX[column]][row - 1],
            where,
            # the 1st edition's example leaves this cost out ("done as described before")
            _M if (column, row) == ("taxes", 2) else _H,
        )
        for (column, row), where in _PRINTED_CELLS.items()
    ),
    src.Mark(
        "ADVANCE_SPICES[the other 14 cells]",
        _PATTERN_CELLS,
        "ours: COST_ORDER continued; the harvest column's four cells are all ours (the 2nd edition's "
        "harvest row 2 is the 1st edition's taxes row 2)",
        _U,
        "costs",
        {"cells": len(_PATTERN_CELLS), "total": len(COLUMNS) * (ROWS - 1)},
    ),
    src.Mark(
        "BONUS_ALL_MARKERS_ROWS",
        BONUS_ALL_MARKERS_ROWS,
        _fe(_SPECIAL, "'in at least the 3rd, 4th, or 5th row'") + "; row 2 its first sentence",
        _H,
        superseded="seed 升级发展版图: rows 2, 3 and 4 only",
    ),
    src.Mark(
        "BONUS_FIRST_TO_ROW[4]",
        3,
        _fe(_SPECIAL, "'draws 1 expedition card ... even when it puts him over his hand limit'"),
        _H,
        superseded="seed 升级发展版图: first to row 4: 1 card, within the hand limit",
    ),
    src.Mark("BONUS_FIRST_TO_ROW[5]", 4, _fe(_SPECIAL, "'the last or second to the last row'"), _H),
    src.Mark(
        "TILES[a1..a27]",
        "5 single and 10 double plantations; each round 1 ship, 4 ducats, 1 colonist, 1 spice; "
        "Duty; 2 extra actions, 2 expedition cards, 4 ships, 4 colonists, ship + action + colonist, "
        "2 × 3 ships or 3 colonists",
        "[W2] (the player aid lists all 27 A tiles); "
        + _fe(_TILES_SECTION, "each of these kinds is marked A or A+B"),
        _H,
    ),
    src.Mark(
        "TILES[b1..b10]",
        "a double and a triple plantation of each spice",
        "[W2]; " + _fe(_TILES_SECTION, "Plantation (A+B)"),
        _H,
    ),
    src.Mark(
        "TILES[b11..b15]",
        "Extra harvest, Swap, Vice-king, Re-supply, Espionage",
        _fe(_TILES_SECTION, "the five once-a-game tiles, all (B) but Duty"),
        _H,
    ),
    src.Mark("TILES[b16]", "Duty", _fe(_TILES_SECTION, "Duty (A+B)"), _H),
    src.Mark(
        "TILES[b17..b18]",
        "Missions 2 and 3 VP",
        _fe(_TILES_SECTION, "Mission (B): '2 or 3 victory points'"),
        _H,
    ),
    src.Mark(
        "TILES[b28..b36]",
        "take-immediately tiles: 2 extra actions, 2 expedition cards, 3 expedition cards, 4 ships, "
        "4 colonists, 2 × ship + action + colonist, 2 × 3 ships or 3 colonists",
        _fe(_TILES_SECTION, "the six take-immediately kinds are marked A+B, the each-round tiles (A)")
        + "; the mix of the nine is ours",
        _U,
        "b_tiles",
        {"tiles": _B_FILLERS},
        superseded="revision 2 (ours): the seven take-immediately A tiles and the each-round ship and colonist tiles",
    ),
    src.Mark("MISSION_VP", MISSION_VP, _fe(_TILES_SECTION, "Mission: 'scores 2 or 3 victory points'"), _H),
    src.Mark("DUTY_SPICES", DUTY_SPICES, _fe(_TILES_SECTION, "Duty: 'any 6 spice sacks'"), _H),
    src.Mark("DUTY_VP", DUTY_VP, _fe(_TILES_SECTION, "Duty: '4 victory points'") + "; " + _fe(_SCORING), _H),
    src.Mark(
        "SINGLE_PLANTATION_VP",
        SINGLE_PLANTATION_VP,
        _fe(_SCORING, "'per plantation: 1 VP'")
        + "; "
        + _fe(_TILES_SECTION, "a discarded single plantation is kept face down and scores too"),
        _H,
    ),
    src.Mark(
        "ONE_TIME_EFFECTS",
        ONE_TIME_EFFECTS,
        _fe(_TILES_SECTION, "the tiles used 'only once in the entire game'"),
        _H,
    ),
    src.Mark("ADDHARVEST_STORES", ADDHARVEST_STORES, _fe(_TILES_SECTION, "Extra harvest: 'up to 3'"), _H),
    src.Mark(
        "SUPPLY_DRAW",
        SUPPLY_DRAW,
        _fe(_TILES_SECTION, "Re-supply: '2 expedition cards ... either spices, colonists, or ships'"),
        _H,
        superseded="seed 配件: the total as any combination of spices, ships and colonists",
    ),
    src.Mark("COLONY_NAMES", COLONY_NAMES, _fe(_CONTENTS, "Quilon, Cochin, Madras, Calicut"), _H),
    src.Mark("COLONY_NEED", COLONY_NEED, _fe(_FOUND, "6, 8, 10 and 12 colonists"), _H),
    src.Mark(
        "COLONY_STACKS",
        {n: len(t) for n, t in COLONY_STACKS.items()},
        _fe(_CONTENTS, "'5 Quilon, 4 Cochin, 5 Madras, and 4 Calicut'"),
        _H,
    ),
    src.Mark(
        "CHOSEN_COLONY_STACKS",
        CHOSEN_COLONY_STACKS,
        _fe(_FOUND, "'the player may choose from among the colony tiles remaining in the stack'"),
        _H,
        superseded="[W7] (Dutch 1st-edition rules, read by revisions 1 and 2): Quilon and Madras shuffled, the top tile taken",
    ),
    src.Mark(
        "COLONY_VP",
        COLONY_VP,
        _fe(_SCORING, "1, 3, 6, 10 VP"),
        _H,
        superseded="seed 结束计分: 2 VP for two colonies",
    ),
    src.Mark("COLONY_DRAW", COLONY_DRAW, _fe(_FOUND, "'he draws 2 expedition cards'"), _H),
    src.Mark(
        "COLONY_DRAW_WITH_CARD",
        COLONY_DRAW_WITH_CARD,
        _fe(_CARDS_SECTION, "'draws 1 extra expedition card'"),
        _H,
    ),
    src.Mark(
        "COLONY_FAILURE_COLONISTS",
        COLONY_FAILURE_COLONISTS,
        _fe(_FOUND, "'takes 1 colonist card from the supply instead'"),
        _H,
    ),
    *_colony_marks(
        "quilon",
        _QUILON_PAIRS,
        {
            0: _fe(_FOUND, "'Quilon: 1 spice — ginger or cinnamon'")
            + "; "
            + _fe(_EXAMPLE, "Yellow's Quilon"),
            1: _fe(_EXAMPLE, "Blue: 'the Quilon colony with the pepper/nutmeg combination'"),
        },
    ),
    src.Mark(
        "COLONY_TILES[cochin-*]",
        COLONY_TILES["cochin-a"]["fields"],
        _fe(_FOUND, "'Cochin: 1 of any spice'"),
        _H,
    ),
    *_colony_marks("madras", _MADRAS_PAIRS, {0: _fe(_FOUND, "'Madras: 2 spices — pepper and/or nutmeg'")}),
    src.Mark(
        "COLONY_TILES[calicut-*]",
        COLONY_TILES["calicut-a"]["fields"],
        _fe(_FOUND, "'Calicut: 2 of any spice'"),
        _H,
    ),
    src.Mark(
        "SYMBOLS",
        SYMBOLS,
        _fe(
            _CARDS_SECTION,
            "'The following 5 symbols appear on expedition cards 6 times each: tiger, fish, palm, shell, statue'",
        ),
        _H,
    ),
    src.Mark(
        "START_SYMBOL", START_SYMBOL, _fe(_PREP, "'until a player turns a card with a tiger symbol'"), _H
    ),
    src.Mark("SYMBOL_SET_VP", SYMBOL_SET_VP, _fe(_SCORING, "1, 3, 6, 10, 15, 20 VP"), _H),
    src.Mark("CARD_MODIFIES", CARD_MODIFIES, _fe(_CARDS_SECTION, "the five cards that change an action"), _H),
    *(
        src.Mark(f"CARD_RESOURCES[{effect}]", CARD_RESOURCES[effect], _fe(_CARDS_SECTION, says), _H)
        for effect, says in (
            ("ships", "'The player takes 2 ships'"),
            ("colonists", "'The player takes 2 colonists'"),
            ("ducats", "'The player takes 5 ducats'"),
            ("spices", "'takes up to 2 spice sacks of his choice'"),
        )
    ),
    src.Mark(
        "CARD_RESOURCES[sell]",
        CARD_RESOURCES["sell"],
        _fe(
            _CARDS_SECTION,
            "'returns any number of his spice sacks to the supply and takes 3 ducats per spice'",
        ),
        _H,
    ),
    src.Mark(
        "CARD_RESOURCES[extra_action]",
        CARD_RESOURCES["extra_action"],
        "revisions 1 and 2 only (ours); the 1st-edition text has no such card: its fifth card not "
        "related to an action is the spice sale",
        _R,
        superseded="revision 2 (ours): a card of one more extra action",
    ),
    src.Mark(
        "CARDS",
        "which effect and colonist number (1, 2 or 3) each of the 30 cards shows; six of each symbol",
        _fe(_CONTENTS, "30 expedition cards")
        + "; "
        + _fe(_CARDS_SECTION, "1, 2 or 3 colonists, 5 symbols 6 times each")
        + "; ours: two of each action card, four of each other card, each number on ten cards",
        _U,
        "deck",
        {"cards": len(CARD_IDS)},
    ),
    src.Mark(
        "MOST_DUCATS_VP",
        MOST_DUCATS_VP,
        _fe(_SCORING, "'earns 3 victory points ... they each earn 3 VP'"),
        _H,
    ),
    src.Mark(
        "OPTIONS",
        OPTIONS,
        "the revision a game plays under (ours), and " + _fe(_VARIANT) + " as a table option, off by default",
        _R,
    ),
    src.Mark(
        "DISCARD_ON_OWN_TURN",
        DISCARD_ON_OWN_TURN,
        _fe(_CARDS_SECTION, "'A player may discard any number of expedition cards at any time in the game!'")
        + "; ours: offered on the player's own turn (and an Expedition sheds the surplus first), since a "
        "discard at another moment changes nothing in play: the hand limit counts only when drawing, "
        "on one's own turn, and the draws over the limit are allowed",
        _R,
    ),
    src.Mark("HEAD_START_ROW", HEAD_START_ROW, _fe(_VARIANT, "'to the second row'"), _H),
    src.Mark("HEAD_START_MARKERS", HEAD_START_MARKERS, _fe(_VARIANT, "'moves 2 of his success markers'"), _H),
    src.Mark("HEAD_START_DUCATS", HEAD_START_DUCATS, _fe(_VARIANT, "'or takes 10 ducats from the bank'"), _H),
)
#: Module-level names that hold no value to source: ids, indexes, the revisions themselves and
#: the older revisions' tables (sourced in the history of this module).
IDENTIFIERS: tuple[str, ...] = (
    "SPICE_INDEX",
    "COLUMN_INDEX",
    "A_TILE_IDS",
    "B_TILE_IDS",
    "B_TILE_IDS_REVISION_2",
    "CARD_IDS",
    "CARD_IDS_REVISION_2",
    "SYMBOLS_REVISION_2",
    "ADVANCE_SPICES_REVISION_2",
    "CURRENT",
    "REVISIONS",
    "MARKS",
    "IDENTIFIERS",
)
