"""The end scoring (progress rows, colonies, card sets, most ducats, single plantations, the duty
and missions), the result with its tie-break, and the points the open table shows meanwhile."""

from __future__ import annotations

from engine.core import Result, rank_by_keys
from engine.goa import data
from engine.goa.rules.common import revision
from engine.goa.state import Player, State

#: The scoring categories of ``scores()`` (and of ``Result.breakdown``), in order.
CATEGORIES: tuple[str, ...] = ("progress", "colonies", "cards", "ducats", "plantations", "duty", "missions")
#: Categories that depend on hidden information (the hand, the ducats): counted only at the end.
HIDDEN_CATEGORIES: frozenset[str] = frozenset({"cards", "ducats"})


def single_plantations(p: Player) -> int:
    """Single plantations on the supply board and (revision 3) those replaced by a fifth and
    kept face down among the player's tiles."""
    on_board = sum(1 for pl in p.plantations if pl[2] == 1)
    return on_board + sum(1 for t in p.tiles if data.TILES[t]["kind"] == "plantation")


def scores(s: State) -> dict[str, dict[str, int]]:
    """Points by category for every seat (what the end scoring would give now)."""
    most = max(p.ducats for p in s.players)
    colony_vp = revision(s).colony_vp
    out: dict[str, dict[str, int]] = {}
    for seat, p in zip(s.seats, s.players, strict=True):
        symbols: dict[str, int] = {}
        for c in p.hand:
            sym = data.CARDS[c]["symbol"]
            symbols[sym] = symbols.get(sym, 0) + 1
        out[seat] = {
            "progress": sum(data.ROW_VP[r] for r in p.progress),
            "colonies": colony_vp[len(p.colonies)],
            "cards": sum(data.SYMBOL_SET_VP[k] for k in symbols.values()),
            "ducats": data.MOST_DUCATS_VP if p.ducats == most else 0,
            "plantations": data.SINGLE_PLANTATION_VP * single_plantations(p),
            "duty": data.DUTY_VP * p.duty_used,
            "missions": sum(data.TILES[t]["vp"] for t in p.tiles if data.TILES[t]["kind"] == "mission"),
        }
    return out


def final_result(s: State) -> Result:
    """The ranking by points, ties broken by ducats."""
    breakdown = scores(s)
    totals = {seat: sum(b.values()) for seat, b in breakdown.items()}
    ducats = {seat: p.ducats for seat, p in zip(s.seats, s.players, strict=True)}
    keys = {seat: (totals[seat], ducats[seat]) for seat in s.seats}
    return rank_by_keys(totals, keys, breakdown=breakdown, tiebreak={"ducats": ducats})


def result(s: State) -> Result | None:
    """The final result once the game is over, else None."""
    return final_result(s) if s.phase == "over" else None


def open_points(s: State) -> dict[str, int]:
    """The points the open table would score if the game ended now: everything but the
    categories that depend on hidden information."""
    return {
        seat: sum(points for category, points in b.items() if category not in HIDDEN_CATEGORIES)
        for seat, b in scores(s).items()
    }
