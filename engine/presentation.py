"""The presentation half of the contract, written once for every game.

:class:`PresentationBase` gives :meth:`~engine.core.GamePresentation.seat_view` (everything a seat
sees after a change, in one call) from a game's own answers; :class:`TextFromModule` adds the
delegations to a game whose sentences all live in one ``text`` module (Cuba, Santiago).
"""

from __future__ import annotations

from typing import Protocol

from engine.core import Action, ChoiceGroup, Event, Game, GameState, Names, SeatView

__all__ = ["PresentationBase", "TextFromModule", "TextModule"]


class PresentationBase:
    """What a game inherits instead of writing it: :meth:`seat_view`, from the rest of the
    contract (a class using it must be a whole :class:`engine.core.Game`; mypy checks it)."""

    def seat_view(
        self: Game,
        state: GameState,
        seat: str,
        lang: str = "en",
        names: Names | None = None,
    ) -> SeatView:
        """Everything ``seat`` sees of ``state`` in ``lang`` (see :class:`engine.core.SeatView`).

        The answers are the game's own (``to_act``, ``legal``, ``label``…), each asked the first
        time the bot reads it and then kept, so that the bot asks one question per seat after a
        change. Only ``seat``'s own summary and view are asked for, so no other seat's secret is
        in the answer.
        """
        return SeatView(self, state, seat, lang, names)

    def choice_group(
        self, state: GameState, seat: str, action: Action, lang: str = "en"
    ) -> ChoiceGroup | None:
        """No groups of the game's own: the bot groups a long list by the moves' words."""
        return None


class TextModule(Protocol):
    """A game's ``text`` module as :class:`TextFromModule` reads it: the presentation methods as
    functions of the state (no ``names`` for labels: such a game names no other player in one)."""

    def display_title(self, lang: str = "en", /) -> str: ...

    def describe(self, event: Event, names: Names, lang: str = "en", /) -> str: ...

    def label(self, state: GameState, seat: str, action: Action, lang: str = "en", /) -> str: ...

    def prompt(self, state: GameState, seat: str, lang: str = "en", /) -> str: ...

    def help_sections(self, lang: str = "en", /) -> list[tuple[str, str]]: ...

    def category_name(self, category: str, lang: str = "en", /) -> str: ...

    def private_summary(self, state: GameState, seat: str, lang: str = "en", /) -> str: ...

    def private_choices(self, state: GameState, seat: str, /) -> bool: ...


class TextFromModule(PresentationBase):
    """The presentation read from a game's ``text`` module.

    A game whose texts live in one module (functions ``describe``, ``label``, ``prompt``,
    ``help_sections``, ``category_name``, ``display_title``, ``private_summary`` and
    ``private_choices``, each taking ``lang``) sets ``text = module`` on its rules class and
    inherits these methods instead of writing the same delegations.
    """

    text: TextModule

    def display_title(self, lang: str = "en") -> str:
        return self.text.display_title(lang)

    def describe(self, event: Event, names: Names, lang: str = "en") -> str:
        return self.text.describe(event, names, lang)

    def label(
        self, state: GameState, seat: str, action: Action, lang: str = "en", names: Names | None = None
    ) -> str:
        return self.text.label(state, seat, action, lang)

    def prompt(self, state: GameState, seat: str, lang: str = "en") -> str:
        return self.text.prompt(state, seat, lang)

    def help_sections(self, lang: str = "en") -> list[tuple[str, str]]:
        return list(self.text.help_sections(lang))

    def category_name(self, category: str, lang: str = "en") -> str:
        return self.text.category_name(category, lang)

    def private_summary(self, state: GameState, seat: str, lang: str = "en") -> str:
        return self.text.private_summary(state, seat, lang)

    def private_choices(self, state: GameState, seat: str) -> bool:
        return self.text.private_choices(state, seat)
