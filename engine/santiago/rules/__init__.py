"""The Santiago de Cuba rules engine behind the engine contract, and the rules by part of the turn.

Each part has its module — :mod:`~engine.santiago.rules.setup`, :mod:`~engine.santiago.rules.ship`,
:mod:`~engine.santiago.rules.car`, :mod:`~engine.santiago.rules.cubans`,
:mod:`~engine.santiago.rules.buildings`, :mod:`~engine.santiago.rules.delivery` and
:mod:`~engine.santiago.rules.end`; :mod:`~engine.santiago.rules.steps` dispatches each step and
action to them, and what they share is in :mod:`~engine.santiago.rules.common`. Nothing here
knows a sentence or what a seat sees: :mod:`engine.santiago` (the registration) gives
:class:`SantiagoRules` the texts and the refusals (:mod:`engine.santiago.text`) and the view
(:mod:`engine.santiago.view`), which both read the rules.

Every function that changes the game works on a fresh copy of the state (made by ``apply``) and
appends :class:`Event` values to ``events``. A turn is a sequence of small decisions, each a
``step`` of the state:

``dice``    the roller sets one of the 5 rolled dice aside (``aside <good>``);
``drive``   the car moves (``drive <n>``: the first step is free, each further step 1 peso);
``pablo``   Pablo's good (``take <good>``);
``zorro``   an El Zorro victim hands over 1 peso, 1 VP or 1 good that is not wood
            (``give peso|vp|<good>``);
``alonso``  ``claim <building>`` (property marker), ``run <building>`` (use one you own) or
            ``skip`` (neither: Alonso is optional, like every Cuban);
``go``      the figure's building among several free ones of the colour (``go <building>``);
``use``     the building's effect (``use …``) or ``skip``;
``deliver`` a delivery round: ``deliver <good> <n>``, ``wood <good> <n>`` or ``pass`` — every seat
            still in the round is asked, also one with nothing it could deliver, so that a pass
            never tells the table why (rulebook 2011, Port: "Anyone who does not want to deliver
            or is not able to deliver any goods must pass").

A departure never interrupts the turn (rulebook 2011, A new ship): the new ship comes in without
dice, the turn goes on, and :func:`~engine.santiago.rules.turn.end_turn` has the player who sent
the old one off roll its dice — after the owner's point — before the next player's turn. What a
decision leads to is a *continuation* in ``pending["then"]`` (:class:`~engine.santiago.state.Then`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, Progress, Result
from engine.rules_parts import PlainStateRules
from engine.santiago import data as d
from engine.santiago.rules.common import active_seat, to_act
from engine.santiago.rules.end import rank_result
from engine.santiago.rules.setup import new_game
from engine.santiago.rules.steps import apply_action, legal_actions
from engine.santiago.state import State, copy_state, dump_state, load_state

__all__ = ["SantiagoRules", "active_seat", "apply_action", "legal_actions", "new_game", "to_act"]

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


class SantiagoRules(PlainStateRules[State]):
    """The Santiago de Cuba rules engine (see :mod:`engine.core` for the contract)."""

    id = "santiago"
    title = "Santiago de Cuba"
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

    def copy(self, state: State) -> State:
        return copy_state(state)

    def run(self, state: State, seat: str, action: Action, events: list[Event]) -> None:
        apply_action(state, seat, action, events)

    def canonical(self, state: State, action: Action) -> Action:
        return canonical(state, action)

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
        view = self._view(state, None)
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
