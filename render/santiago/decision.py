"""Santiago de Cuba's decision pictures (see :mod:`render.decision_parts`), cut from the board
the deciding seat sees and laid out for a phone:

* the drive: the road ahead — each stop the car can reach, numbered as the buttons count it,
  with the Cuban there (his tile shows what he gives), his name in the reader's language and
  the drive's cost — above the seat's own screen (pesos, VP, goods);
* setting a die aside: the ship with the five rolled dice;
* Pablo's good and El Zorro's toll: the seat's screen;
* Alonso: the four districts, the buildings he may claim or use ringed;
* the figure's building: its district, the free buildings ringed, each named beside it;
* using a building: that building and the seat's screen (and the ship's demand for the
  customs office, the office and the harbour master);
* delivering: the ship's demand and value, and the seat's screen.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.santiago import data as d
from engine.santiago.text import T, building_name, cuban_name, pesos_text, sentence_start
from render.colours import CARD, INK, MUTED, PAPER
from render.decision_parts import Crop, Drawn, Mark, Part, compose
from render.icons import note, paste_icon
from render.layout import truncate, wrap
from render.santiago import board as santiago
from render.seats import seat_colour
from render.text import badge, draw_text, text_centered

#: One reachable stop of the road-ahead picture, in board pixels.
CELL_W, TILE_H, CAPTION_H = 136, 124, 52
#: Goods and money on the seat's screen, in the order of the private picture.
SCREEN = ("coin", "star", "sugar", "citrus", "tobacco", "rum", "cigar", "wood")
ITEM_W, SCREEN_H = 54, 70
#: The column of building names beside a district, in board pixels.
NAMES_W = 190
Box = tuple[int, int, int, int]
#: Buildings whose use depends on the ship's demand or value.
SHIP_BUILDINGS = {d.CUSTOMS, d.OFFICE, d.HARBOURMASTER}


def _screen(view: dict[str, Any]) -> Drawn | None:
    """The seat's own screen in one row: pesos, VP and each good with its count."""
    mine = view["players"].get(view.get("you") or "", {})
    if "pesos" not in mine:
        return None
    counts = [mine["pesos"], mine["vp"], *(mine["goods"].get(g, 0) for g in SCREEN[2:])]
    size = (ITEM_W * len(SCREEN), SCREEN_H)

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(size[0] * zoom), round(size[1] * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        seat = view["you"]
        draw.rounded_rectangle(
            (1, 1, img.width - 2, img.height - 2),
            radius=round(10 * zoom),
            fill=CARD,
            outline=seat_colour(seat),
            width=max(2, round(2 * zoom)),
        )
        for k, (name, n) in enumerate(zip(SCREEN, counts, strict=True)):
            cx = (k + 0.5) * ITEM_W * zoom
            alpha = 1.0 if n or k < 2 else 0.3
            paste_icon(img, name, (cx, 24 * zoom), round(32 * zoom), alpha=alpha)
            fill = INK if n or k < 2 else MUTED
            text_centered(draw, (cx, 54 * zoom), str(n), round(20 * zoom), fill=fill, bold=True)
        return img

    return Drawn(size, paint)


def _cell_caption(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], lines: list[str], zoom: float
) -> None:
    x0, y0, x1, _ = box
    for j, (text, bold) in enumerate(zip(lines, (True, False), strict=False)):
        px = round((17 if bold else 16) * zoom)
        shown = truncate(text, px, round(x1 - x0 - 4 * zoom), bold=bold)
        draw_text(draw, ((x0 + x1) / 2, y0 + (12 + 22 * j) * zoom), shown, px, INK, bold, "mm")


def _road(view: dict[str, Any], steps: list[int], board: Image.Image, lang: str) -> Drawn:
    """The stops ``steps`` away from the car: tile, stop number, Cuban's name and cost."""
    regions = santiago.regions(view)
    shown = [n for n in steps if n <= d.ROAD_LEN]
    per_row = 4 if len(shown) <= 8 else 5
    rows = (len(shown) + per_row - 1) // per_row
    size = (per_row * CELL_W, rows * (TILE_H + CAPTION_H))
    car = view["car"]

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(size[0] * zoom), round(size[1] * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        for k, n in enumerate(shown):
            row, col = divmod(k, per_row)
            x0, y0 = col * CELL_W * zoom, row * (TILE_H + CAPTION_H) * zoom
            space = (car + n) % d.ROAD_LEN
            box = regions[f"road:{space}"]
            w, h = box[2] - box[0], box[3] - box[1]
            fit = min((CELL_W - 12) / w, (TILE_H - 8) / h) * zoom
            tile = board.crop(box).resize((round(w * fit), round(h * fit)), Image.Resampling.LANCZOS)
            img.paste(tile, (round(x0 + (CELL_W * zoom - tile.width) / 2), round(y0 + 4 * zoom)))
            note("santiago_steps")
            badge(draw, (x0 + 16 * zoom, y0 + 14 * zoom), n, size=round(17 * zoom), fill=santiago.CAR_COLOUR)
            if car + n > d.ROAD_LEN:  # the car passes the harbour on the way: the value marker moves up
                paste_icon(
                    img, "santiago_flag", (x0 + (CELL_W - 20) * zoom, y0 + 18 * zoom), round(26 * zoom)
                )
            stop = view["road"][space]
            name = T(lang, "stop.harbour") if space == d.HARBOUR else cuban_name(stop["cuban"], lang)
            cost = pesos_text(n - 1, lang) if n > 1 else T(lang, "label.free")
            caption = (x0, y0 + TILE_H * zoom, x0 + CELL_W * zoom, y0 + (TILE_H + CAPTION_H) * zoom)
            _cell_caption(draw, caption, [name, cost], zoom)
        return img

    return Drawn(size, paint)


def _names(box: Box, buildings: list[tuple[Box, str]], lang: str) -> Drawn:
    """The buildings' names (in the reader's language, as the buttons say them), each level
    with its building in the crop ``box`` beside it."""
    size = (NAMES_W, box[3] - box[1])

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(size[0] * zoom), round(size[1] * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        px = round(19 * zoom)
        for (_x0, y0, _x1, y1), building in buildings:
            cy = ((y0 + y1) / 2 - box[1]) * zoom
            name = sentence_start(building_name(building, lang))
            lines = wrap(name, px, img.width - round(8 * zoom), lines=2, bold=True)
            for j, line in enumerate(lines):
                y = cy + (j - (len(lines) - 1) / 2) * 24 * zoom
                draw_text(draw, (4 * zoom, y), line, px, INK, True, "lm")
        return img

    return Drawn(size, paint)


def _ringed(regions: dict[str, Any], names: set[str], prefix: str) -> tuple[Mark, ...]:
    return tuple(Mark(regions[f"{prefix}:{n}"]) for n in sorted(names) if f"{prefix}:{n}" in regions)


def parts(view: dict[str, Any], legal: list[str], lang: str, board: Image.Image) -> list[list[Part]] | None:
    """The parts of the picture for the seat's decision (None: its sentence says all)."""
    step = view["step"]
    regions = santiago.regions(view)
    screen = _screen(view)
    mine: list[Part] = [screen] if screen else []
    words = [a.split(" ") for a in legal]
    if step == "drive":
        steps = sorted(int(w[1]) for w in words if w[0] == "drive")
        return [[_road(view, steps, board, lang), *mine]]
    if step == "dice":
        return [[Crop(regions["ship"])]]
    if step in ("pablo", "zorro"):
        return [mine] if mine else None
    if step == "alonso":
        targets = {w[1] for w in words if w[0] in ("claim", "run")}
        return [[Crop(regions["districts"], _ringed(regions, targets, "building"))]]
    if step == "go":  # the district, and beside each of its buildings its name
        options = {w[1] for w in words if w[0] == "go"}
        colours = [c for c, bs in view["districts"].items() if any(b["building"] in options for b in bs)]
        box = regions[f"district:{colours[0]}"]
        names = [(regions[f"building:{b['building']}"], b["building"]) for b in view["districts"][colours[0]]]
        return [[Crop(box, _ringed(regions, options, "building"))], [_names(box, names, lang)]]
    if step == "use":
        building = view["pending"]["building"]
        column: list[Part] = [Crop(regions[f"building:{building}"]), *mine]
        if building in SHIP_BUILDINGS:
            column[1:1] = [Crop(regions["value"]), Crop(regions["dice"])]
        return [column]
    if step == "deliver":
        return [[Crop(regions["value"]), Crop(regions["dice"]), *mine]]
    return None


def draw_decision(view: dict[str, Any], legal: list[str], lang: str = "en") -> Image.Image | None:
    """The picture of the seat's decision, from its own view; None when the text says all."""
    board = santiago.draw(view)
    columns = parts(view, legal, lang, board)
    if columns is None:
        return None
    return compose(columns, board)


def turn_parts(
    view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: Image.Image
) -> Any:
    """The turn picture's parts (:mod:`render.turn_picture`) from the public ``view``: the decision's
    parts for the seat called (the road ahead — every stop, as the drive is chosen in private —,
    the ship, the district…; its choices ringed where they are its buttons), then its own panel
    as the table sees it."""
    from render.turn_picture import TurnParts

    seat = seats[0]
    regions = santiago.regions(view)
    if view["step"] == "drive" and not any(a.startswith("drive ") for a in legal):
        # the drive is chosen in private (it costs pesos): the whole road ahead, every stop
        legal = [f"drive {n}" for n in range(1, d.ROAD_LEN)]
    columns = parts(dict(view, you=seat), legal, lang, board) or []
    found = [p for column in columns for p in column if not isinstance(p, Drawn) or p.size[1] != SCREEN_H]
    return TurnParts([*found, Crop(regions[f"player:{seat}"])])
