"""Who is at the table: the people who acted in a game a few minutes ago (the table's
``at_table_s``, ``/game settings at_table_minutes``, 3 minutes by default).

Such a person, called to act again, is named in the turn message without a ping (and gets no
turn DM): they are watching. Anyone else is pinged once per turn, as they asked to be called
(:mod:`bot.service.calls`). Goa's bids go round one lot: while every bidder whose bid comes is at the
table, the lot's message is edited as the bids go round instead of a new message per bid
(:meth:`bot.service.presenter.Presenter.publish`, :attr:`bot.service.turns.TurnChange.same_lot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service.tables import Table
    from bot.stores.protocol import GameStore


async def present(store: GameStore, table: Table, now: float) -> set[str]:
    """The seats of people who acted in ``table``'s game within its ``at_table_s`` of ``now``
    (an only choice the table played for them does not count: they did not act)."""
    window = await store.at_table_s(table.row.id)
    if window <= 0:
        return set()
    acted = await store.last_act_times(table.row.id)
    people = {s.seat for s in table.seats if not s.is_bot and s.user_id is not None}
    return {seat for seat, when in acted.items() if seat in people and now - when <= window}
