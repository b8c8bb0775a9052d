"""Goa (1st edition) as data: tiles, colonies, expedition cards, the progress board, setup.

Every number the rules use lives here, each with its source (a :class:`Source`, gathered in
:data:`MARKS`): the seed walkthrough ``shared/seeds/004_d8b935ce5fbe977b.txt`` (cited by its
Chinese headings), the English rulebook of the 2nd edition (*Goa: A New Expedition*, Z-Man 2012,
cited by its section titles) where the two editions share the rule, public reviews (``[Wn]``,
numbered as in ``shared/rules/goa.md`` §10), or "reconstructed" where no source prints the value.
``docs/sources.md`` (the Goa section) and the "values we could not confirm" part of
``/game rules`` are generated from the marks (:mod:`engine.goa.sources`), so they cannot drift.

**Revisions.** Correcting values against the printed texts changed the game, so a game keeps the
revision it began with (``State.revision``, the ``revision`` option): :data:`CURRENT` is today's;
revision 1 is the first reconstruction (the spec's Appendix A), kept only so that games begun
under it finish — and replay from their log — exactly as they began. The module-level tables
(``YIELD``, ``ADVANCE_SPICES``, ``COLONY_VP`` …) are the current revision's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, NamedTuple

# --------------------------------------------------------------------------------------------
# Sources


class Source(NamedTuple):
    """Where a value comes from. ``kind``: ``seed``, ``rulebook`` (the 2nd-edition text, used
    only where the editions share the rule), ``review`` or ``reconstructed``; ``confidence``:
    ``high``, ``medium`` or ``low``."""

    kind: str
    where: str
    confidence: str

    @property
    def confirmed(self) -> bool:
        """Whether a source prints the value (reconstructions are not confirmed)."""
        return self.kind != "reconstructed"


class Mark(NamedTuple):
    """One value and its source; ``key`` names it (``yield.taxes.2`` = Taxes, row 2)."""

    key: str
    value: Any
    source: Source


def seed(section: str) -> Source:
    return Source("seed", f"seed, {section}", "high")


def rulebook(section: str, confidence: str = "high") -> Source:
    return Source("rulebook", f"2nd-edition rulebook, {section}", confidence)


def review(refs: str, confidence: str = "medium") -> Source:
    return Source("review", refs, confidence)


def reconstructed(why: str) -> Source:
    return Source("reconstructed", f"reconstructed: {why}", "low")


# The seed's sections (its headings) and the 2nd-edition rulebook's, as cited.
SEED_COMPONENTS = "配件 (components)"
SEED_TILE_KINDS = "配件, the six kinds of auction tile"
SEED_CARDS = "配件, the five kinds of card"
SEED_SETUP = "准备 (setup)"
SEED_FLOW = "流程 (sequence of play)"
SEED_ADVANCE = "玩家行动 · 升级发展版图 (advancing)"
SEED_COLONY = "玩家行动 · 建立殖民地 (founding a colony)"
SEED_ROUND_END = "一轮结束 (end of a round)"
SEED_SCORING = "结束计分 (final scoring)"
RB_EXAMPLE = "'Example of a complete round'"

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

_TABLE_MARKS = (
    Mark("spices", SPICES, rulebook("'Game setup' 2 (the five spice names); seed 配件: 5 kinds × 10 sacks")),
    Mark("players", PLAYER_COUNTS, seed(SEED_SETUP)),
    Mark("rounds", ROUNDS, seed(SEED_FLOW)),
    Mark("last_round_of_part_a", LAST_ROUND_OF_PART_A, seed(SEED_FLOW)),
    Mark("actions_per_round", ACTIONS_PER_ROUND, seed("流程 · 玩家行动 (actions)")),
    Mark("extra_action_cards_kept", MAX_EXTRA_ACTION_CARDS_KEPT, seed(SEED_ROUND_END)),
    Mark("grid", f"{GRID_SIZE}×{GRID_SIZE}, {TILES_LAID_PER_PART} of 27 tiles laid", seed(SEED_SETUP)),
    Mark("auction_markers", AUCTION_MARKERS, seed(SEED_SETUP)),
    Mark("start.ships", START_SHIPS, seed(SEED_SETUP)),
    Mark("start.colonists", START_COLONISTS, seed(SEED_SETUP)),
    Mark("start.ducats_start_player", START_DUCATS_START_PLAYER, seed(SEED_SETUP)),
    Mark("start.ducats_others", START_DUCATS_OTHERS, seed(SEED_SETUP)),
    Mark("plantation_spaces", PLANTATION_SPACES, seed(SEED_COMPONENTS + ", the supply board")),
)

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
_BETWEEN = "between the confirmed rows, as the first reconstruction had it"
YIELD_SOURCES: dict[str, tuple[Source, ...]] = {
    "ships": (
        review("[W11][W22]; [W29] (1st edition): one ship from the top cell", "high"),
        rulebook("'2. Build ships' (a marker in the second row takes 2 ships)"),
        reconstructed(_BETWEEN),
        reconstructed(_BETWEEN),
        review("[W11]: 'build ships 1 to 5 per action'"),
    ),
    "harvest": (
        review("[W11][W22]: one spice a season at the start"),
        reconstructed(_BETWEEN),
        reconstructed(
            _BETWEEN + "; the rulebook's '3. Harvest' example takes 4 (its row is shown only in a picture)"
        ),
        reconstructed(_BETWEEN),
        review("[W11]: 'harvest spices 1 to 8 per action'"),
    ),
    "taxes": (
        rulebook(RB_EXAMPLE + " (Blue's Taxes action in round 1 takes 4 ducats)"),
        reconstructed(
            "the rulebook's '4. Taxes' example takes 6 (its row is shown only in a picture); "
            "[W18] 'the money action for 6'"
        ),
        reconstructed("2 more a row"),
        reconstructed("2 more a row"),
        reconstructed("2 more a row"),
    ),
    "expedition": (
        rulebook(
            RB_EXAMPLE + " (row 1: draw 1, hand limit 1 — the same whichever of the two the 1st "
            "edition's single number is)"
        ),
        reconstructed("between the hand limits of rows 1 and 4"),
        reconstructed("between the hand limits of rows 1 and 4"),
        reconstructed(
            "the rulebook's '5. Expedition' example gives row 4 a hand limit of 4 (2nd edition); "
            "the engine reads the 1st edition's single number as the hand limit"
        ),
        reconstructed("6, so that the seed's six-of-a-symbol set (20 VP) can be held"),
    ),
    "colonists": (
        rulebook(RB_EXAMPLE + " ('He has 0 Colonists on his Development board' in round 1)"),
        reconstructed("as the first reconstruction had it"),
        reconstructed("as the first reconstruction had it"),
        reconstructed(
            "as the first reconstruction had it; the rulebook's '6. Found a colony' example has 4 "
            "from the board (its row is shown only in a picture)"
        ),
        reconstructed("as the first reconstruction had it"),
    ),
}

#: The order in which the progress board's cells ask for spices. Column c's row r+1 asks for the
#: r kinds that start at COST_ORDER[c] (cyclically): the printed cells below fit it exactly, the
#: rest follow it (each cell asks distinct kinds, each kind 10 times in all, one per sack).
COST_ORDER: tuple[str, ...] = ("ginger", "cinnamon", "pepper", "nutmeg", "clove")


def cost_pattern(order: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``[column][target row index]`` → the spice kinds printed on that cell, one of each paid
    (row index 0 is the start and costs nothing)."""
    return tuple(
        tuple(tuple(order[(c + j) % 5] for j in range(t)) for t in range(ROWS)) for c in range(len(COLUMNS))
    )


ADVANCE_SPICES = cost_pattern(COST_ORDER)
#: The cells a text prints: (column, target row index) → source. The other 14 follow COST_ORDER.
PRINTED_COST_CELLS: dict[tuple[str, int], Source] = {
    ("ships", 1): rulebook(RB_EXAMPLE + " (Green pays 1 ginger and 1 ship); [W29] (1st edition) the same"),
    ("ships", 2): rulebook(
        RB_EXAMPLE + " (Green: 1 ginger, 1 cinnamon and 2 ships); [W29] (1st edition) the same"
    ),
    ("harvest", 1): rulebook(RB_EXAMPLE + " (Red pays 1 cinnamon and 1 ship)"),
    ("taxes", 2): rulebook("'1. Progress on their Development board' (1 pepper, 1 nutmeg and 2 ships)"),
    ("colonists", 1): rulebook(RB_EXAMPLE + " (Yellow pays 1 clove and 1 ship)"),
    ("colonists", 2): rulebook(RB_EXAMPLE + " (Yellow: 1 clove, 1 ginger and 2 ships)"),
}
_COST_PATTERN = reconstructed("continues the printed cells' order (ginger, cinnamon, pepper, nutmeg, clove)")

#: One extra-action card when all five markers first stand in this row (index) or lower. The
#: 2nd edition adds row 5; the seed names rows 2, 3 and 4 only.
BONUS_ALL_MARKERS_ROWS: tuple[int, ...] = (1, 2, 3)
#: The first player of all to move a marker into this row (index) of a column draws an
#: expedition card — within his hand limit, as the seed says of row 4.
BONUS_FIRST_TO_ROW: tuple[int, ...] = (3, 4)

_PROGRESS_MARKS = (
    Mark("progress.columns", COLUMNS, seed("获得发展版图上的资源 (the five columns)")),
    Mark("progress.row_vp", ROW_VP, seed(SEED_SCORING)),
    Mark(
        "progress.advance_ships",
        ADVANCE_SHIPS[1:],
        seed(SEED_ADVANCE + "; rulebook '1. Progress…': one ship for each spice, 1 to 4 spices"),
    ),
    Mark("progress.advance_ducats", ADVANCE_DUCATS[1:], seed(SEED_CARDS + ", the 'advance for money' card")),
    Mark("progress.bonus_all_markers_rows", tuple(r + 1 for r in BONUS_ALL_MARKERS_ROWS), seed(SEED_ADVANCE)),
    Mark("progress.bonus_first_to_row.4", "1 expedition card (within the hand limit)", seed(SEED_ADVANCE)),
    Mark(
        "progress.bonus_first_to_row.5",
        "1 expedition card (within the hand limit)",
        rulebook(
            "'The Expedition cards' (way 3) and the special cases of progress; [W13] (1st edition): "
            "'rewards for the first player who reaches the last two levels of each track'",
            "medium",
        ),
    ),
)

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
_A_SOURCE = review("[W2] (the player aid lists all 27 A tiles; totals agree with the seed)", "high")

#: The 27 B tiles: 18 known, 9 reconstructed (the A immediate set and two each-round tiles).
_B_TILES: list[dict[str, Any]] = (
    [_plantation(s, 2) for s in SPICES]
    + [_plantation(s, 3) for s in SPICES]
    + [{"kind": "one_time", "effect": e} for e in ("addharvest", "trade", "viceking", "supply", "espionage")]
    + [{"kind": "duty"}, {"kind": "mission", "vp": 2}, {"kind": "mission", "vp": 3}]
    + _IMMEDIATE_SET
    + [_each_round("ship", 1), _each_round("colonist", 1)]
)
_B_SOURCES: list[Source] = (
    [review("[W2] (the B list, complete as far as it goes)", "high")] * 10
    + [review("[W2]; seed " + SEED_TILE_KINDS, "high")] * 2
    + [seed(SEED_TILE_KINDS + " (one-time tiles; not among the A tiles, so B)")] * 3
    + [seed(SEED_TILE_KINDS + " (a Duty in A and one in B)")]
    + [seed(SEED_TILE_KINDS + " (two Missions; not among the A tiles, so B)")] * 2
    + [
        reconstructed(
            "the A tile again; the 2nd-edition rulebook marks these 'take immediately' tiles A+B "
            "(its tile sets differ from the 1st edition's)"
        )
    ]
    * 7
    + [
        reconstructed(
            "the A tile again; in the 2nd edition the each-round ship and colonist tiles are A only "
            "and part B has an each-round expedition tile"
        )
    ]
    * 2
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

_TILE_MARKS = (
    tuple(Mark(f"tile.{t}", TILES[t], _A_SOURCE) for t in A_TILE_IDS)
    + tuple(Mark(f"tile.{t}", TILES[t], src) for t, src in zip(B_TILE_IDS, _B_SOURCES, strict=True))
    + (
        Mark("duty", f"{DUTY_SPICES} spices → {DUTY_VP} VP", seed(SEED_TILE_KINDS + " (5, Duty)")),
        Mark("single_plantation_vp", SINGLE_PLANTATION_VP, seed(SEED_TILE_KINDS + " (1, plantations)")),
        Mark("addharvest_stores", ADDHARVEST_STORES, seed(SEED_TILE_KINDS + " (Additional Harvest)")),
        Mark("supply_draw", SUPPLY_DRAW, seed(SEED_TILE_KINDS + " (Supply)")),
    )
)

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


_ANY = SPICES
_TILE_KEY = "the colony tiles' key beside '6. Found a colony'"
_OTHER_PAIR = (
    "the rulebook's '6. Found a colony' says the five {colony} tiles differ, each a pair of spices; "
    "this pair is chosen so that each spice is on two of them"
)
#: colony tile id → {"colony", "fields": ((capacity, allowed kinds), …)}. A field holds any mix
#: of its kinds up to its capacity. These are today's tiles; revision 1's are further down.
COLONY_TILES: dict[str, dict[str, Any]] = {}
COLONY_TILE_SOURCES: dict[str, Source] = {}
_QUILON = (
    (
        ("ginger", "cinnamon"),
        rulebook(_TILE_KEY + " ('1 spice: ginger or cinnamon'); " + RB_EXAMPLE + " (Yellow)"),
    ),
    (
        ("pepper", "nutmeg"),
        rulebook(RB_EXAMPLE + " (Blue: 'the Quilon tile that provides pepper or nutmeg')"),
    ),
    (("clove", "ginger"), reconstructed(_OTHER_PAIR.format(colony="Quilon"))),
    (("clove", "pepper"), reconstructed(_OTHER_PAIR.format(colony="Quilon"))),
    (("cinnamon", "nutmeg"), reconstructed(_OTHER_PAIR.format(colony="Quilon"))),
)
_MADRAS = (
    (("pepper", "nutmeg"), rulebook(_TILE_KEY + " ('2 spices: pepper and/or nutmeg')")),
    (("ginger", "pepper"), reconstructed(_OTHER_PAIR.format(colony="Madras"))),
    (("cinnamon", "nutmeg"), reconstructed(_OTHER_PAIR.format(colony="Madras"))),
    (("clove", "ginger"), reconstructed(_OTHER_PAIR.format(colony="Madras"))),
    (("clove", "cinnamon"), reconstructed(_OTHER_PAIR.format(colony="Madras"))),
)
for _i, (_pair_kinds, _src) in enumerate(_QUILON):
    COLONY_TILES[f"quilon-{'abcde'[_i]}"] = {"colony": "quilon", "fields": ((1, _kinds(*_pair_kinds)),)}
    COLONY_TILE_SOURCES[f"quilon-{'abcde'[_i]}"] = _src
for _i, (_pair_kinds, _src) in enumerate(_MADRAS):
    COLONY_TILES[f"madras-{'abcde'[_i]}"] = {"colony": "madras", "fields": ((2, _kinds(*_pair_kinds)),)}
    COLONY_TILE_SOURCES[f"madras-{'abcde'[_i]}"] = _src
for _i in range(4):
    COLONY_TILES[f"cochin-{'abcd'[_i]}"] = {"colony": "cochin", "fields": ((1, _ANY),)}
    COLONY_TILE_SOURCES[f"cochin-{'abcd'[_i]}"] = rulebook(
        _TILE_KEY + " ('1 spice of your choice'; all identical)"
    )
    COLONY_TILES[f"calicut-{'abcd'[_i]}"] = {"colony": "calicut", "fields": ((2, _ANY),)}
    COLONY_TILE_SOURCES[f"calicut-{'abcd'[_i]}"] = rulebook(
        _TILE_KEY + " ('2 spices of your choice'; all identical)"
    )
COLONY_STACKS: dict[str, tuple[str, ...]] = {
    name: tuple(t for t in COLONY_TILES if COLONY_TILES[t]["colony"] == name) for name in COLONY_NAMES
}

_COLONY_MARKS = (
    Mark("colony.need", COLONY_NEED, seed(SEED_COLONY)),
    Mark(
        "colony.copies",
        {n: len(COLONY_STACKS[n]) for n in COLONY_NAMES},
        review("[W3]; rulebook 'Components'", "high"),
    ),
    Mark(
        "colony.shuffled_stacks",
        SHUFFLED_COLONY_STACKS,
        review("[W7] (1st-edition rules in Dutch: 'Quilon en Madras willekeurig sorteren')", "high"),
    ),
    Mark("colony.vp", COLONY_VP[1:], rulebook("'Final scoring' (the seed prints 2 for two colonies)")),
    Mark("colony.draw", COLONY_DRAW, seed(SEED_COLONY)),
    Mark("colony.draw_with_card", COLONY_DRAW_WITH_CARD, seed(SEED_CARDS + ", the colony card")),
    Mark("colony.failure_colonists", COLONY_FAILURE_COLONISTS, seed(SEED_COLONY)),
    *(Mark(f"colony.{t}", COLONY_TILES[t]["fields"], COLONY_TILE_SOURCES[t]) for t in COLONY_TILES),
)

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
_BONUS_CARDS = "'The Expedition cards' (2nd-edition deck; the 1st edition's is not known)"
CARD_RESOURCE_SOURCES: dict[str, Source] = {
    "ships": rulebook(_BONUS_CARDS + ": 'Take 2 ships'; " + RB_EXAMPLE, "medium"),
    "colonists": rulebook(_BONUS_CARDS + ": 'Take 2 colonists'", "medium"),
    "ducats": rulebook(_BONUS_CARDS + ": 'Take 5 ducats'", "medium"),
    "spices": rulebook(_BONUS_CARDS + ": 'Take 2 spices of your choice'", "medium"),
    "extra_action": reconstructed(
        "no source shows such a card; the 2nd-edition deck has 'sell up to 4 spices for 3 ducats each' "
        "and 'advance for ducats' bonus cards instead"
    ),
}
#: The "A" cards and the action each one changes.
CARD_MODIFIES: dict[str, str] = {
    "advance_no_ships": "advance",
    "advance_no_spices": "advance",
    "advance_money": "advance",
    "colony_three": "colony",
    "harvest_mix": "harvest",
}

#: (card number, effect, colonists, symbol): reconstructed — 5 symbols × 6 cards, colonists
#: 1/2/3 on 10 cards each, two of each A card and four of each resource card.
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

_CARD_MARKS = (
    Mark("deck.size", len(CARDS), review("[W4][W5]; rulebook 'Components'", "high")),
    Mark("deck.a_cards", tuple(CARD_MODIFIES), seed(SEED_CARDS + " (the five A cards)")),
    Mark(
        "deck.colonist_numbers",
        (1, 2, 3),
        rulebook("'The Expedition cards' ('1, 2 or 3 colonists')", "medium"),
    ),
    Mark(
        "deck.symbols",
        f"{len(SYMBOLS)} symbols × 6 cards",
        reconstructed(
            "the seed scores up to six cards of one symbol; the 2nd edition has 6 symbols × 5 cards"
        ),
    ),
    Mark(
        "deck.cards",
        "which effect, colonist number and symbol each card has",
        reconstructed("two of each A card, four of each resource card, colonists 1/2/3 on ten cards each"),
    ),
    Mark("deck.start_symbol", START_SYMBOL, review("[W6][W25]")),
    Mark("deck.set_vp", SYMBOL_SET_VP[1:], seed(SEED_SCORING)),
    *(Mark(f"card.{e}", f"+{n}", CARD_RESOURCE_SOURCES[e]) for e, n in CARD_RESOURCES.items()),
)

# --------------------------------------------------------------------------------------------
# Scoring

MOST_DUCATS_VP = 3

_SCORING_MARKS = (
    Mark("most_ducats_vp", MOST_DUCATS_VP, seed(SEED_SCORING + " (tied players all score it)")),
    Mark("missions_vp", (2, 3), seed(SEED_TILE_KINDS + " (4, Missions)")),
)

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
    tiles: dict[str, dict[str, Any]] = {}
    for i in range(5):
        tiles[f"quilon{i + 1}"] = {"colony": "quilon", "fields": ((2, (SPICES[i], SPICES[(i + 1) % 5])),)}
        tiles[f"madras{i + 1}"] = {"colony": "madras", "fields": ((4, (SPICES[i], SPICES[(i + 2) % 5])),)}
    for i in range(4):
        tiles[f"cochin{i + 1}"] = {"colony": "cochin", "fields": ((3, _ANY),)}
        tiles[f"calicut{i + 1}"] = {"colony": "calicut", "fields": ((2, _ANY), (3, _ANY))}
    COLONY_TILES.update(tiles)
    return {name: tuple(t for t, d in tiles.items() if d["colony"] == name) for name in COLONY_NAMES}


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
# Every value and its source

_YIELD_MARKS = tuple(
    Mark(f"yield.{column}.{row + 1}", YIELD[column][row], YIELD_SOURCES[column][row])
    for column in COLUMNS
    for row in range(ROWS)
)
_COST_MARKS = tuple(
    Mark(f"cost.{column}.{t + 1}", ADVANCE_SPICES[c][t], PRINTED_COST_CELLS.get((column, t), _COST_PATTERN))
    for c, column in enumerate(COLUMNS)
    for t in range(1, ROWS)
)
#: Every value of today's revision with its source, in the order ``docs/sources.md`` lists them.
MARKS: tuple[Mark, ...] = (
    _TABLE_MARKS
    + _PROGRESS_MARKS
    + _YIELD_MARKS
    + _COST_MARKS
    + _TILE_MARKS
    + _COLONY_MARKS
    + _CARD_MARKS
    + _SCORING_MARKS
)
