"""Shape helpers that make a good's icon a one-liner (:func:`render.icons.register_good`).

Each draws in a unit box scaled to the icon side ``s`` (the icon is drawn 4× larger and scaled
down, :mod:`render.icons`) with a dark outline (:data:`render.colours.OUTLINE`), so icons read on
any tile colour: :func:`fruit`, :func:`leaf`, :func:`bottle`, :func:`cube`, :func:`pod`,
:func:`seed_cluster`, :func:`root`, :func:`bark_roll`.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.colours import OUTLINE, RGB, rgb
from render.shapes import rounded_rect

__all__ = ["bark_roll", "bottle", "cube", "fruit", "leaf", "line_width", "pod", "root", "seed_cluster"]


def line_width(s: int) -> int:
    """The outline's width on an icon of side ``s`` (drawn size)."""
    return max(2, s // 16)


def fruit(draw: ImageDraw.ImageDraw, s: int, colour: RGB, leaf_colour: RGB = (60, 140, 50)) -> None:
    """A round fruit with a leaf (citrus, nutmeg…)."""
    m = s * 0.12
    draw.ellipse((m, m * 1.6, s - m, s - m * 0.4), fill=colour, outline=OUTLINE, width=line_width(s))
    draw.ellipse((s * 0.3, s * 0.36, s * 0.42, s * 0.48), fill=(255, 255, 255, 150))
    draw.polygon(
        [(s * 0.5, s * 0.2), (s * 0.78, s * 0.02), (s * 0.7, s * 0.24)], fill=leaf_colour, outline=OUTLINE
    )


def leaf(draw: ImageDraw.ImageDraw, s: int, colour: RGB, vein: RGB = (30, 70, 30)) -> None:
    """A broad leaf with a central vein (tobacco, …)."""
    pts = []
    for i in range(21):
        t = i / 20
        pts.append((s * (0.5 + 0.36 * math.sin(math.pi * t)), s * (0.06 + 0.88 * t)))
    for i in range(21):
        t = 1 - i / 20
        pts.append((s * (0.5 - 0.36 * math.sin(math.pi * t)), s * (0.06 + 0.88 * t)))
    draw.polygon(pts, fill=colour, outline=OUTLINE, width=line_width(s))
    draw.line((s * 0.5, s * 0.1, s * 0.5, s * 0.92), fill=vein, width=line_width(s))
    for k in (0.3, 0.5, 0.7):
        draw.line((s * 0.5, s * (k + 0.08), s * 0.72, s * k), fill=vein, width=max(1, line_width(s) // 2))
        draw.line((s * 0.5, s * (k + 0.08), s * 0.28, s * k), fill=vein, width=max(1, line_width(s) // 2))


def bottle(draw: ImageDraw.ImageDraw, s: int, colour: RGB, label: RGB = (245, 230, 200)) -> None:
    """A bottle (rum, …)."""
    w = line_width(s)
    rounded_rect(
        draw, (s * 0.26, s * 0.38, s * 0.74, s * 0.96), radius=s * 0.1, fill=colour, outline=OUTLINE, width=w
    )
    draw.polygon(
        [(s * 0.4, s * 0.16), (s * 0.6, s * 0.16), (s * 0.62, s * 0.4), (s * 0.38, s * 0.4)],
        fill=colour,
        outline=OUTLINE,
    )
    draw.rectangle((s * 0.38, s * 0.04, s * 0.62, s * 0.17), fill=(120, 80, 40), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.3, s * 0.56, s * 0.7, s * 0.78), fill=label)


def cube(draw: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    """An isometric cube (wood, stone, any resource cube)."""
    top = rgb(min(255, int(c * 1.25)) for c in colour)
    side = rgb(int(c * 0.72) for c in colour)
    cx, t, m, b = s * 0.5, s * 0.08, s * 0.32, s * 0.94
    left, r = s * 0.08, s * 0.92
    mid = s * 0.56
    draw.polygon(
        [(cx, t), (r, m - s * 0.06), (cx, mid - s * 0.04), (left, m - s * 0.06)], fill=top, outline=OUTLINE
    )
    draw.polygon(
        [(left, m - s * 0.06), (cx, mid - s * 0.04), (cx, b), (left, b - s * 0.2)],
        fill=colour,
        outline=OUTLINE,
    )
    draw.polygon(
        [(r, m - s * 0.06), (cx, mid - s * 0.04), (cx, b), (r, b - s * 0.2)], fill=side, outline=OUTLINE
    )


def pod(draw: ImageDraw.ImageDraw, s: int, colour: RGB, stem: RGB = (60, 120, 40)) -> None:
    """A long curved pod (chili pepper, vanilla, …): a crescent between two arcs."""
    outer, inner = [], []
    for i in range(17):
        t = i / 16
        a = math.pi * (0.1 + 0.75 * t)
        outer.append((s * (0.5 - 0.42 * math.cos(a)), s * (0.1 + 0.62 * math.sin(a))))
        thick = 0.3 * math.sin(math.pi * min(1.0, t * 1.15)) + 0.02
        inner.append((s * (0.5 - (0.42 - thick) * math.cos(a)), s * (0.1 + (0.62 - thick) * math.sin(a))))
    draw.polygon(outer + inner[::-1], fill=colour, outline=OUTLINE, width=line_width(s))
    x, y = outer[0]
    draw.line(
        (x, y, x + s * 0.02, y - s * 0.08, x + s * 0.12, y - s * 0.1), fill=stem, width=line_width(s) * 2
    )


def seed_cluster(draw: ImageDraw.ImageDraw, s: int, colour: RGB, n: int = 5) -> None:
    """A handful of small seeds or buds (cloves, pepper corns, …)."""
    w = line_width(s)
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = s * (0.5 + 0.24 * math.cos(a)), s * (0.52 + 0.24 * math.sin(a))
        draw.ellipse(
            (x - s * 0.15, y - s * 0.15, x + s * 0.15, y + s * 0.15), fill=colour, outline=OUTLINE, width=w
        )


def root(draw: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    """A knobbly root (ginger, …)."""
    w = line_width(s)
    for x, y, r in ((0.35, 0.55, 0.22), (0.6, 0.45, 0.2), (0.72, 0.68, 0.16), (0.25, 0.3, 0.13)):
        draw.ellipse(
            (s * (x - r), s * (y - r), s * (x + r), s * (y + r)), fill=colour, outline=OUTLINE, width=w
        )


def bark_roll(draw: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    """Rolled bark sticks (cinnamon, …)."""
    w = line_width(s)
    for dx in (-0.16, 0.0, 0.16):
        rounded_rect(
            draw,
            (s * (0.4 + dx), s * 0.08, s * (0.6 + dx), s * 0.92),
            radius=s * 0.08,
            fill=colour,
            outline=OUTLINE,
            width=w,
        )
