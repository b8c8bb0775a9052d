"""The end-of-game summary picture, drawn from :func:`engine.summary.summarise`'s dict.

One picture in the boards' style, for a phone as much as for a desktop (1400 px wide, big text):

* a header: the game's title and the headline ("Ana wins!");
* a table of the final scores by category, one row per player in ranking order: the place (a
  crown for the winners, who also get a gold row), the seat's marker (colour and shape), the
  name, the robot icon for a computer player, the points of every category and the total;
* a line chart of every player's score at the end of each round: one line per seat in its
  colour with its shape as the markers (colour-blind players follow the shapes), the round
  numbers along the bottom, points up the side, and each line's marker and name at its end.

The only words are the ones ``summary["labels"]`` gives (in the reader's language); every text
goes through :mod:`render.text`'s helpers, so names in any script are drawn.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.colours import CARD, FAINT, FRAME, GOLD, INK, MUTED, PAPER, RED, WHITE
from render.faces import safe_text
from render.icons import paste_icon
from render.layers import panel
from render.layout import break_units, text_width, truncate, wrap
from render.png import encode_png
from render.seats import seat_colour, seat_index, seat_marker, seat_marks
from render.text import badge, draw_text

__all__ = ["WIDTH", "draw", "height", "png"]

WIDTH = 1400
MARGIN = 24
HEADER_H = 96
PAD = 18
TABLE_HEAD_H = 84
ROW_H = 74
NOTE_H = 44
CHART_H = 600
GAP = 18

PLACE_W = 76
TOTAL_W = 132
NAME_MIN_W = 290
CAT_MIN_W, CAT_MAX_W = 104, 136

NAME_SIZE = 30
NUMBER_SIZE = 32
HEAD_SIZE = 22
TOTAL_SIZE = 36

WIN_ROW = (252, 236, 178)
ROW_ALT = (246, 241, 230)
NEGATIVE = RED
TABLE_HEADER = (96, 120, 140)
CHART_HEADER = (86, 130, 112)
GRID = (222, 214, 198)

LINE_W = 5
#: Horizontal offset between the seats' points of one round, so equal scores stay visible.
SPREAD = 8
#: How much larger each marker under another one of equal points is drawn.
TIE_GROWTH = 6
MARKER_R = 12
LABEL_SIZE = 24


def height(summary: dict[str, Any]) -> int:
    """The picture's height for ``summary`` (its width is always :data:`WIDTH`)."""
    rows = len(summary["ranking"])
    note = (NOTE_H if summary.get("bots") else 0) + (NOTE_H if summary.get("hints") else 0)
    return MARGIN + HEADER_H + _table_h(rows) + note + GAP + CHART_H + MARGIN


def _table_h(rows: int) -> int:
    return PAD + TABLE_HEAD_H + rows * ROW_H + PAD


def draw(summary: dict[str, Any]) -> Image.Image:
    """The summary picture (RGB) of a :func:`engine.summary.summarise` dict."""
    h = height(summary)
    img = Image.new("RGB", (WIDTH, h), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, WIDTH - 7, h - 7), radius=18, fill=PAPER)
    _header(img, d, summary)
    y = MARGIN + HEADER_H
    y = _table(img, d, summary, y)
    _chart(d, summary, (MARGIN, y + GAP, WIDTH - MARGIN, y + GAP + CHART_H))
    return img


# --------------------------------------------------------------------------------------------
# Header


def _header(img: Image.Image, d: ImageDraw.ImageDraw, summary: dict[str, Any]) -> None:
    title = summary["title"].upper()
    x = MARGIN + 8
    cy = MARGIN + HEADER_H // 2 - 6
    title = truncate(title, 46, WIDTH // 2 - 2 * MARGIN, bold=True)
    draw_text(d, (x, cy), title, 46, INK, True, "lm")
    headline = summary["labels"]["headline"]
    right = WIDTH - MARGIN - 8
    room = WIDTH - MARGIN - x - text_width(title, 46, True) - 120
    size = next((s for s in (36, 32, 28) if text_width(headline, s, True) <= room), 28)
    headline = truncate(headline, size, room, bold=True)
    draw_text(d, (right, cy), headline, size, INK, True, "rm")
    paste_icon(img, "trophy", (right - text_width(headline, size, True) - 34, cy), 48)


# --------------------------------------------------------------------------------------------
# The table of scores by category


def _columns(categories: list[str]) -> tuple[int, int, int]:
    """(x of the name column, its width, the width of a category column)."""
    inner = WIDTH - 2 * MARGIN - 2 * PAD
    left = inner - PLACE_W - TOTAL_W
    k = len(categories)
    cat_w = CAT_MAX_W if k == 0 else max(CAT_MIN_W, min(CAT_MAX_W, (left - NAME_MIN_W) // k))
    name_w = left - k * cat_w
    return MARGIN + PAD + PLACE_W, name_w, cat_w


def _table(img: Image.Image, d: ImageDraw.ImageDraw, summary: dict[str, Any], y0: int) -> int:
    """Draw the table from ``y0``; returns the y below it (and below its note)."""
    ranking = summary["ranking"]
    categories = summary["categories"]
    labels = summary["labels"]
    box = (MARGIN, y0, WIDTH - MARGIN, y0 + _table_h(len(ranking)))
    panel(d, box, fill=CARD, header=TABLE_HEADER, header_height=TABLE_HEAD_H + PAD, radius=14)
    name_x, name_w, cat_w = _columns(categories)
    head_y = y0 + PAD + TABLE_HEAD_H // 2
    draw_text(
        d, (name_x + 6, head_y), truncate(labels["final"], 28, name_w - 12, True), 28, WHITE, True, "lm"
    )
    x = name_x + name_w
    for category in categories:
        _header_cell(d, labels.get(category, category), (x + cat_w / 2, head_y), cat_w - 10)
        x += cat_w
    draw_text(
        d,
        (x + TOTAL_W / 2, head_y),
        truncate(labels["total"], 26, TOTAL_W - 10, True),
        26,
        WHITE,
        True,
        "mm",
    )
    y = y0 + PAD + TABLE_HEAD_H
    for i, seat in enumerate(ranking):
        _row(img, d, summary, seat, y, i)
        y += ROW_H
    y = box[3]
    if summary.get("bots"):
        cy = y + NOTE_H // 2 + 2
        paste_icon(img, "robot", (MARGIN + 26, cy), 30)
        draw_text(
            d,
            (MARGIN + 50, cy),
            truncate("= " + labels["bot"], 24, WIDTH // 2, False),
            24,
            MUTED,
            False,
            "lm",
        )
        y += NOTE_H
    if summary.get("hints"):
        line = truncate(summary["labels"]["hints"], 24, WIDTH - 2 * MARGIN, False)
        draw_text(d, (MARGIN + 10, y + NOTE_H // 2 + 2), line, 24, MUTED, False, "lm")
        y += NOTE_H
    return y


def _header_cell(d: ImageDraw.ImageDraw, text: str, xy: tuple[float, float], width: float) -> None:
    """A category's name in the header: on one line if it fits at a size not much smaller, else
    on two lines broken between words, as large as fits."""
    lines, size = _fit_header(text, width)
    x, y = xy
    step = size + 4
    top = y - step * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        draw_text(d, (x, top + k * step), line, size, WHITE, True, "mm")


def _fit_header(text: str, width: float) -> tuple[list[str], int]:
    """(lines, size) for a header cell: one line at 22, 20 or 18 px; else two lines from 22 px
    down to 16; else whatever :func:`render.layout.wrap` makes of it at 16."""
    text = safe_text(text)
    for size in (HEAD_SIZE, HEAD_SIZE - 2, HEAD_SIZE - 4):
        if text_width(text, size, True) <= width:
            return [text], size
    for size in range(HEAD_SIZE, 15, -2):
        lines = _header_lines(text, size, width)
        if lines is not None:
            return lines, size
    return wrap(text, 16, int(width), lines=2, bold=True), 16


def _header_lines(text: str, size: int, width: float) -> list[str] | None:
    """``text`` in at most two lines of ``width`` px at ``size``, broken only between words
    (in Chinese and Japanese: between ideographs, a katakana word kept whole), or ``None`` when
    it does not fit so."""
    lines: list[str] = []
    for word, space in break_units(text, katakana=True):
        joined = lines[-1] + (" " if space else "") + word if lines else word
        if lines and text_width(joined, size, True) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    if len(lines) > 2 or any(text_width(line, size, True) > width for line in lines):
        return None
    return lines


def _row(
    img: Image.Image, d: ImageDraw.ImageDraw, summary: dict[str, Any], seat: str, y: int, i: int
) -> None:
    place = summary["places"][seat]
    winner = place == 1 and summary.get("finished", True)
    x0, x1 = MARGIN + 6, WIDTH - MARGIN - 6
    if winner:
        d.rounded_rectangle((x0, y + 3, x1, y + ROW_H - 3), radius=10, fill=WIN_ROW, outline=GOLD, width=2)
    elif i % 2:
        d.rectangle((x0, y + 3, x1, y + ROW_H - 3), fill=ROW_ALT)
    cy = y + ROW_H // 2
    px = MARGIN + PAD + PLACE_W // 2
    if winner:
        paste_icon(img, "crown", (px, cy), 46)
    else:
        badge(d, (px, cy), place, size=26, fill=MUTED)
    name_x, name_w, cat_w = _columns(summary["categories"])
    name = summary["names"].get(seat, seat)
    seat_marker(d, seat, (name_x + 24, cy), 22, _initial(summary, seat))
    text_x = name_x + 56
    bot = seat in summary.get("bots", ())
    room = name_w - 56 - (46 if bot else 10)
    shown = truncate(name, NAME_SIZE, room, bold=True)
    draw_text(d, (text_x, cy), shown, NAME_SIZE, INK, True, "lm")
    if bot:
        paste_icon(img, "robot", (text_x + text_width(shown, NAME_SIZE, True) + 24, cy), 34)
    x = name_x + name_w
    for category in summary["categories"]:
        points = summary["breakdown"][seat].get(category, 0)
        colour = MUTED if points == 0 else NEGATIVE if points < 0 else INK
        draw_text(d, (x + cat_w / 2, cy), str(points), NUMBER_SIZE, colour, False, "mm")
        x += cat_w
    d.line((x + 4, y + 12, x + 4, y + ROW_H - 12), fill=FAINT, width=2)
    draw_text(d, (x + TOTAL_W / 2, cy), str(summary["final"][seat]), TOTAL_SIZE, INK, True, "mm")


def _initial(summary: dict[str, Any], seat: str) -> str:
    """The marker's letters: the name's initial, never the same as another seat's
    (:func:`render.seats.seat_marks`)."""
    names = summary["names"]
    return seat_marks(names, sorted({*names, *summary["final"], seat}, key=seat_index))[seat]


# --------------------------------------------------------------------------------------------
# The chart of the score over the rounds


def _nice_step(span: int) -> int:
    """A tick step giving about 5 to 8 ticks over ``span`` points."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 8:
            return step
    return 10 ** len(str(span))


def _chart(d: ImageDraw.ImageDraw, summary: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    labels = summary["labels"]
    panel(d, box, fill=CARD, header=CHART_HEADER, header_height=56, radius=14)
    x0, y0, x1, y1 = box
    draw_text(d, (x0 + 22, y0 + 28), truncate(labels["chart"], 28, x1 - x0 - 44, True), 28, WHITE, True, "lm")
    rounds = summary["rounds"]
    series = summary["series"]
    values = [v for points in series.values() for v in points]
    low = min([0, *values])
    top = max([1, *values])
    step = _nice_step(top - low)
    low = math.floor(low / step) * step
    top = math.ceil(top / step) * step
    plot = (x0 + 96, y0 + 56 + 56, x1 - 270, y1 - 78)
    px0, py0, px1, py1 = plot

    def sx(k: int) -> float:
        return px0 + (px1 - px0) * (k / max(1, len(rounds) - 1)) if len(rounds) > 1 else (px0 + px1) / 2

    def sy(v: float) -> float:
        return py1 - (py1 - py0) * (v - low) / (top - low)

    for v in range(low, top + 1, step):
        y = sy(v)
        d.line((px0, y, px1, y), fill=GRID if v else FAINT, width=2)
        draw_text(d, (px0 - 24, y), str(v), 24, MUTED, False, "rm")
    for k, r in enumerate(rounds):
        d.line((sx(k), py1, sx(k), py1 + 8), fill=FAINT, width=2)
        draw_text(d, (sx(k), py1 + 24), str(r), 26, INK, True, "mm")
    draw_text(d, ((px0 + px1) / 2, y1 - 22), labels["round"], 24, MUTED, False, "mm")
    draw_text(d, (x0 + 22, py0 - 32), labels["points"], 22, MUTED, False, "lm")
    seats = list(summary["ranking"])
    order = sorted(seats, key=seat_index)
    spread = {s: (i - (len(order) - 1) / 2) * SPREAD for i, s in enumerate(order)}
    paths = {s: [(sx(k) + spread[s], sy(v)) for k, v in enumerate(series[s])] for s in seats}
    for s in reversed(seats):  # the winner's line on top
        d.line(paths[s], fill=INK, width=LINE_W + 4, joint="curve")
        d.line(paths[s], fill=seat_colour(s), width=LINE_W, joint="curve")
    _markers(d, seats, series, paths)
    _end_labels(d, summary, {s: paths[s][-1] for s in seats}, px1 + 40, (py0, py1))


def _markers(
    d: ImageDraw.ImageDraw,
    seats: list[str],
    series: dict[str, list[int]],
    paths: dict[str, list[tuple[float, float]]],
) -> None:
    """Every point's marker in its seat's shape. Seats with equal points in a round are drawn
    one inside the other, the first largest, so that each shape stays visible."""
    for k in range(len(series[seats[0]]) if seats else 0):
        by_value: dict[int, list[str]] = {}
        for s in reversed(seats):
            by_value.setdefault(series[s][k], []).append(s)
        for same in by_value.values():
            for j, s in enumerate(same):
                seat_marker(d, s, paths[s][k], MARKER_R + TIE_GROWTH * (len(same) - 1 - j), "")


def _end_labels(
    d: ImageDraw.ImageDraw,
    summary: dict[str, Any],
    ends: dict[str, tuple[float, float]],
    x: float,
    span: tuple[float, float],
) -> None:
    """Each line's marker and name beside its last point, pushed apart so none overlap."""
    gap = 34
    order = sorted(ends, key=lambda s: (ends[s][1], seat_index(s)))
    ys = [ends[s][1] for s in order]
    for i in range(1, len(ys)):
        ys[i] = max(ys[i], ys[i - 1] + gap)
    overflow = ys[-1] - span[1] if ys else 0
    if overflow > 0:
        ys = [y - overflow for y in ys]
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - gap)
    for s, y in zip(order, ys, strict=True):
        ex, ey = ends[s]
        d.line((ex + MARKER_R, ey, x + 2, y), fill=FAINT, width=2)
        name = summary["names"].get(s, s)
        seat_marker(d, s, (x + 16, y), 14, _initial(summary, s))
        draw_text(
            d,
            (x + 38, y),
            truncate(name, LABEL_SIZE, WIDTH - MARGIN - x - 50, True),
            LABEL_SIZE,
            INK,
            True,
            "lm",
        )


# --------------------------------------------------------------------------------------------
# PNG (what ``render.summary(summary)`` returns)


def png(summary: dict[str, Any]) -> bytes:
    """The summary picture as PNG bytes (a small palette PNG, like the boards)."""
    return encode_png(draw(summary))
