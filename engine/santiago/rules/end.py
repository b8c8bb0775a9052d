"""The end of the game, once the 7th ship has sailed: the final scoring and the ranking."""

from __future__ import annotations

from engine.core import Event, Result, rank_by_keys
from engine.santiago import data as d
from engine.santiago.rules.common import END_CATEGORY, vp_breakdown
from engine.santiago.state import Player, State
from engine.typed import present


def goods_count(player: Player) -> int:
    return sum(player["goods"].values())


def finish(state: State, events: list[Event]) -> None:
    """The 7th ship has sailed: VP plus 1 VP per 3 goods; ties by goods, then pesos."""
    scores: dict[str, int] = {}
    breakdown: dict[str, dict[str, int]] = {}
    goods: dict[str, int] = {}
    pesos: dict[str, int] = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        count = goods_count(player)
        bonus = count // d.GOODS_PER_END_VP
        scores[seat] = player["vp"] + bonus
        breakdown[seat] = {**vp_breakdown(player), END_CATEGORY: bonus}
        goods[seat] = count
        pesos[seat] = player["pesos"]
    state["step"] = "over"
    state["pending"] = {}
    state["result"] = {"scores": scores, "breakdown": breakdown, "goods": goods, "pesos": pesos}
    events.append(
        Event(
            "game_over",
            None,
            {"scores": dict(scores), "goods": dict(goods), "pesos": dict(pesos)},
            reveals_hidden=True,
        )
    )


def rank_result(state: State) -> Result:
    """The final :class:`Result`: score, then goods left, then pesos; still tied = shared."""
    res = present(state["result"], "final scoring")
    keys = {s: (res["scores"][s], res["goods"][s], res["pesos"][s]) for s in state["seats"]}
    return rank_by_keys(
        res["scores"],
        keys,
        breakdown={s: dict(v) for s, v in res["breakdown"].items()},
        tiebreak={"goods": dict(res["goods"]), "pesos": dict(res["pesos"])},
    )
