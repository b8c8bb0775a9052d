"""The Discord client: :class:`TradewindsBot` on top of :class:`bot.service.front.GameService`.

* ``setup_hook`` registers the buttons (:class:`bot.adapter.components.ChoiceButton`,
  :class:`~bot.adapter.components.ChoiceSelect`) so that the buttons of old messages keep working
  after a restart, installs :class:`bot.adapter.translator.CommandTranslator` and starts the timer
  loop (:func:`bot.adapter.delivery.run_timers`).
* Shards: the client is a ``discord.AutoShardedClient``; with ``SHARD_COUNT`` / ``SHARD_IDS``
  it runs those shards only, and its service the timers of those shards' games only.
* Slash commands (:mod:`bot.adapter.commands`) are synced on demand (``tradewinds sync`` or
  ``/admin sync``), plus once on the very first start by the process that runs shard 0 (one
  process only, when there are several); afterwards a changed command tree (or a changed
  translation of it) is only reported in the log.
* :func:`run_bot` (``tradewinds run``), :func:`sync_commands` (``tradewinds sync``) and the
  metrics endpoint (:func:`start_metrics`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.adapter.commands import build_tree, hash_path, tree_hash
from bot.adapter.components import ChoiceButton, ChoiceSelect
from bot.adapter.delivery import run_timers
from bot.adapter.gateway import NOBODY, DiscordGateway
from bot.adapter.serving import Serving
from bot.adapter.translator import CommandTranslator
from bot.config import Settings
from bot.render_pool import RenderPool
from bot.service.front import GameService
from bot.stores.protocol import open_store

log = logging.getLogger(__name__)


#: How often (at most) the timer loop looks for due timers, in seconds.
TIMER_INTERVAL = 5.0


def gateway_intents() -> discord.Intents:
    """The gateway events the bot uses: the guilds (its channel and thread cache, to open a
    table's thread). Interactions need no intent; the bot reads no message content, no member
    list and no presences (none of Discord's privileged intents), nor any message event."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


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
    games of this process's shards (as the timer loop last counted them)."""
    if settings.metrics_port is None:
        return None
    timers = service.timers
    endpoint = metrics.serve(
        settings.metrics_port,
        settings.metrics_address,
        open_games=metrics.OpenGames(lambda: timers.open_games, service.shards.of),
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
