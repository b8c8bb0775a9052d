"""When a turn changes: what earns a new message in the channel (and a mention), and what only
updates the live messages in place.

While the seats to act stay the same or grow fewer within one phase, nobody's turn begins: that
is a sub-step of the same seat's turn (Cuba's worker field after field, Goa's colony and the
goods it fills) or one bid of a simultaneous secret step while the others still bid. When a
seat that was not to act must act, or a phase ends, the turn of every seat to act begins (the
tied bidders of Cuba's second bid all bid anew, also the one whose bid closed the first). A
phase is the round of ``rules.progress`` together with the public view's ``"phase"`` (Cuba's
and Goa's views name theirs; Santiago's rounds are its ships).

:mod:`bot.service.flow` posts a new message and mentions the seats whose turn begins only at such a
change; the table bench (``bench/table.py``) counts turns with the same function.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Rules


def phase_key(rules: Rules, state: Any, view: Mapping[str, Any] | None = None) -> tuple[Any, Any]:
    """(round, phase) of ``state``; ``view`` is its public view when the caller has it."""
    if view is None:
        view = rules.view(state, None)
    return rules.progress(state).get("round"), view.get("phase")


@dataclass(frozen=True)
class TurnChange:
    """What a change from one state to the next means for the table."""

    #: The seats whose turn begins, in the order ``rules.to_act`` gives them.
    starting: tuple[str, ...]
    #: The round or the phase changed (or the game just began).
    phase_ended: bool
    #: The game is over.
    over: bool
    #: The turn passes between the bidders of one auction lot (Goa's): the public view's
    #: ``auction`` names the same ``lot`` before and after.
    same_lot: bool = False

    @property
    def new_turn(self) -> bool:
        """Whether the table needs a new message: a turn begins, a phase ended, the game ended."""
        return bool(self.starting) or self.phase_ended or self.over


def change(
    rules: Rules,
    before: Any,
    after: Any,
    views: tuple[Mapping[str, Any] | None, Mapping[str, Any] | None] = (None, None),
) -> TurnChange:
    """The change from ``before`` to ``after`` (``before`` None: the game just began);
    ``views`` are their public views when the caller has them."""
    now = rules.to_act(after)
    over = rules.result(after) is not None
    if before is None:
        return TurnChange(tuple(now), True, over)
    before_view = views[0] if views[0] is not None else rules.view(before, None)
    after_view = views[1] if views[1] is not None else rules.view(after, None)
    phase_ended = phase_key(rules, before, before_view) != phase_key(rules, after, after_view)
    if phase_ended or not set(now) <= set(rules.to_act(before)):
        lot = auction_lot(before_view)
        same_lot = not phase_ended and not over and lot is not None and lot == auction_lot(after_view)
        return TurnChange(tuple(now), phase_ended, over, same_lot)
    return TurnChange((), False, over)


def auction_lot(view: Mapping[str, Any]) -> Any:
    """The lot an open auction sells (a public view's ``auction`` with its ``lot``, as Goa's
    names it), or None when no auction is open."""
    auction = view.get("auction")
    return auction.get("lot") if isinstance(auction, Mapping) else None


def secret_simultaneous(rules: Rules, state: Any, seat: str) -> bool:
    """Whether ``seat`` faces a secret simultaneous decision: several seats must act at once
    and its choices are private (Cuba's parliament bids, the variant's card). These are the
    decisions a DM is sent for; every other private choice is made in the ephemeral My turn
    panel beside the board."""
    to_act = rules.to_act(state)
    return len(to_act) > 1 and seat in to_act and rules.private_choices(state, seat)


def asked_in_secret(rules: Rules, turn: TurnChange, after: Any) -> list[str]:
    """The seats whose turn begins with a secret simultaneous decision
    (:func:`secret_simultaneous`)."""
    return [seat for seat in turn.starting if secret_simultaneous(rules, after, seat)]
