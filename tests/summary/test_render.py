"""``render.summary``: a valid PNG of the expected size for every game and language, small,
and the same bytes for the same summary."""

from __future__ import annotations

import importlib
import io
from functools import cache

import pytest
from PIL import Image

import render
from engine.i18n import LANGUAGES
from engine.summary import summarise
from tests.summary.helpers import states_of

GAMES_PLAYERS = {"cuba": 5, "santiago": 4, "goa": 4}
NAMES = {
    "p0": "Ana",
    "p1": "ラーメン大好き小池さん",
    "p2": "Bartholomew van der Zee-Oostenbrugge",
    "p3": "陳大文 Chan",
    "p4": "Жора",
}


@cache
def summary_of(game_id: str, players: int, lang: str) -> dict:
    states = states_of(game_id, players, 7, "heuristic")
    return summarise(game_id, states, NAMES, bots=["p1", "p3"], lang=lang)


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", list(GAMES_PLAYERS))
def test_a_png_of_the_expected_size_in_every_language(game_id, lang):
    from render.scores import WIDTH, height

    summary = summary_of(game_id, GAMES_PLAYERS[game_id], lang)
    png = render.summary(summary)
    img = picture(png)
    assert img.size == (WIDTH, height(summary))
    assert 1200 <= img.width <= 1600 and 900 <= img.height <= 1600
    assert len(png) < 120_000


@pytest.mark.parametrize("game_id", list(GAMES_PLAYERS))
def test_the_same_summary_gives_the_same_bytes(game_id):
    summary = summary_of(game_id, 2, "en")
    assert render.summary(summary) == render.summary(dict(summary))


def test_more_players_make_a_taller_picture_and_bots_add_the_robot_note():
    from render.scores import height

    two = summary_of("goa", 2, "en")
    four = summary_of("goa", 4, "en")
    assert height(four) > height(two)
    assert height({**two, "bots": []}) < height(two)


def test_the_picture_shows_each_seat_colour():
    from render.seats import SEAT_COLOURS

    summary = summary_of("cuba", 5, "zh-TW")
    rgb = picture(render.summary(summary)).convert("RGB")
    colours = {colour for _, colour in rgb.getcolors(maxcolors=1 << 16)}
    for seat_colour in SEAT_COLOURS:
        assert any(sum(abs(a - b) for a, b in zip(seat_colour, c, strict=True)) <= 24 for c in colours)


def test_render_summary_is_callable_before_and_after_its_module_is_imported():
    summary = summary_of("santiago", 2, "nl")
    before = render.summary(summary)
    module = importlib.import_module("render.scores")
    assert render.summary(summary) == module.png(summary) == before


def test_a_game_stopped_early_and_unknown_categories_still_draw():
    summary = dict(summary_of("cuba", 3, "en"))
    summary.update(
        finished=False, categories=["mystery"], breakdown={s: {"mystery": -3} for s in summary["final"]}
    )
    img = picture(render.summary(summary))
    assert img.width == 1400


@pytest.mark.parametrize(
    "text,lines",
    [
        ("ドゥカート最多", ["ドゥカート", "最多"]),
        ("Buildings at the end", ["Buildings", "at the end"]),
        ("单格香料板块", ["单格香料", "板块"]),
        ("Shipping", ["Shipping"]),
    ],
)
def test_header_names_break_between_words_only(text, lines):
    from render.scores import _fit_header

    got, size = _fit_header(text, 106)
    assert got == lines and 16 <= size <= 22
