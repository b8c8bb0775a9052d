"""What a search worker runs: the strong computer player's move and a hint.

A search takes up to about a second of one core; run on the event loop it would stop every other
game for that long. The service runs these functions in its search pool — a
:class:`bot.render_pool.RenderPool` of its own (bounded, spawned worker processes, a crashed or
hung worker replaced; ``SEARCH_WORKERS``, default 1; a thread in tests and tools) — and awaits
the answer, so the loop keeps serving the other tables meanwhile. A worker gets only plain data:
the game id, the seat's view with its information set (never the state), the legal actions, a
seed and the budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ai import player
from engine.core import Action
from engine.search import Budget, StrongPlayer


@dataclass(frozen=True)
class HintLine:
    """One suggested move and what it is expected to gain by the end of the round."""

    action: Action
    gains: dict[str, float]


def choose(
    game_id: str, kind: str, seed: int, view: dict[str, Any], legal: list[Action], budget: Budget
) -> Action:
    """A computer player's move (runs in a worker)."""
    return player(game_id, kind, seed, budget).choose(view, legal)


def hint(
    game_id: str, seed: int, view: dict[str, Any], legal: list[Action], budget: Budget, top: int
) -> list[HintLine]:
    """The strong player's ``top`` best moves for the seat of ``view`` that differ in substance
    (runs in a worker): every candidate is weighed to the end (no halving), so that when the
    best two lead to the same outcome — the same moves in another order — the next best that
    differs is shown instead."""
    if len(legal) == 1:
        return [HintLine(legal[0], {})]
    analysis = StrongPlayer(game_id, seed, budget).analyse(view, legal, keep=len(legal))
    return [HintLine(line.action, dict(line.gains)) for line in analysis.distinct(top)]
