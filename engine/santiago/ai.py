"""A heuristic computer player for Santiago de Cuba: it reads only its own view and the legal
actions, values each action with simple rules of thumb and picks the best (ties at random)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng
from engine.santiago import data as d

#: Rough worth of what a Cuban gives, in VP.
CUBAN_WORTH: dict[str, float] = {
    d.PEDRO: 2.0,
    d.JOSE: 2.0,
    d.CONCHITA: 2.0,
    d.MIGUEL: 1.5,
    d.PABLO: 1.5,
    d.MARIA: 2.0,
    d.MARTINEZ: 1.5,
    d.ALONSO: 1.5,
    d.ZORRO: 1.0,
}
#: Worth of handing over one thing to El Zorro's visitor (lower is given first).
GIVE_COST: dict[str, float] = {d.WOOD: 0.4, d.SUGAR: 0.6, d.CITRUS: 0.6, d.TOBACCO: 0.7, "peso": 0.5}
#: Preference among buildings when the figure may choose.
BUILDING_WORTH: dict[str, float] = {
    d.CAFE: 3.0,
    d.OFFICE: 2.5,
    d.FACTORY: 2.0,
    d.DISTILLERY: 2.0,
    d.BANK: 1.5,
    d.CHURCH: 1.2,
    d.SAWMILL: 1.2,
    d.CASINO: 1.0,
    d.MARKET: 0.8,
    d.NEWSPAPER: 0.6,
    d.HARBOURMASTER: 0.5,
    d.CUSTOMS: 0.3,
}


class HeuristicPlayer:
    """Delivers as much as it can, drives to the harbour when that pays, uses buildings."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        scored = [(self.worth(view, a) + self.rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    def worth(self, view: dict[str, Any], action: Action) -> float:
        me = view["players"].get(view.get("you") or "", {})
        goods: dict[str, int] = me.get("goods", {})
        ship = view["ship"]
        price = ship["value"] or 0
        kind, args = action.kind, action.args
        if kind == "deliver":
            return 10 + args[1] * price
        if kind == "wood":
            return 9 + args[1]
        if kind == "pass":
            return 0.0
        if kind == "drive":
            return self.drive_worth(view, goods, args[0])
        if kind == "aside":
            return -goods.get(args[0], 0) - (ship["rolled"] or {}).get(args[0], 0) * 0.1
        if kind == "take":
            return ship["dice"].get(args[0], 0) + (1 if args[0] in (d.RUM, d.CIGAR) else 0)
        if kind == "give":
            return -GIVE_COST.get(args[0], 1.0)
        if kind == "claim":
            return 2 + BUILDING_WORTH[args[0]]
        if kind == "run":
            return 1 + BUILDING_WORTH[args[0]]
        if kind == "go":
            return BUILDING_WORTH[args[0]]
        if kind == "skip":
            return 0.0
        if kind == "use":
            return self.use_worth(view, goods, args)
        return 0.0

    def drive_worth(self, view: dict[str, Any], goods: dict[str, int], steps: int) -> float:
        target = (view["car"] + steps) % d.ROAD_LEN
        cost = (steps - 1) * 0.8
        if target == d.HARBOUR:
            price = view["ship"]["value"] or 0
            gain = sum(min(v, goods.get(g, 0)) for g, v in view["ship"]["dice"].items()) * price
            return gain - cost
        space = view["road"][target]
        if not space["face_up"]:
            return -1 - cost
        return CUBAN_WORTH[space["cuban"]] - cost

    def use_worth(self, view: dict[str, Any], goods: dict[str, int], args: tuple) -> float:
        if not args:
            return 1.0
        if args[0] == "buy":
            return 0.5 * args[1]
        if args[0] == "sell":
            return -args[1]
        if args[0] in ("up", "down"):
            return 0.1 if args[0] == "up" else -0.1
        if isinstance(args[0], int):
            return args[0]
        if args[0] in d.CUBANS:
            return 0.5
        return 1.0 + len(args)
