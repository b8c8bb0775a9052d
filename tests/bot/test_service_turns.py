"""Seat and turn checks, bad and out-of-turn actions, secret bids, DMs, buttons, undo."""

from __future__ import annotations

import random

import pytest

from bot.service.outcome import custom_id, parse_custom_id
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, seated

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL


async def snapshot(svc):
    """What must not change on a refusal: the version, the cached state and the log."""
    row = await svc.store.open_game(CHANNEL)
    version, state = await svc.store.state(row.id)
    return version, state, [(a.n, a.text) for a in await svc.store.actions(row.id)]


async def bid_all(svc, bids: dict[int, int]) -> None:
    for user, amount in bids.items():
        out = await svc.act(CHANNEL, user, f"bid {amount}")
        assert out.ok, out.ephemeral


async def test_refusals_change_nothing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    before = await snapshot(svc)
    stranger = await svc.act(CHANNEL, DEE, "bid 1")
    assert not stranger.ok and stranger.ephemeral == "You are not playing in this game."
    assert not stranger.public and not stranger.private
    bad = await svc.act(CHANNEL, ANA, "bid 9")
    assert not bad.ok and bad.ephemeral == "You can bid 0 to 5 coins."
    nonsense = await svc.act(CHANNEL, ANA, "")
    assert nonsense.ephemeral == "Choose a move from the buttons."
    assert await snapshot(svc) == before
    await bid_all(svc, {ANA: 1, BO: 0})  # Ana wins the bid; round 1 moves start with Ana
    before = await snapshot(svc)
    out_of_turn = await svc.act(CHANNEL, BO, "take 3")
    assert not out_of_turn.ok and out_of_turn.ephemeral == "It is Ana's turn."
    assert await snapshot(svc) == before


async def test_secret_bids_stay_private(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO, CY]), interaction=None)
    ana = await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 2"))
    # The move is acknowledged by the board; what only she saw (her bid) is hers alone.
    assert ana.ok and ana.done == "You chose: Bid 2." and ana.ephemeral == "Ana bids 2 in secret."
    # one of the simultaneous bids: the turn message grows in place (and the board, a message of
    # its own beside the turn picture, shows who has bid)
    public, *board = ana.public
    assert [m.live.role for m in board] in ([], ["board"]) and all(m.edit_id for m in board)
    assert public.edit_id is not None and public.mentions == []
    assert "Ana has placed a bid." in public.text
    assert "bids 2" not in public.text and "Your bid" not in public.text
    # No DM: Bo and Cy were asked already, and her bid is in her hand, not in a DM.
    assert ana.private == []
    # Her hand shows it ephemerally; Bo's does not show hers.
    hand = await svc.hand(CHANNEL, ANA)
    assert "Your bid: 2" in hand.ephemeral and not hand.ephemeral_choices
    bo_hand = await svc.hand(CHANNEL, BO)
    assert "Your bid" not in bo_hand.ephemeral and [c.label for c in bo_hand.ephemeral_choices][:2] == [
        "Bid 0",
        "Bid 1",
    ]
    await env.deliver(svc, await svc.act(CHANNEL, BO, "bid 2"))
    env.clock.advance(10 * 60)  # Ana left the table (at it, she would be named without a ping)
    last = await svc.act(CHANNEL, CY, "bid 0")
    # The reveal ends the bidding's message; Ana's turn begins with a new one that mentions her.
    turn, retired, *board = last.public
    assert [m.live.role for m in board] in ([], ["board"])
    assert retired.edit_id == public.edit_id and retired.choices == []
    assert "Bids revealed: Ana 2, Bo 2, Cy 0. Ana wins 3 points." in retired.text
    assert turn.edit_id is None and turn.mentions == [ANA]
    assert "<@1>, it is your turn: Take 1 to 3 points, draw a card, or end your turn." in turn.text
    # Everyone's private view changed (the bid line goes away; Ana paid 2 coins): no DM for that.
    assert last.private == []
    assert (await svc.hand(CHANNEL, ANA)).ephemeral.endswith("Coins: 3")
    # Every public view handed to the renderer lacks coins.
    assert all("coins" not in view for _, view in env.renderer.calls)


async def test_public_turn_has_action_buttons_that_go_stale(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    await bid_all(svc, {ANA: 0, BO: 0})
    row = await svc.store.open_game(CHANNEL)
    board = (await svc.board(CHANNEL, BO)).public[0]
    labels = [c.label for c in board.choices]
    # the plays, then My turn (the same plays with the picture of the decision, to Ana alone)
    assert labels == ["Take 1", "Take 2", "Take 3", "Draw", "Done", "▶ My turn", "My hand", "?"]
    take2 = next(c for c in board.choices if c.label == "Take 2")
    # Bo may not press Ana's button.
    assert (await svc.press(take2.custom_id, BO, CHANNEL)).ephemeral == "It is Ana's turn."
    pressed = await svc.press(take2.custom_id, ANA, CHANNEL)
    assert pressed.ok and "Ana takes 2 points." in pressed.public[0].text
    # The same (now old) board's "Draw" button is refused in one sentence with a link to the
    # current turn (no board picture again).
    draw = next(c for c in board.choices if c.label == "Draw")
    stale = await svc.press(draw.custom_id, ANA, CHANNEL)
    assert not stale.ok and stale.ephemeral_image is None
    assert (
        stale.ephemeral
        == "That button is from an earlier turn; here is [the current turn](https://discord.com/channels/9/500)."
    )
    assert not stale.public
    gone = await svc.press("tw:a:999:1:take 1", ANA, CHANNEL)
    assert gone.ephemeral == "That game is no longer running."
    assert (
        await svc.press("xx:whatever", ANA, CHANNEL)
    ).ephemeral == "That button does not belong to any game I know."
    assert row.version == 3  # started (1) and two bids


async def test_secret_bid_buttons_survive_other_bids(env):
    svc = await env.service()
    started = await seated(env, svc, [ANA, BO, CY])
    cy_dm = next(dm for dm in started.private if dm.user_id == CY)
    await bid_all(svc, {ANA: 1, BO: 1})
    # Cy's DM buttons were drawn before the others bid; they are still his choices.
    bid3 = next(c for c in cy_dm.choices if c.label == "Bid 3")
    pressed = await svc.press(bid3.custom_id, CY, None)
    assert pressed.ok and "Bids revealed: Ana 1, Bo 1, Cy 3. Cy wins 3 points." in pressed.public[0].text
    # Ana's old bid button is refused: she bid since.
    ana_dm = next(dm for dm in started.private if dm.user_id == ANA)
    again = await svc.press(ana_dm.choices[0].custom_id, ANA, None)
    assert not again.ok


async def test_turn_panel_and_hand(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    panel = await svc.press(custom_id("t", pk, 1), BO, CHANNEL)
    assert panel.ephemeral == "Choose your secret bid (0 to 5 coins)." and len(panel.ephemeral_choices) == 6
    assert (
        await svc.press(custom_id("t", pk, 1), DEE, CHANNEL)
    ).ephemeral == "You are not playing in this game."
    hand = await svc.press(custom_id("h", pk, 1), ANA, CHANNEL)
    assert hand.ephemeral.startswith("Your private view of Tiny Test Game:\nCoins: 5")


async def test_autocomplete_reads_memory(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    await bid_all(svc, {ANA: 0, BO: 0})
    # Each value is the move's button custom_id: the version it was offered at goes with it.
    version = svc.tables.cached[svc.tables.channel_games[CHANNEL]].row.version
    offered = f"tw:a:1:{version}:"
    assert svc.autocomplete(CHANNEL, ANA, "") == [
        ("Take 1", offered + "take 1"),
        ("Take 2", offered + "take 2"),
        ("Take 3", offered + "take 3"),
        ("Draw", offered + "draw"),
        ("Done", offered + "done"),
    ]
    assert svc.autocomplete(CHANNEL, ANA, "TA") == [
        ("Take 1", offered + "take 1"),
        ("Take 2", offered + "take 2"),
        ("Take 3", offered + "take 3"),
    ]
    assert svc.autocomplete(CHANNEL, BO, "") == []  # not his turn
    assert svc.autocomplete(CHANNEL, DEE, "") == []
    assert svc.autocomplete(CHANNEL + 5, ANA, "") == []
    # A fresh service (after a restart) loads the game on its first autocomplete (the adapter
    # awaits load_for_autocomplete first).
    other = await env.service()
    assert other.autocomplete(CHANNEL, ANA, "d") == []
    await other.load_for_autocomplete(CHANNEL)
    assert other.autocomplete(CHANNEL, ANA, "d") == [("Draw", offered + "draw"), ("Done", offered + "done")]


async def test_undo_allowed_and_refused(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY])
    await bid_all(svc, {BO: 1, CY: 2})
    refused = await svc.undo(CHANNEL, BO)
    assert refused.ephemeral == "You can only undo while nobody else has acted since your move."
    assert (await svc.undo(CHANNEL, CY)).ephemeral == "You can only undo while it is still your turn."
    assert (await svc.undo(CHANNEL, DEE)).ephemeral == "You are not playing in this game."
    # Ana's bid is the last: it reveals the bids, and she moves first — still no undo.
    await bid_all(svc, {ANA: 0})
    assert (await svc.undo(CHANNEL, ANA)).ephemeral == (
        "That move revealed something or drew at random, so it cannot be undone."
    )
    before_take = await snapshot(svc)
    took = await svc.act(CHANNEL, ANA, "take 3")
    assert took.ok
    undone = await svc.undo(CHANNEL, ANA)
    assert undone.ok and undone.ephemeral == "Ana takes back: Take 3."
    assert "Ana takes back: Take 3." in undone.public[0].text
    version, state, log = await snapshot(svc)
    assert state == before_take[1] and version == before_take[0] + 2
    assert log[-1][1] == f"undo {log[-2][0]}"
    drew = await svc.act(CHANNEL, ANA, "draw")
    assert drew.ok
    assert (await svc.undo(CHANNEL, ANA)).ephemeral == (
        "That move revealed something or drew at random, so it cannot be undone."
    )
    await svc.act(CHANNEL, ANA, "take 1")
    await svc.act(CHANNEL, ANA, "done")
    assert (await svc.undo(CHANNEL, ANA)).ephemeral == "You can only undo while it is still your turn."
    log_out = await svc.log(CHANNEL, BO)
    assert "Ana takes 3 points." in log_out.ephemeral and "Ana takes back: take 3." in log_out.ephemeral
    assert "bids 1" not in log_out.ephemeral


async def test_undo_with_nothing_to_undo(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    assert (await svc.undo(CHANNEL, ANA)).ephemeral == "There is nothing of yours to undo."


async def test_full_tiny_game_ends_with_scores(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    await bid_all(svc, {ANA: 2, BO: 1})
    await svc.act(CHANNEL, ANA, "take 3")
    await svc.act(CHANNEL, ANA, "done")
    await svc.act(CHANNEL, BO, "take 1")
    end = await svc.act(CHANNEL, BO, "done")
    text = end.public[0].text
    assert "Final scores: 1. Ana 6; 2. Bo 1." in text and "Ana wins!" in text
    # The final scores carry one button: Rematch.
    assert [c.label for c in end.public[0].choices] == ["Rematch"]
    assert sorted(end.public[0].mentions) == [ANA, BO]
    row = await svc.store.latest_game(CHANNEL)
    assert row.status == "finished" and await svc.store.timers(row.id) == []
    assert (await svc.act(CHANNEL, ANA, "done")).ephemeral.startswith("There is no game in this channel")
    assert (await svc.log(CHANNEL, ANA)).ephemeral.startswith("Log of Tiny Test Game, page 1 of 1:")
    # The channel is free for the next game.
    assert (await svc.new_game(CHANNEL, 9, BO, "Bo", "tiny")).ok
    assert await env.check_replays() == 1


async def test_settings_host_only(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    assert (await svc.settings(CHANNEL, BO, reminder_hours=2)).ephemeral == "Only the host, Ana, can do that."
    assert not (await svc.settings(CHANNEL, ANA, reminder_hours=0)).ok
    done = await svc.settings(CHANNEL, ANA, reminder_hours=2, clock_hours=24)
    assert done.ephemeral == (
        "Settings for this game: reminders every 2.0 h, turn clock 24.0 h, language English.\n"
        "A player's only choice is played for them (auto_play: on).\n"
        "A seat handed to a computer plays heuristic; hints allowed.\n"
        "Whoever acted in the last 3 min is named without a ping when called again (at_table_minutes)."
    )
    row = await svc.store.open_game(CHANNEL)
    assert (row.reminder_s, row.clock_s) == (7200, 86400)
    off = await svc.settings(CHANNEL, ANA, clock_hours=0, auto_play=False)
    assert (
        "turn clock off, language English.\nA player's only choice waits for them (auto_play: off).\n"
        in off.ephemeral
    )
    assert not (await svc.store.open_game(CHANNEL)).auto_single
    assert not (await svc.settings(CHANNEL, BO, auto_play=True)).ok  # the host's setting


async def test_simultaneous_step_names_everyone_still_to_act(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY])
    await svc.act(CHANNEL, ANA, "bid 1")
    again = await svc.act(CHANNEL, ANA, "bid 2")
    assert not again.ok and again.ephemeral == "It is the turn of Bo and Cy."


async def test_board_in_the_lobby_lists_the_seats(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], bots=1, start=False)
    out = await svc.board(CHANNEL, CY)
    assert out.ephemeral == "Seated: Ana, Bo and Computer 1." and not out.public


async def test_log_pages_newest_first(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], options={"rounds": 5})
    for round_ in range(4):  # round r's moves start with seat (r - 1) mod 2
        await svc.act(CHANNEL, ANA, "bid 0")
        await svc.act(CHANNEL, BO, "bid 0")
        for user in (ANA, BO) if round_ % 2 == 0 else (BO, ANA):
            assert (await svc.act(CHANNEL, user, "take 1")).ok
            assert (await svc.act(CHANNEL, user, "done")).ok
    # Per round: 2 "placed a bid", 1 reveal, 2 × (take, done), 1 "round begins" = 8 lines.
    page1 = (await svc.log(CHANNEL, ANA)).ephemeral.splitlines()
    page2 = (await svc.log(CHANNEL, ANA, page=2)).ephemeral.splitlines()
    assert page1[0] == "Log of Tiny Test Game, page 1 of 2:" and len(page1) == 21
    assert page2[0] == "Log of Tiny Test Game, page 2 of 2:" and len(page2) == 13
    assert page1[-1] == "Round 5 begins." and page2[1] == "Ana has placed a bid."
    assert (await svc.log(CHANNEL, ANA, page=99)).ephemeral.splitlines() == page2  # the last page


async def test_autocomplete_matches_what_was_typed_whatever_its_case(env):
    """Cuba's parliament enacts statutes named by Roman numerals (``enact I II``): typed in
    lower case, the move is still offered (found by the end-to-end tests)."""
    svc = await env.service()
    await seated(env, svc, [ANA, BO], game="cuba")
    pk = svc.tables.channel_games[CHANNEL]
    rnd = random.Random(5)
    for _ in range(400):
        table = svc.tables.cached[pk]
        seat = table.rules.to_act(table.state)[0]
        user = table.seat(seat).user_id
        legal = [str(a) for a in table.rules.legal(table.state, seat)]
        capitals = [text for text in legal if text != text.lower()]
        if capitals:
            break
        assert (await svc.act(CHANNEL, user, rnd.choice(legal))).ok
    else:
        raise AssertionError("no move with capitals in its text")
    wanted = capitals[0]
    offered = [value for _, value in svc.autocomplete(CHANNEL, user, wanted.lower())]
    assert wanted.lower() in [parsed.action for parsed in map(parse_custom_id, offered) if parsed]
