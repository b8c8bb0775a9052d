"""Discord failing under the adapter: refused DMs, rate limits, a failed board upload, an
interaction answered too late. The action is applied once, the player is told, nothing private
goes public, and the token never reaches the log."""

from __future__ import annotations

import io
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.config import Settings
from bot.ops import cli
from tests.backends import Database
from tests.bot.conftest import ANA, BO, CHANNEL, Env, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, FakeUser, invoke

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gxyzzy.not-a-real-token-abcdefghijklmnop0123"


@pytest.fixture
async def env(tmp_path):
    """Services on a SQLite file (as in tests/bot); every game played must replay to its cache."""
    environment = Env(Database("sqlite", str(tmp_path / "tradewinds.db")))
    yield environment
    await environment.close()
    assert await environment.check_replays() >= 1


def http_error(status: int, text: str = "failed") -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="Error"), text)


async def plays(svc) -> list[tuple[str, str]]:
    pk = svc.tables.channel_games[CHANNEL]
    return [(a.seat, a.text) for a in await svc.store.actions(pk) if a.kind == "play"]


async def test_refused_dms_keep_secrets_private_and_the_move_is_played_once(env):
    svc = await env.service()
    client = FakeClient(svc)
    client.users[BO] = FakeUser(BO, dms_closed=True)
    await seated(env, svc, [ANA, BO])
    bo = FakeInteraction(client, BO)
    await invoke("play", bo, action="bid 2")
    assert bo.ephemeral_texts() == ["Bo bids 2 in secret."]  # the player is told what only he sees
    assert await plays(svc) == [("p1", "bid 2")]
    public = "\n".join(text or "" for text, _ in client.public())
    assert "bid 2" not in public.lower() and "Your bid" not in public  # the secret bid stays secret
    ana = FakeInteraction(client, ANA)
    await invoke("play", ana, action="bid 1")
    assert await plays(svc) == [("p1", "bid 2"), ("p0", "bid 1")]


async def test_a_rate_limited_or_failed_board_upload_loses_nothing_and_the_next_one_posts(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    channel = client.get_channel(CHANNEL)
    real_send = channel.send
    failures = iter([http_error(429, "You are being rate limited."), http_error(413, "too large")])

    async def send_fails_twice(content: str | None = None, **kwargs: Any):
        error = next(failures, None)
        if error is not None:
            raise error
        return await real_send(content, **kwargs)

    channel.send = send_fails_twice
    posted_before = len(client.public())
    for user, bid in ((ANA, 1), (BO, 0)):
        interaction = FakeInteraction(client, user)
        await invoke("play", interaction, action=f"bid {bid}")
        name = {ANA: "Ana", BO: "Bo"}[user]
        assert interaction.ephemeral_texts() == [f"{name} bids {bid} in secret."]
    assert await plays(svc) == [("p0", "bid 1"), ("p1", "bid 0")]  # both applied, once each
    # Ana's move lost both its posts (the board's upload and its turn message); Bo's move posts
    # the board anew and then its turn message, calling Ana, with its picture and buttons.
    after = client.public()[posted_before:]
    assert len(after) == 2
    (board_text, board), (turn_text, turn) = after
    assert board.get("file") is not None and "<@" not in (board_text or "")
    assert turn_text is not None and "<@1>" in turn_text
    assert turn.get("file") is not None and turn.get("view") is not None
    again = FakeInteraction(client, ANA)
    await invoke("game board", again)
    assert len(client.public()) > posted_before or again.answers()  # the board reaches Discord again
    assert await plays(svc) == [("p0", "bid 1"), ("p1", "bid 0")]


class TooLateResponse:
    """An interaction whose 3 seconds have passed: Discord answers 404 Unknown interaction."""

    def is_done(self) -> bool:
        return False

    async def defer(self, **kwargs: Any) -> None:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown interaction")

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown interaction")


async def test_an_interaction_answered_too_late_still_plays_once_and_posts_the_board(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    first = FakeInteraction(client, ANA)
    await invoke("play", first, action="bid 1")
    posted_before = len(client.public())
    late = FakeInteraction(client, BO)
    late.response = TooLateResponse()
    await invoke("play", late, action="bid 0")
    assert await plays(svc) == [("p0", "bid 1"), ("p1", "bid 0")]
    # Bo could not be answered privately; the channel tells everyone what happened.
    assert len(client.public()) > posted_before
    assert any("Bids revealed: Ana 1, Bo 0." in (text or "") for text, _kw in client.public())
    # Trying again is refused (it is no longer his turn) rather than played twice.
    retry = FakeInteraction(client, BO)
    await invoke("play", retry, action="bid 0")
    assert await plays(svc) == [("p0", "bid 1"), ("p1", "bid 0")]


async def test_the_token_never_reaches_the_log_when_discord_fails(env):
    stream = io.StringIO()
    handler = cli.setup_logging(Settings(discord_token=TOKEN, log_level="DEBUG"), stream)
    try:
        svc = await env.service()
        client = FakeClient(svc, Settings(discord_token=TOKEN))
        await seated(env, svc, [ANA, BO])
        channel = client.get_channel(CHANNEL)

        async def send_fails(content: str | None = None, **kwargs: Any):
            raise http_error(401, f"401 Unauthorized (Authorization: Bot {TOKEN})")

        channel.send = send_fails
        interaction = FakeInteraction(client, ANA)
        await invoke("play", interaction, action="bid 1")
        logging.getLogger("discord.http").debug("PATCH with headers %s", {"Authorization": f"Bot {TOKEN}"})
        logging.getLogger("bot").info("settings: %s", client.settings)
        handler.flush()
        text = stream.getvalue()
        assert "posting to channel" in text and "[redacted]" in text  # the failures were logged
        assert TOKEN not in text and TOKEN[:24] not in text
    finally:
        logging.getLogger().removeHandler(handler)
