"""Icons: a cached RGBA picture of each named icon (goods, coin, star, robot…).

Each icon is drawn by a *painter* on a square RGBA canvas of side ``s``, 4× larger than asked,
and scaled down for smooth edges; :func:`icon` keeps the result. Games add their own icons with
:func:`register_icon`, and a good's icon from a shape helper of :mod:`render.goods` with
:func:`register_good`. :func:`paste_icon` puts one on a picture, faded for a free space.

:func:`recording` is the seam through which a title proves that its legend explains every
icon its pictures show: inside it, every icon drawn is recorded by name, with the marks a
renderer draws inline (a "+1", a bid box) that name themselves with :func:`note`; a legend names
what each of its rows explains with :func:`explain`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.colours import GOLD, GOLD_DARK, GREEN, OUTLINE, RED, WHITE
from render.goods import bark_roll, bottle, cube, fruit, leaf, line_width, pod, root, seed_cluster
from render.paste import paste

__all__ = [
    "IconRecord",
    "Painter",
    "clear_icons",
    "explain",
    "icon",
    "icon_names",
    "note",
    "paste_icon",
    "recording",
    "recording_icons",
    "register_good",
    "register_icon",
]

Painter = Callable[[ImageDraw.ImageDraw, int], None]
_PAINTERS: dict[str, Painter] = {}
_SUPERSAMPLE = 4


def register_icon(name: str) -> Callable[[Painter], Painter]:
    """Decorator: ``@register_icon("pepper")`` on ``def paint(draw, s)`` adds an icon."""

    def deco(fn: Painter) -> Painter:
        _PAINTERS[name] = fn
        return fn

    return deco


def icon_names() -> list[str]:
    return list(_PAINTERS)


@dataclass
class IconRecord:
    """What was drawn inside :func:`recording`: the names of the icons and inline marks
    (``drawn``), and what a legend explained (``explained``: name → the words beside it)."""

    drawn: set[str] = field(default_factory=set)
    explained: dict[str, str] = field(default_factory=dict)


_RECORD: ContextVar[IconRecord | None] = ContextVar("render_icon_record", default=None)


@contextmanager
def recording() -> Iterator[IconRecord]:
    """Records every icon and noted mark drawn inside the ``with`` (see the module docstring).
    Texts are recorded at the same time (:func:`render.text.recording`), so that the caches of
    drawn pictures (layers, tiles, cards) are passed by and every icon is drawn afresh."""
    from render.text import recording as recording_texts

    kept = IconRecord()
    token = _RECORD.set(kept)
    try:
        with recording_texts():
            yield kept
    finally:
        _RECORD.reset(token)


def recording_icons() -> bool:
    """Whether icons are being recorded (:func:`recording`): the caches of drawn pictures are
    then passed by, so that every icon in them is drawn, and recorded, afresh."""
    return _RECORD.get() is not None


def note(name: str) -> None:
    """A mark drawn inline (not an icon of this module) names itself here, for the record: the
    legend must explain it too."""
    record = _RECORD.get()
    if record is not None:
        record.drawn.add(name)


def explain(name: str, words: str) -> None:
    """A legend's row says what the icon or mark ``name`` means, in ``words``."""
    record = _RECORD.get()
    if record is not None:
        record.explained[name] = words


@lru_cache(maxsize=1024)
def _icon(name: str, size: int) -> Image.Image:
    s = size * _SUPERSAMPLE
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    _PAINTERS[name](ImageDraw.Draw(img), s)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def icon(name: str, size: float) -> Image.Image:
    """The RGBA icon ``name`` at ``size`` px, rounded down (cached). Raises ``KeyError`` for
    unknown names."""
    if name not in _PAINTERS:
        raise KeyError(f"no icon named {name!r}")
    note(name)
    return _icon(name, int(size))


@lru_cache(maxsize=256)
def _faded(name: str, size: int, alpha: float) -> Image.Image:
    """Icon ``name`` at ``size`` px with its opacity scaled by ``alpha`` (cached: a board pastes
    the same faded icons every time)."""
    ic = icon(name, size).copy()
    ic.putalpha(ic.getchannel("A").point(lambda a: int(a * alpha)))
    return ic


def paste_icon(img: Image.Image, name: str, xy: tuple[float, float], size: float, alpha: float = 1.0) -> None:
    """Paste icon ``name`` centred on ``xy``; ``alpha`` < 1 draws it faded (a free space)."""
    note(name)
    ic = icon(name, size) if alpha >= 1.0 else _faded(name, int(size), alpha)
    paste(img, ic, (int(xy[0] - size / 2), int(xy[1] - size / 2)), ic)


def register_good(name: str, helper: Callable[..., None], *args: object, **kwargs: object) -> None:
    """Register a good icon from a shape helper: ``register_good("ginger", root, (214, 170, 90))``."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        helper(draw, s, *args, **kwargs)

    _PAINTERS[name] = paint


register_good("citrus", fruit, (247, 160, 28))
register_good("tobacco", leaf, (104, 150, 60))
register_good("rum", bottle, (178, 34, 34))
register_good("stone", cube, (150, 150, 158))
register_good("wood", cube, (168, 112, 60))
register_good("resource", cube, (210, 200, 180))
register_good("pepper", seed_cluster, (40, 40, 40))
register_good("cloves", seed_cluster, (110, 60, 40), 4)
register_good("cinnamon", bark_roll, (176, 100, 52))
register_good("nutmeg", fruit, (150, 100, 60), (90, 120, 50))
register_good("ginger", root, (214, 176, 100))
register_good("chili", pod, (210, 40, 30))


def rounded(
    draw: ImageDraw.ImageDraw,
    s: int,
    box: tuple[float, float, float, float],
    radius: float,
    fill: tuple[int, int, int],
    width: int,
) -> None:
    """A rounded rectangle of an icon drawn ``s`` px wide, outlined: ``box`` and ``radius`` in
    fractions of ``s``."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (s * x0, s * y0, s * x1, s * y1), radius=s * radius, fill=fill, outline=OUTLINE, width=width
    )


@register_icon("sugar")
def _sugar(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Sugar cane: two leaning segmented stalks with leaves."""
    w = line_width(s)
    stalk = (226, 220, 160)
    node = (130, 150, 70)
    for x_bot, x_top in ((0.3, 0.4), (0.66, 0.72)):
        half = 0.13
        draw.polygon(
            [
                (s * (x_top - half), s * 0.08),
                (s * (x_top + half), s * 0.08),
                (s * (x_bot + half), s * 0.95),
                (s * (x_bot - half), s * 0.95),
            ],
            fill=stalk,
            outline=OUTLINE,
            width=w,
        )
        for k in (0.32, 0.56, 0.78):
            x = x_bot + (x_top - x_bot) * (1 - (k - 0.08) / 0.87)
            draw.line((s * (x - half), s * k, s * (x + half), s * k), fill=node, width=w + 1)
    draw.polygon(
        [(s * 0.42, s * 0.3), (s * 0.04, s * 0.12), (s * 0.22, s * 0.36)], fill=(90, 160, 60), outline=OUTLINE
    )
    draw.polygon(
        [(s * 0.68, s * 0.46), (s * 0.98, s * 0.26), (s * 0.86, s * 0.52)],
        fill=(90, 160, 60),
        outline=OUTLINE,
    )


@register_icon("cigar")
def _cigar(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    rounded(draw, s, (0.06, 0.38, 0.94, 0.64), 0.13, (122, 72, 36), w)
    draw.rectangle((s * 0.6, s * 0.38, s * 0.72, s * 0.64), fill=(210, 50, 40), outline=OUTLINE, width=w)
    draw.ellipse((s * 0.02, s * 0.4, s * 0.16, s * 0.62), fill=(90, 80, 75), outline=OUTLINE, width=w)
    draw.arc((s * 0.0, s * 0.04, s * 0.24, s * 0.38), 180, 330, fill=(130, 130, 140), width=w)


@register_icon("water")
def _water(draw: ImageDraw.ImageDraw, s: int) -> None:
    pts = [(s * 0.5, s * 0.04)]
    for i in range(25):
        a = math.pi * (-0.15 + 1.3 * i / 24)
        pts.append((s * (0.5 + 0.33 * math.cos(a)), s * (0.62 + 0.3 * math.sin(a))))
    draw.polygon(pts, fill=(60, 140, 220), outline=OUTLINE, width=line_width(s))
    draw.ellipse((s * 0.36, s * 0.56, s * 0.46, s * 0.72), fill=(200, 230, 255))


@register_icon("coin")
def _coin(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.ellipse((s * 0.04, s * 0.04, s * 0.96, s * 0.96), fill=GOLD, outline=OUTLINE, width=w)
    draw.ellipse((s * 0.16, s * 0.16, s * 0.84, s * 0.84), outline=GOLD_DARK, width=w)


@register_icon("star")
def _star(draw: ImageDraw.ImageDraw, s: int) -> None:
    pts = []
    for i in range(10):
        r = 0.47 if i % 2 == 0 else 0.2
        a = -math.pi / 2 + math.pi * i / 5
        pts.append((s * (0.5 + r * math.cos(a)), s * (0.54 + r * math.sin(a))))
    draw.polygon(pts, fill=(250, 205, 40), outline=OUTLINE, width=line_width(s))


@register_icon("envelope")
def _envelope(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.06, s * 0.2, s * 0.94, s * 0.8), fill=(245, 240, 225), outline=OUTLINE, width=w)
    draw.line((s * 0.06, s * 0.2, s * 0.5, s * 0.56, s * 0.94, s * 0.2), fill=OUTLINE, width=w)
    draw.ellipse((s * 0.4, s * 0.46, s * 0.6, s * 0.66), fill=(190, 30, 30), outline=OUTLINE, width=w)


@register_icon("robot")
def _robot(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.line((s * 0.5, s * 0.06, s * 0.5, s * 0.2), fill=OUTLINE, width=w)
    draw.ellipse((s * 0.42, s * 0.0, s * 0.58, s * 0.14), fill=(230, 80, 60), outline=OUTLINE, width=w)
    rounded(draw, s, (0.1, 0.2, 0.9, 0.9), 0.16, (190, 200, 214), w)
    for x in (0.32, 0.68):
        draw.ellipse((s * (x - 0.1), s * 0.38, s * (x + 0.1), s * 0.58), fill=(30, 60, 110))
    draw.rectangle((s * 0.3, s * 0.7, s * 0.7, s * 0.78), fill=OUTLINE)


@register_icon("hourglass")
def _hourglass(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.18, s * 0.04, s * 0.82, s * 0.14), fill=(120, 80, 40), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.18, s * 0.86, s * 0.82, s * 0.96), fill=(120, 80, 40), outline=OUTLINE, width=w)
    draw.polygon(
        [(s * 0.26, s * 0.14), (s * 0.74, s * 0.14), (s * 0.5, s * 0.5)],
        fill=(250, 245, 230),
        outline=OUTLINE,
    )
    draw.polygon(
        [(s * 0.26, s * 0.86), (s * 0.74, s * 0.86), (s * 0.5, s * 0.5)], fill=(230, 190, 90), outline=OUTLINE
    )


@register_icon("crown")
def _crown(draw: ImageDraw.ImageDraw, s: int) -> None:
    pts = [(0.08, 0.8), (0.08, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.3), (0.92, 0.8)]
    draw.polygon([(s * x, s * y) for x, y in pts], fill=GOLD, outline=OUTLINE, width=line_width(s))
    draw.rectangle(
        (s * 0.08, s * 0.8, s * 0.92, s * 0.92), fill=GOLD_DARK, outline=OUTLINE, width=line_width(s)
    )


@register_icon("lock")
def _lock(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.arc((s * 0.24, s * 0.06, s * 0.76, s * 0.62), 180, 360, fill=OUTLINE, width=w * 2)
    draw.line((s * 0.25, s * 0.34, s * 0.25, s * 0.46), fill=OUTLINE, width=w * 2)
    draw.line((s * 0.75, s * 0.34, s * 0.75, s * 0.46), fill=OUTLINE, width=w * 2)
    rounded(draw, s, (0.12, 0.44, 0.88, 0.94), 0.08, GOLD, w)


@register_icon("ship")
def _ship(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.polygon(
        [(s * 0.04, s * 0.6), (s * 0.96, s * 0.6), (s * 0.8, s * 0.9), (s * 0.18, s * 0.9)],
        fill=(120, 70, 40),
        outline=OUTLINE,
        width=w,
    )
    draw.line((s * 0.5, s * 0.06, s * 0.5, s * 0.6), fill=OUTLINE, width=w)
    draw.polygon(
        [(s * 0.52, s * 0.1), (s * 0.86, s * 0.52), (s * 0.52, s * 0.52)], fill=WHITE, outline=OUTLINE
    )
    draw.polygon(
        [(s * 0.48, s * 0.18), (s * 0.2, s * 0.52), (s * 0.48, s * 0.52)],
        fill=(235, 235, 225),
        outline=OUTLINE,
    )


@register_icon("house")
def _house(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.polygon(
        [(s * 0.06, s * 0.46), (s * 0.5, s * 0.08), (s * 0.94, s * 0.46)],
        fill=(190, 70, 50),
        outline=OUTLINE,
        width=w,
    )
    draw.rectangle((s * 0.16, s * 0.46, s * 0.84, s * 0.94), fill=(245, 225, 180), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.42, s * 0.64, s * 0.58, s * 0.94), fill=(120, 80, 40))


@register_icon("cross")
def _cross(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = s // 7
    draw.line((s * 0.15, s * 0.15, s * 0.85, s * 0.85), fill=RED, width=w)
    draw.line((s * 0.85, s * 0.15, s * 0.15, s * 0.85), fill=RED, width=w)


@register_icon("check")
def _check(draw: ImageDraw.ImageDraw, s: int) -> None:
    draw.line(
        (s * 0.12, s * 0.52, s * 0.4, s * 0.8, s * 0.9, s * 0.2), fill=GREEN, width=s // 7, joint="curve"
    )


@register_icon("trophy")
def _trophy(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.arc((s * 0.02, s * 0.14, s * 0.4, s * 0.5), 90, 270, fill=OUTLINE, width=w * 2)
    draw.arc((s * 0.6, s * 0.14, s * 0.98, s * 0.5), 270, 90, fill=OUTLINE, width=w * 2)
    draw.chord((s * 0.18, s * -0.3, s * 0.82, s * 0.66), 0, 180, fill=GOLD, outline=OUTLINE, width=w)
    draw.rectangle((s * 0.44, s * 0.64, s * 0.56, s * 0.8), fill=GOLD_DARK)
    draw.rectangle((s * 0.26, s * 0.8, s * 0.74, s * 0.94), fill=GOLD_DARK, outline=OUTLINE, width=w)


def clear_icons() -> None:
    """Forget every cached icon, plain and faded (see :func:`render.layers.clear_caches`)."""
    _icon.cache_clear()
    _faded.cache_clear()
