"""Every DM sent for a decision is kept and closed (issue 27).

A DM that asks a secret decision (Cuba's parliament bids, the variant's card; :mod:`bot.service.turns`)
is kept: its message id goes to the store (``decision_dms``) once the delivery's DMs are out —
the DMs it sent and the kept DMs it closed in one write (:func:`delivered`) —, so a restart
does not lose it. It is *closed* — edited to say what was decided, or that the moment passed, and
stripped of its buttons and picture — at the first change after which its seat no longer faces
that decision, whatever made the change: the DM's own button, the My turn panel, a typed move, a
timer or a stand-in playing for the seat, the game ending, a moderator or host ending it.
(A DM's own press first turns it into "You chose: …" by the interaction's answer; the closing
edit says the same.) A press on a closed DM's old button is refused in one sentence with a link
to the current turn (:meth:`bot.service.presenter.Presenter.refuse_stale`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.service.outcome import ClosedDm, Decision, PrivateMessage, SentDm
from bot.stores.rows import DecisionDm
from bot.texts import t

if TYPE_CHECKING:
    from bot.service.tables import Applied, Table, Tables
    from bot.stores.protocol import GameStore

log = logging.getLogger(__name__)


async def delivered(
    store: GameStore, sent: list[tuple[PrivateMessage, SentDm]], closed: list[ClosedDm]
) -> None:
    """A delivery's decision DMs went out (kept until closed) and its kept DMs were closed (or
    are gone: forgotten), in one store write."""
    added = [
        DecisionDm(
            dm.decision.game_pk,
            out.message_id,
            out.channel_id,
            dm.user_id,
            dm.decision.seat,
            dm.decision.version,
        )
        for dm, out in sent
        if dm.decision is not None and out.message_id is not None and out.channel_id is not None
    ]
    await store.write_decision_dms(added, [(c.game_pk, c.message_id) for c in closed])


def tag(table: Table, seat: str) -> Decision:
    """What a DM asking ``seat``'s decision at ``table`` as it is now is about."""
    return Decision(table.row.id, seat, table.row.version)


def still_asked(table: Table, dm: DecisionDm, starting: tuple[str, ...]) -> bool:
    """Whether ``dm``'s decision is still before its seat: the game runs, the seat is to act
    with private choices, and no new turn of it began since (a new DM asks that one)."""
    rules, state = table.rules, table.state
    if table.row.status != "active" or state is None or rules.result(state) is not None:
        return False
    if dm.seat in starting and dm.version < table.row.version:
        return False
    return dm.seat in rules.to_act(state) and bool(rules.private_choices(state, dm.seat))


async def closing(
    tables: Tables, table: Table, applied: Applied | None = None, starting: tuple[str, ...] = ()
) -> list[ClosedDm]:
    """The kept DMs of ``table``'s game to close after a change (``applied``: the action that
    made it, None when the game was ended or closed otherwise; ``starting``: the seats whose
    turn begins with it), each in its reader's language: what its seat decided when this change
    is that seat's decision, else that the moment passed."""
    open_dms = await tables.store.decision_dms(table.row.id)
    if not open_dms:
        return []
    ending = [dm for dm in open_dms if not still_asked(table, dm, starting)]
    langs = await tables.user_langs([dm.user_id for dm in ending]) if ending else {}
    return [
        ClosedDm(dm.game_pk, dm.channel_id, dm.message_id, said(table, dm, applied, langs[dm.user_id]))
        for dm in ending
    ]


def said(table: Table, dm: DecisionDm, applied: Applied | None, lang: str) -> str:
    """What a closed DM says, in ``lang``."""
    title = table.rules.display_title(lang)
    if applied is not None and applied.seat == dm.seat and applied.before is not None and applied.action_text:
        rules = table.rules
        try:
            action = rules.parse(applied.before, dm.seat, applied.action_text)
            label = rules.label(applied.before, dm.seat, action, lang, table.names)
        except Exception:  # not a move of the seat's (an undo): the moment simply passed
            log.debug("no label for %r", applied.action_text, exc_info=True)
        else:
            return t("dm_decided", lang, title=title, label=label)
    return t("dm_moment_passed", lang, title=title)
