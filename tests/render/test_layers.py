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
