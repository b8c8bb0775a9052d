"""Goa's legend: the key to the pictures — every pictogram, icon and mark the board, turn and
decision pictures draw, each with its meaning in the reader's language (``render.legend``). It
draws with the board's own pieces (:mod:`render.goa.board`)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.goa.data import COLONY_NEED
from render import marks
from render.colours import CARD, FAINT, FRAME, INK, MUTED, PAPER, PAPER_DARK, RED
from render.goa.board import SPICE_ICONS, TILE_COLOURS, _tile_key, paste_tile
from render.goa.glyphs import symbol_glyph
from render.icons import paste_icon
from render.seats import seat_colour, seat_marker
from render.symbols import Key, draw_keys, keys_height
from render.text import (
    badge,
    draw_label,
    text_centered,
    text_outlined,
)

LEGEND_W = 1400
LEGEND_ROW_H = 76
LEGEND_MARGIN = 24


def _sample_marker(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c
    d.rounded_rectangle(
        (x - size * 0.6, y - size * 0.5, x + size * 0.6, y + size * 0.5),
        radius=8,
        fill=TILE_COLOURS["plantation"],
        outline=INK,
        width=2,
    )
    seat_marker(d, "p1", (x + size * 0.45, y - size * 0.35), size * 0.32, "4")


def _sample_rounds(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, cy = c[0] - 70, c[1]
    for k, part in enumerate("AB"):
        for j in range(2):
            bx = x + (2 * k + j) * 34 + k * 10
            d.rounded_rectangle((bx, cy - 24, bx + 30, cy + 6), radius=6, fill=CARD, outline=INK, width=1)
            text_centered(d, (bx + 15, cy - 9), str(4 * k + 2 * j + 1) if j == 0 else "…", 15, bold=True)
        text_centered(d, (x + k * 78 + 32, cy + 18), part, 15, fill=MUTED, bold=True)


def _sample_auction(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, cy = c[0] - 75, c[1]
    d.rounded_rectangle((x, cy - 21, x + 150, cy + 21), radius=10, fill=CARD, outline=RED, width=4)
    paste_icon(img, "goa_flag", (x + 20, cy), 26)
    seat_marker(d, "p2", (x + 54, cy), 13)
    paste_icon(img, "coin", (x + 82, cy), 24)
    text_centered(d, (x + 106, cy), "10", 20, bold=True)
    seat_marker(d, "p0", (x + 132, cy), 13)


def _sample_phase(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    paste_icon(img, "coin", (c[0] - 18, c[1]), 32)
    seat_marker(d, "p3", (c[0] + 22, c[1]), 16)


def _sample_bids(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c[0] - 40, c[1]
    paste_icon(img, "goa_flag", (x, y - 14), 20)
    seat_marker(d, "p1", (x + 26, y - 14), 11)
    paste_icon(img, "coin", (x, y + 14), 20)
    text_centered(d, (x + 26, y + 14), "10", 17, bold=True)
    seat_marker(d, "p2", (x + 52, y + 14), 11)


def _sample_plus_draw(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    paste_icon(img, "goa_expedition", c, 34)
    badge(d, (c[0] - 12, c[1] + 12), "+1", 14)


def _sample_progress(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    from engine.goa.data import ROW_VP

    x, y = c[0] - 24, c[1] - 26
    for r, vp in enumerate(ROW_VP[:3]):
        ry = y + r * 17
        text_centered(d, (x, ry + 8), str(vp), 13, fill=MUTED, bold=True)
        d.rectangle((x + 12, ry, x + 46, ry + 17), fill=(250, 244, 230), outline=FAINT)
    d.ellipse((x + 20, y + 18, x + 38, y + 33), fill=seat_colour("p0"), outline=INK, width=2)


def _sample_need(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    paste_icon(img, "goa_colonist", (c[0] - 14, c[1]), 28)
    text_outlined(d, (c[0] + 14, c[1]), str(COLONY_NEED["quilon"]), 20)


def _sample_slot(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c
    d.rounded_rectangle((x - 34, y - 24, x + 34, y + 24), radius=7, fill=TILE_COLOURS["plantation"])
    paste_icon(img, "ginger", (x - 14, y - 6), 24)
    paste_icon(img, "ginger", (x + 14, y - 6), 24, alpha=0.28)
    text_centered(d, (x, y + 14), "1/2", 14, fill=(255, 255, 255), bold=True)


def _sample_stack(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    badge(d, c, "×4", size=16)


def _sample_face_down(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    from engine.goa.data import SINGLE_PLANTATION_VP

    x, y, ts = c[0] - 21, c[1] - 21, 42
    d.rounded_rectangle((x, y, x + ts, y + ts), radius=6, fill=PAPER_DARK, outline=INK, width=2)
    d.line((x + 5, y + 5, x + ts - 5, y + ts - 5), fill=MUTED, width=2)
    paste_icon(img, "star", c, int(ts * 0.6))
    text_outlined(d, (c[0], c[1] + 1), str(SINGLE_PLANTATION_VP), 16)


def _sample_duty(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    from engine.goa.data import DUTY_VP

    paste_icon(img, "star", c, 42)
    text_outlined(d, (c[0], c[1] + 1), str(DUTY_VP), 16)


def _sample_symbols(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    from engine.goa.data import SYMBOLS

    for k, symbol in enumerate(SYMBOLS):
        symbol_glyph(d, symbol, (c[0] + (k - 2) * 27, c[1]), 24)


def _sample_seat(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k, seat in enumerate(("p0", "p1", "p2")):
        seat_marker(d, seat, (c[0] + (k - 1) * 36, c[1]), 15)


#: The symbols of the legend, in reading order: the header's, the grid's, a player's, the pieces.
LEGEND_KEYS: tuple[Key, ...] = (
    Key("goa_rounds", _sample_rounds),
    Key("goa_phase", _sample_phase),
    Key("goa_auction", _sample_auction),
    Key("goa_bids", _sample_bids),
    Key("seat", _sample_seat),
    Key("goa_flag"),
    Key("goa_marker", _sample_marker),
    Key("hourglass"),
    Key("robot"),
    Key("goa_progress", _sample_progress),
    Key("goa_slot", _sample_slot),
    Key("goa_need", _sample_need),
    Key("goa_stack", _sample_stack),
    Key("goa_plus_draw", _sample_plus_draw),
    Key("goa_face_down", _sample_face_down),
    Key("goa_duty", _sample_duty),
    Key("check"),
    Key("trophy"),
    Key("coin"),
    Key("star"),
    Key("ship"),
    Key("goa_colonist"),
    Key("goa_harvest"),
    Key("goa_action"),
    Key("goa_expedition"),
    Key("goa_symbols", _sample_symbols),
    Key("goa_cycle", lambda img, d, c, s: _sample_cycle(img, c)),
    Key("goa_swap"),
    Key("goa_eye"),
    Key("goa_box"),
    Key("crown"),
    Key("resource"),
    *(Key(icon_name, words=spice) for spice, icon_name in SPICE_ICONS.items()),
)


def _sample_cycle(img: Image.Image, c: tuple[float, float]) -> None:
    """The each-round arrow is white: shown on its tile's red."""
    x, y = c
    ImageDraw.Draw(img).rounded_rectangle(
        (x - 22, y - 22, x + 22, y + 22), radius=8, fill=TILE_COLOURS["each_round"], outline=INK, width=2
    )
    paste_icon(img, "goa_cycle", c, 38)


SYMBOL_COLUMNS = 2


def draw_legend(labels: dict[str, str] | None = None, lang: str = "en") -> Image.Image:
    """A key to the auction tiles — each different tile once, with its name from ``labels``
    (tile id → text in the reader's language; English from the engine for an English reader,
    nothing for another) — the change mark (:mod:`render.marks`) with ``labels["changed"]``, and
    every symbol the pictures draw (:data:`LEGEND_KEYS`, :mod:`render.symbols`) with its meaning
    (``labels["icon:<name>"]``; the rounds with their parts A and B: ``labels["rounds"]``; the lot
    under auction: ``labels["auction"]``)."""
    from engine.goa import data
    from engine.goa.text import icon_labels, tile_name

    firsts: dict[tuple[tuple[str, Any], ...], str] = {}
    for tid, tile in data.TILES.items():
        firsts.setdefault(_tile_key(tile), tid)
    items = list(firsts.items())
    per_col = (len(items) + 1) // 2
    symbols_h = keys_height(len(LEGEND_KEYS), SYMBOL_COLUMNS, LEGEND_ROW_H)
    height = 2 * LEGEND_MARGIN + (per_col + 1) * LEGEND_ROW_H + 12 + symbols_h
    img = Image.new("RGB", (LEGEND_W, height), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, LEGEND_W - 7, height - 7), radius=18, fill=PAPER)
    col_w = (LEGEND_W - 2 * LEGEND_MARGIN) // 2
    for k, (key, tid) in enumerate(items):
        col, row = divmod(k, per_col)
        x = LEGEND_MARGIN + col * col_w
        y = LEGEND_MARGIN + row * LEGEND_ROW_H
        paste_tile(img, key, LEGEND_ROW_H - 8, (x + 4, y + 4))
        text = (labels or {}).get(tid) or (tile_name(tid, "en") if lang == "en" else "")
        tx = x + LEGEND_ROW_H + 16
        draw_label(d, (tx, y + LEGEND_ROW_H / 2), text, col_w - (tx - x) - 12, 19, 17, lines=2, spacing=21)
    y = LEGEND_MARGIN + per_col * LEGEND_ROW_H
    marks.key(img, d, (LEGEND_MARGIN, y, LEGEND_MARGIN + col_w, y + LEGEND_ROW_H), marks.label(labels, lang))
    y += LEGEND_ROW_H + 12
    d.line((LEGEND_MARGIN, y - 6, LEGEND_W - LEGEND_MARGIN, y - 6), fill=FAINT, width=2)
    words = {**(icon_labels("en") if lang == "en" else {}), **(labels or {})}
    english = {
        "rounds": "Rounds 1–8: part A is 1–4, part B 5–8",
        "auction": "Auction: the lot (framed in red), its auctioneer, the highest bid and who made it",
    }
    for said, name in (("rounds", "goa_rounds"), ("auction", "goa_auction")):
        words[f"icon:{name}"] = (labels or {}).get(said) or (english[said] if lang == "en" else "")
    draw_keys(
        img,
        d,
        LEGEND_KEYS,
        words,
        (LEGEND_MARGIN, y),
        LEGEND_W - 2 * LEGEND_MARGIN,
        SYMBOL_COLUMNS,
        LEGEND_ROW_H,
    )
    return img
