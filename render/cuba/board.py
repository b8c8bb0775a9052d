"""The Cuba board picture, drawn from ``RULES.view(state, None)`` only (never from raw state).

One picture shows the whole table: round, phase and start player on top; the market, the
harbour and the parliament (statutes in force, this round's proposals) in the first band; the
building tiles still available and the black-marker spaces in the second; one panel per player
with score, pesos, characters, bid, plantation (fields, buildings, figure, warehouse) and
farmyard. It is language-neutral: icons, numbers, seat colours *and* shapes, buildings as a
pictogram of their effect (each building's differs), and the players' names in whatever script
they are written (see :mod:`render.faces`). Words only appear in the building legend
(:func:`render.cuba.legend.draw_legend`), in the reader's language.

The static parts (frame, section and panel cards, the market's pieces) are drawn once per seat
count and copied per turn (:func:`render.layers.cached_layer`); each game's plantation fields are
pasted on the copy from field images drawn once per kind and width, and building tiles and
statute cards are drawn once per card and pasted (:func:`render.layers.card`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.cuba.data import BUILDINGS, CHARACTERS, STATUTES
from engine.cuba.rules.common import field_name
from render import layers, marks
from render.colours import (
    CARD,
    FAINT,
    FRAME,
    GOLD,
    GOLD_DARK,
    GREEN,
    INK,
    MUTED,
    OUTLINE,
    PAPER,
    PAPER_DARK,
    SEA_DARK,
    WHITE,
    rgb,
)
from render.goods import line_width
from render.icons import note, paste_icon, register_icon, rounded
from render.layout import player_name, text_width, truncate
from render.paste import paste
from render.phone_layout import header
from render.seats import SEAT_TEXT, seat_colour, seat_index, seat_marker, seat_marks
from render.shapes import rounded_rect
from render.text import badge, draw_text, text_centered, text_outlined

WIDTH = 1600
MARGIN = 16
GAP = 12
HEADER_H = 60
TOP_Y = HEADER_H + 8
TOP_H = 404
MID_Y = TOP_Y + TOP_H + GAP
MID_H = 150
PLAYERS_Y = MID_Y + MID_H + GAP
PLAYER_H = 452
HEIGHT = PLAYERS_Y + PLAYER_H + MARGIN
MAX_PANEL_W = 520

CARGO = ("citrus", "sugar", "tobacco", "rum", "cigar")
RESOURCES = ("wood", "stone", "water")
PIECE_ORDER = CARGO + RESOURCES
CHARACTER_ORDER = tuple(CHARACTERS)  # worker, trader, architect, foreman, mayor

#: Field colours of the plantation and the piece each field yields.
FIELD_COLOURS: dict[str, tuple[int, int, int]] = {
    "WH": (201, 170, 126),
    "L": (132, 190, 230),
    "M": (176, 170, 162),
    "F": (110, 160, 92),
    "C": (250, 206, 120),
    "S": (226, 232, 196),
    "T": (172, 196, 120),
}
FIELD_ICON = {"L": "water", "M": "stone", "F": "wood", "C": "citrus", "S": "sugar", "T": "tobacco"}

#: Tile colour by effect family, so similar buildings look alike.
EFFECT_COLOURS: dict[str, tuple[int, int, int]] = {
    "convert_vp": (214, 196, 236),
    "vp": (252, 230, 150),
    "ship": (176, 214, 240),
    "sell": (190, 226, 184),
    "pesos": (246, 214, 140),
    "transform": (230, 196, 170),
    "exchange": (214, 214, 214),
    "veto": (245, 245, 245),
    "gain": (176, 220, 240),
    "votes": (240, 190, 190),
    "lighthouse": (180, 226, 220),
    "store": (222, 200, 164),
}
GROUP_COLOURS = {"I": (236, 200, 120), "II": (170, 206, 150), "III": (160, 196, 232), "IV": (214, 176, 222)}
#: Black-marker spaces: (character, reward icon, reward number) in board order.
MARKER_SPACES: dict[str, tuple[str, str, int | None]] = {
    "trader_resource": ("trader", "resource", None),
    "trader_product": ("trader", "product", None),
    "architect_2vp": ("architect", "star", 2),
    "architect_1vp": ("architect", "star", 1),
    "mayor_4": ("mayor", "coin", 4),
    "mayor_2": ("mayor", "coin", 2),
}
#: Steps of the action phase that belong to a character being played.
STEP_CHARACTER: dict[str, str] = {
    "worker_move": "worker",
    "worker_fields": "worker",
    "trader": "trader",
    "architect": "architect",
    "foreman": "foreman",
    "veto": "foreman",
    "mayor": "mayor",
}
PHASES = ("setup", "actions", "parliament", "statutes", "over")
PHASE_ICONS = {
    "setup": "house",
    "actions": "cards",
    "parliament": "ballot",
    "statutes": "scroll",
    "over": "trophy",
}


# ------------------------------------------------------------------------------------------
# Cuba's own icons (on top of the shared goods)


@register_icon("product")
def _product(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Any product: the octagonal product piece, in three product colours."""
    pts = [
        (
            s * (0.5 + 0.44 * math.cos(math.pi / 8 + i * math.pi / 4)),
            s * (0.5 + 0.44 * math.sin(math.pi / 8 + i * math.pi / 4)),
        )
        for i in range(8)
    ]
    draw.polygon(pts, fill=(250, 206, 120), outline=OUTLINE, width=line_width(s))
    draw.pieslice((s * 0.2, s * 0.2, s * 0.8, s * 0.8), 90, 210, fill=(236, 232, 200))
    draw.pieslice((s * 0.2, s * 0.2, s * 0.8, s * 0.8), 210, 330, fill=(120, 170, 70))
    draw.pieslice((s * 0.2, s * 0.2, s * 0.8, s * 0.8), 330, 450, fill=(247, 160, 28))


@register_icon("good")
def _good(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Any good: half bottle, half cigar box."""
    w = line_width(s)
    rounded(draw, s, (0.1, 0.3, 0.9, 0.9), 0.1, (122, 72, 36), w)
    rounded(draw, s, (0.1, 0.3, 0.5, 0.9), 0.1, (178, 34, 34), w)
    draw.rectangle((s * 0.22, s * 0.1, s * 0.38, s * 0.3), fill=(178, 34, 34), outline=OUTLINE, width=w)


@register_icon("market")
def _market(draw: ImageDraw.ImageDraw, s: int) -> None:
    """A market stall: striped awning over a counter."""
    w = line_width(s)
    draw.rectangle((s * 0.12, s * 0.42, s * 0.88, s * 0.92), fill=(235, 220, 190), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.12, s * 0.62, s * 0.88, s * 0.74), fill=(150, 100, 60), outline=OUTLINE, width=w)
    for k in range(4):
        fill = (200, 50, 40) if k % 2 == 0 else WHITE
        draw.polygon(
            [
                (s * (0.06 + 0.22 * k), s * 0.14),
                (s * (0.28 + 0.22 * k), s * 0.14),
                (s * (0.28 + 0.22 * k), s * 0.42),
                (s * (0.06 + 0.22 * k), s * 0.42),
            ],
            fill=fill,
            outline=OUTLINE,
        )


@register_icon("cards")
def _cards(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    rounded(draw, s, (0.08, 0.16, 0.58, 0.9), 0.06, (230, 220, 200), w)
    rounded(draw, s, (0.4, 0.06, 0.92, 0.8), 0.06, WHITE, w)
    draw.ellipse((s * 0.56, s * 0.3, s * 0.76, s * 0.5), fill=(200, 60, 50))


@register_icon("ballot")
def _ballot(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.3, s * 0.04, s * 0.7, s * 0.46), fill=WHITE, outline=OUTLINE, width=w)
    draw.line((s * 0.38, s * 0.24, s * 0.48, s * 0.34, s * 0.62, s * 0.14), fill=(46, 140, 70), width=w * 2)
    draw.rectangle((s * 0.08, s * 0.4, s * 0.92, s * 0.94), fill=(70, 110, 170), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.26, s * 0.38, s * 0.74, s * 0.46), fill=OUTLINE)


@register_icon("scroll")
def _scroll(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.18, s * 0.1, s * 0.82, s * 0.9), fill=(250, 240, 210), outline=OUTLINE, width=w)
    for y in (0.3, 0.45, 0.6, 0.75):
        draw.line((s * 0.3, s * y, s * 0.7, s * y), fill=(150, 130, 100), width=w)
    rounded(draw, s, (0.1, 0.04, 0.9, 0.16), 0.06, (200, 160, 100), w)
    rounded(draw, s, (0.1, 0.84, 0.9, 0.96), 0.06, (200, 160, 100), w)


@register_icon("worker")
def _worker(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.line((s * 0.3, s * 0.9, s * 0.72, s * 0.12), fill=(130, 86, 44), width=w * 2)
    draw.polygon(
        [(s * 0.14, s * 0.62), (s * 0.4, s * 0.72), (s * 0.3, s * 0.98), (s * 0.06, s * 0.9)],
        fill=(160, 160, 170),
        outline=OUTLINE,
    )


@register_icon("trader")
def _trader(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.line((s * 0.5, s * 0.1, s * 0.5, s * 0.88), fill=OUTLINE, width=w * 2)
    draw.line((s * 0.12, s * 0.24, s * 0.88, s * 0.24), fill=OUTLINE, width=w * 2)
    draw.rectangle((s * 0.3, s * 0.86, s * 0.7, s * 0.94), fill=OUTLINE)
    for x in (0.2, 0.8):
        draw.line((s * x, s * 0.24, s * (x - 0.12), s * 0.56), fill=OUTLINE, width=w)
        draw.line((s * x, s * 0.24, s * (x + 0.12), s * 0.56), fill=OUTLINE, width=w)
        draw.chord(
            (s * (x - 0.18), s * 0.4, s * (x + 0.18), s * 0.7),
            0,
            180,
            fill=GOLD,
            outline=OUTLINE,
            width=w,
        )


@register_icon("architect")
def _architect(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.line((s * 0.2, s * 0.9, s * 0.62, s * 0.34), fill=(130, 86, 44), width=w * 2)
    rounded(draw, s, (0.38, 0.08, 0.94, 0.34), 0.05, (150, 150, 160), w)


@register_icon("foreman")
def _foreman(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    pts = []
    for i in range(16):
        r = 0.46 if i % 2 == 0 else 0.34
        a = 2 * math.pi * i / 16
        pts.append((s * (0.5 + r * math.cos(a)), s * (0.5 + r * math.sin(a))))
    draw.polygon(pts, fill=(140, 150, 170), outline=OUTLINE, width=w)
    draw.ellipse((s * 0.36, s * 0.36, s * 0.64, s * 0.64), fill=WHITE, outline=OUTLINE, width=w)


@register_icon("mayor")
def _mayor(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.28, s * 0.12, s * 0.72, s * 0.72), fill=(50, 50, 60), outline=OUTLINE, width=w)
    draw.rectangle((s * 0.28, s * 0.56, s * 0.72, s * 0.66), fill=(190, 40, 40))
    rounded(draw, s, (0.06, 0.7, 0.94, 0.86), 0.06, (50, 50, 60), w)


@register_icon("start")
def _start(draw: ImageDraw.ImageDraw, s: int) -> None:
    """The start-player card: a flag."""
    w = line_width(s)
    draw.line((s * 0.22, s * 0.06, s * 0.22, s * 0.96), fill=OUTLINE, width=w * 2)
    draw.polygon(
        [(s * 0.26, s * 0.08), (s * 0.92, s * 0.28), (s * 0.26, s * 0.5)],
        fill=(220, 50, 40),
        outline=OUTLINE,
    )


@register_icon("sun")
def _sun(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    for i in range(8):
        a = math.pi * i / 4
        draw.line(
            (
                s * (0.5 + 0.3 * math.cos(a)),
                s * (0.5 + 0.3 * math.sin(a)),
                s * (0.5 + 0.47 * math.cos(a)),
                s * (0.5 + 0.47 * math.sin(a)),
            ),
            fill=(230, 140, 20),
            width=w * 2,
        )
    draw.ellipse((s * 0.26, s * 0.26, s * 0.74, s * 0.74), fill=(250, 200, 40), outline=OUTLINE, width=w)


@register_icon("field")
def _field(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    draw.rectangle((s * 0.08, s * 0.08, s * 0.92, s * 0.92), fill=(172, 196, 120), outline=OUTLINE, width=w)
    for y in (0.3, 0.5, 0.7):
        draw.line((s * 0.18, s * y, s * 0.82, s * y), fill=(90, 120, 50), width=w)


@register_icon("swap")
def _swap(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 10)
    draw.line((s * 0.1, s * 0.34, s * 0.86, s * 0.34), fill=OUTLINE, width=w)
    draw.polygon([(s * 0.9, s * 0.34), (s * 0.66, s * 0.18), (s * 0.66, s * 0.5)], fill=OUTLINE)
    draw.line((s * 0.14, s * 0.68, s * 0.9, s * 0.68), fill=OUTLINE, width=w)
    draw.polygon([(s * 0.1, s * 0.68), (s * 0.34, s * 0.52), (s * 0.34, s * 0.84)], fill=OUTLINE)


@register_icon("arrow")
def _arrow(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 8)
    draw.line((s * 0.1, s * 0.5, s * 0.7, s * 0.5), fill=(70, 66, 60), width=w)
    draw.polygon([(s * 0.95, s * 0.5), (s * 0.6, s * 0.24), (s * 0.6, s * 0.76)], fill=(70, 66, 60))


@register_icon("cuba_palm")
def _palm(draw: ImageDraw.ImageDraw, s: int) -> None:
    """The game's emblem in the header: a royal palm on an island (a picture, not a word)."""
    w = line_width(s)
    outline = (40, 34, 30, 255)
    draw.chord(
        (s * 0.02, s * 0.78, s * 0.98, s * 1.22), 180, 360, fill=(226, 200, 140), outline=outline, width=w
    )
    trunk = [(s * 0.47, s * 0.86), (s * 0.44, s * 0.62), (s * 0.48, s * 0.36), (s * 0.53, s * 0.24)]
    draw.line(trunk, fill=outline, width=w * 4, joint="curve")
    draw.line(trunk, fill=(150, 110, 70), width=w * 2, joint="curve")
    cx, cy = s * 0.53, s * 0.24
    for angle in (200, 240, 290, 330, 15):
        a = math.radians(angle)
        tip = (cx + s * 0.42 * math.cos(a), cy - s * 0.2 * math.sin(a) + s * 0.14)
        mid = (cx + s * 0.24 * math.cos(a), cy - s * 0.3 * math.sin(a) - s * 0.04)
        draw.polygon([(cx, cy), mid, tip, (mid[0], mid[1] + s * 0.1)], fill=(70, 150, 70), outline=outline)


@register_icon("wave")
def _wave(draw: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 12)
    for y in (0.35, 0.65):
        for x in (0.0, 0.33, 0.66):
            draw.arc(
                (s * x, s * (y - 0.12), s * (x + 0.34), s * (y + 0.12)), 180, 360, fill=SEA_DARK, width=w
            )


# ------------------------------------------------------------------------------------------
# Layout


@dataclass(frozen=True)
class Layout:
    """Where things go for a table of ``seats`` players (everything else is fixed)."""

    seats: int
    panel_w: int
    panels_x0: int

    def panel_box(self, i: int) -> tuple[int, int, int, int]:
        x0 = self.panels_x0 + i * (self.panel_w + GAP)
        return (x0, PLAYERS_Y, x0 + self.panel_w, PLAYERS_Y + PLAYER_H)


def layout_for(seat_count: int) -> Layout:
    avail = WIDTH - 2 * MARGIN
    pw = min(MAX_PANEL_W, (avail - (seat_count - 1) * GAP) // seat_count)
    total = seat_count * pw + (seat_count - 1) * GAP
    return Layout(seat_count, pw, MARGIN + (avail - total) // 2)


MARKET_BOX = (MARGIN, TOP_Y, MARGIN + 428, TOP_Y + TOP_H)
HARBOUR_BOX = (MARKET_BOX[2] + GAP, TOP_Y, MARKET_BOX[2] + GAP + 392, TOP_Y + TOP_H)
PARLIAMENT_BOX = (HARBOUR_BOX[2] + GAP, TOP_Y, WIDTH - MARGIN, TOP_Y + TOP_H)
BUILDINGS_BOX = (MARGIN, MID_Y, 1196, MID_Y + MID_H)
MARKERS_BOX = (BUILDINGS_BOX[2] + GAP, MID_Y, WIDTH - MARGIN, MID_Y + MID_H)

MARKET_ROW_H = 58
MARKET_CELL = 54
MARKET_LADDER_X = MARKET_BOX[0] + 76
MARKET_ROWS_Y = MARKET_BOX[1] + 56

GRID_PAD = 12
PLAYER_HEADER_H = 46
STATS_Y = 54  # offsets inside a player panel
CHARS_Y = 100
GRID_Y = 194  # below the strip of column letters
CELL_H = 60
#: The plantation's labels (engine.cuba.rules.common.field_name): column letters in a strip above the
#: grid, row numbers in a gutter on its left, as the buttons and log lines name the fields.
LABEL_STRIP = 16


def _section_title(img: Image.Image, box: tuple[int, int, int, int], icon_name: str) -> None:
    """The icon that names a section, in its top-left corner."""
    paste_icon(img, icon_name, (box[0] + 28, box[1] + 26), 34)


# ------------------------------------------------------------------------------------------
# Static base


def _grid_geometry(layout: Layout, i: int) -> tuple[int, int, int]:
    """(x0, y0, cell width) of player ``i``'s plantation grid."""
    x0, y0, x1, _ = layout.panel_box(i)
    cell_w = (x1 - x0 - 2 * GRID_PAD - LABEL_STRIP) // 4
    return x0 + GRID_PAD + LABEL_STRIP, y0 + GRID_Y, cell_w


def _build_base(layout: Layout) -> Image.Image:
    """What every table of ``layout.seats`` players shows, whatever the game: the section cards
    and the player panels. The plantation fields differ from game to game: :func:`_draw_fields`
    pastes them on the copy, so one base serves every game of that many players."""
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    draw = ImageDraw.Draw(img)
    rounded_rect(draw, (6, 6, WIDTH - 7, HEIGHT - 7), radius=18, fill=PAPER)
    # Market: section card and the piece of each row (the ladders change every turn).
    layers.panel(draw, MARKET_BOX)
    _section_title(img, MARKET_BOX, "coin")
    for r, piece in enumerate(CARGO):
        y = MARKET_ROWS_Y + r * MARKET_ROW_H
        paste_icon(img, piece, (MARKET_BOX[0] + 38, y + MARKET_ROW_H / 2), 42)
    # Harbour.
    layers.panel(draw, HARBOUR_BOX, fill=(226, 238, 244))
    _section_title(img, HARBOUR_BOX, "ship")
    # Parliament.
    layers.panel(draw, PARLIAMENT_BOX)
    _section_title(img, PARLIAMENT_BOX, "ballot")
    # Buildings and black markers.
    layers.panel(draw, BUILDINGS_BOX)
    _section_title(img, BUILDINGS_BOX, "house")
    layers.panel(draw, MARKERS_BOX)
    # Player panels (their plantation fields come with each game).
    for i in range(layout.seats):
        layers.panel(draw, layout.panel_box(i))
    return img


@lru_cache(maxsize=64)
def _field_image(field: str, cw: int) -> Image.Image:
    """One plantation field, ``cw`` px wide with its outline on all four sides (cached: there
    are a dozen kinds of field and a few widths)."""
    img = Image.new("RGB", (cw + 1, CELL_H + 1))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, cw, CELL_H), fill=FIELD_COLOURS[field], outline=(120, 110, 96), width=2)
    name = FIELD_ICON.get(field, "house")
    size = 36 if field in FIELD_ICON else 26
    cx = cw / 2 if field in FIELD_ICON else 18
    cy = CELL_H / 2 if field in FIELD_ICON else 17
    paste_icon(img, name, (cx, cy), size, 0.85)
    return img


def _draw_fields(img: Image.Image, layout: Layout, layouts: tuple[tuple[tuple[str, ...], ...], ...]) -> None:
    """Every player's plantation fields, row by row (a field's outline covers its left and top
    neighbours' right and bottom edges, as when they were drawn one after the other), with the
    column letters and row numbers that name them."""
    draw = ImageDraw.Draw(img)
    for i, fields in enumerate(layouts):
        gx, gy, cw = _grid_geometry(layout, i)
        for r, row in enumerate(fields):
            for col, field in enumerate(row):
                paste(img, _field_image(field, cw), (gx + col * cw, gy + r * CELL_H))
        _draw_field_labels(draw, gx, gy, cw, len(fields), len(fields[0]) if fields else 0)


def column_letters(cols: int) -> list[str]:
    """The letters above a plantation's columns, left to right (engine.cuba.rules.common.field_name)."""
    return [field_name(0, col)[0] for col in range(cols)]


def row_numbers(rows: int) -> list[str]:
    """The numbers left of a plantation's rows, top to bottom (engine.cuba.rules.common.field_name)."""
    return [field_name(row, 0)[1:] for row in range(rows)]


def _draw_field_labels(draw: ImageDraw.ImageDraw, gx: int, gy: int, cw: int, rows: int, cols: int) -> None:
    """Column letters above a plantation grid and row numbers on its left: together the names
    (``B2``) the buttons and log lines give the fields."""
    for col, letter in enumerate(column_letters(cols)):
        text_centered(
            draw, (gx + col * cw + cw / 2, gy - LABEL_STRIP / 2 - 1), letter, 15, fill=MUTED, bold=True
        )
    for row, number in enumerate(row_numbers(rows)):
        y = gy + row * CELL_H + CELL_H / 2
        text_centered(draw, (gx - LABEL_STRIP / 2 - 1, y), number, 15, fill=MUTED, bold=True)


# ------------------------------------------------------------------------------------------
# Dynamic parts


def _seat_label(view: dict[str, Any], seat: str, max_w: int, size: int) -> tuple[str, str]:
    """(initial for the marker, name to write), from ``view["names"]`` when the bot gives names.

    The fonts cover Latin, Greek, Cyrillic, Chinese, Japanese and Korean; what none has (emoji…)
    is dropped. A name with nothing left is not written and the seat's marker (its shape and
    number) stands for it; the marker's letters are :func:`seat_mark`."""
    name = player_name(view, seat)
    mark = seat_mark(view, seat)
    return mark, truncate(name, size, max_w, bold=True) if name else ""


def seat_mark(view: dict[str, Any], seat: str) -> str:
    """The letters on ``seat``'s marker: its name's initial, never the same as another seat's
    (:func:`render.seats.seat_marks`: "Cy" and "Computer 1" are Cy and Co)."""
    seats = list(view["seats"])
    return seat_marks({s: player_name(view, s) for s in seats}, seats)[seat]


def active_character(view: dict[str, Any]) -> str | None:
    """The character whose action is being carried out now, if any."""
    if view.get("phase") != "actions" or not view.get("current"):
        return None
    step = view.get("step", "")
    if step in STEP_CHARACTER:
        return STEP_CHARACTER[step]
    return step if step in CHARACTERS else None


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    paste_icon(img, "cuba_palm", (MARGIN + 40, HEADER_H / 2 + 2), 52)
    # Round track.
    note("cuba_rounds")
    x = 170
    for rnd in range(1, int(view.get("rounds", 6)) + 1):
        cur = rnd == view["round"]
        past = rnd < view["round"] or view["phase"] == "over"
        fill = GOLD if cur else (FAINT if past else CARD)
        draw.ellipse((x, 14, x + 36, 50), fill=fill, outline=INK if cur else MUTED, width=3 if cur else 2)
        text_centered(draw, (x + 18, 32), str(rnd), 20, fill=INK if cur or not past else MUTED, bold=True)
        x += 44
    # Phase track.
    x += 24
    for phase in PHASES:
        cur = view["phase"] == phase
        if cur:
            rounded_rect(draw, (x - 4, 8, x + 48, 56), radius=10, fill=GOLD, outline=INK, width=2)
        paste_icon(img, PHASE_ICONS[phase], (x + 22, 32), 38, 1.0 if cur else 0.35)
        x += 60
    x += 20
    result = view.get("result")
    if result:
        # Final ranking: place, seat, score.
        places = result.get("places") or {}
        for seat in result.get("ranking", []):
            place = places.get(seat)
            text_centered(draw, (x + 10, 32), str(place), 22, fill=MUTED, bold=True)
            initial, _ = _seat_label(view, seat, 100, 18)
            seat_marker(draw, seat, (x + 40, 32), 18, initial)
            draw_text(draw, (x + 64, 32), str(result["scores"].get(seat, "")), 26, INK, True, "lm")
            x += 118
    # Whom we wait for.
    waiting = view.get("to_act") or []
    if waiting:
        paste_icon(img, "hourglass", (x + 16, 32), 34)
        x += 42
        for seat in waiting:
            initial, _ = _seat_label(view, seat, 100, 18)
            seat_marker(draw, seat, (x + 18, 32), 18, initial)
            x += 44
    # Current character being played.
    step = active_character(view)
    if step:
        x += 16
        paste_icon(img, "arrow", (x + 14, 32), 28)
        _character_chip(img, draw, (x + 36, 10, x + 84, 54), step, "active")
    # Start player, at the right.
    sp = view.get("start_player")
    if sp:
        initial, _ = _seat_label(view, sp, 100, 18)
        paste_icon(img, "start", (WIDTH - 100, 32), 38)
        seat_marker(draw, sp, (WIDTH - 58, 32), 20, initial)


def _draw_market(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, _ = MARKET_BOX
    supply = view.get("supply", {})
    note("cuba_prices")
    for r, piece in enumerate(CARGO):
        row = view["market"][piece]
        y = MARKET_ROWS_Y + r * MARKET_ROW_H
        cy = y + MARKET_ROW_H / 2
        for k, price in enumerate(row["ladder"]):
            cx = MARKET_LADDER_X + k * MARKET_CELL + MARKET_CELL / 2
            box = (cx - 24, cy - 25, cx + 24, cy + 25)
            filled = k < row["count"]
            is_buy = filled and k == row["count"] - 1
            is_sell = not filled and k == row["count"]
            outline = GOLD_DARK if is_buy else (GREEN if is_sell else FAINT)
            rounded_rect(
                draw,
                box,
                radius=8,
                fill=(250, 246, 236) if not filled else (255, 255, 255),
                outline=outline,
                width=4 if (is_buy or is_sell) else 2,
            )
            if filled:
                paste_icon(img, piece, (cx, cy - 4), 34)
                text_outlined(draw, (cx + 13, cy + 13), str(price), 20, fill=WHITE, outline=INK, width=3)
            else:
                text_centered(draw, (cx, cy), str(price), 24, fill=GREEN if is_sell else MUTED, bold=True)
        # Supply left of this piece.
        sx = MARKET_LADDER_X + 5 * MARKET_CELL + 32
        rounded_rect(draw, (sx - 24, cy - 15, sx + 24, cy + 15), radius=15, fill=PAPER_DARK)
        text_centered(draw, (sx, cy), str(supply.get(piece, 0)), 18, fill=INK, bold=True)
    # Resources in the supply.
    y = MARKET_ROWS_Y + 5 * MARKET_ROW_H + 6
    draw.line((x0 + 14, y, x1 - 14, y), fill=FAINT, width=2)
    x = x0 + 40
    for piece in RESOURCES:
        paste_icon(img, piece, (x, y + 30), 34)
        text_centered(draw, (x + 38, y + 30), str(supply.get(piece, 0)), 20, bold=True)
        x += 96
    # Column label for the supply counts: a heap.
    sx = MARKET_LADDER_X + 5 * MARKET_CELL + 32
    paste_icon(img, "resource", (sx - 8, y0 + 30), 22)
    paste_icon(img, "product", (sx + 10, y0 + 30), 22)


def _ship(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    ship: dict[str, Any] | None,
    x: int,
    y: int,
    faded: bool = False,
) -> None:
    """A ship card at (x, y): hull with five cargo spaces."""
    w, h = 300, 62
    if ship is None:
        rounded_rect(draw, (x, y, x + w, y + h), radius=14, outline=(150, 180, 200), width=2)
        return
    hull = (112, 72, 44) if not faded else (150, 124, 104)
    draw.polygon([(x, y + 6), (x + w, y + 6), (x + w - 26, y + h), (x + 26, y + h)], fill=hull, outline=INK)
    for k, space in enumerate(ship["spaces"]):
        cx = x + 34 + k * 58
        cy = y + 32
        if space["filled"]:
            draw.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=WHITE, outline=INK, width=2)
            paste_icon(img, space["type"], (cx, cy), 36)
        else:
            draw.ellipse(
                (cx - 24, cy - 24, cx + 24, cy + 24), fill=(84, 56, 36), outline=(60, 40, 26), width=2
            )
            draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=(128, 96, 70))
            paste_icon(img, space["type"], (cx, cy), 26, 0.8)


def _draw_harbour(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, _ = HARBOUR_BOX
    harbour = view["harbour"]
    y = y0 + 54
    for berth in harbour["berths"]:
        paste_icon(img, "star", (x0 + 34, y + 31), 50)
        text_outlined(draw, (x0 + 34, y + 34), str(berth["vp"]), 22, fill=INK, outline=WHITE, width=3)
        _ship(img, draw, berth["ship"], x0 + 66, y)
        y += 78
    # The sea: next ship and the deck.
    rounded_rect(draw, (x0 + 10, y - 4, x1 - 10, y + 112), radius=12, fill=(200, 224, 238))
    paste_icon(img, "wave", (x0 + 34, y + 31), 44)
    _ship(img, draw, harbour.get("sea"), x0 + 66, y, faded=True)
    # Deck: a small stack of cards with the count.
    dy = y + 74
    for k in range(3):
        rounded_rect(
            draw,
            (x0 + 66 + k * 4, dy - k * 3, x0 + 106 + k * 4, dy + 28 - k * 3),
            radius=5,
            fill=(70, 110, 150),
            outline=WHITE,
            width=2,
        )
    text_centered(draw, (x0 + 146, dy + 12), f"×{harbour.get('deck_count', 0)}", 22, bold=True)


def _statute_tokens(statute: dict[str, Any]) -> list[tuple[str, str | None]]:
    """The statute as a row of (icon, number) tokens; ``("=", None)`` is the arrow."""
    data = STATUTES.get(statute["id"], {})
    group = statute["group"]
    if group == "I":
        if "per_building" in data:
            return [("coin", str(data["per_building"])), ("house", "×"), ("=", None), ("star", "2")]
        return [("coin", str(data["tax"])), ("=", None), ("star", "2")]
    if group == "II":
        tokens: list[tuple[str, str | None]] = []
        for piece, n in data.get("duty", {}).items():
            name = {"any_resource": "resource", "any_product": "product"}.get(piece, piece)
            tokens.append((name, str(n) if n > 1 else None))
        return [*tokens, ("=", None), ("star", "2")]
    if group == "III":
        what = {
            "buildings": ("house", None),
            "resource_fields": ("resource", None),
            "product_fields": ("field", None),
            "water": ("water", None),
            "card_votes": ("ballot", None),
            "per_3_pesos": ("coin", "3"),
        }.get(data.get("subsidy", ""), ("field", None))
        tokens = [("star", "1"), ("=", None), what]
        if data.get("cap"):
            tokens.append(("max", str(data["cap"])))
        return tokens
    special = data.get("special")
    if special == "market":
        sign = "+" if data.get("change", 0) > 0 else "–"
        return [("market", None), ("product", f"{sign}{abs(data.get('change', 0))}")]
    if special == "drought":
        return [("sun", None), ("worker", None), ("product", "1")]
    if special == "building":
        return [("architect", None), ("coin", "+2")]
    if special == "harbour":
        return [("ship", None), ("arrow", None)]
    if special == "corruption":
        return [("ballot", None), ("coin", "0")]
    return []


def _draw_tokens(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    tokens: list[tuple[str, str | None]],
    cx: float,
    cy: float,
    size: int,
    max_width: float | None = None,
) -> None:
    """A row of tokens centred on (cx, cy), shrunk to fit ``max_width`` when given."""

    def token_width(name: str, label: str | None, sz: int) -> float:
        if name == "=":
            return int(sz * 0.6)
        if name == "max":
            return _at_most_width(str(label), int(sz * 0.5))
        return sz

    if max_width and tokens:
        natural = sum(token_width(n, lab, size) for n, lab in tokens) + 4 * (len(tokens) - 1)
        if natural > max_width:
            size = int(size * max_width / natural)
    widths = [token_width(n, lab, size) for n, lab in tokens]
    total = sum(widths) + 4 * (len(tokens) - 1)
    x = cx - total / 2
    for (name, label), w in zip(tokens, widths, strict=True):
        mx = x + w / 2
        if name == "=":
            paste_icon(img, "arrow", (mx, cy), int(size * 0.6))
        elif name == "max":
            _at_most(draw, (mx, cy), str(label), int(size * 0.5))
        else:
            paste_icon(img, name, (mx, cy), size)
            if label:
                text_outlined(
                    draw,
                    (mx + size * 0.28, cy + size * 0.28),
                    label,
                    int(size * 0.5),
                    fill=WHITE,
                    outline=INK,
                    width=3,
                )
        x += w + 4


def _at_most_width(number: str, size: int) -> float:
    return size * 0.7 + 4 + text_width(number, size, True) + 14


def _at_most(draw: ImageDraw.ImageDraw, xy: tuple[float, float], number: str, size: int) -> None:
    """A cap ("at most 7") as a dark pill with a drawn ≤ sign (the font has no ≤ glyph)."""
    x, y = xy
    w = _at_most_width(number, size)
    h = size + 10
    rounded_rect(draw, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=h / 2, fill=(80, 80, 88))
    sx = x - w / 2 + 8
    s = size * 0.35
    line = max(2, size // 8)
    draw.line(
        (sx + s * 2, y - s - 2, sx, y - 2, sx + s * 2, y + s - 2), fill=WHITE, width=line, joint="curve"
    )
    draw.line((sx, y + s + 2, sx + s * 2, y + s + 2), fill=WHITE, width=line)
    draw_text(draw, (x + w / 2 - 7, y), number, size, WHITE, True, "rm")


def _statute_card(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    statute: dict[str, Any] | None,
    group: str,
    proposal: bool,
) -> None:
    x0, y0, x1, y1 = box
    if statute is None:
        rounded_rect(draw, box, radius=10, outline=FAINT, width=2)
        text_centered(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "—", 26, fill=FAINT)
        return
    vetoed = bool(statute.get("vetoed"))

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
        x0, y0, x1, y1 = box
        colour = GROUP_COLOURS[group]
        fill = rgb(int(v * 0.35 + 255 * 0.65) for v in colour) if proposal else colour
        rounded_rect(draw, box, radius=10, fill=fill, outline=INK if not proposal else MUTED, width=2)
        _draw_tokens(
            img, draw, _statute_tokens(statute), (x0 + x1) / 2, (y0 + y1) / 2, 40, max_width=x1 - x0 - 20
        )
        if vetoed:
            paste_icon(img, "cross", ((x0 + x1) / 2, (y0 + y1) / 2), min(x1 - x0, y1 - y0) - 8)

    layers.card(img, box, ("statute", statute["id"], group, proposal, vetoed), paint, radius=10)


def _draw_parliament(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = PARLIAMENT_BOX
    groups = ("I", "II", "III", "IV")
    col_w = (x1 - x0 - 24) // 4
    blocked = view.get("veto_blocked_group")
    for k, g in enumerate(groups):
        cx0 = x0 + 12 + k * col_w
        cx1 = cx0 + col_w - 8
        rounded_rect(draw, (cx0, y0 + 52, cx1, y0 + 84), radius=8, fill=GROUP_COLOURS[g])
        text_centered(draw, ((cx0 + cx1) / 2, y0 + 68), g, 22, bold=True)
        _statute_card(img, draw, (cx0, y0 + 92, cx1, y0 + 192), view["statutes"].get(g), g, False)
        # This round's proposal, below an arrow showing it would replace the card above.
        draw.polygon(
            [((cx0 + cx1) / 2, y0 + 200), ((cx0 + cx1) / 2 - 12, y0 + 214), ((cx0 + cx1) / 2 + 12, y0 + 214)],
            fill=MUTED,
        )
        _statute_card(
            img, draw, (cx0, y0 + 222, cx1, y0 + 322), (view.get("proposals") or {}).get(g), g, True
        )
        if blocked == g:
            paste_icon(img, "lock", (cx1 - 16, y0 + 238), 30)
    # Parliament result: winner and ties.
    parl = view.get("parliament") or {}
    y = y0 + 352
    x = x0 + 20
    if parl.get("winner"):
        paste_icon(img, "crown", (x + 18, y), 36)
        initial, _ = _seat_label(view, parl["winner"], 100, 18)
        seat_marker(draw, parl["winner"], (x + 58, y), 18, initial)
        x += 96
    if parl.get("tied"):
        text_centered(draw, (x + 16, y), "=", 30, bold=True)
        x += 36
        for seat in parl["tied"]:
            initial, _ = _seat_label(view, seat, 100, 18)
            seat_marker(draw, seat, (x + 18, y), 18, initial)
            x += 44
    # Votes per seat, once known (cards + town hall + bids).
    x = max(x + 20, x0 + 260)
    for seat in view["seats"]:
        p = view["players"][seat]
        total = p.get("total")
        if total is None:
            total = p.get("votes")
        if total is None:
            continue
        initial, _ = _seat_label(view, seat, 100, 18)
        seat_marker(draw, seat, (x + 16, y), 16, initial)
        text_centered(draw, (x + 48, y), str(total), 22, bold=True)
        x += 82


def _building_tile(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    bid: str,
    dim: bool = False,
) -> None:
    """A building tile: an effect-coloured card with a pictogram of its effect (every building's
    pictogram differs; the legend gives the names in the reader's language). Drawn once per
    building, size and dimming, then pasted (:func:`render.layers.card`)."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
        data = BUILDINGS.get(bid, {})
        colour = EFFECT_COLOURS.get(data.get("effect", ""), (220, 220, 220))
        if dim:
            colour = rgb(int(v * 0.5 + 200 * 0.5) for v in colour)
        x0, y0, x1, y1 = box
        rounded_rect(draw, box, radius=6, fill=colour, outline=INK if not dim else MUTED, width=2)
        size = int(min(y1 - y0 - 12, 48))
        if any(label and label.startswith("+") for _, label in _building_tokens(bid)):
            note("cuba_gain")
        _draw_tokens(
            img, draw, _building_tokens(bid), (x0 + x1) / 2, (y0 + y1) / 2, size, max_width=x1 - x0 - 10
        )

    layers.card(img, box, ("building", bid, dim), paint, radius=6)


def _building_tokens(bid: str) -> list[tuple[str, str | None]]:
    data = BUILDINGS.get(bid, {})
    effect = data.get("effect")

    def piece(name: str) -> str:
        return {"any_product": "product", "any_resource": "resource", "any_good": "good"}.get(name, name)

    if effect == "convert_vp":
        return [(piece(data["input"]), None), ("star", str(data["vp_each"]))]
    if effect == "vp":
        return [("star", f"+{data['vp']}")]
    if effect == "ship":
        return [("ship", "n" if data["max"] is None else str(data["max"]))]
    if effect == "sell":
        return [(piece(data["input"]), None), ("coin", str(data["pesos_each"]))]
    if effect == "pesos":
        return [("coin", f"+{data['pesos']}")]
    if effect == "transform":
        return [(data["source"], None), (data["target"], None)]
    if effect == "exchange":
        return [("product", None), ("good", None)]
    if effect == "veto":
        return [("cross", None)]
    if effect == "gain":
        return [("water", "+2")]
    if effect == "votes":
        return [("ballot", "+2")]
    if effect == "lighthouse":
        return [("ship", None), ("swap", None)]
    if effect == "store":
        return [("product", None), ("house", None)]
    return []


def _draw_buildings(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = BUILDINGS_BOX
    available = view.get("buildings_available", {})
    ids = list(available)
    per_row = (max(len(ids), len(BUILDINGS)) + 1) // 2
    tile_w = (x1 - x0 - 64) // max(1, per_row)
    for k, bid in enumerate(ids):
        r, col = divmod(k, per_row)
        tx = x0 + 56 + col * tile_w
        ty = y0 + 8 + r * 70
        left = available[bid]
        _building_tile(img, draw, (tx, ty, tx + tile_w - 6, ty + 64), bid, dim=left == 0)
        if left == 0:
            draw.line((tx + 4, ty + 60, tx + tile_w - 10, ty + 4), fill=(150, 60, 60), width=3)
        elif left > 1:
            note("cuba_left")
            badge(draw, (tx + tile_w - 12, ty + 6), f"×{left}", size=13, fill=INK)


def _draw_markers(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = MARKERS_BOX
    markers = view.get("black_markers", {})
    pair_w = (x1 - x0 - 16) // 3
    for k, ch in enumerate(("trader", "architect", "mayor")):
        px = x0 + 8 + k * pair_w
        _character_chip(img, draw, (px + pair_w / 2 - 24, y0 + 8, px + pair_w / 2 + 24, y0 + 62), ch, "hand")
        spaces = [m for m, (who, _, _) in MARKER_SPACES.items() if who == ch]
        note("cuba_markers")
        for j, m in enumerate(spaces):
            _, reward, number = MARKER_SPACES[m]
            cx = px + pair_w / 2 + (j - 0.5) * 58
            cy = y0 + 104
            draw.ellipse((cx - 26, cy - 26, cx + 26, cy + 26), fill=(60, 60, 66), outline=INK, width=2)
            paste_icon(img, reward, (cx, cy), 32)
            if number is not None:
                text_outlined(draw, (cx + 10, cy + 10), str(number), 18, fill=WHITE, outline=INK, width=3)
            taken = markers.get(m)
            if taken:
                initial, _ = _seat_label(view, taken, 100, 18)
                seat_marker(draw, taken, (cx + 16, cy - 18), 15, initial)


def _character_chip(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    character: str,
    state: str,
    order: int | None = None,
) -> None:
    """A character card: its icon and its vote number. ``state``: "hand" (still to play),
    "played", "active" (being played now), "parliament" (the 5th card), "hidden" (face down)."""
    x0, y0, x1, y1 = box
    if state == "hidden":
        rounded_rect(draw, box, radius=6, fill=(70, 90, 130), outline=INK, width=2)
        rounded_rect(draw, (x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=4, outline=(170, 190, 230), width=2)
        return
    fills = {
        "hand": WHITE,
        "played": (214, 208, 196),
        "active": (255, 236, 160),
        "parliament": (255, 236, 160),
    }
    outlines = {"hand": INK, "played": MUTED, "active": GOLD_DARK, "parliament": GOLD_DARK}
    rounded_rect(
        draw,
        box,
        radius=6,
        fill=fills[state],
        outline=outlines[state],
        width=4 if state in ("active", "parliament") else 2,
    )
    w = x1 - x0
    size = int(min(w, y1 - y0) * 0.62)
    paste_icon(img, character, ((x0 + x1) / 2, y0 + size / 2 + 5), size, 0.45 if state == "played" else 1.0)
    text_outlined(
        draw,
        ((x0 + x1) / 2, y1 - 11),
        str(CHARACTERS[character]),
        int(w * 0.36),
        fill=INK if state != "played" else MUTED,
        outline=WHITE,
        width=3,
    )
    if order is not None:
        note("cuba_order")
        badge(draw, (x1 - 4, y0 + 4), order, size=12, fill=(90, 90, 96))


def _draw_player(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], layout: Layout, i: int, seat: str
) -> None:
    p = view["players"][seat]
    x0, y0, x1, y1 = layout.panel_box(i)
    colour = seat_colour(seat)
    to_act = seat in (view.get("to_act") or [])
    # Header strip in the seat colour.
    rounded_rect(draw, (x0, y0, x1, y0 + PLAYER_HEADER_H), radius=12, fill=colour)
    draw.rectangle((x0, y0 + PLAYER_HEADER_H - 12, x1, y0 + PLAYER_HEADER_H), fill=colour)
    rounded_rect(
        draw, (x0, y0, x1, y1), radius=12, outline=INK if to_act else FAINT, width=5 if to_act else 2
    )
    if to_act:  # a gold ring inside the dark one: whose turn it is reads even on a thumbnail
        rounded_rect(draw, (x0 + 5, y0 + 5, x1 - 5, y1 - 5), radius=9, outline=GOLD, width=4)
    text_colour = SEAT_TEXT[seat_index(seat)]
    badges_w = 40 * (1 + (seat == view.get("start_player")) + to_act + (seat in (view.get("bots") or [])))
    initial, name = _seat_label(view, seat, x1 - x0 - 80 - badges_w, 24)
    draw.ellipse((x0 + 8, y0 + 3, x0 + 48, y0 + 43), fill=WHITE)
    seat_marker(draw, seat, (x0 + 28, y0 + 23), 17, initial)
    if name:
        draw_text(draw, (x0 + 56, y0 + 23), name, 24, text_colour, True, "lm")
    bx = x1 - 26
    if to_act:
        draw.ellipse((bx - 19, y0 + 4, bx + 19, y0 + 42), fill=WHITE)
        paste_icon(img, "hourglass", (bx, y0 + 23), 30)
        bx -= 42
    if seat == view.get("start_player"):
        draw.ellipse((bx - 19, y0 + 4, bx + 19, y0 + 42), fill=WHITE)
        paste_icon(img, "start", (bx, y0 + 23), 30)
        bx -= 42
    if seat in (view.get("bots") or []):
        draw.ellipse((bx - 19, y0 + 4, bx + 19, y0 + 42), fill=WHITE)
        paste_icon(img, "robot", (bx, y0 + 23), 30)
        bx -= 42
    # Score, pesos, parliament (bid / votes).
    sy = y0 + STATS_Y + 20
    result = view.get("result")
    vp = result["scores"].get(seat, p["vp"]) if result else p["vp"]
    paste_icon(img, "star", (x0 + 30, sy), 40)
    draw_text(draw, (x0 + 54, sy), str(vp), 30, INK, True, "lm")
    paste_icon(img, "coin", (x0 + 130, sy), 34)
    draw_text(draw, (x0 + 152, sy), str(p["pesos"]), 28, INK, True, "lm")
    if view["phase"] == "parliament":
        _draw_bid(img, draw, view, seat, (x1 - 30, sy))
    if result:
        _draw_place(img, draw, (result.get("places") or {}).get(seat), (x1 - 40, sy))
    # Characters.
    _draw_characters(img, draw, view, p, seat, x0, y0, x1)
    # Plantation.
    _draw_plantation(img, draw, view, p, seat, layout, i)
    # Farmyard.
    gx, gy, cw = _grid_geometry(layout, i)
    fy = gy + 3 * CELL_H + 10
    rounded_rect(
        draw, (gx, fy, gx + 4 * cw, y1 - 10), radius=8, fill=(236, 226, 200), outline=(180, 160, 120), width=2
    )
    _draw_pieces(
        img,
        draw,
        p.get("farmyard", {}),
        gx + 8,
        (fy + y1 - 10) / 2,
        gx + 4 * cw - 8,
        30,
        max_height=y1 - 10 - fy,
    )


def _draw_place(
    img: Image.Image, draw: ImageDraw.ImageDraw, place: int | None, xy: tuple[float, float]
) -> None:
    """The final place: a trophy with 1 for the winner(s), a grey medal with the place else."""
    if not place:
        return
    x, y = xy
    if place == 1:
        paste_icon(img, "trophy", (x, y - 2), 48)
    else:
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), fill=(200, 200, 206), outline=INK, width=3)
        text_centered(draw, (x, y), str(place), 26, bold=True)


def _draw_bid(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: str, xy: tuple[float, float]
) -> None:
    """The seat's parliament bid at ``xy`` (right edge): a sealed envelope while it is hidden, a
    faded one while the seat has still to bid, the amount once bids are revealed. In a tie the
    second bid sits as a small envelope (or amount) on the first."""
    p = view["players"][seat]
    first, second = p.get("bid"), p.get("second_bid")
    tie_round = view.get("step") == "tie_bid" and seat in ((view.get("parliament") or {}).get("tied") or [])
    x, y = xy
    placed = p.get("bid_placed")
    if first == "hidden" or (first is None and placed and not tie_round):
        paste_icon(img, "envelope", (x, y), 42)
    elif first is None and placed is False:
        paste_icon(img, "envelope", (x, y), 42, 0.3)
        paste_icon(img, "hourglass", (x + 12, y + 10), 22)
    elif isinstance(first, int):
        # A revealed bid: pesos offered for votes.
        label = str(first)
        w = text_width(label, 26, True)
        rounded_rect(
            draw,
            (x - 40 - w, y - 21, x + 22, y + 21),
            radius=21,
            fill=(255, 236, 160),
            outline=GOLD_DARK,
            width=3,
        )
        paste_icon(img, "ballot", (x - w - 18, y), 30)
        draw_text(draw, (x + 6, y), label, 26, INK, True, "rm")
    # The second bid of a tie, on the top-left corner of the first.
    w = text_width(str(first), 26, True) if isinstance(first, int) else 0
    bx, by = x - 40 - w + 2, y - 16
    if second == "hidden" or (tie_round and second is None and placed):
        draw.ellipse((bx - 14, by - 14, bx + 14, by + 14), fill=WHITE, outline=INK, width=2)
        paste_icon(img, "envelope", (bx, by), 22)
    elif tie_round and second is None:
        draw.ellipse((bx - 14, by - 14, bx + 14, by + 14), fill=WHITE, outline=MUTED, width=2)
        paste_icon(img, "hourglass", (bx, by), 18)
    elif isinstance(second, int):
        badge(draw, (bx, by), second, size=15, fill=GOLD_DARK)


def _draw_characters(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    p: dict[str, Any],
    seat: str,
    x0: int,
    y0: int,
    x1: int,
) -> None:
    played = list(p.get("played") or [])
    hand = set(p.get("hand") or [])
    card = p.get("parliament_card")
    active = active_character(view) if view.get("current") == seat else None
    n = len(CHARACTER_ORDER) + 1
    w = (x1 - x0 - 24 - 12) // n
    y = y0 + CHARS_Y
    h = 68
    for k, ch in enumerate(CHARACTER_ORDER):
        cx = x0 + 12 + k * w
        box = (cx + 2, y, cx + w - 4, y + h)
        if ch in played:
            state = "active" if ch == active and played[-1] == ch else "played"
            _character_chip(img, draw, box, ch, state, played.index(ch) + 1)
        elif ch == card:
            rounded_rect(draw, box, radius=6, outline=GOLD_DARK, width=2)
        elif ch in hand:
            _character_chip(img, draw, box, ch, "hand")
        else:
            rounded_rect(draw, box, radius=6, outline=FAINT, width=2)
    # The parliament card (5th), face up or face down.
    cx = x0 + 12 + len(CHARACTER_ORDER) * w + 12
    box = (cx + 2, y, cx + w - 4, y + h)
    if card == "hidden":
        _character_chip(img, draw, box, "worker", "hidden")
    elif card in CHARACTERS:
        _character_chip(img, draw, box, card, "parliament")
    else:
        rounded_rect(draw, box, radius=6, outline=FAINT, width=2)
        paste_icon(img, "ballot", ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), 28, 0.35)
    if p.get("town_hall"):
        note("cuba_votes")
        badge(draw, (box[2] - 2, box[3] - 2), "+2", size=13, fill=(190, 60, 60))


def _draw_plantation(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    p: dict[str, Any],
    seat: str,
    layout: Layout,
    i: int,
) -> None:
    gx, gy, cw = _grid_geometry(layout, i)
    fr, fc = p.get("figure", (0, 0))
    # The figure's row and column are what a worker there activates: outline them.
    draw.rectangle(
        (gx, gy + fr * CELL_H, gx + 4 * cw, gy + (fr + 1) * CELL_H), outline=seat_colour(seat), width=3
    )
    draw.rectangle(
        (gx + fc * cw, gy, gx + (fc + 1) * cw, gy + 3 * CELL_H), outline=seat_colour(seat), width=3
    )
    for b in p.get("buildings", []):
        x, y = gx + b["col"] * cw, gy + b["row"] * CELL_H
        _building_tile(
            img,
            draw,
            (x + 4, y + 4, x + cw - 4, y + CELL_H - 4),
            b["id"],
            dim=b["id"] == "church" and bool(p.get("church_used")),
        )
    # Fields harvested / buildings used so far by the character being played.
    if seat == view.get("current") and view.get("step") in ("worker_fields", "foreman"):
        for r, col in (view.get("pending") or {}).get("used", []):
            x, y = gx + col * cw, gy + r * CELL_H
            draw.ellipse((x + cw - 30, y + 3, x + cw - 4, y + 29), fill=WHITE, outline=INK, width=2)
            paste_icon(img, "check", (x + cw - 17, y + 16), 20)
    # Warehouse contents, along the bottom of the warehouse field (top-left).
    store = p.get("warehouse", {})
    if store:
        _draw_pieces(img, draw, store, gx + 4, gy + CELL_H - 16, gx + cw - 2, 24, compact=True)
    # The figure: bottom-right of its field, top-right on the warehouse (its pieces are below).
    x = gx + fc * cw + cw - 20
    y = gy + fr * CELL_H + (20 if (fr, fc) == (0, 0) else CELL_H - 20)
    draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=WHITE, outline=INK, width=2)
    seat_marker(draw, seat, (x, y), 13, "")


def _draw_pieces(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    pieces: dict[str, int],
    x: float,
    cy: float,
    x_max: float,
    size: int,
    compact: bool = False,
    max_height: float | None = None,
) -> None:
    """Piece icons with counts in the canonical piece order, left to right from ``x`` and
    centred on ``cy``. Compact: the count sits on the icon (icons shrink to fit ``x_max``).
    Otherwise the count follows the icon, and when one row is too wide the pieces wrap onto
    two smaller rows (within ``max_height``)."""
    items = [
        (q, pieces[q]) for q in sorted(pieces, key=lambda q: PIECE_ORDER.index(q) if q in PIECE_ORDER else 99)
    ]
    items = [(q, n) for q, n in items if n > 0]
    if not items:
        return
    if compact:
        size = int(min(size, (x_max - x) / len(items) - 2))
        for piece, n in items:
            paste_icon(img, piece, (x + size / 2, cy), size)
            text_outlined(
                draw,
                (x + size * 0.8, cy + size * 0.35),
                str(n),
                max(10, int(size * 0.6)),
                fill=WHITE,
                outline=INK,
                width=2,
            )
            x += size + 2
        return

    def widths(sz: int) -> list[float]:
        return [sz + 6 + text_width(str(n), int(sz * 0.75), True) + 16 for _, n in items]

    rows = [items]
    if sum(widths(size)) > x_max - x and max_height:
        size = int(min(size, max_height / 2 - 3))
        half = (len(items) + 1) // 2
        rows = [items[:half], items[half:]]
    for r, row in enumerate(rows):
        ry = cy if len(rows) == 1 else cy + (r - 0.5) * (size + 4)
        rx = x
        for piece, n in row:
            w = size + 6 + text_width(str(n), int(size * 0.75), True) + 16
            if rx + size > x_max:
                break
            paste_icon(img, piece, (rx + size / 2, ry), size)
            draw_text(draw, (rx + size + 4, ry), str(n), int(size * 0.75), INK, True, "lm")
            rx += w


# ------------------------------------------------------------------------------------------
# Entry point


def draw(view: dict[str, Any]) -> Image.Image:
    """The public board picture for a Cuba view (``RULES.view(state, None)``)."""
    seats = list(view["seats"])
    layout = layout_for(len(seats))
    layouts = tuple(tuple(tuple(row) for row in view["players"][s]["layout"]) for s in seats)
    img = layers.cached_layer(("cuba", layout), lambda: _build_base(layout)).copy()
    _draw_fields(img, layout, layouts)
    d = ImageDraw.Draw(img)
    _draw_header(img, d, view)
    _draw_market(img, d, view)
    _draw_harbour(img, d, view)
    _draw_parliament(img, d, view)
    _draw_buildings(img, d, view)
    _draw_markers(img, d, view)
    for i, seat in enumerate(seats):
        _draw_player(img, d, view, layout, i, seat)
    marks.mark(img, view, _mark_parts(layout, seats))
    return img


def _mark_parts(layout: Layout, seats: list[str]) -> list[tuple[tuple[Any, ...], marks.Box]]:
    """The parts of the picture the change marks go round (:mod:`render.marks`)."""
    parts: list[tuple[tuple[Any, ...], marks.Box]] = []
    for r, piece in enumerate(CARGO):
        y = MARKET_ROWS_Y + r * MARKET_ROW_H
        parts.append((("market", piece), (MARKET_BOX[0] + 6, y + 1, MARKET_BOX[2] - 6, y + MARKET_ROW_H - 1)))
    parts.append((("harbour",), HARBOUR_BOX))
    parts += [((key,), PARLIAMENT_BOX) for key in ("statutes", "proposals", "veto_blocked_group")]
    parts.append((("buildings_available",), BUILDINGS_BOX))
    parts.append((("black_markers",), MARKERS_BOX))
    for i, seat in enumerate(seats):
        x0, y0, x1, y1 = layout.panel_box(i)
        sy = y0 + STATS_Y + 20
        gx, gy, cw = _grid_geometry(layout, i)
        parts.append((("players", seat, "vp"), (x0 + 6, sy - 24, x0 + 104, sy + 24)))
        parts.append((("players", seat, "pesos"), (x0 + 108, sy - 24, x0 + 208, sy + 24)))
        chars = (x0 + 6, y0 + CHARS_Y - 2, x1 - 6, gy - 6)
        parts += [(("players", seat, key), chars) for key in ("hand", "played", "parliament_card")]
        grid = (gx - 4, gy - 4, gx + 4 * cw + 4, gy + 3 * CELL_H + 4)
        parts += [(("players", seat, key), grid) for key in ("buildings", "figure", "warehouse")]
        parts.append((("players", seat, "farmyard"), (gx - 4, gy + 3 * CELL_H + 6, gx + 4 * cw + 4, y1 - 6)))
    return parts


# ------------------------------------------------------------------------------------------
# Where things are (for pictures made of parts of the board: render/cuba/decision.py)

Box = tuple[int, int, int, int]


def regions(view: dict[str, Any]) -> dict[str, Box]:
    """The boxes, in board pixels, of the parts of the picture :func:`draw` makes of ``view``:
    ``header``, ``market``, ``market:<cargo>`` (a row of the market), ``harbour``,
    ``berth:<1..3>``, ``sea``, ``parliament``, ``buildings``, ``markers``; and per seat
    ``panel:<seat>`` with its bands ``stats:``, ``characters:``, ``plantation:`` (the grid with
    its row and column labels), ``farmyard:``, and ``field:<seat>:<row>:<col>`` for each field."""
    seats = list(view["seats"])
    layout = layout_for(len(seats))
    out: dict[str, Box] = {
        "header": (0, 0, WIDTH, TOP_Y),
        "market": MARKET_BOX,
        "harbour": HARBOUR_BOX,
        "parliament": PARLIAMENT_BOX,
        "buildings": BUILDINGS_BOX,
        "markers": MARKERS_BOX,
    }
    for r, piece in enumerate(CARGO):
        y = MARKET_ROWS_Y + r * MARKET_ROW_H
        out[f"market:{piece}"] = (MARKET_BOX[0], y, MARKET_BOX[2], y + MARKET_ROW_H)
    x0, y0, x1, y1 = HARBOUR_BOX
    for k in range(3):
        out[f"berth:{k + 1}"] = (x0, y0 + 50 + 78 * k, x1, y0 + 50 + 78 * k + 72)
    out["sea"] = (x0, y0 + 50 + 78 * 3, x1, y1)
    x0, y0, x1, y1 = PARLIAMENT_BOX
    out["proposals"] = (x0, y0 + 44, x1, y0 + 330)
    out["votes"] = (x0, y0 + 330, x1, y1)
    col_w = (x1 - x0 - 24) // 4
    for k, group in enumerate(("I", "II", "III", "IV")):
        cx0 = x0 + 12 + k * col_w
        out[f"statute:{group}"] = (cx0, y0 + 92, cx0 + col_w - 8, y0 + 192)
        out[f"proposal:{group}"] = (cx0, y0 + 222, cx0 + col_w - 8, y0 + 322)
    for i, seat in enumerate(seats):
        px0, py0, px1, py1 = layout.panel_box(i)
        gx, gy, cw = _grid_geometry(layout, i)
        out[f"panel:{seat}"] = (px0, py0, px1, py1)
        out[f"stats:{seat}"] = (px0 + 10, py0 + PLAYER_HEADER_H, px1 - 10, py0 + CHARS_Y - 4)
        out[f"characters:{seat}"] = (px0 + 10, py0 + CHARS_Y - 4, px1 - 10, py0 + CHARS_Y + 72)
        out[f"plantation:{seat}"] = (px0 + 10, gy - LABEL_STRIP - 2, px1 - 10, gy + 3 * CELL_H + 4)
        out[f"farmyard:{seat}"] = (px0 + 10, gy + 3 * CELL_H + 4, px1 - 10, py1 - 9)
        for r in range(3):
            for col in range(4):
                x, y = gx + col * cw, gy + r * CELL_H
                out[f"field:{seat}:{r}:{col}"] = (x, y, x + cw, y + CELL_H)
    return out


def phone_areas(view: dict[str, Any]) -> list[Box]:
    """The areas of the phone board (:mod:`render.phone_layout`), in reading order: the round and
    phase, the market, the harbour, the parliament, the buildings and the character markers, then
    each player's panel."""
    found = regions(view)
    shared = [found[name] for name in ("market", "harbour", "parliament", "buildings", "markers")]
    return [header(found["header"]), *shared] + [found[f"panel:{seat}"] for seat in view["seats"]]


def building_tile(
    img: Image.Image, box: tuple[float, float, float, float], bid: str, dim: bool = False
) -> None:
    """A building tile as the board draws it, in ``box`` (any size)."""
    _building_tile(img, ImageDraw.Draw(img), box, bid, dim)
