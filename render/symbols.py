"""The symbols part of a title's legend: one row per icon or mark its pictures draw, the mark
drawn small beside its meaning ("Name: meaning", :func:`render.text.draw_label`).

A title lists its rows as :class:`Key` (the name the mark is recorded under, see
:func:`render.icons.recording`, and how to draw a sample of it) and draws them with
:func:`draw_keys` inside its ``draw_legend``; each row says what it explains
(:func:`render.icons.explain`), which is how the tests prove that every mark of every picture of
the title is in its legend. The words come from the title's catalogue (``icon.<name>`` keys,
through the legend's labels), never from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.icons import explain, paste_icon
from render.text import draw_label

__all__ = ["ICON_PREFIX", "Key", "Sample", "draw_keys", "keys_height"]

#: A sample of a mark: drawn centred on ``(x, y)`` about ``size`` px high.
Sample = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[float, float], float], None]
#: The labels' key of a mark's words: ``icon:<name>``.
ICON_PREFIX = "icon:"
SAMPLE_W = 156


@dataclass(frozen=True)
class Key:
    """One row of the symbols: the mark ``name`` (an icon of :mod:`render.icons`, or an inline
    mark's name given to :func:`render.icons.note`), drawn by ``sample`` (None: the icon itself),
    its words under ``icon:<words>`` (default: ``name``; a good's words are its own id)."""

    name: str
    sample: Sample | None = None
    words: str | None = None


def keys_height(count: int, columns: int, row_h: int) -> int:
    return math.ceil(count / columns) * row_h


def draw_keys(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    keys: Sequence[Key],
    words: Mapping[str, str],
    origin: tuple[int, int],
    width: int,
    columns: int,
    row_h: int,
) -> int:
    """The rows of ``keys`` in ``columns`` columns (down, then across) from ``origin`` over
    ``width`` px: each mark beside its words (``words["icon:<name>"]``; none: the mark alone).
    Returns the y below the last row."""
    per_col = math.ceil(len(keys) / columns)
    col_w = width // columns
    x0, y0 = origin
    for k, key in enumerate(keys):
        col, row = divmod(k, per_col)
        x, y = x0 + col * col_w, y0 + row * row_h
        centre = (x + SAMPLE_W / 2, y + row_h / 2)
        size = row_h * 0.62
        if key.sample is None:
            paste_icon(img, key.name, centre, size)
        else:
            key.sample(img, draw, centre, size)
        text = words.get(ICON_PREFIX + (key.words or key.name), "")
        if text:
            explain(key.name, text)
        tx = x + SAMPLE_W + 12
        draw_label(draw, (tx, y + row_h / 2), text, col_w - (tx - x) - 12, 19, 17, lines=2, spacing=21)
    return y0 + per_col * row_h
