"""Where a button may be pressed: every press is checked against where it was offered.

A button's custom_id (``tw:<verb>:<game>:<version>:<action>``, :mod:`bot.service.outcome`) names its
game, and anyone can send any custom_id from anywhere — a forged interaction from a DM or from
another server's channel. So before a press does anything, the place it came from must be one
where the bot offered that button:

* every button the bot offers in public — a lobby's **Join** (in the rematch's invitation), the
  board's moves, **My turn**, **My hand**, **?**, the hint, a vote to replace a player, the
  **Rematch** under the final scores — and every button of an ephemeral panel opened from them
  is pressed in the game's own channel or thread (``GameRow.channel_id``);
* in a direct message (``channel_id`` None) the bot only offers a seated player's *private*
  decision (a secret bid, and the private step that follows it in the same DM, see
  :meth:`bot.service.presenter.Presenter.call_dm`): a move (``a``) or a narrowing (``n``) of the
  presser's own seat while it is to act and its choices are private.

Anything else is refused with one sentence and changes nothing. Who may press (a seat's own
user, the host…) is each command's own check; this module only says *where*.
"""

from __future__ import annotations

from bot.service.outcome import ParsedCustomId
from bot.service.tables import Tables

#: The verbs the bot offers in a DM (a private decision's moves and narrowings).
DM_VERBS = frozenset("an")


async def offered_here(tables: Tables, parsed: ParsedCustomId, user_id: int, channel_id: int | None) -> bool:
    """Whether a press of ``parsed`` by ``user_id`` from ``channel_id`` (None: a DM with the
    bot) comes from a place the bot offers that button. A button of a game that does not exist
    is let through: the command's own refusal names that."""
    cached = tables.cached.get(parsed.game_pk)
    if cached is not None and channel_id is not None:  # a game never changes its channel
        return channel_id == cached.row.channel_id
    row = await tables.store.game(parsed.game_pk)
    if row is None:
        return True
    if channel_id is not None:
        return channel_id == row.channel_id
    if parsed.verb not in DM_VERBS:
        return False
    table = await tables.load(row)
    if row.status != "active" or table.state is None:
        return True  # the move's own refusal says the game is not running (or broken)
    seat = table.seat_of(user_id)
    if seat is None:
        return True  # refused as "not seated" by the move itself
    rules, state = table.rules, table.state
    return seat.seat in rules.to_act(state) and bool(rules.private_choices(state, seat.seat))
