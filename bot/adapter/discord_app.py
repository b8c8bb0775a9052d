"""The Discord adapter: slash commands, buttons and DMs on top of :class:`bot.service.front.GameService`.

Handlers are thin: they acknowledge the interaction (``defer``), call the service with plain ids,
and hand the :class:`~bot.service.outcome.Outcome` to :func:`bot.adapter.delivery.deliver` with a
:class:`DiscordGateway`. Everything a person reads comes from the service or the message
catalogue; nothing here decides who may act.

* ``/game new|join|leave|kick|add-bot|replace|rejoin|start|board|status|hand|hint|log|history|export|
  forget-me|undo|abandon|settings`` (servers only), ``/tradewinds mine|notify|rules|legend|stats``
  (also in DMs and as a user-installed app), ``/admin pause|resume|end|sync`` (moderators: Manage Threads by
  default; ``sync`` for the bot's owners) and
  ``/play action:`` (autocomplete from the service's in-memory cache; a game not used since the
  start is read once, on its first use).
* ``/game board`` and ``/tradewinds legend`` draw pictures: a per-channel cooldown
  (:data:`PICTURE_COOLDOWN`) answers a repeat with one sentence.
* ``/game new`` opens a public thread for the table when the bot may (:func:`thread_room`), named
  by the service; the game then lives in the thread and a notice in the channel links to it.
* A pressed button is acknowledged with a deferred update: the board the move changed is the
  answer; a button on a private message (a DM, a My turn panel) has that message replaced in
  place (:meth:`DiscordGateway.acknowledge`). The live messages are edited with
  ``PartialMessage.edit`` (a new picture as the message's attachment).
* Buttons are :class:`ChoiceButton` ``DynamicItem``\\ s whose ``custom_id`` is the service's
  (``tw:<verb>:<game>:<version>:<action>``), registered in ``setup_hook`` so the buttons of old
  messages keep working after a restart; when there are more choices than buttons they go into
  :class:`ChoiceSelect` menus, whose option values are those same custom_ids.
* The timer loop (:func:`bot.adapter.delivery.run_timers`) is started in ``setup_hook``.
* Shards: the client is a ``discord.AutoShardedClient``; with ``SHARD_COUNT`` / ``SHARD_IDS``
  it runs those shards only, and its service the timers of those shards' games only. A press in
  a direct message (Discord sends every one to shard 0) for another process's game is
  acknowledged here and handed over to that process, which answers it
  (:meth:`bot.service.front.GameService.hand_over_press`).
* Slash commands are synced on demand (``tradewinds sync`` or ``/admin sync``), plus once on the
  very first start by the process that runs shard 0 (one process only, when there are several);
  afterwards a changed command tree (or a changed translation of it) is only reported in the
  log. Their names and descriptions come in every language through
  :class:`bot.adapter.translator.CommandTranslator`, installed in ``setup_hook``.
* Languages: each handler passes the interaction's ``locale`` to the service (which answers the
  caller in it and remembers it for their DMs); ``/game new`` also passes the server's locale,
  the new game's public language.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import logging
import math
import re
import signal
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot import logs, metrics
from bot.adapter.delivery import deliver, run_timers
from bot.adapter.serving import Recorded, Serving, failure_key, serving_of
from bot.adapter.translator import CommandTranslator, localised_payload
from bot.config import Settings
from bot.render_pool import RenderPool
from bot.service import hours, rematch
from bot.service.front import MAX_NAME, MAX_OPTIONS_TEXT, GameService, clip
from bot.service.outcome import (
    CUSTOM_ID_RE,
    BoardLink,
    Choice,
    ClosedDm,
    Outcome,
    PrivateMessage,
    PublicMessage,
    SentDm,
    parse_custom_id,
)
from bot.service.outcome import custom_id as button_id
from bot.service.records import SCOPES
from bot.stores.protocol import open_store
from bot.stores.rows import NOTIFY_MODES
from bot.texts import t
from engine.ai import KINDS
from engine.i18n import LANGUAGE_NAMES, normalise

log = logging.getLogger(__name__)

#: How often (at most) the timer loop looks for due timers, in seconds.
TIMER_INTERVAL = 5.0
#: Discord's limits: components per message, per row, options per select, autocomplete entries.
MAX_COMPONENTS = 25
ROW_WIDTH = 5
MAX_ROWS = 5
MAX_SELECT_OPTIONS = 25
MAX_AUTOCOMPLETE = 25

#: An interaction with this bot: its ``client`` is the :class:`TradewindsBot` (service, gateway,
#: settings). The commands are annotated with it; helpers that tests call with stand-ins take ``Any``.
Interaction = discord.Interaction["TradewindsBot"]

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


# ====================================================================== buttons and selects


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=CUSTOM_ID_RE):
    """One :class:`~bot.service.outcome.Choice` as a button. Its custom_id is all the state it needs:
    pressing it (even on a message from before a restart) goes to ``service.press``."""

    def __init__(self, custom_id: str, label: str = "…", style: discord.ButtonStyle | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or "…",
                style=style or discord.ButtonStyle.secondary,
                custom_id=custom_id,
            )
        )

    @classmethod
    def from_choice(cls, choice: Choice) -> ChoiceButton:
        return cls(choice.custom_id, choice.label, STYLES.get(choice.style, discord.ButtonStyle.secondary))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(match.group(0), getattr(item, "label", None) or "…", getattr(item, "style", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.custom_id)


def menu_placeholder(choices: Sequence[Choice]) -> str | None:
    """What a closed menu shows: its first and last choice (e.g. ``Bid 0 … Bid 24``)."""
    if not choices:
        return None
    if len(choices) == 1:
        return choices[0].label[:150]
    return f"{choices[0].label[:70]} … {choices[-1].label[:70]}"


#: custom_id of a select menu holding choices: ``tws:<game>:<version>:<n>`` (the chosen option's
#: value is the choice's own custom_id).
SELECT_RE = re.compile(r"^tws:(?P<game>\d{1,12}):(?P<version>\d{1,7}):(?P<n>\d)$")


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_RE):
    """Up to 25 choices in one menu, for when they do not fit as buttons."""

    def __init__(self, custom_id: str, choices: Sequence[Choice] = ()) -> None:
        options = [discord.SelectOption(label=c.label[:100] or "…", value=c.custom_id) for c in choices]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=menu_placeholder(choices),
                options=options or [discord.SelectOption(label="…", value="-")],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        return cls(match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        sent = interaction.data.get("values") if interaction.data else None  # the option picked
        values = sent if isinstance(sent, list) and sent else list(getattr(self.item, "values", []))
        await press(interaction, str(values[0]) if values else "")


def select_id(choice: Choice, n: int) -> str:
    """The select menu's custom_id for menu ``n`` of the message ``choice`` belongs to."""
    parts = choice.custom_id.split(":")
    return f"tws:{parts[2]}:{parts[3]}:{n}"


def button_rows(choices: Sequence[Choice]) -> list[list[Choice]] | None:
    """Choices in rows of at most five, one group per row where that fits in five rows, else
    packed in order; None when they do not fit in 25 buttons."""
    if len(choices) > MAX_COMPONENTS:
        return None
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.group, []).append(choice)
    rows = [group[i : i + ROW_WIDTH] for group in groups.values() for i in range(0, len(group), ROW_WIDTH)]
    if len(rows) <= MAX_ROWS:
        return rows
    return [list(choices[i : i + ROW_WIDTH]) for i in range(0, len(choices), ROW_WIDTH)]


def choices_view(choices: Sequence[Choice]) -> discord.ui.View | None:
    """A persistent view of ``choices``: buttons grouped by ``Choice.group`` when they fit, else
    the plays in select menus and the other buttons (My turn, My hand) in the last row."""
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    rows = button_rows(choices)
    if rows is not None:
        for r, row in enumerate(rows):
            for choice in row:
                view.add_item(_row(ChoiceButton.from_choice(choice), r))
        return view
    plays = [c for c in choices if c.custom_id.startswith(PLAY_PREFIXES)]
    others = [c for c in choices if not c.custom_id.startswith(PLAY_PREFIXES)][:ROW_WIDTH]
    menus = MAX_ROWS - (1 if others else 0)
    chunks = select_chunks(plays, menus)
    for n, chunk in enumerate(chunks):
        view.add_item(_row(ChoiceSelect(select_id(chunk[0], n), chunk), n))
    if len(plays) > menus * MAX_SELECT_OPTIONS:
        log.warning("%d choices do not fit under one message; the rest is in /play", len(plays))
    for choice in others:
        view.add_item(_row(ChoiceButton.from_choice(choice), MAX_ROWS - 1))
    return view


#: custom_id starts of the choices that make a move (or narrow to some), shown in select menus.
PLAY_PREFIXES = ("tw:a:", "tw:n:")


def select_chunks(plays: Sequence[Choice], menus: int) -> list[list[Choice]]:
    """Plays in at most ``menus`` select menus of 25: one group (``Choice.group``) per menu
    where the groups fit so, else packed in order."""
    grouped: list[list[Choice]] = []
    for choice in plays:
        if grouped and grouped[-1][0].group == choice.group and len(grouped[-1]) < MAX_SELECT_OPTIONS:
            grouped[-1].append(choice)
        else:
            grouped.append([choice])
    if len(grouped) <= menus:
        return grouped
    packed: list[list[Choice]] = []
    for group in grouped:  # whole groups side by side while they fit in a menu
        if packed and len(packed[-1]) + len(group) <= MAX_SELECT_OPTIONS:
            packed[-1].extend(group)
        else:
            packed.append(list(group))
    if len(packed) <= menus:
        return packed
    return [list(plays[i : i + MAX_SELECT_OPTIONS]) for i in range(0, len(plays), MAX_SELECT_OPTIONS)][:menus]


def message_view(choices: Sequence[Choice], link: BoardLink | None) -> discord.ui.View | None:
    """The components of a public message: its choices (:func:`choices_view`) and, under a turn
    message, the link button to the board message — in the last row when it has room (beside
    My turn and My hand), else wherever one has. Without room anywhere (25 components) the
    choices keep their places and the link is left out."""
    view = choices_view(choices)
    if link is None:
        return view
    view = view or discord.ui.View(timeout=None)
    button: discord.ui.Button[Any] = discord.ui.Button(
        style=discord.ButtonStyle.link, url=link.url, label=link.label[:80] or "…"
    )
    rows = [item.row for item in view.children if item.row is not None]
    places: list[int | None] = [max(rows)] if rows else []
    for row in [*places, None]:
        try:
            view.add_item(_row(button, row) if row is not None else button)
            return view
        except ValueError:
            button.row = None
    log.warning("no room for the board's link under a turn message")
    return view


def _row(item: discord.ui.Item[Any], row: int) -> discord.ui.Item[Any]:
    item.row = row
    return item


# ====================================================================== gateway


#: What a message may ping when it calls nobody: no @everyone/@here, no role, no user — whatever
#: its text holds (a name is escaped besides, :mod:`bot.names`).
NOBODY = discord.AllowedMentions.none()


def mentioning(users: Sequence[int]) -> discord.AllowedMentions:
    """What a message may ping: exactly the users it means to call (``PublicMessage.mentions``),
    never @everyone, @here or a role, nor a user only named in its text (a player's name)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in users], replied_user=False
    )


def gateway_intents() -> discord.Intents:
    """The gateway events the bot uses: the guilds (its channel and thread cache, to open a
    table's thread). Interactions need no intent; the bot reads no message content, no member
    list and no presences (none of Discord's privileged intents), nor any message event."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


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
        self._dm_channels: dict[int, int] = {}  # user id → their DM channel's id

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
        if not _is_component(interaction):  # a typed command: its placeholder answers
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


def pressed_privately(interaction: Any) -> bool:
    """Whether a button was pressed on a message only its user sees: a DM or an ephemeral
    message (a My turn panel)."""
    message = getattr(interaction, "message", None)
    if message is None:
        return False
    flags = getattr(message, "flags", None)
    return getattr(interaction, "guild_id", None) is None or bool(getattr(flags, "ephemeral", False))


class _Acknowledged:
    """The ``response`` of an interaction another process already acknowledged."""

    def is_done(self) -> bool:
        return True


class HandedOver:
    """What the gateway needs of an interaction another process received and handed over (a
    press on a button of a direct message, acknowledged there): the pressed DM, which the bot
    wrote and so may edit in place, and the interaction's webhook for anything else."""

    type = discord.InteractionType.component
    guild_id = None  # a direct message

    def __init__(self, followup: discord.Webhook, message: Any = None) -> None:
        self.followup = followup
        self.message = message
        self.response = _Acknowledged()

    async def edit_original_response(self, **fields: Any) -> None:
        await self.message.edit(**fields)


# ====================================================================== handling interactions


def _is_component(interaction: Any) -> bool:
    return getattr(interaction, "type", None) == discord.InteractionType.component


async def answer(
    interaction: Any,
    call: Callable[[GameService], Awaitable[Outcome]],
    *,
    claim: bool = True,
    recorded: Recorded = "first",
) -> Outcome:
    """Acknowledge ``interaction`` first (the service may render a board), run ``call`` and
    deliver its outcome. A slash command's "thinking…" placeholder is removed when the outcome
    had nothing to say to the caller alone (its result is the public message).

    An interaction counts once: with ``claim`` its id is recorded as processed before ``call``
    runs (one processed before is refused); ``/play`` and the buttons pass the id to the
    service instead, which records it with the move itself (``recorded="move"``: a failure then
    says whether the move was stored, see :mod:`bot.adapter.serving`). Timed and counted for the metrics
    (:mod:`bot.metrics`); every log line meanwhile carries the interaction's context (:mod:`bot.logs`).

    While the bot is stopping (SIGTERM) a new interaction is not run: it is answered that the
    bot restarts and nothing was changed. One that runs counts as in flight until delivered."""
    command = _command_name(interaction)
    _bind_log_context(interaction, command)
    serving = serving_of(interaction.client)
    if serving.stopping:
        return await _answer_stopping(interaction)
    with serving.one(), metrics.COMMAND_SECONDS.labels(command).time():
        return await _answer(interaction, call, claim=claim, recorded=recorded, command=command)


async def _answer_stopping(interaction: Any) -> Outcome:
    outcome = Outcome.refuse(t("adapter_stopping", _lang(interaction)))
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(outcome.ephemeral, ephemeral=True)
        else:
            await interaction.response.send_message(outcome.ephemeral, ephemeral=True)
    return outcome


async def _answer(
    interaction: Any,
    call: Callable[[GameService], Awaitable[Outcome]],
    *,
    claim: bool,
    recorded: Recorded,
    command: str,
) -> Outcome:
    app = interaction.client
    if not interaction.response.is_done():
        try:
            if _is_component(interaction):  # the message pressed is updated (or the board is)
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:  # answered too late: the command still counts
            log.warning("acknowledging an interaction of %s failed: %s", interaction.user.id, error)
    try:
        refused = None
        if claim:
            refused = await app.service.claim_interaction(
                getattr(interaction, "id", None), interaction.user.id, locale=_lang(interaction)
            )
        outcome = refused or await call(app.service)
    except Exception:
        metrics.COMMAND_ERRORS.labels(command).inc()
        log.exception(
            "handling %s failed", getattr(getattr(interaction, "command", None), "qualified_name", "a button")
        )
        key = await failure_key(app.service, getattr(interaction, "id", None), recorded)
        outcome = Outcome.refuse(t(key, _lang(interaction)))
    try:
        await deliver(outcome, app.gateway, app.service, interaction)
    except discord.HTTPException:  # what the service did stands; only a message went missing
        log.exception("delivering the answer to %s failed", interaction.user.id)
    said = outcome.ephemeral or outcome.ephemeral_image or outcome.ephemeral_choices or outcome.done
    if not said and not _is_component(interaction):
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    return outcome


def _command_name(interaction: Any) -> str:
    """The ``command`` of an interaction's metrics and log lines: a slash command's full name
    (``game board``), or ``button`` for a button or menu."""
    if _is_component(interaction):
        return "button"
    return str(getattr(getattr(interaction, "command", None), "qualified_name", None) or "command")


def _bind_log_context(interaction: Any, command: str) -> None:
    """Every log line of this interaction names its guild, shard, channel and id (bot.logs)."""
    guild = getattr(interaction, "guild_id", None)
    service = getattr(interaction.client, "service", None)
    shard = service.shards.of(guild) if service is not None and guild is not None else 0
    logs.bind(
        guild=guild,
        shard=shard,
        channel=getattr(interaction, "channel_id", None),
        interaction=getattr(interaction, "id", None),
        command=command,
    )


async def press(interaction: Any, custom_id: str) -> Outcome:
    """Every button and menu choice: the service reads the custom_id (and refuses stale ones).
    A Rematch opens its lobby in a thread of its own when the old table had one and the bot may
    open another (:func:`rematch_press`). A press in a direct message for a game of another
    process's shards is acknowledged and handed over to that process, which answers it."""
    user_id, lang, name = interaction.user.id, _lang(interaction), _name(interaction)
    serving = serving_of(interaction.client)
    if serving.stopping:
        return await _answer_stopping(interaction)
    if getattr(interaction, "guild_id", None) is None:
        with serving.one():
            if await _hand_over(interaction, custom_id):
                return Outcome()
    once = getattr(interaction, "id", None)
    where = pressed_in(interaction)
    parsed = parse_custom_id(custom_id)
    if parsed is not None and parsed.verb == "r":  # counted once by answer()'s claim
        return await answer(interaction, lambda svc: rematch_press(interaction, svc, parsed.game_pk))
    return await answer(
        interaction,
        lambda svc: svc.press(custom_id, user_id, where, locale=lang, interaction_id=once, user_name=name),
        claim=False,
        recorded="move" if parsed is not None and parsed.verb == "a" else "first",
    )


def pressed_in(interaction: Any) -> int | None:
    """Where a button was pressed, as the service reads it (:mod:`bot.service.places`): the channel or
    thread of a server, or None for a direct message with the bot (no guild)."""
    if getattr(interaction, "guild_id", None) is None:
        return None
    return getattr(interaction, "channel_id", None)


async def rematch_press(interaction: Any, svc: GameService, pk: int) -> Outcome:
    """The Rematch button: where the old table had a thread of its own, the rematch gets a new
    one off the same channel (when the bot may open threads there), else it is played where the
    old table was."""
    user, lang, name = interaction.user.id, _lang(interaction), _name(interaction)
    misplaced = await svc.misplaced(button_id("r", pk, 0), user, pressed_in(interaction), locale=lang)
    if misplaced is not None:
        return misplaced
    where = await rematch.thread_name(svc.lobby, pk, user, name, locale=lang)
    if isinstance(where, Outcome) and not where.ok:
        return where
    thread = None
    allowed = getattr(interaction, "app_permissions", None)
    may = allowed is not None and allowed.create_public_threads and allowed.send_messages_in_threads
    if isinstance(where, tuple) and may:
        thread = await interaction.client.gateway.open_thread(where[1], where[0])
    return await rematch.rematch(
        svc.lobby, pk, user, name, interaction.channel_id, thread_id=thread, locale=lang
    )


async def _hand_over(interaction: Any, custom_id: str) -> bool:
    """Hand a direct-message press over to the process whose shards own its game (True)."""
    service: GameService = interaction.client.service
    if service.shards.everything:
        return False
    pressed = getattr(interaction, "message", None)
    handle = {
        "application_id": interaction.application_id,
        "token": interaction.token,
        "channel_id": interaction.channel_id,
        "message_id": getattr(pressed, "id", None),
    }
    if not interaction.response.is_done():
        try:
            await interaction.response.defer()
        except discord.HTTPException as error:
            log.warning("acknowledging a press of %s failed: %s", interaction.user.id, error)
    return await service.hand_over_press(
        custom_id,
        interaction.user.id,
        None,  # pressed in a DM (bot/service/places.py); the handle keeps the DM channel for the edit
        reply_to=handle,
        locale=_lang(interaction),
        interaction_id=getattr(interaction, "id", None),
        user_name=_name(interaction),
    )


def _channel_id(interaction: Interaction) -> int:
    """The channel a command was used in. Discord sends it with every interaction but a ping;
    discord.py types it as optional for that one."""
    if interaction.channel_id is None:
        raise ValueError(f"interaction {interaction.id} came without a channel")
    return interaction.channel_id


def _lang(interaction: Any) -> str:
    """The caller's language, from the interaction's locale."""
    return normalise(getattr(interaction, "locale", None))


def _server_lang(interaction: Any) -> str | None:
    """The server's language (a new game's public language), None when Discord does not say."""
    locale = getattr(interaction, "guild_locale", None)
    return normalise(locale) if locale is not None else None


def _name(interaction: Any) -> str:
    user = interaction.user
    return str(getattr(user, "display_name", None) or getattr(user, "name", None) or user.id)


class OptionsError(ValueError):
    """Options that cannot be read: ``key`` is the catalogue's sentence, ``values`` fill it."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values


def parse_options(text: str | None) -> dict[str, Any]:
    """``"individual_plantations=yes, veto_timing=on_use"`` → option dict. Raises
    :class:`OptionsError` (a ``ValueError``) for a part that is not ``name=value``, a text
    longer than :data:`bot.service.front.MAX_OPTIONS_TEXT` and an option given twice.
    yes/no/true/false/on/off become booleans, whole numbers ints."""
    if text is not None and len(text) > MAX_OPTIONS_TEXT:
        raise OptionsError("options_too_long", max=MAX_OPTIONS_TEXT)
    options: dict[str, Any] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionsError("adapter_bad_options", example="individual_plantations=yes")
        value = value.strip()
        lowered = value.lower()
        parsed: Any = value
        if lowered in ("yes", "true", "on"):
            parsed = True
        elif lowered in ("no", "false", "off"):
            parsed = False
        elif re.fullmatch(r"-?\d+", value):
            parsed = int(value)
        key = name.strip().lower().replace("-", "_")
        if key in options:
            raise OptionsError("option_repeated", name=clip(name.strip(), MAX_NAME))
        options[key] = parsed
    return options


#: The ways to hear of one's turn (``/game notify turn:``) as the command's English choices name
#: them (other languages: ``choice.<value>`` in the translator's catalogues).
NOTIFY_NAMES = {"mention": "mention", "dm": "DM", "both": "mention and DM", "none": "none"}


def zone_matches(typed: str) -> list[str]:
    """Up to 25 time zone names containing ``typed`` (case aside), the shortest first."""
    wanted = (typed or "").strip().lower().replace(" ", "_")
    found = [z for z in hours.zone_names() if wanted in z.lower()]
    return sorted(found, key=lambda z: (len(z), z))[:MAX_AUTOCOMPLETE]


def thread_room(interaction: Any) -> bool | None:
    """Whether a new table gets a thread of its own here: True — open one; False — the channel
    holds threads but the bot may not open them (the host is told, once); None — not a channel
    that holds threads (a thread already, a voice channel's chat): the table plays right here."""
    channel = getattr(interaction, "channel", None)
    if getattr(channel, "type", None) not in (discord.ChannelType.text, discord.ChannelType.news):
        return None
    allowed = getattr(interaction, "app_permissions", None)
    return bool(allowed is not None and allowed.create_public_threads and allowed.send_messages_in_threads)


#: ``/game board`` and ``/tradewinds legend`` draw pictures: at most this many per channel in so
#: many seconds (discord.py's cooldown, keyed by channel; one more is refused in one sentence).
PICTURE_COOLDOWN = (1, 20.0)


def per_channel(interaction: discord.Interaction) -> int | None:
    """The cooldown's key: the channel (a DM is a channel of its own)."""
    return interaction.channel_id


async def bot_owners(client: Any) -> frozenset[int]:
    """Who owns the bot: ``OWNER_IDS`` and, from the application info Discord gave at login,
    the application's owner or its team's admins and developers."""
    found = set(client.settings.owner_ids)
    info = getattr(client, "application", None)
    if info is not None:
        team = getattr(info, "team", None)
        if team is not None:
            roles = (discord.TeamMemberRole.admin, discord.TeamMemberRole.developer)
            found |= {m.id for m in team.members if getattr(m, "role", None) in roles}
        elif getattr(info, "owner", None) is not None:
            found.add(info.owner.id)
    return frozenset(found)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=title, value=gid) for title, gid in GameService.game_choices()]


def _language_choices() -> list[app_commands.Choice[str]]:
    """The languages, each by its own name (``日本語``), for ``/game settings language``."""
    return [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]


# ====================================================================== /game and /play


@app_commands.guild_only()  # contexts = [server]: Discord offers it nowhere else
class GameGroup(app_commands.Group):
    """``/game …``: the lobby and the table."""

    def __init__(self) -> None:
        super().__init__(name="game", description="Tradewinds board games in this channel", guild_only=True)

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", options="Variants as name=value, separated by commas")
    @app_commands.choices(game=_game_choices())
    async def new(self, interaction: Interaction, game: str, options: str | None = None) -> None:
        lang = _lang(interaction)
        try:
            parsed = parse_options(options)
        except OptionsError as error:
            sentence = t(error.key, lang, **error.values)
            await answer(interaction, lambda svc: _refused(sentence))
            return
        channel, guild, user, name = (
            _channel_id(interaction),
            interaction.guild_id,
            interaction.user.id,
            _name(interaction),
        )
        server = _server_lang(interaction)
        room = thread_room(interaction)
        gateway = interaction.client.gateway

        async def open_table(svc: GameService) -> Outcome:
            where, parent = channel, None
            if room:  # a thread of its own, named by the service, opened here
                named = await svc.table_thread(
                    game, parsed, user, name, locale=lang, guild_locale=server, channel_id=channel
                )
                if isinstance(named, Outcome):
                    return named
                thread = await gateway.open_thread(channel, named)
                if thread is not None:
                    where, parent = thread, channel
            return await svc.new_game(
                where, guild, user, name, game, parsed, locale=lang, guild_locale=server,
                parent_channel_id=parent, no_thread=room is False,
            )  # fmt: skip

        await answer(interaction, open_table)

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: Interaction) -> None:
        channel, user, name = _channel_id(interaction), interaction.user.id, _name(interaction)
        lang = _lang(interaction)
        await answer(interaction, lambda svc: svc.join(channel, user, name, locale=lang))

    @app_commands.command(
        name="leave", description="Leave the table (a computer player takes a running seat)"
    )
    async def leave(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.leave(channel, user, locale=lang))

    @app_commands.command(name="kick", description="Remove a player from the lobby (host)")
    @app_commands.describe(player="The player who loses their seat")
    async def kick(self, interaction: Interaction, player: discord.Member) -> None:
        channel, user, target = _channel_id(interaction), interaction.user.id, player.id
        lang = _lang(interaction)
        await answer(interaction, lambda svc: svc.kick(channel, user, target, locale=lang))

    @app_commands.command(name="add-bot", description="Seat a computer player, or hand a late seat to one")
    @app_commands.describe(level="How the computer player plays")
    @app_commands.choices(level=[app_commands.Choice(name=k, value=k) for k in reversed(KINDS)])
    async def add_bot(self, interaction: Interaction, level: str = "heuristic") -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.add_bot(channel, user, level, locale=lang))

    @app_commands.command(name="replace", description="Vote to hand a player's seat to a computer player")
    @app_commands.describe(player="The player whose seat a computer player should take")
    async def replace(self, interaction: Interaction, player: discord.Member) -> None:
        channel, user, target = _channel_id(interaction), interaction.user.id, player.id
        lang = _lang(interaction)
        await answer(interaction, lambda svc: svc.replace_player(channel, user, target, locale=lang))

    @app_commands.command(name="rejoin", description="Take your seat back from the computer player")
    async def rejoin(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.rejoin(channel, user, locale=lang))

    @app_commands.command(name="start", description="Start the game with the seated players (host)")
    async def start(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.start(channel, user, locale=lang))

    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.checks.cooldown(*PICTURE_COOLDOWN, key=per_channel)
    async def board(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.board(channel, user, locale=lang))

    @app_commands.command(
        name="status", description="The table in a few lines: round, who is to act and since when, scores"
    )
    async def status(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.status(channel, user, locale=lang))

    @app_commands.command(name="hand", description="Your private view of the game, only for you")
    async def hand(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.hand(channel, user, locale=lang))

    @app_commands.command(
        name="hint", description="The strong computer player's advice for your turn, only for you"
    )
    async def hint(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.hint(channel, user, locale=lang))

    @app_commands.command(name="log", description="The game's log, newest page first")
    @app_commands.describe(page="Which page (1 = the newest)")
    async def log_(self, interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.log(channel, user, page, locale=lang))

    @app_commands.command(name="history", description="Games played to the end here, newest first")
    @app_commands.describe(page="Which page (1 = the newest)", scope="This channel's games or the server's")
    @app_commands.choices(scope=[app_commands.Choice(name=s, value=s) for s in SCOPES])
    async def history(
        self, interaction: Interaction, page: app_commands.Range[int, 1] = 1, scope: str = "channel"
    ) -> None:
        channel, guild, user, lang = (
            _channel_id(interaction),
            interaction.guild_id,
            interaction.user.id,
            _lang(interaction),
        )
        await answer(
            interaction, lambda svc: svc.history(channel, guild, page, scope=scope, user_id=user, locale=lang)
        )

    @app_commands.command(name="export", description="Post the finished game of this channel as a file")
    async def export(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.export(channel, user, locale=lang))

    @app_commands.command(name="forget-me", description="Delete your stats and your name from stored games")
    @app_commands.describe(confirm="True to go ahead (without it you are told what would happen)")
    async def forget_me(self, interaction: Interaction, confirm: bool = False) -> None:
        user, lang = interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.forget_me(user, confirm, locale=lang))

    @app_commands.command(name="undo", description="Take back your last move while it is still your turn")
    async def undo(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.undo(channel, user, locale=lang))

    @app_commands.command(name="abandon", description="End the game in this channel (host)")
    async def abandon(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.abandon(channel, user, locale=lang))

    @app_commands.command(
        name="settings",
        description="Reminders, turn clock, language, only-choice play, take-over and hints (host)",
    )
    @app_commands.describe(
        reminder_hours="Remind whoever must act after this many hours",
        clock_hours="Per-turn clock in hours (0 = off)",
        language="The language of the game's messages in the channel",
        auto_play="Play a player's only legal choice for them",
        takeover="The computer player that takes over a replaced or late seat",
        hints="Whether players may ask for hints (/game hint)",
        at_table_minutes="Name without a ping whoever acted this many minutes ago (0 = always ping)",
    )
    @app_commands.choices(
        language=_language_choices(),
        takeover=[app_commands.Choice(name=k, value=k) for k in reversed(KINDS)],
    )
    async def settings(
        self,
        interaction: Interaction,
        reminder_hours: app_commands.Range[float, 0.1, 720.0] | None = None,
        clock_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
        language: str | None = None,
        auto_play: bool | None = None,
        takeover: str | None = None,
        hints: bool | None = None,
        at_table_minutes: app_commands.Range[float, 0.0, 120.0] | None = None,
    ) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(
            interaction,
            lambda svc: svc.settings(
                channel,
                user,
                locale=lang,
                reminder_hours=reminder_hours,
                clock_hours=clock_hours,
                language=language,
                auto_play=auto_play,
                takeover=takeover,
                hints=hints,
                at_table_minutes=at_table_minutes,
            ),
        )


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class AnywhereGroup(app_commands.Group):
    """``/tradewinds …``: the commands that need no table — ``mine``, ``notify``, ``rules``,
    ``legend``, ``stats`` — also in DMs and group DMs and as a user-installed app (Discord
    takes where a command may be used from its top-level command only, hence a group of their own
    beside the server-only ``/game``)."""

    def __init__(self) -> None:
        super().__init__(
            name="tradewinds",
            description="Tradewinds anywhere: your tables, your calls, rules, legends, stats",
        )

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: Interaction, game: str | None = None) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.rules_help(game, channel, user_id=user, locale=lang))

    @app_commands.command(name="legend", description="The key to a game's pictures")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=_game_choices())
    @app_commands.checks.cooldown(*PICTURE_COOLDOWN, key=per_channel)
    async def legend(self, interaction: Interaction, game: str | None = None) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.legend(channel, user, game=game, locale=lang))

    @app_commands.command(name="notify", description="How and when you are called to your turn")
    @app_commands.describe(
        turn="A mention in the channel, a DM, both, or none",
        time_zone="Your time zone, e.g. Europe/Amsterdam",
        quiet="Quiet hours like 22:00-07:00 (off: none): no calls, no clock",
        vacation_until="The day you are back, e.g. 2026-12-27 (off: back now)",
        stand_in="A computer player plays your turns while you are on vacation",
    )
    @app_commands.choices(turn=[app_commands.Choice(name=NOTIFY_NAMES[m], value=m) for m in NOTIFY_MODES])
    async def notify(
        self,
        interaction: Interaction,
        turn: str | None = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        vacation_until: str | None = None,
        stand_in: bool | None = None,
    ) -> None:
        user, lang = interaction.user.id, _lang(interaction)
        await answer(
            interaction,
            lambda svc: svc.notify(
                user,
                turn,
                locale=lang,
                time_zone=time_zone,
                quiet=quiet,
                vacation_until=vacation_until,
                stand_in=stand_in,
            ),  # fmt: skip
        )

    @notify.autocomplete("time_zone")
    async def zone_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """IANA zone names containing what was typed."""
        return [app_commands.Choice(name=z, value=z) for z in zone_matches(current)]

    @app_commands.command(
        name="mine", description="Your tables on every server: whose turn, since when, a link to the board"
    )
    async def mine(self, interaction: Interaction) -> None:
        user, lang = interaction.user.id, _lang(interaction)
        await answer(interaction, lambda svc: svc.mine(user, locale=lang))

    @app_commands.command(name="stats", description="Games played, won and average score on this server")
    @app_commands.describe(player="Whose figures (default: yours)")
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        who = player or interaction.user
        guild, user, caller, lang = interaction.guild_id, who.id, interaction.user.id, _lang(interaction)
        name = str(getattr(who, "display_name", None) or getattr(who, "name", None) or who.id)
        await answer(interaction, lambda svc: svc.stats(guild, user, name, caller_id=caller, locale=lang))


@app_commands.guild_only()
@app_commands.default_permissions(manage_threads=True)
class AdminGroup(app_commands.Group):
    """``/admin …``: moderators' and the bot owners' commands (``pause``, ``resume``, ``end``,
    ``sync``). Discord shows the group only to
    members with Manage Threads (``default_member_permissions``) until a server's admins choose
    otherwise in Server Settings → Integrations, and refuses it to everyone else — so whoever may
    use it here is a moderator of this server. ``sync`` is further for the bot's owners only
    (``OWNER_IDS`` and the application's owner or team, :func:`bot_owners`)."""

    def __init__(self) -> None:
        super().__init__(
            name="admin",
            description="Moderators and the bot's owners: pause or end a table, register commands",
        )

    @app_commands.command(
        name="pause", description="Pause the game here: no moves, reminders or clocks (moderators)"
    )
    async def pause(self, interaction: Interaction) -> None:
        channel, user, lang, name = (
            _channel_id(interaction),
            interaction.user.id,
            _lang(interaction),
            _name(interaction),
        )
        await answer(interaction, lambda svc: svc.pause(channel, user, name, locale=lang))

    @app_commands.command(name="resume", description="Let the paused game here go on (moderators)")
    async def resume(self, interaction: Interaction) -> None:
        channel, user, lang, name = (
            _channel_id(interaction),
            interaction.user.id,
            _lang(interaction),
            _name(interaction),
        )
        await answer(interaction, lambda svc: svc.pause(channel, user, name, paused=False, locale=lang))

    @app_commands.command(
        name="end", description="End the game in this channel, whoever hosts it (moderators)"
    )
    async def end(self, interaction: Interaction) -> None:
        channel, user, lang = _channel_id(interaction), interaction.user.id, _lang(interaction)
        name = _name(interaction)
        await answer(interaction, lambda svc: svc.abandon(channel, user, locale=lang, moderator=name))

    @app_commands.command(name="sync", description="Register the bot's slash commands again (bot owners)")
    async def sync(self, interaction: Interaction) -> None:
        app, lang = interaction.client, _lang(interaction)
        if interaction.user.id not in await bot_owners(app):
            await answer(interaction, lambda svc: _refused(t("adapter_owner_only", lang)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        count, guild = await app.sync_tree(app.settings.dev_guild_id)
        where = t("adapter_synced_guild" if guild else "adapter_synced_global", lang)
        synced = t("adapter_synced", lang, count=count, where=where)
        await interaction.followup.send(synced, ephemeral=True, allowed_mentions=NOBODY)


async def _refused(sentence: str) -> Outcome:
    return Outcome.refuse(sentence)


@app_commands.command(name="play", description="Make a move in this channel's game")
@app_commands.describe(action="Your move: start typing and pick from the list")
@app_commands.guild_only()
async def play(interaction: Interaction, action: str) -> None:
    channel, user, lang = interaction.channel_id, interaction.user.id, _lang(interaction)
    once = getattr(interaction, "id", None)
    await answer(
        interaction,
        lambda svc: svc.act(channel, user, action, locale=lang, interaction_id=once),
        claim=False,
        recorded="move",
    )


@play.autocomplete("action")
async def play_autocomplete(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal moves matching what they typed (from memory: autocomplete cannot wait;
    a game not yet used since the start is loaded first, once)."""
    service: GameService | None = getattr(interaction.client, "service", None)
    if service is None or interaction.channel_id is None:
        return []
    try:
        await service.load_for_autocomplete(interaction.channel_id)
    except Exception:  # the database away: no suggestions this time
        log.warning("loading the game of channel %s for autocomplete failed", interaction.channel_id)
        return []
    found = service.autocomplete(
        interaction.channel_id, interaction.user.id, current or "", _lang(interaction)
    )
    return [
        app_commands.Choice(name=label[:100] or text[:100], value=text[:100])
        for label, text in found[:MAX_AUTOCOMPLETE]
    ]


def build_tree(tree: app_commands.CommandTree) -> None:
    """Every command of the bot on ``tree``."""
    tree.add_command(GameGroup())
    tree.add_command(AnywhereGroup())
    tree.add_command(AdminGroup())
    tree.add_command(play)
    tree.error(on_tree_error)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """A failure no handler caught: one ephemeral sentence to the caller, the details in the log."""
    lang = _lang(interaction)
    if isinstance(error, app_commands.NoPrivateMessage):
        sentence = t("adapter_guild_only", lang)
    elif isinstance(error, app_commands.CommandOnCooldown):
        sentence = t("adapter_cooldown", lang, seconds=math.ceil(error.retry_after))
    else:
        log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
        sentence = t("adapter_failed", lang)
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(sentence, ephemeral=True, allowed_mentions=NOBODY)
        else:
            await interaction.response.send_message(sentence, ephemeral=True, allowed_mentions=NOBODY)


# ====================================================================== command tree hash


def tree_payload(tree: app_commands.CommandTree) -> list[dict[str, Any]]:
    """The global commands as Discord receives them (what a sync would upload)."""
    return sorted((cmd.to_dict(tree) for cmd in tree.get_commands()), key=lambda c: c["name"])


def tree_hash(tree: app_commands.CommandTree) -> str:
    """The hash of what a sync uploads: the commands with their translations (bot/translator)."""
    payload = localised_payload(tree_payload(tree))
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def hash_path(settings: Settings, guild_id: int | None) -> Path:
    """Where the hash of the last synced tree is kept: beside the database."""
    suffix = f".{guild_id}" if guild_id else ""
    return Path(f"{settings.database_path}.commands{suffix}")


# ====================================================================== the client


class TradewindsBot(discord.AutoShardedClient):
    """The Discord client: the command tree, the dynamic buttons, the service and the timers.

    It runs the shards of ``SHARD_COUNT`` / ``SHARD_IDS`` (all of them, as many as Discord
    advises, when those are not set). With ``serve=False`` (``tradewinds sync``) ``setup_hook``
    opens no database and runs no timers."""

    def __init__(self, settings: Settings, *, serve: bool = True) -> None:
        shards: dict[str, Any] = {}
        if settings.shard_count is not None:
            shards = {"shard_count": settings.shard_count, "shard_ids": list(settings.shards.ids)}
        super().__init__(intents=gateway_intents(), allowed_mentions=NOBODY, **shards)
        self.settings = settings
        self.serve = serve
        self.tree = app_commands.CommandTree(self)
        build_tree(self.tree)
        self.gateway = DiscordGateway(self)
        self.service: GameService | None = None
        self._stop_timers = asyncio.Event()
        self._timers: asyncio.Task[None] | None = None
        self.metrics: metrics.Endpoint | None = None  # METRICS_PORT's endpoint, while serving
        #: The interactions in flight, and whether the bot is stopping (:mod:`bot.adapter.serving`).
        self.serving = Serving()
        self._stopping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ChoiceButton, ChoiceSelect)
        await self.tree.set_translator(CommandTranslator())  # localised names, also for `tradewinds sync`
        if not self.serve:
            return
        store = await open_store(self.settings)
        self.service = GameService(
            store,
            self.settings,
            render_pool=RenderPool(self.settings.render_workers),
            search_pool=RenderPool(self.settings.search_workers, warm=False, name="search"),
        )
        self.service.render_pool.start()
        self.metrics = start_metrics(self.settings, self.service)
        await self.service.warm()
        await store.watch_timers(self.service.timers_changed.set)
        self._timers = asyncio.create_task(self._run_timers(), name="tradewinds-timers")
        if self.settings.syncs_commands:
            await self.check_commands()

    async def _run_timers(self) -> None:
        """The timer loop, from the moment the client is ready until it closes."""
        ready = asyncio.ensure_future(self.wait_until_ready())
        stopped = asyncio.ensure_future(self._stop_timers.wait())
        await asyncio.wait({ready, stopped}, return_when=asyncio.FIRST_COMPLETED)
        for waiter in (ready, stopped):
            waiter.cancel()
        if self._stop_timers.is_set():
            return
        heartbeat = self._heartbeat if self.settings.health_file else None
        await run_timers(
            self.service,
            self.gateway,
            interval=TIMER_INTERVAL,
            stop=self._stop_timers,
            heartbeat=heartbeat,
            drain_s=self.settings.stop_grace_s,
        )

    def _heartbeat(self) -> None:
        """The health check's sign of life (``HEALTH_FILE``): touched after every round of the
        timer loop while the shards are connected (``tradewinds health`` reads its age)."""
        if self.is_ready() and not self.is_closed() and all(not s.is_closed() for s in self.shards.values()):
            Path(self.settings.health_file or "").touch()

    async def check_commands(self) -> None:
        """Sync once when nothing was ever synced; afterwards only say when a sync is needed."""
        guild = self.settings.dev_guild_id
        path = hash_path(self.settings, guild)
        stored = path.read_text().strip() if path.exists() else None
        if stored is None:
            log.info("first start: registering the slash commands")
            await self.sync_tree(guild)
        elif stored != tree_hash(self.tree):
            log.warning(
                "the slash commands changed since they were last registered: "
                "run `tradewinds sync` or /admin sync"
            )

    async def sync_tree(self, guild_id: int | None) -> tuple[int, int | None]:
        """Register the commands (on one guild, or globally) and remember the tree's hash."""
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        hash_path(self.settings, guild_id).write_text(tree_hash(self.tree) + "\n")
        log.info("registered %d commands %s", len(synced), f"on guild {guild_id}" if guild_id else "globally")
        return len(synced), guild_id

    async def close(self) -> None:
        """The graceful stop (SIGTERM, or the client closed): once, however often it is asked."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._close())
        await asyncio.shield(self._stopping)

    async def _close(self) -> None:
        """Take no new interactions, let those in flight and the timer loop's running timers
        finish (together at most ``STOP_GRACE_SECONDS``), then close the Discord connection,
        the worker pools and the store, in that order (:mod:`bot.adapter.serving`)."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + self.settings.stop_grace_s
        log.info("stopping: no new interactions; those in flight may finish")
        self._stop_timers.set()
        await self.serving.drain(self.settings.stop_grace_s)
        if self._timers is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._timers, timeout=max(0.0, ends - loop.time()))
        await super().close()
        log.info("stopping: the Discord connection is closed")
        service, self.service = self.service, None
        if service is not None:
            service.search_pool.close()
            service.render_pool.close()
            log.info("stopping: the worker pools are closed")
            await service.store.close()
            log.info("stopping: the database is closed")
        if self.metrics is not None:
            self.metrics.close()
            self.metrics = None
        log.info("stopped")


def start_metrics(settings: Settings, service: GameService) -> metrics.Endpoint | None:
    """The Prometheus endpoint when ``METRICS_PORT`` is set (:mod:`bot.metrics`), with the open
    games of this process's shards."""
    if settings.metrics_port is None:
        return None
    tables = service.tables

    def open_games() -> list[tuple[int | None, str]]:
        return [(table.row.guild_id, table.row.status) for table in list(tables.cached.values())]

    endpoint = metrics.serve(
        settings.metrics_port,
        settings.metrics_address,
        open_games=metrics.OpenGames(open_games, service.shards.of),
    )
    log.info("metrics at http://%s:%d/metrics", settings.metrics_address, endpoint.port)
    return endpoint


def run_bot(settings: Settings) -> int:
    """``tradewinds run``: connect and play until stopped. Logging is already set up."""
    bot = TradewindsBot(settings)
    try:
        asyncio.run(_start(bot, settings.discord_token or ""))
    except discord.LoginFailure:
        log.error("Discord refused the token (DISCORD_TOKEN): check it in the Developer Portal.")
        return 2
    except KeyboardInterrupt:
        pass
    return 0


async def _start(bot: TradewindsBot, token: str) -> None:
    """Run until closed; SIGTERM (``docker stop``, ``systemctl stop``) closes gracefully
    (:meth:`TradewindsBot.close`, :mod:`bot.adapter.serving`)."""
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on some platforms
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(token)
        await bot.close()  # start returns once the gateway is closed: the rest of the stop, to its end


def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """``tradewinds sync``: log in, register the commands, log out."""

    async def go() -> int:
        bot = TradewindsBot(settings, serve=False)
        async with bot:
            await bot.login(settings.discord_token or "")
            count, _ = await bot.sync_tree(guild_id)
            print(f"Registered {count} commands " + (f"on guild {guild_id}." if guild_id else "globally."))
        return 0

    try:
        return asyncio.run(go())
    except discord.LoginFailure:
        log.error("Discord refused the token (DISCORD_TOKEN): check it in the Developer Portal.")
        return 2
