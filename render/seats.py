"""Seat identities: each seat's colour and shape, and its marker.

Colour-blind safe: the Okabe–Ito colours, each also told by its shape, so a player finds their
pieces and their line on the summary chart by either. :func:`seat_marker` draws a seat's shape
in its colour with its initial.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import ImageDraw

from render.colours import INK, RGB, WHITE
from render.icons import note
from render.shapes import polygon
from render.text import draw_text

__all__ = [
    "SEAT_COLOURS",
    "seat_marks",
    "SEAT_SHAPES",
    "SEAT_TEXT",
    "seat_colour",
    "seat_index",
    "seat_marker",
    "shape_points",
]

#: Seat colours p0…p4: Okabe–Ito (vermillion, blue, bluish green, yellow, reddish purple).
#: Each is also told apart by :data:`SEAT_SHAPES`, and markers always carry a dark outline so the
#: light yellow reads on light backgrounds and every colour on dark ones.
SEAT_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
)
#: Text colour that reads on each seat colour.
SEAT_TEXT: tuple[RGB, ...] = (WHITE, WHITE, WHITE, INK, INK)
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "pentagon")


def seat_index(seat: str) -> int:
    """``"p3"`` → 3 (the seat's position, which picks its colour and shape)."""
    return int(seat.lstrip("p")) % len(SEAT_COLOURS)


def seat_colour(seat: str) -> RGB:
    return SEAT_COLOURS[seat_index(seat)]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corner points of a seat shape of 'radius' ``r`` (circle: a 32-gon)."""

    def regular(n: int, start: float, scale: float = 1.0) -> list[tuple[float, float]]:
        return [
            (
                cx + r * scale * math.cos(start + 2 * math.pi * i / n),
                cy + r * scale * math.sin(start + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if shape == "circle":
        return regular(32, 0)
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        pts = regular(3, -math.pi / 2, 1.18)
        return [(x, y + r * 0.18) for x, y in pts]
    if shape == "diamond":
        return regular(4, -math.pi / 2, 1.1)
    if shape == "pentagon":
        return regular(5, -math.pi / 2, 1.04)
    raise ValueError(f"unknown seat shape {shape!r}")


def seat_marks(names: Mapping[str, str], seats: Sequence[str]) -> dict[str, str]:
    """The letters on each seat's marker, never the same for two seats: a name's first letter
    or digit ("Ana" → A); where two names begin alike, that letter and the name's next one
    that tells them apart ("Cy" → Cy, "Computer 1" → Co); the seat number (1…5) for a name
    with nothing drawable, or one nothing tells apart (a letter that is another seat's
    number is not used either)."""
    return dict(_seat_marks(tuple((seat, names.get(seat, "")) for seat in seats)))


@lru_cache(maxsize=256)
def _seat_marks(named: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """:func:`seat_marks` of ``(seat, name)`` pairs, kept: a board asks for its seats' marks
    once for each marker it draws."""
    names = dict(named)
    seats = [seat for seat, _ in named]
    from render.faces import safe_text

    def letters(seat: str) -> str:
        return "".join(ch for ch in safe_text(names.get(seat, "")) if ch.isalnum())

    numbers = {seat: str(seat_index(seat) + 1) for seat in seats}
    firsts = {seat: letters(seat)[:1].upper() for seat in seats}
    marks: dict[str, str] = {}
    for seat in seats:
        first = firsts[seat]
        if not first:
            marks[seat] = numbers[seat]
        elif list(firsts.values()).count(first) == 1 and first not in numbers.values():
            marks[seat] = first
        else:  # the first letter and the next one no other seat beginning alike has there
            alike = [o for o in seats if o != seat and firsts[o] == first]
            rest = letters(seat)[1:]
            found = next(
                (ch for ch in rest if all(ch.lower() not in letters(o)[1:2].lower() for o in alike)), None
            )
            marks[seat] = first + found.lower() if found else numbers[seat]
    if len(set(marks.values())) < len(marks):  # what is still alike: numbers
        counts = {m: list(marks.values()).count(m) for m in marks.values()}
        marks = {s: numbers[s] if counts[m] > 1 else m for s, m in marks.items()}
    return tuple(marks.items())


def seat_marker(
    draw: ImageDraw.ImageDraw, seat: str, xy: tuple[float, float], r: float, initial: str | None = None
) -> None:
    """The seat's shape in its colour, outlined, with ``initial`` (default: seat number 1…5)."""
    note("seat")
    i = seat_index(seat)
    cx, cy = xy
    pts = shape_points(SEAT_SHAPES[i], cx, cy, r)
    polygon(draw, pts, fill=SEAT_COLOURS[i], outline=INK, width=max(2, int(r / 7)))
    label = initial if initial is not None else str(i + 1)
    if label:
        dy = r * 0.12 if SEAT_SHAPES[i] == "triangle" else 0
        draw_text(draw, (cx, cy + dy), label, int(r * 0.95), SEAT_TEXT[i], True, "mm")
