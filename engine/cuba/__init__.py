"""Cuba (Rieneck & Stadler, 2007) behind the engine contract: ``RULES``.

The rules follow ``/work/shared/rules/cuba.md``. Data is in :mod:`engine.cuba.data`, the phases
in :mod:`engine.cuba.rules`, the view in :mod:`engine.cuba.view`, the refusal sentences in
:mod:`engine.cuba.explain` and the texts, in every language, in :mod:`engine.cuba.text`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, IllegalAction, Progress, Result, RulesBase, rank_by_keys
from engine.cuba import board as b
from engine.cuba import text
from engine.cuba.data import CARGO, OPTIONS, PIECES, PRODUCTS, RESOURCES
from engine.cuba.explain import explain
from engine.cuba.rules import apply_action, legal_actions, new_game, to_act
from engine.cuba.state import State, copy_state, dump_state, load_state
from engine.cuba.view import build_view
from engine.presentation import TextFromModule

__all__ = ["RULES", "CubaRules"]

_GROUP_WORDS = {"i": "I", "ii": "II", "iii": "III", "iv": "IV"}
_GROUP_ORDER = tuple(_GROUP_WORDS.values())


#: Actions whose arguments name a plantation field: its name may be typed (``worker b2``).
_FIELD_KINDS = frozenset({"worker", "field", "build", "use"})


def _field_words(word: object) -> tuple[int, int] | None:
    return b.parse_field_name(word) if isinstance(word, str) else None


def canonical(action: Action) -> Action:
    """The canonical form of a typed action: a field named as on the board (``b2``) as its row
    and column numbers (``1 1``), roman statute groups upper case, shipped pieces
    and enacted groups in board order, pieces paid or used together (convent, resource shed,
    duty) in board order, the 'at' of a build optional."""
    args = tuple(_GROUP_WORDS.get(a, a) if isinstance(a, str) else a for a in action.args)
    if action.kind in _FIELD_KINDS:  # a field typed by its name on the board: "b2" → 1 1
        args = tuple(part for a in args for part in (_field_words(a) or (a,)))
    if action.kind == "ship" and args:
        head, pieces = args[:1], args[1:]
        if all(p in CARGO for p in pieces):
            args = head + tuple(sorted(pieces, key=CARGO.index))
    elif action.kind in ("use", "pay") and len(args) >= 3:
        head, words = (args[:2], args[2:]) if action.kind == "use" else (args[:1], args[1:])
        same_class = all(w in PRODUCTS for w in words) or all(w in RESOURCES for w in words)
        if same_class:
            args = head + tuple(sorted(words, key=PIECES.index))
    elif action.kind == "enact" and all(a in _GROUP_ORDER for a in args):
        args = tuple(sorted(args, key=lambda group: _GROUP_ORDER.index(str(group))))
    elif action.kind == "build" and len(args) == 3:
        args = (args[0], "at", *args[1:])
    return Action(action.kind, args)


def refusal(state: State, seat: str, action: Action) -> IllegalAction:
    """The refusal of ``action``, explained in whatever language the reader speaks."""
    return IllegalAction(lambda lang: explain(state, seat, action, lang))


class CubaRules(RulesBase, TextFromModule):
    """The Cuba rules engine (see :mod:`engine.core` for the contract)."""

    id = "cuba"
    title = "Cuba"
    text = text
    min_players = 2
    max_players = 5
    options: Mapping[str, Any] = dict(OPTIONS)

    def new(self, players: list[str], seed: int, **options: Any) -> State:
        return new_game(list(players), seed, options)

    def to_act(self, state: State) -> list[str]:
        return to_act(state)

    def legal(self, state: State, seat: str) -> list[Action]:
        return legal_actions(state, seat)

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if state["step"] == "over":
            raise IllegalAction.keyed("game_over")
        if seat not in to_act(state) or action not in legal_actions(state, seat):
            raise refusal(state, seat, action)
        new = copy_state(state)
        events: list[Event] = []
        apply_action(new, seat, action, events)
        return new, events

    def parse(self, state: State, seat: str, text_: str) -> Action:
        action = canonical(Action.from_text(text_))
        if action in legal_actions(state, seat):
            return action
        raise refusal(state, seat, action)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        res = state["result"]
        if res is None:
            return None
        keys = {s: (res["scores"][s], res["pesos"][s]) for s in state["seats"]}
        return rank_by_keys(
            res["scores"],
            keys,
            breakdown={s: dict(v) for s, v in res["breakdown"].items()},
            tiebreak={"pesos": dict(res["pesos"])},
        )

    def public_scores(self, state: State) -> dict[str, int]:
        """The points the open table shows: the VP track (``/game status``)."""
        return self.progress(state)["scores"]

    def progress(self, state: State) -> Progress:
        """The round (1…6) and the VP track; at the end the final scores, with the 2 VP per
        building tile that only the final scoring adds."""
        res = state["result"]
        scores = dict(res["scores"]) if res else {s: state["players"][s]["vp"] for s in state["seats"]}
        return {"round": state["round"], "scores": scores}

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(data)


RULES = CubaRules()
