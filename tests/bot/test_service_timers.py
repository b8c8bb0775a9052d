"""Timers with a fake clock: reminders, lobby expiry, the turn clock, computer seats; DMs
refused; restarts in the middle of a game."""

from __future__ import annotations

import pytest

from bot.service.outcome import Outcome
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL


async def run_timers(env, svc) -> list[Outcome]:
    outcomes = await svc.run_due_timers()
    for outcome in outcomes:
        await env.deliver(svc, outcome, interaction=None)
    return outcomes


async def test_reminders_repeat_and_reset(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    env.clock.advance(3599)
    assert await run_timers(env, svc) == []
    env.clock.advance(1)
    (reminder,) = await run_timers(env, svc)
    msg = reminder.public[0]
    # The board's link, since when the table waits, what each must decide (a secret bid: only
    # that it is private), when the next reminder comes — times as Discord timestamps.
    assert msg.text.splitlines() == [
        "⏰ Tiny Test Game has waited since <t:1000000:R> — https://discord.com/channels/9/500",
        "<@1>: a private decision (▶ My turn)",
        "<@2>: a private decision (▶ My turn)",
        "Next reminder <t:1007200:R>.",
    ]
    assert msg.image is None and sorted(msg.mentions) == [ANA, BO]
    await svc.act(CHANNEL, ANA, "bid 1")
    env.clock.advance(3599)  # the action reset the reminder
    assert await run_timers(env, svc) == []
    env.clock.advance(1)
    (again,) = await run_timers(env, svc)
    assert again.public[0].mentions == [BO]
    env.clock.advance(3600)
    assert len(await run_timers(env, svc)) == 1  # and again every hour


async def test_lobby_warning_then_expiry(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], start=False)
    env.clock.advance(6 * 3600 - 1)
    assert await run_timers(env, svc) == []
    env.clock.advance(1)
    (warning,) = await run_timers(env, svc)
    assert warning.public[0].text == (
        "<@1>, the table for Tiny Test Game closes <t:1028800:R> unless you start it with /game start."
    )
    env.clock.advance(2 * 3600)
    (expired,) = await run_timers(env, svc)
    assert expired.public[0].text == "The table for Tiny Test Game was never started and is now closed."
    assert await svc.store.open_game(CHANNEL) is None
    assert (await svc.store.latest_game(CHANNEL)).status == "abandoned"
    assert (await svc.join(CHANNEL, CY, "Cy")).ephemeral.startswith("There is no game in this channel")


async def test_starting_cancels_lobby_expiry(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    assert sorted(tm.kind for tm in await svc.store.timers(pk)) == ["reminder"]
    env.clock.advance(10 * 3600)
    outcomes = await run_timers(env, svc)
    assert [o.public[0].text.startswith("⏰") for o in outcomes] == [True]
    assert (await svc.store.open_game(CHANNEL)).status == "active"


async def test_computer_seats_move_by_timers_after_the_delay(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA], bots=2, options={"rounds": 1}), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 0"))
    env.clock.advance(1.9)
    assert await run_timers(env, svc) == []  # not before BOT_DELAY_SECONDS
    env.clock.advance(0.1)
    (first,) = await run_timers(env, svc)
    assert "Computer 1 has placed a bid." in first.public[0].text
    assert first.private == []  # computer seats get no DMs
    env.clock.advance(2)
    (second,) = await run_timers(env, svc)
    assert "Bids revealed" in "\n".join(m.text for m in second.public)
    # Play the game out: Ana ends her turns at once, the computers move by timers.
    for _ in range(50):
        row = await svc.store.game(pk)
        if row.status != "active":
            break
        if "<@1>, it is your turn" in env.gateway.board().text:
            assert (await env.deliver(svc, await svc.act(CHANNEL, ANA, "done"))).ok
        else:
            env.clock.advance(2)
            await run_timers(env, svc)
    assert (await svc.store.game(pk)).status == "finished"
    assert "Final scores" in env.gateway.public[-1][1].text
    assert await svc.store.timers(pk) == []


async def test_turn_clock_lets_others_hand_the_seat_to_a_computer(env):
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO, CY])
    await svc.act(CHANNEL, ANA, "bid 1")
    await svc.act(CHANNEL, BO, "bid 1")
    early = await svc.add_bot(CHANNEL, ANA, "random")
    assert early.ephemeral == "Nobody's clock has run out, so no seat can be handed to a computer player."
    env.clock.advance(600)
    outcomes = await run_timers(env, svc)
    notices = [o.public[0] for o in outcomes if "clock has run out" in o.public[0].text]
    assert len(notices) == 1 and notices[0].text.startswith("Cy's clock has run out.")
    assert sorted(notices[0].mentions) == [ANA, BO]
    assert (await svc.add_bot(CHANNEL, CY, "random")).ephemeral == (
        "Nobody's clock has run out, so no seat can be handed to a computer player."
    )  # Cy cannot hand over his own seat
    taken = await svc.add_bot(CHANNEL, BO, "random")
    assert taken.public[0].text == "Bo hands Cy's seat to a computer player (random)."
    env.clock.advance(2)
    (moved,) = await run_timers(env, svc)
    assert "Bids revealed" in moved.public[0].text
    seats = await svc.store.seats((await svc.store.open_game(CHANNEL)).id)
    assert [(s.name, s.is_bot) for s in seats][2] == ("Cy", True)
    assert (await svc.act(CHANNEL, CY, "done")).ephemeral == "You are not playing in this game."


async def test_leaving_a_running_game_hands_the_seat_to_a_computer(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    out = await svc.leave(CHANNEL, BO)
    assert out.public[0].text == "Bo leaves the game; a computer player (random) takes over the seat."
    env.clock.advance(2)
    (moved,) = await run_timers(env, svc)
    assert "Bo has placed a bid." in moved.public[0].text


async def test_refused_dm_is_remembered_and_nothing_goes_public(env):
    svc = await env.service()
    env.gateway.refuse_dms_for = {BO}
    started = await seated(env, svc, [ANA, BO])
    await env.deliver(svc, started, interaction=None)
    assert [dm.user_id for dm in env.gateway.refused] == [BO]
    assert (await svc.store.seats((await svc.store.open_game(CHANNEL)).id))[1].dm_refused
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    bo = await svc.act(CHANNEL, BO, "bid 2", game_pk=None)
    assert all(dm.user_id != BO for dm in bo.private)  # the service no longer writes to him
    await env.deliver(svc, bo, interaction="bo-interaction")
    assert [dm.user_id for dm in env.gateway.refused] == [BO]  # never retried
    # His ephemeral answer arrived, and his private view is behind "My hand".
    assert env.gateway.acknowledged[-1].interaction == "bo-interaction"
    assert env.gateway.acknowledged[-1].text == "Bo bids 2 in secret."
    hand = await svc.hand(CHANNEL, BO)
    assert hand.ephemeral.endswith("Coins: 3")  # he won the bid with 2 of his 5 coins
    # Nothing private was ever posted publicly.
    for text in env.gateway.public_texts():
        assert "Coins" not in text and "Your bid" not in text and "in secret" not in text
    # A restarted service remembers the refusal.
    again = await env.service()
    await again.act(CHANNEL, ANA, "take 1")
    later = await again.act(CHANNEL, ANA, "done")
    assert all(dm.user_id != BO for dm in later.private)


async def test_old_turn_message_loses_its_buttons_and_keeps_its_words(env):
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO])
    await env.deliver(svc, started, interaction=None)
    first_id = env.gateway.public[-1][0]
    # A bid is one step of the simultaneous bidding: the turn message grows in place.
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    # (two messages: the board, then the turn message with its turn picture and a link to it)
    assert len(env.gateway.public) == 2 and env.gateway.public[0][1].live.role == "board"
    grown = next(edit for _c, mid, edit in reversed(env.gateway.edits) if mid == first_id)
    assert "Ana has placed a bid." in grown.text and grown.choices
    row = await svc.store.open_game(CHANNEL)
    assert row.public_message_id == first_id
    # The last bid begins Ana's turn: a new message; the old one keeps its words and the
    # reveal, without the whose-turn lines and buttons. (Ana left the table meanwhile: she is
    # pinged; at it, she would be named without a ping — tests/bot/test_table_pings.py.)
    env.clock.advance(600)
    await env.deliver(svc, await svc.act(CHANNEL, BO, "bid 0"))
    new_id, new = env.gateway.public[-1]
    assert new_id != first_id and new.mentions == [ANA] and new.choices
    retired = next(edit for _c, mid, edit in env.gateway.edits if mid == first_id and not edit.choices)
    assert "Bids revealed: Ana 1, Bo 0." in retired.text and "<@" not in retired.text
    assert (await svc.store.open_game(CHANNEL)).public_message_id == new_id
    # A failed post leaves the last good message as the one to edit later: it keeps its
    # buttons, and the next step of the turn whose message was lost goes on in it.
    env.gateway.fail_posts = True
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "take 1"))
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "done"))  # Bo's turn: its message is lost
    assert (await svc.store.open_game(CHANNEL)).public_message_id == new_id
    assert env.gateway.board() == dict(env.gateway.current())[new_id]
    env.gateway.fail_posts = False
    restarted = await env.service()  # also after a restart
    await env.deliver(restarted, await restarted.act(CHANNEL, BO, "take 2"))
    assert "Bo takes 2 points." in env.gateway.board().text and env.gateway.current()[-1][0] == new_id
    # The next turn posts anew, and the old message loses its buttons, keeping its words.
    await env.deliver(restarted, await restarted.act(CHANNEL, BO, "done"))
    posted_id, posted = env.gateway.public[-1]
    assert posted_id != new_id and posted.choices
    old = dict(env.gateway.current())[new_id]
    assert old.choices == [] and "Bo takes 2 points." in old.text and "<@" not in old.text
