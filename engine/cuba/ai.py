"""A heuristic computer player for Cuba (``engine.ai.player("cuba", "heuristic", seed)``).

It decides from its own view and the legal actions only, scoring every action with simple
rules of thumb (build early, ship on the best berth, use buildings, pay tax and duty when it
can afford to) and breaking ties with a seeded RNG.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng
from engine.cuba.data import BERTH_VP, BUILDINGS, CARGO, FIELD_YIELD, PRODUCTS, RESOURCES

CARD_BASE = {"worker": 5.0, "architect": 4.0, "mayor": 3.5, "foreman": 3.0, "trader": 2.0}


class HeuristicPlayer:
    """Scores each legal action and plays the best one."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        me = view["players"].get(view.get("viewer") or "", None)
        scored = [(self.score(view, me, a) + self.rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    # ---- scoring -------------------------------------------------------------------------

    def score(self, view: dict[str, Any], me: dict[str, Any] | None, action: Action) -> float:
        kind, args = action.kind, action.args
        if me is None:
            return 0.0
        held = {**me["farmyard"]}
        for p, n in me["warehouse"].items():
            held[p] = held.get(p, 0) + n
        if kind == "pick":
            return {"wood": 3, "stone": 3}.get(args[0], 1) - held.get(args[0], 0)
        if kind == "parliament":
            return -CARD_BASE[args[0]]
        if kind == "play":
            return self.card_score(view, me, held, args[0])
        if kind == "worker":
            return self.cross_value(me, args[0], args[1])
        if kind == "field":
            return 1.0
        if kind == "use" and args == ("water",):
            return 0.5
        if kind == "buy":
            return -1.0
        if kind == "sell":
            price = view["market"][args[0]]["sell"]
            return 0.5 if price >= 4 and args[0] not in self.shippable(view) else -1.0
        if kind == "take" and args[0] == "vp":
            return 1.5 if view["black_markers"]["architect_1vp"] is None else 0.0
        if kind == "take" and args[0] == "pesos":
            return 2.0 if view["black_markers"]["mayor_2"] is None else 0.0
        if kind == "take":
            return 2.0 if args[0] in ("wood", "stone") else 1.0
        if kind == "build":
            cost = sum(BUILDINGS[args[0]]["cost"].values())
            row, col = args[2], args[3]
            near_warehouse = 0.5 if row == 0 or col == 0 else 0.0
            return 4.0 + cost * 0.5 + near_warehouse
        if kind == "ship":
            return 2.0 + BERTH_VP[args[0] - 1] * (len(args) - 1)
        if kind == "use":
            return 1.0 + len(args)
        if kind == "bid":
            return -abs(args[0] - min(me["pesos"] // 4, 3))
        if kind == "pay" and args[0] == "tax":
            return 1.0 if me["pesos"] >= 6 else -1.0
        if kind == "pay":
            return 1.0
        if kind == "skip":
            return 0.0
        return 0.1 if kind == "done" else 0.0

    def card_score(self, view: dict[str, Any], me: dict[str, Any], held: dict[str, int], card: str) -> float:
        value = CARD_BASE[card]
        if card == "architect" and any(self.affordable(me, bid) for bid in BUILDINGS):
            value += 3.0
        if card == "mayor" and any(held.get(p, 0) for p in self.shippable(view)):
            value += 3.0
        if card == "foreman" and me["buildings"]:
            value += 1.5
        if card == "worker" and len(me["played"]) == 0:
            value += 1.0
        return value

    @staticmethod
    def affordable(me: dict[str, Any], bid: str) -> bool:
        return all(me["farmyard"].get(p, 0) >= n for p, n in BUILDINGS[bid]["cost"].items())

    @staticmethod
    def shippable(view: dict[str, Any]) -> set[str]:
        out = set()
        for berth in view["harbour"]["berths"]:
            ship = berth["ship"]
            if ship:
                out |= {s["type"] for s in ship["spaces"] if not s["filled"]}
        return out & set(CARGO)

    @staticmethod
    def cross_value(me: dict[str, Any], row: int, col: int) -> float:
        covered = {(b["row"], b["col"]) for b in me["buildings"]}
        value = 0.0
        products = 0
        for r in range(3):
            for c in range(4):
                if (r != row and c != col) or (r, c) in covered:
                    continue
                piece = FIELD_YIELD[me["layout"][r][c]]
                if piece in RESOURCES:
                    value += 1.0
                elif piece in PRODUCTS:
                    products += 1
        return value + min(products, 2) * 0.8
