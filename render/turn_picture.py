"""The turn picture: what the people called to act decide now, cut for a phone.

A phone shows a picture about 390 px wide. The board (1600 px) shrinks to a quarter there and
only its colours survive, so the message that calls someone to act carries a picture of its own:
a header naming the seats to act (their marks and names, as on the board), then the parts of the
board their decision is about (the same parts as their decision picture,
:mod:`render.decision_parts`, with the choices ringed) and their own area — all cut from the
*public* board (``rules.view(state, None)``, with its change marks): the picture is posted in
the channel, so it never shows what a seat hides.

Every part is zoomed on its own, as wide as the picture allows (at most :data:`MAX_W` px,
:data:`MAX_ZOOM` times) and at least as much as its smallest word needs to stand
:data:`MIN_TEXT` px high. The sizes come from :func:`render.text.recording`: the board is drawn
once while every text it draws is recorded (position and size), and a crop's smallest text is
the smallest recorded inside it. The picture keeps, in ``img.info["texts"]``, every text as it
is shown (:class:`render.text.Written` in the picture's own pixels), which the tests read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageStat

from render.colours import FRAME, INK, PAPER
from render.decision_parts import Crop, Drawn, Part, _render
from render.layout import truncate
from render.seats import seat_marker
from render.text import Written, draw_text, recording

__all__ = ["MAX_W", "MIN_TEXT", "TURN_MODULES", "TurnParts", "compose", "draw_turn", "header"]

#: The widest picture (a phone shows it 390 px wide: 0.43 of its pixels).
MAX_W = 900
#: The smallest text: 18 px here is 7.8 px on a 390 px phone screen, the smallest a phone's
#: own interface uses, and 23 px at the 2× zoom of a tap.
MIN_TEXT = 18
#: Crops are enlarged at most this much (beyond it a crop gets only blurrier).
MAX_ZOOM = 2.6
MARGIN, GAP = 12, 14
HEADER_H = 72
#: game id → the module whose ``turn_parts(view, seat, legal, lang, board)`` chooses the parts.
TURN_MODULES = {
    "cuba": "render.cuba_decision",
    "santiago": "render.santiago_decision",
    "goa": "render.goa_decision",
}


@dataclass(frozen=True)
class TurnParts:
    """What a title's module says of one turn: the parts, top to bottom, and the letters of the
    seats' markers where the board writes other letters than the seat numbers (Cuba's initials)."""

    parts: list[Part]
    marks: dict[str, str] | None = None


def _texts_in(texts: Sequence[Written], box: tuple[float, float, float, float]) -> list[Written]:
    x0, y0, x1, y1 = box
    return [w for w in texts if x0 <= w.xy[0] <= x1 and y0 <= w.xy[1] <= y1]


def _smallest(part: Part, board_texts: Sequence[Written]) -> int | None:
    """The size of the smallest text of ``part`` at zoom 1 (None: it has no words)."""
    if isinstance(part, Crop):
        inside = _texts_in(board_texts, part.box)
    else:
        with recording() as inside:
            part.paint(1.0)
    return min((w.size for w in inside), default=None)


def _zoom(part: Part, board_texts: Sequence[Written], room: int) -> float:
    """As wide as ``room`` allows (at most :data:`MAX_ZOOM`), and never so small that a word
    of the part stands under :data:`MIN_TEXT` px (then possibly wider than ``room``)."""
    zoom = min(MAX_ZOOM, room / part.size[0])
    smallest = _smallest(part, board_texts)
    if smallest is not None:
        zoom = max(zoom, MIN_TEXT / smallest * 1.001)
    return zoom


def _split_x(board: Image.Image, box: tuple[int, int, int, int], texts: Sequence[Written]) -> int:
    """Where to cut a crop in two: in its middle third, the pixel column that is most nearly one
    colour (the paper between two tiles, slots or cells) and holds no word's anchor."""
    x0, y0, x1, y1 = box
    anchors = [w.xy[0] for w in _texts_in(texts, box)]
    best, best_spread = (x0 + x1) // 2, float("inf")
    for x in range(x0 + (x1 - x0) // 3, x1 - (x1 - x0) // 3):
        if any(abs(x - a) < 10 for a in anchors):
            continue
        spread = sum(ImageStat.Stat(board.crop((x, y0, x + 1, y1))).stddev)
        if spread < best_spread:
            best, best_spread = x, spread
    return best


def _fit(part: Part, board: Image.Image, texts: Sequence[Written], room: int) -> list[tuple[Part, float]]:
    """``part`` with its zoom; a crop whose words need it wider than ``room`` is cut in two
    halves (:func:`_split_x`) shown one above the other, each with the rings on it."""
    zoom = _zoom(part, texts, room)
    if part.size[0] * zoom <= room + 1:
        return [(part, zoom)]
    if not isinstance(part, Crop) or part.size[0] < 80:
        raise ValueError(f"a part {part.size} cannot be read at {MAX_W} px: its words need zoom {zoom:.2f}")
    x0, y0, x1, y1 = part.box
    cut = _split_x(board, part.box, texts)
    halves = []
    for box in ((x0, y0, cut, y1), (cut, y0, x1, y1)):
        marks = tuple(m for m in part.marks if box[0] <= (m.box[0] + m.box[2]) / 2 < box[2])
        halves += _fit(Crop(box, marks), board, texts, room)
    return halves


def compose(parts: Sequence[Part], board: Image.Image, board_texts: Sequence[Written]) -> Image.Image:
    """``parts`` top to bottom, each zoomed on its own (see the module docstring), on the
    board's paper; ``board`` is the picture the crops are cut from, ``board_texts`` what was
    recorded while it was drawn. ``img.info["texts"]``: every text as shown."""
    room = MAX_W - 2 * MARGIN
    shown: list[tuple[Image.Image, list[Written]]] = []
    fitted = [found for part in parts for found in _fit(part, board, board_texts, room)]
    for part, zoom in fitted:
        with recording() as drawn:  # the Drawn parts' words and the rings' badges, as painted
            img = _render(part, board, zoom)
        if isinstance(part, Crop):
            ox, oy = part.box[0], part.box[1]
            drawn += [
                Written(w.text, int(w.size * zoom), ((w.xy[0] - ox) * zoom, (w.xy[1] - oy) * zoom))
                for w in _texts_in(board_texts, part.box)
            ]
        shown.append((img, drawn))
    width = max(img.width for img, _ in shown) + 2 * MARGIN
    height = sum(img.height for img, _ in shown) + GAP * (len(shown) - 1) + 2 * MARGIN
    out = Image.new("RGB", (width, height), FRAME)
    ImageDraw.Draw(out).rounded_rectangle((3, 3, width - 4, height - 4), radius=14, fill=PAPER)
    texts: list[Written] = []
    y = MARGIN
    for img, drawn in shown:
        x = (width - img.width) // 2
        out.paste(img, (x, y))
        texts += [Written(w.text, w.size, (x + w.xy[0], y + w.xy[1])) for w in drawn]
        y += img.height + GAP
    out.info["texts"] = texts
    return out


def header(
    seats: Sequence[str],
    names: dict[str, str],
    marks: dict[str, str] | None = None,
    width: int = MAX_W - 2 * MARGIN,
) -> Drawn:
    """The seats to act: each one's mark (colour, shape, letters as on the board: ``marks``, else
    the seat numbers) and name."""
    per = width / max(1, len(seats))

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(width * zoom), round(HEADER_H * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        px = round(36 * zoom)
        for k, seat in enumerate(seats):
            x = k * per * zoom
            mark = (marks or {}).get(seat)
            seat_marker(draw, seat, (x + 34 * zoom, HEADER_H / 2 * zoom), 27 * zoom, mark)
            name = truncate(names.get(seat, seat), px, round((per - 80) * zoom), bold=True)
            draw_text(draw, (x + 70 * zoom, HEADER_H / 2 * zoom), name, px, INK, True, "lm")
        return img

    return Drawn((width, HEADER_H), paint)


def draw_turn(
    game_id: str,
    view: dict[str, Any],
    seats: Sequence[str],
    legal: list[str],
    lang: str,
    draw_board: Callable[[dict[str, Any]], Image.Image],
) -> Image.Image | None:
    """The turn picture of ``seats`` (the people called, in order) deciding among ``legal`` (the
    first seat's actions, when they are public: they are its buttons), drawn from the public
    ``view``; None when nobody is called."""
    if not seats:
        return None
    module = importlib.import_module(TURN_MODULES[game_id])
    with recording() as board_texts:
        board = draw_board(view)
    found: TurnParts = module.turn_parts(view, list(seats), legal, lang, board)
    names = view.get("names") or {}
    return compose([header(seats, names, found.marks), *found.parts], board, board_texts)
