"""Santiago de Cuba's legend: the key to the pictures — every pictogram, icon and mark the
board, turn and decision pictures draw, each with its meaning in the reader's language
(``render.legend``). It draws with the board's own pieces (:mod:`render.santiago.board`)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import marks
from render.colours import CARD, FAINT, FRAME, INK, MUTED, PAPER, RED
from render.icons import paste_icon
from render.santiago.board import (
    CAR_COLOUR,
    FLOWERS,
    HIGHLIGHT,
    arrow,
    building_effect,
    cuban_effect,
    die,
    flower,
    property_marker,
)
from render.seats import seat_marker
from render.symbols import Key, draw_keys, keys_height
from render.text import badge, draw_label, text_centered

LEGEND_W = 1400
LEGEND_ROW_H = 66
LEGEND_MARGIN = 24


def legend_text(item: str) -> str:
    """ "Name: effect" in English for a building or Cuban id (the default legend labels)."""
    from engine.santiago import data

    info = data.BUILDING_INFO.get(item) or data.CUBAN_INFO[item]
    return f"{info['name']}: {info['effect']}"


def _sample_seats(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k, seat in enumerate(("p0", "p1", "p2")):
        seat_marker(d, seat, (c[0] + (k - 1) * 40, c[1]), 17)


def _sample_ships(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k in range(3):
        x, current = c[0] + (k - 1) * 40, k == 1
        fill = HIGHLIGHT if current else (FAINT if k == 0 else CARD)
        d.rounded_rectangle((x - 17, c[1] - 17, x + 17, c[1] + 17), radius=7, fill=fill, outline=INK, width=2)
        text_centered(d, (x, c[1]), str(k + 1), 18, fill=MUTED if k == 0 else INK, bold=True)


def _sample_value(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c[0] - 50, c[1]
    paste_icon(img, "star", (x, y), 30)
    for k, value in enumerate((2, 3)):
        bx = x + 22 + k * 44
        d.rounded_rectangle(
            (bx, y - 17, bx + 34, y + 17), radius=7, fill=HIGHLIGHT if k else CARD, outline=INK, width=2
        )
        text_centered(d, (bx + 17, y), str(value), 20, bold=True)
    arrow(d, x + 57, y, x + 65)


def _sample_dice(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    die(d, "tobacco", (c[0] - 22, c[1] - 4), 36, 2)
    x = c[0] + 24
    die(d, "sugar", (x, c[1] - 4), 36, None, faded=True)
    d.line((x - 15, c[1] - 19, x + 15, c[1] + 11), fill=RED, width=4)
    d.line((x + 15, c[1] - 19, x - 15, c[1] + 11), fill=RED, width=4)
    text_centered(d, (c[0] - 22, c[1] + 24), "0 1 1 2 2 3", 10, fill=MUTED, bold=True)


def _sample_flower(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    for k, colour in enumerate(list(FLOWERS)[:3]):
        flower(d, colour, (c[0] + (k - 1) * 34, c[1]), 15)


def _sample_stop(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c
    d.rounded_rectangle((x - 28, y - 28, x + 28, y + 28), radius=10, fill=CARD, outline=INK, width=2)
    text_centered(d, (x + 14, y - 14), "4", 15, fill=MUTED, bold=True)


def _sample_property(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    property_marker(d, "p0", (c[0] - 20, c[1]))
    property_marker(d, "p1", (c[0] + 20, c[1]))


def _sample_figure(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    box = (c[0] - 70, c[1] - 26, c[0] + 70, c[1] + 26)
    d.rounded_rectangle(box, radius=10, fill=CARD, outline=INK, width=2)
    building_effect(img, d, "church", (box[0], box[1], box[0] + 90, box[3]))
    seat_marker(d, "p2", (c[0] + 44, c[1]), 20)


def _sample_steps(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    x, y = c
    d.rounded_rectangle((x - 28, y - 28, x + 28, y + 28), radius=10, fill=CARD, outline=INK, width=2)
    badge(d, (x - 18, y - 18), 3, size=17, fill=CAR_COLOUR)


def _sample_car(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    d.ellipse((c[0] - 27, c[1] - 27, c[0] + 27, c[1] + 27), fill=HIGHLIGHT, outline=INK, width=3)
    paste_icon(img, "santiago_car", c, 46)


def _sample_tile_down(img: Image.Image, d: ImageDraw.ImageDraw, c: tuple[float, float], size: float) -> None:
    d.rounded_rectangle(
        (c[0] - 28, c[1] - 28, c[0] + 28, c[1] + 28), radius=10, fill=(92, 84, 120), outline=INK, width=2
    )
    paste_icon(img, "santiago_tile_down", c, 48)


#: The symbols of the legend, in reading order: the road's, the ship's, the districts', the
#: players', the pieces.
LEGEND_KEYS: tuple[Key, ...] = (
    Key("santiago_car", _sample_car),
    Key("santiago_stop", _sample_stop),
    Key("santiago_steps", _sample_steps),
    Key("santiago_flower", _sample_flower),
    Key("santiago_tile_down", _sample_tile_down),
    Key("santiago_mask"),
    Key("house"),
    Key("santiago_paper"),
    Key("santiago_ships", _sample_ships),
    Key("santiago_value", _sample_value),
    Key("santiago_flag"),
    Key("santiago_dice", _sample_dice),
    Key("ship"),
    Key("seat", _sample_seats),
    Key("santiago_figure", _sample_figure),
    Key("santiago_property", _sample_property),
    Key("crown"),
    Key("hourglass"),
    Key("cross"),
    Key("robot"),
    Key("trophy"),
    Key("coin"),
    Key("star"),
    Key("resource"),
    *(Key(good) for good in ("sugar", "citrus", "tobacco", "rum", "cigar", "wood")),
)
SYMBOL_COLUMNS = 2


def draw_legend(labels: dict[str, str] | None = None, lang: str = "en") -> Image.Image:
    """A key to the pictograms: the 12 buildings on the left, the 9 Cubans (with their flower)
    on the right, each with a label "Name: effect" from ``labels`` (id → text in the reader's
    language). Where ``labels`` has none, the English one from the data, only for an English
    reader (``lang``): another reader sees the pictogram alone rather than English. Then the
    change mark (:mod:`render.marks`) with ``labels["changed"]``, and every symbol the pictures
    draw (:data:`LEGEND_KEYS`, :mod:`render.symbols`) with its meaning (``labels["icon:<name>"]``;
    the start player's crown: ``labels["start"]``)."""
    from engine.santiago import data
    from engine.santiago.text import icon_labels

    left, right = list(data.BUILDINGS), list(data.CUBANS)
    symbols_h = keys_height(len(LEGEND_KEYS), SYMBOL_COLUMNS, LEGEND_ROW_H)
    height = 2 * LEGEND_MARGIN + (len(left) + 1) * LEGEND_ROW_H + 12 + symbols_h
    img = Image.new("RGB", (LEGEND_W, height), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, LEGEND_W - 7, height - 7), radius=18, fill=PAPER)
    col_w = (LEGEND_W - 2 * LEGEND_MARGIN) // 2
    for col, items in enumerate((left, right)):
        for row, item in enumerate(items):
            x = LEGEND_MARGIN + col * col_w
            y = LEGEND_MARGIN + row * LEGEND_ROW_H
            tile = (x + 4, y + 4, x + 170, y + LEGEND_ROW_H - 4)
            d.rounded_rectangle(tile, radius=10, fill=CARD, outline=INK, width=2)
            cy = y + LEGEND_ROW_H / 2
            if col == 0:
                building_effect(img, d, item, tile)
            else:
                cuban_effect(img, d, item, ((tile[0] + tile[2]) / 2 + 12, cy), 40)
                colour = data.CUBAN_COLOUR[item]
                if colour is not None:
                    flower(d, colour, (tile[0] + 22, cy), 14)
            text = (labels or {}).get(item) or (legend_text(item) if lang == "en" else "")
            tx = tile[2] + 16
            draw_label(d, (tx, cy), text, x + col_w - tx - 12, 19, 17, lines=2, spacing=21)
    y = LEGEND_MARGIN + len(left) * LEGEND_ROW_H  # the change mark, below the buildings
    marks.key(img, d, (LEGEND_MARGIN, y, LEGEND_MARGIN + col_w, y + LEGEND_ROW_H), marks.label(labels, lang))
    y += LEGEND_ROW_H + 12
    d.line((LEGEND_MARGIN, y - 6, LEGEND_W - LEGEND_MARGIN, y - 6), fill=FAINT, width=2)
    words = {**(icon_labels("en") if lang == "en" else {}), **(labels or {})}
    english = "Crown: the start player; on the final scores, the winner"
    words["icon:crown"] = (labels or {}).get("start") or (english if lang == "en" else "")
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
