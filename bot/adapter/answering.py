"""An interaction answered: acknowledged first, the service called with plain ids, its
:class:`~bot.service.outcome.Outcome` delivered (:func:`answer`), counted once, timed for the
metrics and logged with its context; a failure or a stopping bot answered with one sentence in the
caller's language. A button press (:func:`press`) in a direct message — Discord sends every one to
shard 0 — for another process's game is acknowledged here and handed over to that process, which
answers it (:meth:`bot.service.front.GameService.hand_over_press`, :class:`HandedOver`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import logs, metrics
from bot.adapter.delivery import deliver
from bot.adapter.serving import Recorded, failure_key, serving_of
from bot.service import rematch
from bot.service.front import GameService
from bot.service.outcome import (
    Outcome,
    parse_custom_id,
)
from bot.service.outcome import custom_id as button_id
from bot.texts import t
from engine.i18n import normalise

if TYPE_CHECKING:
    from bot.adapter.client import TradewindsBot  # noqa: F401 (named in Interaction below)

log = logging.getLogger(__name__)


#: An interaction with this bot: its ``client`` is the :class:`~bot.adapter.client.TradewindsBot`
#: (service, gateway, settings). The commands are annotated with it; helpers that tests call with
#: stand-ins take ``Any``.
Interaction = discord.Interaction["TradewindsBot"]


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


def is_component(interaction: Any) -> bool:
    """Whether ``interaction`` is a press of a button or a menu (not a slash command)."""
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
    outcome = Outcome.refuse(t("adapter_stopping", lang_of(interaction)))
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
            if is_component(interaction):  # the message pressed is updated (or the board is)
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:  # answered too late: the command still counts
            log.warning("acknowledging an interaction of %s failed: %s", interaction.user.id, error)
    try:
        refused = None
        if claim:
            refused = await app.service.claim_interaction(
                getattr(interaction, "id", None), interaction.user.id, locale=lang_of(interaction)
            )
        outcome = refused or await call(app.service)
    except Exception:
        metrics.COMMAND_ERRORS.labels(command).inc()
        log.exception(
            "handling %s failed", getattr(getattr(interaction, "command", None), "qualified_name", "a button")
        )
        key = await failure_key(app.service, getattr(interaction, "id", None), recorded)
        outcome = Outcome.refuse(t(key, lang_of(interaction)))
    try:
        await deliver(outcome, app.gateway, app.service, interaction)
    except discord.HTTPException:  # what the service did stands; only a message went missing
        log.exception("delivering the answer to %s failed", interaction.user.id)
    said = outcome.ephemeral or outcome.ephemeral_image or outcome.ephemeral_choices or outcome.done
    if not said and not is_component(interaction):
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    return outcome


def _command_name(interaction: Any) -> str:
    """The ``command`` of an interaction's metrics and log lines: a slash command's full name
    (``game board``), or ``button`` for a button or menu."""
    if is_component(interaction):
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
    user_id, lang, name = interaction.user.id, lang_of(interaction), name_of(interaction)
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
    user, lang, name = interaction.user.id, lang_of(interaction), name_of(interaction)
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
        locale=lang_of(interaction),
        interaction_id=getattr(interaction, "id", None),
        user_name=name_of(interaction),
    )


def channel_of(interaction: Interaction) -> int:
    """The channel a command was used in. Discord sends it with every interaction but a ping;
    discord.py types it as optional for that one."""
    if interaction.channel_id is None:
        raise ValueError(f"interaction {interaction.id} came without a channel")
    return interaction.channel_id


def lang_of(interaction: Any) -> str:
    """The caller's language, from the interaction's locale."""
    return normalise(getattr(interaction, "locale", None))


def server_lang_of(interaction: Any) -> str | None:
    """The server's language (a new game's public language), None when Discord does not say."""
    locale = getattr(interaction, "guild_locale", None)
    return normalise(locale) if locale is not None else None


def name_of(interaction: Any) -> str:
    """The caller's name as the server shows it."""
    user = interaction.user
    return str(getattr(user, "display_name", None) or getattr(user, "name", None) or user.id)
