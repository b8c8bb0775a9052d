"""Cuba's game state: one plain JSON-able dict, copied fast with ``marshal``.

The state is made only of dicts, lists, strings, ints, bools and ``None`` so that ``dump`` is a
copy, ``load`` a checked copy, and ``apply`` can copy it in a few microseconds.

Top level keys: ``schema``, ``seats``, ``options``, ``rng``, ``round``, ``phase``, ``step``,
``start`` (start player's seat index), ``turn`` (seat index acting in the action phase),
``turns_done``, ``pending`` (data of the decision in progress), ``queue`` (seats still to decide
in the statute phase / setup), ``market`` and ``supply`` (piece → count), ``berths`` (3 ships or
``None``), ``sea``, ``deck`` (ship ids, top first), ``piles`` (group → statute ids, top first),
``statutes`` (group → id in force), ``proposals`` (group → ``{"id", "vetoed"}``),
``veto_blocked`` (group that may not be vetoed this round), ``vetoed_group`` (vetoed this round),
``markers`` (black marker → seat), ``buildings_left`` (id → tiles), ``fourth`` (seats and their
4th card, in play order), ``bids_revealed``, ``tied``, ``winner``, ``tax_paid`` (seats),
``players`` (seat → player dict) and ``result``.

A ship is ``{"id": n, "filled": [bool × 5]}``. A player is ``{"vp", "pesos", "hand", "played",
"card", "town_hall", "church_used", "bid", "bid2", "layout", "buildings", "figure", "vp_by",
"farm", "store"}`` where ``buildings`` is a list of ``[id, row, col]``, ``vp_by`` splits ``vp`` by
scoring category (:data:`PLAY_CATEGORIES`), ``farm`` holds every piece type and ``store`` (the
warehouse) the products.

Schema 2 added ``vp_by``; a schema 1 dump loads with an empty split, so its VP so far show as
one :data:`UNSPLIT_CATEGORY` in the result's breakdown.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.core import IllegalAction
from engine.cuba.text import T

SCHEMA = 2

#: Where victory points come from during play, in the order the summary lists them: loading
#: ships (Mayor, offices), statutes (tax, duty and its bonus, subsidies), using buildings (the
#: VP buildings: factories, bars, convent, hotel, inn), and the Architect's VP alternative.
PLAY_CATEGORIES: tuple[str, ...] = ("shipping", "statutes", "building_use", "architect")
#: The end-of-game bonus: 2 VP per building tile owned.
END_CATEGORY = "buildings"
#: VP scored before the split by category was kept (games saved with schema 1).
UNSPLIT_CATEGORY = "play"
#: Every category of ``Result.breakdown``, in order.
CATEGORIES: tuple[str, ...] = (*PLAY_CATEGORIES, END_CATEGORY, UNSPLIT_CATEGORY)


class Ship(TypedDict):
    """A ship card in the harbour or at sea: which of its 5 cargo spaces are filled."""

    id: int
    filled: list[bool]


class Proposal(TypedDict):
    """A statute turned up for this round's parliament."""

    id: str
    vetoed: bool


#: A building tile on a plantation: ``[building id, row, col]`` (a JSON list of mixed items,
#: which a type can only name as such; the rules unpack it as ``bid, row, col``).
Tile = list[Any]


class Player(TypedDict):
    vp: int
    pesos: int
    hand: list[str]
    played: list[str]
    #: The parliament card (set when laid or when the fourth card stays in hand).
    card: str | None
    town_hall: bool
    church_used: bool
    bid: int | None
    bid2: int | None
    layout: str
    buildings: list[Tile]
    #: ``[row, col]`` of the plantation figure.
    figure: list[int]
    vp_by: dict[str, int]
    farm: dict[str, int]
    store: dict[str, int]


class Pending(TypedDict, total=False):
    """The decision in progress; which keys are set depends on the step."""

    #: ``choose_start``: starting resources and products picked so far.
    resources: int
    products: int
    #: ``veto`` (parliament timing): the seat deciding whether to use its church.
    seat: str
    #: ``worker_fields``: product fields the worker may take; ``worker_fields``/``foreman``:
    #: the ``[row, col]`` fields already used.
    allowed: int
    used: list[list[int]]
    #: ``trader``: whether a trade was made this turn.
    traded: bool
    #: ``foreman``: ``None`` until the first building, then ``"cross"`` or ``"one"``.
    mode: str | None


class Options(TypedDict):
    individual_plantations: bool
    secret_parliament_card: bool
    tax_duty_bonus: bool
    veto_timing: str


class Scores(TypedDict):
    """The final scoring: VP (``scores``), the pesos tie-break and the VP by category."""

    scores: dict[str, int]
    pesos: dict[str, int]
    breakdown: dict[str, dict[str, int]]


class State(TypedDict):
    schema: int
    seats: list[str]
    options: Options
    rng: int
    round: int
    phase: str
    step: str
    start: int
    turn: int
    turns_done: int
    pending: Pending
    queue: list[str]
    market: dict[str, int]
    supply: dict[str, int]
    berths: list[Ship | None]
    sea: Ship | None
    deck: list[int]
    piles: dict[str, list[str]]
    statutes: dict[str, str | None]
    proposals: dict[str, Proposal | None]
    veto_blocked: str | None
    vetoed_group: str | None
    markers: dict[str, str | None]
    buildings_left: dict[str, int]
    #: ``[seat, card]`` of each fourth card played this round, in play order.
    fourth: list[list[str]]
    bids_revealed: bool
    tied: list[str]
    winner: str | None
    tax_paid: list[str]
    #: Votes so far in this round's parliament (card, town hall, bids).
    totals: dict[str, int]
    players: dict[str, Player]
    result: Scores | None


def deep_copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists and immutable leaves)."""
    return marshal.loads(marshal.dumps(value))


def _copy_ship(ship: Ship | None) -> Ship | None:
    return None if ship is None else {"id": ship["id"], "filled": list(ship["filled"])}


def _copy_player(player: Player) -> Player:
    new = player.copy()
    new["hand"] = list(player["hand"])
    new["played"] = list(player["played"])
    new["buildings"] = [list(b) for b in player["buildings"]]
    new["figure"] = list(player["figure"])
    new["vp_by"] = dict(player["vp_by"])
    new["farm"] = dict(player["farm"])
    new["store"] = dict(player["store"])
    return new


def copy_state(state: State) -> State:
    """A deep copy of a state, level by level (several times faster than a generic copy;
    ``tests/cuba`` checks that no list or dict is shared with the original). Top-level values
    not copied here are immutable leaves."""
    new = state.copy()
    new["market"] = dict(state["market"])
    new["supply"] = dict(state["supply"])
    new["statutes"] = dict(state["statutes"])
    new["markers"] = dict(state["markers"])
    new["buildings_left"] = dict(state["buildings_left"])
    new["totals"] = dict(state["totals"])
    new["options"] = state["options"].copy()
    new["queue"] = list(state["queue"])
    new["deck"] = list(state["deck"])
    new["tied"] = list(state["tied"])
    new["tax_paid"] = list(state["tax_paid"])
    new["pending"] = deep_copy(state["pending"])
    new["result"] = deep_copy(state["result"])
    new["seats"] = list(state["seats"])
    new["berths"] = [_copy_ship(s) for s in state["berths"]]
    new["sea"] = _copy_ship(state["sea"])
    new["piles"] = {g: list(p) for g, p in state["piles"].items()}
    new["proposals"] = {g: None if p is None else p.copy() for g, p in state["proposals"].items()}
    new["fourth"] = [list(f) for f in state["fourth"]]
    new["players"] = {seat: _copy_player(p) for seat, p in state["players"].items()}
    return new


def dump_state(state: State) -> dict[str, Any]:
    """The state as a plain JSON-able dict (a copy)."""
    dump: dict[str, Any] = deep_copy(state)
    return dump


def load_state(data: Mapping[str, Any]) -> State:
    """A state from a dump, checking its schema version (older schemas are brought up to date)."""
    if not isinstance(data, Mapping) or data.get("schema") not in (1, SCHEMA):
        raise IllegalAction(lambda lang: T(lang, "load.unknown_format"))
    # The JSON boundary: the dump was written by :func:`deep_copy` of a state of this shape.
    state = cast(State, deep_copy(dict(data)))
    if state["schema"] == 1:
        upgrade_from_schema_1(state)
    return state


def upgrade_from_schema_1(state: State) -> None:
    """Schema 1 kept no split of VP by category: every player starts with an empty one (the VP
    already scored stay unsplit)."""
    for player in state["players"].values():
        player["vp_by"] = {}
    state["schema"] = SCHEMA
