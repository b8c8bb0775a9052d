"""The gateway the service's outcomes go out through (:func:`bot.adapter.delivery.deliver`):
:class:`DiscordGateway` posts, edits and sends DMs with discord.py.

A pressed button is acknowledged with a deferred update: the board the move changed is the
answer; a button on a private message (a DM, a My turn panel) has that message replaced in place
(:meth:`DiscordGateway.acknowledge`). The live messages are edited with ``PartialMessage.edit``
(a new picture as the message's attachment). Every message allows only the mentions it means
(:func:`mentioning`, :data:`NOBODY`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.adapter.answering import HandedOver, is_component, pressed_privately
from bot.adapter.components import choices_view, message_view
from bot.recent import Recent
from bot.service.outcome import (
    Choice,
    ClosedDm,
    Outcome,
    PrivateMessage,
    PublicMessage,
    SentDm,
)

log = logging.getLogger(__name__)


#: What a message may ping when it calls nobody: no @everyone/@here, no role, no user — whatever
#: its text holds (a name is escaped besides, :mod:`bot.names`).
NOBODY = discord.AllowedMentions.none()


def mentioning(users: Sequence[int]) -> discord.AllowedMentions:
    """What a message may ping: exactly the users it means to call (``PublicMessage.mentions``),
    never @everyone, @here or a role, nor a user only named in its text (a player's name)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in users], replied_user=False
    )


def _file(image: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(image), filename=name)


#: Channels that cannot open a public thread of their own (a text or news channel can; a forum
#: opens posts, not threads of this kind).
NO_PUBLIC_THREADS = (
    discord.VoiceChannel,
    discord.StageChannel,
    discord.ForumChannel,
    discord.CategoryChannel,
    discord.Thread,
    discord.abc.PrivateChannel,
)


class DiscordGateway:
    """:class:`bot.service.outcome.Gateway` on discord.py.

    Requests: a channel not in the client's cache is written to as a partial messageable (no
    ``GET /channels/{id}`` first); a DM goes to the user's DM channel, opened once
    (``POST /users/@me/channels``) and remembered per user, so every later DM is one request.
    A 429 is discord.py's to retry (it waits ``retry_after`` and sends again): nothing here
    retries a request, so nothing is posted twice."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._dm_channels: Recent[int, int] = Recent()  # user id → their DM channel's id (recent people's)

    async def _channel(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)

    async def _dm_channel(self, user_id: int) -> Any:
        """The user's DM channel: remembered, else opened (one request) and remembered."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is not None:
            return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.client.create_dm(discord.Object(id=user_id))
        self._dm_channels[user_id] = channel.id
        return channel

    async def post_public(self, msg: PublicMessage) -> int | None:
        kwargs: dict[str, Any] = {"allowed_mentions": mentioning(msg.mentions)}
        files = [_file(data, name) for name, data in msg.pictures()]
        files += [_file(a.data, a.name) for a in msg.attachments]
        if len(files) == 1:
            kwargs["file"] = files[0]
        elif files:
            kwargs["files"] = files
        view = message_view(msg.choices, msg.board_link)
        if view is not None:
            kwargs["view"] = view
        try:
            channel = await self._channel(msg.channel_id)
            message = await channel.send(msg.text or None, **kwargs)
        except discord.HTTPException as error:
            log.warning("posting to channel %s failed: %s", msg.channel_id, error)
            return None
        return message.id

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        kwargs: dict[str, Any] = {
            "content": msg.text or None,
            "view": message_view(msg.choices, msg.board_link),
            "allowed_mentions": NOBODY,  # an edit notifies nobody anyway
        }
        if msg.pictures():  # the new pictures replace the old ones
            kwargs["attachments"] = [_file(data, name) for name, data in msg.pictures()]
        try:
            channel = await self._channel(channel_id)
            await channel.get_partial_message(message_id).edit(**kwargs)
        except discord.HTTPException as error:
            log.info("editing message %s in %s failed: %s", message_id, channel_id, error)
            return False
        return True

    async def open_thread(self, channel_id: int, name: str) -> int | None:
        """A public thread for a new table off ``channel_id``; None when Discord refused."""
        try:  # a partial messageable cannot open threads: the channel itself
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
            if isinstance(channel, NO_PUBLIC_THREADS):  # not asked for: see thread_room()
                log.warning("channel %s holds no public threads", channel_id)
                return None
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.HTTPException as error:
            log.warning("opening a thread in %s failed: %s", channel_id, error)
            return None
        return thread.id

    async def send_private(self, msg: PrivateMessage) -> SentDm | None:
        kwargs: dict[str, Any] = {"allowed_mentions": NOBODY}
        if msg.image is not None:
            kwargs["file"] = _file(msg.image, "private.png")
        view = choices_view(msg.choices)
        if view is not None:
            kwargs["view"] = view
        try:
            channel = await self._dm_channel(msg.user_id)
            sent = await channel.send(msg.text or None, **kwargs)
        except discord.Forbidden:
            return None  # DMs closed: the service remembers and never tries again
        except discord.HTTPException as error:
            log.warning("a DM to %s failed: %s", msg.user_id, error)
            return SentDm(None, None)
        return SentDm(getattr(sent, "id", None), getattr(channel, "id", None))

    def pressed(self, interaction: object) -> int | None:
        return getattr(getattr(interaction, "message", None), "id", None)

    async def close_private(self, closed: ClosedDm) -> bool:
        """A kept decision DM says what was decided (or that its moment passed), buttons gone."""
        try:
            channel = self.client.get_partial_messageable(closed.channel_id, type=discord.ChannelType.private)
            await channel.get_partial_message(closed.message_id).edit(
                content=closed.text, view=None, attachments=[], allowed_mentions=NOBODY
            )
        except discord.HTTPException as error:
            log.info("closing DM %s failed: %s", closed.message_id, error)
            return False
        return True

    def handed_over(self, handle: Mapping[str, Any]) -> HandedOver:
        """An interaction another process received and handed over, from its plain handle."""
        followup = discord.Webhook.partial(
            int(handle["application_id"]), str(handle["token"]), client=self.client
        )
        # An interaction's follow-up webhook is an application webhook (``Interaction.followup``
        # builds the same), which may send ephemeral messages.
        followup.type = discord.WebhookType.application
        message = None
        if handle.get("channel_id") and handle.get("message_id"):
            channel = self.client.get_partial_messageable(
                int(handle["channel_id"]), type=discord.ChannelType.private
            )
            message = channel.get_partial_message(int(handle["message_id"]))
        return HandedOver(followup, message)

    async def reply_ephemeral(
        self, interaction: Any, text: str, image: bytes | None = None, choices: list[Choice] | None = None
    ) -> None:
        if isinstance(interaction, Mapping):
            interaction = self.handed_over(interaction)
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NOBODY}
        if image is not None:
            kwargs["file"] = _file(image)
        view = choices_view(choices or [])
        if view is not None:
            kwargs["view"] = view
        if not text and len(kwargs) == 2:
            return
        if interaction.response.is_done():
            await interaction.followup.send(text or None, **kwargs)
        else:
            await interaction.response.send_message(text or None, **kwargs)

    async def acknowledge(self, interaction: Any, outcome: Outcome) -> None:
        if isinstance(interaction, Mapping):
            interaction = self.handed_over(interaction)
        text = outcome.ephemeral or outcome.done or ""
        image, choices = outcome.ephemeral_image, outcome.ephemeral_choices
        if not is_component(interaction):  # a typed command: its placeholder answers
            await self.reply_ephemeral(interaction, text, image, choices)
        elif pressed_privately(interaction):  # the DM or panel pressed is replaced in place
            await interaction.edit_original_response(
                content=text or None,
                allowed_mentions=NOBODY,
                view=choices_view(choices),
                attachments=[_file(image)] if image is not None else [],
            )
        elif outcome.ephemeral or choices:  # the board answers; a private sequel goes apart
            await self.reply_ephemeral(interaction, outcome.ephemeral or "", image, choices)
