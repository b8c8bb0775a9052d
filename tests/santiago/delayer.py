"""A computer player that holds the ship in the harbour as long as the rules let it.

It is a test tool, not a player for the table: with every seat played by it, a game shows how long
the rules let Santiago de Cuba last. It reads only its own view and the legal actions, like the
real computer players, and on every decision takes the choice that delays the ship most:

* it never delivers and never fills the ship (the office and the customs office are skipped),
  and sets aside the smallest die so that the ship asks for as much as it can;
* it drives so that the car neither stops at nor passes the harbour when it can (every harbour
  arrival raises the value marker), preferring a stop from which its figure can reach the harbour
  master's office, and otherwise the cheapest drive;
* with Alonso it claims or runs the harbour master's office, and at the harbour master's office
  it moves the value marker down whenever the rules let it.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.santiago import data as d

#: Weights of a drive: a harbour arrival is what delays least; reaching the harbour master's
#: office is what delays most; each peso spent counts a little.
HARBOUR_ARRIVAL = -100.0
REACHES_HARBOURMASTER = 10.0
PESO = -0.1


class DelayingPlayer:
    """Always the most delaying legal action (deterministic: ties go to the first)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("the delaying player was asked to move with no legal action")
        return max(legal, key=lambda a: self.delay(view, a))

    def delay(self, view: dict[str, Any], action: Action) -> float:
        kind, args = action.kind, action.args
        if kind == "drive":
            return self.drive_delay(view, args[0])
        if kind == "aside":
            rolled = view["ship"]["rolled"] or {}
            return -rolled.get(args[0], 0)
        if kind in ("run", "claim"):
            return (2.0 if kind == "run" else 1.0) * (args[0] == d.HARBOURMASTER)
        if kind == "go":
            return float(args[0] == d.HARBOURMASTER)
        if kind == "use":
            return 1.0 if args == ("down",) else -1.0
        if kind in ("skip", "pass"):
            return 0.0
        if kind in ("deliver", "wood"):
            return -1.0
        return 0.0  # take, give: anything

    def drive_delay(self, view: dict[str, Any], steps: int) -> float:
        car = view["car"]
        arrivals = sum((car + k) % d.ROAD_LEN == d.HARBOUR for k in range(1, steps + 1))
        target = (car + steps) % d.ROAD_LEN
        reach = target != d.HARBOUR and view["ship"]["value_index"] > 0 and self.reaches(view, target)
        return arrivals * HARBOUR_ARRIVAL + reach * REACHES_HARBOURMASTER + (steps - 1) * PESO

    @staticmethod
    def reaches(view: dict[str, Any], space: int) -> bool:
        """Whether a stop at ``space`` can bring this seat to the harbour master's office."""
        stop = view["road"][space]
        if not stop["face_up"]:
            return False
        me = view["players"][view["you"]]
        mine = me["figure"] == d.HARBOURMASTER
        if stop["cuban"] == d.ZORRO:
            return mine
        if stop["cuban"] == d.ALONSO and (d.HARBOURMASTER in me["owned"] or me["markers_left"]):
            owner = next(
                b["owner"]
                for bs in view["districts"].values()
                for b in bs
                if b["building"] == d.HARBOURMASTER
            )
            if owner in (None, view["you"]):
                return True
        district = view["districts"][stop["colour"]]
        if not any(b["building"] == d.HARBOURMASTER for b in district):
            return False
        others = [b for b in district if b["building"] != d.HARBOURMASTER]
        harbourmaster = next(b for b in district if b["building"] == d.HARBOURMASTER)
        if mine:  # it may stay only when the other two are taken
            return all(b["figure"] is not None for b in others)
        return harbourmaster["figure"] is None
