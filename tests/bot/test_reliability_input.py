"""Bad input at the edges: names clipped at a fixed length for every text and picture, typed
moves and option strings capped with a clear sentence, a repeated option refused (in every
language), and nothing changed by a refusal."""

from __future__ import annotations

import discord
import pytest

from bot.service.front import MAX_MOVE_TEXT, MAX_NAME, MAX_OPTIONS_TEXT
from bot.texts import t
from engine.i18n import LANGUAGES
from tests.bot.conftest import ANA, BO, CHANNEL, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

HUGE = "N" * 200_000

#: A Discord locale of each of our languages.
LOCALES = {
    "en": discord.Locale.american_english,
    "zh-CN": discord.Locale.chinese,
    "zh-TW": discord.Locale.taiwan_chinese,
    "ja": discord.Locale.japanese,
    "nl": discord.Locale.dutch,
}


async def test_a_huge_name_is_clipped_for_every_text_and_picture(env):
    svc = await env.service()
    assert (await svc.new_game(CHANNEL, 9, ANA, "A" + HUGE, "tiny")).ok
    assert (await svc.join(CHANNEL, BO, "B" + HUGE)).ok
    outcome = await svc.start(CHANNEL, ANA)
    assert outcome.ok
    for seat in await svc.store.seats(svc.tables.channel_games[CHANNEL]):
        assert len(seat.name) == MAX_NAME and seat.name.endswith("…")
    for _, view in env.renderer.calls:
        assert all(len(name) <= MAX_NAME for name in view["names"].values())
    for message in outcome.public:
        assert "N" * MAX_NAME not in message.text
    stats = await svc.stats(9, ANA, "S" + HUGE)
    assert "S" * MAX_NAME not in stats.ephemeral


async def test_a_huge_typed_move_is_refused_in_one_sentence_and_changes_nothing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = svc.tables.channel_games[CHANNEL]
    before = (await svc.store.state(pk), await svc.store.actions(pk))
    for text in (HUGE, "bid 1" + " " * MAX_MOVE_TEXT):
        refused = await svc.act(CHANNEL, ANA, text)
        assert not refused.ok and refused.ephemeral == t("move_too_long", max=MAX_MOVE_TEXT)
        assert refused.public == [] and refused.private == []
    assert (await svc.store.state(pk), await svc.store.actions(pk)) == before
    assert svc.autocomplete(CHANNEL, ANA, HUGE) == []  # nothing matches; nothing slow either
    assert (await svc.act(CHANNEL, ANA, "bid 1")).ok


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_repeated_or_too_long_option_is_refused_in_every_language(env, lang):
    svc = await env.service()
    client = FakeClient(svc)
    for options, sentence in (
        ("x=yes,x=no", t("option_repeated", lang, name="x")),
        ("Rounds=2, rounds=3", t("option_repeated", lang, name="rounds")),
        ("rounds=" + "1" * MAX_OPTIONS_TEXT, t("options_too_long", lang, max=MAX_OPTIONS_TEXT)),
    ):
        host = FakeInteraction(client, ANA)
        host.locale = LOCALES[lang]
        await invoke("game new", host, game="tiny", options=options)
        assert host.ephemeral_texts() == [sentence]
    assert client.public() == [] and await svc.store.open_game(CHANNEL) is None


async def test_the_service_caps_options_and_clips_echoed_names(env):
    svc = await env.service()
    too_long = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", {"rounds": HUGE})
    assert not too_long.ok and too_long.ephemeral == t("options_too_long", max=MAX_OPTIONS_TEXT)
    unknown = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", {"z" * 100: 1})
    assert not unknown.ok and "z" * MAX_NAME not in unknown.ephemeral
    assert await svc.store.open_game(CHANNEL) is None
