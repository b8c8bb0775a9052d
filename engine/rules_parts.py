"""Pieces of a game's rules class that several games share.

:class:`PlainStateRules` is the contract class (:class:`engine.core.Rules`) of a game whose state
is one plain JSON-like dict (Cuba, Santiago de Cuba): ``apply`` refuses what is not legal and
runs the action on a copy, ``parse`` reads a typed action through the game's canonical form, and
the game's registration hands in what sits above the rules — the presentation (the ``text``
module, and the sentence that explains a refusal) and the view — so that the rules package
imports neither. The game supplies its rules as the methods left abstract here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from engine.core import Action, Event, IllegalAction
from engine.presentation import TextFromModule, TextModule

S = TypeVar("S")


class PlainStateRules(TextFromModule, ABC, Generic[S]):
    """The rules contract for a game whose state ``S`` is a plain dict."""

    def __init__(
        self,
        text: TextModule,
        view: Callable[[S, str | None], Mapping[str, Any]],
        explain: Callable[[S, str, Action, str], str],
    ) -> None:
        #: The presentation: every sentence (see :class:`engine.presentation.TextFromModule`).
        self.text = text
        self._view = view
        self._explain = explain

    # ---- what the game supplies -------------------------------------------------------------

    @abstractmethod
    def copy(self, state: S) -> S:
        """A deep copy of a state."""

    @abstractmethod
    def run(self, state: S, seat: str, action: Action, events: list[Event]) -> None:
        """Apply ``action``, known to be legal, on ``state`` in place, adding the events."""

    @abstractmethod
    def legal(self, state: S, seat: str) -> list[Action]:
        """Every legal action for ``seat`` now (see :class:`engine.core.Rules`)."""

    def canonical(self, state: S, action: Action) -> Action:
        """The canonical form of an action as a player typed it (the same action by default)."""
        return action

    # ---- the contract -----------------------------------------------------------------------

    def refusal(self, state: S, seat: str, action: Action) -> IllegalAction:
        """Why ``action`` is refused, in whichever language the reader asks for. The state is
        copied so that the sentence does not change if the caller later changes its state."""
        frozen = self.copy(state)
        return IllegalAction(lambda lang: self._explain(frozen, seat, action, lang))

    def apply(self, state: S, seat: str, action: Action) -> tuple[S, list[Event]]:
        if action not in self.legal(state, seat):
            raise self.refusal(state, seat, action)
        new = self.copy(state)
        events: list[Event] = []
        self.run(new, seat, action, events)
        return new, events

    def parse(self, state: S, seat: str, text: str) -> Action:
        action = self.canonical(state, Action.from_text(text))
        if action in self.legal(state, seat):
            return action
        raise self.refusal(state, seat, action)

    def view(self, state: S, seat: str | None) -> Mapping[str, Any]:
        return self._view(state, seat)
