"""The Cuba rules engine behind the engine contract, and the rules by phase.

Each phase of a round has its module — :mod:`~engine.cuba.rules.setup`,
:mod:`~engine.cuba.rules.actions` (with :mod:`~engine.cuba.rules.buildings` for the Foreman),
:mod:`~engine.cuba.rules.parliament`, :mod:`~engine.cuba.rules.statutes` and
:mod:`~engine.cuba.rules.round` — declaring the legal actions and the apply function of its steps
(:mod:`~engine.cuba.rules.steps` puts them together); what they share is in
:mod:`~engine.cuba.rules.common`. ``legal`` is the single source of truth: ``apply`` refuses any
action not in it. After each action the game runs forward through every automatic part (yields,
subsidies, the harbour…) until somebody must decide again.

Nothing here knows a sentence or what a seat sees: :mod:`engine.cuba` (the registration) gives
:class:`CubaRules` the texts and the refusals (:mod:`engine.cuba.text`) and the view
(:mod:`engine.cuba.view`), which both read the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, Progress, Result, RulesBase, rank_by_keys
from engine.cuba.data import CARGO, OPTIONS, PIECES, PRODUCTS, RESOURCES
from engine.cuba.rules.common import current_seat, parse_field_name, to_act
from engine.cuba.rules.setup import new_game
from engine.cuba.rules.steps import apply_action, legal_actions
from engine.cuba.state import State, copy_state, dump_state, load_state
from engine.rules_parts import PlainStateRules

__all__ = ["CubaRules", "apply_action", "current_seat", "legal_actions", "new_game", "to_act"]

_GROUP_WORDS = {"i": "I", "ii": "II", "iii": "III", "iv": "IV"}
_GROUP_ORDER = tuple(_GROUP_WORDS.values())


#: Actions whose arguments name a plantation field: its name may be typed (``worker b2``).
_FIELD_KINDS = frozenset({"worker", "field", "build", "use"})


def _field_words(word: object) -> tuple[int, int] | None:
    return parse_field_name(word) if isinstance(word, str) else None


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


class CubaRules(RulesBase, PlainStateRules[State]):
    """The Cuba rules engine (see :mod:`engine.core` for the contract)."""

    id = "cuba"
    title = "Cuba"
    min_players = 2
    max_players = 5
    options: Mapping[str, Any] = dict(OPTIONS)

    def new(self, players: list[str], seed: int, **options: Any) -> State:
        return new_game(list(players), seed, options)

    def to_act(self, state: State) -> list[str]:
        return to_act(state)

    def legal(self, state: State, seat: str) -> list[Action]:
        return legal_actions(state, seat)

    def copy(self, state: State) -> State:
        return copy_state(state)

    def run(self, state: State, seat: str, action: Action, events: list[Event]) -> None:
        apply_action(state, seat, action, events)

    def canonical(self, state: State, action: Action) -> Action:
        return canonical(action)

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
