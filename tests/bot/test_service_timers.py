"""Timers with a fake clock: reminders, lobby expiry, the turn clock, computer seats; DMs
refused; restarts in the middle of a game."""

from __future__ import annotations

import json

from bot.outcome import Outcome
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated


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
    assert msg.text == "Reminder: <@1> and <@2>, Tiny Test Game is waiting for you." and msg.image is None
    assert sorted(msg.mentions) == [ANA, BO]
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
        "<@1>, the table for Tiny Test Game closes in 2 hours unless you start it with /game start."
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
    assert [o.public[0].text.startswith("Reminder") for o in outcomes] == [True]
    assert (await svc.store.open_game(CHANNEL)).status == "active"


async def test_computer_seats_move_by_timers_after_the_delay(env):
    svc = await env.service()
    await seated(env, svc, [ANA], bots=2, options={"rounds": 1})
    pk = (await svc.store.open_game(CHANNEL)).id
    await svc.act(CHANNEL, ANA, "bid 0")
    env.clock.advance(1.9)
    assert await run_timers(env, svc) == []  # not before BOT_DELAY_SECONDS
    env.clock.advance(0.1)
    (first,) = await run_timers(env, svc)
    assert "Computer 1 has placed a bid." in first.public[0].text
    assert first.private == []  # computer seats get no DMs
    env.clock.advance(2)
    (second,) = await run_timers(env, svc)
    assert "Bids revealed" in second.public[0].text
    # Play the game out: Ana ends her turns at once, the computers move by timers.
    for _ in range(50):
        row = await svc.store.game(pk)
        if row.status != "active":
            break
        if "<@1>, it is your turn" in env.gateway.public[-1][1].text:
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
    assert env.gateway.ephemeral[-1].interaction == "bo-interaction"
    assert env.gateway.ephemeral[-1].text == "Done: Bid 2."
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


async def test_old_board_loses_its_buttons(env):
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO])
    await env.deliver(svc, started, interaction=None)
    first_id = env.gateway.public[-1][0]
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    assert env.gateway.edits[-1][:2] == (CHANNEL, first_id)
    stripped = env.gateway.edits[-1][2]
    assert stripped.choices == [] and stripped.text == started.public[0].text
    row = await svc.store.open_game(CHANNEL)
    assert row.public_message_id == env.gateway.public[-1][0]
    # A failed upload leaves the last good board as the one to edit later.
    env.gateway.fail_uploads = True
    await env.deliver(svc, await svc.act(CHANNEL, BO, "bid 1"))
    assert (await svc.store.open_game(CHANNEL)).public_message_id == row.public_message_id
    # After a restart the old board still loses its buttons and keeps its words.
    env.gateway.fail_uploads = False
    board_text = env.gateway.public[-1][1].text
    restarted = await env.service()
    await env.deliver(restarted, await restarted.act(CHANNEL, ANA, "take 1"))
    assert env.gateway.edits[-1][1] == row.public_message_id
    assert env.gateway.edits[-1][2].text == board_text and env.gateway.edits[-1][2].choices == []


async def test_closing_and_reopening_mid_game_continues_identically(env, tmp_path):
    script = ["bid 2", "bid 1", "take 2", "draw", "done", "take 3", "done", "bid 0", "bid 3", "done"]
    users = [ANA, BO, ANA, ANA, ANA, BO, BO, ANA, BO, BO]

    async def play(svc, moves):
        for user, text in moves:
            out = await svc.act(CHANNEL, user, text)
            assert out.ok, (text, out.ephemeral)

    steps = list(zip(users, script, strict=True))
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    await play(svc, steps[:4])
    await env.close()  # the bot stops mid-game
    reopened = await env.service()
    env.clock.advance(3600)
    (reminder,) = await run_timers(env, reopened)  # the reminder survived the restart
    assert reminder.public[0].mentions == [ANA]
    await play(reopened, steps[4:])
    pk = (await reopened.store.open_game(CHANNEL)).id
    _, restarted_state = await reopened.store.state(pk)

    # The same game without a restart, in another file, ends in the same state.
    from tests.bot.conftest import Env

    other = Env(str(tmp_path / "other.db"))
    straight = await other.service()
    await seated(other, straight, [ANA, BO])
    await play(straight, steps)
    _, straight_state = await straight.store.state((await straight.store.open_game(CHANNEL)).id)
    assert json.loads(restarted_state) == json.loads(straight_state)
    await other.close()
    assert await other.check_replays() == 1


async def test_background_loop_delivers_due_timers_until_stopped(env):
    import asyncio

    from bot.delivery import run_timers as loop

    svc = await env.service(bot_delay_s=0.0)
    await seated(env, svc, [ANA], bots=1)
    await svc.act(CHANNEL, ANA, "bid 0")
    stop = asyncio.Event()
    task = asyncio.create_task(loop(svc, env.gateway, interval=0.01, stop=stop))
    for _ in range(200):
        if any("Bids revealed" in text for text in env.gateway.public_texts()):
            break
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(task, 2)
    assert any("Bids revealed" in text for text in env.gateway.public_texts())


async def test_unknown_setting_is_refused(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    out = await svc.settings(CHANNEL, ANA, speed=3)
    assert out.ephemeral == (
        "There is no setting speed; you can change: reminder_hours, clock_hours, language."
    )
    shown = await svc.settings(CHANNEL, BO)
    assert shown.ephemeral == (
        "Settings for this game: reminders every 1.0 h, turn clock off, language English."
    )


async def test_a_late_seat_that_moves_cannot_be_taken_over(env):
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO])
    await svc.act(CHANNEL, ANA, "bid 1")
    env.clock.advance(600)
    await run_timers(env, svc)
    assert (await svc.act(CHANNEL, BO, "bid 1")).ok  # Bo, late, moves after all
    refused = await svc.add_bot(CHANNEL, ANA, "random")
    assert refused.ephemeral == "Nobody's clock has run out, so no seat can be handed to a computer player."
    seats = await svc.store.seats((await svc.store.open_game(CHANNEL)).id)
    assert not any(s.timed_out for s in seats)


async def test_a_failing_computer_move_is_retried_later_and_other_timers_still_run(env, monkeypatch):
    import bot.service

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("no idea")

    svc = await env.service()
    await seated(env, svc, [ANA], bots=1)
    await seated(env, svc, [BO, CY], channel=CHANNEL + 1)
    monkeypatch.setattr(bot.service, "player", lambda game, kind, seed: Broken())
    env.clock.advance(3600)
    outcomes = await run_timers(env, svc)
    # The other table's reminder went out; the broken move is armed again for a minute later.
    assert [o.public[0].channel_id for o in outcomes] == [CHANNEL, CHANNEL + 1]  # the two reminders
    pk = (await svc.store.open_game(CHANNEL)).id
    (retry,) = [tm for tm in await svc.store.timers(pk) if tm.kind == "bot"]
    assert retry.due == env.clock() + 60
    monkeypatch.undo()
    env.clock.advance(60)
    moved = await run_timers(env, svc)
    assert any("Computer 1 has placed a bid." in o.public[0].text for o in moved)
