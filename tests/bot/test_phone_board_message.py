"""The board message carries the whole board laid out for a phone (render.phone_board, drawn in
the render pool by bot.service.presenter.default_renderer): posted before the turn message that links to
it, and edited in place after a move — each time a portrait picture at most 900 px wide, the
same picture ``render.phone_board`` draws of the public view."""

from __future__ import annotations

import io

from PIL import Image

import render
from bot.service.outcome import BOARD, TURN
from bot.service.presenter import default_renderer
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, CY

PEOPLE = {ANA: "Ana", BO: "Bo", CY: "Cy"}


def phone_sized(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as im:
        assert im.width <= 900 and im.height > 2 * im.width, im.size
        return im.size


async def test_the_board_message_is_the_phone_board_posted_and_edited(env) -> None:
    """One title (the seam is the same for all; tests/render/test_phone_board.py draws each)."""
    game = "santiago"
    drawn: list[dict] = []

    def renderer(game_id: str, view: dict) -> bytes:
        drawn.append(view)
        return default_renderer(game_id, view)

    svc = await env.service(renderer=renderer)
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", game, seed=11)).ok
    for user in (BO, CY):
        assert (await svc.join(CHANNEL, user, PEOPLE[user])).ok
    started = await svc.start(CHANNEL, ANA)
    boards = [m for m in started.public if m.live is not None and m.live.role == BOARD]
    turns = [m for m in started.public if m.live is not None and m.live.role == TURN]
    assert len(boards) == 1 and turns and turns[0].board_link is not None
    assert boards[0].image is not None and boards[0].edit_id is None
    phone_sized(boards[0].image)
    assert boards[0].image == render.phone_board(game, drawn[-1])
    # a move: the board message is edited in place (or a new one posted), with a phone board
    await env.deliver(svc, started, interaction=None)
    rules = GAMES[game]
    pk = (await svc.store.open_game(CHANNEL)).id
    table = svc.tables.cached[pk]
    seat = rules.to_act(table.state)[0]
    action = player(game, "random", 1).choose(rules.view(table.state, seat), rules.legal(table.state, seat))
    moved = await svc.act(CHANNEL, table.seat(seat).user_id or 0, str(action))
    pictures = [m.image for m in moved.public if m.image is not None]
    assert pictures, "the move changed the board"
    for png in pictures:
        phone_sized(png)
    assert pictures[-1] == render.phone_board(game, drawn[-1])
