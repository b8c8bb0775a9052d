"""A simple heuristic Goa player: it values lots, bids up to that value, and prefers advancing."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng

#: What a lot is worth to the heuristic, in ducats (the flag and tiles by kind).
LOT_VALUE = {
    "flag": 5,
    "plantation": 4,
    "each_round": 6,
    "immediate": 4,
    "duty": 3,
    "mission": 3,
    "one_time": 3,
}
#: Turn choices, best first (free plays come before the action that ends the turn).
TURN_ORDER = ("play", "claim", "duty", "viceking", "supply", "addharvest", "advance", "colony")


class HeuristicPlayer:
    """Deterministic for a seed; decides from the seat's view and legal actions only."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        kinds = {a.kind for a in legal}
        if kinds & {"bid", "outbid", "accept", "take"} or legal == [Action("pass")] and view.get("auction"):
            return self._auction(view, legal)
        me = view["players"].get(view.get("you") or "", {})
        for kind in TURN_ORDER:
            options = [a for a in legal if a.kind == kind]
            if kind == "colony":
                options = [a for a in options if self._colony_chance(me, a)]
            if options:
                return self._pick(options)
        for kind in ("spice", "fill", "give", "refill", "discard", "pay", "choose", "marker", "flag"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return self._pick(options)
        for kind in self._production_order(me):
            options = [a for a in legal if a.kind == kind]
            if options and self._useful(me, kind):
                return options[0]
        for kind in ("stop", "done", "pass"):
            if Action(kind) in legal:
                return Action(kind)
        return self._pick(legal)

    def _pick(self, options: list[Action]) -> Action:
        return options[self.rng.randrange(len(options))]

    @staticmethod
    def _production_order(me: dict[str, Any]) -> tuple[str, ...]:
        """Ships first when short of them (every advance needs ships), then spices, then money."""
        spices = sum(me.get("spices", {}).values())
        if me.get("ships", 0) < 3:
            return ("ships", "ship", "harvest", "taxes", "expedition", "colonist")
        if spices < 4:
            return ("harvest", "ships", "ship", "taxes", "expedition", "colonist")
        return ("expedition", "taxes", "harvest", "ships", "ship", "colonist")

    @staticmethod
    def _useful(me: dict[str, Any], kind: str) -> bool:
        if kind == "harvest":
            room = sum(pl["cap"] - pl["count"] for pl in me.get("plantations", []))
            return room > 0
        if kind == "expedition":
            return me.get("hand_size", 0) < me.get("hand_limit", 0)
        return True

    @staticmethod
    def _colony_chance(me: dict[str, Any], action: Action) -> bool:
        need = {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12}[action.args[0]]
        base = me.get("progress", [1] * 5)[4]
        return base + 4 + me.get("colonists", 0) >= need

    def _auction(self, view: dict[str, Any], legal: list[Action]) -> Action:
        auction = view.get("auction") or {}
        tile = auction.get("tile")
        kind = "flag" if tile is None else self._tile_kind(view, auction.get("pos", ""))
        me = view["players"].get(view.get("you") or "", {})
        # money only scores 3 VP for the richest, so a rich player bids more
        value = LOT_VALUE.get(kind, 3) + me.get("ducats", 0) // 4
        for a in legal:
            if a.kind in ("take", "accept") and (a.kind == "take" or auction.get("high", 0) >= value):
                return a
        raises = [a for a in legal if a.kind in ("bid", "outbid") and a.args[0] <= value]
        if raises:
            return min(raises, key=lambda a: a.args[0])
        for a in legal:
            if a.kind in ("pass", "accept"):
                return a
        return legal[0]

    @staticmethod
    def _tile_kind(view: dict[str, Any], pos: str) -> str:
        if len(pos) != 2:
            return "immediate"
        r, c = int(pos[1]) - 1, "abcde".find(pos[0])
        cell = view["grid"][r][c] if 0 <= r < 5 and 0 <= c < 5 else None
        return cell["kind"] if cell else "immediate"
