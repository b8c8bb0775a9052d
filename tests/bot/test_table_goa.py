"""Goa at the table: a whole four-player game through the Discord adapter with buttons only.
Flags and markers on the board's buttons; bids, the auctioneer's accept/outbid and the cards in
hand privately, in the ephemeral My turn panel beside the board — never by DM, since none of
them is a secret simultaneous decision; ducats and hands never in the channel."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.service import turns
from bot.service.choices import MESSAGE_CAPACITY, members, plan
from bot.service.outcome import custom_id, parse_custom_id
from engine import GAMES
from tests.bot.conftest import DEE
from tests.bot.table_play import (
    USERS,
    Table,
    assert_manners,
    figures,
    mentioned,
    plays_per_message,
    posts_by_move,
    public_is_clean,
    turn_pictures_are_public,
)

GOA = GAMES["goa"]
PRIVATE_KINDS = ("bid", "pass", "accept", "outbid", "play")


async def test_a_whole_game_of_goa_at_the_table(env):
    svc = await env.service()
    table = Table(env, svc, "goa", closed_dms=(DEE,), pace=20.0)  # a live table: 20 s a move
    await table.open()
    played = await table.play_out()
    client = played.client
    assert "Final scores: " in played.result_text
    assert "wins!" in played.result_text or "share the win!" in played.result_text
    assert played.ways["typed"] == 0, played.kinds.get("typed")
    # Flags and markers are public buttons on the board (narrowed first when there are many).
    for kind in ("flag", "marker"):
        assert played.kinds["board"][kind] + played.kinds["narrow"][kind] > 0, kind
    assert max(plays_per_message(played)) <= MESSAGE_CAPACITY and played.ways["menu"] == 0
    # Bids, accept/outbid and card plays were private: never pressed on the board.
    for kind in (*PRIVATE_KINDS, "drop"):  # a card discarded names a card of the hidden hand
        assert played.kinds["board"][kind] == 0, kind
    mine = played.kinds["my_turn"]
    assert mine["bid"] > 0 and mine["accept"] + mine["outbid"] > 0 and mine["play"] > 0
    assert all(client.get_user(user).dms == [] for user in USERS) and played.ways["dm"] == 0
    assert client.get_user(DEE).attempts == 0
    counted = figures(played, GOA)
    assert_manners(counted)
    # Fewer pings (issue 27): who acted a few minutes ago is named without a ping, and the bids
    # of one lot are one message, edited as they go round, unless a bidder must be pinged.
    assert max(counted["mentions_per_person"].values()) <= 40, counted["mentions_per_person"]
    states = [state for state, _ in played.states] + [played.final]
    within_a_lot = 0
    for move, posts in enumerate(posts_by_move(played)):
        if turns.change(GOA, states[move], states[move + 1]).same_lot:
            within_a_lot += 1
            assert all(mentioned(kw) for kw in posts), move  # posted only to ping a bidder away
    # (Turn messages, not posts: a fresh board is a message of its own, posted above its turn's.)
    assert within_a_lot > 50 and counted["turn_posts"] < counted["player_turns"] * 3 // 4, counted
    # Ducats and hands stay private, line by line.
    public_is_clean(played, GOA)
    assert turn_pictures_are_public(env, played, GOA) > 50  # the turn pictures: public views only
    # Ducats and the cards in hand stay private, line by line: a card shows only once played.
    checked = 0
    for state, texts in played.after:
        if state is None:
            continue
        for seat in ("p0", "p1", "p2", "p3"):
            for line in GOA.private_summary(state, seat).splitlines():
                if line.strip().startswith(("Ducats:", "#")):
                    checked += 1
                    assert not any(line.strip() in text for text in texts), line
    assert checked > 1000


async def test_goa_with_the_rule_variant_at_the_table(env):
    """``/game new options:head_start=yes``: each of the four chooses his head start with a
    button before the first flag, and the game plays to the end with buttons only."""
    svc = await env.service()
    table = Table(env, svc, "goa")
    await table.open("head_start=yes")
    assert table.table().state.phase == "head"
    played = await table.play_out()
    assert "Final scores: " in played.result_text and played.ways["typed"] == 0
    assert sum(counts["head"] for counts in played.kinds.values()) == 4
    for kind in (*PRIVATE_KINDS, "drop"):
        assert played.kinds["board"][kind] == 0, kind
    public_is_clean(played, GOA)


async def test_a_rich_bidder_reaches_every_amount_a_dozen_at_a_time(env):
    svc = await env.service()
    table = Table(env, svc, "goa")
    await table.open()
    while (state := table.table().state).phase != "auction" or not GOA.private_choices(
        state, GOA.to_act(state)[0]
    ):
        await table.move(GOA.to_act(state)[0])
    seat = GOA.to_act(state)[0]
    rich = state.copy()
    rich.players[rich.seats.index(seat)].ducats = 60
    legal = [str(a) for a in GOA.legal(rich, seat)]
    assert len(legal) > 25
    now = table.table()
    choices = svc.presenter.private_choices(GOA, replace(now, state=rich), seat)
    assert len(choices) <= MESSAGE_CAPACITY
    # Each choice plays a move or narrows to runs of bids; every amount is reachable, once.
    reached: list[str] = []
    pending = [parse_custom_id(c.custom_id) for c in choices]
    while pending:
        parsed = pending.pop()
        if parsed.verb == "a":
            reached.append(parsed.action)
            continue
        assert parsed.verb == "n"
        found = members(legal, parsed.action)
        assert 1 < len(found) < len(legal)
        labels = {a: GOA.label(rich, seat, GOA.parse(rich, seat, a)) for a in found}
        inner = plan(found, MESSAGE_CAPACITY, labels.__getitem__, key=parsed.action)
        assert len(inner) <= MESSAGE_CAPACITY
        pending += [
            parse_custom_id(custom_id("a" if len(group) == 1 else "n", 1, 1, key)) for key, group, _ in inner
        ]
    assert sorted(reached) == sorted(legal)
    labels = [c.label for c in choices]
    assert "Pass" in labels and any(re.fullmatch(r"Bid \d+–\d+", label) for label in labels)
