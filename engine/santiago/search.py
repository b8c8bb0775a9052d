"""What Santiago de Cuba gives the strong player's search (:mod:`engine.search`).

The table hides what lies behind the other screens (pesos, VP, goods), and with them the goods
left in the general supply (it would tell the sum of the goods behind the screens), and the
random number generator's state. But every change of a screen is a public event, so a player who
counts the game's public record knows every screen and the supply exactly
(:mod:`engine.santiago.ledger`): given the seat's record, the information set holds them, and
only the random generator (the dice to come, the Cubans turned face up) is left to draw.

Without a record (a game rebuilt from a replay base, whose earlier screens the search never saw)
the sampler falls back to what the seat's own screen suggests: each other seat is drawn with the
seat's own VP and pesos give or take a little, and as many goods as the seat holds give or take
one, drawn from the goods that are not behind its own screen. The seat's own choices tell it
something of the supply — Pablo offers only the goods the supply has, the distillery converts at
most what it holds, the market trades only for goods left — and the sampler moves goods between
the supply and the other screens until the supply agrees with those choices.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng
from engine.santiago import ai, ledger
from engine.santiago import data as d
from engine.santiago.rules import legal_actions
from engine.santiago.state import State, copy_state
from engine.search import heuristic_first
from engine.search_parts import PlainStateSearch, PublicRecord
from engine.typed import number

HIDDEN = "hidden"
#: How far (±) another seat's sampled VP and pesos stray from the seat's own.
VP_SPREAD = 2
PESO_SPREAD = 2


class SantiagoSearch(PlainStateSearch[State]):
    min_steps = 12
    iterations = 64
    max_candidates = 5
    #: ``bench/prior_bonus.py --game santiago --positions 8 --reference 4``: mean regret 0 at 0 and
    #: 0.25, 0.075 ± 0.148 VP at 0.5, 0.11 at 1.0, 0.25 at 2.0 — 0.5 is within the noise of the
    #: best on 8 positions and is what the strength runs of issue 31 played, so it stays.
    prior_bonus = 0.5
    max_steps = 60
    #: What the seat's own choices tell of the supply (:func:`supply_bounds`).
    hints = ("supply_bounds",)

    def copy(self, state: State) -> State:
        return copy_state(state)

    def track(self, record: PublicRecord) -> dict[str, Any] | None:
        return ledger.track(record)

    def hide(self, known: dict[str, Any], state: State, seat: str, tracked: dict[str, Any] | None) -> None:
        if state["options"]["open_holdings"]:
            return
        if tracked is not None:
            known["supply"] = dict(tracked["supply"])
            for owner, p in known["players"].items():
                if owner != seat:
                    counted = tracked["players"][owner]
                    p.update(pesos=counted["pesos"], vp=counted["vp"], goods=dict(counted["goods"]))
                    p["vp_by"] = {"start": counted["vp"]}
            return
        known["supply"] = HIDDEN
        known["supply_bounds"] = supply_bounds(state, seat)
        for owner, p in known["players"].items():
            if owner != seat:
                p.update(pesos=HIDDEN, vp=HIDDEN, goods=HIDDEN, vp_by={})

    def draw(self, state: State, hints: dict[str, Any], seat: str, rng: Rng) -> None:
        if state["supply"] != HIDDEN:
            return
        bounds: dict[str, tuple[int, int]] = hints["supply_bounds"]
        mine = state["players"][seat]
        supply = {g: d.GOODS_SUPPLY - mine["goods"][g] for g in d.GOODS}
        own_count = sum(mine["goods"].values())
        for owner in state["seats"]:
            p = state["players"][owner]
            if owner == seat:
                continue
            p["vp"] = max(0, mine["vp"] + rng.randint(-VP_SPREAD, VP_SPREAD))
            p["pesos"] = max(0, mine["pesos"] + rng.randint(-PESO_SPREAD, PESO_SPREAD))
            p["vp_by"] = {"start": p["vp"]}
            goods = {g: 0 for g in d.GOODS}
            for _ in range(max(0, own_count + rng.randint(-1, 1))):
                left = [g for g in d.GOODS if supply[g] > 0]
                if not left:
                    break
                good = rng.choice(left)
                goods[good] += 1
                supply[good] -= 1
            p["goods"] = goods
        others = [state["players"][o]["goods"] for o in state["seats"] if o != seat]
        for good, (low, high) in bounds.items():
            while supply[good] > high:  # behind another screen instead
                rng.choice(others)[good] += 1
                supply[good] -= 1
            while supply[good] < low:  # back from another screen
                holders = [g for g in others if g[good] > 0]
                if not holders:
                    break
                rng.choice(holders)[good] -= 1
                supply[good] += 1
        state["supply"] = supply

    def round_of(self, state: State) -> int:
        return state["ship"]["number"]

    def values(self, state: State) -> dict[str, float]:
        left = (d.SHIPS - state["ship"]["number"] + 1) / d.SHIPS
        out = {}
        for seat, p in state["players"].items():
            goods = sum(ai.GOOD_VP[g] * n for g, n in p["goods"].items())
            end_goods = sum(p["goods"].values()) / d.GOODS_PER_END_VP
            out[seat] = p["vp"] + left * (goods + ai.PESO_VP * p["pesos"]) + (1 - left) * end_goods
        return out

    def measures(self, state: State, seat: str) -> dict[str, float]:
        p = state["players"][seat]
        return {"points": p["vp"], "money": p["pesos"], "goods": sum(p["goods"].values())}

    def prior(self, view: dict[str, Any], legal: list[Action], rng: Rng, *, legacy: bool = False) -> list[Action]:
        scorer = ai.HeuristicPlayer(rng.next64())
        return heuristic_first(view, legal, rng, lambda a: scorer.worth(view, a), "santiago", legacy=legacy)


def supply_bounds(state: State, seat: str) -> dict[str, tuple[int, int]]:
    """What the seat's own legal moves tell of the supply: good → (at least, at most)."""
    bounds: dict[str, tuple[int, int]] = {}
    legal = legal_actions(state, seat)
    step, goods = state["step"], state["players"][seat]["goods"]
    unbounded = d.GOODS_SUPPLY
    if step == "pablo":
        offered = {a.args[0] for a in legal if a.kind == "take"}
        bounds = {g: (1, unbounded) if g in offered else (0, 0) for g in d.PABLO_CHOICES}
    elif step == "use":
        building = state["pending"]["building"]
        uses = [a for a in legal if a.kind == "use"]
        if building in d.CONVERSIONS:
            src, dst = d.CONVERSIONS[building]
            most = max((number(a) for a in uses), default=0)
            bounds[dst] = (most, most) if most < goods[src] else (most, unbounded)
        elif building == d.MARKET and any(goods[g] > 0 for g in d.MARKET_GOODS):
            offered = {a.args[1] for a in uses}
            for g in d.MARKET_GOODS:
                if g in offered:
                    bounds[g] = (1, unbounded)
                elif any(goods[give] > 0 for give in d.MARKET_GOODS if give != g):
                    bounds[g] = (0, 0)
    return bounds


ADAPTER = SantiagoSearch()
