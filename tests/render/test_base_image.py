"""The board drawn on its cached base: the same pixels as everything drawn afresh, in bounded memory.

A board is drawn on a copy of its title's static base (frame, printed spaces, labels; built once
per process and layout, :func:`render.layers.cached_layer`), with cards and tiles pasted from a
cache (:func:`render.layers.card`) and rounded rectangles and seat markers stamped
(:mod:`render.shapes`). Drawn with every one of those caches passed by — the base and the cards
built afresh (as while icons are recorded), every shape drawn by Pillow — the picture must be
the same, pixel for pixel; and however many tables of however many seats are drawn, the caches
keep no more than their bounds (one base per layout at most, never one per game).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

import render
import render.icons
import render.layers
import render.shapes
from engine import GAMES
from engine.ai import player

NAMES = ("Ana Lima", "王小明", "山田たろう", "김민준", "Жора")


def _positions(game: str, seats: int, count: int) -> list[dict]:
    """``count`` public views of one random game spread from the set-up to the end, with names, a
    computer seat and the marks of what changed since the view before each, as the presenter
    hands them to the renderer."""
    rules = GAMES[game]
    names = [f"p{i}" for i in range(seats)]
    state = rules.new(names, 7)
    bots = {s: player(game, "random", 70 + i) for i, s in enumerate(names)}
    states = [state]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        state, _ = rules.apply(
            state, seat, bots[seat].choose(dict(rules.view(state, seat)), rules.legal(state, seat))
        )
        states.append(state)
    picked = [round(k * (len(states) - 1) / (count - 1)) for k in range(count)]
    views = []
    for k in picked:
        view = dict(rules.view(states[k], None))
        view["names"] = {s: NAMES[i] for i, s in enumerate(names)}
        view["bots"] = names[-1:]
        if k:
            view["since"] = dict(rules.view(states[k - 1], None))
        views.append(view)
    return views


def _drawn_afresh(game: str, view: dict, monkeypatch: pytest.MonkeyPatch) -> Image.Image:
    """``view``'s board with no cached picture used: the base and the cards built again (they
    are while icons are recorded), every rounded rectangle and polygon drawn by Pillow."""
    with monkeypatch.context() as patch:
        patch.setattr(render.shapes, "LARGEST", 0)  # no shape is small enough to be stamped
        with render.icons.recording():
            return render._module(game).draw(view)


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_the_board_on_its_cached_base_has_the_pixels_of_everything_drawn_afresh(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    draw = render._module(game).draw
    render.layers.clear_caches()
    for view in _positions(game, 4, 3):
        afresh = _drawn_afresh(game, view, monkeypatch)
        first = draw(view)  # the base, cards and stamps built (or found from the view before)
        again = draw(view)  # everything from the caches
        assert first.size == afresh.size == again.size
        assert ImageChops.difference(first, afresh).getbbox() is None
        assert ImageChops.difference(again, afresh).getbbox() is None
    assert render.layers._LAYERS, "the boards were drawn on a cached base"
    assert render.shapes.stamps_drawn() > 0


def test_the_caches_of_drawn_pictures_stay_bounded_however_many_tables_are_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    render.layers.clear_caches()
    monkeypatch.setattr(render.shapes, "KEPT_PX", 600_000)  # a bound small enough to be reached
    monkeypatch.setattr(render.layers, "_CARD_LIMIT", 40)
    layouts = 0
    for game in ("cuba", "santiago", "goa"):
        rules = GAMES[game]
        for seats in range(rules.min_players, rules.max_players + 1):
            layouts += 1
            for view in _positions(game, seats, 2):
                render._module(game).draw(view)
                assert len(render.layers._LAYERS) <= render.layers._LAYER_LIMIT
                assert render.shapes._KEPT[0] <= render.shapes.KEPT_PX
                assert len(render.layers._CARDS) <= render.layers._CARD_LIMIT
    assert layouts > render.layers._LAYER_LIMIT  # more bases asked for than are kept
    assert len(render.layers._LAYERS) == render.layers._LAYER_LIMIT
    # what the stamps hold is what they count: their pictures' pixels
    assert render.shapes._KEPT[0] == sum(im.width * im.height for im, _ in render.shapes._STAMPS.values())
    render.layers.clear_caches()
