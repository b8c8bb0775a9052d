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
from typing import Any

from engine.core import IllegalAction
from engine.cuba.words import T

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

State = dict[str, Any]


def deep_copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists and immutable leaves)."""
    return marshal.loads(marshal.dumps(value))


def _copy_ship(ship: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if ship is None else {"id": ship["id"], "filled": list(ship["filled"])}


def _copy_player(player: dict[str, Any]) -> dict[str, Any]:
    new = dict(player)
    new["hand"] = list(player["hand"])
    new["played"] = list(player["played"])
    new["buildings"] = [list(b) for b in player["buildings"]]
    new["figure"] = list(player["figure"])
    new["vp_by"] = dict(player["vp_by"])
    new["farm"] = dict(player["farm"])
    new["store"] = dict(player["store"])
    return new


#: Top-level values copied by kind; every other top-level value is an immutable leaf.
_FLAT_DICTS = ("market", "supply", "statutes", "markers", "buildings_left", "totals", "options")
_FLAT_LISTS = ("queue", "deck", "tied", "tax_paid")
_NESTED = ("pending", "result")


def copy_state(state: State) -> State:
    """A deep copy of a state, level by level (several times faster than a generic copy;
    ``tests/cuba`` checks that no list or dict is shared with the original)."""
    new = dict(state)
    for key in _FLAT_DICTS:
        new[key] = dict(state[key])
    for key in _FLAT_LISTS:
        new[key] = list(state[key])
    for key in _NESTED:
        new[key] = deep_copy(state[key])
    new["seats"] = list(state["seats"])
    new["berths"] = [_copy_ship(s) for s in state["berths"]]
    new["sea"] = _copy_ship(state["sea"])
    new["piles"] = {g: list(p) for g, p in state["piles"].items()}
    new["proposals"] = {g: None if p is None else dict(p) for g, p in state["proposals"].items()}
    new["fourth"] = [list(f) for f in state["fourth"]]
    new["players"] = {seat: _copy_player(p) for seat, p in state["players"].items()}
    return new


def load_state(data: Mapping[str, Any]) -> State:
    """A state from a dump, checking its schema version (older schemas are brought up to date)."""
    if not isinstance(data, Mapping) or data.get("schema") not in (1, SCHEMA):
        raise IllegalAction(lambda lang: T(lang, "load.unknown_format"))
    state = deep_copy(dict(data))
    if state["schema"] == 1:
        upgrade_from_schema_1(state)
    return state


def upgrade_from_schema_1(state: State) -> None:
    """Schema 1 kept no split of VP by category: every player starts with an empty one (the VP
    already scored stay unsplit)."""
    for player in state["players"].values():
        player["vp_by"] = {}
    state["schema"] = SCHEMA
