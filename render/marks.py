"""What changed since a player's last look, marked on the board.

The bot may give a view a ``"since"`` key: the public view as the people to act last saw it. Each
game's renderer lists the parts it draws as (path in the view, box on the picture); every part
whose value differs between the two views gets the mark — a thick magenta outline with a white
halo and a dot at its top right corner (magenta is none of the seat colours, and both read at
phone width). The legend shows the mark with its meaning (:func:`key`). Without ``"since"``
nothing is marked, so the pictures of a replay or the demo stay as they were.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from render.colours import CARD, FAINT, PAPER, RGB
from render.shapes import rounded_rect
from render.text import draw_label

#: The mark's colour (not a seat colour, not a good's).
MARK: RGB = (226, 0, 122)
HALO: RGB = (255, 255, 255)
WIDTH = 7
DOT = 13

Box = tuple[float, float, float, float]
_MISSING = object()


def _at(view: Any, path: Iterable[Any]) -> Any:
    for step in path:
        if isinstance(view, dict):
            view = view.get(step, _MISSING)
        elif isinstance(view, list) and isinstance(step, int) and -len(view) <= step < len(view):
            view = view[step]
        else:
            return _MISSING
        if view is _MISSING:
            return view
    return view


def changed(view: dict[str, Any], *path: Any) -> bool:
    """Whether the value at ``path`` differs from the view's ``"since"`` (False without one)."""
    since = view.get("since")
    if not isinstance(since, dict):
        return False
    return _at(view, path) != _at(since, path)


def outline(draw: ImageDraw.ImageDraw, box: Box, radius: int = 12) -> None:
    """The mark around ``box``."""
    x0, y0, x1, y1 = box
    rounded_rect(draw, (x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=radius, outline=HALO, width=WIDTH + 4)
    rounded_rect(draw, (x0, y0, x1, y1), radius=radius, outline=MARK, width=WIDTH)
    draw.ellipse((x1 - DOT - 3, y0 - DOT - 3, x1 + DOT + 3, y0 + DOT + 3), fill=HALO)
    draw.ellipse((x1 - DOT, y0 - DOT, x1 + DOT, y0 + DOT), fill=MARK)


def mark(img: Image.Image, view: dict[str, Any], parts: Iterable[tuple[tuple[Any, ...], Box]]) -> int:
    """Outline every part whose value changed since the view's ``"since"``; how many were."""
    if not isinstance(view.get("since"), dict):
        return 0
    draw = ImageDraw.Draw(img)
    done: set[Box] = set()
    for path, box in parts:
        if box not in done and changed(view, *path):
            outline(draw, box)
            done.add(box)
    return len(done)


#: The mark's meaning for an English reader when the caller gives no words (as the legends'
#: other English defaults; any other reader gets the words from the bot's catalogue).
ENGLISH = "Outlined: changed since your last look"


def label(labels: dict[str, str] | None, lang: str) -> str:
    """The mark's words in the legend: ``labels["changed"]``, else English for an English reader."""
    return (labels or {}).get("changed") or (ENGLISH if lang == "en" else "")


def swatch() -> Image.Image:
    """The mark drawn a few times on paper, for a title's palette to learn its colours (the
    sample boards carry no marks): without it the mark would be posted in the nearest art
    colour (a red)."""
    img = Image.new("RGB", (480, 240), PAPER)
    draw = ImageDraw.Draw(img)
    for k in range(4):
        x, y = 16 + k * 116, 24 + (k % 2) * 90
        outline(draw, (x, y, x + 96, y + 110))
    return img


def key(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    """The legend's line for the mark: a sample box marked, then ``text`` (may be empty)."""
    x0, y0, x1, y1 = box
    sample = (x0 + 10, y0 + 12, x0 + 90, y1 - 12)
    rounded_rect(draw, sample, radius=10, fill=CARD, outline=FAINT, width=2)
    outline(draw, sample, radius=10)
    if text:
        draw_label(draw, (x0 + 118, (y0 + y1) / 2), text, x1 - x0 - 130, 19, 17, lines=2, spacing=21)
