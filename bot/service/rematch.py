"""Play again: the **Rematch** button under the final scores.

Any person who sat at the finished table may press it. It opens a new lobby for the same game
with the same options, the presser hosting; the computer seats of the old table (those that were
never a person's) are seated again with the same kind of player, and every other person of the
old table is invited with a mention and a **Join** button — one tap each. The new lobby lives
where a new table would: in a thread of its own off the same channel when the old table had one
and the bot may open another (the adapter opens it, :func:`thread_name` names it), else right in
the old table's channel or thread, which the finished game has freed. A second press finds the
rematch already open and points to it.
"""

from __future__ import annotations

from typing import Any

from bot.names import plain
from bot.service.lobby import Lobby
from bot.service.outcome import Choice, Outcome, PublicMessage, custom_id
from bot.service.tables import clip_name
from bot.stores.rows import GameRow, SeatRow
from bot.texts import normalise, t
from engine import GAMES
from engine.i18n import join_words


async def _checked(lobby: Lobby, pk: int, user_id: int, lang: str) -> GameRow | Outcome:
    """The finished game whose rematch ``user_id`` may open, or the refusal."""
    row = await lobby.store.game(pk)
    if row is None or row.status != "finished":
        return Outcome.refuse(t("rematch_not_finished", lang))
    if user_id not in people_of(await lobby.store.seats(pk)):
        return Outcome.refuse(t("rematch_not_player", lang))
    earlier = await lobby.store.rematch(pk)
    if earlier is not None and earlier.status in ("lobby", "active"):
        return Outcome.refuse(t("rematch_open", lang, channel=earlier.channel_id))
    return row


def people_of(seats: list[SeatRow]) -> list[int]:
    """The people of a table: those seated at its end and those whose seats computer players
    took over, in seat order."""
    found: list[int] = []
    for seat in seats:
        for user in (seat.user_id, seat.former_user_id):
            if user is not None and user not in found:
                found.append(user)
    return found


async def thread_name(
    lobby: Lobby, pk: int, user_id: int, user_name: str, *, locale: Any = None
) -> tuple[str, int] | Outcome:
    """Where the adapter should open the rematch's thread: (its name, the channel it hangs off)
    — or the refusal of what :func:`rematch` would refuse, or ``Outcome(ok=True)`` with nothing
    to say when the old table had no thread (the rematch is played where it was)."""
    lang = await lobby.tables.caller_lang(user_id, locale)
    row = await _checked(lobby, pk, user_id, lang)
    if isinstance(row, Outcome):
        return row
    if row.parent_channel_id is None:
        return Outcome()
    language = normalise(row.language)
    host = plain(clip_name(user_name))  # a thread's title shows no markdown
    name = t("thread_name", language, title=GAMES[row.game].display_title(language), host=host)
    return name[:100], row.parent_channel_id


async def rematch(
    lobby: Lobby,
    pk: int,
    user_id: int,
    user_name: str,
    channel_id: int | None,
    *,
    thread_id: int | None = None,
    locale: Any = None,
) -> Outcome:
    """Open the rematch of finished game ``pk``, hosted by ``user_id``: in ``thread_id`` (a new
    thread the adapter opened off the old table's channel) or in the old table's own channel."""
    lang = await lobby.tables.caller_lang(user_id, locale)
    user_name = clip_name(user_name)  # written in the invitation: escaped (bot/names.py)
    row = await _checked(lobby, pk, user_id, lang)
    if isinstance(row, Outcome):
        return row
    old_seats = await lobby.store.seats(pk)
    where = thread_id if thread_id is not None else row.channel_id
    parent = row.parent_channel_id if thread_id is not None else None
    opened = await lobby.new_game(
        where, row.guild_id, user_id, user_name, row.game, dict(row.options),
        guild_locale=row.language, locale=locale, parent_channel_id=parent, rematch_of=pk,
    )  # fmt: skip
    if not opened.ok:
        return opened
    new = await lobby.store.open_game(where)
    if new is None:
        return opened
    seated = []
    for seat in old_seats:  # the computer seats that were never a person's
        if seat.is_bot and seat.bot_kind and seat.former_user_id is None:
            seated += (await lobby.add_bot(where, user_id, seat.bot_kind)).public
    language = normalise(row.language)
    invited = [u for u in people_of(old_seats) if u != user_id]
    mentions = join_words([f"<@{u}>" for u in invited], language)
    title = GAMES[row.game].display_title(language)
    text = t("rematch_invite", language, host=user_name, title=title, mentions=mentions or "—")
    join = Choice(t("btn_join", language), custom_id("j", new.id, 0), "join", "success")
    public = [*opened.public, *seated, PublicMessage(where, text, choices=[join], mentions=invited)]
    if where != row.channel_id:  # the old table's thread points to the new one
        public.append(PublicMessage(row.channel_id, t("rematch_here", language, channel=where)))
    return Outcome(ephemeral=opened.ephemeral, public=public)
