"""What the service layer returns, and the gateway protocol that delivers it.

The service (``bot/service.py``) never imports discord: every call returns an :class:`Outcome`
made of plain data. :func:`bot.delivery.deliver` hands an outcome to a :class:`Gateway` — the
discord.py one in production (``bot/discord_app.py``), a recording fake in tests.

Buttons are described by :class:`Choice`: the adapter turns them into ``DynamicItem`` buttons or
select options whose ``custom_id`` is built by :func:`custom_id` and read back by
:func:`parse_custom_id`, so they survive restarts, and a stale one (older state version) is
refused by the service.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

#: custom_id forms. ``a`` = play an action, ``h`` = show my hand / private view,
#: ``t`` = open my turn panel (ephemeral buttons for choices that are private),
#: ``n`` = narrow: the actions starting with these words, to the presser alone (bot/choices.py),
#: ``v`` = vote to hand the seat named by the action part to a computer player (bot/seats.py).
CUSTOM_ID_PREFIX = "tw"
CUSTOM_ID_RE = re.compile(
    r"^tw:(?P<verb>[ahtnv]):(?P<game>\d{1,12}):(?P<version>\d{1,7}):(?P<action>[a-z0-9_ \-]{0,80})$"
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


@dataclass
class PublicMessage:
    """A message for the game's channel: the board image, the log lines, who must act.

    ``attachments`` are further files after the image; a message with attachments but no image
    and no choices is not a board (its buttons are never edited away)."""

    channel_id: int
    text: str
    image: bytes | None = None
    image_name: str = "board.png"
    choices: list[Choice] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)


@dataclass
class PrivateMessage:
    """A DM to one player: their secrets, a prompt for a secret decision, their choices.

    It must never be posted publicly: when the DM is refused, the player reaches the same
    content through the ephemeral "My hand" / "My turn" buttons.
    """

    user_id: int
    text: str
    image: bytes | None = None
    choices: list[Choice] = field(default_factory=list)


@dataclass
class Outcome:
    """Everything one service call wants said.

    ``ephemeral`` is the answer to the caller alone (errors, their hand, confirmations);
    ``ephemeral_choices`` are buttons for that answer (the caller's private choices);
    ``ephemeral_more`` are further messages to the caller alone, after it (a long text in parts).
    ``ok`` is False when the call was refused (nothing changed).
    """

    ok: bool = True
    ephemeral: str | None = None
    ephemeral_image: bytes | None = None
    ephemeral_choices: list[Choice] = field(default_factory=list)
    ephemeral_more: list[str] = field(default_factory=list)
    public: list[PublicMessage] = field(default_factory=list)
    private: list[PrivateMessage] = field(default_factory=list)

    @classmethod
    def refuse(cls, sentence: str) -> Outcome:
        """A refusal: one ephemeral sentence, nothing else."""
        return cls(ok=False, ephemeral=sentence)


class Gateway(Protocol):
    """How outcomes reach Discord (or a recording fake)."""

    async def post_public(self, msg: PublicMessage) -> int | None:
        """Post to the channel; returns the message id (None if the post failed)."""

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        """Replace an earlier public message (e.g. to remove stale buttons)."""

    async def send_private(self, msg: PrivateMessage) -> bool:
        """DM a user; False when Discord refused it (403: DMs closed) — the caller remembers."""

    async def reply_ephemeral(
        self, interaction: object, text: str, image: bytes | None = None, choices: list[Choice] | None = None
    ) -> None:
        """Answer an interaction so that only its user sees it."""
