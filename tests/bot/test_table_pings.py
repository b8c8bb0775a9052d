"""Fewer pings, nobody missed (issue 27): a person who acted in the game a few minutes ago (the
table's ``at_table_minutes``, 3 by default) is named without a ping when called again; anyone
else is pinged once per turn. Goa's bids go round one message per auction lot while the bidders
are at the table; a bidder away from it is pinged when their bid comes."""

from __future__ import annotations

from bot.service import turns
from bot.service.outcome import TURN, Outcome
from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, seated
from tests.bot.table_play import USERS, Table, mentioned, posts_by_move

GOA = GAMES["goa"]


def new_turn_mentions(outcome: Outcome) -> list[int] | None:
    """Whom the new turn message of ``outcome`` mentions (None: no new turn message)."""
    posted = [m for m in outcome.public if m.live is not None and m.live.role == TURN and m.edit_id is None]
    return posted[0].mentions if posted else None


async def test_who_acted_a_few_minutes_ago_is_named_without_a_ping(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    reveal = await svc.act(CHANNEL, BO, "bid 0")  # Ana's turn begins; she bid a moment ago
    assert new_turn_mentions(reveal) == []
    assert f"<@{ANA}>" in reveal.public[0].text  # still named: the turn line says whose turn it is
    await env.deliver(svc, reveal)
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "take 1"))
    env.clock.advance(179)  # Bo bid 179 s ago: still at the table
    bo_turn = await svc.act(CHANNEL, ANA, "done")
    assert new_turn_mentions(bo_turn) == []
    await env.deliver(svc, bo_turn)
    env.clock.advance(10 * 60)  # Ana's last move was ten minutes ago: she is pinged
    await env.deliver(svc, await svc.act(CHANNEL, BO, "take 2"))
    ana_turn = await svc.act(CHANNEL, BO, "done")
    assert new_turn_mentions(ana_turn) == [ANA]


async def test_the_host_sets_the_minutes_and_zero_pings_everyone(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    said = await svc.settings(CHANNEL, ANA, at_table_minutes=0)
    assert said.ok and t("settings_at_table_off") in said.ephemeral
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    reveal = await svc.act(CHANNEL, BO, "bid 0")
    assert new_turn_mentions(reveal) == [ANA]  # she bid a moment ago, and is pinged all the same
    shown = await svc.settings(CHANNEL, BO)  # anyone may read the settings
    assert t("settings_at_table_off") in shown.ephemeral
    ten = await svc.settings(CHANNEL, ANA, at_table_minutes=10)
    assert t("settings_at_table", minutes="10") in ten.ephemeral
    assert await svc.store.at_table_s(svc.tables.channel_games[CHANNEL]) == 600


async def test_bad_minutes_are_refused_and_change_nothing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    for minutes in (-1, 121):
        refused = await svc.settings(CHANNEL, ANA, at_table_minutes=minutes)
        assert not refused.ok and refused.ephemeral == t("settings_bad")
    not_host = await svc.settings(CHANNEL, BO, at_table_minutes=5)
    assert not not_host.ok
    assert await svc.store.at_table_s(svc.tables.channel_games[CHANNEL]) == 180


async def test_goa_at_a_slow_table_pings_every_bidder_whose_bid_comes(env):
    """Hours between moves: nobody is at the table, so each bid that comes to a person is a new
    message that pings them — nobody misses their bid (the live table is the whole game of
    tests/bot/test_table_goa.py)."""
    svc = await env.service()
    table = Table(env, svc, "goa", pace=3 * 3600.0)
    await table.open()
    users = {f"p{i}": user for i, user in enumerate(USERS)}
    bids = 0
    for _ in range(40):
        before = table.table().state
        mover = GOA.to_act(before)[0]
        await table.move(mover)
        after = table.table().state
        change = turns.change(GOA, before, after)
        [posts] = posts_by_move(table.played)[-1:]
        pinged = {user for kw in posts for user in mentioned(kw)}
        # the mover has just acted: at the table, named without a ping; everyone else is pinged
        assert {users[seat] for seat in change.starting if seat != mover} <= pinged, (change, pinged)
        bids += change.same_lot
    assert bids >= 3  # the game went through bids that passed within a lot
