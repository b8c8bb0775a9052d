"""Parts of the board stacked for a phone: each zoomed on its own until its smallest word reads.

A phone shows a picture about 390 px wide, so a picture for it is at most :data:`MAX_W` px wide
and every word on it at least :data:`MIN_TEXT` px high. :func:`compose` stacks *parts*
(:class:`render.decision_parts.Crop` of the board, or :class:`~render.decision_parts.Drawn`
pictures) top to bottom, each zoomed on its own: as wide as the picture allows (at most
``max_zoom`` times) and at least as much as its smallest word needs. A crop whose words need it
wider than the picture is cut in two where the board's paper runs between two spaces
(:func:`fit`) and the halves are stacked. Given a height (``max_h``: the turn picture's, so
that a phone keeps the buttons under it on the screen), parts that would stand taller are
shrunk together, never under the zoom their words need, or set two side by side where both read
at half the width (:func:`arrange`).

The sizes come from :func:`render.text.recording`: the board is drawn once while every text it
draws is recorded (position and size), and a crop's smallest text is the smallest recorded
inside it. The picture keeps, in ``img.info["texts"]``, every text as it is shown
(:class:`render.text.Written` in the picture's own pixels), which the tests read.

Used by the turn picture (:mod:`render.turn_picture`) and the phone board
(:mod:`render.phone_layout`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from PIL import Image, ImageChops

from render.decision_parts import Crop, Part, _render, framed
from render.png import quantise
from render.text import Written, recording

__all__ = [
    "GAP",
    "RecordedBoard",
    "MARGIN",
    "MAX_W",
    "MAX_ZOOM",
    "MIN_TEXT",
    "SHRINK_LEAST",
    "TextIndex",
    "arrange",
    "column_ink",
    "compose",
    "recorded_board",
    "fit",
    "smallest",
    "texts_in",
]

#: The widest picture (a phone shows it 390 px wide: 0.43 of its pixels).
MAX_W = 900
#: The smallest text: 18 px here is 7.8 px on a 390 px phone screen, the smallest a phone's
#: own interface uses, and 23 px at the 2× zoom of a tap.
MIN_TEXT = 18
#: Crops are enlarged at most this much (beyond it a crop gets only blurrier).
MAX_ZOOM = 2.6
MARGIN, GAP = 12, 14
#: Parts shrunk to fit a height stay one under another down to this share of their size;
#: below it, two stand side by side where both read at half the width (:func:`arrange`).
SHRINK_LEAST = 0.7
#: A box of more pixels than this finds its paper colour on every other row and column
#: (:func:`column_ink`).
PAPER_SAMPLE_PX = 40_000
#: The text size of a ring's badge at zoom 1 (:func:`render.decision_parts._ring`).
RING_BADGE = 11


@dataclass(frozen=True)
class RecordedBoard:
    """The landscape board drawn once, with every text it drew (:func:`render.text.recording`):
    what the phone board and the turn picture of one move are both cut from."""

    picture: Image.Image
    texts: list[Written]


def recorded_board(draw: Callable[[dict[str, Any]], Image.Image], view: dict[str, Any]) -> RecordedBoard:
    """``draw(view)`` (a title's board) with its texts recorded."""
    with recording() as texts:
        picture = draw(view)
    return RecordedBoard(picture, texts)


class TextIndex:
    """The texts recorded on a board, filed by where they are anchored: the texts inside a box
    are found by looking only at those filed in the :data:`CELL`-px squares the box overlaps,
    and each box's answer is kept (a part's box is asked for its smallest word, its floor and its
    texts as shown, a board's worth of texts each time otherwise). ``scanned`` counts the texts
    looked at."""

    #: The side of a square the texts are filed in, in board pixels.
    CELL = 64

    def __init__(self, texts: Sequence[Written]) -> None:
        self.texts = list(texts)
        self._cells: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
        for k, w in enumerate(self.texts):
            self._cells[math.floor(w.xy[0]) // self.CELL, math.floor(w.xy[1]) // self.CELL].append(k)
        self._found: dict[tuple[float, float, float, float], list[Written]] = {}
        self.scanned = 0

    def inside(self, box: tuple[float, float, float, float]) -> list[Written]:
        """The texts anchored inside ``box`` (edges included), in the order they were drawn."""
        found = self._found.get(box)
        if found is not None:
            return found
        x0, y0, x1, y1 = box
        near: list[int] = []
        c = self.CELL
        for cx in range(math.floor(x0) // c, math.floor(x1) // c + 1):
            for cy in range(math.floor(y0) // c, math.floor(y1) // c + 1):
                near += self._cells.get((cx, cy), ())
        self.scanned += len(near)
        texts = self.texts
        found = [texts[k] for k in sorted(near) if x0 <= texts[k].xy[0] <= x1 and y0 <= texts[k].xy[1] <= y1]
        self._found[box] = found
        return found


Texts = Sequence[Written] | TextIndex


def indexed(texts: Texts) -> TextIndex:
    """``texts`` filed by place (:class:`TextIndex`; an index is returned as it is)."""
    return texts if isinstance(texts, TextIndex) else TextIndex(texts)


def texts_in(texts: Texts, box: tuple[float, float, float, float]) -> list[Written]:
    """The texts anchored inside ``box`` (through the index when ``texts`` is one)."""
    if isinstance(texts, TextIndex):
        return texts.inside(box)
    x0, y0, x1, y1 = box
    return [w for w in texts if x0 <= w.xy[0] <= x1 and y0 <= w.xy[1] <= y1]


def smallest(part: Part, board_texts: Texts) -> int | None:
    """The size of the smallest text of ``part`` at zoom 1 (None: it has no words)."""
    if isinstance(part, Crop):
        inside = texts_in(board_texts, part.box)
    else:
        with recording() as inside:
            part.paint(1.0)
    return min((w.size for w in inside), default=None)


def _zoom(part: Part, board_texts: Texts, room: int, max_zoom: float) -> float:
    """As wide as ``room`` allows (at most ``max_zoom``), and never so small that a word of the
    part stands under :data:`MIN_TEXT` px (then possibly wider than ``room``)."""
    zoom = min(max_zoom, room / part.size[0])
    least = smallest(part, board_texts)
    if least is not None:
        zoom = max(zoom, MIN_TEXT / least * 1.001)
    return zoom


#: A difference from the paper over 8 (of 255) is ink: the table :func:`column_ink` maps it by.
_INKED = [0] * 9 + [255] * 247


def column_ink(board: Image.Image, box: tuple[int, int, int, int]) -> list[float]:
    """For each pixel column of ``box``, the share of its pixels that are not the paper (the
    box's commonest colour, counted on every other row and column of a large box: flat art has
    the same commonest colour there): 0 for a column of bare paper. One pass of Pillow's own
    code, not a statistic per column."""
    strip = board.crop(box).convert("RGB")
    counted = strip
    if strip.width * strip.height > PAPER_SAMPLE_PX:
        counted = strip.resize(
            (max(1, strip.width // 2), max(1, strip.height // 2)), Image.Resampling.NEAREST
        )
    colours = counted.getcolors(counted.width * counted.height) or [(1, (0, 0, 0))]
    paper: tuple[int, int, int] = max(colours, key=itemgetter(0))[1]  # type: ignore[assignment]
    off = ImageChops.difference(strip, Image.new("RGB", strip.size, paper)).convert("L")
    mask = off.point(_INKED).resize((strip.width, 1), Image.Resampling.BOX)
    return [v / 255 for v in mask.tobytes()]


def _split_x(board: Image.Image, box: tuple[int, int, int, int], texts: Texts) -> int:
    """Where to cut a crop in two: in its middle third, the pixel column that is most nearly
    bare paper (between two tiles, slots or cells) and holds no word's anchor — in the middle of
    the widest run of such columns (the gap between two groups rather than two tiles)."""
    x0, _y0, x1, _y1 = box
    near_words = {
        x for w in texts_in(texts, box) for x in range(math.floor(w.xy[0]) - 9, math.ceil(w.xy[0]) + 10)
        if abs(x - w.xy[0]) < 10
    }  # fmt: skip
    ink = column_ink(board, box)
    spreads = {x: ink[x - x0] for x in range(x0 + (x1 - x0) // 3, x1 - (x1 - x0) // 3) if x not in near_words}
    if not spreads:
        return (x0 + x1) // 2
    least = min(spreads.values())
    runs: list[list[int]] = []
    for x in sorted(x for x, spread in spreads.items() if spread <= least + 0.01):
        if runs and runs[-1][-1] == x - 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    widest = max(runs, key=len)
    return widest[len(widest) // 2]


def fit(
    part: Part, board: Image.Image, texts: Texts, room: int, max_zoom: float = MAX_ZOOM
) -> list[tuple[Part, float]]:
    """``part`` with its zoom; a crop whose words need it wider than ``room`` is cut in two
    halves (:func:`_split_x`) shown one above the other, each with the rings on it."""
    zoom = _zoom(part, texts, room, max_zoom)
    if part.size[0] * zoom <= room + 1:
        return [(part, zoom)]
    if not isinstance(part, Crop) or part.size[0] < 80:
        raise ValueError(f"a part {part.size} cannot be read at {MAX_W} px: its words need zoom {zoom:.2f}")
    x0, y0, x1, y1 = part.box
    cut = _split_x(board, part.box, texts)
    halves = []
    for box in ((x0, y0, cut, y1), (cut, y0, x1, y1)):
        marks = tuple(m for m in part.marks if box[0] <= (m.box[0] + m.box[2]) / 2 < box[2])
        halves += fit(Crop(box, marks), board, texts, room, max_zoom)
    return halves


def _floor(part: Part, board_texts: Texts, zoom: float) -> float:
    """The least zoom at which every word of ``part`` (and the badge of a ring on it) still
    stands :data:`MIN_TEXT` px high; a part without words may shrink to half its ``zoom``."""
    least = smallest(part, board_texts)
    floor = zoom / 2 if least is None else MIN_TEXT / least * 1.001
    if any(mark.badge for mark in part.marks):
        floor = max(floor, MIN_TEXT / RING_BADGE * 1.001)
    return min(floor, zoom)


@dataclass(frozen=True)
class Item:
    """A fitted part: its zoom as wide as the picture allows (``full``), as wide as half of it
    allows (``half``) and the least its words allow (``floor``)."""

    part: Part
    full: float
    half: float
    floor: float

    @property
    def pairs(self) -> bool:
        """Whether it reads at half the picture's width (then it may stand beside another)."""
        return self.half >= self.floor


Row = list[tuple[Part, float]]


def _rows_at(items: Sequence[Item], paired: bool, scale: float) -> list[Row]:
    """The items in rows, each zoomed to ``scale`` of its room (never under its floor): one
    per row, or (``paired``) two neighbours that both read at half width side by side."""
    rows: list[Row] = []
    k = 0
    while k < len(items):
        a = items[k]
        if paired and k + 1 < len(items) and a.pairs and items[k + 1].pairs:
            b = items[k + 1]
            rows.append([(a.part, max(a.floor, a.half * scale)), (b.part, max(b.floor, b.half * scale))])
            k += 2
        else:
            rows.append([(a.part, max(a.floor, a.full * scale))])
            k += 1
    return rows


def _height(rows: Sequence[Row]) -> int:
    inner = sum(max(round(p.size[1] * z) for p, z in row) for row in rows)
    return inner + GAP * (len(rows) - 1) + 2 * MARGIN


def arrange(items: Sequence[Item], max_h: int | None) -> list[Row]:
    """The items as tall as ``max_h`` allows (None: no limit): one under another at their full
    zoom when that fits; else shrunk together (each never under its floor) as little as needed,
    one under another while that keeps them at least :data:`SHRINK_LEAST` of their size, else
    two side by side where both read at half width; the shortest of these when nothing fits."""
    single = _rows_at(items, False, 1.0)
    if max_h is None or _height(single) <= max_h:
        return single
    tried = []
    for paired in (False, True):
        low, high = 0.0, 1.0
        if _height(_rows_at(items, paired, low)) > max_h:
            tried.append(_rows_at(items, paired, low))
            continue
        for _ in range(12):  # the largest scale that fits, by halving
            mid = (low + high) / 2
            low, high = (mid, high) if _height(_rows_at(items, paired, mid)) <= max_h else (low, mid)
        if paired or low >= SHRINK_LEAST:
            return _rows_at(items, paired, low)
        tried.append(_rows_at(items, paired, low))
    return min(tried, key=_height)


def compose(
    parts: Sequence[Part],
    board: Image.Image,
    board_texts: Texts,
    max_zoom: float = MAX_ZOOM,
    *,
    max_h: int | None = None,
    kept: int = 0,
    palette: Image.Image | None = None,
) -> Image.Image:
    """``parts`` top to bottom, each zoomed on its own (see the module docstring), at most
    ``max_h`` px tall when given (:func:`arrange`; the first ``kept`` parts, a header, keep
    their size), on the board's paper; ``board`` is the picture the crops are cut from,
    ``board_texts`` what was recorded while it was drawn (a :class:`TextIndex` of it, or the
    texts, filed here). With a ``palette`` (a ``P`` image, :mod:`render.palette`) each part is
    brought into it as it is zoomed and the picture is in it (one byte a pixel, the pixels the
    colour picture quantised whole would have: a pixel's colour alone chooses its entry).
    ``img.info["texts"]``: every text as shown."""
    room = MAX_W - 2 * MARGIN
    half = (room - GAP) // 2
    board_texts = indexed(board_texts)
    items = [
        Item(
            part, zoom, min(zoom, half / part.size[0]), zoom if k < kept else _floor(part, board_texts, zoom)
        )
        for k, found in enumerate(parts)
        for part, zoom in fit(found, board, board_texts, room, max_zoom)
    ]
    shown: list[tuple[list[tuple[Image.Image, list[Written]]], int]] = []
    for row in arrange(items, max_h):
        drawn_row = []
        for part, zoom in row:
            with recording() as drawn:  # the Drawn parts' words and the rings' badges, as painted
                img = _render(part, board, zoom)
            if palette is not None:
                img = quantise(img, palette=palette)
            if isinstance(part, Crop):
                ox, oy = part.box[0], part.box[1]
                drawn += [
                    Written(w.text, int(w.size * zoom), ((w.xy[0] - ox) * zoom, (w.xy[1] - oy) * zoom))
                    for w in texts_in(board_texts, part.box)
                ]
            drawn_row.append((img, drawn))
        row_w = sum(img.width for img, _ in drawn_row) + GAP * (len(drawn_row) - 1)
        shown.append((drawn_row, row_w))
    width = max(row_w for _, row_w in shown) + 2 * MARGIN
    heights = [max(img.height for img, _ in pictures) for pictures, _ in shown]
    height = sum(heights) + GAP * (len(shown) - 1) + 2 * MARGIN
    out = framed(width, height, palette)
    texts: list[Written] = []
    y = MARGIN
    for (pictures, row_w), row_h in zip(shown, heights, strict=True):
        x = (width - row_w) // 2
        for img, drawn in pictures:
            out.paste(img, (x, y))
            texts += [Written(w.text, w.size, (x + w.xy[0], y + w.xy[1])) for w in drawn]
            x += img.width + GAP
        y += row_h + GAP
    out.info["texts"] = texts
    return out
