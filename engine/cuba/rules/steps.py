"""Which phase decides each step: the legal actions and the apply function of every step, as
each phase module declares them."""

from __future__ import annotations

from engine.core import Action, Event
from engine.cuba.rules import actions, parliament, setup, statutes
from engine.cuba.rules.common import Apply, Legal, to_act
from engine.cuba.state import State

LEGAL: dict[str, Legal] = {**setup.LEGAL, **actions.LEGAL, **parliament.LEGAL, **statutes.LEGAL}
APPLY: dict[str, Apply] = {**setup.APPLY, **actions.APPLY, **parliament.APPLY, **statutes.APPLY}


def legal_actions(state: State, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    return LEGAL[state["step"]](state, seat)


def apply_action(state: State, seat: str, action: Action, events: list[Event]) -> None:
    """Run ``action`` (already known to be legal) on ``state`` in place."""
    APPLY[state["step"]](state, seat, action, events)
