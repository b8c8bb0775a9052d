"""Cuba's decision pictures (see :mod:`render.decision_parts`): the part of the table a decision is
about, cut from the board the deciding seat sees, with the choices ringed.

* the worker, the fields it harvests, the architect and the foreman: the seat's own plantation
  with its column letters and row numbers — the names the buttons use (``B2``) — and its
  farmyard; the fields (or buildings) that can be chosen are ringed; the architect also gets the
  buildings the seat can afford, named in the reader's language as on the buttons;
* the trader: the market above the seat's pesos and farmyard;
* the mayor (and a foreman loading with an office or swapping with the lighthouse): the harbour;
* the character to play (or to lay down for parliament): the seat's characters and plantation;
* the church's veto, the bids and the enactment: the parliament (proposals and votes) and, to
  bid, the seat's pesos;
* paying a duty: the duty in force and the farmyard; paying a tax says all in its sentence
  (no picture).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.cuba.data import BUILDINGS, PRODUCTS
from engine.cuba.text import building_name
from render.colours import INK, PAPER
from render.cuba import board as cuba
from render.decision_parts import Crop, Drawn, Mark, Part, compose
from render.icons import paste_icon
from render.layout import wrap
from render.text import draw_text

#: Building list: tiles per row, and one entry's size in board pixels.
PER_ROW = 2
ENTRY_W, ENTRY_H = 190, 62


def _words(action: str) -> list[str]:
    return action.split(" ")


def _field_marks(regions: dict[str, Any], seat: str, fields: set[tuple[int, int]]) -> tuple[Mark, ...]:
    return tuple(Mark(regions[f"field:{seat}:{r}:{col}"]) for r, col in sorted(fields))


def _fields_of(legal: list[str], kind: str, at: int) -> set[tuple[int, int]]:
    """The (row, col) named at word ``at`` of each ``kind`` action."""
    out = set()
    for action in legal:
        words = _words(action)
        if words[0] == kind and len(words) > at + 1 and words[at].isdigit() and words[at + 1].isdigit():
            out.add((int(words[at]), int(words[at + 1])))
    return out


def _band(regions: dict[str, Any], first: str, last: str, seat: str) -> tuple[int, int, int, int]:
    """The seat's panel from the top of band ``first`` to the bottom of band ``last``."""
    top, bottom = regions[f"{first}:{seat}"], regions[f"{last}:{seat}"]
    return (top[0], top[1], top[2], bottom[3])


def _buildings(bids: list[str], lang: str, width: int) -> Drawn:
    """The buildings the seat can afford: tile, cost and name (in the reader's language)."""
    rows = (len(bids) + PER_ROW - 1) // PER_ROW
    entry_w = width // PER_ROW
    size = (width, rows * ENTRY_H + 6)

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(size[0] * zoom), round(size[1] * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        for k, bid in enumerate(bids):
            row, col = divmod(k, PER_ROW)
            x, y = col * entry_w * zoom, (row * ENTRY_H + 3) * zoom
            tile = (x + 4 * zoom, y + 3 * zoom, x + 76 * zoom, y + (ENTRY_H - 5) * zoom)
            cuba.building_tile(img, tile, bid)
            cx = x + 84 * zoom
            for piece, n in BUILDINGS[bid]["cost"].items():
                for _ in range(n):
                    paste_icon(img, piece, (cx + 8 * zoom, y + 14 * zoom), round(17 * zoom))
                    cx += 15 * zoom
            name = building_name(bid, lang)
            px = round(15 * zoom)
            lines = wrap(name, px, round((entry_w - 86) * zoom), lines=2, bold=True)
            for j, line in enumerate(lines):
                draw_text(draw, (x + 84 * zoom, y + (33 + 16 * j) * zoom), line, px, INK, True, "lm")
        return img

    return Drawn(size, paint)


def parts(view: dict[str, Any], legal: list[str], lang: str) -> list[list[Part]] | None:
    """The parts of the picture for the seat's decision, or None when its sentence says all."""
    seat = view["viewer"]
    step = view["step"]
    regions = cuba.regions(view)
    player = view["players"][seat]
    stored = bool(player.get("warehouse"))
    plantation = regions[f"plantation:{seat}"]
    farmyard = Crop(regions[f"farmyard:{seat}"])
    stats = Crop(regions[f"stats:{seat}"])
    if step in ("worker_move", "choose_start"):
        return [[stats, Crop(plantation), farmyard]]
    if step == "worker_fields":
        marks = _field_marks(regions, seat, _fields_of(legal, "field", 1))
        return [[stats, Crop(plantation, marks), farmyard]]
    if step in ("play_card", "choose_card"):
        column: list[Part] = [Crop(_band(regions, "stats", "characters", seat)), Crop(plantation), farmyard]
        if step == "choose_card":
            column = [Crop(_band(regions, "stats", "characters", seat)), Crop(regions["parliament"])]
        return [column]
    if step == "architect":
        fields = _fields_of(legal, "build", 3)
        bids = sorted({_words(a)[1] for a in legal if a.startswith("build ")}, key=list(BUILDINGS).index)
        column = [stats, Crop(plantation, _field_marks(regions, seat, fields)), farmyard]
        if bids:
            column.append(_buildings(bids, lang, plantation[2] - plantation[0]))
        return [column]
    if step == "foreman":
        marks = _field_marks(regions, seat, _fields_of(legal, "use", 1))
        column = [Crop(plantation, marks), farmyard]
        effects = {
            BUILDINGS[b["id"]]["effect"]
            for b in player.get("buildings", [])
            if any(a.startswith(f"use {b['row']} {b['col']} ") for a in legal)
        }
        if effects & {"ship", "lighthouse"}:
            return [column, [Crop(regions["harbour"])]]
        return [column]
    if step == "trader":
        column = [Crop(regions["market"]), stats, farmyard]
        if stored:
            column.insert(2, Crop(plantation))
        return [column]
    if step == "mayor":
        berths = sorted({int(_words(a)[1]) for a in legal if a.startswith("ship ")})
        marks = tuple(Mark(regions[f"berth:{k}"]) for k in berths)
        column = [Crop(regions["harbour"], marks), farmyard]
        if stored and any(p in player.get("warehouse", {}) for p in PRODUCTS):
            column.insert(1, Crop(plantation))
        return [column]
    if step in ("veto", "enact"):
        groups = {g for a in legal for g in _words(a)[1:] if _words(a)[0] in ("veto", "enact")}
        marks = tuple(Mark(regions[f"proposal:{g}"]) for g in sorted(groups))
        return [[Crop(regions["parliament"], marks)]]
    if step in ("bid", "tie_bid"):
        return [[Crop(regions["parliament"]), stats]]
    if step == "pay_duty":  # the duty in force beside what can pay it
        return [[Crop(regions["statute:II"])], [Crop(plantation), farmyard] if stored else [farmyard]]
    return None


def draw_decision(view: dict[str, Any], legal: list[str], lang: str = "en") -> Image.Image | None:
    """The picture of the decision ``legal`` (the seat's legal actions, as texts) stands for,
    drawn from ``view`` (the seat's own: ``RULES.view(state, seat)``); None when there is none."""
    columns = parts(view, legal, lang)
    if columns is None:
        return None
    return compose(columns, cuba.draw(view))


def turn_parts(
    view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: Image.Image
) -> Any:
    """The turn picture's parts (:mod:`render.turn_picture`) from the public ``view``: the decision's
    parts for the first seat called (its choices ringed when ``legal`` is given: they are its
    buttons), with the seat's own pesos and VP; several seats bidding in secret: the parliament
    and each bidder's pesos."""
    from render.turn_picture import TurnParts

    regions = cuba.regions(view)
    seat = seats[0]
    marks = {s: cuba.seat_mark(view, s) for s in seats}
    if len(seats) > 1:
        return TurnParts([Crop(regions["parliament"]), *(Crop(regions[f"stats:{s}"]) for s in seats)], marks)
    columns = parts(dict(view, viewer=seat), legal, lang) or []
    found = [p for column in columns for p in column]
    stats = Crop(regions[f"stats:{seat}"])
    if stats not in found:
        found.insert(0, stats)
    return TurnParts(found, marks)
