"""Cuba at the table: a whole four-player game through the Discord adapter, with buttons and
commands only — parliament bids by DM, and through the ephemeral My turn button for a player
whose DMs are closed; no bid shows before all are in, and the public picture is the same
whatever the hidden bids are."""

from __future__ import annotations

import re

import pytest

import render
from bot.service.choices import MESSAGE_CAPACITY
from bot.service.outcome import parse_custom_id
from bot.texts import t
from engine import GAMES
from engine.core import Action
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE
from tests.bot.table_play import (
    USERS,
    Table,
    assert_manners,
    components,
    figures,
    is_board,
    last_view,
    mentioned,
    plays_per_message,
    public_is_clean,
    same_public_view,
    shown_by_move,
    turn_pictures_are_public,
    use,
)
from tests.bot.test_discord_adapter import FakeInteraction, invoke

CUBA = GAMES["cuba"]
BID_PROMPT = "Bid pesos for parliament in secret."


def bids_lines(texts: list[str]) -> set[str]:
    """The lines revealing a bidding's secret bids among ``texts``."""
    return {line for text in texts for line in text.splitlines() if line.startswith("Bids: ")}


async def test_a_whole_game_of_cuba_at_the_table(env):
    svc = await env.service()
    # A slow table (three hours between moves): nobody is at the table, so every turn pings.
    table = Table(env, svc, "cuba", closed_dms=(DEE,), pace=3 * 3600.0)
    await table.open()
    played = await table.play_out()
    # No message offers more than a dozen plays; longer lists narrow (the architect: building, field).
    assert max(plays_per_message(played)) <= MESSAGE_CAPACITY and played.ways["menu"] == 0
    assert played.ways["narrow"] > 0
    client = played.client
    # To the final scores, with buttons and menus only: nothing had to be typed.
    assert "Final scores: " in played.result_text
    assert "wins!" in played.result_text or "share the win!" in played.result_text
    assert played.ways["typed"] == 0, played.kinds.get("typed")
    assert played.ways["board"] > 150
    # The architect's many places were reached through a narrowing choice, the statutes by buttons.
    assert played.kinds["narrow"]["build"] > 0 and played.kinds["board"]["enact"] > 0
    # Bids: by DM for the others; Dee (DMs closed) through the ephemeral My turn button.
    assert played.kinds["dm"]["bid"] > 0 and played.kinds["my_turn"]["bid"] > 0
    assert client.get_user(DEE).dms == [] and client.get_user(DEE).attempts == 1
    asked = [  # the DMs as they were sent (once answered, they say the bid instead)
        user for what, user, text, _kw in client.journal if what == "dm" and BID_PROMPT in (text or "")
    ]
    assert asked, "nobody was asked to bid by DM"
    # Nobody sees a bid before all are in: the channel shows who has bid, and the bids are
    # revealed with the winner once the last is in (at once when nobody could bid but 0).
    shown = shown_by_move(played)
    revealed: set[str] = set()
    for move, texts in enumerate(shown[1:]):
        new = bids_lines(texts) - revealed
        state, to_act = played.states[move]
        if state["step"] in ("bid", "tie_bid") and len(to_act) > 1:
            assert not new, (move, new)  # others still to bid: nothing revealed
        if new:
            reveal = next(text for text in texts if new & bids_lines([text]))
            assert all(name in reveal for name in ("Ana", "Bo", "Cy", "Dee")) or "Tie between" in reveal
            assert "wins parliament" in reveal or "bid once more in secret" in reveal
            revealed |= new
    assert len(revealed) >= 3
    assert any("has placed a bid." in text and not bids_lines([text]) for texts in shown for text in texts)
    public_is_clean(played, CUBA)
    assert turn_pictures_are_public(env, played, CUBA) > 50  # the turn pictures: public views only
    # Table manners: a new message only when a turn begins, mentioning just those whose turn it
    # is; the picture edited in place; DMs only for the secret bids.
    counted = figures(played, CUBA)
    assert_manners(counted)
    # Every decision DM was closed by the end (issue 27): none still offers a move, each says
    # what its player decided (or that the moment passed), and the store keeps none of them.
    assert counted["dms_live"] == 0 and sum(counted["dms"].values()) > 0, counted
    closed = [
        t("dm_decided", title=CUBA.display_title("en"), label="\0").split("\0")[0],
        t("dm_moment_passed", title=CUBA.display_title("en")),
    ]
    for user in USERS:
        for text, _kw in client.get_user(user).dms:  # a DM's own press answered it in place
            assert (text or "").startswith(tuple(closed)) or re.fullmatch(r"You bid \d+ pesos?\.", text), text
    assert await svc.store.decision_dms(played.pk) == []
    posts = [
        (text or "", kw) for what, where, text, kw in client.journal if what == "post" and where == CHANNEL
    ]
    turn_posts = [(text, kw) for text, kw in posts if mentioned(kw)]
    assert len(turn_posts) > 100
    for text, kw in turn_posts[:-1]:
        assert all(f"<@{u}>" in text for u in mentioned(kw)), text


async def test_the_public_picture_does_not_depend_on_a_hidden_bid(env):
    svc = await env.service()
    table = Table(env, svc, "cuba")
    await table.open()
    # Play until a secret bidding in which someone with open DMs has pesos to bid with.
    while True:
        state = table.table().state
        to_act = CUBA.to_act(state)
        bidders = [
            seat
            for seat in to_act
            if len(to_act) > 1
            and len(CUBA.legal(state, seat)) > 1
            and last_view(table.client.get_user(table.user_of(seat)).dms) is not None
        ]
        if bidders:
            break
        await table.move(to_act[0])
    seat = bidders[0]
    user = table.user_of(seat)
    # The bid buttons of the DM are exactly the seat's legal bids (0 up to its pesos).
    bids = [str(a) for a in CUBA.legal(state, seat)]
    dm = last_view(table.client.get_user(user).dms)
    assert {parse_custom_id(cid).action for _item, cid in components(dm)} == set(bids)
    low, low_events = CUBA.apply(state, seat, Action.from_text(bids[0]))
    high, high_events = CUBA.apply(state, seat, Action.from_text(bids[-1]))
    assert bids[0] == "bid 0" and same_public_view(CUBA, low, high)
    assert render.board("cuba", CUBA.view(low, None)) == render.board("cuba", CUBA.view(high, None))
    names = table.table().names
    public_lines = [
        [CUBA.describe(e, names) for e in events if e.visible_to is None]
        for events in (low_events, high_events)
    ]
    assert public_lines[0] == public_lines[1]
    # Through the adapter: the bid changes the live board in place (no new message, nobody
    # mentioned); it says who bid, not what, with the new picture.
    journal = table.client.journal
    before = len(journal)
    await table.move(seat)
    shown = [(what, text, kw) for what, where, text, kw in journal[before:] if where == CHANNEL]
    assert shown and all(what == "edit" for what, _text, _kw in shown)
    text = shown[0][1]
    assert f"{names[seat]} has placed a bid." in text and "Bids: " not in text
    # the turn message with its new turn picture, the board (a message of its own) with its new one
    assert [f.filename for f in shown[0][2]["attachments"]] == ["turn.png"]
    assert any(is_board(kw) for _what, _text, kw in shown[1:])
    assert table.played.kinds["dm"]["bid"] == 1  # the bid went by DM
    # The DM pressed now says what was bid, once, without buttons: the only answer to the press.
    said, kwargs = table.client.get_user(user).dms[-1]
    assert re.fullmatch(r"You bid \d+ pesos\.", said) and kwargs.get("view") is None


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
async def test_game_rules_shows_every_section_within_discord_limits(env, game):
    svc = await env.service()
    client = Table(env, svc, game).client
    asked = FakeInteraction(client, ANA)
    await invoke("tradewinds rules", asked, game=game)
    messages = asked.ephemeral_texts()  # each of them only for the caller
    rules = GAMES[game]
    assert messages[0].startswith(f"**{rules.title}**")
    assert all(len(text) <= 2000 for text in messages) and len(messages) >= 2
    shown = "\n\n".join(messages)
    for title, text in rules.help_sections():
        assert f"**{title}**\n{text}" in shown  # whole, never cut
    assert client.public() == []


async def test_a_narrowing_choice_answers_only_its_player_and_goes_stale(env):
    svc = await env.service()
    table = Table(env, svc, "cuba")
    await table.open()
    while len(CUBA.legal(state := table.table().state, seat := CUBA.to_act(state)[0])) <= MESSAGE_CAPACITY:
        await table.move(seat)
    board = last_view(table.client.public())
    narrow = next((item, cid) for item, cid in components(board) if parse_custom_id(cid).verb == "n")
    words = parse_custom_id(narrow[1]).action
    other = next(u for u in (ANA, BO, CY, DEE) if u != table.user_of(seat))
    refused = await use(table.client, *narrow, other, CHANNEL)
    assert refused.ephemeral_texts() == [t("turn_of", names=table.table().name(seat))]
    opened = await use(table.client, *narrow, table.user_of(seat), CHANNEL)
    [(text, kwargs)] = opened.answers()
    assert kwargs["ephemeral"] is True and text == CUBA.prompt(state, seat)
    inside = {parse_custom_id(cid).action for _item, cid in components(kwargs["view"])}
    assert inside == {str(a) for a in CUBA.legal(state, seat) if str(a).startswith(words + " ")}
    await table.move(seat)
    stale = await use(table.client, *narrow, table.user_of(seat), CHANNEL)
    live = await svc.store.live_messages(table.played.pk)
    link = f"https://discord.com/channels/9/{CHANNEL}/{live.turn_id}"
    assert stale.ephemeral_texts() == [t("stale_button_link", link=link)]  # one sentence, a link
