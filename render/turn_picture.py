"""The turn picture: what the people called to act decide now, cut for a phone.

A phone shows a picture about 390 px wide. The board (1600 px) shrinks to a quarter there and
only its colours survive, so the message that calls someone to act carries a picture of its own:
a header naming the seats to act (their marks and names, as on the board), then the parts of the
board their decision is about (the same parts as their decision picture,
:mod:`render.decision_parts`, with the choices ringed) and their own area — all cut from the
*public* board (``rules.view(state, None)``, with its change marks): the picture is posted in
the channel, so it never shows what a seat hides.

Every part is zoomed on its own, as wide as the picture allows (at most :data:`MAX_W` px,
:data:`MAX_ZOOM` times) and at least as much as its smallest word needs to stand
:data:`MIN_TEXT` px high. The sizes come from :func:`render.text.recording`: the board is drawn
once while every text it draws is recorded (position and size), and a crop's smallest text is
the smallest recorded inside it. A picture taller than :data:`MAX_H` (a phone would push the
buttons under it off the screen) has its parts shrunk together, never under the zoom their
words need, or set two side by side where both read at half the width (:func:`_arrange`).
The picture keeps, in ``img.info["texts"]``, every text as it
is shown (:class:`render.text.Written` in the picture's own pixels), which the tests read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageStat

from render.colours import FRAME, INK, PAPER
from render.decision_parts import Crop, Drawn, Part, _render
from render.layout import truncate
from render.seats import seat_marker
from render.text import Written, draw_text, recording

__all__ = ["MAX_H", "MAX_W", "MIN_TEXT", "TURN_MODULES", "TurnParts", "compose", "draw_turn", "header"]

#: The widest picture (a phone shows it 390 px wide: 0.43 of its pixels).
MAX_W = 900
#: The smallest text: 18 px here is 7.8 px on a 390 px phone screen, the smallest a phone's
#: own interface uses, and 23 px at the 2× zoom of a tap.
MIN_TEXT = 18
#: Crops are enlarged at most this much (beyond it a crop gets only blurrier).
MAX_ZOOM = 2.6
#: The tallest picture: a phone shows it 390 px wide, so 1,400 px stand about 600 px high and
#: leave the buttons under it on the screen.
MAX_H = 1400
#: Parts shrunk to fit :data:`MAX_H` stay one under another down to this share of their size;
#: below it, two stand side by side where both read at half the width.
SHRINK_LEAST = 0.7
#: The text size of a ring's badge at zoom 1 (:func:`render.decision_parts._ring`).
RING_BADGE = 11
MARGIN, GAP = 12, 14
HEADER_H = 72
#: game id → the module whose ``turn_parts(view, seat, legal, lang, board)`` chooses the parts.
TURN_MODULES = {
    "cuba": "render.cuba_decision",
    "santiago": "render.santiago_decision",
    "goa": "render.goa_decision",
}


@dataclass(frozen=True)
class TurnParts:
    """What a title's module says of one turn: the parts, top to bottom, and the letters of the
    seats' markers where the board writes other letters than the seat numbers (Cuba's initials)."""

    parts: list[Part]
    marks: dict[str, str] | None = None


def _texts_in(texts: Sequence[Written], box: tuple[float, float, float, float]) -> list[Written]:
    x0, y0, x1, y1 = box
    return [w for w in texts if x0 <= w.xy[0] <= x1 and y0 <= w.xy[1] <= y1]


def _smallest(part: Part, board_texts: Sequence[Written]) -> int | None:
    """The size of the smallest text of ``part`` at zoom 1 (None: it has no words)."""
    if isinstance(part, Crop):
        inside = _texts_in(board_texts, part.box)
    else:
        with recording() as inside:
            part.paint(1.0)
    return min((w.size for w in inside), default=None)


def _zoom(part: Part, board_texts: Sequence[Written], room: int) -> float:
    """As wide as ``room`` allows (at most :data:`MAX_ZOOM`), and never so small that a word
    of the part stands under :data:`MIN_TEXT` px (then possibly wider than ``room``)."""
    zoom = min(MAX_ZOOM, room / part.size[0])
    smallest = _smallest(part, board_texts)
    if smallest is not None:
        zoom = max(zoom, MIN_TEXT / smallest * 1.001)
    return zoom


def _split_x(board: Image.Image, box: tuple[int, int, int, int], texts: Sequence[Written]) -> int:
    """Where to cut a crop in two: in its middle third, the pixel column that is most nearly one
    colour (the paper between two tiles, slots or cells) and holds no word's anchor."""
    x0, y0, x1, y1 = box
    anchors = [w.xy[0] for w in _texts_in(texts, box)]
    best, best_spread = (x0 + x1) // 2, float("inf")
    for x in range(x0 + (x1 - x0) // 3, x1 - (x1 - x0) // 3):
        if any(abs(x - a) < 10 for a in anchors):
            continue
        spread = sum(ImageStat.Stat(board.crop((x, y0, x + 1, y1))).stddev)
        if spread < best_spread:
            best, best_spread = x, spread
    return best


def _fit(part: Part, board: Image.Image, texts: Sequence[Written], room: int) -> list[tuple[Part, float]]:
    """``part`` with its zoom; a crop whose words need it wider than ``room`` is cut in two
    halves (:func:`_split_x`) shown one above the other, each with the rings on it."""
    zoom = _zoom(part, texts, room)
    if part.size[0] * zoom <= room + 1:
        return [(part, zoom)]
    if not isinstance(part, Crop) or part.size[0] < 80:
        raise ValueError(f"a part {part.size} cannot be read at {MAX_W} px: its words need zoom {zoom:.2f}")
    x0, y0, x1, y1 = part.box
    cut = _split_x(board, part.box, texts)
    halves = []
    for box in ((x0, y0, cut, y1), (cut, y0, x1, y1)):
        marks = tuple(m for m in part.marks if box[0] <= (m.box[0] + m.box[2]) / 2 < box[2])
        halves += _fit(Crop(box, marks), board, texts, room)
    return halves


def _floor(part: Part, board_texts: Sequence[Written], zoom: float) -> float:
    """The least zoom at which every word of ``part`` (and the badge of a ring on it) still
    stands :data:`MIN_TEXT` px high; a part without words may shrink to half its ``zoom``."""
    smallest = _smallest(part, board_texts)
    floor = zoom / 2 if smallest is None else MIN_TEXT / smallest * 1.001
    if any(mark.badge for mark in part.marks):
        floor = max(floor, MIN_TEXT / RING_BADGE * 1.001)
    return min(floor, zoom)


@dataclass(frozen=True)
class _Item:
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


def _rows_at(items: Sequence[_Item], paired: bool, scale: float) -> list[Row]:
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


def _arrange(items: Sequence[_Item]) -> list[Row]:
    """The items as tall as :data:`MAX_H` allows: one under another at their full zoom when that
    fits; else shrunk together (each never under its floor) as little as needed, one under
    another while that keeps them at least :data:`SHRINK_LEAST` of their size, else two side
    by side where both read at half width; the shortest of these when nothing fits."""
    single = _rows_at(items, False, 1.0)
    if _height(single) <= MAX_H:
        return single
    tried = []
    for paired in (False, True):
        low, high = 0.0, 1.0
        if _height(_rows_at(items, paired, low)) > MAX_H:
            tried.append(_rows_at(items, paired, low))
            continue
        for _ in range(12):  # the largest scale that fits, by halving
            mid = (low + high) / 2
            low, high = (mid, high) if _height(_rows_at(items, paired, mid)) <= MAX_H else (low, mid)
        if paired or low >= SHRINK_LEAST:
            return _rows_at(items, paired, low)
        tried.append(_rows_at(items, paired, low))
    return min(tried, key=_height)


def compose(
    parts: Sequence[Part], board: Image.Image, board_texts: Sequence[Written], kept: int = 0
) -> Image.Image:
    """``parts`` top to bottom, each zoomed on its own (see the module docstring), at most
    :data:`MAX_H` px tall (:func:`_arrange`; the first ``kept`` parts, the header, keep their
    size), on the board's paper; ``board`` is the picture the crops are cut from,
    ``board_texts`` what was recorded while it was drawn. ``img.info["texts"]``: every text as
    shown."""
    room = MAX_W - 2 * MARGIN
    half = (room - GAP) // 2
    items = [
        _Item(
            part, zoom, min(zoom, half / part.size[0]), zoom if k < kept else _floor(part, board_texts, zoom)
        )
        for k, found in enumerate(parts)
        for part, zoom in _fit(found, board, board_texts, room)
    ]
    shown: list[tuple[list[tuple[Image.Image, list[Written]]], int]] = []
    for row in _arrange(items):
        drawn_row = []
        for part, zoom in row:
            with recording() as drawn:  # the Drawn parts' words and the rings' badges, as painted
                img = _render(part, board, zoom)
            if isinstance(part, Crop):
                ox, oy = part.box[0], part.box[1]
                drawn += [
                    Written(w.text, int(w.size * zoom), ((w.xy[0] - ox) * zoom, (w.xy[1] - oy) * zoom))
                    for w in _texts_in(board_texts, part.box)
                ]
            drawn_row.append((img, drawn))
        row_w = sum(img.width for img, _ in drawn_row) + GAP * (len(drawn_row) - 1)
        shown.append((drawn_row, row_w))
    width = max(row_w for _, row_w in shown) + 2 * MARGIN
    heights = [max(img.height for img, _ in pictures) for pictures, _ in shown]
    height = sum(heights) + GAP * (len(shown) - 1) + 2 * MARGIN
    out = Image.new("RGB", (width, height), FRAME)
    ImageDraw.Draw(out).rounded_rectangle((3, 3, width - 4, height - 4), radius=14, fill=PAPER)
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


def header(
    seats: Sequence[str],
    names: dict[str, str],
    marks: dict[str, str] | None = None,
    width: int = MAX_W - 2 * MARGIN,
) -> Drawn:
    """The seats to act: each one's mark (colour, shape, letters as on the board: ``marks``, else
    the seat numbers) and name."""
    per = width / max(1, len(seats))

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(width * zoom), round(HEADER_H * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        px = round(36 * zoom)
        for k, seat in enumerate(seats):
            x = k * per * zoom
            mark = (marks or {}).get(seat)
            seat_marker(draw, seat, (x + 34 * zoom, HEADER_H / 2 * zoom), 27 * zoom, mark)
            name = truncate(names.get(seat, seat), px, round((per - 80) * zoom), bold=True)
            draw_text(draw, (x + 70 * zoom, HEADER_H / 2 * zoom), name, px, INK, True, "lm")
        return img

    return Drawn((width, HEADER_H), paint)


def draw_turn(
    game_id: str,
    view: dict[str, Any],
    seats: Sequence[str],
    legal: list[str],
    lang: str,
    draw_board: Callable[[dict[str, Any]], Image.Image],
) -> Image.Image | None:
    """The turn picture of ``seats`` (the people called, in order) deciding among ``legal`` (the
    first seat's actions, when they are public: they are its buttons), drawn from the public
    ``view``; None when nobody is called."""
    if not seats:
        return None
    module = importlib.import_module(TURN_MODULES[game_id])
    with recording() as board_texts:
        board = draw_board(view)
    found: TurnParts = module.turn_parts(view, list(seats), legal, lang, board)
    names = view.get("names") or {}
    return compose([header(seats, names, found.marks), *found.parts], board, board_texts, kept=1)
