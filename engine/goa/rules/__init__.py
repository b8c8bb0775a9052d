"""Goa (1st edition) rules: setup, marker placement, auctions, actions, extra actions, scoring.

The flow of a round is ``flag`` → ``marker`` (the chain) → ``auction`` (one lot after the other)
→ ``actions`` (three turns each) → ``extra`` (additional-action cards) → the next round. Small
decisions inside a step (which plantation to give up, which spices to put where, whether to pay
colonists) are ``State.pending`` entries that the owner answers one action at a time.

:class:`GoaRules` is the contract (:class:`engine.core.Rules`); it only dispatches: each phase
is a module of this package (``setup``, ``placement``, ``auction``, ``rounds`` with ``actions``
and ``tiles``, ``pending``, ``scoring``) and ``common`` holds what they share. This module is
Nothing here knows a sentence or what a seat sees: :mod:`engine.goa` (the registration) gives
:class:`GoaRules` the words (:mod:`engine.goa.text.table`, a :class:`GoaText`: the presentation
half of the contract and the setup's refusals), the sentence that explains a refused action
(:func:`engine.goa.text.explain.refusal`, a :data:`GoaExplainer`) and the view
(:func:`engine.goa.view.build_view`). None of them imports the rules: they read the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.core import Action, ChoiceGroup, Event, IllegalAction, Names, Progress, Result, RulesBase
from engine.goa import data
from engine.goa.rules import auction, headstart, pending, placement, rounds, scoring, setup
from engine.goa.rules.common import own
from engine.goa.rules.scoring import CATEGORIES, HIDDEN_CATEGORIES
from engine.goa.state import State, current, flag_side, pos_name, read_pos
from engine.presentation import PresentationBase

__all__ = ["CATEGORIES", "HIDDEN_CATEGORIES", "GoaExplainer", "GoaRules", "GoaText", "GoaViewer"]


class GoaText(Protocol):
    """The words :class:`GoaRules` hands on: what :mod:`engine.goa.text.table` provides."""

    def display_title(self, lang: str = "en", /) -> str: ...
    def category_name(self, category: str, lang: str = "en", /) -> str: ...
    def describe(self, event: Event, names: Names, lang: str = "en", /) -> str: ...
    def label(
        self, s: State, seat: str, action: Action, lang: str = "en", names: Names | None = None, /
    ) -> str: ...
    def prompt(self, s: State, seat: str, lang: str = "en", /) -> str: ...
    def flag_group_name(self, side: str, places: Sequence[str], lang: str = "en", /) -> str: ...
    def trade_group_name(self, row: int, places: Sequence[str], lang: str = "en", /) -> str: ...
    def help_sections(self, lang: str = "en", /) -> list[tuple[str, str]]: ...
    def private_summary(self, s: State, seat: str, lang: str = "en", /) -> str: ...
    def option_refusal(self, problem: str, values: Sequence[str] = (), lang: str = "en", /) -> str: ...


#: Why an action is refused: (state, seat, action, the seat's legal actions, language) → a sentence.
GoaExplainer = Callable[[State, str, Action, list[Action], str], str]

#: What a seat sees: (state, seat or None for the public table, the result once over) → the view.
GoaViewer = Callable[[State, str | None, Result | None], Mapping[str, Any]]


class GoaRules(RulesBase, PresentationBase):
    """The Goa rules behind the :class:`engine.core.Game` contract; ``text`` gives their words
    and ``view`` what a seat sees (the registration hands both in)."""

    id = "goa"
    title = "Goa"
    min_players = 2
    max_players = 4
    #: ``revision``: the rules revision (``data.REVISIONS``); games begun under an older one keep
    #: it. ``head_start``: the 1st-edition 'Rule Variant' (off by default).
    options: Mapping[str, Any] = dict(data.OPTIONS)

    def __init__(self, text: GoaText, view: GoaViewer, explain: GoaExplainer) -> None:
        self.text = text
        self._view = view
        self._explain = explain

    # ---------------------------------------------------------------------------- setup

    def new(self, players: list[str], seed: int, **options: Any) -> State:
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise IllegalAction(lambda lang: self.text.option_refusal("unknown", unknown, lang))
        number = options.get("revision", data.CURRENT)
        if type(number) is not int or number not in data.REVISIONS:
            numbers = [str(k) for k in sorted(data.REVISIONS)]
            raise IllegalAction(lambda lang: self.text.option_refusal("revision", numbers, lang))
        head_start = options.get("head_start", data.OPTIONS["head_start"])
        if type(head_start) is not bool:
            raise IllegalAction(lambda lang: self.text.option_refusal("head_start", (), lang))
        if len(players) not in data.PLAYER_COUNTS:
            raise IllegalAction(lambda lang: self.text.option_refusal("players", (), lang))
        return setup.new_state(players, seed, number, head_start)

    # ---------------------------------------------------------------------------- who acts

    def current(self, s: State) -> int | None:
        """The index of the seat that acts now, or None when the game is over."""
        return current(s)

    def to_act(self, s: State) -> list[str]:
        i = current(s)
        return [] if i is None else [s.seats[i]]

    # ---------------------------------------------------------------------------- legal, apply

    def legal(self, s: State, seat: str) -> list[Action]:
        i = current(s)
        if i is None or s.seats[i] != seat:
            return []
        if s.pending:
            return pending.legal(s, s.pending[0])
        phase = s.phase
        if phase == "actions" or phase == "extra":
            return rounds.legal(s, i)
        if phase == "auction":
            return auction.legal(s, i)
        if phase == "head":
            return headstart.legal(s)
        return placement.legal(s)

    def apply(self, s: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if action not in self.legal(s, seat):
            raise self._refused(s, seat, action)
        i = s.seats.index(seat)
        s = s.copy_table()
        own(s, i)
        events: list[Event] = []
        if s.pending:
            pending.answer(s, i, s.pending.pop(0), action, events)
        elif s.phase in ("actions", "extra"):
            rounds.play(s, i, action, events)
        elif s.phase == "auction":
            auction.play(s, i, action, events)
        elif s.phase == "marker":
            placement.place_marker(s, i, action, events)
        elif s.phase == "head":
            headstart.play(s, i, action, events)
        else:
            placement.place_flag(s, i, action, events)
        pending.drop_idle(s)
        rounds.settle(s, events)
        return s, events

    # ---------------------------------------------------------------------------- scoring

    def scores(self, s: State) -> dict[str, dict[str, int]]:
        """Points by category for every seat (what the end scoring would give now)."""
        return scoring.scores(s)

    def result(self, s: State) -> Result | None:
        return scoring.result(s)

    def public_scores(self, s: State) -> dict[str, int]:
        """The points the open table shows (``/game status``): what :meth:`progress` counts —
        never the kept cards or the ducats, which are hidden until the end."""
        scores: dict[str, int] = self.progress(s)["scores"]
        return scores

    def progress(self, s: State) -> Progress:
        """Goa scores everything at the end, so "points so far" are what the open table would
        score if the game ended now: progress markers, colonies, single plantations, the duty
        used and missions. Kept cards and the most-ducats bonus are hidden until the end and
        count only then, when ``scores`` equals the result's."""
        result = scoring.result(s)
        if result is not None:
            return {"round": s.round, "scores": dict(result.scores)}
        return {"round": s.round, "scores": scoring.open_points(s)}

    # ---------------------------------------------------------------------------- text

    def parse(self, s: State, seat: str, text: str) -> Action:
        wanted = Action.from_text(text)
        if wanted in self.legal(s, seat):
            return wanted
        raise self._refused(s, seat, wanted)

    def refusal(self, s: State, seat: str, action: Action, lang: str = "en") -> str:
        """Why ``action`` is not legal for ``seat`` now, as one sentence in ``lang``."""
        return self._explain(s, seat, action, self.legal(s, seat), lang)

    def _refused(self, s: State, seat: str, action: Action) -> IllegalAction:
        """The refusal of ``action``, readable in every language (``err.text(lang)``)."""
        return IllegalAction(lambda lang: self.refusal(s, seat, action, lang))

    def display_title(self, lang: str = "en") -> str:
        return self.text.display_title(lang)

    def category_name(self, category: str, lang: str = "en") -> str:
        return self.text.category_name(category, lang)

    def describe(self, event: Event, names: Mapping[str, str], lang: str = "en") -> str:
        return self.text.describe(event, names, lang)

    def label(
        self, s: State, seat: str, action: Action, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return self.text.label(s, seat, action, lang, names)

    def prompt(self, s: State, seat: str, lang: str = "en") -> str:
        return self.text.prompt(s, seat, lang)

    def choice_group(self, s: State, seat: str, action: Action, lang: str = "en") -> ChoiceGroup | None:
        """Moves to a place on the board, by where a player finds it: the flag's places by ring
        side and board row (``Flag on the top edge: A0 C0``), the trading post's tiles by row
        (``Trade for a tile in row 2: A2 D2``), each group naming every place it holds; the
        other moves are grouped by their words."""
        if action.kind not in ("flag", "trade") or not action.args:
            return None
        where = read_pos(str(action.args[0]))
        if where is None:
            return None
        if action.kind == "flag":
            side = flag_side(where)
            places = tuple(pos_name(q).upper() for q in placement.flag_places(s) if flag_side(q) == side)
            return ChoiceGroup(side, self.text.flag_group_name(side, places, lang), places)
        row = where[0] + 1
        alike = [str(a.args[0]).upper() for a in self.legal(s, seat) if a.kind == "trade" and a.args]
        places = tuple(p for p in alike if p[1:] == str(row))
        return ChoiceGroup(f"trade-row-{row}", self.text.trade_group_name(row, places, lang), places)

    def help_sections(self, lang: str = "en") -> list[tuple[str, str]]:
        return self.text.help_sections(lang)

    def private_summary(self, s: State, seat: str, lang: str = "en") -> str:
        return self.text.private_summary(s, seat, lang)

    def private_choices(self, s: State, seat: str) -> bool:
        """Bids and outbids are bounded by hidden ducats; turns (and the cards to shed over the
        hand limit, and the card one may still play after an action) list cards from the hidden
        hand."""
        i = current(s)
        if i is None or s.seats[i] != seat:
            return False
        if s.pending:  # cards to shed over the hand limit, or one to play after an action: the hidden hand
            return s.pending[0]["kind"] in ("shed", "after")
        if s.phase == "auction":
            return s.auc_step < len(s.seats) - 1 or s.high_seat >= 0
        return s.phase in ("actions", "extra") and bool(s.players[i].hand)

    # ---------------------------------------------------------------------------- view, dump

    def view(self, s: State, seat: str | None) -> Mapping[str, Any]:
        return self._view(s, seat, scoring.result(s))

    def dump(self, s: State) -> dict[str, Any]:
        return s.to_dict()

    def load(self, d: Mapping[str, Any]) -> State:
        return State.from_dict(dict(d))
