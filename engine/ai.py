"""Computer players, one interface for all games.

``player(game_id, kind, seed)`` returns a :class:`Player` whose ``choose(view, legal)`` picks one
of ``legal``. A player decides from ``rules.view(state, seat)`` and the legal actions only — it
never sees another seat's secrets — and is deterministic for a given seed.

Kinds: ``"random"`` (uniform over the legal actions) and ``"heuristic"`` (each game's own,
in ``engine/<game>/ai.py`` as ``HeuristicPlayer``).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from engine import BUILTIN_GAMES
from engine.core import Action, Rng

KINDS = ("random", "heuristic")


class Player(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        return legal[self.rng.randrange(len(legal))]


def player(game_id: str, kind: str, seed: int) -> Player:
    """A computer player of ``kind`` for ``game_id``."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        if game_id not in BUILTIN_GAMES:
            raise KeyError(f"no heuristic player for game {game_id!r}")
        module = importlib.import_module(f"{BUILTIN_GAMES[game_id]}.ai")
        return module.HeuristicPlayer(seed)
    raise KeyError(f"unknown computer player kind {kind!r}; use one of {', '.join(KINDS)}")
