"""The Goa game state: plain slotted classes with a fast explicit copy and a JSON dump.

Spices live on *stores*: each plantation is ``[tile id, spice index, capacity, count]`` and each
founded colony is ``[tile id, [[count per spice] per field]]`` (capacities and allowed kinds come
from ``data.COLONY_TILES``). Card numbers and tile ids are those of :mod:`engine.goa.data`.

Schema 2 added ``revision`` (the rules revision the game plays under, ``data.REVISIONS``) and
``passed`` (seats out of this round's extra step). A schema 1 dump was made before revision 2
existed: it loads as revision 1 with nobody passed, and plays on under revision 1's values.
"""

from __future__ import annotations

from typing import Any

from engine.goa import data

SCHEMA = 2
#: Schemas :meth:`State.from_dict` reads (older ones are brought up to date).
READABLE_SCHEMAS = (1, 2)


class Player:
    """One seat's holdings. Ducats and ``hand`` are hidden from the other seats."""

    __slots__ = (
        "ducats",
        "ships",
        "colonists",
        "extra",
        "progress",
        "plantations",
        "colonies",
        "hand",
        "tiles",
        "duty_used",
        "bonus_rows",
        "claimed",
    )

    def __init__(self, ducats: int, ships: int, colonists: int) -> None:
        self.ducats = ducats
        self.ships = ships
        self.colonists = colonists
        self.extra = 0  # additional-action cards
        self.progress = [0, 0, 0, 0, 0]  # row index 0..4 per column
        self.plantations: list[list[Any]] = []
        self.colonies: dict[str, list[Any]] = {}
        self.hand: list[int] = []
        self.tiles: list[str] = []  # each-round, duty, mission and one-time tiles owned
        self.duty_used = 0
        self.bonus_rows: list[int] = []  # all-markers bonuses already given
        self.claimed: list[str] = []  # each-round spice tiles claimed this round

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.ducats = self.ducats
        p.ships = self.ships
        p.colonists = self.colonists
        p.extra = self.extra
        p.progress = self.progress[:]
        p.plantations = [pl[:] for pl in self.plantations]
        p.colonies = {k: [v[0], [f[:] for f in v[1]]] for k, v in self.colonies.items()}
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
        p.colonies = {k: [v[0], [list(f) for f in v[1]]] for k, v in d["colonies"].items()}
        p.hand = [int(c) for c in d["hand"]]
        p.tiles = list(d["tiles"])
        p.duty_used = int(d["duty_used"])
        p.bonus_rows = [int(r) for r in d["bonus_rows"]]
        p.claimed = list(d["claimed"])
        return p


class State:
    """The whole table.

    ``phase`` is one of ``flag`` (the start player places the flag), ``marker`` (the marker
    chain), ``auction``, ``actions``, ``extra`` and ``over``. ``pending`` is a stack of small
    decisions (index 0 on top) that interrupt the phase: a plantation to give up, spices to place,
    colonists to pay… ``step_done`` says the current lot / turn is over and the phase moves on as
    soon as nothing is pending.
    """

    __slots__ = (
        "seats",
        "round",
        "phase",
        "grid",
        "chain",
        "chain_owner",
        "start",
        "lot",
        "auc_step",
        "high",
        "high_seat",
        "turn",
        "pending",
        "step_done",
        "deck",
        "discard",
        "colony_stacks",
        "firsts",
        "players",
        "rng",
        "revision",
        "passed",
    )

    def copy(self) -> State:
        """A deep copy (every player too)."""
        s = self.copy_table()
        s.players = [p.copy() for p in self.players]
        return s

    def copy_table(self) -> State:
        """A copy that still shares the Player objects: the caller copies each player before
        changing it (``apply`` copies the seats it touches; see ``GoaRules._own``)."""
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
        s.pending = [dict(p) for p in self.pending]
        s.step_done = self.step_done
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.colony_stacks = {k: v[:] for k, v in self.colony_stacks.items()}
        s.firsts = self.firsts[:]
        s.players = self.players[:]
        s.rng = self.rng
        s.revision = self.revision
        s.passed = self.passed[:]
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
        s.chain = [tuple(p) for p in d["chain"]]
        s.chain_owner = [int(x) for x in d["chain_owner"]]
        s.start = int(d["start"])
        s.lot = int(d["lot"])
        s.auc_step = int(d["auc_step"])
        s.high = int(d["high"])
        s.high_seat = int(d["high_seat"])
        s.turn = int(d["turn"])
        s.pending = [dict(p) for p in d["pending"]]
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
        return s
