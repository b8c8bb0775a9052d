"""Santiago de Cuba's game state: one plain JSON-able dict, copied fast with ``marshal``.

Top-level keys:

* ``schema``, ``seats``, ``options`` (``{"open_holdings": bool, "harbour_master": "limited" |
  "printed"}``), ``rng`` (the RNG's integer);
* ``start`` (start player's seat index), ``turn`` (index of the player whose turn it is);
* ``step``: ``"dice"`` (a roller sets one die aside), ``"drive"``, ``"pablo"``, ``"zorro"`` (a
  victim hands something over), ``"alonso"``, ``"go"`` (choose the figure's building), ``"use"``
  (use it or skip), ``"deliver"`` (a delivery round) or ``"over"``;
* ``road``: 10 entries, ``None`` for the harbour (index 0) then the Cuban on each space 1..9;
  ``face_down``: the Cubans lying face down; ``car``: the car's space;
* ``districts``: colour → its 3 buildings; ``owners``: building → seat of its property marker;
* ``ship``: ``{"number": 1..7, "dice": {good: value} (the 4 on board), "aside": good | None,
  "value": index into VALUE_TRACK, "downs": how often the harbour master's office moved the
  value marker down for this ship}`` — between a departure and the end of that turn the new ship
  is in the harbour with no dice yet (``dice`` empty); ``rolled``: the 5 dice while the roller
  chooses, else None; ``roll_due``: the seat that sent a ship off this turn and rolls the next
  one at the end of its turn, else None;
* ``supply``: good → count in the general supply;
* ``players``: seat → ``{"pesos", "vp", "goods": {good: n}, "figure": building | None,
  "markers": property markers left}``;
* ``pending``: the data of the decision in progress (see ``rules``); ``result``: None or the scores;
* ``old_owner_turn``: True only in a turn that was in progress when a schema-2 save was loaded
  and whose owner's point the old rule settled on arrival (see below).

Schema 2 (issue 14) added ``ship["downs"]`` for the ruling that caps the harbour master's moves
down per ship. A schema-1 save — a game begun before — is migrated when it loads and plays on
under the current rules: its ship gets ``downs`` 0, since the save does not tell whether the
marker was already moved down for the ship in the harbour (so that ship may see one more move
down than a new game would allow; every later ship is counted from its start). Nothing else in
a schema-1 save changes meaning: VP already scored stay scored, and a delivery round in progress
goes on with the seats that had passed (automatically or not) still out of it.

Schema 3 (issue 26, the publisher's 2011 text) added the ``harbour_master`` option, ``roll_due``
and ``old_owner_turn``. A schema-2 save plays on under the 2011 rules with ``harbour_master``
``limited`` (what it played before) and no roll due. Its ship, rolled mid-turn under the old
rule, stays as it is: a roll in progress resumes what it interrupted (the car driving on, say).
The old rule scored the owner's point when a figure was placed, the new one at the end of the
turn: a turn in progress past that placement (using the building, or rolling after a departure)
is marked ``old_owner_turn`` and its end scores no owner's point a second time.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping
from typing import Any, NotRequired, Required, TypedDict, cast

from engine.core import IllegalAction
from engine.santiago.text import T

SCHEMA = 3
#: The older schemas :func:`load_state` brings up to date.
UPGRADES = (1, 2)


class Ship(TypedDict):
    number: int
    #: good → die value still wanted (the 4 dice on board).
    dice: dict[str, int]
    aside: str | None
    #: Index into ``data.VALUE_TRACK``.
    value: int
    downs: int


class Player(TypedDict):
    pesos: int
    vp: int
    #: VP by scoring category (absent in a game saved before the split was kept).
    vp_by: NotRequired[dict[str, int]]
    goods: dict[str, int]
    figure: str | None
    markers: int


class Then(TypedDict, total=False):
    """What to do once a decision is made: ``kind`` is ``"start"`` (the first ship is loaded: the
    start player's turn), ``"end"`` (the turn ends), ``"next"`` (the new ship is loaded at the end
    of a turn: the next player's turn) or ``"go"`` (after Alonso's building: the figure goes to a
    building of ``colour``). ``"drive"`` (the car drives on ``steps``) is found only in a game
    saved before schema 3, whose ship was rolled in the middle of a harbour pass."""

    kind: Required[str]
    steps: int
    colour: str


class Pending(TypedDict, total=False):
    """The decision in progress; which keys are set depends on the step."""

    #: ``dice``: the seat setting a die aside, and what to resume after.
    roller: str
    then: Then
    #: ``pablo``/``zorro``/``alonso``: the Cuban visited; ``zorro``: the seats still to give.
    cuban: str
    victims: list[str]
    #: ``go``: the colour of the district and its free buildings.
    colour: str
    options: list[str]
    #: ``use``: the building offered and how the seat got there (``"figure"``, ``"alonso"``).
    building: str
    via: str
    #: ``deliver``: who started the round, the seats that passed, the seat asked now.
    trigger: str
    passed: list[str]
    current: str


class Scores(TypedDict):
    """The final scoring: VP, their split by category and the tie-breaks (goods, pesos)."""

    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    goods: dict[str, int]
    pesos: dict[str, int]


class Options(TypedDict):
    open_holdings: bool
    harbour_master: str


class State(TypedDict):
    schema: int
    game: str
    seats: list[str]
    options: Options
    rng: int
    start: int
    turn: int
    step: str
    road: list[str | None]
    face_down: list[str]
    car: int
    districts: dict[str, list[str]]
    owners: dict[str, str]
    ship: Ship
    rolled: dict[str, int] | None
    supply: dict[str, int]
    players: dict[str, Player]
    pending: Pending
    result: Scores | None
    roll_due: str | None
    old_owner_turn: bool


def dump_state(state: State) -> dict[str, Any]:
    """The state as a plain JSON-able dict (a copy)."""
    dump: dict[str, Any] = _plain_copy(state)
    return dump


def _plain_copy(value: Any) -> Any:
    return marshal.loads(marshal.dumps(value))


#: A deep copy of a plain state (much faster than ``copy.deepcopy``; the copy itself, with no
#: call around it: ``apply`` makes one per action).
copy_state: Callable[[State], State] = _plain_copy


def load_state(data: Mapping[str, Any]) -> State:
    """A state from a dump, checking its schema version (older schemas are brought up to date)."""
    if (
        not isinstance(data, Mapping)
        or data.get("schema") not in (*UPGRADES, SCHEMA)
        or data.get("game") != "santiago"
    ):
        raise IllegalAction(lambda lang: T(lang, "error.unknown_format"))
    # The JSON boundary: the dump was written by :func:`copy_state` of a state of this shape.
    state = cast(State, _plain_copy(dict(data)))
    if state["schema"] == 1:
        upgrade_from_schema_1(state)
    if state["schema"] == 2:
        upgrade_from_schema_2(state)
    return state


def upgrade_from_schema_1(state: State) -> None:
    """Schema 1 → 2: the ship in the harbour has had no move down counted (see the module doc)."""
    state["ship"]["downs"] = 0
    state["schema"] = 2


def upgrade_from_schema_2(state: State) -> None:
    """Schema 2 → 3: the options' ``harbour_master`` (``limited``, as played before), no roll due,
    and the owner's point of a turn in progress past the figure's placement kept as the old rule
    scored it (see the module doc)."""
    state["options"]["harbour_master"] = "limited"
    state["roll_due"] = None
    step, pending = state["step"], state["pending"]
    placed = step == "use" and pending.get("via") == "figure"
    rolling_after = step == "dice" and pending.get("then", {}).get("kind") == "end"
    state["old_owner_turn"] = placed or rolling_after
    state["schema"] = 3
