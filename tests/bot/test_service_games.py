"""One full game of each real game through the service: computer seats moving by timers and one
human seat driven by the test (buttons when the board offers them, typed actions otherwise).
Replaying the log must give the cached state at the end (checked by the ``env`` fixture too)."""

from __future__ import annotations

import json

import pytest

import render
from bot.service.outcome import parse_custom_id
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, CHANNEL

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL


class FewReal:
    """The real renderer for the first few pictures, the fake one after (speed)."""

    def __init__(self, real_draw, fake, real: int = 2) -> None:
        self.real_draw = real_draw
        self.fake = fake
        self.real = real
        self.real_pngs: list[bytes] = []
        self.views: list[dict] = []

    def __call__(self, game: str, view: dict) -> bytes | None:
        self.views.append(view)
        if len(self.real_pngs) < self.real:
            png = self.real_draw(game, view)
            if png is not None:
                self.real_pngs.append(png)
            return png
        return self.fake(game, view)


@pytest.mark.parametrize(("game", "bots"), [("cuba", 2), ("santiago", 2), ("goa", 2)])
async def test_full_game_with_computer_seats(env, game, bots):
    renderer = FewReal(render.board, env.renderer)
    private = FewReal(render.private, env.renderer)
    svc = await env.service(renderer=renderer, private_renderer=private, bot_delay_s=1.0)
    rules = GAMES[game]
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", game, seed=11)).ok
    for _ in range(bots):
        assert (await svc.add_bot(CHANNEL, ANA, "heuristic")).ok
    await env.deliver(svc, await svc.start(CHANNEL, ANA), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    me = player(game, "random", 5)
    pressed = typed = bot_moves = dm_pressed = panel_pressed = 0
    ana_states, hands = [], []
    answered = 0  # DMs she has answered
    for _step in range(5000):
        row = await svc.store.game(pk)
        if row.status != "active":
            break
        _, state_json = await svc.store.state(pk)
        state = rules.load(json.loads(state_json))
        if "p0" not in rules.to_act(state):
            env.clock.advance(1.0)
            outcomes = await svc.run_due_timers()
            assert outcomes, "a computer seat is to act but no timer ran"
            for outcome in outcomes:
                await env.deliver(svc, outcome, interaction=None)
            bot_moves += len(outcomes)
            continue
        ana_states.append(state)
        if rules.private_summary(state, "p0") and len(hands) < 5:  # she looks at her secrets
            hands.append(await svc.hand(CHANNEL, ANA))
        action = me.choose(rules.view(state, "p0"), rules.legal(state, "p0"))
        board = env.gateway.board()
        button = next((c for c in board.choices if parse_custom_id(c.custom_id).action == str(action)), None)
        last_dm = env.gateway.private[-1] if len(env.gateway.private) > answered else None
        secret = last_dm is not None and next(
            (c for c in last_dm.choices if parse_custom_id(c.custom_id).action == str(action)), None
        )
        panel = await svc.turn_panel(ANA, game_pk=pk) if button is None and not secret else None
        in_panel = panel is not None and next(
            (c for c in panel.ephemeral_choices if parse_custom_id(c.custom_id).action == str(action)), None
        )
        if button is not None:
            outcome = await svc.press(button.custom_id, ANA, CHANNEL)
            pressed += 1
        elif secret:  # a secret simultaneous decision offered in her DM
            outcome = await svc.press(secret.custom_id, ANA, None)
            dm_pressed += 1
            answered = len(env.gateway.private)  # that DM is answered
        elif in_panel:  # a private choice in her My turn panel
            outcome = await svc.press(in_panel.custom_id, ANA, CHANNEL)
            panel_pressed += 1
        else:
            outcome = await svc.act(CHANNEL, ANA, str(action))
            typed += 1
        assert outcome.ok, (str(action), outcome.ephemeral)
        await env.deliver(svc, outcome, interaction="ana")
    row = await svc.store.game(pk)
    assert row.status == "finished"
    final = env.gateway.public[-1][1].text
    assert "Final scores: " in final and ("wins!" in final or "share the win!" in final)
    assert pressed > 0 and typed + pressed + dm_pressed + panel_pressed > 10 and bot_moves > 10
    if game == "goa":  # Goa turns list cards from a hidden hand: offered in the My turn panel
        assert panel_pressed > 0 and dm_pressed == 0, (pressed, typed, panel_pressed)
    if game == "cuba":  # the parliament's secret bids: by DM
        assert dm_pressed > 0, (pressed, typed, dm_pressed)
    # The first boards were real pictures.
    assert all(png.startswith(b"\x89PNG") and len(png) > 10_000 for png in renderer.real_pngs)
    # Every view handed to the renderer was the public one, with names and bots.
    for _, view in env.renderer.calls:
        assert view["names"] == {"p0": "Ana", "p1": "Computer 1", "p2": "Computer 2"}
        assert view["bots"] == ["p1", "p2"]
    # Private pictures were drawn from Ana's own view only, and shown to her alone.
    assert private.views and all(view["names"]["p0"] == "Ana" for view in private.views)
    if game == "santiago":  # the game with a private picture (the screen)
        assert private.real_pngs and any(hand.ephemeral_image for hand in hands)
    # The finished game keeps no state cache (no redundant copy); replaying its log gives the
    # kept result.
    _, state_json = await svc.store.state(pk)
    assert state_json is None
    replayed = rules.result(await svc.replay(pk))
    assert json.loads(await svc.store.result(pk)) == json.loads(json.dumps(replayed.to_dict()))
    # DMs went only to the human, and only for Cuba's secret bids; public messages never
    # carried her private summary, which she read in her hand.
    assert {dm.user_id for dm in env.gateway.private} <= ({ANA} if game == "cuba" else set())
    secrets = {rules.private_summary(state, "p0") for state in ana_states} - {""}
    assert secrets, "the human never held a secret"
    every_text = [m.text for _, m in env.gateway.public] + [m.text for _c, _id, m in env.gateway.edits]
    public_text = "\n".join(every_text)
    assert not any(secret in public_text for secret in secrets)
    assert any(secret in hand.ephemeral for hand in hands for secret in secrets)
