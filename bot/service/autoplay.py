"""Only one choice: the table plays it for the player.

When a person is to act and the rules leave them exactly one legal action, nobody should have to
come back to press it. The table plays it for them — with a line in the log saying so — provided

* the table has not turned this off (``/game settings auto_play: False``, ``GameRow.auto_single``);
* the choice is not private (``rules.private_choices``): that a secret decision had one option
  would itself tell the table something (no money left for a bid), so those wait for the player;
* playing it reveals nothing and draws nothing (its events are undoable), so that it could have
  been taken back like any move: a draw or a reveal stays the player's own act.

The automatic play is logged as the seat's play with one more event of kind ``"auto"`` first,
which :func:`describe` writes as that line, and which the store reads to tell the seat's own
moves from the table's (``last_acts``). ``/game undo`` takes back the player's last move of their
own together with the automatic plays that followed it (``bot.service.front``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.texts import t
from engine.core import Action, Event, IllegalAction, Rules, undoable

if TYPE_CHECKING:
    from bot.service.tables import Table

#: The event kind of an automatic play.
AUTO = "auto"
#: At most this many automatic plays follow one move (a guard, far above any game's need).
MAX_CHAIN = 40


def describe(rules: Rules, event: Event, names: Mapping[str, str], lang: str) -> str:
    """A public log line for ``event``: the rules' own, or the automatic play's."""
    if event.kind == AUTO:
        return t("auto_played", lang, name=names.get(event.seat or "", event.seat or ""))
    return rules.describe(event, names, lang)


def is_auto(events: list[dict[str, Any]]) -> bool:
    """Whether a logged action's events mark it as an automatic play."""
    return any(e.get("kind") == AUTO for e in events)


def only_choice(table: Table, moved_by_computer: set[str]) -> tuple[str, Action, Any, list[Event]] | None:
    """The first person's only choice the table may play for them now, as (seat, action, the
    state after it, its events with the ``auto`` event first); None when there is none."""
    rules, state = table.rules, table.state
    if not table.row.auto_single or state is None or rules.result(state) is not None:
        return None
    for seat in rules.to_act(state):
        row = table.seat(seat)
        if row.is_bot or row.user_id is None or seat in moved_by_computer:
            continue
        if rules.private_choices(state, seat):
            continue
        legal = rules.legal(state, seat)
        if len(legal) != 1:
            continue
        try:
            after, events = rules.apply(state, seat, legal[0])
        except IllegalAction:
            continue
        if not undoable(events):
            continue
        return seat, legal[0], after, [Event(AUTO, seat), *events]
    return None
