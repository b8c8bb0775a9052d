"""Lobby flows: open, join, leave, computer seats, start, abandon — and the refusals."""

from __future__ import annotations

import pytest

from bot.service.outcome import parse_custom_id
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, seated

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL


async def test_open_join_start(env):
    svc = await env.service()
    opened = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", {"rounds": 1})
    assert opened.ok and "Ana opened a table for Tiny Test Game (2–4 players)" in opened.public[0].text
    joined = await svc.join(CHANNEL, BO, "Bo")
    assert joined.ok and "Bo joins the table for Tiny Test Game (2 of 4)" in joined.public[0].text
    started = await svc.start(CHANNEL, ANA)
    assert started.ok
    # The turn message carries the turn picture of the people called and a link to the board,
    # which is a message of its own (posted first: bot.adapter.delivery).
    board, called = started.public[0], started.public[-1]
    assert called.live.role == "board" and called.image.startswith(b"\x89PNG") and not called.choices
    assert board.channel_id == CHANNEL and board.image is None and board.turn_image.startswith(b"\x89PNG")
    assert board.board_link is not None and board.board_link.message_id is None  # the one posted first
    assert env.turn_renderer.calls[-1][2] == ["p0", "p1"]  # both bid: both in the picture
    assert "Tiny Test Game begins with Ana and Bo" in board.text
    assert sorted(board.mentions) == [ANA, BO]
    # Both must bid in secret: the buttons under the board are "My turn" and "My hand" only.
    verbs = [parse_custom_id(c.custom_id).verb for c in board.choices]
    assert verbs == ["t", "h", "l"]  # and the legend's "?" (no hint: the tiny game has no strong player)
    # Each player is asked by DM, with the bid buttons.
    assert sorted(dm.user_id for dm in started.private) == [ANA, BO]
    for dm in started.private:
        assert "Choose your secret bid (0 to 5 coins)" in dm.text and "Coins: 5" in dm.text
        assert [c.label for c in dm.choices] == [f"Bid {n}" for n in range(6)]
    # The renderer saw the public view with names, and no coins.
    game, view = env.renderer.calls[-1]
    assert game == "tiny" and view["names"] == {"p0": "Ana", "p1": "Bo"} and view["bots"] == []
    assert "coins" not in view


async def test_one_game_per_channel_threads_give_more(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], start=False)
    again = await svc.new_game(CHANNEL, 9, CY, "Cy", "tiny")
    assert not again.ok and "already has a game of Tiny Test Game (waiting for players)" in again.ephemeral
    thread = await svc.new_game(CHANNEL + 1, 9, CY, "Cy", "tiny")
    assert thread.ok


async def test_unknown_game_and_options_are_refused(env):
    svc = await env.service()
    unknown = await svc.new_game(CHANNEL, 9, ANA, "Ana", "chess")
    assert not unknown.ok and unknown.ephemeral.startswith(
        "There is no game called chess. Choose one of: cuba"
    )
    option = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", {"speed": 2})
    assert (
        not option.ok and option.ephemeral == "Tiny Test Game has no option speed. Its options are: rounds."
    )
    value = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", {"rounds": 9})
    assert not value.ok and "1 to 5 rounds" in value.ephemeral
    assert await svc.store.open_game(CHANNEL) is None


async def test_join_refusals(env):
    svc = await env.service()
    assert not (await svc.join(CHANNEL, BO, "Bo")).ok  # no game yet
    await seated(env, svc, [ANA, BO, CY, DEE], start=False)
    twice = await svc.join(CHANNEL, BO, "Bo")
    assert twice.ephemeral == "You already sit at this table."
    full = await svc.join(CHANNEL, 99, "Eve")
    assert full.ephemeral == "The table is full (4 players)."
    assert (await svc.start(CHANNEL, ANA)).ok
    late = await svc.join(CHANNEL + 0, 98, "Fay")
    assert late.ephemeral == "The game has already started."


async def test_leave_and_seats_close_up(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY], start=False)
    assert (await svc.leave(CHANNEL, DEE)).ephemeral == "You are not playing in this game."
    assert "cannot leave" in (await svc.leave(CHANNEL, ANA)).ephemeral
    left = await svc.leave(CHANNEL, BO)
    assert left.ok and left.public[0].text == "Bo leaves the table for Tiny Test Game."
    seats = await svc.store.seats((await svc.store.open_game(CHANNEL)).id)
    assert [(s.seat, s.name) for s in seats] == [("p0", "Ana"), ("p1", "Cy")]


async def test_add_bot_rules(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], start=False)
    assert (await svc.add_bot(CHANNEL, BO, "random")).ephemeral == "Only the host, Ana, can do that."
    none = await svc.add_bot(CHANNEL, ANA, "heuristic")  # the tiny game has no heuristic player
    assert (
        none.ephemeral == "There is no heuristic computer player for Tiny Test Game. Choose one of: random."
    )
    added = await svc.add_bot(CHANNEL, ANA, "random")
    assert added.public[0].text == "Computer 1 (random) joins the table for Tiny Test Game (3 of 4)."
    seats = await svc.store.seats((await svc.store.open_game(CHANNEL)).id)
    assert [(s.seat, s.is_bot, s.user_id) for s in seats][-1] == ("p2", True, None)


async def test_start_refusals(env):
    svc = await env.service()
    assert (await svc.start(CHANNEL, ANA)).ephemeral.startswith("There is no game in this channel")
    await seated(env, svc, [ANA], start=False)
    assert (
        await svc.start(CHANNEL, ANA)
    ).ephemeral == "Tiny Test Game needs at least 2 players; 1 is seated."
    await svc.join(CHANNEL, BO, "Bo")
    assert (await svc.start(CHANNEL, BO)).ephemeral == "Only the host, Ana, can do that."
    assert (await svc.start(CHANNEL, ANA)).ok
    assert (await svc.start(CHANNEL, ANA)).ephemeral == "The game has already started."


async def test_abandon_closes_but_keeps_the_row(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    assert (await svc.abandon(CHANNEL, BO)).ephemeral == "Only the host, Ana, can do that."
    done = await svc.abandon(CHANNEL, ANA)
    assert done.public[0].text == "Ana abandoned the game of Tiny Test Game."
    assert (await svc.store.game(pk)).status == "abandoned"
    assert (await svc.act(CHANNEL, ANA, "bid 1")).ephemeral.startswith("There is no game in this channel")
    assert await svc.store.timers(pk) == []
    # A button from the abandoned game is refused too.
    assert (
        await svc.act(None, ANA, "bid 1", game_pk=pk, version=1)
    ).ephemeral == "That game is no longer running."


async def test_game_choices_and_rules_help(env):
    svc = await env.service()
    assert svc.game_choices() == [("Cuba", "cuba"), ("Santiago de Cuba", "santiago"), ("Goa", "goa")]
    listing = await svc.rules_help(None, None)
    assert "Cuba (cuba)" in listing.ephemeral
    tiny = await svc.rules_help("tiny", None)
    assert "**Bids**" in tiny.ephemeral and "highest bid wins 3 points" in tiny.ephemeral
    await seated(env, svc, [ANA, BO], start=False)
    assert "**Tiny Test Game**" in (await svc.rules_help(None, CHANNEL)).ephemeral
    goa = await svc.rules_help("goa", None)
    assert goa.ok and len(goa.ephemeral) <= 1900
    # Every game's rules say the bot's rule on seats, the two-person rule with it, in the
    # caller's language.
    for lang in ("en", "nl", "ja", "zh-CN", "zh-TW"):
        said = await svc.rules_help("cuba", None, locale=lang)
        seats = f"**{t('rules_seats_title', lang)}**\n{t('rules_seats', lang, hours='72')}"
        assert seats in "\n\n".join([said.ephemeral, *said.ephemeral_more])
