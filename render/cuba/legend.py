"""Cuba's legend: the key to the pictures — every pictogram, icon and mark the board, turn and
decision pictures draw, each with its meaning in the reader's language (``render.legend``). It
draws with the board's own pieces (:mod:`render.cuba.board`)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from engine.cuba.data import BUILDINGS, PIECES, TOWN_HALL_VOTES
from render import marks
from render.colours import (
    CARD,
    FAINT,
    FRAME,
    GOLD,
    GOLD_DARK,
    GREEN,
    INK,
    MUTED,
    PAPER,
    PAPER_DARK,
    WHITE,
)
from render.cuba.board import MARGIN, _building_tile, _character_chip
from render.icons import paste_icon
from render.seats import seat_marker
from render.symbols import Key, draw_keys, keys_height
from render.text import badge, draw_label, text_centered, text_outlined

LEGEND_ROW_H = 76
LEGEND_W = 1500


def building_label(bid: str) -> str:
    """The default (English) legend line of a building: its name and effect, from the data."""
    data = BUILDINGS[bid]
    return f"{data['name']}: {data['text']}"


def _sample_seats(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k, (seat, mark) in enumerate((("p0", "A"), ("p1", "Bo"), ("p2", "Co"))):
        seat_marker(draw, seat, (c[0] + (k - 1) * 40, c[1]), 17, mark)


def _sample_rounds(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k in range(3):
        x, cur = c[0] + (k - 1) * 40, k == 1
        fill = GOLD if cur else (FAINT if k == 0 else CARD)
        draw.ellipse(
            (x - 17, c[1] - 17, x + 17, c[1] + 17), fill=fill, outline=INK if cur else MUTED, width=2
        )
        text_centered(draw, (x, c[1]), str(k + 1), 18, fill=MUTED if k == 0 else INK, bold=True)


def _sample_votes(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c
    draw.rounded_rectangle((x - 20, y - 28, x + 20, y + 28), radius=6, outline=FAINT, width=2)
    paste_icon(img, "ballot", c, 28, 0.35)
    badge(draw, (x + 20, y + 28), f"+{TOWN_HALL_VOTES}", size=13, fill=(190, 60, 60))


def _sample_building(
    bid: str,
) -> Callable[[Image.Image, ImageDraw.ImageDraw, tuple[float, float], float], None]:
    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
        _building_tile(img, draw, (c[0] - 44, c[1] - 28, c[0] + 44, c[1] + 28), bid)

    return paint


def _sample_left(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    _building_tile(img, draw, (c[0] - 44, c[1] - 26, c[0] + 38, c[1] + 30), "inn")
    badge(draw, (c[0] + 38, c[1] - 24), "×2", size=13, fill=INK)


def _sample_prices(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c[0] - 50, c[1]
    draw.rounded_rectangle((x - 22, y - 23, x + 22, y + 23), radius=8, fill=WHITE, outline=GOLD_DARK, width=4)
    paste_icon(img, "citrus", (x, y - 4), 30)
    text_outlined(draw, (x + 12, y + 12), "3", 18, fill=WHITE, outline=INK, width=3)
    draw.rounded_rectangle(
        (x + 28, y - 23, x + 72, y + 23), radius=8, fill=(250, 246, 236), outline=GREEN, width=4
    )
    text_centered(draw, (x + 50, y), "4", 22, fill=GREEN, bold=True)
    draw.rounded_rectangle((x + 80, y - 14, x + 118, y + 14), radius=14, fill=PAPER_DARK)
    text_centered(draw, (x + 99, y), "12", 17, fill=INK, bold=True)


def _sample_order(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    _character_chip(img, draw, (c[0] - 22, c[1] - 28, c[0] + 22, c[1] + 28), "trader", "played", 2)


def _sample_markers(img: Image.Image, draw: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k, (reward, number) in enumerate((("star", 2), ("coin", 4))):
        cx = c[0] + (k - 0.5) * 56
        draw.ellipse((cx - 25, c[1] - 25, cx + 25, c[1] + 25), fill=(60, 60, 66), outline=INK, width=2)
        paste_icon(img, reward, (cx, c[1]), 30)
        text_outlined(draw, (cx + 10, c[1] + 10), str(number), 17, fill=WHITE, outline=INK, width=3)
    seat_marker(draw, "p1", (c[0] + 44, c[1] - 18), 13, "B")


#: The symbols of the legend, in reading order: the header's, a player's, the board's, the pieces.
LEGEND_KEYS: tuple[Key, ...] = (
    Key("cuba_palm"),
    Key("cuba_rounds", _sample_rounds),
    Key("house"),
    Key("cards"),
    Key("ballot"),
    Key("scroll"),
    Key("trophy"),
    Key("hourglass"),
    Key("arrow"),
    Key("seat", _sample_seats),
    Key("start"),
    Key("robot"),
    Key("worker"),
    Key("trader"),
    Key("architect"),
    Key("foreman"),
    Key("mayor"),
    Key("cuba_order", _sample_order),
    Key("cuba_markers", _sample_markers),
    Key("cuba_votes", _sample_votes),
    Key("envelope"),
    Key("crown"),
    Key("lock"),
    Key("cross"),
    Key("check"),
    Key("cuba_prices", _sample_prices),
    Key("market"),
    Key("sun"),
    Key("field"),
    Key("coin"),
    Key("star"),
    Key("ship"),
    Key("wave"),
    Key("swap"),
    Key("cuba_gain", _sample_building("small_bank")),
    Key("cuba_left", _sample_left),
    Key("product"),
    Key("good"),
    Key("resource"),
    *(Key(piece) for piece in PIECES),
)
SYMBOL_COLUMNS = 2
SYMBOL_ROW_H = 68


def draw_legend(labels: dict[str, str] | None = None, lang: str = "en") -> Image.Image:
    """A key to the building tiles: tile (pictogram), cost in resources, and a label per building
    — "Name: effect" — from ``labels`` (building id → text in the reader's language). Where
    ``labels`` has none, the English one from the data, only for an English reader (``lang``):
    another reader sees the tile and its cost alone rather than English. Then the change mark
    (:mod:`render.marks`) with ``labels["changed"]``, and every symbol the pictures draw
    (:data:`LEGEND_KEYS`, :mod:`render.symbols`) with its meaning (``labels["icon:<name>"]``; the
    start player's flag: ``labels["start"]``)."""
    from engine.cuba.text import icon_labels

    ids = list(BUILDINGS)
    per_col = (len(ids) + 1) // 2
    symbols_h = keys_height(len(LEGEND_KEYS), SYMBOL_COLUMNS, SYMBOL_ROW_H)
    height = 2 * MARGIN + (per_col + 1) * LEGEND_ROW_H + 12 + symbols_h
    img = Image.new("RGB", (LEGEND_W, height), FRAME)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((6, 6, LEGEND_W - 7, height - 7), radius=18, fill=PAPER)
    col_w = (LEGEND_W - 2 * MARGIN) // 2
    for k, bid in enumerate(ids):
        col, row = divmod(k, per_col)
        x = MARGIN + col * col_w
        y = MARGIN + row * LEGEND_ROW_H
        _building_tile(img, draw, (x + 4, y + 4, x + 100, y + LEGEND_ROW_H - 6), bid)
        cx = x + 124
        for piece, n in BUILDINGS[bid]["cost"].items():
            for _ in range(n):
                paste_icon(img, piece, (cx, y + LEGEND_ROW_H / 2), 26)
                cx += 24
        text = (labels or {}).get(bid) or (building_label(bid) if lang == "en" else "")
        tx = x + 124 + 5 * 24 + 10
        room = col_w - (tx - x) - 12
        draw_label(draw, (tx, y + LEGEND_ROW_H / 2), text, room, 19, 17, lines=2, spacing=21)
    y = MARGIN + per_col * LEGEND_ROW_H
    marks.key(img, draw, (MARGIN, y, MARGIN + col_w, y + LEGEND_ROW_H), marks.label(labels, lang))
    y += LEGEND_ROW_H + 12
    draw.line((MARGIN, y - 6, LEGEND_W - MARGIN, y - 6), fill=FAINT, width=2)
    words = {**(icon_labels("en") if lang == "en" else {}), **(labels or {})}
    words["icon:start"] = (labels or {}).get("start") or ("Flag: the start player" if lang == "en" else "")
    draw_keys(img, draw, LEGEND_KEYS, words, (MARGIN, y), LEGEND_W - 2 * MARGIN, SYMBOL_COLUMNS, SYMBOL_ROW_H)
    return img
