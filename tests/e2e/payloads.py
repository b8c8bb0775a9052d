"""Discord API v10 objects as the emulator sends them: snowflakes, users, members, the guild and
its channels, threads, messages and interactions. Only what discord.py 2.x reads is filled in,
with the field names and types Discord uses (ids as strings, ISO-8601 timestamps)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count(1)

#: Permission bits (https://discord.com/developers/docs/topics/permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
#: What the README's invite asks for (274878024704), plus creating public threads.
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
)
#: What a member of the test guild may do (the same, they are ordinary members).
MEMBER_PERMISSIONS = BOT_PERMISSIONS

EPHEMERAL = 1 << 6  # message flag
LOADING = 1 << 7  # message flag: "Bot is thinking…"

TEXT, DM, PUBLIC_THREAD = 0, 1, 11  # channel types


def snowflake() -> int:
    """A new id: milliseconds since Discord's epoch, then a counter (unique, increasing)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso(ts: float | None = None) -> str:
    return datetime.fromtimestamp(time.time() if ts is None else ts, UTC).isoformat()


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member(self, permissions: int) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": iso(0),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(permissions),
        }


@dataclass
class Channel:
    """A text channel, a public thread in one, or a DM channel."""

    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None  # DM channels

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }
        if self.type == PUBLIC_THREAD:
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                flags=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(),
                    "locked": False,
                },
            )
        else:
            data["default_auto_archive_duration"] = 1440
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"

    @property
    def is_png(self) -> bool:
        return self.filename.lower().endswith(".png") and self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def payload(self, base: str) -> dict[str, Any]:
        url = f"{base}/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if self.is_png else self.content_type,
        }


@dataclass
class Message:
    """A message as the emulator holds it: its current content, components and attachments.
    ``owner`` is the only user who sees an ephemeral one."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    owner: int | None = None  # the user an ephemeral message is for
    interaction_id: int | None = None  # the interaction it answers (callbacks, followups)
    application_id: int | None = None
    created: float = field(default_factory=time.monotonic)
    edited: float | None = None
    deleted: bool = False
    mention_users: list[int] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def public(self) -> bool:
        """Seen by everyone in a guild channel (not a DM, not ephemeral)."""
        return not self.ephemeral and not self.channel.is_dm

    def custom_ids(self) -> list[str]:
        """Every button's custom_id and every select option's value (what can be chosen)."""
        return [cid for _, cid, _ in self.choices()]

    def choices(self) -> list[tuple[dict[str, Any], str, str | None]]:
        """(component, the custom_id it is pressed with, the option value or None) of every
        button and every select option."""
        found: list[tuple[dict[str, Any], str, str | None]] = []
        for row in self.components:
            for comp in row.get("components", []):
                if comp.get("type") == 2 and comp.get("custom_id"):
                    found.append((comp, comp["custom_id"], None))
                elif comp.get("type") == 3:
                    found += [(comp, opt["value"], opt["value"]) for opt in comp.get("options", [])]
        return found

    def payload(self, base: str) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(),
            "edited_timestamp": iso() if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(base) for a in self.attachments],
            "embeds": [],
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags,
            "components": self.components,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
        return data


def guild_payload(
    guild_id: int,
    bot: User,
    people: list[User],
    channels: list[Channel],
    permissions: int,
) -> dict[str, Any]:
    """GUILD_CREATE's guild: the @everyone role carries the permissions; the bot and the people
    are its members."""
    texts = [c for c in channels if c.type == TEXT]
    threads = [c for c in channels if c.type == PUBLIC_THREAD]
    return {
        "id": str(guild_id),
        "name": "Tradewinds test server",
        "icon": None,
        "owner_id": str(guild_id + 1),
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [
            {
                "id": str(guild_id),
                "name": "@everyone",
                "permissions": str(permissions),
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "preferred_locale": "en-US",
        "premium_tier": 0,
        "nsfw_level": 0,
        "large": False,
        "unavailable": False,
        "member_count": 1 + len(people),
        "joined_at": iso(0),
        "members": [bot.member(permissions), *(p.member(MEMBER_PERMISSIONS) for p in people)],
        "channels": [c.payload() for c in texts],
        "threads": [c.payload() for c in threads],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }
