"""The Goa table as a picture: the 5×5 tile grid with the flag and auction markers, the colony
stacks, and every player's progress board, supply board, ships, colonists, extra-action cards,
expedition-hand size and tiles. Drawn from ``rules.view(state, None)``: no ducats and no cards.

Language-neutral: icons and numbers, grid coordinates (columns A–E, rows 1–5; the ring around
the grid is row 0/6 and column Z/F, printed in each ring place), seat colours and shapes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.goa.data import COLONY_NEED
from render import layers, marks
from render.colours import CARD, FAINT, FRAME, GOLD, INK, MUTED, OUTLINE, PAPER, PAPER_DARK, RED, SEA
from render.faces import font
from render.goods import line_width
from render.icons import icon, note, paste_icon, recording_icons, register_icon
from render.layout import player_name, truncate
from render.phone_layout import header
from render.seats import seat_colour, seat_marker
from render.shapes import rounded_rect
from render.text import (
    Written,
    badge,
    draw_text,
    recording,
    recording_now,
    replay,
    scaled_recording,
    text_centered,
    text_outlined,
)

WIDTH, HEIGHT = 1600, 1000
CELL = 112
RING = 50
GRID_X = 24 + RING  # left edge of the grid (A column)
GRID_Y = 86 + RING  # top edge of the grid (row 1)
SPICE_ICONS = {
    "ginger": "ginger",
    "nutmeg": "nutmeg",
    "cinnamon": "cinnamon",
    "pepper": "pepper",
    "clove": "cloves",
}
SPICE_TINT = {
    "ginger": (240, 214, 150),
    "nutmeg": (214, 180, 140),
    "cinnamon": (222, 160, 120),
    "pepper": (190, 190, 190),
    "clove": (200, 150, 130),
}
TILE_COLOURS = {
    "plantation": (176, 128, 82),
    "immediate": (150, 200, 228),
    "each_round": (220, 96, 80),
    "duty": (150, 104, 176),
    "mission": (150, 104, 176),
    "one_time": (104, 170, 150),
}
COLUMN_ICONS = ("ship", "goa_harvest", "coin", "goa_expedition", "goa_colonist")
ROW_VP = (0, 1, 3, 6, 10)
PANEL_X = 790
PANEL_W = WIDTH - PANEL_X - 20
NAME_W = 258  # room for a player's name, from the panel's left edge to the supply board

# --------------------------------------------------------------------------------------------
# Icons of this game (shared helpers candidates: colonist, cards, flag)


@register_icon("goa_colonist")
def _colonist(d: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    d.ellipse((s * 0.34, s * 0.04, s * 0.66, s * 0.36), fill=(236, 196, 150), outline=OUTLINE, width=w)
    rounded_rect(
        d,
        (s * 0.2, s * 0.4, s * 0.8, s * 0.96),
        radius=s * 0.18,
        fill=(70, 110, 170),
        outline=OUTLINE,
        width=w,
    )


def _card(d: ImageDraw.ImageDraw, s: int, fill: tuple[int, int, int]) -> None:
    rounded_rect(
        d,
        (s * 0.16, s * 0.04, s * 0.84, s * 0.96),
        radius=s * 0.1,
        fill=fill,
        outline=OUTLINE,
        width=line_width(s),
    )


@register_icon("goa_expedition")
def _expedition(d: ImageDraw.ImageDraw, s: int) -> None:
    _card(d, s, (128, 84, 170))
    w = line_width(s)
    d.arc((s * 0.28, s * 0.3, s * 0.72, s * 0.74), 180, 360, fill=(240, 230, 250), width=w)
    d.line((s * 0.5, s * 0.52, s * 0.64, s * 0.34), fill=(240, 230, 250), width=w)
    d.line((s * 0.28, s * 0.52, s * 0.72, s * 0.52), fill=(240, 230, 250), width=w)


@register_icon("goa_action")
def _action_card(d: ImageDraw.ImageDraw, s: int) -> None:
    _card(d, s, (246, 206, 70))
    w = max(3, s // 9)
    d.line((s * 0.5, s * 0.26, s * 0.5, s * 0.74), fill=OUTLINE, width=w)
    d.line((s * 0.28, s * 0.5, s * 0.72, s * 0.5), fill=OUTLINE, width=w)


@register_icon("goa_harvest")
def _harvest(d: ImageDraw.ImageDraw, s: int) -> None:
    w = line_width(s)
    d.polygon(
        [(s * 0.16, s * 0.3), (s * 0.84, s * 0.3), (s * 0.74, s * 0.96), (s * 0.26, s * 0.96)],
        fill=(200, 150, 80),
        outline=OUTLINE,
        width=w,
    )
    d.ellipse((s * 0.16, s * 0.16, s * 0.84, s * 0.44), fill=(150, 60, 30), outline=OUTLINE, width=w)


@register_icon("goa_flag")
def _flag(d: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 14)
    d.line((s * 0.2, s * 0.04, s * 0.2, s * 0.96), fill=OUTLINE, width=w * 2)
    d.polygon(
        [(s * 0.24, s * 0.06), (s * 0.92, s * 0.24), (s * 0.24, s * 0.5)],
        fill=(220, 40, 40),
        outline=OUTLINE,
        width=w,
    )


@register_icon("goa_cycle")
def _cycle(d: ImageDraw.ImageDraw, s: int) -> None:
    w = max(3, s // 8)
    d.arc((s * 0.12, s * 0.12, s * 0.88, s * 0.88), 30, 320, fill=(255, 255, 255, 255), width=w)
    a = math.radians(320)
    x, y = s * (0.5 + 0.38 * math.cos(a)), s * (0.5 + 0.38 * math.sin(a))
    d.polygon(
        [(x - s * 0.16, y - s * 0.12), (x + s * 0.14, y - s * 0.16), (x + s * 0.02, y + s * 0.14)],
        fill=(255, 255, 255, 255),
    )


@register_icon("goa_swap")
def _swap(d: ImageDraw.ImageDraw, s: int) -> None:
    w = max(3, s // 9)
    d.line((s * 0.12, s * 0.32, s * 0.8, s * 0.32), fill=OUTLINE, width=w)
    d.polygon([(s * 0.92, s * 0.32), (s * 0.7, s * 0.14), (s * 0.7, s * 0.5)], fill=OUTLINE)
    d.line((s * 0.2, s * 0.7, s * 0.88, s * 0.7), fill=OUTLINE, width=w)
    d.polygon([(s * 0.08, s * 0.7), (s * 0.3, s * 0.52), (s * 0.3, s * 0.88)], fill=OUTLINE)


@register_icon("goa_eye")
def _eye(d: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 14)
    d.chord((s * 0.04, s * 0.2, s * 0.96, s * 0.8), 180, 360, fill=(255, 255, 255), outline=OUTLINE, width=w)
    d.chord((s * 0.04, s * 0.2, s * 0.96, s * 0.8), 0, 180, fill=(255, 255, 255), outline=OUTLINE, width=w)
    d.ellipse((s * 0.34, s * 0.3, s * 0.66, s * 0.7), fill=(60, 110, 170), outline=OUTLINE, width=w)
    d.ellipse((s * 0.44, s * 0.42, s * 0.56, s * 0.56), fill=OUTLINE)


@register_icon("goa_box")
def _box(d: ImageDraw.ImageDraw, s: int) -> None:
    w = max(2, s // 14)
    d.rectangle((s * 0.1, s * 0.36, s * 0.9, s * 0.92), fill=(190, 140, 80), outline=OUTLINE, width=w)
    d.polygon(
        [(s * 0.1, s * 0.36), (s * 0.3, s * 0.12), (s * 0.7, s * 0.12), (s * 0.9, s * 0.36)],
        fill=(220, 170, 100),
        outline=OUTLINE,
        width=w,
    )
    d.line((s * 0.5, s * 0.36, s * 0.5, s * 0.92), fill=OUTLINE, width=w)


ONE_TIME_ICONS = {
    "trade": "goa_swap",
    "viceking": "crown",
    "supply": "goa_box",
    "espionage": "goa_eye",
    "addharvest": "goa_harvest",
}
GIVES_ICONS = {"ship": "ship", "colonist": "goa_colonist", "ducats": "coin", "spice": "resource"}

# --------------------------------------------------------------------------------------------
# Tiles


def _count_row(
    img: Image.Image, d: ImageDraw.ImageDraw, items: list[tuple[str, int]], cx: float, cy: float, size: int
) -> None:
    """Icons with their numbers, side by side, centred on (cx, cy)."""
    step = size + 22
    x0 = cx - step * (len(items) - 1) / 2
    for k, (name, n) in enumerate(items):
        x = x0 + k * step
        paste_icon(img, name, (x - 6, cy), size)
        text_outlined(d, (x + size / 2 - 2, cy + size / 2 - 4), str(n), 20)


def paste_tile(
    img: Image.Image, tile_key: tuple[tuple[str, Any], ...], size: int, at: tuple[int, int]
) -> None:
    """The tile ``tile_key`` at ``size`` px pasted with its top left at ``at`` (its numbers
    recorded where they are shown while texts are recorded, :func:`render.text.recording`)."""
    if recording_icons():  # drawn afresh, its icons recorded too
        with scaled_recording(size / (CELL - 8), at):
            tim = tile_image.__wrapped__(tile_key, CELL - 8)
        if size != CELL - 8:
            tim = tim.resize((size, size), Image.Resampling.LANCZOS)
    else:
        with recording():  # a tile drawn now records its texts in its own pixels, not the board's
            tim = tile_image(tile_key, size)
        if recording_now():  # its numbers recorded where and as large as they show
            replay(_tile_texts(tile_key), at, size / (CELL - 8))
    img.paste(tim, at, tim)


@lru_cache(maxsize=128)
def _tile_texts(tile_key: tuple[tuple[str, Any], ...]) -> list[Written]:
    """The texts of the tile ``tile_key`` at its full size (as :func:`tile_image` draws it)."""
    with recording() as texts:
        tile_image.__wrapped__(tile_key, CELL - 8)
    return texts


@lru_cache(maxsize=128)
def tile_image(tile_key: tuple[tuple[str, Any], ...], size: int = CELL - 8) -> Image.Image:
    """One auction tile drawn with icons (cached by its content); small sizes are the full tile
    scaled down, so every size shows the same picture."""
    full = CELL - 8
    if size != full:
        return tile_image(tile_key, full).resize((size, size), Image.Resampling.LANCZOS)
    t = dict(tile_key)
    kind = t["kind"]
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rounded_rect(d, (0, 0, size - 1, size - 1), radius=12, fill=TILE_COLOURS[kind], outline=INK, width=2)
    mid = size / 2
    if kind == "plantation":
        cap = t["cap"]
        rounded_rect(d, (8, 8, size - 9, size - 9), radius=8, fill=SPICE_TINT[t["spice"]])
        sz = 40 if cap < 3 else 32
        for k in range(cap):
            x = mid + (k - (cap - 1) / 2) * (sz + 2)
            paste_icon(img, SPICE_ICONS[t["spice"]], (x, mid - 6), sz)
        if cap == 1:
            paste_icon(img, "star", (size - 22, size - 22), 26)
            text_outlined(d, (size - 22, size - 21), "1", 14)
        badge(d, (20, size - 20), cap, size=14)
    elif kind == "each_round":
        paste_icon(img, "goa_cycle", (mid, mid), size - 24)
        name = GIVES_ICONS[t["gives"]]
        paste_icon(img, name, (mid, mid), 44)
        text_outlined(d, (mid + 22, mid + 22), str(t["amount"]), 22)
    elif kind == "immediate":
        if t["choice"]:
            paste_icon(img, "ship", (mid - 26, mid - 18), 38)
            paste_icon(img, "goa_colonist", (mid + 26, mid + 18), 38)
            d.line((mid + 14, mid - 34, mid - 14, mid + 34), fill=INK, width=4)
            text_outlined(d, (mid - 26, mid + 16), str(t["choice"]), 22)
            text_outlined(d, (mid + 26, mid - 20), str(t["choice"]), 22)
        else:
            items = [
                (name, t[key])
                for key, name in (
                    ("ships", "ship"),
                    ("colonists", "goa_colonist"),
                    ("actions", "goa_action"),
                    ("expeditions", "goa_expedition"),
                )
                if t[key]
            ]
            if len(items) == 3:
                for k, (name, n) in enumerate(items):
                    paste_icon(img, name, (22 + k * 33, mid), 32)
                    text_outlined(d, (22 + k * 33, mid + 28), str(n), 18)
            else:
                _count_row(img, d, items, mid, mid, 48)
    elif kind == "duty":
        for k, spice in enumerate(("ginger", "nutmeg", "cinnamon", "pepper", "clove", "ginger")):
            paste_icon(img, SPICE_ICONS[spice], (18 + (k % 3) * 24, 24 + (k // 3) * 26), 24)
        paste_icon(img, "star", (mid + 26, mid + 22), 40)
        text_outlined(d, (mid + 26, mid + 24), "4", 20)
        d.line((16, size - 22, 78, size - 22), fill=INK, width=3)
    elif kind == "mission":
        paste_icon(img, "star", (mid, mid), 64)
        text_outlined(d, (mid, mid + 4), str(t["vp"]), 30)
    else:
        paste_icon(img, ONE_TIME_ICONS[t["effect"]], (mid, mid - 6), 58)
        if t["effect"] == "addharvest":
            text_outlined(d, (mid + 30, mid + 28), "3", 22)
        d.ellipse((6, size - 30, 28, size - 8), fill=(255, 255, 255), outline=INK, width=2)
        text_centered(d, (17, size - 19), "1", 15, bold=True)
    return img


def _tile_key(tile: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, v) for k, v in tile.items() if k != "id" and k != "used_this_round"))


# --------------------------------------------------------------------------------------------
# Static base


def _cell_box(r: int, col: int) -> tuple[int, int, int, int]:
    x = GRID_X + col * CELL
    y = GRID_Y + r * CELL
    return x, y, x + CELL, y + CELL


def _ring_centre(r: int, col: int) -> tuple[float, float]:
    """Centre of a ring place or grid space (r, col in -1..5)."""

    def along(k: int, origin: int) -> float:
        if k < 0:
            return origin - RING / 2
        if k >= 5:
            return origin + 5 * CELL + RING / 2
        return origin + k * CELL + CELL / 2

    return along(col, GRID_X), along(r, GRID_Y)


def _parse_pos(name: str) -> tuple[int, int]:
    letter, row = name[0], int(name[1]) - 1
    col = {"z": -1, "f": 5}.get(letter, "abcde".find(letter))
    return row, col


def _base() -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    d = ImageDraw.Draw(img)
    rounded_rect(d, (8, 8, WIDTH - 8, HEIGHT - 8), radius=18, fill=PAPER)
    # the sea around the grid and the grid itself
    x0, y0 = GRID_X - RING, GRID_Y - RING
    rounded_rect(d, (x0, y0, x0 + 5 * CELL + 2 * RING, y0 + 5 * CELL + 2 * RING), radius=16, fill=SEA)
    d.rectangle((GRID_X, GRID_Y, GRID_X + 5 * CELL, GRID_Y + 5 * CELL), fill=(232, 214, 170))
    for k in range(6):
        d.line((GRID_X + k * CELL, GRID_Y, GRID_X + k * CELL, GRID_Y + 5 * CELL), fill=PAPER_DARK, width=2)
        d.line((GRID_X, GRID_Y + k * CELL, GRID_X + 5 * CELL, GRID_Y + k * CELL), fill=PAPER_DARK, width=2)
    # ring places, each labelled with its own name
    for k in range(5):
        for r, col in ((-1, k), (5, k), (k, -1), (k, 5)):
            cx, cy = _ring_centre(r, col)
            d.ellipse((cx - 19, cy - 19, cx + 19, cy + 19), outline=(200, 225, 240), width=2)
            label = ("z" if col < 0 else "f" if col > 4 else "abcde"[col]).upper() + str(r + 1)
            text_centered(d, (cx, cy), label, 14, fill=(225, 240, 250), bold=True)
    # colony stacks area and player area titles
    return img


def _draw_grid(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for r, row in enumerate(view["grid"]):
        for col, tile in enumerate(row):
            x0, y0, _, _ = _cell_box(r, col)
            if tile:
                paste_tile(img, _tile_key(tile), CELL - 8, (x0 + 4, y0 + 4))
            label = "ABCDE"[col] + str(r + 1)
            rounded_rect(d, (x0 + 5, y0 + 5, x0 + 33, y0 + 23), radius=6, fill=(255, 255, 255), outline=INK)
            text_centered(d, (x0 + 19, y0 + 14), label, 14, bold=True)
    if view.get("flag"):
        r, col = _parse_pos(view["flag"])
        cx, cy = _ring_centre(r, col)
        d.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=(255, 255, 255), outline=INK, width=2)
        paste_icon(img, "goa_flag", (cx, cy), 38)
        seat_marker(d, view["start"], (cx + 20, cy + 20), 15, "1")
    for m in view["markers"]:
        note("goa_marker")
        r, col = _parse_pos(m["pos"])
        cx, cy = _ring_centre(r, col)
        seat_marker(d, m["seat"], (cx + CELL / 2 - 22, cy - CELL / 2 + 22), 19, str(m["number"]))
    auction = view.get("auction")
    if auction:
        r, col = _parse_pos(auction["pos"])
        cx, cy = _ring_centre(r, col)
        half = CELL / 2 if 0 <= r < 5 and 0 <= col < 5 else 27
        rounded_rect(d, (cx - half, cy - half, cx + half, cy + half), radius=12, outline=RED, width=5)


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    # rounds 1–8, part A (1–4) and B (5–8)
    note("goa_rounds")
    for k in range(8):
        x = 30 + k * 44
        current = k + 1 == view["round"]
        fill = GOLD if current else (CARD if k + 1 > view["round"] else PAPER_DARK)
        rounded_rect(d, (x, 24, x + 38, 62), radius=8, fill=fill, outline=INK, width=3 if current else 1)
        text_centered(d, (x + 19, 43), str(k + 1), 18, bold=True)
    text_centered(d, (30 + 2 * 44 - 3, 74), "A", 14, fill=MUTED, bold=True)
    text_centered(d, (30 + 6 * 44 - 3, 74), "B", 14, fill=MUTED, bold=True)
    # the phase, as icons
    phase_icon = {
        "head": "star",
        "flag": "goa_flag",
        "marker": "goa_flag",
        "auction": "coin",
        "actions": "hourglass",
        "extra": "goa_action",
        "over": "trophy",
    }[view["phase"]]
    note("goa_phase")
    paste_icon(img, phase_icon, (396, 43), 34)
    for k, seat in enumerate(view["to_act"]):
        seat_marker(d, seat, (436 + k * 40, 43), 17)
    auction = view.get("auction")
    if auction:
        # the lot under auction: framed in red like the lot on the board
        note("goa_auction")
        x = 470
        rounded_rect(d, (x, 22, x + 150, 64), radius=10, fill=CARD, outline=RED, width=4)
        r, col = _parse_pos(auction["pos"])
        lot_tile = view["grid"][r][col] if auction["lot"] > 1 else None
        if lot_tile:
            paste_tile(img, _tile_key(lot_tile), 36, (x + 2, 25))
        else:
            paste_icon(img, "goa_flag", (x + 20, 43), 26)
        seat_marker(d, auction["auctioneer"], (x + 54, 43), 13)
        paste_icon(img, "coin", (x + 82, 43), 24)
        text_centered(d, (x + 106, 43), str(auction["high"]), 20, bold=True)
        if auction["high_seat"]:
            seat_marker(d, auction["high_seat"], (x + 132, 43), 13)
    text_centered(d, (700, 43), f"{view['deck']}", 18, bold=True)
    paste_icon(img, "goa_expedition", (670, 43), 30)


def _draw_colonies(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    y = GRID_Y + 5 * CELL + RING + 14
    w = (5 * CELL + 2 * RING) // 4
    for k, (name, st) in enumerate(view["colony_stacks"].items()):
        x = GRID_X - RING + k * w
        layers.panel(d, (x + 2, y, x + w - 4, HEIGHT - 22), header=(96, 140, 90), header_height=28, radius=10)
        text_centered(d, (x + w / 2, y + 14), name.capitalize(), 16, fill=(255, 255, 255), bold=True)
        paste_icon(img, "goa_colonist", (x + 26, y + 52), 30)
        text_outlined(d, (x + 56, y + 52), str(st["need"]), 22)
        note("goa_need")
        note("goa_stack")
        badge(d, (x + w - 30, y + 52), f"×{st['count']}", size=16)
        for f_i, field in enumerate(st["fields"]):
            fy = y + 92 + f_i * 40
            _draw_field(img, d, x + 12, fy, w - 30, field["cap"], field["kinds"], {})


def _draw_field(img, d, x, y, w, cap, kinds, spices) -> None:
    """A colony field: capacity slots, filled ones with their spice, allowed kinds as small icons."""
    rounded_rect(d, (x, y - 16, x + w, y + 16), radius=8, fill=(236, 226, 200), outline=FAINT)
    filled = [k for k, n in spices.items() for _ in range(n)]
    slot = min(22, (w - 60) // max(cap, 1))
    for i in range(cap):
        sx = x + 12 + i * slot
        if i < len(filled):
            paste_icon(img, SPICE_ICONS[filled[i]], (sx, y), slot)
        else:
            d.ellipse((sx - 7, y - 7, sx + 7, y + 7), outline=MUTED, width=2)
    if len(kinds) == 5:
        paste_icon(img, "resource", (x + w - 20, y), 22)
    else:
        for i, kind in enumerate(kinds):
            paste_icon(img, SPICE_ICONS[kind], (x + w - 44 + i * 22, y), 20, alpha=0.8)


# --------------------------------------------------------------------------------------------
# Player panels
#
# A panel holds the seat's marker and badges, its name, the progress board, the supply board
# (plantations above colonies), the counts (ships, colonists, extra actions, expedition hand) and
# the tiles owned. Four players stack four "wide" panels, every part in one band. Three players
# get taller wide panels: the same parts, stretched downwards (rows, slots, tiles). Two players
# get "tall" panels, each twice as high: the parts at 1.25× in two bands — marker, progress
# board, name and tiles above, the supply board with the counts beside it across the panel
# below — so the right half of the table is not left empty.


@dataclass(frozen=True)
class PanelLayout:
    """Where the parts of one player's panel go, from its box's top-left corner (x0, y0).

    ``f`` scales the pieces (1: the four-player panel), ``v`` stretches heights only."""

    f: float
    v: float
    progress: tuple[float, float]  # top-left of the progress board (its column icons)
    supply: tuple[float, float]  # top-left of the supply board
    slot_w: float  # width of one supply space
    counts: tuple[float, float]  # centre of the first count's icon
    name: tuple[float, float]  # left-middle of the name
    name_w: float
    tiles: tuple[float, float]  # top-left of the tiles owned
    tiles_w: float  # their row's width (they wrap onto more rows)


def panel_layout(players: int, box: tuple[int, int, int, int]) -> PanelLayout:
    """The layout of a panel ``box`` at a table of ``players``."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if players <= 2:
        f = 1.25
        progress_w = (30 + 5 * 34) * f
        right = 60 * f + progress_w + 24 * f
        supply_y = 16 + (28 + 5 * 26) * f + 18
        counts_w = 110 * f
        return PanelLayout(
            f=f,
            v=f,
            progress=(60 * f, 16),
            supply=(14, supply_y),
            slot_w=(x1 - x0 - 28 - 3 * 8 - counts_w) / 4,
            counts=(x1 - x0 - counts_w + 20 * f, supply_y + 14 * f),
            name=(right, 16 + 12 * f),
            name_w=x1 - x0 - right - 14,
            tiles=(right, 16 + 30 * f),
            tiles_w=x1 - x0 - right - 10,
        )
    v = max(1.0, (h - 20) / (232 - 20))
    slot_w = 92
    supply_x = 60 + 30 + 5 * 34 + 16
    return PanelLayout(
        f=1.0,
        v=v,
        progress=(60, 16),
        supply=(supply_x, 16),
        slot_w=slot_w,
        counts=(supply_x + 4 * (slot_w + 6) + 6 + 14, 16 + 14),
        name=(14, 16 + (28 + 5 * 26) * v + 22),
        name_w=NAME_W,
        tiles=(supply_x, 16 + 144 * v),
        tiles_w=9 * 54,
    )


def _draw_player(
    img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seat: str, box, players: int
) -> None:
    p = view["players"][seat]
    x0, y0, x1, y1 = box
    lay = panel_layout(players, box)
    f = lay.f
    acting = seat in view["to_act"]
    colour = seat_colour(seat)
    layers.panel(
        d, box, header=colour, header_height=8, outline=INK if acting else FAINT, width=4 if acting else 2
    )
    seat_marker(d, seat, (x0 + 30 * f, y0 + 40 * f), 20 * f)
    if view["start"] == seat:
        paste_icon(img, "goa_flag", (x0 + 30 * f, y0 + 84 * f), int(32 * f))
    if acting:
        paste_icon(img, "hourglass", (x0 + 30 * f, y0 + 124 * f), int(28 * f))
    if seat in (view.get("bots") or []):  # a computer player holds the seat
        paste_icon(img, "robot", (x0 + 30 * f, y0 + 164 * f), int(28 * f))
    # the player's name, in any script
    size = int(20 * f)
    name = truncate(player_name(view, seat), size, int(lay.name_w), bold=True)
    draw_text(d, (x0 + lay.name[0], min(y0 + lay.name[1], y1 - 18)), name, size, INK, True, "lm")
    _draw_progress(img, d, p["progress"], colour, x0 + lay.progress[0], y0 + lay.progress[1], f, lay.v)
    _draw_supply(img, d, p, x0 + lay.supply[0], y0 + lay.supply[1], lay.slot_w, f, lay.v)
    _draw_counts(img, d, p, x0 + lay.counts[0], y0 + lay.counts[1], f, lay.v)
    _draw_tiles(img, d, p, x0 + lay.tiles[0], y0 + lay.tiles[1], lay.tiles_w, y1 - 8, f)


def _draw_progress(img, d, progress, colour, px, py, f: float, v: float) -> None:
    """The progress board: 5 columns (ships, harvest, ducats, expeditions, colonists) × 5 rows."""
    cw, rh = 34 * f, 26 * v
    note("goa_progress")
    for col, name in enumerate(COLUMN_ICONS):
        paste_icon(img, name, (px + 30 * f + col * cw + cw / 2, py + 12 * f), int(24 * f))
    for r in range(5):
        ry = py + 28 * f + r * rh
        text_centered(d, (px + 12 * f, ry + rh / 2), str(ROW_VP[r]), int(13 * f), fill=MUTED, bold=True)
        for col in range(5):
            cx = px + 30 * f + col * cw
            d.rectangle((cx, ry, cx + cw, ry + rh), fill=(250, 244, 230), outline=FAINT)
            if progress[col] == r + 1:
                d.ellipse(
                    (cx + 7 * f, ry + rh / 2 - 10 * f, cx + cw - 7 * f, ry + rh / 2 + 10 * f),
                    fill=colour,
                    outline=INK,
                    width=2,
                )


def _draw_supply(img, d, p, sx, py, slot_w, f: float, v: float) -> None:
    """The supply board: 4 plantation spaces above 4 colony spaces."""
    plant_h, colony_y, colony_h = 62 * v, 70 * v, 66 * v
    gap = 6 * f if f == 1 else 8
    for k in range(4):
        bx = sx + k * (slot_w + gap)
        rounded_rect(d, (bx, py, bx + slot_w, py + plant_h), radius=8, fill=(236, 226, 200), outline=FAINT)
        if k < len(p["plantations"]):
            pl = p["plantations"][k]
            rounded_rect(
                d,
                (bx + 3, py + 3, bx + slot_w - 3, py + plant_h - 3),
                radius=7,
                fill=TILE_COLOURS["plantation"],
            )
            n, cap = pl["count"], pl["cap"]
            note("goa_slot")
            # in a wide space (two players) the spices sit in its middle
            first = bx + 18 * f if slot_w <= 100 * f else bx + slot_w / 2 - (cap - 1) * 14 * f
            for i in range(cap):
                ix = first + i * 28 * f
                alpha = 1.0 if i < n else 0.28
                paste_icon(img, SPICE_ICONS[pl["spice"]], (ix, py + 26 * v), int(26 * f), alpha=alpha)
            text_centered(
                d,
                (bx + slot_w / 2, py + plant_h - 12 * f),
                f"{n}/{cap}",
                int(14 * f),
                fill=(255, 255, 255),
                bold=True,
            )
            if cap == 1:
                paste_icon(img, "star", (bx + slot_w - 14 * f, py + 14 * f), int(18 * f))
        else:
            text_centered(
                d, (bx + slot_w / 2, py + plant_h / 2), str(k + 1), int(18 * f), fill=FAINT, bold=True
            )
    for k, name in enumerate(("quilon", "cochin", "madras", "calicut")):
        bx = sx + k * (slot_w + gap)
        by = py + colony_y
        col = p["colonies"].get(name)
        rounded_rect(
            d,
            (bx, by, bx + slot_w, by + colony_h),
            radius=8,
            fill=(214, 230, 206) if col else (236, 226, 200),
            outline=FAINT,
        )
        # the colony told by the colonists it needs, as on its stack (a number, not a word)
        note("goa_need")
        paste_icon(img, "goa_colonist", (bx + slot_w / 2 - 10 * f, by + 11 * f), int(16 * f), alpha=0.8)
        text_centered(
            d,
            (bx + slot_w / 2 + 9 * f, by + 11 * f),
            str(COLONY_NEED[name]),
            int(13 * f),
            fill=MUTED,
            bold=True,
        )
        if col:
            for f_i, field in enumerate(col["fields"]):
                _draw_colony_spices(img, d, bx + 6 * f, by + 30 * f + f_i * 22 * v, field, f)


def _draw_counts(img, d, p, cx, cy, f: float, v: float) -> None:
    """Ships, colonists, extra-action cards and the expedition hand: its size (not its cards)
    over the hand limit, in red when over it (a tile or a first-to-row card may put it there);
    beside it, small, how many cards the Expedition action draws (revision 3)."""
    stats = [
        ("ship", p["ships"]),
        ("goa_colonist", p["colonists"]),
        ("goa_action", p["extra_actions"]),
        ("goa_expedition", f"{p['hand_size']}/{p['hand_limit']}"),
    ]
    for k, (name, n) in enumerate(stats):
        yy = cy + k * 34 * v
        paste_icon(img, name, (cx, yy), int(28 * f))
        over = name == "goa_expedition" and p["hand_size"] > p["hand_limit"]
        text_centered(d, (cx + 38 * f, yy), str(n), int(20 * f), fill=RED if over else INK, bold=True)
        if name == "goa_expedition" and p.get("hand_draw") is not None:
            note("goa_plus_draw")
            badge(d, (cx - 12 * f, yy + 12 * f), f"+{p['hand_draw']}", int(12 * f))


def _draw_tiles(img, d, p, tx, ty, width, bottom, f: float) -> None:
    """The tiles owned (each-round, duty, missions, one-time), small, in rows within ``width``;
    the duty stars earned after them."""
    ts = max(24, min(int(48 * f), int(bottom - ty)))
    step = ts + 6
    per_row = max(1, int((width + 6) // step))
    items: list[dict[str, Any] | None] = list(p["tiles"][:9])
    if p["duty_used"]:
        items.append(None)
    items += [{"kind": "face_down"}] * p.get("face_down_plantations", 0)
    for k, tile in enumerate(items):
        r, col = divmod(k, per_row)
        x, y = tx + col * step, ty + r * step
        if tile is not None and tile["kind"] == "face_down":
            # a single plantation replaced by a fifth: kept face down, 1 VP at the end
            note("goa_face_down")
            rounded_rect(d, (x, y, x + ts, y + ts), radius=6, fill=PAPER_DARK, outline=INK, width=2)
            d.line((x + 5, y + 5, x + ts - 5, y + ts - 5), fill=MUTED, width=2)
            paste_icon(img, "star", (x + ts / 2, y + ts / 2), int(ts * 0.6))
            text_outlined(d, (x + ts / 2, y + ts / 2 + 1), "1", int(16 * f))
            continue
        if tile is None:
            note("goa_duty")
            paste_icon(img, "star", (x + ts / 2, y + ts / 2), ts)
            text_outlined(d, (x + ts / 2, y + ts / 2 + 1), str(4 * p["duty_used"]), int(16 * f))
            continue
        paste_tile(img, _tile_key(tile), ts, (int(x), int(y)))
        if tile.get("used_this_round"):
            paste_icon(img, "check", (x + ts - 8, y + ts - 8), int(18 * f))


def _draw_colony_spices(img, d, x, y, field, f: float = 1.0) -> None:
    filled = [k for k, n in field["spices"].items() for _ in range(n)]
    for i in range(field["cap"]):
        ix = x + 8 * f + i * 19 * f
        if i < len(filled):
            paste_icon(img, SPICE_ICONS[filled[i]], (ix, y), int(18 * f))
        else:
            d.ellipse((ix - 5 * f, y - 5 * f, ix + 5 * f, y + 5 * f), outline=MUTED, width=2)


def _draw_result(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    result = view.get("result")
    if not result:
        return
    x = 760
    ducats = result.get("tiebreak", {}).get("ducats", {})
    for k, seat in enumerate(result["ranking"]):
        bx = x + k * 205
        text_centered(d, (bx + 14, 43), f"#{result['places'][seat]}", 16, bold=True)
        seat_marker(d, seat, (bx + 50, 43), 16)
        paste_icon(img, "star", (bx + 86, 43), 28)
        text_centered(d, (bx + 118, 43), str(result["scores"][seat]), 20, bold=True)
        if seat in ducats:
            paste_icon(img, "coin", (bx + 150, 43), 22)
            text_centered(d, (bx + 178, 43), str(ducats[seat]), 16, fill=MUTED, bold=True)


def player_box(players: int, k: int) -> tuple[int, int, int, int]:
    """The panel of the ``k``-th of ``players`` seats, right of the grid: the panels share the
    column's height (at most :func:`panel_layout`'s tall panel each)."""
    gap, top = 10, 86
    h = min(432, (HEIGHT - top - 20 - gap * (players - 1)) // players)
    y = top + k * (h + gap)
    return (PANEL_X, y, PANEL_X + PANEL_W, y + h)


def draw(view: dict[str, Any]) -> Image.Image:
    """The public board for a ``rules.view(state, None)`` dict."""
    img = layers.cached_layer(("goa", "base", WIDTH, HEIGHT), _base).copy()
    d = ImageDraw.Draw(img)
    _draw_header(img, d, view)
    _draw_grid(img, d, view)
    _draw_colonies(img, d, view)
    seats = view["seats"]
    for k, seat in enumerate(seats):
        _draw_player(img, d, view, seat, player_box(len(seats), k), len(seats))
    _draw_result(img, d, view)
    marks.mark(img, view, _mark_parts(view))
    return img


# --------------------------------------------------------------------------------------------
# Where things are (for pictures made of parts of the board: render/goa/decision.py)

Box = tuple[int, int, int, int]


def place_box(pos: str) -> Box:
    """A grid space (``c3``) or a ring place (``z2``, ``a0``…) as the board draws it."""
    r, col = _parse_pos(pos)
    if 0 <= r < 5 and 0 <= col < 5:
        return _cell_box(r, col)
    cx, cy = _ring_centre(r, col)
    return (round(cx - 24), round(cy - 24), round(cx + 24), round(cy + 24))


def regions(view: dict[str, Any]) -> dict[str, Box]:
    """The boxes, in board pixels, of the parts of the picture :func:`draw` makes of ``view``:
    ``header``, ``grid`` (with the ring of places around it), ``colonies`` (the stacks) and per
    seat ``player:<seat>`` with its ``progress:<seat>`` board (and the seat's marker and name)
    and its ``supply:<seat>`` board (plantations, colonies, counts and tiles). In the tall panels
    of two players (:func:`panel_layout`) the progress part is the upper band (marker, progress
    board, name, tiles) and the supply part the lower (supply board, counts). Places: see
    :func:`place_box`."""
    seats = list(view["seats"])
    grid = (GRID_X - RING, GRID_Y - RING, GRID_X + 5 * CELL + RING, GRID_Y + 5 * CELL + RING)
    out: dict[str, Box] = {
        "header": (0, 0, WIDTH, GRID_Y - RING - 4),
        "grid": grid,
        "colonies": (grid[0], grid[3] + 8, grid[2], HEIGHT - 16),
    }
    for k, seat in enumerate(seats):
        x0, y0, x1, y1 = box = player_box(len(seats), k)
        out[f"player:{seat}"] = box
        lay = panel_layout(len(seats), box)
        if lay.f == 1:  # a wide panel: the progress board on the left, the rest on the right
            out[f"progress:{seat}"] = (x0 + 6, y0 + 11, x0 + 268, y1 - 5)
            out[f"supply:{seat}"] = (x0 + 268, y0 + 11, x1 - 6, y1 - 5)
        else:  # a tall panel: progress board (with name and tiles) above, supply board below
            cut = round(y0 + lay.supply[1] - 9)
            out[f"progress:{seat}"] = (x0 + 6, y0 + 11, x1 - 6, cut)
            out[f"supply:{seat}"] = (x0 + 6, cut, x1 - 6, y1 - 5)
    return out


def phone_areas(view: dict[str, Any]) -> list[Box]:
    """The areas of the phone board (:mod:`render.phone_layout`), in reading order: the rounds and
    the auction lot, the grid with its ring, the colony stacks, then each player's progress board
    and supply board."""
    found = regions(view)
    seats = [box for seat in view["seats"] for box in (found[f"progress:{seat}"], found[f"supply:{seat}"])]
    return [header(found["header"]), found["grid"], found["colonies"], *seats]


def _mark_parts(view: dict[str, Any]) -> list[tuple[tuple[Any, ...], marks.Box]]:
    """The parts of the picture the change marks go round (:mod:`render.marks`): each grid
    space, the flag and markers round the grid, each colony stack, each player's panel."""
    parts: list[tuple[tuple[Any, ...], marks.Box]] = []
    for r in range(5):
        for col in range(5):
            x0, y0, x1, y1 = _cell_box(r, col)
            parts.append((("grid", r, col), (x0 + 3, y0 + 3, x1 - 3, y1 - 3)))
    ring = (GRID_X - RING + 4, GRID_Y - RING + 4, GRID_X + 5 * CELL + RING - 4, GRID_Y + 5 * CELL + RING - 4)
    parts += [(("flag",), ring), (("markers",), ring)]
    y = GRID_Y + 5 * CELL + RING + 14
    w = (5 * CELL + 2 * RING) // 4
    for k, name in enumerate(view["colony_stacks"]):
        x = GRID_X - RING + k * w
        parts.append((("colony_stacks", name), (x + 2, y, x + w - 4, HEIGHT - 22)))
    for k, seat in enumerate(view["seats"]):
        parts.append((("players", seat), player_box(len(view["seats"]), k)))
    return parts


__all__ = ["draw", "place_box", "player_box", "regions", "tile_image", "font", "icon"]
