"""The Santiago de Cuba table as a picture: the road with the car and the nine Cubans (face up or
down), the four flower districts with their buildings, figures and property markers, the ship
with its dice and the value marker, the ship track and each player's public pieces.

Drawn from ``rules.view(state, None)``: no pesos, goods or VP (they stay behind the screens and
reach their owner as text). Language-neutral: effects are pictograms and numbers, districts are
told by flower colour *and* petal count, players by seat colour *and* shape.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render import layers, marks
from render.colours import CARD, FAINT, FRAME, INK, MUTED, OUTLINE, PAPER, RED, rgb
from render.goods import line_width
from render.icons import note, paste_icon, register_icon
from render.layout import player_name, truncate
from render.seats import SEAT_SHAPES, seat_colour, seat_index, seat_marker, shape_points
from render.shapes import polygon, rounded_rect
from render.text import badge, draw_text, text_centered

WIDTH, HEIGHT = 1600, 1000
TILE = 118  # a Cuban tile on the road
ROAD_BOX = (28, 28, 992, 972)  # the loop the road follows
PANEL_X = 1016
NAME_H = 26  # the name line on top of each player panel

#: Flower colour and petal count of each district (the count tells the colours apart).
FLOWERS: dict[str, tuple[tuple[int, int, int], int]] = {
    "yellow": ((242, 196, 30), 5),
    "blue": ((58, 120, 210), 4),
    "red": ((214, 56, 56), 6),
    "white": ((250, 250, 246), 3),
}
DISTRICT_TINT = {
    "yellow": (250, 236, 180),
    "blue": (206, 222, 244),
    "red": (244, 206, 200),
    "white": (246, 244, 238),
}
DIE_FILL = {
    "sugar": ((250, 250, 250), INK),
    "citrus": ((246, 146, 30), INK),
    "tobacco": ((60, 150, 70), (255, 255, 255)),
    "rum": ((196, 40, 40), (255, 255, 255)),
    "cigar": ((40, 40, 44), (255, 255, 255)),
}
ROAD_COLOUR = (196, 176, 140)
ROAD_EDGE = (150, 130, 96)
HARBOUR_WATER = (96, 158, 196)
CAR_COLOUR = (220, 60, 50)
HIGHLIGHT = (232, 176, 38)

# Stop centres, clockwise from the harbour at the bottom middle (bottom → left → top → right).
_L, _T, _R, _B = 96, 96, 924, 904
STOPS: tuple[tuple[int, int], ...] = (
    (510, _B),  # harbour
    (250, _B),
    (_L, 640),
    (_L, 370),
    (250, _T),
    (510, _T),
    (770, _T),
    (_R, 370),
    (_R, 640),
    (770, _B),
)
DISTRICT_BOXES: dict[str, tuple[int, int, int, int]] = {
    "yellow": (188, 184, 500, 490),
    "blue": (520, 184, 832, 490),
    "red": (188, 510, 500, 816),
    "white": (520, 510, 832, 816),
}

# --------------------------------------------------------------------------------------------
# Icons of this game (candidates for render/icons.py: die, arrow, chequered flag, car)


@register_icon("santiago_mask")
def _mask(d: ImageDraw.ImageDraw, s: int) -> None:
    """El Zorro's black mask."""
    w = line_width(s)
    rounded_rect(
        d,
        (s * 0.06, s * 0.3, s * 0.94, s * 0.7),
        radius=int(s * 0.2),
        fill=(30, 30, 34),
        outline=OUTLINE,
        width=w,
    )
    for cx in (0.32, 0.68):
        d.ellipse((s * (cx - 0.12), s * 0.4, s * (cx + 0.12), s * 0.58), fill=(250, 250, 250))
    d.polygon([(s * 0.06, s * 0.45), (s * -0.02, s * 0.8), (s * 0.14, s * 0.62)], fill=(30, 30, 34))


@register_icon("santiago_car")
def _car(d: ImageDraw.ImageDraw, s: int) -> None:
    """The shared car, seen from the side."""
    w = line_width(s)
    d.polygon(
        [
            (s * 0.06, s * 0.7),
            (s * 0.06, s * 0.48),
            (s * 0.26, s * 0.44),
            (s * 0.36, s * 0.24),
            (s * 0.7, s * 0.24),
            (s * 0.82, s * 0.44),
            (s * 0.94, s * 0.48),
            (s * 0.94, s * 0.7),
        ],
        fill=CAR_COLOUR,
        outline=OUTLINE,
        width=w,
    )
    d.polygon(
        [(s * 0.4, s * 0.3), (s * 0.52, s * 0.3), (s * 0.52, s * 0.44), (s * 0.33, s * 0.44)],
        fill=(200, 230, 250),
    )
    d.polygon(
        [(s * 0.56, s * 0.3), (s * 0.67, s * 0.3), (s * 0.76, s * 0.44), (s * 0.56, s * 0.44)],
        fill=(200, 230, 250),
    )
    for cx in (0.26, 0.74):
        d.ellipse(
            (s * (cx - 0.12), s * 0.58, s * (cx + 0.12), s * 0.82),
            fill=(40, 40, 44),
            outline=OUTLINE,
            width=w,
        )
        d.ellipse((s * (cx - 0.05), s * 0.65, s * (cx + 0.05), s * 0.75), fill=(190, 190, 190))


@register_icon("santiago_paper")
def _paper(d: ImageDraw.ImageDraw, s: int) -> None:
    """A newspaper."""
    w = line_width(s)
    d.rectangle((s * 0.14, s * 0.16, s * 0.86, s * 0.84), fill=(250, 250, 246), outline=OUTLINE, width=w)
    d.rectangle((s * 0.22, s * 0.24, s * 0.78, s * 0.36), fill=(40, 40, 44))
    for y in (0.46, 0.56, 0.66, 0.76):
        d.line((s * 0.22, s * y, s * 0.48, s * y), fill=(120, 120, 120), width=w)
        d.line((s * 0.54, s * y, s * 0.78, s * y), fill=(120, 120, 120), width=w)


@register_icon("santiago_tile_down")
def _tile_down(d: ImageDraw.ImageDraw, s: int) -> None:
    """A Cuban tile lying face down."""
    w = line_width(s)
    rounded_rect(
        d,
        (s * 0.16, s * 0.12, s * 0.84, s * 0.88),
        radius=int(s * 0.1),
        fill=(92, 84, 120),
        outline=OUTLINE,
        width=w,
    )
    d.line((s * 0.24, s * 0.2, s * 0.76, s * 0.8), fill=(150, 140, 180), width=w)
    d.line((s * 0.76, s * 0.2, s * 0.24, s * 0.8), fill=(150, 140, 180), width=w)


@register_icon("santiago_flag")
def _flag(d: ImageDraw.ImageDraw, s: int) -> None:
    """The chequered flag."""
    w = line_width(s)
    d.line((s * 0.18, s * 0.1, s * 0.18, s * 0.92), fill=OUTLINE, width=w * 2)
    n = 4
    x0, y0, cw, ch = s * 0.2, s * 0.12, s * 0.18, s * 0.12
    for i in range(n):
        for j in range(n):
            fill = (30, 30, 34) if (i + j) % 2 == 0 else (250, 250, 250)
            d.rectangle((x0 + i * cw, y0 + j * ch, x0 + (i + 1) * cw, y0 + (j + 1) * ch), fill=fill)
    d.rectangle((x0, y0, x0 + n * cw, y0 + n * ch), outline=OUTLINE, width=w)


# --------------------------------------------------------------------------------------------
# Small drawing helpers


def arrow(d: ImageDraw.ImageDraw, x0: float, y: float, x1: float, colour=INK, both: bool = False) -> None:
    """A horizontal arrow from ``x0`` to ``x1`` (a double arrow with ``both``)."""
    d.line((x0, y, x1, y), fill=colour, width=3)
    head = 7
    d.polygon([(x1, y), (x1 - head, y - head), (x1 - head, y + head)], fill=colour)
    if both:
        d.polygon([(x0, y), (x0 + head, y - head), (x0 + head, y + head)], fill=colour)


def vertical_arrows(d: ImageDraw.ImageDraw, x: float, y0: float, y1: float) -> None:
    """An up-and-down arrow (the harbour master moves the marker either way)."""
    d.line((x, y0, x, y1), fill=INK, width=3)
    d.polygon([(x, y0 - 2), (x - 8, y0 + 8), (x + 8, y0 + 8)], fill=INK)
    d.polygon([(x, y1 + 2), (x - 8, y1 - 8), (x + 8, y1 - 8)], fill=INK)


def flower(d: ImageDraw.ImageDraw, colour: str, xy: tuple[float, float], r: float) -> None:
    """The district's flower: its colour and its number of petals."""
    note("santiago_flower")
    fill, petals = FLOWERS[colour]
    cx, cy = xy
    pr = r * 0.45
    for k in range(petals):
        a = -math.pi / 2 + 2 * math.pi * k / petals
        px, py = cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=fill, outline=INK, width=2)
    d.ellipse(
        (cx - r * 0.28, cy - r * 0.28, cx + r * 0.28, cy + r * 0.28),
        fill=(250, 214, 80),
        outline=INK,
        width=2,
    )


def die(
    d: ImageDraw.ImageDraw,
    good: str,
    xy: tuple[float, float],
    size: int,
    value: int | None,
    faded: bool = False,
) -> None:
    """A ship die in its good's colour showing ``value`` as a number."""
    note("santiago_dice")
    fill, ink = DIE_FILL[good]
    if faded:
        fill = rgb(int(v * 0.45 + 200 * 0.55) for v in fill)
        ink = MUTED
    x, y = xy
    h = size / 2
    rounded_rect(d, (x - h, y - h, x + h, y + h), radius=size // 6, fill=fill, outline=INK, width=3)
    if value is not None:
        text_centered(d, (x, y), str(value), int(size * 0.62), fill=ink, bold=True)


def amount(
    img: Image.Image, d: ImageDraw.ImageDraw, name: str, n: int | None, xy: tuple[float, float], size: int
) -> None:
    """An icon with a count in front of it ("2 ×tobacco" drawn as "2" and the icon)."""
    x, y = xy
    if n is None:
        paste_icon(img, name, (x, y), size)
        return
    text_centered(d, (x - size * 0.5, y), str(n), int(size * 0.62), bold=True)
    paste_icon(img, name, (x + size * 0.3, y), size)


# --------------------------------------------------------------------------------------------
# Effects as pictograms


def cuban_effect(
    img: Image.Image, d: ImageDraw.ImageDraw, cuban: str, xy: tuple[float, float], s: int
) -> None:
    """What a Cuban gives, centred on ``xy`` (``s`` = icon size)."""
    x, y = xy
    simple = {"pedro": "tobacco", "jose": "sugar", "conchita": "citrus", "miguel": "wood", "maria": "star"}
    if cuban in simple:
        amount(img, d, simple[cuban], 2, (x, y), s)
    elif cuban == "martinez":
        amount(img, d, "coin", 3, (x, y), s)
    elif cuban == "pablo":
        small = int(s * 0.55)
        for k, good in enumerate(("sugar", "citrus", "tobacco", "rum", "cigar")):
            gx = x + (k - 2) * small * 0.78
            gy = y + (-small * 0.28 if k % 2 else small * 0.22)
            paste_icon(img, good, (gx, gy), small)
        text_centered(d, (x, y + s * 0.62), "1", int(s * 0.42), bold=True)
    elif cuban == "alonso":
        paste_icon(img, "house", (x, y), s)
    elif cuban == "zorro":
        paste_icon(img, "santiago_mask", (x, y), s)


def building_effect(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    building: str,
    box: tuple[float, float, float, float],
    k: float = 1.0,
) -> None:
    """The building's effect centred in ``box``, drawn at scale ``k``."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def z(v: float) -> int:
        return int(round(v * k))

    if building == "bank":
        amount(img, d, "coin", 2, (cx, cy), z(42))
    elif building == "church":
        amount(img, d, "star", 1, (cx, cy), z(42))
    elif building in ("distillery", "factory"):
        src, dst = ("sugar", "rum") if building == "distillery" else ("tobacco", "cigar")
        paste_icon(img, src, (cx - z(30), cy), z(36))
        arrow(d, cx - z(10), cy, cx + z(10))
        paste_icon(img, dst, (cx + z(30), cy), z(36))
    elif building == "market":
        paste_icon(img, "resource", (cx - z(30), cy), z(34))
        arrow(d, cx - z(12), cy, cx + z(12), both=True)
        paste_icon(img, "resource", (cx + z(30), cy), z(34))
    elif building == "sawmill":
        paste_icon(img, "wood", (cx - z(30), cy), z(32))
        arrow(d, cx - z(13), cy, cx + z(3))
        paste_icon(img, "star", (cx + z(22), cy - z(13)), z(26))
        paste_icon(img, "coin", (cx + z(22), cy + z(14)), z(26))
    elif building == "cafe":
        for j, good in enumerate(("rum", "cigar")):
            yy = cy + z(-16 + j * 32)
            paste_icon(img, good, (cx - z(30), yy), z(28))
            arrow(d, cx - z(14), yy, cx + z(2))
            amount(img, d, "star", 2, (cx + z(24), yy), z(26))
    elif building == "casino":
        amount(img, d, "coin", 3, (cx - z(24), cy), z(30))
        arrow(d, cx - z(2), cy, cx + z(18), both=True)
        paste_icon(img, "star", (cx + z(34), cy), z(30))
    elif building == "customs":
        die(d, "tobacco", (cx - z(28), cy), z(32), None, faded=True)
        arrow(d, cx - z(10), cy, cx + z(10))
        die(d, "sugar", (cx + z(30), cy), z(32), 0)
    elif building == "harbourmaster":
        paste_icon(img, "santiago_flag", (cx - z(14), cy), z(42))
        vertical_arrows(d, cx + z(22), cy - z(20), cy + z(20))
    elif building == "office":
        paste_icon(img, "resource", (cx - z(32), cy), z(30))
        arrow(d, cx - z(16), cy, cx)
        paste_icon(img, "ship", (cx + z(18), cy - z(8)), z(32))
        amount(img, d, "star", 2, (cx + z(24), cy + z(21)), z(20))
    elif building == "newspaper":
        paste_icon(img, "santiago_paper", (cx - z(28), cy), z(36))
        text_centered(d, (cx + z(4), cy - z(14)), "+1", z(16), bold=True)
        paste_icon(img, "coin", (cx + z(28), cy - z(14)), z(22))
        paste_icon(img, "santiago_tile_down", (cx + z(18), cy + z(16)), z(28))


# --------------------------------------------------------------------------------------------
# The static layer: road, harbour, district panels and their buildings (random per game)


def building_box(district: str, k: int) -> tuple[int, int, int, int]:
    """The ``k``-th building of a district: one row each, effect left, pieces right."""
    x0, y0, x1, y1 = DISTRICT_BOXES[district]
    h = (y1 - y0 - 62) // 3
    by = y0 + 54 + k * h
    return (x0 + 10, by + 3, x1 - 10, by + h - 3)


def _base(layout: tuple[tuple[str, tuple[str, ...]], ...]) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    d = ImageDraw.Draw(img)
    rounded_rect(d, (8, 8, WIDTH - 8, HEIGHT - 8), radius=18, fill=PAPER)
    # the road
    pts = [*STOPS, STOPS[0]]
    d.line(pts, fill=ROAD_EDGE, width=46, joint="curve")
    d.line(pts, fill=ROAD_COLOUR, width=38, joint="curve")
    # clockwise arrows between stops
    for i in range(len(STOPS)):
        (ax, ay), (bx, by) = STOPS[i], STOPS[(i + 1) % len(STOPS)]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ang = math.atan2(by - ay, bx - ax)
        tip = (mx + math.cos(ang) * 10, my + math.sin(ang) * 10)
        left = (mx + math.cos(ang + 2.5) * 10, my + math.sin(ang + 2.5) * 10)
        right = (mx + math.cos(ang - 2.5) * 10, my + math.sin(ang - 2.5) * 10)
        d.polygon([tip, left, right], fill=ROAD_EDGE)
    # harbour
    hx, hy = STOPS[0]
    rounded_rect(d, (hx - 80, hy - 56, hx + 80, hy + 56), radius=16, fill=HARBOUR_WATER, outline=INK, width=3)
    paste_icon(img, "ship", (hx, hy - 4), 72)
    # districts
    for colour, buildings in layout:
        box = DISTRICT_BOXES[colour]
        layers.panel(d, box, fill=DISTRICT_TINT[colour], outline=INK, radius=14, width=3)
        flower(d, colour, ((box[0] + box[2]) / 2, box[1] + 28), 22)
        for k, building in enumerate(buildings):
            bb = building_box(colour, k)
            rounded_rect(d, bb, radius=10, fill=CARD, outline=INK, width=2)
            d.line((bb[2] - 112, bb[1] + 10, bb[2] - 112, bb[3] - 10), fill=FAINT, width=2)
            building_effect(img, d, building, (bb[0], bb[1], bb[2] - 112, bb[3]), k=1.15)
    return img


# --------------------------------------------------------------------------------------------
# The turn's pieces


def _draw_road(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    car = view["car"]
    for stop in view["road"][1:]:
        x, y = STOPS[stop["space"]]
        h = TILE // 2
        box = (x - h, y - h, x + h, y + h)
        if stop["face_up"]:
            rounded_rect(d, box, radius=14, fill=CARD, outline=INK, width=3)
            cuban_effect(img, d, stop["cuban"], (x, y + 8), 44)
            if stop["colour"] is not None:
                flower(d, stop["colour"], (x - h + 18, y - h + 18), 14)
            else:
                d.ellipse((x - h + 6, y - h + 6, x - h + 30, y - h + 30), outline=MUTED, width=2)
        else:
            rounded_rect(d, box, radius=14, fill=(92, 84, 120), outline=INK, width=3)
            paste_icon(img, "santiago_tile_down", (x, y), 70)
        note("santiago_stop")
        text_centered(d, (x + h - 16, y - h + 16), str(stop["space"]), 15, fill=MUTED, bold=True)
    # the car sits on the road beside its stop, with a ring round the stop
    x, y = STOPS[car]
    h = TILE // 2 + 6 if car else 90
    ring = (x - h, y - (68 if car == 0 else h), x + h, y + (68 if car == 0 else h))
    rounded_rect(d, ring, radius=18, outline=HIGHLIGHT, width=6)
    cx, cy = _car_spot(car)
    d.ellipse((cx - 34, cy - 34, cx + 34, cy + 34), fill=HIGHLIGHT, outline=INK, width=3)
    paste_icon(img, "santiago_car", (cx, cy), 58)


def _car_spot(space: int) -> tuple[float, float]:
    """Where the car is drawn for ``space``: on the road beside its stop, on the side it will
    leave by (towards the next stop)."""
    x, y = STOPS[space]
    nx, ny = STOPS[(space + 1) % len(STOPS)]
    dist = math.hypot(nx - x, ny - y)
    reach = 124 if space == 0 else TILE // 2 + 38
    return (x + (nx - x) / dist * reach, y + (ny - y) / dist * reach)


def _draw_districts(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    pending = view["pending"]
    marked = set(pending.get("options", []))  # the figure may go to one of these
    if "building" in pending:
        marked.add(pending["building"])  # the building being used
    for colour, buildings in view["districts"].items():
        for k, b in enumerate(buildings):
            x0, y0, x1, y1 = building_box(colour, k)
            if b["building"] in marked:
                rounded_rect(d, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=12, outline=HIGHLIGHT, width=5)
            cy = (y0 + y1) / 2
            if b["figure"] is not None:
                note("santiago_figure")
                seat_marker(d, b["figure"], (x1 - 78, cy), 28)
            if b["owner"] is not None:
                property_marker(d, b["owner"], (x1 - 28, cy))


def property_marker(d: ImageDraw.ImageDraw, seat: str, xy: tuple[float, float]) -> None:
    """A house in the owner's colour with the owner's shape on it."""
    note("santiago_property")
    x, y = xy
    fill = seat_colour(seat)
    polygon(  # stamped (render/shapes.py): Pillow masks a wide outline with the whole picture
        d,
        [(x - 16, y - 2), (x, y - 18), (x + 16, y - 2), (x + 16, y + 16), (x - 16, y + 16)],
        fill=fill,
        outline=INK,
        width=2,
    )
    pts = shape_points(SEAT_SHAPES[seat_index(seat)], x, y + 5, 7)
    polygon(d, pts, fill=(255, 255, 255), outline=INK, width=1)


def _draw_ship(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    ship = view["ship"]
    box = (PANEL_X, 24, WIDTH - 24, 420)
    layers.panel(d, box, radius=14)
    x0, y0 = box[0] + 24, box[1] + 20
    # the ship track 1..7
    note("santiago_ships")
    paste_icon(img, "ship", (x0 + 20, y0 + 24), 44)
    for k in range(1, ship["ships"] + 1):
        x = x0 + 70 + (k - 1) * 62
        current = k == ship["number"]
        past = k < ship["number"]
        fill = HIGHLIGHT if current else (FAINT if past else CARD)
        rounded_rect(
            d, (x, y0, x + 50, y0 + 48), radius=10, fill=fill, outline=INK, width=3 if current else 2
        )
        text_centered(d, (x + 25, y0 + 24), str(k), 24, fill=MUTED if past else INK, bold=True)
    # the value track 2 / 3 / 4 / chequered
    note("santiago_value")
    vy = y0 + 86
    paste_icon(img, "star", (x0 + 20, vy + 30), 40)
    for k, value in enumerate(ship["value_track"]):
        x = x0 + 70 + k * 104
        current = k == ship["value_index"]
        rounded_rect(
            d,
            (x, vy, x + 90, vy + 60),
            radius=12,
            fill=HIGHLIGHT if current else CARD,
            outline=INK,
            width=4 if current else 2,
        )
        if value is None:
            paste_icon(img, "santiago_flag", (x + 45, vy + 30), 50)
        else:
            text_centered(d, (x + 45, vy + 30), str(value), 34, bold=True)
        if k < len(ship["value_track"]) - 1:
            arrow(d, x + 92, vy + 30, x + 102)
    # the dice: rolled (choosing) or on board plus the one set aside; a ship that came in this
    # turn waits for its dice (blank, with an hourglass) until the end of the turn
    dy = vy + 130
    dice = ship["rolled"] if ship["rolled"] is not None else ship["dice"]
    goods = ("sugar", "citrus", "tobacco", "rum", "cigar")
    waiting = ship.get("roll_due") is not None and ship["rolled"] is None
    faces = ship.get("faces", {})
    for k, good in enumerate(goods):
        x = x0 + 90 + k * 94
        if good in faces:  # what the die can show, under its good (the orange die differs)
            text_centered(d, (x, dy + 146), " ".join(map(str, faces[good])), 14, fill=MUTED, bold=True)
        if waiting:
            die(d, good, (x, dy + 36), 70, None, faded=True)
            paste_icon(img, good, (x, dy + 112), 44, alpha=0.35)
        elif good in dice:
            die(d, good, (x, dy + 36), 70, dice[good], faded=ship["rolled"] is None and dice[good] == 0)
            paste_icon(img, good, (x, dy + 112), 44)
        elif ship["aside"] == good:
            die(d, good, (x, dy + 36), 70, None, faded=True)
            d.line((x - 30, dy + 6, x + 30, dy + 66), fill=RED, width=6)
            d.line((x + 30, dy + 6, x - 30, dy + 66), fill=RED, width=6)
            paste_icon(img, good, (x, dy + 112), 44, alpha=0.35)
    if waiting:
        paste_icon(img, "hourglass", (x0 + 20, dy + 36), 36)
    if ship["rolled"] is not None:  # the roller is choosing the die to set aside
        rounded_rect(
            d, (x0 + 46, dy - 6, x0 + 90 + 4 * 94 + 44, dy + 80), radius=14, outline=HIGHLIGHT, width=5
        )
        paste_icon(img, "hourglass", (x0 + 20, dy + 36), 36)


def player_box(players: int, i: int) -> tuple[int, int, int, int]:
    """The panel of the ``i``-th of ``players`` seats, below the ship."""
    top, bottom = 440, HEIGHT - 24
    row = min(128, (bottom - top) // players)
    y0 = top + i * row
    return (PANEL_X, y0, WIDTH - 24, y0 + row - 10)


def _draw_players(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    seats = view["seats"]
    pending = view["pending"]
    passed = set(pending.get("passed", [])) if view["step"] == "deliver" else set()
    result = view.get("result")
    for i, seat in enumerate(seats):
        box = player_box(len(seats), i)
        acting = seat in view["to_act"]
        layers.panel(d, box, outline=INK if acting else FAINT, width=4 if acting else 2, radius=12)
        cy = (box[1] + box[3]) / 2 + NAME_H / 2
        seat_marker(d, seat, (box[0] + 40, cy), 26)
        p = view["players"][seat]
        x = box[0] + 90
        # the player's name on the top line, in any script
        name = truncate(player_name(view, seat), 20, box[2] - 16 - x, bold=True)
        draw_text(d, (x + 4, box[1] + NAME_H / 2 + 4), name, 20, INK, True, "lm")
        # figure: where it stands (building pictogram in its district colour) or off the board
        figure_box = (x, cy - 32, x + 150, cy + 32)
        rounded_rect(d, figure_box, radius=10, fill=_figure_tint(view, p["figure"]), outline=INK, width=2)
        if p["figure"] is not None:
            note("santiago_figure")
            building_effect(img, d, p["figure"], figure_box)
        else:
            text_centered(d, (x + 75, cy), "–", 30, fill=MUTED, bold=True)
        # property markers left
        mx = x + 178
        for k in range(3):
            if k < p["markers_left"]:
                property_marker(d, seat, (mx + k * 40, cy))
            else:
                d.polygon(
                    [
                        (mx + k * 40 - 16, cy - 2),
                        (mx + k * 40, cy - 18),
                        (mx + k * 40 + 16, cy - 2),
                        (mx + k * 40 + 16, cy + 16),
                        (mx + k * 40 - 16, cy + 16),
                    ],
                    outline=FAINT,
                    width=2,
                )
        sx = box[2] - 40
        if seat == view["start_player"]:
            paste_icon(img, "crown", (box[0] + 16, cy - 34), 28)
        if seat in (view.get("bots") or []):  # a computer player holds the seat
            paste_icon(img, "robot", (box[0] + 16, cy + 34), 26)
        if result is not None:
            place = result["places"][seat]
            if place == 1:
                paste_icon(img, "trophy", (sx - 60, cy), 40)
            badge(d, (sx, cy), result["scores"][seat], size=26)
        elif acting:
            paste_icon(img, "hourglass", (box[0] + 72, cy - 34), 26)
        elif seat in passed:
            paste_icon(img, "cross", (box[0] + 72, cy - 34), 24)
        if view.get("open_holdings") and "pesos" in p and result is None:
            _draw_holdings(img, d, p, (mx + 150, cy))


def _draw_holdings(
    img: Image.Image, d: ImageDraw.ImageDraw, p: dict[str, Any], xy: tuple[float, float]
) -> None:
    """Open holdings (the Yucata variant only): pesos, VP and goods in small print."""
    x, y = xy
    items = [("coin", p["pesos"]), ("star", p["vp"])] + [(g, n) for g, n in p["goods"].items() if n]
    for k, (name, n) in enumerate(items):
        row, col = divmod(k, 3)
        amount(img, d, name, n, (x + col * 50, y - 26 + row * 28), 22)


def _figure_tint(view: dict[str, Any], building: str | None) -> tuple[int, int, int]:
    if building is None:
        return CARD
    for colour, buildings in view["districts"].items():
        if any(b["building"] == building for b in buildings):
            return DISTRICT_TINT[colour]
    return CARD


def _layout_key(view: dict[str, Any]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((colour, tuple(b["building"] for b in bs)) for colour, bs in view["districts"].items())


def draw(view: dict[str, Any]) -> Image.Image:
    """The public table for ``view`` (``rules.view(state, None)``) as an RGB image."""
    layout = _layout_key(view)
    img = layers.cached_layer(("santiago", layout), lambda: _base(layout)).copy()
    d = ImageDraw.Draw(img)
    _draw_road(img, d, view)
    _draw_districts(img, d, view)
    _draw_ship(img, d, view)
    _draw_players(img, d, view)
    marks.mark(img, view, _mark_parts(view))
    return img


def _mark_parts(view: dict[str, Any]) -> list[tuple[tuple[Any, ...], marks.Box]]:
    """The parts of the picture the change marks go round (:mod:`render.marks`): each road
    tile, the car, each building, the ship, each player's panel."""
    parts: list[tuple[tuple[Any, ...], marks.Box]] = []
    for k, stop in enumerate(view["road"]):
        if k == 0:
            continue
        x, y = STOPS[stop["space"]]
        h = TILE // 2 + 2
        parts.append((("road", k), (x - h, y - h, x + h, y + h)))
    cx, cy = _car_spot(view["car"])
    parts.append((("car",), (cx - 40, cy - 40, cx + 40, cy + 40)))
    for colour, buildings in view["districts"].items():
        for k in range(len(buildings)):
            parts.append((("districts", colour, k), building_box(colour, k)))
    parts.append((("ship",), (PANEL_X, 24, WIDTH - 24, 420)))
    for i, seat in enumerate(view["seats"]):
        parts.append((("players", seat), player_box(len(view["seats"]), i)))
    return parts


# --------------------------------------------------------------------------------------------
# A player's screen (private picture)

SCREEN_W, SCREEN_H = 1200, 260


def draw_private(view: dict[str, Any]) -> Image.Image:
    """The viewer's screen — pesos, VP and goods — for ``rules.view(state, seat)``; only ever
    sent to that seat. A view without the viewer's holdings draws an empty screen."""
    img = Image.new("RGB", (SCREEN_W, SCREEN_H), FRAME)
    d = ImageDraw.Draw(img)
    rounded_rect(d, (6, 6, SCREEN_W - 7, SCREEN_H - 7), radius=18, fill=PAPER)
    seat = view.get("you")
    mine = view["players"].get(seat, {}) if seat else {}
    if seat:
        seat_marker(d, seat, (64, SCREEN_H / 2), 34)
    if "pesos" not in mine:
        return img
    items = [("coin", mine["pesos"]), ("star", mine["vp"])]
    items += [(good, mine["goods"][good]) for good in ("sugar", "citrus", "tobacco", "rum", "cigar", "wood")]
    x = 130
    for k, (name, n) in enumerate(items):
        w = 150 if k < 2 else 118
        box = (x, 40, x + w - 12, SCREEN_H - 40)
        layers.panel(d, box, fill=CARD if n or k < 2 else PAPER, outline=INK if k < 2 else FAINT, radius=14)
        cx = (box[0] + box[2]) / 2
        paste_icon(img, name, (cx, 100), 72, alpha=1.0 if n or k < 2 else 0.3)
        text_centered(d, (cx, 178), str(n), 44, fill=INK if n or k < 2 else MUTED, bold=True)
        x += w
    return img


# --------------------------------------------------------------------------------------------
# Where things are (for pictures made of parts of the board: render/santiago/decision.py)

Box = tuple[int, int, int, int]
SHIP_BOX: Box = (PANEL_X, 24, WIDTH - 24, 420)


def regions(view: dict[str, Any]) -> dict[str, Box]:
    """The boxes, in board pixels, of the parts of the picture :func:`draw` makes of ``view``:
    ``road:<space>`` (0 = the harbour, 1..9 the Cubans' tiles), ``ship`` (tracks and dice),
    ``demand`` (its value track and dice; ``value`` and ``dice`` apart), ``districts``, ``district:<colour>``,
    ``building:<id>`` and ``player:<seat>``."""
    h = TILE // 2 + 4
    out: dict[str, Box] = {}
    for space, (x, y) in enumerate(STOPS):
        out[f"road:{space}"] = (
            (x - 84, y - 60, x + 84, y + 60) if space == 0 else (x - h, y - h, x + h, y + h)
        )
    out["ship"] = SHIP_BOX
    out["demand"] = (SHIP_BOX[0], SHIP_BOX[1] + 96, SHIP_BOX[2], SHIP_BOX[3] - 6)
    out["value"] = (SHIP_BOX[0], SHIP_BOX[1] + 98, SHIP_BOX[2], SHIP_BOX[1] + 176)
    out["dice"] = (SHIP_BOX[0], SHIP_BOX[1] + 228, SHIP_BOX[2], SHIP_BOX[3] - 6)
    xs = [b[0] for b in DISTRICT_BOXES.values()] + [b[2] for b in DISTRICT_BOXES.values()]
    ys = [b[1] for b in DISTRICT_BOXES.values()] + [b[3] for b in DISTRICT_BOXES.values()]
    out["districts"] = (min(xs) - 8, min(ys) - 8, max(xs) + 8, max(ys) + 8)
    for colour, box in DISTRICT_BOXES.items():
        out[f"district:{colour}"] = (box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6)
    for colour, buildings in view["districts"].items():
        for k, b in enumerate(buildings):
            out[f"building:{b['building']}"] = building_box(colour, k)
    for i, seat in enumerate(view["seats"]):
        out[f"player:{seat}"] = player_box(len(view["seats"]), i)
    return out


def phone_areas(view: dict[str, Any]) -> list[Box]:
    """The areas of the phone board (:mod:`render.phone_layout`), in reading order: the road in
    four corners, each a district with the road beside it, then the ship and each player's panel."""
    found = regions(view)
    road = [box for name, box in found.items() if name.startswith("road:")]
    left, right = min(b[0] for b in road) - 10, max(b[2] for b in road) + 10
    top, bottom = min(b[1] for b in road) - 10, max(b[3] for b in road) + 10
    # the middle of the districts' rows and columns; each corner reaches half a tile past it, so
    # the road's middle tiles (top and bottom) are whole in both corners beside them
    mid_y = (found["district:yellow"][3] + found["district:red"][1]) // 2
    mid_x = (found["district:yellow"][2] + found["district:blue"][0]) // 2
    reach = TILE // 2 + 10
    corners = [
        (left, top, mid_x + reach, mid_y),
        (mid_x - reach, top, right, mid_y),
        (left, mid_y, mid_x + reach, bottom),
        (mid_x - reach, mid_y, right, bottom),
    ]
    return corners + [found["ship"]] + [found[f"player:{seat}"] for seat in view["seats"]]
