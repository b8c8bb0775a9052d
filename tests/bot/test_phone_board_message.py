"""The board message carries the whole board laid out for a phone (render.phone_board, drawn in
the render pool by bot.service.presenter.default_renderer): posted before the turn message that links to
it, and edited in place after a move — each time a portrait picture at most 900 px wide, the
same picture ``render.phone_board`` draws of the public view."""

from __future__ import annotations

import io

from PIL import Image

import render
from bot.render_pool import RenderPool
from bot.service.front import GameService
from bot.service.outcome import BOARD, TURN
from bot.service.presenter import default_move_renderer, default_renderer
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


class CountingPool(RenderPool):
    """A pool of threads (as the tests' default) that counts what it draws, by what runs."""

    def __init__(self) -> None:
        super().__init__(0)
        self.jobs: list[str] = []

    async def run(self, fn, *args):  # type: ignore[no-untyped-def]
        self.jobs.append(getattr(fn, "__name__", type(fn).__name__))
        return await super().run(fn, *args)

    async def _attempts(self, fn, *args):  # type: ignore[no-untyped-def]
        self.jobs.append(getattr(fn, "__name__", type(fn).__name__))
        return await super()._attempts(fn, *args)


async def test_a_move_draws_its_board_and_turn_picture_in_one_job(env) -> None:
    """With the bot's own renderers, a move's phone board and turn picture come from one job of
    the render pool (render.move: one drawing of the board), and are the pictures render.phone_board
    and render.turn draw of the view it was given."""
    game = "goa"
    store = await env.open_store()
    env.stores.append(store)
    pool = CountingPool()
    svc = GameService(store, env.settings, clock=env.clock, render_pool=pool, seed_source=lambda: 7)
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", game)).ok
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    assert (await svc.start(CHANNEL, ANA)).ok
    rules = GAMES[game]
    pk = (await svc.store.open_game(CHANNEL)).id
    views: list[tuple] = []
    move_renderer = svc.presenter.move_renderer_now()
    assert move_renderer is default_move_renderer  # the bot's renderers: the board drawn once for both

    def seen(*args):  # type: ignore[no-untyped-def]
        views.append(args)
        return move_renderer(*args)

    seen.__name__ = "default_move_renderer"
    svc.move_renderer = seen
    for n in range(3):
        table = svc.tables.cached[pk]
        seat = rules.to_act(table.state)[0]
        action = player(game, "random", n).choose(
            rules.view(table.state, seat), rules.legal(table.state, seat)
        )
        pool.jobs.clear()
        moved = await svc.act(CHANNEL, table.seat(seat).user_id or 0, str(action))
        assert moved.ok
        assert pool.jobs == ["default_move_renderer"], pool.jobs  # one job, nothing else drawn
        _game, view, seats, legal, lang, board = views[-1]
        boards = [m.image for m in moved.public if m.image is not None]
        turns = [m.turn_image for m in moved.public if m.turn_image is not None]
        assert boards == ([render.phone_board(game, view)] if board else [])
        assert turns == [render.turn(game, view, seats, legal, lang)]
