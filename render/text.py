"""Drawing text: every word on a picture goes through here (renderers never call
``draw.text`` themselves).

:func:`draw_text` (any anchor), :func:`text_centered`, :func:`text_outlined`, :func:`badge` (a
number in a pill) and :func:`draw_label` (a legend's "Name: effect") draw run by run, face by
face (:func:`render.faces.runs`), on one baseline, so a line mixing scripts reads as one. A text
is rasterised once into a glyph mask (:func:`_mask`, a bounded cache) and then stamped: the same
pixels as ``ImageDraw.text``, a fifth of a board's time saved.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from render.colours import INK, RGB, WHITE
from render.faces import FACES, MAIN, face_font, font, runs, safe_text
from render.layout import run_widths, split_label, text_width, truncate, wrap
from render.shapes import rounded_rect

__all__ = [
    "Written",
    "badge",
    "clear_masks",
    "draw_label",
    "draw_text",
    "recording",
    "recording_now",
    "replay",
    "scaled_recording",
    "text_centered",
    "text_outlined",
]


@dataclass(frozen=True)
class Written:
    """One text drawn while :func:`recording`: its words, its pixel size (the font's em) and its
    anchor point on the picture it was drawn on."""

    text: str
    size: int
    xy: tuple[float, float]


_RECORD: ContextVar[list[Written] | None] = ContextVar("render_text_record", default=None)


@contextmanager
def recording() -> Iterator[list[Written]]:
    """Every text :func:`draw_text` draws inside the ``with`` is appended to the list it yields:
    the seam through which a picture proves the size of its words (the turn picture keeps
    each at least 18 px after its zoom, :mod:`render.turn_picture`). Nested recordings each see only
    their own texts."""
    kept: list[Written] = []
    token = _RECORD.set(kept)
    try:
        yield kept
    finally:
        _RECORD.reset(token)


def recording_now() -> bool:
    """Whether texts are being recorded: the caches of drawn pictures (layers, cards, tiles) are
    then passed by, so that every text of the picture is drawn, and recorded, afresh."""
    return _RECORD.get() is not None


def replay(texts: list[Written], offset: tuple[float, float] = (0, 0), factor: float = 1.0) -> None:
    """Record ``texts`` — recorded while a cached picture was drawn, in its own pixels — as
    drawn again where that picture is pasted (at ``offset``, resized by ``factor``): a cache
    hit records what drawing it afresh would have (nothing when no recording is on)."""
    kept = _RECORD.get()
    if kept is None or not texts:
        return
    if factor == 1.0:
        kept.extend(Written(w.text, w.size, (offset[0] + w.xy[0], offset[1] + w.xy[1])) for w in texts)
        return
    kept.extend(
        Written(
            w.text, max(1, int(w.size * factor)), (offset[0] + w.xy[0] * factor, offset[1] + w.xy[1] * factor)
        )
        for w in texts
    )


@contextmanager
def scaled_recording(factor: float, offset: tuple[float, float] = (0, 0)) -> Iterator[None]:
    """Texts drawn inside the ``with`` on a picture that is then resized by ``factor`` (a tile
    drawn large and shrunk) and pasted at ``offset``: recorded at the size and place they are
    shown."""
    outer = _RECORD.get()
    if outer is None:
        yield
        return
    with recording() as inner:
        yield
    outer.extend(
        Written(
            w.text, max(1, int(w.size * factor)), (offset[0] + w.xy[0] * factor, offset[1] + w.xy[1] * factor)
        )
        for w in inner
    )


def _fake_bold(face: int, size: int, bold: bool) -> int:
    """Stroke width that makes a face without a bold file about as heavy as Noto Sans Bold
    (0 when none is needed)."""
    return max(1, round(size / 26)) if bold and FACES[face].bold is None else 0


def _baseline_offset(size: int, bold: bool, vertical: str) -> float:
    """Distance from an anchor line to the baseline, from the main font's metrics, so runs of
    both fonts share the baseline a Noto-only text would have (``vertical``: a, t, m, s, b, d)."""
    ascent, descent = font(size, bold).getmetrics()
    return {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "b": -descent, "d": -descent}[
        vertical
    ]


#: Glyph masks kept (least recently used dropped first): a board draws a few hundred texts, most
#: of them the same from one board to the next (numbers, labels, names), and rasterising them
#: again was a fifth of a board's time. A mask is a few KB: the cache stays under ~10 MB.
_MASKS_KEPT = 4096


@lru_cache(maxsize=_MASKS_KEPT)
def _mask(
    face: int, size: int, bold: bool, text: str, anchor: str, stroke: float, start: tuple[float, float]
) -> tuple[object, tuple[int, int]]:
    """The antialiased mask of ``text`` and its offset, exactly as ``ImageDraw.text`` rasterises
    it for a start at the sub-pixel ``start`` (the fractional part of the position)."""
    return face_font(face, size, bold).getmask2(
        text, "L", None, None, None, stroke, anchor, 0, start, stroke_filled=True
    )


def _put_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: int,
    size: int,
    bold: bool,
    fill: RGB,
    anchor: str,
    stroke: float = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """``draw.text(xy, text, font=face_font(face, size, bold), fill=fill, anchor=anchor,
    stroke_width=stroke, stroke_fill=stroke_fill)`` — the same pixels — from cached masks."""
    if draw.fontmode != "L":  # palette or bitmap pictures: Pillow's own path
        draw.text(
            xy,
            text,
            font=face_font(face, size, bold),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=stroke_fill,
        )
        return
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    ink = draw.draw.draw_ink(fill)
    if stroke:
        stroke_ink = draw.draw.draw_ink(stroke_fill) if stroke_fill is not None else ink
        mask, (dx, dy) = _mask(face, size, bold, text, anchor, stroke, start)
        draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, stroke_ink)
        if ink == stroke_ink:
            return
    mask, (dx, dy) = _mask(face, size, bold, text, anchor, 0, start)
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw ``text`` at ``xy`` like ``draw.text`` with ``anchor`` (horizontal l/m/r, vertical
    a/t/m/s/b/d), each character in the first face of :data:`FACES` that has it (see
    :func:`runs`). The glyphs come from a bounded cache of masks (:func:`_mask`)."""
    parts = runs(text, bold)
    if not parts:
        return
    record = _RECORD.get()
    if record is not None and text.strip():
        record.append(Written(text, size, (float(xy[0]), float(xy[1]))))
    if len(parts) == 1 and parts[0][1] == MAIN:  # all in Noto Sans: one plain call
        _put_text(draw, xy, parts[0][0], MAIN, size, bold, fill, anchor, stroke, stroke_fill)
        return
    widths = run_widths(text, size, bold)
    x = xy[0] - {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}[anchor[0]]
    baseline = xy[1] + _baseline_offset(size, bold, anchor[1])
    for (part, face), width in zip(parts, widths, strict=True):
        heavy = _fake_bold(face, size, bold)
        if stroke:  # the outline, as wide outside a thickened run as outside a plain one
            _put_text(draw, (x, baseline), part, face, size, bold, fill, "ls", stroke + heavy, stroke_fill)
        if heavy:
            _put_text(draw, (x, baseline), part, face, size, bold, fill, "ls", heavy, fill)
        elif not stroke:
            _put_text(draw, (x, baseline), part, face, size, bold, fill, "ls")
        x += width


def text_centered(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    stroke: int = 0,
    stroke_fill: RGB = WHITE,
) -> None:
    """Draw ``text`` centred (both ways) on ``xy``."""
    draw_text(draw, xy, text, size, fill, bold, "mm", stroke, stroke_fill)


def text_outlined(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = WHITE,
    outline: RGB = INK,
    bold: bool = True,
    anchor: str = "mm",
    width: int | None = None,
) -> None:
    """Text with a contrasting outline, readable over any background (icons, field colours)."""
    w = width if width is not None else max(1, size // 9)
    draw_text(draw, xy, text, size, fill, bold, anchor, w, outline)


def badge(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    number: int | str,
    size: int = 18,
    fill: RGB = INK,
    text_fill: RGB = WHITE,
    outline: RGB | None = WHITE,
) -> None:
    """A number (or short text) in a pill centred on ``xy`` (counts on icons, bids, places)."""
    label = safe_text(str(number))
    h = size + 6
    w = max(h, text_width(label, size, True) + 10)
    x, y = xy
    rounded_rect(
        draw, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=h // 2, fill=fill, outline=outline, width=2
    )
    draw_text(draw, (x, y), label, size, text_fill, True, "mm")


def draw_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    width: float,
    name_size: int = 20,
    size: int = 18,
    lines: int = 2,
    spacing: int = 22,
) -> None:
    """A legend label "Name: effect" left-aligned at ``xy`` and centred on its ``y``: the name in
    bold, the effect wrapped on up to ``lines`` lines below it, all within ``width`` px."""
    name, effect = split_label(text)
    rows = [(truncate(name, name_size, width, bold=True), name_size, True)] if name else []
    rows += [(line, size, False) for line in wrap(effect, size, width, lines=lines)]
    x, y = xy
    for j, (line, line_size, bold) in enumerate(rows):
        draw_text(draw, (x, y + (j - (len(rows) - 1) / 2) * spacing), line, line_size, INK, bold, "lm")


def clear_masks() -> None:
    """Forget every cached glyph mask (see :func:`render.layers.clear_caches`)."""
    _mask.cache_clear()
