"""Rounded rectangles and polygons stamped from a bounded cache instead of drawn afresh.

A board draws a hundred rounded rectangles or more (cells' labels, cards, chips, badges, the
marks of what changed), and Pillow draws each from four pie slices or arcs and five rectangles:
a fifth of a Goa board's time. Most are the same shape from one board to the next, so
:func:`rounded_rect` draws a shape once into a small picture of its colours and a mask of the pixels
it touches (Pillow's shapes are not antialiased: a pixel is the fill's, the outline's or left as
it was) and pastes it through the mask afterwards, moved by whole pixels: the pixels
``ImageDraw.rounded_rectangle`` draws there (``bench/picture_digest.py``: the same bytes).

:func:`polygon` does the same for ``ImageDraw.polygon`` (the seats' markers, Santiago's
property markers), keyed by the corners moved by whole pixels to the stamp's origin (their
fractions kept: Pillow draws a polygon moved by whole pixels with the same pixels moved). It
matters most for an outline wider than one pixel, for which Pillow builds a mask the size of the
*whole picture* (1600×1114 on a Cuba board, which has 14 markers). A polygon that crosses the
picture's edge is drawn as before (Pillow clips it to other pixels than a stamp's).

The stamps' masks are bilevel (mode ``"1"``): the pixels are the same, and Pillow pastes through
a bilevel mask about three times faster than through an ``"L"`` one.

Shapes at a fraction of a pixel (Pillow rounds a box at x.5 differently at another place),
larger than :data:`LARGEST` px, drawn through a ``Draw`` of another mode than its picture
(blending) or on a palette picture are drawn as before. The cache keeps at most :data:`KEPT_PX`
pixels of stamps (least recently used dropped first).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.paste import paste

__all__ = ["KEPT_PX", "LARGEST", "clear_stamps", "polygon", "rounded_rect", "stamps_drawn"]

#: The largest shape stamped, in pixels of its box.
LARGEST = 120_000
#: Pixels of stamps kept (each costs its picture's 4 bytes and its mask's 1): about 20 MB.
KEPT_PX = 4_000_000
#: Picture modes stamped (a palette picture's colours go through the Draw's palette).
MODES = ("RGB", "RGBA", "L")

_STAMPS: OrderedDict[Hashable, tuple[Image.Image, Image.Image]] = OrderedDict()
_KEPT = [0]  # pixels of the stamps kept
_DRAWN = [0]  # stamps drawn since start (a cache miss each)
_LOCK = threading.Lock()


def _hashable(ink: Any) -> Hashable:
    return tuple(ink) if isinstance(ink, list) else ink


def rounded_rect(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float, float, float] | list[float],
    radius: float = 0,
    fill: Any = None,
    outline: Any = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle(xy, radius, fill, outline, width)``, stamped (see the module)."""
    x0, y0, x1, y1 = xy
    img: Image.Image | None = getattr(draw, "_image", None)  # the picture the Draw draws on
    w, h = x1 - x0, y1 - y0
    if (
        img is None
        or img.mode not in MODES
        or draw.mode != img.mode
        or not all(float(v).is_integer() for v in (x0, y0, x1, y1))
        or w < 0
        or h < 0
        or (w + 1) * (h + 1) > LARGEST
    ):
        draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)
        return
    ox, oy = int(x0), int(y0)
    local = (0, 0, int(x1) - ox, int(y1) - oy)
    key = ("rounded", img.mode, local, radius, _hashable(fill), _hashable(outline), width)

    def paint(target: ImageDraw.ImageDraw) -> None:
        target.rounded_rectangle(local, radius=radius, fill=fill, outline=outline, width=width)

    def touched(target: ImageDraw.ImageDraw) -> None:
        target.rounded_rectangle(
            local,
            radius=radius,
            fill=None if fill is None else 255,
            outline=None if outline is None else 255,
            width=width,
        )

    _stamp(img, key, (local[2] + 2, local[3] + 2), (ox, oy), paint, touched)


def polygon(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    fill: Any = None,
    outline: Any = None,
    width: int = 1,
) -> None:
    """``draw.polygon(points, fill, outline, width)``, stamped (see the module)."""
    img: Image.Image | None = getattr(draw, "_image", None)
    if img is None or img.mode not in MODES or draw.mode != img.mode or len(points) < 3:
        draw.polygon(list(points), fill=fill, outline=outline, width=width)
        return
    ox = math.floor(min(x for x, _ in points)) - 1
    oy = math.floor(min(y for _, y in points)) - 1
    local = [(x - ox, y - oy) for x, y in points]  # exact: whole pixels off a coordinate
    size = (math.ceil(max(x for x, _ in local)) + 2, math.ceil(max(y for _, y in local)) + 2)
    if (
        size[0] * size[1] > LARGEST
        or ox < 0
        or oy < 0
        or ox + size[0] > img.width
        or oy + size[1] > img.height
    ):
        # (Pillow clips a polygon across the picture's edge to other pixels than a stamp's)
        draw.polygon(list(points), fill=fill, outline=outline, width=width)
        return
    key = ("polygon", img.mode, tuple(local), _hashable(fill), _hashable(outline), width)

    def paint(target: ImageDraw.ImageDraw) -> None:
        target.polygon(local, fill=fill, outline=outline, width=width)

    def touched(target: ImageDraw.ImageDraw) -> None:
        # the fill and the outline apart: Pillow skips an outline of the fill's own ink
        if fill is not None:
            target.polygon(local, fill=255)
        if outline is not None and outline != fill:
            target.polygon(local, outline=255, width=width)

    _stamp(img, key, size, (ox, oy), paint, touched)


def _stamp(
    img: Image.Image,
    key: Hashable,
    size: tuple[int, int],
    at: tuple[int, int],
    paint: Callable[[ImageDraw.ImageDraw], None],
    touched: Callable[[ImageDraw.ImageDraw], None],
) -> None:
    """Paste at ``at`` the stamp of ``key``: ``paint`` drawn once into a picture of ``size`` in
    ``img``'s mode, through the mask ``touched`` draws (255 on the pixels ``paint`` sets)."""
    with _LOCK:
        stamp = _STAMPS.get(key)
        if stamp is not None:
            _STAMPS.move_to_end(key)
    if stamp is None:
        colours = Image.new(img.mode, size)
        # Pillow's shapes set whole pixels: a bilevel mask, pasted 3× faster than an "L" one
        mask = Image.new("1", size)
        paint(ImageDraw.Draw(colours))
        touched(ImageDraw.Draw(mask))
        stamp = (colours, mask)
        with _LOCK:
            _DRAWN[0] += 1
            if key not in _STAMPS:
                _STAMPS[key] = stamp
                _KEPT[0] += size[0] * size[1]
            while _KEPT[0] > KEPT_PX and _STAMPS:
                _, (old, _mask) = _STAMPS.popitem(last=False)
                _KEPT[0] -= old.width * old.height
    paste(img, stamp[0], at, stamp[1])


def stamps_drawn() -> int:
    """How many stamps were drawn (cache misses) since the process started."""
    return _DRAWN[0]


def clear_stamps() -> None:
    """Forget every stamp (:func:`render.layers.clear_caches`)."""
    with _LOCK:
        _STAMPS.clear()
        _KEPT[0] = 0
