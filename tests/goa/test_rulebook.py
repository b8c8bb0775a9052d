"""Goa rule by rule against the publisher's rulebook of the 1st edition (Hans im Glück / Rio
Grande 2004; ``borisyankov/rulespal``, ``data/rulebooks/goa-rulebook.md``): a table of cases (a
setup, the moves, the expected result), each citing the paragraph of the text it checks by its
section ("5. Expedition ¶1", "5. Expedition example 2"), then the text's complete worked round
played through move by move with the state checked after each action.

The text's paragraphs that state rules are listed in :data:`RULEBOOK_PARAGRAPHS` (by section and
number within the section, examples by their number); every one has a case, except those in
:data:`WITHOUT_CASE`, which say why.

A move ``"p0: ships"`` must be legal; ``"!p0: ships"`` must be refused and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engine.core import Event
from engine.goa import data
from engine.goa.rules.common import DONE
from engine.goa.state import State, spice_counts
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, act, at_actions, at_extra, card_id, fresh, legal_texts

# ---------------------------------------------------------------------------------------------
# The text's paragraphs that state rules

RULEBOOK_PARAGRAPHS: dict[str, str] = {
    "Goal ¶1": "the most VP wins: progress, colonies, special tiles, most money, expedition cards kept",
    "Contents ¶1": "27 + 27 tiles, 18 colonies (5/4/5/4), 30 expedition cards, 20 auction and 20 success markers, 5 spices",
    "Preparation ¶2": "25 of the 27 A tiles on the grid, 2 back unseen; the B tiles wait",
    "Preparation ¶3": "the card supplies; change at any time",
    "Preparation ¶4": "the expedition cards shuffled face down",
    "Preparation ¶5": "the colony tiles sorted by name, face up",
    "Preparation ¶7": "spices, colonists and ships are not limited",
    "Preparation ¶8": "auction markers 1-5, 1-4, 1-3 by the number of players",
    "Preparation ¶9": "5 success markers in the top row",
    "Preparation ¶10": "4 ships and 2 colonists each",
    "Preparation ¶11": "the first tiger picks the start player: the flag and 7 ducats, the others 10; money secret",
    "Playing the Game ¶1": "parts A and B of 4 rounds; 25 B tiles after part A",
    "Playing the Game ¶2": "a round: auction markers, tile auctions, player actions",
    "1. Place Auction Markers ¶1": "the flag, then the markers 2, 3 … next to the previous one, the start player last",
    "1. Place Auction Markers ¶2": "the flag on the edge or an empty space, orthogonally next to a tile",
    "1. Place Auction Markers ¶3": "no free tile next to the last marker: any free tile, the chain goes on from there",
    "2. Tile Auctions ¶1": "the flag first: the auctioneer bids 0, each other player bids once higher or passes, the auctioneer last",
    "2. Tile Auctions ¶2": "the highest bidder pays the auctioneer; the auctioneer pays the bank; no bid: free",
    "2. Tile Auctions ¶3": "then each marked tile, by its marker's owner, in marker order",
    "3. Player Actions ¶1": "3 actions each, one at a time, from the start player",
    "1. Progress on the Development Board ¶1": "a marker one row down for the spices shown and a ship per spice",
    "1. Progress on the Development Board example": "taxes row 2 to 3: 1 pepper, 1 cinnamon and 2 ships",
    "1. Progress on the Development Board ¶2": "markers score lower and give more",
    "2. Build Ships ¶1": "ships by the ship column's row",
    "2. Build Ships example": "the second row: 2 ships",
    "3. Harvest ¶1": "spices by the harvest column's row, only where there is room",
    "3. Harvest example": "4 spices",
    "4. Taxes ¶1": "ducats by the ducat column's row",
    "4. Taxes example": "6 ducats",
    "5. Expedition ¶1": "the left number drawn, the right the hand limit, never more, even for a moment",
    "5. Expedition example 1": "row 4 with 1 card: draw 2, hand 3",
    "5. Expedition example 2": "row 4 with 3 cards: draw 1, or play or discard one and draw 2",
    "5. Expedition ¶2": "no colonist action; the colonist column counts when founding",
    "6. Found Colony ¶1": "Quilon 6, Cochin 8, Madras 10, Calicut 12 colonists",
    "6. Found Colony ¶2": "name a colony not founded yet; the board, 2 drawn cards, colonist cards for the rest",
    "6. Found Colony example": "Madras: 3 on the board + 2 + 3 drawn + 2 colonist cards = 10",
    "6. Found Colony ¶3": "the tile on the supply board; Quilon and Madras: the founder chooses; filled at once",
    "6. Found Colony ¶4": "Quilon ginger or cinnamon, Cochin any, Madras 2 pepper and/or nutmeg, Calicut 2 any",
    "6. Found Colony ¶5": "failure (too few, or unwilling): 1 colonist card; the drawn cards discarded",
    "End of a Round 1": "after the 3 actions: one additional action card a turn, round the table",
    "End of a Round 2": "who passes cannot play one later in the round",
    "End of a Round 3": "keep only 1: with more, play all but 1",
    "Game End ¶1": "the end after round 4 of part B; a tie goes to the most money",
    "The Scoring progress": "0/1/3/6/10 VP by row",
    "The Scoring colonies": "1/3/6/10 VP for 1-4 colonies",
    "The Scoring cards": "1/3/6/10/15/20 VP for like symbols",
    "The Scoring money": "3 VP for the most money, to every tied player",
    "The Scoring plantations": "1 VP per single plantation",
    "The Scoring duty": "4 VP for the Duty fulfilled",
    "The Scoring missions": "2 or 3 VP per Mission",
    "The Scoring example": "Red: 31 + 3 + 4 + 3 + 1 = 42 VP",
    "The Expedition Cards ¶1": "three parts: the use, the colonists, the symbol; play or keep",
    "The Expedition Cards ¶2": "three ways to get cards: the action, a tile, first to the last two rows",
    "The Expedition Cards ¶3": "exactly 1 card per action (an additional action too), before, during or after it",
    "The Expedition Cards plain": "2 ships, 2 colonists, 5 ducats, up to 2 spices, spices sold for 3 ducats each",
    "The Expedition Cards action": "harvest as any goods, a colony with 1 more card, progress without spices / ships / for ducats",
    "The Expedition Cards ¶4": "using a card is no action; discard any number at any time",
    "The Expedition Cards ¶5": "kept cards score by like symbols: tiger, fish, palm, shell, statue, 6 each",
    "Description of the Tiles Flag": "the flag's buyer: an additional action card, start player",
    "Description of the Tiles Plantation": "filled at once; a 5th replaces one; a single one kept face down still scores",
    "Description of the Tiles Mission": "2 or 3 VP",
    "Description of the Tiles Swap": "a later turn: take a grid tile, leave Swap there for a later auction",
    "Description of the Tiles take immediately": "the six tiles taken at once, then discarded",
    "Description of the Tiles Ships": "4 ships",
    "Description of the Tiles Colonists": "4 colonists",
    "Description of the Tiles Ships/colonists": "3 colonists or 3 ships, not mixed",
    "Description of the Tiles Settlement": "1 ship, 1 additional action card, 1 colonist",
    "Description of the Tiles Additional action": "2 additional action cards",
    "Description of the Tiles Expeditions": "2 or 3 cards, even over the hand limit",
    "Description of the Tiles each round": "Ship, Colonist, Spice, Ducats: once a round each (part A only)",
    "Description of the Tiles Spice": "1 spice of one's choice where there is room",
    "Description of the Tiles Ducats": "4 ducats",
    "Description of the Tiles once": "the once-a-game tiles are discarded after use",
    "Description of the Tiles Espionage": "an opponent's row: ships, spices, ducats or colonists when founding; no cards",
    "Description of the Tiles Extra harvest": "fill up to 3 plantations and/or colonies",
    "Description of the Tiles Re-supply": "2 cards' colonists in spices, colonists or ships (one kind); the cards discarded",
    "Description of the Tiles Vice-king": "the highest marker 1 row for free; on a tie choose",
    "Description of the Tiles Duty": "any 6 spices for 4 VP",
    "Description of the Tiles ¶last": "using a tile is not an action",
    "Special Cases ¶1": "the first to the last or second-to-last row of a column: 1 card, even over the limit",
    "Special Cases example 1": "Red first to row 4 of ships, Blue first to row 5 of harvest: a card each",
    "Special Cases ¶2": "all markers in row 2 (3, 4, 5) or lower: an additional action card",
    "Special Cases example 2": "Red's harvest marker completes row 2: a card at once",
    "Rule Variant ¶1": "before the game: two markers to row 2, or 10 ducats (the head_start option)",
}
#: The text's paragraphs that state no rule of the engine, so have no case.
WITHOUT_CASE: dict[str, str] = {
    "Preparation ¶1": "'Place the game board in the middle of the table'",
    "Preparation ¶6": "'Place the spice sacks as a supply next to the game board'",
    "Preparation example": "a picture of the table at the start",
    "3. Player Actions ¶2": "spice sacks on the flag as a memory aid for the three actions",
}

# ---------------------------------------------------------------------------------------------
# Setups and observations


def table(n: int = 3, start: int = 0, seed: int = 1) -> State:
    """A new game with seat ``start`` holding the flag, at the flag placement of round 1."""
    s = fresh(n, seed).copy()
    s.start = start
    return s


def acting(n: int = 3, start: int = 0, ducats: int = 10, **player_0: Any) -> State:
    """The action phase of round 1, everyone with ``ducats``; seat 0 changed by ``player_0``."""
    s = at_actions(n, start=start)
    for p in s.players:
        p.ducats = ducats
    for name, value in player_0.items():
        setattr(s.players[0], name, value)
    return s


def extra_step(n: int = 3, start: int = 0, **player_0: Any) -> State:
    """The extra step of round 1, everyone with 10 ducats; seat 0 changed by ``player_0``."""
    s = at_extra(n, start=start)
    for pl in s.players:
        pl.ducats = 10
    for name, value in player_0.items():
        setattr(s.players[0], name, value)
    return s


def plant(s: State, i: int, spice: str, cap: int = 2, count: int | None = None, tile: str = "a6") -> State:
    s.players[i].plantations.append([tile, data.SPICE_INDEX[spice], cap, cap if count is None else count])
    return s


def rig(s: State, *colonists: int) -> State:
    """Put cards with these colonist numbers on top of the expedition pile, first drawn first."""
    by_value = {v: [c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == v] for v in (1, 2, 3)}
    top = [by_value[v].pop() for v in colonists]
    s.deck = [c for c in s.deck if c not in top] + list(reversed(top))
    s.discard = [c for c in s.discard if c not in top]
    return s


def on_top(s: State, *cards: int) -> State:
    """Put these cards on top of the expedition pile, first drawn first."""
    s.deck = [c for c in s.deck + s.discard if c not in cards] + list(reversed(cards))
    s.discard = []
    return s


def in_turn(s: State, turn: int) -> State:
    """The action phase at ``turn`` (0: the start player's first action)."""
    s.turn = turn
    return s


def in_round(s: State, number: int) -> State:
    s.round = number
    return s


def last_round(s: State) -> State:
    return in_round(s, data.ROUNDS)


def with_tile(s: State, tile: str, index: int = 0) -> State:
    """``tile`` on the grid space ``index`` (0 = a1)."""
    s.grid[index] = tile
    return s


def stack_top(s: State, colony: str, tile: str) -> State:
    s.colony_stacks[colony] = [tile] + [t for t in s.colony_stacks[colony] if t != tile]
    return s


def with_players(s: State, **changes: dict[str, Any]) -> State:
    """``with_players(s, p1={"ships": 0})``: set holdings of other seats."""
    for seat, values in changes.items():
        for name, value in values.items():
            setattr(s.players[int(seat[1:])], name, value)
    return s


def spices(s: State, i: int) -> dict[str, int]:
    return {k: n for k, n in zip(data.SPICES, spice_counts(s.players[i]), strict=True) if n}


def p(s: State, i: int = 0):
    return s.players[i]


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def placed(s: State, *moves: str) -> State:
    """Play placement moves on ``s`` (helper for setups that start in the auction)."""
    for move in moves:
        seat, text = move.split(":", 1)
        s, _ = act(s, seat.strip(), text.strip())
    return s


def auction_ready(s: State | None = None) -> State:
    """3 players, p0 holds the flag (7 ducats, the others 10); flag at a0, markers 2, 3, 4 on
    a1, b1, c1 (owned by p1, p2, p0)."""
    return placed(s or table(3), "p0: flag a0", "p1: marker a1", "p2: marker b1", "p0: marker c1")


#: Nobody bids on the flag (p0 keeps it), then p1 takes the tile on a1 for free.
P1_TAKES_A1 = ("p1: pass", "p2: pass", "p0: take", "p2: pass", "p0: pass", "p1: take")


def last_lot(**player_0: Any) -> State:
    """The last lot of round 1's auctions (p0's, on c1 = 4 ships), p0 to decide with no bid."""
    s = acting(**player_0)
    s.phase = "auction"
    s.chain = [(-1, 0), (0, 0), (0, 1), (0, 2)]
    s.chain_owner = [0, 1, 2, 0]
    s.lot = 3
    s.auc_step = 2
    return with_tile(s, "a23", 2)


def sparse_grid(*names: str) -> State:
    """3 players, p0 to place the flag, tiles only on the named grid spaces."""
    s = table(3)
    keep = {(int(n[1]) - 1) * 5 + "abcde".index(n[0]) for n in names}
    s.grid = [t if i in keep else None for i, t in enumerate(s.grid)]
    return s


def cards_of(symbol: str, k: int) -> list[int]:
    """``k`` cards of today's deck showing ``symbol``."""
    return [c for c in data.CARD_IDS if data.CARDS[c]["symbol"] == symbol][:k]


def attempt(events: list[Event]) -> dict[str, Any]:
    return dict(next(e for e in events if e.kind == "colony_attempt").data)


# ---------------------------------------------------------------------------------------------
# The cases


@dataclass(frozen=True)
class Case:
    id: str
    text: str  # the paragraph of the 1st-edition text (a key of RULEBOOK_PARAGRAPHS)
    setup: Callable[[], State]
    moves: tuple[str, ...]
    observe: Callable[[State, list[Event]], Any]
    want: Any


CARD = {e: card_id(e) for e in data.CARD_MODIFIES} | {
    e: card_id(e) for e in data.CARD_RESOURCES if e != "extra_action"
}


def _cost(column: str, row: int, kinds: tuple[str, ...], text: str) -> Case:
    """Advancing ``column`` into ``row`` costs one each of ``kinds`` and as many ships."""

    def setup() -> State:
        s = acting(ships=4)
        p(s).progress[data.COLUMN_INDEX[column]] = row - 2
        for kind in kinds:
            plant(s, 0, kind, 1)
        return s

    return Case(
        f"advance-{column}-to-row-{row}-costs-{'-'.join(kinds)}",
        text,
        setup,
        (f"p0: advance {column}",),
        lambda s, ev: (p(s).progress[data.COLUMN_INDEX[column]] + 1, p(s).ships, spices(s, 0)),
        (row, 4 - len(kinds), {}),
    )


def _colony_tile(colony: str, tile: str, offered: list[str]) -> Case:
    """Founding ``colony`` with the tile ``tile`` asks for ``offered`` kinds."""
    choose = ("p0: pick " + tile,) if colony in data.CHOSEN_COLONY_STACKS else ()
    return Case(
        f"{tile}-offers-{'-'.join(sorted(offered)) if len(offered) < 5 else 'any-spice'}",
        "6. Found Colony ¶4",
        lambda: rig(stack_top(acting(colonists=10, progress=[0, 0, 0, 0, 4]), colony, tile), 3, 3),
        (f"p0: colony {colony}",) + (("p0: pay",) if data.COLONY_NEED[colony] > 11 else ()) + choose,
        lambda s, ev: (sorted(legal_texts(s, "p0")), p(s).colonies[colony][0]),
        (sorted(f"fill {k}" for k in offered), tile),
    )


def _colony_filled(colony: str, tile: str, fills: tuple[str, ...]) -> Case:
    def observe(s, ev):
        return (spices(s, 0), s.pending, RULES.to_act(s))

    choose = ("p0: pick " + tile,) if colony in data.CHOSEN_COLONY_STACKS else ()
    return Case(
        f"{colony}-arrives-filled-with-{'-'.join(fills)}",
        "6. Found Colony ¶3",
        lambda: rig(stack_top(acting(colonists=10, progress=[0, 0, 0, 0, 4]), colony, tile), 3, 3),
        (f"p0: colony {colony}",)
        + (("p0: pay",) if data.COLONY_NEED[colony] > 11 else ())
        + choose
        + tuple(f"p0: fill {k}" for k in fills),
        observe,
        ({k: fills.count(k) for k in fills}, [], ["p1"]),
    )


def _final(**player_0: Any) -> State:
    return last_round(extra_step(**player_0))


CASES: list[Case] = [
    # ---------------------------------------------------------------- Goal, Contents, Preparation
    Case(
        "the-most-vp-wins",
        "Goal ¶1",
        lambda: _final(progress=[1, 0, 0, 0, 0]),
        ("p0: done",),
        lambda s, ev: (RULES.result(s).ranking[0], RULES.result(s).scores),
        ("p0", {"p0": 4, "p1": 3, "p2": 3}),
    ),
    Case(
        "contents",
        "Contents ¶1",
        lambda: fresh(4),
        (),
        lambda s, ev: (
            len(data.A_TILE_IDS),
            len(data.B_TILE_IDS),
            {n: len(t) for n, t in s.colony_stacks.items()},
            len(data.SPICES),
            data.AUCTION_MARKERS[4] * 4,
            sum(len(pl.progress) for pl in s.players),
            len(s.deck) + len(s.discard),
        ),
        (27, 27, {"quilon": 5, "cochin": 4, "madras": 5, "calicut": 4}, 5, 20, 20, 30),
    ),
    Case(
        "twenty-five-of-the-twenty-seven-a-tiles-on-the-grid",
        "Preparation ¶2",
        lambda: fresh(3),
        (),
        lambda s, ev: (len(set(s.grid)), set(s.grid) <= set(data.A_TILE_IDS), RULES.result(s)),
        (25, True, None),
    ),
    Case(
        "ships-pay-with-change",
        "Preparation ¶3",
        lambda: plant(plant(acting(ships=4, progress=[1, 0, 0, 0, 0]), 0, "ginger", 1), 0, "cinnamon", 1),
        ("p0: advance ships",),
        lambda s, ev: p(s).ships,
        2,
    ),
    Case(
        "the-expedition-cards-shuffled-face-down",
        "Preparation ¶4",
        lambda: fresh(3, seed=4),
        (),
        lambda s, ev: (
            sorted(s.deck + s.discard) == sorted(data.CARD_IDS),
            s.deck != sorted(s.deck),
            "hand" not in RULES.view(s, None)["players"]["p0"],
        ),
        (True, True, True),
    ),
    Case(
        "the-colony-tiles-lie-sorted-by-name-face-up",
        "Preparation ¶5",
        lambda: fresh(3, seed=9),
        (),
        lambda s, ev: {n: tuple(t) for n, t in s.colony_stacks.items()},
        dict(data.COLONY_STACKS),
    ),
    Case(
        "ships-are-not-limited",
        "Preparation ¶7",
        lambda: acting(ships=500, progress=[4, 0, 0, 0, 0]),
        ("p0: ships",),
        lambda s, ev: p(s).ships,
        505,
    ),
    Case(
        "n-plus-one-auction-markers-the-start-player-places-two",
        "Preparation ¶8",
        lambda: placed(table(2), "p0: flag a0", "p1: marker a1"),
        ("!p1: marker b2", "p0: marker b2"),
        lambda s, ev: (s.phase, len(s.chain), s.chain_owner, dict(data.AUCTION_MARKERS)),
        ("auction", 3, [0, 1, 0], {2: 3, 3: 4, 4: 5}),
    ),
    Case(
        "every-success-marker-starts-in-the-top-row",
        "Preparation ¶9",
        lambda: fresh(3),
        (),
        lambda s, ev: [pl.progress for pl in s.players],
        [[0, 0, 0, 0, 0]] * 3,
    ),
    Case(
        "each-player-4-ships-2-colonists",
        "Preparation ¶10",
        lambda: fresh(4),
        (),
        lambda s, ev: {(pl.ships, pl.colonists) for pl in s.players},
        {(4, 2)},
    ),
    Case(
        "the-first-tiger-picks-the-start-player-7-ducats-the-others-10-kept-secret",
        "Preparation ¶11",
        lambda: fresh(4, seed=4),
        (),
        lambda s, ev: (
            [data.CARDS[c]["symbol"] == "tiger" for c in s.discard].count(True),
            data.CARDS[s.discard[-1]]["symbol"],
            s.start == (len(s.discard) - 1) % 4,
            sorted(pl.ducats for pl in s.players),
            s.players[s.start].ducats,
            any("ducats" in v for v in RULES.view(s, None)["players"].values()),
        ),
        (1, "tiger", True, [7, 10, 10, 10], 7, False),
    ),
    # ---------------------------------------------------------------- Playing the Game
    Case(
        "after-round-4-the-b-tiles-come-out",
        "Playing the Game ¶1",
        lambda: in_round(extra_step(), 4),
        ("p0: done",),
        lambda s, ev: (s.round, s.phase, set(s.grid) <= set(data.B_TILE_IDS), len(set(s.grid))),
        (5, "flag", True, 25),
    ),
    Case(
        "a-round-markers-then-auctions-then-actions",
        "Playing the Game ¶2",
        lambda: auction_ready(with_tile(with_tile(with_tile(table(3), "a23", 0), "a24", 1), "a16", 2)),
        ("p1: pass", "p2: pass", "p0: take")
        + ("p2: pass", "p0: pass", "p1: take")
        + ("p0: pass", "p1: pass", "p2: take")
        + ("p1: pass", "p2: pass", "p0: take"),
        lambda s, ev: (s.phase, s.start, RULES.to_act(s), p(s).ships),
        ("actions", 0, ["p0"], 5),
    ),
    # ---------------------------------------------------------------- 1. Place Auction Markers
    Case(
        "the-markers-form-a-chain-the-start-player-places-the-last",
        "1. Place Auction Markers ¶1",
        lambda: table(3),
        (
            "p0: flag a0",
            "!p1: marker c1",
            "p1: marker b1",
            "!p2: marker b1",
            "p2: marker c2",
            "p0: marker d3",
        ),
        lambda s, ev: (s.chain, s.chain_owner, s.phase),
        ([(-1, 0), (0, 1), (1, 2), (2, 3)], [0, 1, 2, 0], "auction"),
    ),
    Case(
        "the-flag-goes-orthogonally-next-to-a-tile",
        "1. Place Auction Markers ¶2",
        lambda: sparse_grid("c3"),
        (),
        lambda s, ev: sorted(legal_texts(s, "p0")),
        ["flag b3", "flag c2", "flag c4", "flag d3"],
    ),
    Case(
        "no-free-tile-next-to-the-last-marker-anywhere-then-next-to-that",
        "1. Place Auction Markers ¶3",
        lambda: sparse_grid("a1", "e5", "d5", "a5"),
        ("p0: flag a0", "p1: marker a1", "p2: marker e5", "!p0: marker a5", "p0: marker d5"),
        lambda s, ev: (s.chain[1:], s.phase),
        ([(0, 0), (4, 4), (4, 3)], "auction"),
    ),
    # ---------------------------------------------------------------- 2. Tile Auctions
    Case(
        "the-flag-first-each-bids-once-higher-or-passes",
        "2. Tile Auctions ¶1",
        auction_ready,
        ("p1: bid 3", "!p2: bid 3", "p2: pass", "!p0: outbid 3", "p0: accept"),
        lambda s, ev: ([pl.ducats for pl in s.players], s.start, [pl.extra for pl in s.players]),
        ([10, 7, 10], 1, [0, 1, 0]),
    ),
    Case(
        "the-auctioneer-outbids-and-pays-the-bank",
        "2. Tile Auctions ¶2",
        auction_ready,
        ("p1: bid 3", "p2: bid 4", "p0: outbid 5"),
        lambda s, ev: ([pl.ducats for pl in s.players], s.start, [pl.extra for pl in s.players]),
        ([2, 10, 10], 0, [1, 0, 0]),
    ),
    Case(
        "with-no-bid-the-auctioneer-keeps-the-flag-for-free",
        "2. Tile Auctions ¶2",
        auction_ready,
        ("p1: pass", "p2: pass", "!p0: accept", "p0: take"),
        lambda s, ev: ([pl.ducats for pl in s.players], s.start, [pl.extra for pl in s.players], s.lot),
        ([7, 10, 10], 0, [1, 0, 0], 1),
    ),
    Case(
        "then-each-marked-tile-by-its-markers-owner-in-marker-order",
        "2. Tile Auctions ¶3",
        auction_ready,
        ("p1: pass", "p2: pass", "p0: take", "p2: bid 2", "!p1: bid 3", "p0: pass", "p1: accept"),
        lambda s, ev: ([pl.ducats for pl in s.players], s.grid[0], s.lot, RULES.to_act(s)),
        ([7, 12, 8], None, 2, ["p0"]),
    ),
    # ---------------------------------------------------------------- 3. Player Actions
    Case(
        "three-actions-each-one-at-a-time-from-the-start-player",
        "3. Player Actions ¶1",
        lambda: acting(3, start=1),
        ("!p0: pass",) + ("p1: pass", "p2: pass", "p0: pass") * 3,
        lambda s, ev: (s.round, s.phase),
        (2, "flag"),
    ),
    _cost("ships", 2, ("ginger",), "1. Progress on the Development Board ¶1"),
    _cost("colonists", 2, ("clove",), "1. Progress on the Development Board ¶1"),
    _cost("taxes", 2, ("cinnamon",), "1. Progress on the Development Board ¶1"),
    _cost("taxes", 3, ("pepper", "cinnamon"), "1. Progress on the Development Board example"),
    _cost(
        "expedition", 5, ("nutmeg", "clove", "ginger", "cinnamon"), "1. Progress on the Development Board ¶1"
    ),
    Case(
        "an-advance-is-refused-without-a-spice-it-shows",
        "1. Progress on the Development Board ¶1",
        lambda: plant(acting(ships=4), 0, "nutmeg"),
        ("!p0: advance ships", "!p0: advance taxes", "p0: advance expedition"),
        lambda s, ev: (p(s).progress, p(s).ships),
        ([0, 0, 0, 1, 0], 3),
    ),
    Case(
        "advancing-scores-lower-and-gives-more",
        "1. Progress on the Development Board ¶2",
        lambda: plant(acting(ships=4), 0, "ginger"),
        ("p0: advance ships", "p1: pass", "p2: pass", "p0: ships"),
        lambda s, ev: (p(s).ships, RULES.scores(s)["p0"]["progress"]),
        (5, 1),
    ),
    Case(
        "build-ships-row-1-gives-1",
        "2. Build Ships ¶1",
        acting,
        ("p0: ships",),
        lambda s, ev: p(s).ships,
        5,
    ),
    Case(
        "build-ships-in-the-second-row-gives-2",
        "2. Build Ships example",
        lambda: acting(progress=[1, 0, 0, 0, 0]),
        ("p0: ships",),
        lambda s, ev: p(s).ships,
        6,
    ),
    Case(
        "harvest-row-1-gives-1-spice-only-where-there-is-room",
        "3. Harvest ¶1",
        lambda: plant(acting(), 0, "pepper", 2, 0),
        ("p0: harvest", "p0: spice pepper"),
        lambda s, ev: (spices(s, 0), s.pending, RULES.to_act(s)),
        ({"pepper": 1}, [], ["p1"]),
    ),
    Case(
        "harvest-takes-4-spices",
        "3. Harvest example",
        lambda: plant(acting(progress=[0, 2, 0, 0, 0]), 0, "pepper", 3, 0),
        ("p0: harvest", "p0: spice pepper", "p0: spice pepper", "p0: spice pepper"),
        lambda s, ev: (next(e.data["amount"] for e in ev if e.kind == "harvest"), spices(s, 0), s.pending),
        (4, {"pepper": 3}, []),
    ),
    Case(
        "taxes-row-1-gives-4-ducats",
        "4. Taxes ¶1",
        acting,
        ("p0: taxes",),
        lambda s, ev: p(s).ducats,
        14,
    ),
    Case(
        "taxes-takes-6-ducats",
        "4. Taxes example",
        lambda: acting(progress=[0, 0, 1, 0, 0]),
        ("p0: taxes",),
        lambda s, ev: p(s).ducats,
        16,
    ),
    Case(
        "expedition-row-1-draws-1-never-past-the-limit-of-1",
        "5. Expedition ¶1",
        acting,
        # the card drawn may be played after the action: p0 goes on without it
        ("p0: expedition", "p0: done", "p1: pass", "p2: pass", "p0: expedition"),
        lambda s, ev: (len(p(s).hand), [e.data for e in ev if e.kind == "expedition"][-1]),
        (1, {"limit": 1, "draw": 1}),
    ),
    Case(
        "row-4-with-1-card-draws-2-hand-3",
        "5. Expedition example 1",
        lambda: acting(progress=[0, 0, 0, 3, 0], hand=[CARD["ships"]]),
        ("p0: expedition",),
        lambda s, ev: len(p(s).hand),
        3,
    ),
    Case(
        "row-4-with-3-cards-draws-1",
        "5. Expedition example 2",
        lambda: acting(progress=[0, 0, 0, 3, 0], hand=cards_of("fish", 3)),
        ("p0: expedition",),
        lambda s, ev: len(p(s).hand),
        4,
    ),
    Case(
        "row-4-with-3-cards-discards-1-then-draws-2",
        "5. Expedition example 2",
        lambda: acting(progress=[0, 0, 0, 3, 0], hand=cards_of("fish", 3)),
        (f"p0: drop {cards_of('fish', 1)[0]}", "p0: expedition"),
        lambda s, ev: (len(p(s).hand), cards_of("fish", 1)[0] in s.discard),
        (4, True),
    ),
    Case(
        "row-4-with-3-cards-plays-1-then-draws-2",
        "5. Expedition example 2",
        lambda: acting(progress=[0, 0, 0, 3, 0], hand=[CARD["ships"], *cards_of("palm", 2)]),
        (f"p0: play {CARD['ships']}", "p0: expedition"),
        lambda s, ev: (len(p(s).hand), p(s).ships),
        (4, 6),
    ),
    Case(
        "there-is-no-colonist-action-the-column-counts-when-founding",
        "5. Expedition ¶2",
        lambda: rig(acting(progress=[0, 0, 0, 0, 2]), 1, 1),
        ("!p0: colonists", "p0: colony quilon"),
        lambda s, ev: attempt(ev)["base"],
        3,
    ),
    # ---------------------------------------------------------------- 6. Found Colony
    Case(
        "colonies-need-6-8-10-12",
        "6. Found Colony ¶1",
        lambda: fresh(3),
        (),
        lambda s, ev: dict(data.COLONY_NEED),
        {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12},
    ),
    Case(
        "a-colony-founded-cannot-be-named-again",
        "6. Found Colony ¶2",
        lambda: acting(colonies={"madras": ["madras-a", [[0] * 5]]}),
        ("!p0: colony madras", "p0: colony cochin"),
        lambda s, ev: attempt(ev)["need"],
        8,
    ),
    Case(
        "madras-3-on-the-board-2-and-3-drawn-2-colonist-cards",
        "6. Found Colony example",
        lambda: rig(acting(progress=[0, 0, 0, 0, 2], colonists=2), 2, 3),
        ("p0: colony madras", "p0: pay", "p0: pick madras-a"),
        lambda s, ev: (attempt(ev)["base"], attempt(ev)["total"], p(s).colonists, p(s).colonies["madras"][0]),
        (3, 8, 0, "madras-a"),
    ),
    Case(
        "the-founder-chooses-among-the-remaining-quilon-tiles",
        "6. Found Colony ¶3",
        lambda: rig(acting(), 3, 3),
        ("p0: colony quilon", "!p0: pick madras-a", "p0: pick quilon-d"),
        lambda s, ev: (p(s).colonies["quilon"][0], s.colony_stacks["quilon"]),
        ("quilon-d", ["quilon-a", "quilon-b", "quilon-c", "quilon-e"]),
    ),
    Case(
        "cochin-tiles-are-all-alike-no-choice",
        "6. Found Colony ¶3",
        lambda: rig(acting(colonists=2), 3, 3),
        ("p0: colony cochin", "p0: pay"),
        lambda s, ev: (p(s).colonies["cochin"][0], s.pending[0]["kind"]),
        ("cochin-a", "fill"),
    ),
    _colony_tile("quilon", "quilon-a", ["ginger", "cinnamon"]),
    _colony_tile("quilon", "quilon-b", ["nutmeg", "pepper"]),
    _colony_tile("cochin", "cochin-a", list(data.SPICES)),
    _colony_tile("madras", "madras-a", ["nutmeg", "pepper"]),
    _colony_tile("calicut", "calicut-a", list(data.SPICES)),
    _colony_filled("quilon", "quilon-a", ("ginger",)),
    _colony_filled("madras", "madras-a", ("pepper", "nutmeg")),
    _colony_filled("calicut", "calicut-c", ("clove", "ginger")),
    Case(
        "failure-when-unwilling-to-pay-1-colonist-and-the-cards-discarded",
        "6. Found Colony ¶5",
        lambda: rig(acting(), 2, 2),
        ("p0: colony quilon", "p0: decline"),
        lambda s, ev: (
            "quilon" in p(s).colonies,
            p(s).colonists,
            set(attempt(ev)["cards"]) <= set(s.discard),
        ),
        (False, 3, True),
    ),
    Case(
        "failure-with-too-few-colonists-1-colonist",
        "6. Found Colony ¶5",
        lambda: rig(acting(colonists=3), 1, 1),
        ("p0: colony quilon",),
        lambda s, ev: ("quilon" in p(s).colonies, p(s).colonists, s.pending, RULES.to_act(s)),
        (False, 4, [], ["p1"]),
    ),
    # ---------------------------------------------------------------- End of a Round
    Case(
        "additional-actions-one-a-turn-round-the-table",
        "End of a Round 1",
        lambda: with_players(extra_step(3, start=1, extra=1), p1={"extra": 1}, p2={"extra": 1}),
        ("p1: ships", "p2: taxes", "p0: ships"),
        lambda s, ev: ([pl.extra for pl in s.players], s.round, [pl.ships for pl in s.players]),
        ([0, 0, 0], 2, [5, 5, 4]),
    ),
    Case(
        "who-passes-plays-no-card-later-in-the-round",
        "End of a Round 2",
        lambda: with_players(extra_step(3, start=0, extra=1), p1={"extra": 1}),
        ("p0: done", "p1: ships"),
        lambda s, ev: ([pl.extra for pl in s.players], s.round),
        ([1, 0, 0], 2),
    ),
    Case(
        "with-more-than-one-card-all-but-one-must-be-played",
        "End of a Round 3",
        lambda: with_players(extra_step(3, start=1, extra=3), p1={"extra": 1}, p2={"extra": 2}),
        (
            "p1: ships",
            "!p2: done",
            "p2: taxes",
            "!p0: done",
            "p0: ships",
            "p2: done",
            "p0: ships",
            "p0: done",
        ),
        lambda s, ev: ([pl.extra for pl in s.players], s.round, [pl.ships for pl in s.players]),
        ([1, 0, 1], 2, [6, 5, 4]),
    ),
    # ---------------------------------------------------------------- Game End, The Scoring
    Case(
        "the-game-ends-after-round-4-of-part-b",
        "Game End ¶1",
        lambda: _final(),
        ("p0: done",),
        lambda s, ev: (s.phase, RULES.to_act(s), "game_over" in kinds_of(ev)),
        ("over", [], True),
    ),
    Case(
        "a-tie-goes-to-the-most-money",
        "Game End ¶1",
        lambda: with_players(_final(progress=[1, 1, 1, 0, 0], ducats=3), p1={"ducats": 4}, p2={"ducats": 4}),
        ("p0: done",),
        lambda s, ev: (RULES.result(s).scores, RULES.result(s).ranking),
        ({"p0": 3, "p1": 3, "p2": 3}, ["p1", "p2", "p0"]),
    ),
    Case(
        "markers-score-0-1-3-6-10",
        "The Scoring progress",
        lambda: _final(progress=[4, 3, 2, 1, 0]),
        ("p0: done",),
        lambda s, ev: RULES.result(s).breakdown["p0"]["progress"],
        20,
    ),
    Case(
        "colonies-score-1-3-6-10",
        "The Scoring colonies",
        acting,
        (),
        lambda s, ev: [
            RULES.scores(
                with_players(s, p0={"colonies": {n: [f"{n}-a", [[0] * 5]] for n in data.COLONY_NAMES[:k]}})
            )["p0"]["colonies"]
            for k in range(5)
        ],
        [0, 1, 3, 6, 10],
    ),
    Case(
        "kept-cards-score-by-like-symbols-1-3-6-10-15-20",
        "The Scoring cards",
        acting,
        (),
        lambda s, ev: [
            RULES.scores(with_players(s, p0={"hand": cards_of("shell", k) + cards_of("tiger", 1)}))["p0"][
                "cards"
            ]
            for k in range(7)
        ],
        [1, 2, 4, 7, 11, 16, 21],
    ),
    Case(
        "most-money-3-to-every-tied-player",
        "The Scoring money",
        lambda: with_players(_final(ducats=10), p1={"ducats": 10}, p2={"ducats": 9}),
        ("p0: done",),
        lambda s, ev: [RULES.result(s).breakdown[x]["ducats"] for x in ("p0", "p1", "p2")],
        [3, 3, 0],
    ),
    Case(
        "single-plantations-1-each",
        "The Scoring plantations",
        lambda: _final(plantations=[["a1", 0, 1, 0], ["a6", 0, 2, 2], ["a3", 2, 1, 1]]),
        ("p0: done",),
        lambda s, ev: RULES.result(s).breakdown["p0"]["plantations"],
        2,
    ),
    Case(
        "the-duty-fulfilled-4",
        "The Scoring duty",
        lambda: _final(duty_used=1),
        ("p0: done",),
        lambda s, ev: RULES.result(s).breakdown["p0"]["duty"],
        4,
    ),
    Case(
        "missions-2-and-3",
        "The Scoring missions",
        lambda: _final(tiles=["b17", "b18"]),
        ("p0: done",),
        lambda s, ev: RULES.result(s).breakdown["p0"]["missions"],
        5,
    ),
    Case(
        "red-scores-42",
        "The Scoring example",
        lambda: with_players(
            _final(
                progress=[3, 4, 2, 3, 3],
                colonies={"quilon": ["quilon-a", [[0] * 5]], "cochin": ["cochin-a", [[0] * 5]]},
                hand=cards_of("tiger", 1) + cards_of("palm", 2),
                ducats=30,
                plantations=[["a1", 0, 1, 1]],
            ),
            p1={"ducats": 10},
            p2={"ducats": 12},
        ),
        ("p0: done",),
        lambda s, ev: (RULES.result(s).breakdown["p0"], RULES.result(s).scores["p0"]),
        (
            {
                "progress": 31,
                "colonies": 3,
                "cards": 4,
                "ducats": 3,
                "plantations": 1,
                "duty": 0,
                "missions": 0,
            },
            42,
        ),
    ),
    # ---------------------------------------------------------------- The Expedition Cards
    Case(
        "a-card-shows-its-use-colonists-and-symbol-played-or-kept",
        "The Expedition Cards ¶1",
        lambda: acting(hand=[CARD["ships"]]),
        (),
        lambda s, ev: (
            sorted(data.CARDS[CARD["ships"]]),
            f"play {CARD['ships']}" in legal_texts(s, "p0"),
            RULES.scores(s)["p0"]["cards"],
        ),
        (["colonists", "effect", "id", "symbol"], True, 1),
    ),
    Case(
        "cards-come-from-the-expedition-action",
        "The Expedition Cards ¶2",
        lambda: acting(progress=[0, 0, 0, 1, 0]),
        ("p0: expedition",),
        lambda s, ev: (len(p(s).hand), [e.data["why"] for e in ev if e.kind == "cards_drawn"]),
        (2, ["expedition"]),
    ),
    Case(
        "exactly-one-card-per-action",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[CARD["ships"], CARD["ducats"]]),
        (f"p0: play {CARD['ships']}", f"!p0: play {CARD['ducats']}", "p0: taxes"),
        lambda s, ev: (p(s).ships, p(s).ducats, p(s).hand, RULES.to_act(s)),
        (6, 14, [CARD["ducats"]], ["p1"]),
    ),
    Case(
        "one-card-with-an-additional-action-too",
        "The Expedition Cards ¶3",
        lambda: extra_step(extra=2, hand=[CARD["ships"], CARD["ducats"]]),
        (
            f"p0: play {CARD['ships']}",
            f"!p0: play {CARD['ducats']}",
            "!p0: done",
            "p0: taxes",
            f"p0: play {CARD['ducats']}",
        ),
        lambda s, ev: (p(s).ships, p(s).ducats, p(s).extra, p(s).hand),
        (6, 19, 1, []),
    ),
    Case(
        "harvest-then-the-spice-sale-after-it-in-the-same-action",
        "The Expedition Cards ¶3",
        lambda: plant(acting(hand=[CARD["sell"]], progress=[0, 1, 0, 0, 0]), 0, "pepper", 3, 0),
        (
            f"!p0: play {CARD['sell']}",  # no spice to sell before the harvest
            "p0: harvest",
            "p0: spice pepper",
            "p0: spice pepper",
            f"p0: play {CARD['sell']}",
            "p0: give pepper",
            "p0: give pepper",
        ),
        lambda s, ev: (
            spices(s, 0),
            p(s).ducats,
            p(s).hand,
            s.discard[-1],
            [e.kind for e in ev].count("spice_sold"),
            s.pending,
            s.card_played,
            RULES.to_act(s),
        ),
        ({}, 16, [], CARD["sell"], 2, [], False, ["p1"]),
    ),
    Case(
        "the-card-after-an-action-is-asked-once-the-action-is-answered",
        "The Expedition Cards ¶3",
        lambda: plant(acting(hand=[CARD["ducats"]], progress=[0, 1, 0, 0, 0]), 0, "pepper", 3, 0),
        ("p0: harvest", f"!p0: play {CARD['ducats']}", "p0: spice pepper", "p0: spice pepper"),
        lambda s, ev: (s.pending, RULES.to_act(s), legal_texts(s, "p0"), RULES.label(s, "p0", DONE)),
        ([{"kind": "after", "seat": 0}], ["p0"], [f"play {CARD['ducats']}", "done"], "Go on without a card"),
    ),
    Case(
        "going-on-after-the-action-keeps-the-card",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[CARD["ducats"]]),
        ("p0: taxes", "p0: done", f"!p0: play {CARD['ducats']}"),
        lambda s, ev: (p(s).ducats, p(s).hand, s.pending, RULES.to_act(s)),
        (14, [CARD["ducats"]], [], ["p1"]),
    ),
    Case(
        "a-card-after-the-last-action-of-a-round",
        "The Expedition Cards ¶3",
        lambda: in_turn(acting(hand=[CARD["ducats"]], start=1), 3 * 3 - 1),
        ("p0: taxes", f"p0: play {CARD['ducats']}"),
        lambda s, ev: (p(s).ducats, p(s).hand, (s.round, s.phase), "round_end" in kinds_of(ev)),
        (19, [], (2, "flag"), True),
    ),
    Case(
        "a-card-after-an-additional-action-with-the-last-card",
        "The Expedition Cards ¶3",
        lambda: extra_step(extra=1, hand=[CARD["ships"]]),
        ("p0: taxes", f"p0: play {CARD['ships']}"),
        lambda s, ev: (p(s).ducats, p(s).ships, p(s).extra, p(s).hand, "round_end" in kinds_of(ev)),
        (14, 6, 0, [], True),
    ),
    Case(
        "not-a-second-card-after-an-action-with-a-card",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[CARD["harvest_mix"], CARD["ships"]]),
        (f"p0: harvest card {CARD['harvest_mix']}", "p0: colonist", f"!p0: play {CARD['ships']}"),
        lambda s, ev: (p(s).colonists, p(s).ships, p(s).hand, s.pending, RULES.to_act(s)),
        (3, 4, [CARD["ships"]], [], ["p1"]),
    ),
    Case(
        "not-a-second-card-after-the-card-after-the-action",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[CARD["ships"], CARD["ducats"]]),
        ("p0: taxes", f"p0: play {CARD['ships']}", f"!p0: play {CARD['ducats']}"),
        lambda s, ev: (p(s).ships, p(s).ducats, p(s).hand, s.pending, RULES.to_act(s)),
        (6, 14, [CARD["ducats"]], [], ["p1"]),
    ),
    Case(
        # which cards a hand holds is secret, its size is not: the step comes for any held card,
        # with only "go on" when none can be played now (here the sale without a spice and a
        # card that only changes an action)
        "the-step-after-the-action-comes-for-any-held-card-the-table-cannot-tell-which",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[CARD["advance_no_ships"], CARD["sell"]]),
        ("p0: taxes",),
        lambda s, ev: (p(s).ducats, [d["kind"] for d in s.pending], RULES.to_act(s), RULES.legal(s, "p0")),
        (14, ["after"], ["p0"], [DONE]),
    ),
    Case(
        "no-step-after-the-action-with-an-empty-hand",
        "The Expedition Cards ¶3",
        lambda: acting(hand=[]),
        ("p0: taxes",),
        lambda s, ev: (p(s).ducats, s.pending, RULES.to_act(s)),
        (14, [], ["p1"]),
    ),
    Case(
        "a-card-changing-an-action-is-the-actions-card",
        "The Expedition Cards ¶3",
        lambda: plant(acting(hand=[CARD["advance_no_ships"], CARD["ships"]]), 0, "ginger"),
        (f"p0: advance ships card {CARD['advance_no_ships']}",),
        lambda s, ev: (p(s).progress[0], p(s).ships, p(s).hand),
        (1, 4, [CARD["ships"]]),
    ),
    Case(
        "plain-cards-2-ships-2-colonists-5-ducats",
        "The Expedition Cards plain",
        lambda: acting(hand=[CARD["ships"]]),
        (f"p0: play {CARD['ships']}", "p0: pass", "p1: pass", "p2: pass"),
        lambda s, ev: (
            p(s).ships,
            data.CARD_RESOURCES["colonists"],
            data.CARD_RESOURCES["ducats"],
            s.discard[-1],
        ),
        (6, 2, 5, CARD["ships"]),
    ),
    Case(
        "up-to-2-spices",
        "The Expedition Cards plain",
        lambda: plant(acting(hand=[CARD["spices"]]), 0, "pepper", 3, 0),
        (f"p0: play {CARD['spices']}", "p0: spice pepper", "p0: stop"),
        lambda s, ev: (spices(s, 0), s.pending, RULES.to_act(s)),
        ({"pepper": 1}, [], ["p0"]),
    ),
    Case(
        "spices-sold-for-3-ducats-each",
        "The Expedition Cards plain",
        lambda: plant(plant(acting(hand=[CARD["sell"]]), 0, "pepper", 2), 0, "clove", 1),
        (f"p0: play {CARD['sell']}", "p0: give pepper", "p0: give clove", "p0: stop"),
        lambda s, ev: (spices(s, 0), p(s).ducats, RULES.to_act(s)),
        ({"pepper": 1}, 16, ["p0"]),
    ),
    Case(
        "harvest-as-any-goods",
        "The Expedition Cards action",
        lambda: acting(hand=[CARD["harvest_mix"]]),
        (f"p0: harvest card {CARD['harvest_mix']}", "p0: colonist"),
        lambda s, ev: (p(s).colonists, s.pending, RULES.to_act(s)),
        (3, [], ["p1"]),
    ),
    Case(
        "a-colony-with-one-more-card",
        "The Expedition Cards action",
        lambda: rig(acting(hand=[CARD["colony_three"]]), 3, 3, 2),
        (f"p0: colony cochin card {CARD['colony_three']}", "p0: fill clove"),
        lambda s, ev: (len(attempt(ev)["cards"]), "cochin" in p(s).colonies),
        (3, True),
    ),
    Case(
        "progress-without-ships",
        "The Expedition Cards action",
        lambda: plant(acting(hand=[CARD["advance_no_ships"]]), 0, "ginger"),
        (f"p0: advance ships card {CARD['advance_no_ships']}",),
        lambda s, ev: (p(s).progress[0], p(s).ships, spices(s, 0)),
        (1, 4, {"ginger": 1}),
    ),
    Case(
        "progress-without-spices",
        "The Expedition Cards action",
        lambda: acting(hand=[CARD["advance_no_spices"]], progress=[1, 0, 0, 0, 0]),
        (f"p0: advance ships card {CARD['advance_no_spices']}",),
        lambda s, ev: (p(s).progress[0], p(s).ships),
        (2, 2),
    ),
    Case(
        "progress-for-ducats-one-marker-one-row",
        "The Expedition Cards action",
        lambda: acting(hand=[CARD["advance_money"]], progress=[2, 0, 0, 0, 0], ducats=20),
        (f"p0: advance ships card {CARD['advance_money']}",),
        lambda s, ev: (p(s).progress[0], p(s).ducats, p(s).ships),
        (3, 2, 4),
    ),
    Case(
        "a-card-is-no-action-and-cards-are-discarded-at-any-time",
        "The Expedition Cards ¶4",
        lambda: acting(hand=[CARD["ships"], CARD["ducats"]]),
        (f"p0: drop {CARD['ducats']}", f"!p0: drop {CARD['ducats']}", f"p0: play {CARD['ships']}"),
        lambda s, ev: (p(s).hand, s.discard[-2:], RULES.to_act(s)),
        ([], [CARD["ducats"], CARD["ships"]], ["p0"]),
    ),
    Case(
        "five-symbols-six-cards-each",
        "The Expedition Cards ¶5",
        lambda: fresh(3),
        (),
        lambda s, ev: {
            x: sum(1 for c in data.CARD_IDS if data.CARDS[c]["symbol"] == x) for x in data.SYMBOLS
        },
        {"tiger": 6, "fish": 6, "palm": 6, "shell": 6, "statue": 6},
    ),
    # ---------------------------------------------------------------- Description of the Tiles
    Case(
        "the-flags-buyer-is-start-player-with-an-additional-action-card",
        "Description of the Tiles Flag",
        auction_ready,
        ("p1: bid 1", "p2: pass", "p0: accept"),
        lambda s, ev: (s.start, p(s, 1).extra, "flag_won" in kinds_of(ev)),
        (1, 1, True),
    ),
    Case(
        "a-single-plantation-arrives-filled",
        "Description of the Tiles Plantation",
        lambda: auction_ready(with_tile(table(3), "a3")),
        P1_TAKES_A1,
        lambda s, ev: (p(s, 1).plantations, RULES.scores(s)["p1"]["plantations"]),
        ([["a3", data.SPICE_INDEX["cinnamon"], 1, 1]], 1),
    ),
    Case(
        "a-fifth-plantation-replaces-one-a-single-one-kept-face-down-scores",
        "Description of the Tiles Plantation",
        lambda: auction_ready(
            with_tile(
                plant(
                    plant(plant(plant(table(3), 1, "ginger"), 1, "nutmeg", 1, tile="a2"), 1, "cinnamon"),
                    1,
                    "pepper",
                ),
                "a14",
            )
        ),
        P1_TAKES_A1 + ("!p1: discard 5", "p1: discard 2"),
        lambda s, ev: (
            [(data.SPICES[pl[1]], pl[3]) for pl in p(s, 1).plantations],
            p(s, 1).tiles,
            RULES.scores(s)["p1"]["plantations"],
        ),
        ([("ginger", 2), ("clove", 2), ("cinnamon", 2), ("pepper", 2)], ["a2"], 1),
    ),
    Case(
        "a-mission-is-kept-and-scores-at-the-end",
        "Description of the Tiles Mission",
        lambda: with_tile(last_lot(), "b18", 2),
        ("p0: take",),
        lambda s, ev: (p(s).tiles, RULES.scores(s)["p0"]["missions"], RULES.progress(s)["scores"]["p0"]),
        (["b18"], 3, 3),
    ),
    Case(
        "swap-takes-a-grid-tile-and-leaves-itself-for-a-later-auction",
        "Description of the Tiles Swap",
        lambda: with_tile(acting(tiles=["b12"]), "a23"),
        ("p0: trade a1",),
        lambda s, ev: (p(s).ships, s.grid[0], p(s).tiles),
        (8, "b12", []),
    ),
    Case(
        "take-immediately-tiles-are-gone-at-once",
        "Description of the Tiles take immediately",
        lambda: auction_ready(with_tile(table(3), "a23")),
        P1_TAKES_A1,
        lambda s, ev: (p(s, 1).ships, p(s, 1).tiles),
        (8, []),
    ),
    Case(
        "ships-4",
        "Description of the Tiles Ships",
        lambda: last_lot(),
        ("p0: take",),
        lambda s, ev: p(s).ships,
        8,
    ),
    Case(
        "colonists-4",
        "Description of the Tiles Colonists",
        lambda: with_tile(last_lot(), "a24", 2),
        ("p0: take",),
        lambda s, ev: p(s).colonists,
        6,
    ),
    Case(
        "ships-or-colonists-3-not-mixed",
        "Description of the Tiles Ships/colonists",
        lambda: with_tile(last_lot(), "a26", 2),
        ("p0: take", "!p0: ship", "p0: choose colonists"),
        lambda s, ev: (p(s).ships, p(s).colonists),
        (4, 5),
    ),
    Case(
        "settlement-a-ship-an-additional-action-card-a-colonist",
        "Description of the Tiles Settlement",
        lambda: with_tile(last_lot(), "a25", 2),
        ("p0: take",),
        lambda s, ev: (p(s).ships, p(s).colonists, p(s).extra),
        (5, 3, 1),
    ),
    Case(
        "additional-action-2-cards",
        "Description of the Tiles Additional action",
        lambda: with_tile(last_lot(), "a21", 2),
        ("p0: take",),
        lambda s, ev: p(s).extra,
        2,
    ),
    Case(
        "expeditions-2-cards-even-over-the-limit",
        "Description of the Tiles Expeditions",
        lambda: with_tile(last_lot(hand=[CARD["ships"]]), "a22", 2),
        ("p0: take",),
        lambda s, ev: (len(p(s).hand), [data.TILES[t]["expeditions"] for t in ("a22", "b30")]),
        (3, [2, 3]),
    ),
    Case(
        "each-round-tiles-give-once-a-round-in-part-a-only",
        "Description of the Tiles each round",
        lambda: last_lot(tiles=["a16", "a18"]),
        ("p0: take",),
        lambda s, ev: (
            p(s).ships,
            p(s).colonists,
            any(data.TILES[t]["kind"] == "each_round" for t in data.B_TILE_IDS),
        ),
        (9, 3, False),
    ),
    Case(
        "the-spice-tile-1-spice-of-choice-where-there-is-room-once-a-round",
        "Description of the Tiles Spice",
        lambda: plant(acting(tiles=["a19"]), 0, "pepper", 2, 0),
        ("p0: claim pepper", "!p0: claim pepper"),
        lambda s, ev: (spices(s, 0), RULES.to_act(s)),
        ({"pepper": 1}, ["p0"]),
    ),
    Case(
        "the-ducats-tile-4-a-round",
        "Description of the Tiles Ducats",
        lambda: last_lot(tiles=["a17"]),
        ("p0: take",),
        lambda s, ev: p(s).ducats,
        14,
    ),
    Case(
        "a-once-a-game-tile-is-gone-after-its-use",
        "Description of the Tiles once",
        lambda: acting(tiles=["b13"]),
        ("p0: viceking ships", "!p0: viceking harvest"),
        lambda s, ev: (p(s).tiles, RULES.to_act(s)),
        ([], ["p0"]),
    ),
    Case(
        "espionage-an-opponents-row-no-cards",
        "Description of the Tiles Espionage",
        lambda: with_players(acting(tiles=["b15"]), p1={"progress": [4, 0, 0, 4, 0]}),
        ("!p0: spy p1 expedition", "p0: spy p1 ships"),
        lambda s, ev: (p(s).ships, p(s).hand, RULES.to_act(s)),
        (9, [], ["p0"]),
    ),
    Case(
        "extra-harvest-fills-up-to-three",
        "Description of the Tiles Extra harvest",
        lambda: plant(
            plant(
                plant(plant(acting(tiles=["b11"]), 0, "ginger", 2, 0), 0, "clove", 3, 1), 0, "pepper", 1, 0
            ),
            0,
            "nutmeg",
            2,
            0,
        ),
        ("p0: addharvest", "p0: refill p1", "p0: refill p2", "p0: refill p4"),
        lambda s, ev: ([pl[3] for pl in p(s).plantations], s.pending, RULES.to_act(s)),
        ([2, 3, 0, 2], [], ["p0"]),
    ),
    Case(
        "re-supply-the-colonists-of-two-cards-in-one-kind",
        "Description of the Tiles Re-supply",
        lambda: rig(acting(tiles=["b14"]), 2, 1),
        ("p0: supply", "!p0: ship", "p0: choose colonists"),
        lambda s, ev: (
            next(e.data["total"] for e in ev if e.kind == "supply_drawn"),
            p(s).ships,
            p(s).colonists,
            s.pending,
            set(next(e.data["cards"] for e in ev if e.kind == "supply_drawn")) <= set(s.discard),
        ),
        (3, 4, 5, [], True),
    ),
    Case(
        "vice-king-a-highest-marker-one-row-free",
        "Description of the Tiles Vice-king",
        lambda: acting(tiles=["b13"], progress=[1, 0, 2, 0, 1], ships=0),
        ("!p0: viceking ships", "p0: viceking expedition"),
        lambda s, ev: (p(s).progress, p(s).ships, spices(s, 0)),
        ([1, 0, 2, 1, 1], 0, {}),
    ),
    Case(
        "the-duty-any-6-spices-for-4-vp",
        "Description of the Tiles Duty",
        lambda: plant(plant(plant(acting(tiles=["a20"]), 0, "ginger", 3), 0, "clove", 2), 0, "pepper", 1),
        ("p0: duty",) + ("p0: give ginger",) * 3 + ("p0: give clove",) * 2 + ("p0: give pepper",),
        lambda s, ev: (p(s).duty_used, RULES.scores(s)["p0"]["duty"], spices(s, 0), p(s).tiles),
        (1, 4, {}, []),
    ),
    Case(
        "using-a-tile-is-not-an-action",
        "Description of the Tiles ¶last",
        lambda: acting(tiles=["b13"]),
        ("p0: viceking ships", "p0: ships"),
        lambda s, ev: (p(s).ships, RULES.to_act(s)),
        (6, ["p1"]),
    ),
    # ---------------------------------------------------------------- Special Cases
    Case(
        "first-into-row-4-draws-a-card-the-second-does-not",
        "Special Cases ¶1",
        lambda: with_players(
            plant(
                plant(plant(acting(progress=[2, 0, 0, 0, 0]), 0, "ginger", 1), 0, "cinnamon", 1),
                0,
                "pepper",
                1,
            ),
            p1={
                "progress": [2, 0, 0, 0, 0],
                "plantations": [["a1", 0, 1, 1], ["a3", 2, 1, 1], ["a4", 3, 1, 1]],
            },
        ),
        # the card drawn may be played after the action: p0 goes on without it
        ("p0: advance ships", "p0: done", "p1: advance ships"),
        lambda s, ev: ([len(pl.hand) for pl in s.players], s.firsts),
        ([1, 0, 0], ["0:3"]),
    ),
    Case(
        "the-first-to-row-card-even-over-the-limit",
        "Special Cases ¶1",
        lambda: plant(
            plant(
                plant(acting(progress=[2, 0, 0, 0, 0], hand=[CARD["ships"]]), 0, "ginger", 1),
                0,
                "cinnamon",
                1,
            ),
            0,
            "pepper",
            1,
        ),
        ("p0: advance ships",),
        lambda s, ev: (len(p(s).hand), s.firsts),
        (2, ["0:3"]),
    ),
    Case(
        "red-first-to-row-4-of-ships-blue-first-to-row-5-of-harvest",
        "Special Cases example 1",
        lambda: with_players(
            plant(
                plant(plant(acting(progress=[2, 0, 0, 0, 0]), 0, "ginger", 1), 0, "cinnamon", 1),
                0,
                "pepper",
                1,
            ),
            p1={
                "progress": [0, 3, 0, 0, 0],
                "ships": 4,
                "plantations": [["a4", 3, 1, 1], ["a2", 1, 1, 1], ["a5", 4, 1, 1], ["a1", 0, 1, 1]],
            },
        ),
        # the card drawn may be played after the action: Red goes on without it
        ("p0: advance ships", "p0: done", "p1: advance harvest"),
        lambda s, ev: ([len(pl.hand) for pl in s.players], s.firsts),
        ([1, 1, 0], ["0:3", "1:4"]),
    ),
    Case(
        "all-markers-in-row-5-an-additional-action-card",
        "Special Cases ¶2",
        lambda: plant(
            plant(
                plant(
                    plant(acting(progress=[4, 4, 4, 4, 3], bonus_rows=[1, 2, 3], ships=4), 0, "clove", 1),
                    0,
                    "ginger",
                    1,
                ),
                0,
                "cinnamon",
                1,
            ),
            0,
            "pepper",
            1,
        ),
        ("p0: advance colonists",),
        lambda s, ev: (p(s).extra, p(s).bonus_rows),
        (1, [1, 2, 3, 4]),
    ),
    Case(
        "the-harvest-marker-completes-row-2-a-card-at-once",
        "Special Cases example 2",
        lambda: plant(acting(progress=[1, 0, 1, 1, 1]), 0, "pepper"),
        ("p0: advance harvest",),
        lambda s, ev: (p(s).extra, p(s).bonus_rows, RULES.to_act(s)),
        (1, [1], ["p1"]),
    ),
    # ---------------------------------------------------------------- Rule Variant
    Case(
        "two-markers-to-row-2-or-10-ducats-from-the-start-player",
        "Rule Variant ¶1",
        lambda: RULES.new(["p0", "p1", "p2"], 1, head_start=True),
        (),
        lambda s, ev: (s.phase, RULES.to_act(s) == [s.seats[s.start]], len(legal_texts(s, s.seats[s.start]))),
        ("head", True, 11),
    ),
]


def _run(case: Case) -> tuple[State, list[Event]]:
    s = case.setup()
    events: list[Event] = []
    for move in case.moves:
        seat, text = move.split(":", 1)
        if seat.startswith("!"):
            assert_illegal_changes_nothing(RULES, s, seat[1:].strip(), text.strip())
            continue
        s, new = act(s, seat.strip(), text.strip())
        events += new
    return s, events


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule(case: Case):
    assert case.text in RULEBOOK_PARAGRAPHS, case.text
    s, events = _run(case)
    assert case.observe(s, events) == case.want


def test_every_paragraph_of_the_text_has_a_case():
    covered = {c.text for c in CASES} | {"Example for the Play of a Complete Round"}
    assert set(RULEBOOK_PARAGRAPHS) - covered == set()
    assert not set(WITHOUT_CASE) & set(RULEBOOK_PARAGRAPHS)
    assert len({c.id for c in CASES}) == len(CASES)


def test_the_rule_variant_head_start_as_the_text_gives_it():
    """Rule Variant: from the start player round the table, two markers to row 2 or 10 ducats;
    then round 1 begins with the flag. Off by default."""
    assert RULES.new(["a", "b"], 1).phase == "flag"
    s = RULES.new(["p0", "p1", "p2"], 1, head_start=True)
    first = s.start
    order = [s.seats[(first + k) % 3] for k in range(3)]
    s, _ = act(s, order[0], "head ships taxes")
    assert_illegal_changes_nothing(RULES, s, order[0], "head ducats")
    s, _ = act(s, order[1], "head ducats")
    s, events = act(s, order[2], "head expedition colonists")
    players = {seat: s.players[s.seats.index(seat)] for seat in order}
    assert players[order[0]].progress == [1, 0, 1, 0, 0]
    assert players[order[1]].progress == [0] * 5
    assert players[order[1]].ducats == (7 if s.seats.index(order[1]) == first else 10) + 10
    assert players[order[2]].progress == [0, 0, 0, 1, 1]
    assert s.phase == "flag" and RULES.to_act(s) == [s.seats[first]]
    with pytest.raises(Exception, match="head_start"):
        RULES.new(["a", "b"], 1, head_start="yes")


# ---------------------------------------------------------------------------------------------
# The complete round of the text, played through move by move

YELLOW, RED, GREEN, BLUE = "p0", "p1", "p2", "p3"


def _example_table() -> State:
    """Four players in the text's order (Yellow, Red, Green, Blue): Yellow won the flag in
    preparation (7 ducats, the others 10). The first row of the grid holds the tiles of the
    example: a nutmeg plantation (a1), the 4 colonists (b1), the double cloves plantation (c1),
    the single ginger plantation (d1) and the each-round colonist (e1)."""
    s = table(4, start=0)
    row = ["a2", "a24", "a14", "a1", "a18"]
    rest = [t for t in data.A_TILE_IDS if t not in row]
    s.grid = row + rest[:20]
    for i, pl in enumerate(s.players):
        pl.ducats = 7 if i == 0 else 10
    return s


def _draws_of_the_example(s: State) -> State:
    """The expedition pile as the text's draws need it: Blue's failed Quilon (1 + 1 colonists),
    Red's Cochin (2 + 3), Green's card (progress without spices), Blue's and Yellow's Quilons
    (3 + 3 each), Red's card (2 ships)."""
    ones = [
        c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == 1 and data.CARDS[c]["effect"] != "ships"
    ]
    twos = [
        c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == 2 and data.CARDS[c]["effect"] != "ships"
    ]
    threes = [
        c
        for c in data.CARD_IDS
        if data.CARDS[c]["colonists"] == 3 and data.CARDS[c]["effect"] not in ("ships", "advance_no_spices")
    ]
    order = [ones[0], ones[1], twos[0], threes[0], card_id("advance_no_spices")]
    order += threes[1:5] + [card_id("ships")]
    return on_top(s, *order)


def _holdings(s: State) -> dict[str, Any]:
    return {
        seat: (pl.ducats, pl.ships, pl.colonists, pl.extra, pl.progress[:], spices(s, i), len(pl.hand))
        for i, (seat, pl) in enumerate(zip(s.seats, s.players, strict=True))
    }


def _goes_on(s: State, seat: str) -> State:
    """The seat's action is over and its hand holds a card: the step for a card after the action
    comes (the table cannot tell whether one is playable); the text's player goes on."""
    assert s.pending[:1] == [{"kind": "after", "seat": s.seats.index(seat)}] and RULES.to_act(s) == [seat]
    assert "done" in legal_texts(s, seat)
    s, _ = act(s, seat, "done")
    return s


def test_the_complete_round_of_the_text_move_by_move():
    """'Example for the Play of a Complete Round': every move of its round, the holdings checked
    after each action. The prices of the four tile auctions the text does not give are ours (a
    single ducat, or nothing); everything else is the text's."""
    s = _example_table()
    # 1. Place auction markers: the flag on the edge, Red diagonally on the colonists tile, Green
    # on the cloves plantation, Blue on the ginger plantation, Yellow on the colonist tile
    s, _ = act(s, YELLOW, "flag a0")
    s, _ = act(s, RED, "marker b1")
    s, _ = act(s, GREEN, "marker c1")
    s, _ = act(s, BLUE, "marker d1")
    s, _ = act(s, YELLOW, "marker e1")
    assert s.phase == "auction" and [pos for pos in s.chain] == [(-1, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    # 2. Tile auctions: the flag — Yellow 0, Red 4, Green passes, Blue 6, Yellow passes and takes
    # 6 ducats from Blue; Blue takes the flag and an additional action card
    for seat, move in ((RED, "bid 4"), (GREEN, "pass"), (BLUE, "bid 6"), (YELLOW, "accept")):
        s, _ = act(s, seat, move)
    assert (s.seats[s.start], s.players[3].extra, s.players[0].ducats, s.players[3].ducats) == (
        BLUE,
        1,
        13,
        4,
    )
    # the other four: Red's colonists tile, Green's lot to Yellow, Blue's lot to Green, Yellow's
    # lot to Blue
    for seat, move in ((GREEN, "pass"), (BLUE, "pass"), (YELLOW, "pass"), (RED, "take")):
        s, _ = act(s, seat, move)
    for seat, move in ((BLUE, "pass"), (YELLOW, "bid 1"), (RED, "pass"), (GREEN, "accept")):
        s, _ = act(s, seat, move)
    for seat, move in ((YELLOW, "pass"), (RED, "pass"), (GREEN, "bid 1"), (BLUE, "accept")):
        s, _ = act(s, seat, move)
    for seat, move in ((RED, "pass"), (GREEN, "pass"), (BLUE, "bid 1"), (YELLOW, "accept")):
        s, events = act(s, seat, move)
    # Blue: the flag and the colonist tile (its colonist this round comes at once); Yellow the
    # cloves plantation with 2 cloves; Red 4 colonists; Green the ginger plantation with 1 ginger
    assert s.phase == "actions" and RULES.to_act(s) == [BLUE]
    assert s.players[3].tiles == ["a18"]
    assert _holdings(s) == {
        YELLOW: (13, 4, 2, 0, [0, 0, 0, 0, 0], {"clove": 2}, 0),
        RED: (10, 4, 6, 0, [0, 0, 0, 0, 0], {}, 0),
        GREEN: (10, 4, 2, 0, [0, 0, 0, 0, 0], {"ginger": 1}, 0),
        BLUE: (4, 4, 3, 1, [0, 0, 0, 0, 0], {}, 0),
    }
    s = _draws_of_the_example(s)

    # 3. Player actions, 1st action each. Blue: Quilon, 0 on the board + 2 drawn + 3 colonist
    # cards = 5 of 6: fails, keeps her 3 and takes 1
    s, events = act(s, BLUE, "colony quilon")
    assert (attempt(events)["base"], attempt(events)["total"]) == (0, 2) and "colony_failed" in kinds_of(
        events
    )
    assert s.players[3].colonists == 4 and "quilon" not in s.players[3].colonies
    # Yellow: progress in the colonist column, 1 clove and 1 ship
    s, _ = act(s, YELLOW, "advance colonists")
    assert _holdings(s)[YELLOW] == (13, 3, 2, 0, [0, 0, 0, 0, 1], {"clove": 1}, 0)
    # Red: Cochin, 8 colonists: 0 + 5 drawn, gives up a 3-colonist card; cinnamon on it
    s, events = act(s, RED, "colony cochin")
    assert attempt(events)["total"] == 5 and s.pending[0] == {
        "kind": "pay",
        "seat": 1,
        "colony": "cochin",
        "deficit": 3,
    }
    s, _ = act(s, RED, "pay")
    s, _ = act(s, RED, "fill cinnamon")
    assert _holdings(s)[RED] == (10, 4, 3, 0, [0, 0, 0, 0, 0], {"cinnamon": 1}, 0)
    assert s.players[1].colonies["cochin"][0] == "cochin-a"
    # Green: expedition, may draw 1 and have 1
    s, _ = act(s, GREEN, "expedition")
    assert s.players[2].hand == [card_id("advance_no_spices")]
    s = _goes_on(s, GREEN)

    # 2nd action each. Blue: Quilon again, succeeds, chooses pepper/nutmeg, places 1 nutmeg
    s, events = act(s, BLUE, "colony quilon")
    assert attempt(events)["total"] == 6 and s.pending[0]["kind"] == "pick"
    s, _ = act(s, BLUE, "pick quilon-b")
    s, _ = act(s, BLUE, "fill nutmeg")
    assert s.players[3].colonies["quilon"][0] == "quilon-b" and spices(s, 3) == {"nutmeg": 1}
    # Yellow: Quilon, chooses ginger/cinnamon and places 1 ginger
    s, events = act(s, YELLOW, "colony quilon")
    assert "colony_attempt" in kinds_of(events) and s.pending[0]["kind"] == "pick"
    assert "pick quilon-b" not in legal_texts(s, YELLOW)  # Blue took it
    s, _ = act(s, YELLOW, "pick quilon-a")
    s, _ = act(s, YELLOW, "fill ginger")
    assert _holdings(s)[YELLOW] == (13, 3, 2, 0, [0, 0, 0, 0, 1], {"clove": 1, "ginger": 1}, 0)
    # Red: expedition, 1 card
    s, _ = act(s, RED, "expedition")
    assert s.players[1].hand == [card_id("ships")]
    # the card could be played after the action ('The Expedition Cards'); Red keeps it for his
    # 3rd action and goes on
    assert s.pending == [{"kind": "after", "seat": 1}] and RULES.to_act(s) == [RED]
    assert legal_texts(s, RED) == [f"play {card_id('ships')}", "done"]
    s, _ = act(s, RED, "done")
    # Green: progress in the ship column, 1 ginger and 1 ship
    s, _ = act(s, GREEN, "advance ships")
    assert _holdings(s)[GREEN] == (10, 3, 2, 0, [1, 0, 0, 0, 0], {}, 1)
    s = _goes_on(s, GREEN)

    # 3rd action each. Blue: taxes, 4 ducats
    s, _ = act(s, BLUE, "taxes")
    assert _holdings(s)[BLUE] == (8, 4, 4, 1, [0, 0, 0, 0, 0], {"nutmeg": 1}, 0)
    # Yellow: progress in the colonist column, 1 ginger, 1 clove and 2 ships
    s, _ = act(s, YELLOW, "advance colonists")
    assert _holdings(s)[YELLOW] == (13, 1, 2, 0, [0, 0, 0, 0, 2], {}, 0)
    # Red: progress in the taxes column, and plays an expedition card: 2 ships
    s, _ = act(s, RED, f"play {card_id('ships')}")
    assert_illegal_changes_nothing(RULES, s, RED, f"play {card_id('ships')}")
    s, _ = act(s, RED, "advance taxes")
    assert _holdings(s)[RED] == (10, 5, 3, 0, [0, 0, 1, 0, 0], {}, 0)
    # Green: progress in the ship column with the card that spares the spices: only 2 ships
    s, _ = act(s, GREEN, f"advance ships card {card_id('advance_no_spices')}")
    assert _holdings(s)[GREEN] == (10, 1, 2, 0, [2, 0, 0, 0, 0], {}, 0)

    # all have taken their 3 actions: Blue holds 1 additional action card and keeps it
    assert s.phase == "extra" and RULES.to_act(s) == [BLUE]
    s, _ = act(s, BLUE, "done")
    # the round is over; the next begins with Blue placing the flag
    assert (s.round, s.phase, s.seats[s.start], RULES.to_act(s)) == (2, "flag", BLUE, [BLUE])
    assert [pl.extra for pl in s.players] == [0, 0, 0, 1]
