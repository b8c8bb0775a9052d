"""Discord calls and timers: a new timer wakes the timer loop; a DM is one request after the first
(counted on discord.py's own HTTP client over a recording transport); a 429 on every request is
retried by discord.py and loses or doubles nothing."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from typing import Any

import discord

from bot.adapter.delivery import run_timers
from bot.adapter.gateway import DiscordGateway
from bot.service.outcome import PrivateMessage
from tests.bot.conftest import ANA, BO, CHANNEL, NAMES, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

# ---------------------------------------------------------------------- timers


async def until(condition, *, limit: float = 60.0) -> None:
    """Wait for ``condition()`` (a liveness bound, not a speed check: without the fix the loop
    below sleeps an hour)."""

    async def poll() -> None:
        while not await condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout=limit)


async def test_a_new_timer_wakes_the_sleeping_timer_loop(env):
    svc = await env.service(bot_delay_s=0)
    await seated(env, svc, [ANA], bots=1)
    pk = svc.tables.channel_games[CHANNEL]
    stop = asyncio.Event()
    loop = asyncio.create_task(run_timers(svc, env.gateway, interval=3600, stop=stop))

    async def ana_to_act() -> bool:
        table = await svc.tables.open(None, pk)
        return table.row.status != "active" or "p0" in table.rules.to_act(table.state)

    try:
        woken = 0
        for _ in range(40):
            await until(ana_to_act)  # the computer seat moved (each time right after Ana's move)
            table = await svc.tables.open(None, pk)
            if table.row.status != "active":
                break
            legal = [str(a) for a in table.rules.legal(table.state, "p0")]
            assert (await svc.act(CHANNEL, ANA, "done" if "done" in legal else legal[0])).ok
            woken += 1
        assert (await svc.store.game(pk)).status == "finished" and woken >= 3
    finally:
        stop.set()
        await loop


# ---------------------------------------------------------------------- a recording HTTP layer


class FakeResponse:
    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.reason = "Too Many Requests" if status == 429 else "OK"
        self.headers = {"content-type": "application/json", "Via": "1.1 google"}
        self.body = json.dumps(body)

    async def text(self, encoding: str = "utf-8") -> str:
        return self.body

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


class RecordingTransport:
    """Stands for aiohttp's session under discord.py's ``HTTPClient``: records every request
    (method, path) with its answer, and with ``rate_limit_first`` answers each request's first
    try with a 429 (``retry_after`` 10 ms), as Discord does, so that discord.py retries it."""

    def __init__(self, *, rate_limit_first: bool = False) -> None:
        self.rate_limit_first = rate_limit_first
        self.requests: list[tuple[str, str, int]] = []
        self.closed = False
        self.ids = itertools.count(10_000)

    async def close(self) -> None:
        self.closed = True

    def request(self, method: str, url: str, **kwargs: Any) -> FakeResponse:
        path = url.split("/api/v10", 1)[-1]
        last = [s for m, p, s in self.requests if (m, p) == (method, path)][-1:]
        if self.rate_limit_first and last != [429]:  # each request's first try
            self.requests.append((method, path, 429))
            return FakeResponse(
                429, {"message": "You are being rate limited.", "retry_after": 0.01, "global": False}
            )
        self.requests.append((method, path, 200))
        return FakeResponse(200, self.answer(method, path))

    def answer(self, method: str, path: str) -> Any:
        if path == "/users/@me/channels":
            return {"id": str(next(self.ids)), "type": 1, "recipients": [user(1)]}
        if m := re.fullmatch(r"/users/(\d+)", path):
            return user(int(m[1]))
        if m := re.fullmatch(r"/channels/(\d+)/messages(?:/(\d+))?", path):
            return message(int(m[1]), int(m[2]) if m[2] else next(self.ids))
        raise AssertionError(f"unexpected request {method} {path}")

    def successes(self, method: str, pattern: str) -> int:
        return sum(1 for m, p, s in self.requests if m == method and re.fullmatch(pattern, p) and s == 200)


def user(user_id: int) -> dict[str, Any]:
    return {"id": str(user_id), "username": NAMES.get(user_id, "u"), "discriminator": "0", "avatar": None}


def message(channel_id: int, message_id: int) -> dict[str, Any]:
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": user(99),
        "content": "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
        "components": [],
    }


def discord_client(transport: RecordingTransport, service: Any = None) -> discord.Client:
    """A real discord.py client whose HTTP requests go to ``transport``."""
    client = discord.Client(intents=discord.Intents.default())
    client.http._HTTPClient__session = transport  # type: ignore[attr-defined]
    client.http._global_over = asyncio.Event()
    client.http._global_over.set()
    client.http.token = "test"
    client.service = service  # type: ignore[attr-defined]
    client.gateway = DiscordGateway(client)  # type: ignore[attr-defined]
    return client


async def test_a_dm_is_one_request_after_the_first():
    transport = RecordingTransport()
    client = discord_client(transport)
    for text in ("one", "two", "three"):
        assert await client.gateway.send_private(PrivateMessage(ANA, text))
    assert await client.gateway.send_private(PrivateMessage(BO, "four"))
    asked = [(m, re.sub(r"\d{5,}", "N", p)) for m, p, _ in transport.requests]
    assert asked == [
        ("POST", "/users/@me/channels"),  # Ana's DM channel, opened once
        ("POST", "/channels/N/messages"),
        ("POST", "/channels/N/messages"),
        ("POST", "/channels/N/messages"),
        ("POST", "/users/@me/channels"),  # Bo's
        ("POST", "/channels/N/messages"),
    ]  # and never a GET /users/{id}
    dm_channels = [p for m, p, _ in transport.requests if p.startswith("/channels/")]
    assert len(set(dm_channels[:3])) == 1 and dm_channels[3] != dm_channels[0]


async def test_a_429_on_every_request_loses_and_doubles_nothing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], start=False)
    transport = RecordingTransport(rate_limit_first=True)
    client = discord_client(transport, svc)
    fakes = FakeClient(svc)

    async def command(user_id: int, name: str, **params: Any) -> FakeInteraction:
        interaction = FakeInteraction(fakes, user_id)
        interaction.client = client  # the real client: its requests go through discord.py's HTTP
        await invoke(name, interaction, **params)
        return interaction

    await command(ANA, "game start")  # the turn message, and a DM to each secret bidder
    for user_id, bid in ((ANA, 2), (BO, 1)):
        interaction = await command(user_id, "play", action=f"bid {bid}")
        assert interaction.ephemeral_texts() == [f"{NAMES[user_id]} bids {bid} in secret."]
    pk = svc.tables.channel_games[CHANNEL]
    assert [(a.seat, a.text) for a in await svc.store.actions(pk)] == [("p0", "bid 2"), ("p1", "bid 1")]
    board = rf"/channels/{CHANNEL}/messages"
    # One new turn message per turn, none twice: the start's, and the next turn's once both bid,
    # each after the board it links to (a message of its own, posted anew when a phase ends).
    assert transport.successes("POST", board) == 4
    # Edits count as edits, each once: Ana's bid in the turn message and on the board, and the
    # turn message the next turn retires.
    assert transport.successes("PATCH", board + r"/\d+") == 3
    assert transport.successes("POST", "/users/@me/channels") == 2  # each bidder's DM channel, once
    assert transport.successes("POST", r"/channels/\d{5,}/messages") == 2  # each bidder's DM, once
    # Every request was first refused with a 429 and then went through exactly once.
    tries: dict[tuple[str, str], list[int]] = {}
    for method, path, status in transport.requests:
        tries.setdefault((method, path), []).append(status)
    assert all(statuses == [429, 200] * (len(statuses) // 2) for statuses in tries.values()), tries
    assert not any(m == "GET" for m, _, _ in transport.requests)
    await client.close()
