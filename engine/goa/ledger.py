"""What Goa's public record tells a careful player: every seat's ducats.

The ducats lie hidden until the end, but every change of them is a public event: the start
(:data:`~engine.goa.data.START_DUCATS_START_PLAYER` for the start player, ``START_DUCATS_OTHERS``
for the others), the head start's ducats, taxes and every other gain (each-round tiles, espionage,
the ducats card, a tile's or the supply's choice), an advance paid in ducats, spices sold, and
each auction's price — paid to the lot's owner when he accepts, to the bank when he outbids.
:func:`track` counts them; the search writes them into the information set instead of drawing
them (``engine/goa/search.py``). The hands and the deck's order stay hidden: only the cards a
seat was shown (its own, those played or discarded) are known to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.goa import data
from engine.search_parts import PublicRecord


def ducat_change(event: Mapping[str, Any]) -> dict[str, int]:
    """Seat → ducats gained (or, negative, paid) by one public event."""
    kind, seat, d = event["kind"], str(event.get("seat")), event.get("data") or {}
    if kind in ("gain", "spice_sold", "head_start_ducats"):
        return {seat: d.get("ducats", 0)}
    if kind == "advanced":
        return {seat: -d.get("paid", {}).get("ducats", 0)}
    if kind == "bid_accepted":  # the owner accepts: the winner pays him
        return {d["winner"]: -d["amount"], seat: d["amount"]}
    if kind == "outbid":  # the owner outbids: he pays the bank
        return {seat: -d["amount"]}
    return {}


def track(record: PublicRecord) -> dict[str, Any]:
    """Every seat's ducats from the seat's public record: ``{"ducats": {seat: n}}``."""
    start = record.start["start"]
    ducats = {
        s: data.START_DUCATS_START_PLAYER if s == start else data.START_DUCATS_OTHERS
        for s in record.start["seats"]
    }
    for event in record.events:
        for seat, n in ducat_change(event).items():
            ducats[seat] += n
    return {"ducats": ducats}
