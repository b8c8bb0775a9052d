"""Fixtures for the service tests: a fake clock, a fake renderer, services on a real database
(a SQLite file; in modules marked ``both_backends`` also a PostgreSQL database, see
tests/backends.py), and — for every game any test plays — the check that replaying its log gives
the cached state."""

from __future__ import annotations

import itertools
import json
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

import tests.bot.tinygame  # noqa: F401  (registers the tiny game)
from bot.adapter.delivery import deliver
from bot.config import Settings
from bot.service.front import GameService
from bot.service.outcome import Outcome
from bot.stores.protocol import GameStore
from bot.stores.rows import TimerPlan, dumps
from engine import GAMES
from engine.ai import player
from tests.backends import Database
from tests.doubles.gateway import RecordingGateway


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def tiny_png(seed: bytes) -> bytes:
    """A valid 1×1 PNG whose colour depends on ``seed`` (deterministic per view)."""
    rgb = zlib.crc32(seed).to_bytes(4, "big")[:3]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" + rgb))
        + chunk(b"IEND", b"")
    )


class FakeRenderer:
    """Records every (game, view) it is asked to draw; returns a tiny PNG."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, game: str, view: dict[str, Any]) -> bytes:
        self.calls.append((game, view))
        return tiny_png(json.dumps(view, sort_keys=True, default=str).encode())


class FakeDecisionRenderer:
    """Records every decision picture asked for (game, the seat's view, its legal actions, the
    reader's language); returns a tiny PNG that depends on all of them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any], list[str], str]] = []

    def __call__(self, game: str, view: dict[str, Any], legal: list[str], lang: str) -> bytes:
        self.calls.append((game, view, legal, lang))
        return tiny_png(json.dumps([view, legal, lang], sort_keys=True, default=str).encode())


class FakeTurnRenderer:
    """Records every turn picture asked for (game, the public view, the seats called, the public
    legal actions, the language); returns a tiny PNG that depends on all of them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any], list[str], list[str], str]] = []

    def __call__(
        self, game: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str
    ) -> bytes:
        self.calls.append((game, view, seats, legal, lang))
        return tiny_png(json.dumps([view, seats, legal, lang], sort_keys=True, default=str).encode())


class Env:
    """Services over one database, a recording gateway, and the replay check at the end."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.path = database.target  # the SQLite file, or the PostgreSQL URL
        self.clock = FakeClock()
        self.renderer = FakeRenderer()
        self.decision_renderer = FakeDecisionRenderer()
        self.turn_renderer = FakeTurnRenderer()
        self.gateway = RecordingGateway()
        self.settings = Settings(
            reminder_after_s=3600,
            lobby_expiry_s=8 * 3600,
            bot_delay_s=2.0,
            **database.settings,
            strong_playouts=8,
            strong_time_cap_s=None,
            # Many tests open a table per case, all hosted by Ana: the limits of /game new have
            # tests of their own (tests/bot/test_places.py), which set them.
            max_tables_per_user=None,
            max_tables_per_channel=None,
        )
        self.stores: list[GameStore] = []

    async def open_store(self) -> GameStore:
        return await self.database.open()

    async def service(
        self, renderer=None, private_renderer=None, decision_renderer=None, search_pool=None, **settings: Any
    ) -> GameService:
        store = await self.database.open()
        self.stores.append(store)
        cfg = self.settings if not settings else Settings(**{**self.settings.__dict__, **settings})
        return GameService(
            store,
            cfg,
            clock=self.clock,
            renderer=renderer or self.renderer,
            private_renderer=private_renderer,
            decision_renderer=decision_renderer or self.decision_renderer,
            seed_source=lambda: 4242,
            search_pool=search_pool,
            turn_renderer=self.turn_renderer,
        )

    async def deliver(
        self, service: GameService, outcome: Outcome, interaction: object = "interaction"
    ) -> Outcome:
        await deliver(outcome, self.gateway, service, interaction)
        return outcome

    async def check_replays(self) -> int:
        """Replay every started game in the file; the result must equal the cached state (as the
        engine loads it: a cache of an older state schema is brought up to date)."""
        store = await self.database.open()
        try:
            service = GameService(store, self.settings, clock=self.clock, renderer=self.renderer)
            checked = 0
            for row in await store.games(("active", "finished", "abandoned")):
                if row.version == 0 or row.broken is not None or row.log_deleted is not None:
                    continue
                _, state_json = await store.state(row.id)
                rules = GAMES[row.game]
                replayed_state = await service.replay(row.id)
                if state_json is None:  # a closed game keeps its result, not its state
                    assert row.status != "active", f"running game {row.id} has no state"
                    kept = await store.result(row.id)
                    result = rules.result(replayed_state)
                    if kept is not None:
                        assert result is not None and json.loads(kept) == json.loads(dumps(result.to_dict()))
                    checked += 1
                    continue
                replayed = json.loads(json.dumps(rules.dump(replayed_state)))
                cached = json.loads(json.dumps(rules.dump(rules.load(json.loads(state_json)))))
                assert replayed == cached, f"replay of game {row.id} differs from its cache"
                checked += 1
            return checked
        finally:
            await store.close()

    async def close(self) -> None:
        for store in self.stores:
            await store.close()
        self.stores.clear()


@pytest.fixture
async def env(database):
    environment = Env(database)
    yield environment
    await environment.close()
    await environment.check_replays()


#: Users of the tests: id → name.
ANA, BO, CY, DEE = 1, 2, 3, 4
NAMES = {ANA: "Ana", BO: "Bo", CY: "Cy", DEE: "Dee"}
CHANNEL = 500


async def seated(
    env: Env,
    service: GameService,
    users: list[int],
    *,
    bots: int = 0,
    game: str = "tiny",
    options: dict | None = None,
    start: bool = True,
    channel: int = CHANNEL,
    level: str = "random",
    guild: int = 9,
) -> Outcome | None:
    """A table in ``channel`` with ``users`` (the first hosts) and ``bots`` computer seats."""
    assert (await service.new_game(channel, guild, users[0], NAMES[users[0]], game, options)).ok
    for user in users[1:]:
        assert (await service.join(channel, user, NAMES[user])).ok
    for _ in range(bots):
        assert (await service.add_bot(channel, users[0], level)).ok
    if not start:
        return None
    outcome = await service.start(channel, users[0])
    assert outcome.ok, outcome.ephemeral
    return outcome


class RandomMoves:
    """The running game in ``channel`` played by random players (seat ``pN`` by
    ``player(game, "random", seed + N)``), each move as the bot receives a ``/play``: from the
    seat's person (``users[N]``), with the interaction's locale and a new interaction id, its
    outcome delivered. A test counts what it wants around :meth:`play`."""

    def __init__(self, env: Env, service: GameService, users: list[int], seed: int, channel: int = CHANNEL):
        self.env, self.service, self.users, self.channel = env, service, users, channel
        self.pk = service.tables.channel_games[channel]
        game = service.tables.cached[self.pk].row.game
        self.rules = GAMES[game]
        self.players = {f"p{i}": player(game, "random", seed + i) for i in range(len(users))}
        self.interactions = itertools.count(1)

    async def play(self, k: int) -> Outcome | None:
        """Move ``k`` (the ``k % n``-th of the ``n`` seats to act plays), delivered; None when
        the game is over (nothing played)."""
        table = self.service.tables.cached.get(self.pk)
        if table is None or table.row.status != "active":
            return None
        to_act = self.rules.to_act(table.state)
        seat = to_act[k % len(to_act)]
        action = self.players[seat].choose({}, self.rules.legal(table.state, seat))
        outcome = await self.service.act(
            self.channel,
            self.users[int(seat[1:])],
            str(action),
            locale="en-US",
            interaction_id=next(self.interactions),
        )
        assert outcome.ok, outcome.ephemeral
        await self.env.deliver(self.service, outcome)
        return outcome


async def started_game(store: GameStore, timers: TimerPlan | None = None) -> int:
    """A game of the tiny game started on ``store`` (Ana alone at it, version 1); its pk."""
    pk = await store.create_game(
        channel_id=1, guild_id=None, game="tiny", options={}, seed=1, host_id=ANA, host_name="Ana",
        now=1.0, reminder_s=60, clock_s=None,
    )  # fmt: skip
    assert await store.start_game(pk, "{}", 2.0, timers)
    return pk


@pytest.fixture
async def store(database) -> AsyncIterator[GameStore]:
    """A store on the test's database, closed after the test."""
    opened = await database.open()
    try:
        yield opened
    finally:
        await opened.close()
