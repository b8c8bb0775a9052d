"""Pure rules engines for the three games, behind one contract (see :mod:`engine.core`).

``engine.GAMES`` maps a game id to its :class:`~engine.core.Game` (the rules and their
presentation; ``Rules`` is the same contract's older name). The three real games are imported
lazily on first use so that importing :mod:`engine` stays cheap; tests may :func:`register`
extra games (a tiny test game, for instance).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from engine.core import Action, Event, Game, IllegalAction, Result, Rng, Rules

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Result", "Rng", "Rules", "register"]

#: The games the bot offers, in the order it lists them: id → module that exposes ``RULES``.
BUILTIN_GAMES: dict[str, str] = {
    "cuba": "engine.cuba",
    "santiago": "engine.santiago",
    "goa": "engine.goa",
}


class _Registry(Mapping[str, Game]):
    """A mapping id → game that imports each built-in game the first time it is asked for."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}
        self._extra: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id in self._extra:
            return self._extra[game_id]
        if game_id not in self._loaded:
            if game_id not in BUILTIN_GAMES:
                raise KeyError(game_id)
            rules: Game = importlib.import_module(BUILTIN_GAMES[game_id]).RULES
            self._loaded[game_id] = rules
        return self._loaded[game_id]

    def __iter__(self) -> Iterator[str]:
        yield from BUILTIN_GAMES
        yield from (g for g in self._extra if g not in BUILTIN_GAMES)

    def __len__(self) -> int:
        return len(BUILTIN_GAMES) + len([g for g in self._extra if g not in BUILTIN_GAMES])

    def register(self, rules: Game) -> None:
        self._extra[rules.id] = rules

    def unregister(self, game_id: str) -> None:
        self._extra.pop(game_id, None)


GAMES = _Registry()


def register(rules: Game) -> None:
    """Make an extra game available under ``rules.id`` (used by tests)."""
    GAMES.register(rules)


if TYPE_CHECKING:  # the type checker proves that each built-in game keeps the whole contract
    from engine import cuba, goa, santiago

    _CUBA: Game = cuba.CubaRules()
    _SANTIAGO: Game = santiago.SantiagoRules()
    _GOA: Game = goa.GoaRules()
