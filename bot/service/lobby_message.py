"""The lobby message: the table's first message, with its buttons — **Join**, **Leave**, **Add
computer** and **Start** (the last two for the host) — kept current as seats fill.

It is posted when the table opens and is edited (never posted again) whenever a seat is taken
or freed, so that it always lists who sits at the table. Its id is kept as the game's live turn
message (:class:`~bot.stores.rows.LiveMessages`, with its words as ``turn_text``): when the game
starts, the first turn message retires it like any earlier turn (:func:`bot.service.flow.compose`), so it
keeps its words and loses its buttons. Each press is checked like the command it stands for
(:mod:`bot.service.places` for where; :mod:`bot.service.lobby` for who and when).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service import hours
from bot.service.outcome import TURN, Choice, Live, PublicMessage, custom_id
from bot.service.tables import join_names
from bot.texts import t

if TYPE_CHECKING:
    from bot.service.tables import Table
    from bot.stores.protocol import GameStore

#: The lobby's buttons: (custom_id verb, label key, style). ``j`` is also the rematch's Join.
BUTTONS = (
    ("j", "btn_join", "success"),
    ("x", "btn_leave", "secondary"),
    ("b", "btn_add_computer", "secondary"),
    ("s", "btn_start", "primary"),
)
#: The verbs of the lobby's buttons.
VERBS = frozenset(verb for verb, _key, _style in BUTTONS)


def choices(table: Table) -> list[Choice]:
    """The lobby's buttons, labelled in the game's language (a lobby is at version 0)."""
    return [
        Choice(t(key, table.lang), custom_id(verb, table.row.id, 0), "lobby", style)
        for verb, key, style in BUTTONS
    ]


def text(table: Table, expiry_s: float) -> str:
    """What the lobby message says: the table opened by its host, when it closes unstarted, and
    who sits at it."""
    rules, lang = table.rules, table.lang
    values = {
        "host": table.name("p0"),
        "title": table.title,
        "min": rules.min_players,
        "max": rules.max_players,
    }
    opened = t("lobby_opened", lang, **values)
    expires = t("lobby_expires", lang, when=hours.stamp(table.row.created + expiry_s))
    seated = t("lobby_list", lang, seats=join_names(list(table.names.values()), lang))
    taken = t("seats_taken", lang, count=len(table.seats), max=rules.max_players)
    return f"{opened} {expires}\n{seated} {taken}"


async def current(store: GameStore, table: Table, expiry_s: float) -> PublicMessage:
    """The lobby message as it reads now: an edit of the one posted (posted anew when its id is
    not known, or when it is gone); its words are kept for the start to retire it."""
    said = text(table, expiry_s)
    live = await store.live_messages(table.row.id)
    await store.set_live_messages(table.row.id, turn_text=said)
    return PublicMessage(
        table.row.channel_id,
        said,
        choices=choices(table),
        edit_id=live.turn_id,
        live=Live(table.row.id, 0, TURN),
    )
