"""What the service layer returns, and the gateway protocol that delivers it.

The service (``bot/service/front.py``) never imports discord: every call returns an :class:`Outcome`
made of plain data. :func:`bot.adapter.delivery.deliver` hands an outcome to a :class:`Gateway` — the
discord.py one in production (``bot/adapter/gateway.py``), a recording fake in tests
(``tests/doubles/gateway.py``).

Buttons are described by :class:`Choice`: the adapter turns them into ``DynamicItem`` buttons or
select options whose ``custom_id`` is built by :func:`custom_id` and read back by
:func:`parse_custom_id`, so they survive restarts, and a stale one (older state version) is
refused by the service.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

#: custom_id forms. ``a`` = play an action, ``h`` = show my hand / private view,
#: ``t`` = open my turn panel (ephemeral buttons for choices that are private),
#: ``n`` = narrow: the actions starting with these words, to the presser alone (bot/service/choices.py),
#: ``v`` = vote to hand the seat named by the action part to a computer player (bot/service/seats.py),
#: ``l`` = the game's legend (the board's **?**), ``r`` = rematch (under the final scores: a new
#: lobby), ``j`` = join the lobby of that game (the rematch's invitation, the lobby message),
#: ``q`` = a hint for the presser's own seat (bot/service/computer.py), ``x`` / ``b`` / ``s`` = leave the
#: lobby, add a computer to it, start it (the lobby message's buttons, bot/service/lobby_message.py).
CUSTOM_ID_PREFIX = "tw"
CUSTOM_ID_RE = re.compile(
    r"^tw:(?P<verb>[ahtnvlrjqxbs]):(?P<game>\d{1,12}):(?P<version>\d{1,7}):(?P<action>[a-z0-9_ \-]{0,80})$"
)
MAX_CUSTOM_ID = 100


def custom_id(verb: str, game_pk: int, version: int, action: str = "") -> str:
    """The custom_id of a button: ``tw:<verb>:<game>:<version>:<action text>`` (≤ 100 chars)."""
    cid = f"{CUSTOM_ID_PREFIX}:{verb}:{game_pk}:{version}:{action}"
    if len(cid) > MAX_CUSTOM_ID or not CUSTOM_ID_RE.match(cid):
        raise ValueError(f"cannot make a custom_id for {verb!r} {action!r}")
    return cid


@dataclass(frozen=True)
class ParsedCustomId:
    verb: str
    game_pk: int
    version: int
    action: str


def parse_custom_id(cid: str) -> ParsedCustomId | None:
    """The parts of one of our custom_ids, or ``None`` for anything forged or foreign."""
    if not isinstance(cid, str):
        return None
    m = CUSTOM_ID_RE.match(cid)
    if not m:
        return None
    return ParsedCustomId(m["verb"], int(m["game"]), int(m["version"]), m["action"])


@dataclass(frozen=True)
class Choice:
    """One button (or select option). ``custom_id`` comes from :func:`custom_id`.

    ``group`` lets the adapter put related choices in one row or one select (e.g. "buy",
    "sell"); ``style`` is one of primary / secondary / success / danger.
    """

    label: str
    custom_id: str
    group: str = ""
    style: str = "secondary"


@dataclass(frozen=True)
class Attachment:
    """A file posted with a message besides its board image (the end-of-game summary picture,
    a game's export)."""

    name: str
    data: bytes


#: The parts a public message plays among a game's live messages (:mod:`bot.service.flow`).
TURN = "turn"  # the turn message: whose turn, the buttons (and the board picture when it has one)
BOARD = "board"  # the live board picture, edited in place while the turn message is another one
RETIRED = "retired"  # an older turn message losing its buttons once the new one is posted
LOBBY = "lobby"  # a game's lobby notice in the channel its thread hangs off


@dataclass(frozen=True)
class Live:
    """A public message's part among the live messages of game ``game_pk``, as composed at
    game ``version`` (an edit composed earlier than one already made to the same message is
    dropped: the later one holds everything)."""

    game_pk: int
    version: int
    role: str


@dataclass(frozen=True)
class BoardLink:
    """A link button to a game's board message (Discord's jump URL), under a turn message
    whose picture is only the turn's (:mod:`render.turn_picture`): the whole board, one tap away.
    ``message_id`` None: the board posted just before in the same delivery
    (:func:`bot.adapter.delivery.deliver` fills it in), else the channel."""

    label: str
    guild_id: int | None
    channel_id: int
    message_id: int | None = None

    @property
    def url(self) -> str:
        guild = self.guild_id if self.guild_id is not None else "@me"
        tail = f"/{self.message_id}" if self.message_id else ""
        return f"https://discord.com/channels/{guild}/{self.channel_id}{tail}"


#: File names of a public message's pictures: the board, and the turn picture.
BOARD_PNG = "board.png"
TURN_PNG = "turn.png"


@dataclass
class PublicMessage:
    """A message for the game's channel: the board image, the log lines, who must act.

    ``attachments`` are further files after the image. ``edit_id`` names a message of ours to
    replace in place (text, buttons, and the picture when ``image`` is set) instead of posting
    a new one — posted anew when that message is gone; ``mentions`` notify only when posted.
    ``live`` is set for a game's live messages (:mod:`bot.service.flow`), whose ids the service keeps.
    ``turn_image`` is the turn picture of a turn message (:data:`TURN_PNG`, shown first), and
    ``board_link`` the link button to the board message under it."""

    channel_id: int
    text: str
    image: bytes | None = None
    image_name: str = BOARD_PNG
    choices: list[Choice] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    edit_id: int | None = None
    live: Live | None = None
    turn_image: bytes | None = None
    board_link: BoardLink | None = None

    def pictures(self) -> list[tuple[str, bytes]]:
        """The message's pictures as (file name, PNG), the turn picture first."""
        out = [(TURN_PNG, self.turn_image)] if self.turn_image is not None else []
        return out + ([(self.image_name, self.image)] if self.image is not None else [])


@dataclass(frozen=True)
class Decision:
    """What a DM asks: the decision of ``seat`` in game ``game_pk`` at game ``version``. Such a
    DM is kept (its id stored, :mod:`bot.service.decisions`) until it is closed."""

    game_pk: int
    seat: str
    version: int


@dataclass
class PrivateMessage:
    """A DM to one player: their secrets, a prompt for a secret decision, their choices.

    It must never be posted publicly: when the DM is refused, the player reaches the same
    content through the ephemeral "My hand" / "My turn" buttons. ``decision`` is set on a DM
    that asks for a decision (kept until closed).
    """

    user_id: int
    text: str
    image: bytes | None = None
    choices: list[Choice] = field(default_factory=list)
    decision: Decision | None = None


@dataclass(frozen=True)
class SentDm:
    """A DM that went out: its message and DM channel (None when Discord did not say)."""

    message_id: int | None
    channel_id: int | None


@dataclass(frozen=True)
class ClosedDm:
    """A kept decision DM to close: edited to ``text`` (what was decided, or that the moment
    passed), without its buttons and picture (:mod:`bot.service.decisions`)."""

    game_pk: int
    channel_id: int
    message_id: int
    text: str


@dataclass
class Outcome:
    """Everything one service call wants said.

    ``ephemeral`` is the answer to the caller alone (errors, their hand, confirmations);
    ``ephemeral_choices`` are buttons for that answer (the caller's private choices);
    ``ephemeral_more`` are further messages to the caller alone, after it (a long text in parts).
    ``ok`` is False when the call was refused (nothing changed). ``closed_dms`` are decision
    DMs whose decision was made or whose moment passed (:mod:`bot.service.decisions`).

    ``done`` is set when the call played the caller's move: one sentence saying what was
    played. A move is acknowledged by the board it changed, so ``done`` is shown only where a
    private message already waits for an answer — the DM or My turn panel whose button was
    pressed (which it replaces, with the caller's next private decision in ``ephemeral`` and
    ``ephemeral_choices`` when there is one), or a typed command's placeholder — and never as
    a new message (see :meth:`Gateway.acknowledge`).
    ``reply_to`` is the handle of an interaction another process received and handed over
    (plain data: ``application_id`` and ``token``): the answer to the caller goes there.
    """

    ok: bool = True
    ephemeral: str | None = None
    ephemeral_image: bytes | None = None
    ephemeral_choices: list[Choice] = field(default_factory=list)
    ephemeral_more: list[str] = field(default_factory=list)
    public: list[PublicMessage] = field(default_factory=list)
    private: list[PrivateMessage] = field(default_factory=list)
    closed_dms: list[ClosedDm] = field(default_factory=list)
    done: str | None = None
    reply_to: dict[str, Any] | None = None

    @classmethod
    def refuse(cls, sentence: str) -> Outcome:
        """A refusal: one ephemeral sentence, nothing else."""
        return cls(ok=False, ephemeral=sentence)


class Gateway(Protocol):
    """How outcomes reach Discord (or a recording fake)."""

    async def post_public(self, msg: PublicMessage) -> int | None:
        """Post to the channel; returns the message id (None if the post failed)."""

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        """Replace an earlier public message in place: its text and buttons, and its pictures when
        ``msg.image`` or ``msg.turn_image`` is set (they replace all of its pictures; else the
        pictures stay). False when it failed (e.g. the message is
        gone). Nobody is notified by an edit."""

    async def send_private(self, msg: PrivateMessage) -> SentDm | None:
        """DM a user; None when Discord refused it (403: DMs closed) — the caller remembers."""

    def pressed(self, interaction: object) -> int | None:
        """The id of the message whose button ``interaction`` pressed (None: a command)."""

    async def close_private(self, closed: ClosedDm) -> bool:
        """Edit a DM of ours to ``closed.text``, without buttons or picture; False when that
        failed (e.g. the DM is gone)."""

    async def reply_ephemeral(
        self, interaction: object, text: str, image: bytes | None = None, choices: list[Choice] | None = None
    ) -> None:
        """Answer an interaction so that only its user sees it."""

    async def acknowledge(self, interaction: object, outcome: Outcome) -> None:
        """Answer the interaction that played a move (``outcome.done`` is set).

        Pressed on a private message (a DM, an ephemeral My turn panel): that message is
        replaced by the caller's next private decision (``outcome.ephemeral`` and its choices)
        or, when there is none, by ``outcome.done`` without buttons. Pressed on the public
        board: the board the move changed is the answer — only a next private decision is
        shown, ephemerally. A typed command: its placeholder says ``done`` (or shows the next
        decision)."""
