"""Every press is checked against where it was offered (bot/service/places.py): forged payloads of every
verb of the custom ids, from a DM and from another server's channel, are refused with one
sentence and change nothing; the same buttons pressed where the bot offered them still work."""

from __future__ import annotations

import pytest

from bot.service.outcome import custom_id
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, NAMES, seated

pytestmark = pytest.mark.both_backends

ELSEWHERE = 777  # another server's channel
DM = None  # a direct message with the bot
WRONG = t("wrong_place", "en")
#: Every verb of the custom ids (bot/service/outcome.py) with an action part that fits it.
VERBS = {
    "a": "take 1", "h": "", "t": "", "n": "take", "v": "p1", "l": "", "r": "", "j": "", "q": "", "x": "", "b": "", "s": "",
}  # fmt: skip


async def snapshot(svc, pk):
    """Everything a press could change: the game row, its seats, state, log, votes and timers."""
    row = await svc.store.game(pk)
    seats = await svc.store.seats(pk)
    state = await svc.store.state(pk) if row.status != "lobby" else None
    actions = [(a.n, a.seat, a.text) for a in await svc.store.actions(pk)]
    votes = await svc.store.replace_voters(pk, "p1") if row.status == "active" else []
    timers = sorted((tm.kind, tm.due) for tm in await svc.store.timers(pk))
    return row, seats, state, actions, votes, timers


async def test_a_forged_join_seats_nobody_from_a_dm_or_another_channel(env):
    svc = await env.service()
    await seated(env, svc, [ANA], start=False)
    pk = (await svc.store.open_game(CHANNEL)).id
    before = await snapshot(svc, pk)
    join = custom_id("j", pk, 0)
    for where in (DM, ELSEWHERE):
        refused = await svc.press(join, DEE, where, user_name="Dee")
        assert not refused.ok and refused.ephemeral == WRONG
        assert refused.public == [] and refused.private == []
    assert await snapshot(svc, pk) == before
    # The same button pressed in the lobby's own channel seats her.
    joined = await svc.press(join, DEE, CHANNEL, user_name="Dee")
    assert joined.ok and [s.user_id for s in await svc.store.seats(pk)] == [ANA, DEE]


async def test_every_verb_forged_from_elsewhere_changes_nothing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY])
    pk = (await svc.store.open_game(CHANNEL)).id
    for user, amount in ((ANA, 1), (BO, 0), (CY, 0)):
        assert (await svc.act(CHANNEL, user, f"bid {amount}")).ok
    row = await svc.store.game(pk)
    before = await snapshot(svc, pk)
    for verb, action in VERBS.items():
        cid = custom_id(verb, pk, row.version, action)
        for user in (ANA, BO, DEE):  # the player to act, another player, a stranger
            for where in (ELSEWHERE, *([DM] if verb not in "an" else [])):
                refused = await svc.press(cid, user, where, user_name=NAMES[user])
                assert not refused.ok and refused.ephemeral == WRONG, (verb, user, where)
                assert refused.public == [] and refused.private == [] and not refused.ephemeral_choices
    # A public move (Ana's turn: take 1) from a DM is refused too: the bot never offers it there.
    for verb in "an":
        for user in (ANA, BO, DEE):
            refused = await svc.press(custom_id(verb, pk, row.version, VERBS[verb]), user, DM)
            if user == ANA:
                assert refused.ephemeral == WRONG, verb
            else:  # not to act / not seated: their own sentences, still nothing changed
                assert not refused.ok
    # Typed into /play in another channel, the move's custom id is refused as well.
    typed = await svc.act(ELSEWHERE, ANA, custom_id("a", pk, row.version, "take 1"))
    assert not typed.ok and typed.ephemeral == WRONG
    assert await snapshot(svc, pk) == before
    # Where the bot offered them, the buttons work.
    played = await svc.press(custom_id("a", pk, row.version, "take 1"), ANA, CHANNEL)
    assert played.ok and (await svc.store.actions(pk))[-1].text == "take 1"


async def test_a_secret_decision_is_played_from_its_dm_only_by_its_seat(env):
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    [ana_dm] = [dm for dm in started.private if dm.user_id == ANA]
    bid = next(c for c in ana_dm.choices if c.label == "Bid 2")
    # A custom id names no seat: Bo pressing it in his DM bids for his own seat, never Ana's.
    mine = await svc.press(bid.custom_id, BO, DM)
    assert mine.ok and [(a.seat, a.text) for a in await svc.store.actions(pk)] == [("p1", "bid 2")]
    stranger = await svc.press(bid.custom_id, DEE, DM)
    assert not stranger.ok and stranger.ephemeral == t("not_seated", "en")
    played = await svc.press(bid.custom_id, ANA, DM)
    assert played.ok
    assert ("p0", "bid 2") in [(a.seat, a.text) for a in await svc.store.actions(pk)]


async def test_a_rematch_and_its_join_only_where_they_were_offered(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    assert (await svc.abandon(CHANNEL, ANA)).ok
    rematch = custom_id("r", pk, 0)
    for where in (DM, ELSEWHERE):
        refused = await svc.press(rematch, ANA, where, user_name="Ana")
        assert not refused.ok and refused.ephemeral == WRONG
    assert await svc.store.open_game(CHANNEL) is None and await svc.store.open_game(ELSEWHERE) is None


async def test_open_tables_are_limited_per_host_and_per_channel(env):
    svc = await env.service(max_tables_per_user=2, max_tables_per_channel=3)
    assert (await svc.new_game(601, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.new_game(602, 9, ANA, "Ana", "tiny")).ok
    refused = await svc.new_game(603, 9, ANA, "Ana", "tiny")
    assert not refused.ok and refused.ephemeral == t("limit_tables_user", "en", max=2)
    assert refused.public == [] and await svc.store.open_game(603) is None
    # Threads count for the channel they hang off: Bo's and Cy's tables fill channel 700.
    assert (await svc.new_game(701, 9, BO, "Bo", "tiny", parent_channel_id=700)).ok
    assert (await svc.new_game(702, 9, CY, "Cy", "tiny", parent_channel_id=700)).ok
    assert (await svc.new_game(700, 9, BO, "Bo", "tiny")).ok
    full = await svc.new_game(703, 9, DEE, "Dee", "tiny", parent_channel_id=700)
    assert not full.ok and full.ephemeral == t("limit_tables_channel", "en", max=3)
    named = await svc.table_thread("tiny", None, DEE, "Dee", channel_id=700)  # asked before a thread opens
    assert isinstance(named, type(full)) and named.ephemeral == full.ephemeral
    # A table that ends frees its place.
    assert (await svc.abandon(601, ANA)).ok
    assert (await svc.new_game(603, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.abandon(700, BO)).ok
    assert (await svc.new_game(703, 9, DEE, "Dee", "tiny", parent_channel_id=700)).ok
    assert [(await svc.store.open_tables(host_id=u)) for u in (ANA, BO, CY, DEE)] == [2, 1, 1, 1]


async def test_the_host_removes_a_player_from_the_lobby(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY], start=False)
    pk = (await svc.store.open_game(CHANNEL)).id
    not_host = await svc.kick(CHANNEL, BO, CY)
    assert not not_host.ok and not_host.ephemeral == t("host_only", "en", host="Ana")
    assert not (await svc.kick(CHANNEL, ANA, ANA)).ok  # the host closes the lobby instead
    stranger = await svc.kick(CHANNEL, ANA, DEE)
    assert not stranger.ok and stranger.ephemeral == t("kick_not_seated", "en", mention=f"<@{DEE}>")
    assert [s.user_id for s in await svc.store.seats(pk)] == [ANA, BO, CY]
    kicked = await svc.kick(CHANNEL, ANA, BO)
    assert kicked.ok and kicked.ephemeral == t("kicked_you", "en", name="Bo")
    notice, lobby = kicked.public  # a line for the channel; the lobby message lists who is left
    assert t("lobby_list", "en", seats="Ana and Cy") in lobby.text and lobby.choices
    said = t("kicked", "en", host="Ana", name="Bo", title="Tiny Test Game")
    assert notice.text == said + " " + t("seats_taken", "en", count=2, max=4) and notice.mentions == []
    assert [s.user_id for s in await svc.store.seats(pk)] == [ANA, CY]
    again = await svc.join(CHANNEL, BO, "Bo")  # removed: no seat at this table again
    assert not again.ok and again.ephemeral == t("kick_barred", "en") and again.public == []
    assert [s.user_id for s in await svc.store.seats(pk)] == [ANA, CY]
    assert (await svc.start(CHANNEL, ANA)).ok
    running = await svc.kick(CHANNEL, ANA, CY)  # a running game's seat goes by /game replace
    assert not running.ok and running.ephemeral == t("already_started", "en")


async def test_every_verb_forged_through_the_adapter_is_refused(env):
    """The same forged presses through the Discord adapter's own button (``ChoiceButton``, as
    discord.py routes a ``tw:`` custom id), from a DM (no guild) and from another channel:
    one ephemeral sentence each, nothing posted, nothing stored — the Rematch too (its own
    path, :func:`bot.adapter.answering.rematch_press`)."""
    from bot.adapter.components import ChoiceButton
    from tests.bot.test_discord_adapter import FakeClient, FakeDMChannel, FakeInteraction

    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO, CY])
    pk = (await svc.store.open_game(CHANNEL)).id
    row = await svc.store.game(pk)
    before = await snapshot(svc, pk)
    for verb, action in VERBS.items():
        cid = custom_id(verb, pk, row.version, action)
        for user in (BO, DEE):
            dm = FakeInteraction(
                client, user, channel_id=FakeDMChannel.OFFSET + user, component=True, guild_id=None
            )
            there = FakeInteraction(client, user, channel_id=ELSEWHERE, component=True)
            for interaction in (there, *([dm] if verb not in "an" else [])):
                await ChoiceButton(cid, "…").callback(interaction)
                assert interaction.ephemeral_texts() == [WRONG], (verb, user, interaction.guild_id)
    assert client.public(CHANNEL) == [] and client.public(ELSEWHERE) == []
    assert await snapshot(svc, pk) == before
