"""Pieces of the strong player's search (:mod:`engine.search`) that several games share.

:class:`PublicRecord` is what a seat has seen of a game since it began — the first state's public
view and every event shown to the seat, in order — from which each game's *ledger*
(``engine/<game>/ledger.py``) counts what a careful player knows although the table does not
show it any more (Santiago de Cuba's screens, Goa's ducats).

:class:`PlainStateSearch` is the half of an :class:`engine.search.Adapter` that every game whose
state is one plain JSON-like dict (Cuba, Santiago de Cuba) writes alike: the information set is a
copy of the state with the random generator's state hidden and the game's secrets marked, and a
world is a copy of the information set with a fresh generator and the secrets drawn. The game
says what it hides (:meth:`~PlainStateSearch.hide`) and how it draws it
(:meth:`~PlainStateSearch.draw`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from engine.core import Event, Rng, Rules

S = TypeVar("S")


@dataclass(frozen=True)
class PublicRecord:
    """What ``seat`` has seen of a game from its first state on: that state's public view
    (``rules.view(first, None)``) and every event shown to the seat since (``Event.to_dict()``
    form), in the order they happened. A game rebuilt from a replay base has no record (its
    screens before the base were never seen by the search)."""

    seat: str
    start: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...]

    @classmethod
    def of(
        cls, rules: Rules, first_state: Any, seat: str, events: Iterable[Event | Mapping[str, Any]]
    ) -> PublicRecord:
        """The record of ``seat`` from every event of the game (those not shown to the seat are
        left out here, so a ledger can never read them)."""
        shown: list[Mapping[str, Any]] = []
        for event in events:
            e = event.to_dict() if isinstance(event, Event) else event
            visible = e.get("visible_to")
            if visible is None or seat in visible:
                shown.append(e)
        return cls(seat, dict(rules.view(first_state, None)), tuple(shown))


class PlainStateSearch(ABC, Generic[S]):
    """An adapter's information set and sampler for a game whose state ``S`` is a plain dict."""

    #: Keys the information set may hold besides the state: what the seat's own choices tell
    #: of the hidden rest (given to :meth:`draw`, never part of a world).
    hints: tuple[str, ...] = ()

    @abstractmethod
    def copy(self, state: S) -> S:
        """A deep copy of a state (or of an information set, which has the state's shape)."""

    @abstractmethod
    def hide(self, known: dict[str, Any], state: S, seat: str, tracked: dict[str, Any] | None) -> None:
        """Mark in ``known`` (a copy of ``state``) what ``seat`` may not know, and add the
        :attr:`hints`; what the public record determines (``tracked``, from :meth:`track`) is
        written in from there instead of being marked."""

    def track(self, record: PublicRecord) -> dict[str, Any] | None:
        """What the public record determines of the hidden parts (None: nothing, or no record)."""
        return None

    @abstractmethod
    def draw(self, world: S, hints: dict[str, Any], seat: str, rng: Rng) -> None:
        """Replace every mark :meth:`hide` left in ``world`` by a value drawn with ``rng``."""

    def known(self, state: S, seat: str, record: PublicRecord | None = None) -> dict[str, Any]:
        # The information set is a plain dict: the state with its secrets marked, and what the
        # seat's public record determines of them written in.
        known = cast(dict[str, Any], self.copy(state))
        known["rng"] = 0
        tracked = self.track(record) if record is not None and record.seat == seat else None
        self.hide(known, state, seat, tracked)
        return known

    def sample(self, known: dict[str, Any], seat: str, rng: Rng) -> S:
        info = dict(known)
        hints = {key: info.pop(key) for key in self.hints if key in info}
        info["rng"] = rng.next64()
        # Less its hints, the information set has the state's shape; draw() fills in the marks.
        world = self.copy(cast(S, info))
        self.draw(world, hints, seat, rng)
        return world
