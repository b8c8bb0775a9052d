"""Goa's decision pictures (see :mod:`render.decision_parts`), cut from the board the deciding
seat sees and laid out for a phone:

* the flag and the auction markers: the part of the grid where they may go, each place ringed
  and named as on the buttons (``C3``);
* a bid (or the auctioneer's answer): the lot — the tile large, its name in the reader's
  language, the auctioneer, the highest bid and bidder, the seat's own ducats — beside the
  seat's progress board;
* a turn of actions (or of extra actions): the seat's progress board above its supply board
  (plantations, colonies, ships, colonists, tiles), its ducats and its expedition cards named
  in the reader's language, each with its symbol drawn (:func:`render.goa.glyphs.symbol_glyph`) and its colonists,
  and the hand's count against the limit (red when over it, as a tile may leave it);
* the head start of the Rule Variant: the seat's progress board;
* the small decisions inside an action (spices to place, a colony to fill or choose, a plantation
  to give up, colonists to pay, the duty, the refill, the spice sale, Re-supply's kind): the
  supply board; the cards to shed over the hand limit, and the card one may still play after
  one's action (revision 3): the supply board and the hand.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.goa import data
from engine.goa.text import card_text, lot_name
from render.colours import INK, PAPER, RED
from render.decision_parts import Crop, Drawn, Mark, Part, compose
from render.goa import board as goa
from render.goa.glyphs import symbol_glyph
from render.icons import note, paste_icon
from render.layout import truncate, wrap
from render.seats import seat_marker
from render.text import draw_text

#: Ring places and grid spaces around the choices shown when the flag or a marker is placed.
PLACE_MARGIN = 14
LOT_W, LOT_H = 300, 204
CARD_H, HAND_W = 34, 540


def _places(legal: list[str]) -> list[str]:
    return [a.split(" ")[1] for a in legal if a.split(" ")[0] in ("flag", "marker") and " " in a]


def _grid_part(view: dict[str, Any], legal: list[str]) -> Crop:
    """The part of the grid that holds the places the flag (or marker) may go, ringed."""
    regions = goa.regions(view)
    places = _places(legal)
    boxes = [goa.place_box(p) for p in places]
    grid = regions["grid"]
    x0 = max(grid[0], min(b[0] for b in boxes) - PLACE_MARGIN)
    y0 = max(grid[1], min(b[1] for b in boxes) - PLACE_MARGIN)
    x1 = min(grid[2], max(b[2] for b in boxes) + PLACE_MARGIN)
    y1 = min(grid[3], max(b[3] for b in boxes) + PLACE_MARGIN)
    marks = tuple(Mark(b) for b in boxes)  # each place carries its name on the board
    return Crop((x0, y0, x1, y1), marks)


def _lot(view: dict[str, Any], lang: str) -> Drawn:
    """The lot under auction: the tile (or the flag), its name, the auctioneer, the highest
    bid and bidder, and the seat's own ducats."""
    auction = view["auction"]
    seat = view["you"]
    tile = data.TILES[auction["tile"]] if auction.get("tile") else None
    name = lot_name(auction["tile"] or "flag", lang)
    ducats = view["players"][seat].get("ducats")

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(LOT_W * zoom), round(LOT_H * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        size = round(118 * zoom)
        x, y = round(6 * zoom), round(6 * zoom)
        draw.rounded_rectangle(
            (x - 3, y - 3, x + size + 3, y + size + 3),
            radius=round(12 * zoom),
            outline=RED,
            width=max(3, round(4 * zoom)),
        )
        if tile is not None:
            goa.paste_tile(img, goa._tile_key(tile), size, (x, y))
        else:
            paste_icon(img, "goa_flag", (x + size / 2, y + size / 2), round(90 * zoom))
        # auctioneer, then the highest bid and who holds it
        note("goa_bids")
        rx = x + size + round(20 * zoom)
        paste_icon(img, "goa_flag", (rx + 12 * zoom, y + 20 * zoom), round(26 * zoom))
        seat_marker(draw, auction["auctioneer"], (rx + 46 * zoom, y + 20 * zoom), round(14 * zoom))
        paste_icon(img, "coin", (rx + 12 * zoom, y + 62 * zoom), round(28 * zoom))
        draw_text(
            draw, (rx + 32 * zoom, y + 62 * zoom), str(auction["high"]), round(26 * zoom), INK, True, "lm"
        )
        if auction.get("high_seat"):
            seat_marker(draw, auction["high_seat"], (rx + 90 * zoom, y + 62 * zoom), round(14 * zoom))
        if ducats is not None:  # the seat's own purse, under its marker
            seat_marker(draw, seat, (rx + 12 * zoom, y + 104 * zoom), round(14 * zoom))
            paste_icon(img, "coin", (rx + 42 * zoom, y + 104 * zoom), round(24 * zoom))
            draw_text(draw, (rx + 60 * zoom, y + 104 * zoom), str(ducats), round(24 * zoom), INK, True, "lm")
        px = round(17 * zoom)
        lines = wrap(name, px, img.width - round(12 * zoom), lines=2, bold=True)
        for j, line in enumerate(lines):
            draw_text(draw, (img.width / 2, (150 + 22 * j) * zoom), line, px, INK, True, "mm")
        return img

    return Drawn((LOT_W, LOT_H), paint)


def _hand(view: dict[str, Any], lang: str) -> Drawn | None:
    """The seat's ducats and expedition cards, each named in the reader's language."""
    mine = view["players"][view["you"]]
    cards = mine.get("hand") or []
    if "ducats" not in mine:
        return None
    size = (HAND_W, CARD_H * (1 + len(cards)) + 6)
    limit = mine.get("hand_limit", len(cards))
    draw_n = mine.get("hand_draw")

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(size[0] * zoom), round(size[1] * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        mid = CARD_H / 2 * zoom
        paste_icon(img, "coin", (20 * zoom, mid), round(26 * zoom))
        draw_text(draw, (40 * zoom, mid), str(mine["ducats"]), round(22 * zoom), INK, True, "lm")
        # the hand against its limit (and what the Expedition action draws), as on the board
        paste_icon(img, "goa_expedition", (150 * zoom, mid), round(26 * zoom))
        count = f"{len(cards)}/{limit}" + (f"  +{draw_n}" if draw_n is not None else "")
        if draw_n is not None:
            note("goa_plus_draw")
        colour = RED if len(cards) > limit else INK
        draw_text(draw, (170 * zoom, mid), count, round(22 * zoom), colour, True, "lm")
        px = round(17 * zoom)
        for k, card in enumerate(cards):
            cy = (CARD_H * (k + 1.5)) * zoom
            symbol_glyph(draw, card["symbol"], (20 * zoom, cy), 26 * zoom)
            text = truncate(card_text(card["id"], lang), px, img.width - round(50 * zoom))
            draw_text(draw, (42 * zoom, cy), text, px, INK, False, "lm")
        return img

    return Drawn(size, paint)


def parts(view: dict[str, Any], legal: list[str], lang: str) -> list[list[Part]] | None:
    """The parts of the picture for the seat's decision (None: its sentence says all)."""
    seat = view["you"]
    regions = goa.regions(view)
    progress, supply = Crop(regions[f"progress:{seat}"]), Crop(regions[f"supply:{seat}"])
    phase = view["phase"]
    if view.get("pending"):
        if view["pending"]["kind"] in ("shed", "after"):  # cards to shed, or one to play after the action
            hand = _hand(view, lang)
            return [[supply, *([hand] if hand else [])]]
        return [[supply]]
    if phase in ("flag", "marker") and _places(legal):
        return [[_grid_part(view, legal)]]
    if phase == "auction" and view.get("auction"):
        return [[_lot(view, lang)], [progress]]
    if phase == "head":
        return [[progress]]
    if phase in ("actions", "extra"):
        hand = _hand(view, lang)
        return [[progress, supply, *([hand] if hand else [])]]
    return None


def draw_decision(view: dict[str, Any], legal: list[str], lang: str = "en") -> Image.Image | None:
    """The picture of the seat's decision, from its own view; None when the text says all."""
    columns = parts(view, legal, lang)
    if columns is None:
        return None
    return compose(columns, goa.draw(view))


def turn_parts(
    view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: Image.Image
) -> Any:
    """The turn picture's parts (:mod:`render.turn_picture`) from the public ``view``: the decision's
    parts for the seat called (the grid's places ringed, the lot, its boards), with its
    progress board always there (its own area)."""
    from render.turn_picture import TurnParts

    seat = seats[0]
    regions = goa.regions(view)
    columns = parts(dict(view, you=seat), legal, lang) or []
    found = [p for column in columns for p in column]
    progress = Crop(regions[f"progress:{seat}"])
    if progress not in found:
        found.append(progress)
    return TurnParts(found)
