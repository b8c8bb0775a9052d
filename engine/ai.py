"""Computer players, one interface for all games.

``player(game_id, kind, seed)`` returns a :class:`Player` whose ``choose(view, legal)`` picks one
of ``legal``. A player decides from ``rules.view(state, seat)`` and the legal actions only — it
never sees another seat's secrets — and is deterministic for a given seed.

Kinds: ``"random"`` (uniform over the legal actions), ``"heuristic"`` (each game's own,
in ``engine/<game>/ai.py`` as ``HeuristicPlayer``) and ``"strong"`` (the search of
:mod:`engine.search`, which also needs the seat's information set: build its view with
:func:`seat_view`).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from engine import BUILTIN_GAMES
from engine.core import Action, Rng

KINDS = ("random", "heuristic", "strong")


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


def player(game_id: str, kind: str, seed: int, budget: Any = None) -> Player:
    """A computer player of ``kind`` for ``game_id``; ``budget`` (an
    :class:`engine.search.Budget`) sets the strong player's search."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        if game_id not in BUILTIN_GAMES:
            raise KeyError(f"no heuristic player for game {game_id!r}")
        module = importlib.import_module(f"{BUILTIN_GAMES[game_id]}.ai")
        heuristic: Player = module.HeuristicPlayer(seed)
        return heuristic
    if kind == "strong":
        from engine.search import StrongPlayer

        return StrongPlayer(game_id, seed, budget)
    raise KeyError(f"unknown computer player kind {kind!r}; use one of {', '.join(KINDS)}")


def seat_view(game_id: str, kind: str, state: Any, seat: str, record: Any = None) -> dict[str, Any]:
    """What a computer player of ``kind`` at ``seat`` decides from: the seat's view, and for the
    strong player also the seat's information set (``known``: the state with every other seat's
    secret and every unseen order left out, built by the game's search adapter, with what the
    seat's public ``record`` — an :class:`engine.search_parts.PublicRecord` — determines of them
    counted back in)."""
    from engine import GAMES

    view = dict(GAMES[game_id].view(state, seat))
    if kind == "strong":
        from engine.search import adapter

        view = {**view, "known": adapter(game_id).known(state, seat, record), "known_seat": seat}
    return view
