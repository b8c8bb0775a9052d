"""Every DM sent for a decision is kept and closed (issue 27): its id is stored when it goes out
(so a restart does not lose it), and it is edited — what was decided, or that the moment passed,
no buttons — whichever way the decision was made; a stale press gets one sentence and a link."""

from __future__ import annotations

import pytest

from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, seated

TINY = GAMES["tiny"]


async def test_a_bid_made_elsewhere_closes_its_dm_and_the_old_button_gets_one_sentence(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    sent = {dm.user_id: dm for dm in env.gateway.private}
    assert set(sent) == {ANA, BO} and all(dm.decision is not None for dm in sent.values())
    kept = await svc.store.decision_dms(pk)
    assert sorted(dm.user_id for dm in kept) == [ANA, BO]
    # Ana bids by a typed move (or My turn): her DM says what she decided and loses its buttons.
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    [closed] = env.gateway.closed
    ana_dm = next(dm for dm in kept if dm.user_id == ANA)
    assert closed.message_id == ana_dm.message_id and closed.channel_id == ana_dm.channel_id
    assert closed.text == t("dm_decided", title=TINY.title, label="Bid 1")
    assert [dm.user_id for dm in await svc.store.decision_dms(pk)] == [BO]
    # Her DM's old button, pressed anyway: one sentence with a link to the current turn, no board.
    button = sent[ANA].choices[0]
    live = await svc.store.live_messages(pk)
    stale = await svc.act(CHANNEL, ANA, button.custom_id)
    assert not stale.ok and stale.ephemeral_image is None and not stale.public
    assert stale.ephemeral == t(
        "stale_play_link", link=f"https://discord.com/channels/9/{CHANNEL}/{live.turn_id}"
    )
    # After the bids, the old DM button pressed in the DM itself: the same one sentence, a link.
    await env.deliver(svc, await svc.act(CHANNEL, BO, "bid 0"))
    live = await svc.store.live_messages(pk)
    from_dm = await svc.press(button.custom_id, ANA, None)
    assert not from_dm.ok and from_dm.ephemeral_image is None and not from_dm.public
    assert from_dm.ephemeral == t(
        "stale_button_link", link=f"https://discord.com/channels/9/{CHANNEL}/{live.turn_id}"
    )
    # A stranger pressing it from a DM gets no link: only that they do not play at this table.
    stranger = await svc.press(button.custom_id, 77, None)
    assert not stranger.ok and "https://" not in stranger.ephemeral


async def test_kept_dms_survive_a_restart_and_close_when_the_game_ends(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    again = await env.service()  # a restart: only the store remembers the DMs
    await env.deliver(again, await again.abandon(CHANNEL, ANA))
    assert sorted(c.text for c in env.gateway.closed) == [t("dm_moment_passed", title=TINY.title)] * 2
    assert await again.store.decision_dms(pk) == []


async def test_forget_me_deletes_the_kept_dm_ids(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    asked = await svc.forget_me(ANA, False)
    assert t("forget_row_dms", count=1) in asked.ephemeral
    await svc.forget_me(ANA, True)
    assert [dm.user_id for dm in await svc.store.decision_dms(pk)] == [BO]


async def test_a_seat_handed_to_a_computer_has_its_dm_closed_when_the_computer_decides(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    await env.deliver(svc, await svc.leave(CHANNEL, ANA))  # her seat goes to a computer player
    assert env.gateway.closed == []  # the bid is still to make: the DM stays as it is
    for _ in range(3):  # the computer player's move is a timer's
        env.clock.advance(env.settings.bot_delay_s + 1)
        for outcome in await svc.run_due_timers():
            await env.deliver(svc, outcome, interaction=None)
    [closed] = env.gateway.closed
    assert closed.text.startswith(t("dm_decided", title=TINY.title, label="\0").split("\0")[0])
    assert [dm.user_id for dm in await svc.store.decision_dms(pk)] == [BO]


async def test_a_dm_that_went_out_is_kept_when_the_next_one_fails(env):
    """The DMs of a change are kept in one write at the end of its delivery: one that went out
    before sending the next failed is still kept (a restart closes it)."""
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO])
    send = env.gateway.send_private
    sends = 0

    async def failing_second(dm):
        nonlocal sends
        sends += 1
        if sends == 2:
            raise ConnectionError("Discord went away")
        return await send(dm)

    env.gateway.send_private = failing_second
    with pytest.raises(ConnectionError):
        await env.deliver(svc, started, interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    [went_out] = env.gateway.private
    fresh = await env.open_store()
    try:
        stored = await fresh.decision_dms(pk)
    finally:
        await fresh.close()
    assert [dm.user_id for dm in stored] == [went_out.user_id]
    assert await svc.store.decision_dms(pk) == stored
