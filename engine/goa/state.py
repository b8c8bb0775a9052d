"""The Goa game state: slotted dataclasses with a fast explicit copy and a JSON dump, a TypedDict
per kind of pending decision, typed readers of action arguments, and the read-only questions the
rules, the words (:mod:`engine.goa.text`) and the view all ask of a state (place names, spice
counts, whose decision it is) — here so that none of those needs to import the rules.

Spices live on *stores*: each plantation is ``[tile id, spice index, capacity, count]`` and each
founded colony is ``(tile id, [[count per spice] per field])``, dumped as a two-item list
(capacities and allowed kinds come from ``data.COLONY_TILES``). Card numbers and tile ids are
those of :mod:`engine.goa.data`.

Schema 2 added ``revision`` (the rules revision the game plays under, ``data.REVISIONS``) and
``passed`` (seats out of this round's extra step). A schema 1 dump was made before revision 2
existed: it loads as revision 1 with nobody passed, and plays on under revision 1's values.
Schema 3 added ``card_played`` (an expedition card was played in the current action turn, which
revision 3 allows once); a schema 2 dump loads with it false. Revision 3's card after an action is
one more kind of pending decision (``after``), so it needed no new schema: a schema 3 dump made
before it loads as it is, and the action in progress in it simply ends without that decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, cast

from engine.core import Action
from engine.goa import data
from engine.typed import number, word

SCHEMA = 3
#: Schemas :meth:`State.from_dict` reads (older ones are brought up to date).
READABLE_SCHEMAS = (1, 2, 3)

#: A place as (row, column): the grid is 0..4, the ring around it -1 and 5 (see ``rules.common``).
Pos = tuple[int, int]
#: The phases of a round, in order, and ``over`` at the end.
#: ``head``: before the first round, the head start of the 'Rule Variant' option.
Phase = Literal["head", "flag", "marker", "auction", "actions", "extra", "over"]
#: A plantation: ``[tile id, spice index, capacity, count]``. A list, because that is its stored
#: JSON shape and its count changes in place; mypy has no type for a mutable list of mixed items,
#: so the items are read by position: ``[0]`` str, ``[1]``–``[3]`` int.
Plantation = list[Any]
#: A founded colony: (tile id, the spice counts of each field in ``data.SPICES`` order). Stored
#: as a two-item JSON list.
Colony = tuple[str, list[list[int]]]


# --------------------------------------------------------------------------------------------
# Pending decisions: one TypedDict per ``kind`` (``seat`` is the index of the seat that answers).


class SpicesPending(TypedDict):
    """Spices to place (``mix``: ships or colonists may be taken instead)."""

    kind: Literal["spices"]
    seat: int
    left: int
    mix: bool


class FillPending(TypedDict):
    """A founded colony's next field to fill."""

    kind: Literal["fill"]
    seat: int
    colony: str


class DiscardPending(TypedDict):
    """A fifth plantation won: which one it replaces."""

    kind: Literal["discard"]
    seat: int
    tile: str


class ChoosePending(TypedDict):
    """``amount`` ships or ``amount`` colonists."""

    kind: Literal["choose"]
    seat: int
    amount: int


class PayPending(TypedDict):
    """Pay the ``deficit`` in colonists to found ``colony``, or decline."""

    kind: Literal["pay"]
    seat: int
    colony: str
    deficit: int


class DutyPending(TypedDict):
    """Spices still to give for the duty tile."""

    kind: Literal["duty"]
    seat: int
    left: int


class RefillPending(TypedDict):
    """Stores still to refill with the Additional Harvest."""

    kind: Literal["refill"]
    seat: int
    left: int


class ShedPending(TypedDict):
    """An Expedition action over the hand limit: cards to discard first, then ``draw`` cards."""

    kind: Literal["shed"]
    seat: int
    draw: int


class PickPending(TypedDict):
    """A colony founded whose founder chooses among the remaining tiles of its stack."""

    kind: Literal["pick"]
    seat: int
    colony: str


class SellPending(TypedDict):
    """The spice sale card: spices to give back, ``price`` ducats each, until the player stops."""

    kind: Literal["sell"]
    seat: int
    price: int


class AfterPending(TypedDict):
    """Revision 3: the seat's action is over and it played no card in it; it may still play one
    now, 'after the action' ('The Expedition Cards'), or go on (``done``). Put under the action's
    own decisions, so it comes once they are answered, and dropped when no card is playable."""

    kind: Literal["after"]
    seat: int


class SupplyPending(TypedDict):
    """Re-supply's total, to take as ``amount`` spices, colonists or ships."""

    kind: Literal["supply"]
    seat: int
    amount: int


Pending = (
    SpicesPending
    | FillPending
    | DiscardPending
    | ChoosePending
    | PayPending
    | DutyPending
    | RefillPending
    | ShedPending
    | PickPending
    | SellPending
    | SupplyPending
    | AfterPending
)


# --------------------------------------------------------------------------------------------
# Action arguments: read typed through :mod:`engine.typed` (``word``, ``number``) once the
# action is known to be legal; the two shapes Goa's actions share:


def card_arg(action: Action) -> int | None:
    """The card an action is played with (``advance ships card 3``), or None."""
    return number(action, -1) if "card" in action.args else None


def spice_place(action: Action) -> str | None:
    """The colony a ``spice``/``claim`` action names (``spice ginger quilon``), or None."""
    return word(action, 1) if len(action.args) > 1 else None


# --------------------------------------------------------------------------------------------
# Places: (row, col) with -1..5; the grid is 0..4, the ring around it holds the flag.
# Names: columns a–e (z left of a, f right of e), rows 1–5 (0 above, 6 below): "c3", "a0", "z2".

N = data.GRID_SIZE
_COLS = "abcde"


def pos_name(pos: Pos) -> str:
    r, c = pos
    letter = "z" if c < 0 else "f" if c >= N else _COLS[c]
    return f"{letter}{r + 1}"


def flag_side(pos: Pos) -> str:
    """Where a flag place lies, as a player finds it on the board: a side of the ring around the
    tiles (``top``, ``bottom``, ``left``, ``right``) or, for an empty space among them, its row
    (``row-3``)."""
    r, c = pos
    if r < 0:
        return "top"
    if r >= N:
        return "bottom"
    if c < 0:
        return "left"
    if c >= N:
        return "right"
    return f"row-{r + 1}"


def read_pos(text: str) -> Pos | None:
    """The place a name such as ``c3`` or ``z2`` stands for; None when it names no place."""
    if len(text) != 2 or not text[1].isdigit():
        return None
    letter, row = text[0], int(text[1]) - 1
    col = {"z": -1, "f": N}.get(letter, _COLS.find(letter) if letter in _COLS else -2)
    if col == -2 or not (-1 <= row <= N):
        return None
    return (row, col)


def on_grid(pos: Pos) -> bool:
    return 0 <= pos[0] < N and 0 <= pos[1] < N


def index(pos: Pos) -> int:
    """The index of a grid space in ``State.grid``."""
    return pos[0] * N + pos[1]


# --------------------------------------------------------------------------------------------
# Reading the stores


def colony_fields(tile: str) -> tuple[data.ColonyField, ...]:
    """A colony tile's fields: (capacity, allowed spice kinds) each."""
    return data.COLONY_TILES[tile]["fields"]


def spice_counts(p: Player) -> list[int]:
    """How many of each spice the player holds, in ``data.SPICES`` order."""
    counts = [0, 0, 0, 0, 0]
    for pl in p.plantations:
        counts[pl[1]] += pl[3]
    for _tile, fields in p.colonies.values():
        for f in fields:
            for k in range(5):
                counts[k] += f[k]
    return counts


def current(s: State) -> int | None:
    """The index of the seat that decides now (the answerer of the top pending decision, else
    the phase's turn order), or None when the game is over."""
    if s.pending:
        return s.pending[0]["seat"]
    n = len(s.seats)
    phase = s.phase
    if phase == "actions" or phase == "extra":
        return (s.start + s.turn) % n
    if phase == "auction":
        a = s.chain_owner[s.lot]
        return (a + 1 + s.auc_step) % n if s.auc_step < n - 1 else a
    if phase == "marker":
        return (s.start + len(s.chain)) % n
    if phase == "flag":
        return s.start
    if phase == "head":
        return (s.start + s.turn) % n
    return None


def may_play_card(s: State, p: Player) -> bool:
    """Whether ``p``, whose turn it is, may still play an expedition card in this action turn:
    revision 3 allows exactly one per action, an additional action included, before, during or
    after it ('The Expedition Cards'): so in the extra step before an action only a player who
    still holds an additional-action card, and after an action (the ``after`` decision) anyone
    who played none in it."""
    if data.REVISIONS[s.revision].cards_per_turn is None:
        return True
    if s.card_played:
        return False
    if s.pending and s.pending[0]["kind"] == "after":
        return True
    return s.phase == "actions" or p.extra > 0


def lot_tile(s: State) -> str | None:
    """The tile the current auction lot sells (None for the flag)."""
    return None if s.lot == 0 else s.grid[index(s.chain[s.lot])]


# --------------------------------------------------------------------------------------------
# Holdings and the table


@dataclass(slots=True, eq=False)
class Player:
    """One seat's holdings. Ducats and ``hand`` are hidden from the other seats."""

    ducats: int
    ships: int
    colonists: int
    extra: int = 0  # additional-action cards
    progress: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # row index 0..4 per column
    plantations: list[Plantation] = field(default_factory=list)
    colonies: dict[str, Colony] = field(default_factory=dict)
    hand: list[int] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)  # each-round, duty, mission and one-time tiles owned
    duty_used: int = 0
    bonus_rows: list[int] = field(default_factory=list)  # all-markers bonuses already given
    claimed: list[str] = field(default_factory=list)  # each-round spice tiles claimed this round

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.ducats = self.ducats
        p.ships = self.ships
        p.colonists = self.colonists
        p.extra = self.extra
        p.progress = self.progress[:]
        p.plantations = [pl[:] for pl in self.plantations]
        p.colonies = {k: (v[0], [f[:] for f in v[1]]) for k, v in self.colonies.items()}
        p.hand = self.hand[:]
        p.tiles = self.tiles[:]
        p.duty_used = self.duty_used
        p.bonus_rows = self.bonus_rows[:]
        p.claimed = self.claimed[:]
        return p

    def to_dict(self) -> dict[str, Any]:
        return {
            "ducats": self.ducats,
            "ships": self.ships,
            "colonists": self.colonists,
            "extra": self.extra,
            "progress": self.progress[:],
            "plantations": [pl[:] for pl in self.plantations],
            "colonies": {k: [v[0], [f[:] for f in v[1]]] for k, v in self.colonies.items()},
            "hand": self.hand[:],
            "tiles": self.tiles[:],
            "duty_used": self.duty_used,
            "bonus_rows": self.bonus_rows[:],
            "claimed": self.claimed[:],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        p = cls(int(d["ducats"]), int(d["ships"]), int(d["colonists"]))
        p.extra = int(d["extra"])
        p.progress = [int(x) for x in d["progress"]]
        p.plantations = [list(pl) for pl in d["plantations"]]
        p.colonies = {k: (v[0], [list(f) for f in v[1]]) for k, v in d["colonies"].items()}
        p.hand = [int(c) for c in d["hand"]]
        p.tiles = list(d["tiles"])
        p.duty_used = int(d["duty_used"])
        p.bonus_rows = [int(r) for r in d["bonus_rows"]]
        p.claimed = list(d["claimed"])
        return p


@dataclass(slots=True, eq=False)
class State:
    """The whole table.

    ``phase`` is one of ``flag`` (the start player places the flag), ``marker`` (the marker
    chain), ``auction``, ``actions``, ``extra`` and ``over``. ``pending`` is a stack of small
    decisions (index 0 on top) that interrupt the phase: a plantation to give up, spices to place,
    colonists to pay… ``step_done`` says the current lot / turn is over and the phase moves on as
    soon as nothing is pending.
    """

    seats: list[str]
    round: int
    phase: Phase
    grid: list[str | None]  # 25 spaces row by row: a tile id, or None once auctioned
    chain: list[Pos]  # the flag, then the auction markers in order
    chain_owner: list[int]  # who placed each of them
    start: int  # the start player (flag holder)
    lot: int  # the lot being auctioned (0: the flag)
    auc_step: int  # how many seats have bid or passed on this lot
    high: int
    high_seat: int  # -1 while nobody bid
    turn: int
    pending: list[Pending]
    step_done: bool
    deck: list[int]
    discard: list[int]
    colony_stacks: dict[str, list[str]]
    firsts: list[str]  # "column:row" of the first-to-row bonuses given
    players: list[Player]
    rng: int
    revision: int
    passed: list[int]  # seats out of this round's extra step
    card_played: bool = False  # an expedition card was played in the current action turn

    def copy(self) -> State:
        """A deep copy (every player too)."""
        s = self.copy_table()
        s.players = [p.copy() for p in self.players]
        return s

    def copy_table(self) -> State:
        """A copy that still shares the Player objects: the caller copies each player before
        changing it (``apply`` copies the seats it touches; see ``rules.common.own``)."""
        s = State.__new__(State)
        s.seats = self.seats
        s.round = self.round
        s.phase = self.phase
        s.grid = self.grid[:]
        s.chain = self.chain[:]
        s.chain_owner = self.chain_owner[:]
        s.start = self.start
        s.lot = self.lot
        s.auc_step = self.auc_step
        s.high = self.high
        s.high_seat = self.high_seat
        s.turn = self.turn
        s.pending = [p.copy() for p in self.pending]
        s.step_done = self.step_done
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.colony_stacks = {k: v[:] for k, v in self.colony_stacks.items()}
        s.firsts = self.firsts[:]
        s.players = self.players[:]
        s.rng = self.rng
        s.revision = self.revision
        s.passed = self.passed[:]
        s.card_played = self.card_played
        return s

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "seats": list(self.seats),
            "round": self.round,
            "phase": self.phase,
            "grid": self.grid[:],
            "chain": [list(p) for p in self.chain],
            "chain_owner": self.chain_owner[:],
            "start": self.start,
            "lot": self.lot,
            "auc_step": self.auc_step,
            "high": self.high,
            "high_seat": self.high_seat,
            "turn": self.turn,
            "pending": [dict(p) for p in self.pending],
            "step_done": self.step_done,
            "deck": self.deck[:],
            "discard": self.discard[:],
            "colony_stacks": {k: v[:] for k, v in self.colony_stacks.items()},
            "firsts": self.firsts[:],
            "players": [p.to_dict() for p in self.players],
            "rng": self.rng,
            "revision": self.revision,
            "passed": self.passed[:],
            "card_played": self.card_played,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        schema = d.get("schema")
        if schema not in READABLE_SCHEMAS:
            raise ValueError(f"unknown Goa state schema {schema!r}")
        s = cls.__new__(cls)
        s.seats = list(d["seats"])
        s.round = int(d["round"])
        s.phase = d["phase"]
        s.grid = list(d["grid"])
        s.chain = [(int(p[0]), int(p[1])) for p in d["chain"]]
        s.chain_owner = [int(x) for x in d["chain_owner"]]
        s.start = int(d["start"])
        s.lot = int(d["lot"])
        s.auc_step = int(d["auc_step"])
        s.high = int(d["high"])
        s.high_seat = int(d["high_seat"])
        s.turn = int(d["turn"])
        s.pending = [cast(Pending, dict(p)) for p in d["pending"]]
        s.step_done = bool(d["step_done"])
        s.deck = [int(c) for c in d["deck"]]
        s.discard = [int(c) for c in d["discard"]]
        s.colony_stacks = {k: list(v) for k, v in d["colony_stacks"].items()}
        s.firsts = list(d["firsts"])
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.rng = int(d["rng"])
        s.revision = int(d["revision"]) if schema >= 2 else 1
        if s.revision not in data.REVISIONS:
            raise ValueError(f"unknown Goa rules revision {s.revision!r}")
        s.passed = [int(i) for i in d["passed"]] if schema >= 2 else []
        s.card_played = bool(d["card_played"]) if schema >= 3 else False
        return s
