"""Santiago de Cuba (Rieneck & Stadler, 2011) behind the engine contract: ``RULES``.

The rules follow ``/work/shared/rules/santiago.md``. Data is in :mod:`engine.santiago.data`, the
turn in :mod:`engine.santiago.rules`, the view in :mod:`engine.santiago.view`, the refusal
sentences in :mod:`engine.santiago.explain` and the texts in :mod:`engine.santiago.text`, all in
every language from the catalogues in ``engine/santiago/locales``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, IllegalAction, Progress, Result
from engine.presentation import TextFromModule
from engine.santiago import data as d
from engine.santiago import text
from engine.santiago.explain import explain
from engine.santiago.rules import apply_action, legal_actions, new_game, to_act
from engine.santiago.state import State, copy_state, dump_state, load_state
from engine.santiago.view import build_view, rank_result

__all__ = ["RULES", "SantiagoRules"]

#: Words a player may type for the canonical ones.
ALIASES: dict[str, str] = {
    "pesos": "peso",
    "cigars": "cigar",
    "café": "cafe",
    "josé": "jose",
    "sugarcane": "sugar",
    "cane": "sugar",
    "fruit": "citrus",
    "citrusfruit": "citrus",
    "zorro": "zorro",
    "elzorro": "zorro",
}


def canonical(state: State, action: Action) -> Action:
    """The canonical form of a typed action: plural and accented words read as the canonical
    ones, a delivery's count may come before the good ("deliver 2 tobacco", "deliver wood
    tobacco 2"), the café's goods in rum-then-cigar order."""
    args = tuple(ALIASES.get(a, a) if isinstance(a, str) else a for a in action.args)
    kind = action.kind
    if kind in ("deliver", "wood") and len(args) == 2 and isinstance(args[0], int):
        args = (args[1], args[0])  # "deliver 2 tobacco"
    if kind == "deliver" and args[:1] == (d.WOOD,):
        kind, args = "wood", args[1:]  # "deliver wood tobacco 2"
        if len(args) == 2 and isinstance(args[0], int):
            args = (args[1], args[0])
    action = Action(kind, args)
    at_cafe = state["step"] == "use" and state["pending"]["building"] == d.CAFE
    if at_cafe and action.kind == "use" and len(args) == 2 and set(args) == set(d.CAFE_GOODS):
        args = tuple(d.CAFE_GOODS)
    return Action(action.kind, args)


def refusal(state: State, seat: str, action: Action) -> IllegalAction:
    """Why ``action`` is refused, in whichever language the reader asks for. The state is
    copied so that the sentence does not change if the caller later changes its state."""
    frozen = copy_state(state)
    return IllegalAction(lambda lang: explain(frozen, seat, action, lang))


class SantiagoRules(TextFromModule):
    """The Santiago de Cuba rules engine (see :mod:`engine.core` for the contract)."""

    id = "santiago"
    title = "Santiago de Cuba"
    text = text
    min_players = d.MIN_PLAYERS
    max_players = d.MAX_PLAYERS
    options: Mapping[str, Any] = dict(d.OPTIONS)

    def new(self, players: list[str], seed: int, **options: Any) -> State:
        state, _ = new_game(list(players), seed, options)
        return state

    def start(self, players: list[str], seed: int, **options: Any) -> tuple[State, list[Event]]:
        """Like :meth:`new`, with the setup events (placement, the first roll) for the log."""
        return new_game(list(players), seed, options)

    def to_act(self, state: State) -> list[str]:
        return to_act(state)

    def legal(self, state: State, seat: str) -> list[Action]:
        return legal_actions(state, seat)

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, Action) or action not in legal_actions(state, seat):
            raise refusal(state, seat, action)
        new = copy_state(state)
        events: list[Event] = []
        apply_action(new, seat, action, events)
        return new, events

    def parse(self, state: State, seat: str, text_: str) -> Action:
        action = canonical(state, Action.from_text(text_))
        if action in legal_actions(state, seat):
            return action
        raise refusal(state, seat, action)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        if state["result"] is None:
            return None
        return rank_result(state)

    def public_scores(self, state: State) -> dict[str, int] | None:
        """The points the open table shows (``/game status``): none while the VP are behind the
        screens, each player's VP with ``open_holdings`` and once the game is over."""
        result = self.result(state)
        if result is not None:
            return dict(result.scores)
        view = build_view(state, None)
        players = view["players"]
        if not all("vp" in players[s] for s in state["seats"]):
            return None
        return {s: players[s]["vp"] for s in state["seats"]}

    def progress(self, state: State) -> Progress:
        """Santiago has no numbered rounds; the ship in the harbour (1…7) stands for one: a
        round ends when its ship sails. The points are each player's true VP, although the
        table keeps them behind the screens: the summary is drawn only once the game is over and
        everything is revealed. At the end: the final scores (with 1 VP per 3 goods left)."""
        result = self.result(state)
        scores = dict(result.scores) if result else {s: state["players"][s]["vp"] for s in state["seats"]}
        return {"round": state["ship"]["number"], "scores": scores}

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(data)


RULES = SantiagoRules()
