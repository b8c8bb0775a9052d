"""Pieces of the strong player's search (:mod:`engine.search`) that several games share.

:class:`PlainStateSearch` is the half of an :class:`engine.search.Adapter` that every game whose
state is one plain JSON-like dict (Cuba, Santiago de Cuba) writes alike: the information set is a
copy of the state with the random generator's state hidden and the game's secrets marked, and a
world is a copy of the information set with a fresh generator and the secrets drawn. The game
says what it hides (:meth:`~PlainStateSearch.hide`) and how it draws it
(:meth:`~PlainStateSearch.draw`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar, cast

from engine.core import Rng

S = TypeVar("S")


class PlainStateSearch(ABC, Generic[S]):
    """An adapter's information set and sampler for a game whose state ``S`` is a plain dict."""

    #: Keys the information set may hold besides the state: what the seat's own choices tell
    #: of the hidden rest (given to :meth:`draw`, never part of a world).
    hints: tuple[str, ...] = ()

    @abstractmethod
    def copy(self, state: S) -> S:
        """A deep copy of a state (or of an information set, which has the state's shape)."""

    @abstractmethod
    def hide(self, known: dict[str, Any], state: S, seat: str) -> None:
        """Mark in ``known`` (a copy of ``state``) what ``seat`` may not know, and add the
        :attr:`hints`."""

    @abstractmethod
    def draw(self, world: S, hints: dict[str, Any], seat: str, rng: Rng) -> None:
        """Replace every mark :meth:`hide` left in ``world`` by a value drawn with ``rng``."""

    def known(self, state: S, seat: str) -> dict[str, Any]:
        # The information set is a plain dict: the state with its secrets marked.
        known = cast(dict[str, Any], self.copy(state))
        known["rng"] = 0
        self.hide(known, state, seat)
        return known

    def sample(self, known: dict[str, Any], seat: str, rng: Rng) -> S:
        info = dict(known)
        hints = {key: info.pop(key) for key in self.hints if key in info}
        info["rng"] = rng.next64()
        # Less its hints, the information set has the state's shape; draw() fills in the marks.
        world = self.copy(cast(S, info))
        self.draw(world, hints, seat, rng)
        return world
