"""The title palette: a board is posted in its title's palette, learnt once from sample boards,
and stays close to what was drawn (the art's colours are in the palette)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

import render
from engine import GAMES
from render.goa import board as goa
from render.palette import sample_views, title_palette


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    hist = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).histogram()
    return sum(i % 256 * n for i, n in enumerate(hist)) / (3 * a.width * a.height)


def test_a_board_is_posted_in_its_title_palette_close_to_the_drawing() -> None:
    rules = GAMES["goa"]
    view = {**rules.view(rules.new(["p0", "p1", "p2"], 8), None), "names": {"p0": "山田たろう"}}
    drawn = goa.draw(view)
    with Image.open(io.BytesIO(render.board("goa", view))) as posted:
        assert posted.mode == "P"
        assert posted.getpalette()[: 3 * 128] == title_palette("goa", "render.goa.board").getpalette()[: 3 * 128]
        # measured 0.9–1.3 per channel for the three titles (an adaptive palette per board: 1.4)
        assert mean_difference(drawn, posted) < 2.0


def test_the_sample_is_the_largest_table_with_names_and_a_computer_seat() -> None:
    views = sample_views("goa", samples=2)
    assert len(views) == 2 and views[-1]["phase"] == "over"
    assert len(views[0]["seats"]) == GAMES["goa"].max_players
    assert views[0]["names"]["p1"] == "王小明" and views[0]["bots"] == ["p3"]
