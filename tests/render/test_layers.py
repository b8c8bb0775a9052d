"""Cached layers (render.layers): built once per key, bounded, least recently used dropped."""

from __future__ import annotations

from PIL import Image

import render.colours
import render.faces
import render.goods
import render.icons
import render.layers
import render.layout
import render.png
import render.seats
import render.text


def test_cached_layer_builds_once_per_key() -> None:
    calls = []

    def build() -> Image.Image:
        calls.append(1)
        return Image.new("RGB", (4, 4))

    a = render.layers.cached_layer(("test", 1), build)
    b = render.layers.cached_layer(("test", 1), build)
    render.layers.cached_layer(("test", 2), build)
    assert a is b and len(calls) == 2


def test_cached_layers_are_bounded_and_drop_the_least_recently_used() -> None:
    render.layers.clear_caches()
    built: list[int] = []

    def builder(n: int):
        def build() -> Image.Image:
            built.append(n)
            return Image.new("RGB", (2, 2))

        return build

    for n in range(render.layers._LAYER_LIMIT):
        render.layers.cached_layer(("lru", n), builder(n))
    render.layers.cached_layer(("lru", 0), builder(0))  # touch 0: now the most recent
    render.layers.cached_layer(("lru", "new"), builder(-1))  # evicts 1, the least recent
    assert len(render.layers._LAYERS) == render.layers._LAYER_LIMIT
    before = len(built)
    render.layers.cached_layer(("lru", 0), builder(0))
    assert len(built) == before
    render.layers.cached_layer(("lru", 1), builder(1))
    assert built[-1] == 1
    render.layers.clear_caches()


def _recorded(game: str, view: dict) -> tuple[bytes, list[tuple[str, int, float, float]]]:
    import importlib

    with render.text.recording() as texts:
        img = importlib.import_module(f"render.{game}.board").draw(view)
    return img.tobytes(), sorted((w.text, w.size, round(w.xy[0], 3), round(w.xy[1], 3)) for w in texts)


def test_a_board_drawn_from_warm_caches_records_every_text_a_cold_one_does() -> None:
    """The layers, cards and tiles drawn from the caches record their texts where they are
    pasted: the phone board and the turn picture (drawn with texts recorded) use the caches."""
    from engine import GAMES

    for game in ("cuba", "santiago", "goa"):
        rules = GAMES[game]
        view = {
            **rules.view(rules.new(["p0", "p1", "p2"], 9), None),
            "names": {"p0": "Ana", "p1": "王", "p2": "Bo"},
        }
        render.layers.clear_caches()
        cold = _recorded(game, view)
        built = len(render.layers._LAYERS) + len(render.layers._CARDS)
        warm = _recorded(game, view)
        assert built > 0 and warm == cold, game
        assert len(render.layers._LAYERS) + len(render.layers._CARDS) == built  # nothing built again


def test_cached_pictures_are_drawn_afresh_while_icons_are_recorded() -> None:
    """The legends' tests record every icon a board draws: the caches are passed by then."""
    calls = []

    def build() -> Image.Image:
        calls.append(1)
        return Image.new("RGB", (4, 4))

    render.layers.cached_layer(("icons", 1), build)
    with render.icons.recording():
        render.layers.cached_layer(("icons", 1), build)
    assert len(calls) == 2
