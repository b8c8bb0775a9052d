"""Buttons and lines that earn their place (issue 27, item 8), through the service on Cuba games.

* **My hand** is under the board only while some person at the table holds something only they
  see (a secret bid) or must decide in secret: Cuba's seats hold nothing secret outside the
  parliament's cards and bids, and a button that always answers "You hold nothing secret" does
  nothing.
* A computer player standing in for a person on vacation says so once in a turn message, not
  before every sub-step of that person's turn.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.service.outcome import parse_custom_id
from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, seated

CUBA = GAMES["cuba"]


def verbs(choices: list) -> list[str]:
    return [parse_custom_id(c.custom_id).verb for c in choices]


async def test_my_hand_is_offered_only_while_someone_holds_a_secret(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO], game="cuba"), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    users = {"p0": ANA, "p1": BO}
    rnd = random.Random(5)
    shown = {True: 0, False: 0}
    for _ in range(400):
        table = svc.tables.cached[pk]
        if CUBA.result(table.state) is not None:
            break
        secret = any(
            CUBA.private_summary(table.state, seat)
            or (seat in CUBA.to_act(table.state) and CUBA.private_choices(table.state, seat))
            for seat in users
        )
        board = env.gateway.board()
        assert board is not None
        assert ("h" in verbs(board.choices)) == secret, (table.state["step"], board.text)
        shown[secret] += 1
        if shown[True] >= 3 and shown[False] >= 30:
            break
        seat = CUBA.to_act(table.state)[0]
        action = rnd.choice(CUBA.legal(table.state, seat))
        await env.deliver(svc, await svc.act(CHANNEL, users[seat], str(action)))
    # Both kinds of board came: the bids (My hand beside them) and the rest (none).
    assert shown[True] >= 3 and shown[False] >= 30, shown
    # Pressing an older My hand still answers in one sentence.
    assert t("nothing_secret", "en") == "You hold nothing secret in this game."


async def test_a_stand_in_says_so_once_per_turn_message(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO], game="cuba"), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    tomorrow = datetime.fromtimestamp(env.clock() + 2 * 86400, UTC).date().isoformat()
    assert (await svc.notify(BO, vacation_until=tomorrow, stand_in=True)).ok
    line = t("stood_in", "en", name="Bo")
    rnd = random.Random(3)
    stood_in_moves = 0
    for _ in range(300):
        table = svc.tables.cached[pk]
        if CUBA.result(table.state) is not None or stood_in_moves >= 25:
            break
        to_act = CUBA.to_act(table.state)
        if "p0" in to_act:
            action = rnd.choice(CUBA.legal(table.state, "p0"))
            await env.deliver(svc, await svc.act(CHANNEL, ANA, str(action)))
            continue
        before = len([a for a in await svc.store.actions(pk) if a.seat == "p1"])
        env.clock.advance(svc.config.bot_delay_s + 1)
        outcomes = await svc.run_due_timers()
        for outcome in outcomes:
            await env.deliver(svc, outcome, interaction=None)
        stood_in_moves += len([a for a in await svc.store.actions(pk) if a.seat == "p1"]) - before
    messages = [m.text for _id, m in env.gateway.current()]
    saying = [text for text in messages if line in text]
    assert all(text.count(line) == 1 for text in saying), [text for text in saying if text.count(line) > 1]
    # Bo's turns have sub-steps (his workers' fields, his buildings): more moves than lines.
    assert saying and stood_in_moves > len(saying), (stood_in_moves, len(saying))
