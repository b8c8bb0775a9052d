"""The slash commands: thin handlers on top of :class:`bot.service.front.GameService`.

Each acknowledges the interaction, calls the service with plain ids and hands the
:class:`~bot.service.outcome.Outcome` on (:func:`bot.adapter.answering.answer`). Everything a
person reads comes from the service or the message catalogue; nothing here decides who may act.

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
* Their names and descriptions come in every language through
  :class:`bot.adapter.translator.CommandTranslator`; the tree's payload and hash tell a sync
  whether anything changed (:func:`tree_payload`, :func:`tree_hash`).
* Languages: each handler passes the interaction's ``locale`` to the service (which answers the
  caller in it and remembers it for their DMs); ``/game new`` also passes the server's locale,
  the new game's public language.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.adapter.answering import Interaction, answer, channel_of, lang_of, name_of, server_lang_of
from bot.adapter.gateway import NOBODY
from bot.adapter.translator import localised_payload
from bot.config import Settings
from bot.service import hours
from bot.service.front import MAX_NAME, MAX_OPTIONS_TEXT, GameService, clip
from bot.service.outcome import (
    Outcome,
)
from bot.service.records import SCOPES
from bot.stores.rows import NOTIFY_MODES
from bot.texts import t
from engine.ai import KINDS
from engine.i18n import LANGUAGE_NAMES

log = logging.getLogger(__name__)


#: A service method of the commands' commonest shape: ``(channel, user, *, locale)``.
CallerCommand = Callable[..., Awaitable[Outcome]]


async def by_caller(interaction: Interaction, method: Callable[[GameService], CallerCommand]) -> None:
    """Answer a command of the commonest shape: the service's ``method`` for the caller in the
    interaction's channel, in the caller's language."""
    channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
    await answer(interaction, lambda svc: method(svc)(channel, user, locale=lang))


#: Discord's limit of autocomplete entries.
MAX_AUTOCOMPLETE = 25


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


@app_commands.guild_only()  # contexts = [server]: Discord offers it nowhere else
class GameGroup(app_commands.Group):
    """``/game …``: the lobby and the table."""

    def __init__(self) -> None:
        super().__init__(name="game", description="Tradewinds board games in this channel", guild_only=True)

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", options="Variants as name=value, separated by commas")
    @app_commands.choices(game=_game_choices())
    async def new(self, interaction: Interaction, game: str, options: str | None = None) -> None:
        lang = lang_of(interaction)
        try:
            parsed = parse_options(options)
        except OptionsError as error:
            sentence = t(error.key, lang, **error.values)
            await answer(interaction, lambda svc: _refused(sentence))
            return
        channel, guild, user, name = (
            channel_of(interaction),
            interaction.guild_id,
            interaction.user.id,
            name_of(interaction),
        )
        server = server_lang_of(interaction)
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
        channel, user, name = channel_of(interaction), interaction.user.id, name_of(interaction)
        lang = lang_of(interaction)
        await answer(interaction, lambda svc: svc.join(channel, user, name, locale=lang))

    @app_commands.command(
        name="leave", description="Leave the table (a computer player takes a running seat)"
    )
    async def leave(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.leave)

    @app_commands.command(name="kick", description="Remove a player from the lobby (host)")
    @app_commands.describe(player="The player who loses their seat")
    async def kick(self, interaction: Interaction, player: discord.Member) -> None:
        channel, user, target = channel_of(interaction), interaction.user.id, player.id
        lang = lang_of(interaction)
        await answer(interaction, lambda svc: svc.kick(channel, user, target, locale=lang))

    @app_commands.command(name="add-bot", description="Seat a computer player, or hand a late seat to one")
    @app_commands.describe(level="How the computer player plays")
    @app_commands.choices(level=[app_commands.Choice(name=k, value=k) for k in reversed(KINDS)])
    async def add_bot(self, interaction: Interaction, level: str = "heuristic") -> None:
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
        await answer(interaction, lambda svc: svc.add_bot(channel, user, level, locale=lang))

    @app_commands.command(name="replace", description="Vote to hand a player's seat to a computer player")
    @app_commands.describe(player="The player whose seat a computer player should take")
    async def replace(self, interaction: Interaction, player: discord.Member) -> None:
        channel, user, target = channel_of(interaction), interaction.user.id, player.id
        lang = lang_of(interaction)
        await answer(interaction, lambda svc: svc.replace_player(channel, user, target, locale=lang))

    @app_commands.command(name="rejoin", description="Take your seat back from the computer player")
    async def rejoin(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.rejoin)

    @app_commands.command(name="start", description="Start the game with the seated players (host)")
    async def start(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.start)

    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.checks.cooldown(*PICTURE_COOLDOWN, key=per_channel)
    async def board(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.board)

    @app_commands.command(
        name="status", description="The table in a few lines: round, who is to act and since when, scores"
    )
    async def status(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.status)

    @app_commands.command(name="hand", description="Your private view of the game, only for you")
    async def hand(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.hand)

    @app_commands.command(
        name="hint", description="The strong computer player's advice for your turn, only for you"
    )
    async def hint(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.hint)

    @app_commands.command(name="log", description="The game's log, newest page first")
    @app_commands.describe(page="Which page (1 = the newest)")
    async def log_(self, interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
        await answer(interaction, lambda svc: svc.log(channel, user, page, locale=lang))

    @app_commands.command(name="history", description="Games played to the end here, newest first")
    @app_commands.describe(page="Which page (1 = the newest)", scope="This channel's games or the server's")
    @app_commands.choices(scope=[app_commands.Choice(name=s, value=s) for s in SCOPES])
    async def history(
        self, interaction: Interaction, page: app_commands.Range[int, 1] = 1, scope: str = "channel"
    ) -> None:
        channel, guild, user, lang = (
            channel_of(interaction),
            interaction.guild_id,
            interaction.user.id,
            lang_of(interaction),
        )
        await answer(
            interaction, lambda svc: svc.history(channel, guild, page, scope=scope, user_id=user, locale=lang)
        )

    @app_commands.command(name="export", description="Post the finished game of this channel as a file")
    async def export(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.export)

    @app_commands.command(name="forget-me", description="Delete your stats and your name from stored games")
    @app_commands.describe(confirm="True to go ahead (without it you are told what would happen)")
    async def forget_me(self, interaction: Interaction, confirm: bool = False) -> None:
        user, lang = interaction.user.id, lang_of(interaction)
        await answer(interaction, lambda svc: svc.forget_me(user, confirm, locale=lang))

    @app_commands.command(name="undo", description="Take back your last move while it is still your turn")
    async def undo(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.undo)

    @app_commands.command(name="abandon", description="End the game in this channel (host)")
    async def abandon(self, interaction: Interaction) -> None:
        await by_caller(interaction, lambda svc: svc.abandon)

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
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
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
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
        await answer(interaction, lambda svc: svc.rules_help(game, channel, user_id=user, locale=lang))

    @app_commands.command(name="legend", description="The key to a game's pictures")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=_game_choices())
    @app_commands.checks.cooldown(*PICTURE_COOLDOWN, key=per_channel)
    async def legend(self, interaction: Interaction, game: str | None = None) -> None:
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
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
        user, lang = interaction.user.id, lang_of(interaction)
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
        user, lang = interaction.user.id, lang_of(interaction)
        await answer(interaction, lambda svc: svc.mine(user, locale=lang))

    @app_commands.command(name="stats", description="Games played, won and average score on this server")
    @app_commands.describe(player="Whose figures (default: yours)")
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        who = player or interaction.user
        guild, user, caller, lang = interaction.guild_id, who.id, interaction.user.id, lang_of(interaction)
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
            channel_of(interaction),
            interaction.user.id,
            lang_of(interaction),
            name_of(interaction),
        )
        await answer(interaction, lambda svc: svc.pause(channel, user, name, locale=lang))

    @app_commands.command(name="resume", description="Let the paused game here go on (moderators)")
    async def resume(self, interaction: Interaction) -> None:
        channel, user, lang, name = (
            channel_of(interaction),
            interaction.user.id,
            lang_of(interaction),
            name_of(interaction),
        )
        await answer(interaction, lambda svc: svc.pause(channel, user, name, paused=False, locale=lang))

    @app_commands.command(
        name="end", description="End the game in this channel, whoever hosts it (moderators)"
    )
    async def end(self, interaction: Interaction) -> None:
        channel, user, lang = channel_of(interaction), interaction.user.id, lang_of(interaction)
        name = name_of(interaction)
        await answer(interaction, lambda svc: svc.abandon(channel, user, locale=lang, moderator=name))

    @app_commands.command(name="sync", description="Register the bot's slash commands again (bot owners)")
    async def sync(self, interaction: Interaction) -> None:
        app, lang = interaction.client, lang_of(interaction)
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
    channel, user, lang = interaction.channel_id, interaction.user.id, lang_of(interaction)
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
        interaction.channel_id, interaction.user.id, current or "", lang_of(interaction)
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
    lang = lang_of(interaction)
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
