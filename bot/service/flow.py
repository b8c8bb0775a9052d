"""A game's messages in its channel: one live turn message, one live board picture.

What the issue of table manners asked, and why it is done so:

* The **turn message** is the newest message of the game with buttons. It names whose turn it
  is (mentioning them when it is posted) and collects what happens during that turn: every
  sub-step of the turn edits it in place (its log lines grow, its buttons follow). When a new
  turn begins (:mod:`bot.service.turns`), a new turn message is posted — the only moment anybody is
  mentioned — and the old one is *retired*: its whose-turn lines and buttons go, the last lines
  of its turn are added, so the channel reads as a history, one message per turn.
* The **turn picture** (:mod:`render.turn_picture`) is the picture of a turn message that calls
  people: their decision, cut for a phone, with a link button to the board message. The board
  is then a message of its own, posted just before the turn message when it is new
  (:func:`bot.adapter.delivery.deliver` posts it first and fills in the link); a turn message that calls
  nobody (a computer player's) carries the board itself, as before.
* The **board picture** stands in a message of its own or in a turn message: the whole board
  laid out for a phone (:mod:`render.phone_layout`, its areas stacked top to bottom, every word
  readable at a phone's width). It is edited in
  place after every move, wherever it stands, so the picture is always current. A new board is
  posted only when a phase ends or the turn comes to a seat that has already acted under the
  live picture — once round the table; otherwise the picture stays in its message a few turns
  up and only changes. A whole game of 300–500 moves then posts tens of pictures instead of
  hundreds, and a player whose turn begins finds the picture at most one message per other
  player above their own (``bench/table.py`` counts them).

:func:`compose` is the pure part: from the live messages as the store keeps them and what the
service drew, the messages to post or edit and what the store keeps next. The presenter
(:class:`bot.service.presenter.Presenter`) adds the
store reads and writes; :func:`bot.adapter.delivery.deliver` posts and edits, and tells the service the
ids of new messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bot.service.outcome import BOARD, LOBBY, RETIRED, TURN, BoardLink, Choice, Live, PublicMessage, custom_id
from bot.service.turns import TurnChange
from bot.stores.rows import GameRow, LiveMessages
from bot.texts import t

if TYPE_CHECKING:
    from bot.service.catchup import LogSince
    from bot.service.tables import Table
    from bot.stores.protocol import GameStore

#: Discord refuses longer message contents (2000); the rest is margin.
MAX_TEXT = 1900
#: The engines' last event, which lists the scores: the final-scores message says them (by place,
#: with the winners), so the channel does not print them twice (``/game log`` keeps it).
FINAL_EVENT = "game_over"


@dataclass
class Drawn:
    """What the service has to say after a change, in the game's language."""

    header: str  # the game's name, the first line of every turn message
    lines: list[str]  # what just happened (public log lines)
    turn_lines: list[str]  # whose turn it is now, what they decide
    choices: list[Choice] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)  # whose turn begins (only a new message notifies)
    image: bytes | None = None  # the board picture (None: unchanged, or it could not be drawn)
    #: The turn picture of the people called (:mod:`render.turn_picture`; None: nobody is, or unchanged),
    #: and the link to the board under it (its message id filled in by :func:`compose`).
    turn_image: bytes | None = None
    board_link: BoardLink | None = None


def join(*parts: str | None) -> str:
    return "\n".join(p for p in parts if p)


def fit(log: str, tail: list[str], limit: int = MAX_TEXT) -> str:
    """``log`` then the ``tail`` lines within ``limit``: the oldest log lines after the first
    (the game's name) make way first, so whose turn it is always shows."""
    text = join(log, *tail)
    if len(text) <= limit:
        return text
    first, _, rest = log.partition("\n")
    end = join(*tail)
    room = limit - len(first) - len(end) - 4
    kept = rest[-room:] if room > 0 else ""
    kept = kept[kept.find("\n") + 1 :] if "\n" in kept else kept
    return join(first, "…", kept, end)[:limit]


def compose(
    live: LiveMessages,
    drawn: Drawn,
    *,
    channel_id: int,
    game_pk: int,
    version: int,
    new_turn: bool,
    new_board: bool,
) -> tuple[list[PublicMessage], dict[str, Any]]:
    """The public messages after a change, and the :class:`~bot.stores.rows.LiveMessages` fields to
    keep (by name) — all but the id of a new message, which the delivery reports.

    ``new_turn``: a turn begins (or a phase or the game ended; or the board is posted again);
    ``new_board``: the new turn message carries the picture."""

    def tagged(role: str) -> Live:
        return Live(game_pk, version, role)

    known = live.turn_id is not None and live.turn_log is not None
    board_in_turn = live.board_id is not None and live.board_id == live.turn_id
    if not new_turn and known:  # a sub-step: the turn message grows in place
        log = fit(live.turn_log or "", drawn.lines)
        text = fit(log, drawn.turn_lines)
        messages = [
            PublicMessage(
                channel_id,
                text,
                image=drawn.image if board_in_turn else None,
                choices=drawn.choices,
                edit_id=live.turn_id,
                live=tagged(TURN),
                # a turn message holding the board keeps it alone (an edit replaces every picture)
                turn_image=None if board_in_turn else drawn.turn_image,
                board_link=None if board_in_turn else _link(drawn, live.board_id),
            )
        ]
        if not board_in_turn and live.board_id is not None and drawn.image is not None:
            messages.append(_picture(live, drawn, channel_id, tagged(BOARD)))
        return messages, {"turn_log": log, "turn_text": text}

    keep: dict[str, Any] = {}
    new_board = new_board or live.board_id is None
    retired: PublicMessage | None = None
    lines_here = drawn.lines
    if known:  # the last lines of the turn that ends go to its own message
        words = fit(live.turn_log or "", drawn.lines)
        lines_here = []
        picture = drawn.image if board_in_turn and not new_board else None
        retired = PublicMessage(channel_id, words, image=picture, edit_id=live.turn_id, live=tagged(RETIRED))
        if board_in_turn:
            keep["board_text"] = words
    elif live.turn_id is not None and live.turn_text:  # kept before turn logs were: its words stay
        retired = PublicMessage(channel_id, live.turn_text, edit_id=live.turn_id, live=tagged(RETIRED))
    log = fit(drawn.header, lines_here)
    text = fit(log, drawn.turn_lines)
    # with a turn picture the board is a message of its own (posted first when it is new), so
    # that the turn message shows one picture, the phone's, with a link to the board
    apart = drawn.turn_image is not None
    board_new = new_board and drawn.image is not None and apart
    turn = PublicMessage(
        channel_id,
        text,
        image=drawn.image if new_board and not apart else None,
        choices=drawn.choices,
        mentions=drawn.mentions,
        live=tagged(TURN),
        turn_image=drawn.turn_image,
        board_link=_link(drawn, None if board_new else live.board_id) if apart else None,
    )
    messages = [turn, *([retired] if retired else [])]
    if board_new:  # posted before the turn message, which links to it (bot.adapter.delivery)
        messages.append(PublicMessage(channel_id, drawn.header, image=drawn.image, live=tagged(BOARD)))
    elif not new_board and not board_in_turn and drawn.image is not None:
        messages.append(_picture(live, drawn, channel_id, tagged(BOARD)))
    keep.update(turn_log=log, turn_text=text)
    return messages, keep


def _link(drawn: Drawn, board_id: int | None) -> BoardLink | None:
    """The turn message's link to the board message ``board_id`` (None: posted just before)."""
    return replace(drawn.board_link, message_id=board_id) if drawn.board_link is not None else None


def _picture(live: LiveMessages, drawn: Drawn, channel_id: int, tag: Live) -> PublicMessage:
    """The live board's new picture, in the message it stands in (its words and no buttons)."""
    return PublicMessage(
        channel_id, live.board_text or drawn.header, image=drawn.image, edit_id=live.board_id, live=tag
    )


# ====================================================================== the live messages


def rematch_choice(row: GameRow) -> Choice:
    """The Rematch button under the final scores (a new lobby, :mod:`bot.service.rematch`)."""
    return Choice(t("btn_rematch", row.language), custom_id("r", row.id, row.version), "rematch", "success")


async def closing(store: GameStore, row: GameRow, said: str) -> list[PublicMessage]:
    """A game closed before its end (abandoned): its turn message loses its buttons, and the
    lobby notice of a game in a thread says ``said``."""
    live = await store.live_messages(row.id)
    messages = []
    if live.turn_id is not None and (live.turn_log or live.turn_text):
        words = live.turn_log or live.turn_text or ""
        messages.append(
            PublicMessage(
                row.channel_id, words, edit_id=live.turn_id, live=Live(row.id, row.version, RETIRED)
            )
        )
    if row.parent_channel_id is not None:
        messages.append(lobby_notice(row.id, row.parent_channel_id, said, row.lobby_message_id, row.version))
    return messages


def lobby_notice(
    game_pk: int, parent_channel_id: int, text: str, message_id: int | None = None, version: int = 0
) -> PublicMessage:
    """The notice of a game in a thread, in the channel the thread hangs off: posted with the
    lobby, edited at the end (posted anew when it is gone)."""
    return PublicMessage(parent_channel_id, text, edit_id=message_id, live=Live(game_pk, version, LOBBY))


def lobby_result(table: Table, result_lines: list[str]) -> list[PublicMessage]:
    row = table.row
    if row.parent_channel_id is None:
        return []
    text = t(
        "thread_result", table.lang, title=table.title, thread=row.channel_id, result=" ".join(result_lines)
    )
    return [lobby_notice(row.id, row.parent_channel_id, text, row.lobby_message_id, row.version)]


async def went_round(log: LogSince, live: LiveMessages, turn: TurnChange) -> bool:
    """Whether a seat whose turn begins has acted since the live board was posted (``log``: the
    change's reader of the log)."""
    if live.board_version is None:
        return True
    actors = {a.seat for a in await log.after(live.board_version) if a.kind == "play"}
    return any(seat in actors for seat in turn.starting)


def posted_changes(msg: PublicMessage, message_id: int) -> dict[str, Any]:
    """The :class:`~bot.stores.rows.LiveMessages` fields to keep once a live message (not a lobby
    notice) went out as a new message: its id, and the picture's version and words when it
    carries the board."""
    live = msg.live
    if live is None or live.role == LOBBY:
        return {}
    if live.role == TURN and msg.image is not None:
        return {
            "turn_id": message_id,
            "board_id": message_id,
            "board_version": live.version,
            "board_text": msg.text,
        }
    if live.role == TURN:
        return {"turn_id": message_id}
    if live.role == BOARD:  # the picture's message was gone: its new one
        return {"board_id": message_id, "board_version": live.version, "board_text": msg.text}
    return {}


async def posted(store: GameStore, msg: PublicMessage, message_id: int) -> None:
    """Keep the id of a live message that went out as a new message; a turn message's post
    also shows its change (``turn_pending``), in the same write. A board posted anew is staged:
    it goes out before its turn message, whose write takes it along (and the delivery writes
    what is still staged once the public messages are out, :func:`bot.adapter.delivery.deliver`)."""
    live = msg.live
    if live is None:
        return
    if live.role == LOBBY:
        await store.set_lobby_message(live.game_pk, message_id)
    elif live.role == TURN:
        await store.turn_shown(live.game_pk, live.version, **posted_changes(msg, message_id))
    elif changes := posted_changes(msg, message_id):
        await store.stage_live_messages(live.game_pk, **changes)
