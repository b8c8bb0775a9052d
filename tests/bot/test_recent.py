"""What the bot remembers per person stays bounded (issue 29: memory that stays flat).

The language of a person's last interaction (``Tables.locales``) and their DM channel's id (the
Discord gateway's) are kept for the most recent people only (:class:`bot.recent.Recent`); a
forgotten entry is asked for again, never wrong."""

from __future__ import annotations

import pytest

from bot.adapter.gateway import DiscordGateway
from bot.recent import PEOPLE, Recent
from tests.bot.test_discord_adapter import FakeClient


def test_the_least_recently_used_entry_goes_first():
    kept: Recent[str, int] = Recent(2)
    kept["a"], kept["b"] = 1, 2
    assert kept.get("a") == 1  # read: now the most recent
    kept["c"] = 3
    assert "b" not in kept and kept.get("b", 0) == 0
    assert kept.get("a") == 1 and kept.get("c") == 3 and len(kept) == 2
    kept.update({"d": 4})
    assert "a" not in kept and len(kept) == 2
    assert kept.pop("d") == 4 and kept.pop("d") is None and len(kept) == 1
    with pytest.raises(ValueError):
        Recent(0)


async def test_a_forgotten_language_is_read_again_from_the_store(env):
    service = await env.service()
    assert isinstance(service.tables.locales, Recent) and service.tables.locales.limit == PEOPLE
    service.tables.locales = Recent(2)
    for user, locale in ((1, "ja"), (2, "nl"), (3, "zh-TW")):
        assert await service.tables.caller_lang(user, locale) == locale
    assert len(service.tables.locales) == 2 and 1 not in service.tables.locales
    assert await service.tables.caller_lang(1) == "ja"  # the store remembered it


async def test_the_gateway_keeps_the_dm_channels_of_recent_people_only(env):
    service = await env.service()
    client = FakeClient(service)
    gateway = DiscordGateway(client)
    for user in (1, 2, 3, 1):
        await gateway._dm_channel(user)
    assert client.dm_opened == [1, 2, 3]  # each opened once, then remembered
    gateway._dm_channels = Recent(2)
    client.dm_opened.clear()
    for user in (1, 2, 3, 1):
        await gateway._dm_channel(user)
    assert client.dm_opened == [1, 2, 3, 1]  # 1 was forgotten for 3, and opened again
