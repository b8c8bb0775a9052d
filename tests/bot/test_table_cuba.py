"""Cuba at the table: a whole four-player game through the Discord adapter, with buttons and
commands only — parliament bids by DM, and through the ephemeral My turn button for a player
whose DMs are closed; no bid shows before all are in, and the public picture is the same
whatever the hidden bids are."""

from __future__ import annotations

import pytest

import render
from bot.choices import MESSAGE_CAPACITY
from bot.outcome import parse_custom_id
from bot.texts import t
from engine import GAMES
from engine.core import Action
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE
from tests.bot.table_play import Table, components, last_view, public_is_clean, same_public_view, use
from tests.bot.test_discord_adapter import FakeInteraction, invoke

CUBA = GAMES["cuba"]
BID_PROMPT = "Bid pesos for parliament in secret."


def bid_rounds(texts: list[str]) -> list[list[str]]:
    """The public messages of each secret bidding, up to and including its reveal."""
    rounds: list[list[str]] = []
    current: list[str] = []
    for text in texts:
        if "has placed a bid." in text:
            current.append(text)
            if "Bids: " in text:
                rounds.append(current)
                current = []
    return rounds


async def test_a_whole_game_of_cuba_at_the_table(env):
    svc = await env.service()
    table = Table(env, svc, "cuba", closed_dms=(DEE,))
    await table.open()
    played = await table.play_out()
    assert played.ways["menu"] > 0  # more choices than buttons: picked from select menus
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
    asked = [
        user
        for user in (ANA, BO, CY)
        if any(BID_PROMPT in (text or "") for text, _ in client.get_user(user).dms)
    ]
    assert asked, "nobody was asked to bid by DM"
    # Nobody sees a bid before all are in; then one public message reveals them all and the winner.
    rounds = bid_rounds(played.public_texts())
    assert len(rounds) >= 3
    for messages in rounds:
        *hidden, reveal = messages
        assert all("Bids: " not in text for text in hidden)
        assert all(name in reveal for name in ("Ana", "Bo", "Cy", "Dee")) or "Tie between" in reveal
        assert "wins parliament" in reveal or "bid once more in secret" in reveal
    public_is_clean(played, CUBA)
    # Every board message: the picture, what happened, and a mention of whoever acts next.
    boards = [(text, kw) for text, kw in client.public() if "file" in kw]
    assert len(boards) > 250  # a whole game: one board per move that changes the table
    for text, kw in boards[:-1]:
        mentioned = [u.id for u in kw["allowed_mentions"].users]
        assert all(f"<@{u}>" in text for u in mentioned) and mentioned, text


async def test_the_public_picture_does_not_depend_on_a_hidden_bid(env):
    svc = await env.service()
    table = Table(env, svc, "cuba")
    await table.open()
    # Play until a secret bidding in which someone with open DMs has pesos to bid with.
    while True:
        state = table.table().state
        to_act = CUBA.to_act(state)
        bidders = [seat for seat in to_act if len(to_act) > 1 and len(CUBA.legal(state, seat)) > 1]
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
    # Through the adapter: the board posted after the bid says who bid, not what.
    posted = table.client.public()
    before = len(posted)
    await table.move(seat)
    text, kwargs = posted[before]
    assert f"{names[seat]} has placed a bid." in text and "Bids: " not in text and "file" in kwargs
    assert table.played.kinds["dm"]["bid"] == 1  # the bid went by DM


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
async def test_game_rules_shows_every_section_within_discord_limits(env, game):
    svc = await env.service()
    client = Table(env, svc, game).client
    asked = FakeInteraction(client, ANA)
    await invoke("game rules", asked, game=game)
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
    assert stale.ephemeral_texts() == [t("stale_button")]
