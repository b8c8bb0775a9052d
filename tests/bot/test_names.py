"""Names cannot shout, ping, link, hide or turn text round (bot/names.py), and no message the bot
sends can ping anyone it does not mean to call (``allowed_mentions``, bot/adapter/gateway.py)."""

from __future__ import annotations

import subprocess
import sys

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.adapter.client import TradewindsBot, gateway_intents
from bot.config import Settings
from bot.names import EMPTY, MAX_NAME, cleaned, escape_markdown, escape_mentions, plain, safe, shown
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

#: The names issue 28 found shown raw, and what the bot writes for them.
HOSTILE = {
    "# BIG": "\\# BIG",  # a heading
    "<@42>": "<@42>",  # not a user id Discord pings; allowed_mentions keeps it so anyway
    "@everyone": "@\u200beveryone",
    "<@123456789012345678>": "<@\u200b123456789012345678>",  # a real-looking user mention
    "<@&123456789012345678>": "<@\u200b&123456789012345678>",  # a role
    "[text](https://example.com)": "\\[text](https://example.com)",  # a masked link
    "abc\u202edef": "abcdef",  # right-to-left override
    "\u200b": EMPTY,  # an invisible player
    "\u2066\u200d\ufeff \n": EMPTY,
    "**loud**": "\\*\\*loud\\*\\*",
    "a_b": "a\\_b",
    "Ana\nSecond line": "Ana Second line",
}


@pytest.mark.parametrize(("raw", "written"), list(HOSTILE.items()))
def test_a_name_is_cleaned_and_escaped_with_discords_own_functions(raw, written):
    assert shown(raw) == written
    assert shown(raw) == discord.utils.escape_markdown(discord.utils.escape_mentions(plain(shown(raw))))
    drawn = plain(shown(raw))  # what a picture draws: no escapes, no control characters
    assert "\\" not in drawn.replace("\\\\", "") or "\\" in raw
    assert not any(c in drawn for c in "\u202e\u200b\u2066\u200d\ufeff\n") and drawn


def test_a_long_name_is_clipped_and_never_empty():
    assert len(plain(shown("x" * 200))) == MAX_NAME and shown("x" * 200).endswith("…")
    assert shown("") == shown("   ") == shown("\u200b\u200c") == EMPTY


def _allowed(kwargs) -> discord.AllowedMentions:
    allowed = kwargs.get("allowed_mentions")
    assert isinstance(allowed, discord.AllowedMentions), kwargs
    return allowed


async def test_hostile_names_play_a_whole_game_and_ping_nobody_they_should_not(env):
    """Three people named like the issue's attackers play a whole game through the adapter: every
    message sent (posts, edits, DMs, ephemeral answers, replaced panels) allows no @everyone,
    @here or role, and pings only the seated players it calls; the names are written escaped."""
    svc = await env.service()
    client = FakeClient(svc)
    named = {ANA: "# BIG @everyone", BO: "[text](https://example.com)", CY: "\u202e<@&123456789012345678>"}
    for user, name in named.items():
        client.get_user(user).name = client.get_user(user).display_name = name
    await invoke("game new", FakeInteraction(client, ANA), game="tiny", options="rounds=1")
    for user in (BO, CY):
        await invoke("game join", FakeInteraction(client, user))
    await invoke("game start", FakeInteraction(client, ANA))
    pk = (await svc.store.open_game(CHANNEL)).id
    stored = {s.user_id: s.name for s in await svc.store.seats(pk)}
    assert stored == {u: shown(n) for u, n in named.items()}
    assert stored[ANA] == "\\# BIG @\u200beveryone" and stored[CY] == "<@\u200b&123456789012345678>"
    for _ in range(200):
        row = await svc.store.game(pk)
        if row.status != "active":
            break
        table = svc.tables.cached[pk]
        seat = table.rules.to_act(table.state)[0]
        action = str(table.rules.legal(table.state, seat)[0])
        await invoke("play", FakeInteraction(client, table.seat(seat).user_id), action=action)
    assert (await svc.store.game(pk)).status == "finished"
    assert client.journal
    for what, _where, text, kwargs in client.journal:
        allowed = _allowed(kwargs)
        assert allowed.everyone is False and allowed.roles is False, (what, text)
        users = allowed.users if isinstance(allowed.users, list) else []
        assert allowed.users is False or {u.id for u in users} <= set(named), (what, text)
        if what != "post":  # an edit, a DM or an answer to one person pings nobody
            assert allowed.users is False, (what, text)
        for raw in named.values():  # a name is only ever written escaped
            assert raw not in (text or "").replace(shown(raw), "\0"), (what, text)
        assert "\u202e" not in (text or "")


def test_the_bot_pings_nobody_by_default_and_asks_for_no_privileged_intent():
    client = TradewindsBot(Settings())
    default = client.allowed_mentions
    assert default is not None and (default.everyone, default.users, default.roles) == (False, False, False)
    intents = client.intents
    assert not intents.message_content and not intents.members and not intents.presences
    assert intents == gateway_intents() and intents.guilds
    assert not intents.guild_messages and not intents.dm_messages  # no message events either


async def test_a_name_is_written_escaped_and_drawn_plain(env):
    svc = await env.service()
    opened = await svc.new_game(CHANNEL, 9, ANA, "# BIG", "tiny")
    lobby = t("lobby_opened", host="\\# BIG", title="Tiny Test Game", min=2, max=4)
    assert opened.public[0].text.startswith(lobby)
    joined = await svc.join(CHANNEL, DEE, "\u200b")
    assert joined.public[0].text == t("joined", name=EMPTY, title="Tiny Test Game", count=2, max=4)
    assert (await svc.start(CHANNEL, ANA)).ok
    table = svc.tables.cached[(await svc.store.open_game(CHANNEL)).id]
    assert table.names == {"p0": "\\# BIG", "p1": EMPTY}
    assert svc.presenter.view(table, None)["names"] == {"p0": "# BIG", "p1": EMPTY}  # the picture's
    named = await svc.table_thread("tiny", None, BO, "**Bo** @here")
    assert named == t("thread_name", title="Tiny Test Game", host="**Bo** @here")  # a title shows no markdown


#: Names that meet every pattern of discord.py's escapes, alone and together.
NASTY = [
    *HOSTILE,
    "", "plain", "> quote", ">>> block", ">no space", "## two", "#### four", "#tag", "  - item", "-dash",
    "a-b", "_under_", "~~gone~~", "||spoiler||", "`code`", "```fence```", "\\back\\slash",
    "[a](b)", "[x] (y)", "[[a]](b)", "<https://x.y/_a_>", "https://ex.com/a_b*c", "steam://run/1_2",
    "see https://a.b/c_d.", "<a:/b_c>", "@here", "@everyone!", "@!123456789012345678",
    "@1234567890123456", "@123456789012345678901", "a@everyone_b", "*@here*", "# @everyone",
    "line\n> quote", "x\n#y\n- z", "ü_ñ*ß", "名前_**太字**", "<@!123456789012345678> hi",
]  # fmt: skip


@pytest.mark.parametrize("text", NASTY)
def test_the_escapes_are_discords_own(text):
    """bot.names escapes a name as discord.py does, without importing it."""
    assert escape_mentions(text) == discord.utils.escape_mentions(text)
    assert escape_markdown(text) == discord.utils.escape_markdown(text)
    assert shown(text) == discord.utils.escape_markdown(discord.utils.escape_mentions(cleaned(text)))


@settings(max_examples=400, deadline=None)
@given(
    st.text(st.sampled_from("*`_~|\\>#-[]()@&! \n:/<>.0123456789abhtpsery") | st.characters(), max_size=40)
)
def test_the_escapes_are_discords_own_for_any_text(text):
    assert escape_mentions(text) == discord.utils.escape_mentions(text)
    assert escape_markdown(text) == discord.utils.escape_markdown(text)


def test_the_service_does_not_load_discord_py():
    """The service, its stores and the names are free of discord.py (the adapter's): a tool or
    a test that runs the service does not pay its import."""
    code = "import sys, bot.service.front, bot.names; print('discord' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


@pytest.mark.parametrize("raw", list(HOSTILE))
def test_a_stored_name_reads_back_the_same_and_an_old_raw_one_is_made_safe(raw):
    assert safe(shown(raw)) == shown(raw)  # stored since issue 28: unchanged
    assert safe(raw) == shown(raw)  # stored raw before it: escaped as it loads


async def test_a_name_stored_raw_before_is_written_escaped(env):
    svc = await env.service()
    await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny")
    pk = (await svc.store.open_game(CHANNEL)).id
    await svc.store.execute("UPDATE seats SET name = ? WHERE game_pk = ?", "# BIG @everyone", pk)
    [seat] = await svc.store.seats(pk)
    assert seat.name == "\\# BIG @\u200beveryone"
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    started = await svc.start(CHANNEL, ANA)
    seats = "\\# BIG @\u200beveryone and Bo"
    assert t("started", title="Tiny Test Game", seats=seats) in started.public[0].text
