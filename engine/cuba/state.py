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
"card", "town_hall", "church_used", "bid", "bid2", "layout", "buildings", "figure", "farm",
"store"}`` where ``buildings`` is a list of ``[id, row, col]``, ``farm`` holds every piece type
and ``store`` (the warehouse) the products.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from typing import Any

from engine.core import IllegalAction

SCHEMA = 1

State = dict[str, Any]


def copy_state(state: State) -> State:
    """A deep copy of a plain state (much faster than ``copy.deepcopy``)."""
    return marshal.loads(marshal.dumps(state))


def load_state(data: Mapping[str, Any]) -> State:
    """A state from a dump, checking its schema version."""
    if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
        raise IllegalAction("This saved Cuba game has an unknown format.")
    return copy_state(dict(data))
