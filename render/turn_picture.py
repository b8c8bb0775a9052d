"""The turn picture: what the people called to act decide now, cut for a phone.

A phone shows a picture about 390 px wide. The board (1600 px) shrinks to a quarter there and
only its colours survive, so the message that calls someone to act carries a picture of its own:
a header naming the seats to act (their marks and names, as on the board), then the parts of the
board their decision is about (the same parts as their decision picture,
:mod:`render.decision_parts`, with the choices ringed) and their own area — all cut from the
*public* board (``rules.view(state, None)``, with its change marks): the picture is posted in
the channel, so it never shows what a seat hides.

The parts are stacked and zoomed by :mod:`render.stacking` (shared with the phone board):
each as wide as the picture allows (at most :data:`MAX_W` px) and at least as much as its
smallest word needs to stand :data:`MIN_TEXT` px high, as the drawing kit recorded it
(:func:`render.text.recording`) — and at most :data:`MAX_H` px tall (a phone would push the
buttons under a taller one off the screen): parts are shrunk together, never under the zoom
their words need, or set two side by side (:func:`render.stacking.arrange`). The picture keeps,
in ``img.info["texts"]``, every text as it is shown (:class:`render.text.Written` in the picture's own pixels), which the tests read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.colours import INK, PAPER
from render.decision_parts import Drawn, Part
from render.layout import truncate
from render.seats import seat_marker
from render.stacking import MARGIN, MAX_W, MIN_TEXT, RecordedBoard, compose, recorded_board
from render.text import draw_text

__all__ = [
    "MAX_H",
    "MAX_W",
    "MIN_TEXT",
    "TURN_MODULES",
    "TurnParts",
    "compose",
    "draw_turn",
    "header",
    "turn_of",
]

#: The tallest picture: a phone shows it 390 px wide, so 1,400 px stand about 600 px high and
#: leave the buttons under it on the screen.
MAX_H = 1400
HEADER_H = 72
#: game id → the module whose ``turn_parts(view, seat, legal, lang, board)`` chooses the parts.
TURN_MODULES = {
    "cuba": "render.cuba.decision",
    "santiago": "render.santiago.decision",
    "goa": "render.goa.decision",
}


@dataclass(frozen=True)
class TurnParts:
    """What a title's module says of one turn: the parts, top to bottom, and the letters of the
    seats' markers where the board writes other letters than the seat numbers (Cuba's initials)."""

    parts: list[Part]
    marks: dict[str, str] | None = None


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
    palette: Image.Image | None = None,
) -> Image.Image | None:
    """The turn picture of ``seats`` (the people called, in order) deciding among ``legal`` (the
    first seat's actions, when they are public: they are its buttons), drawn from the public
    ``view`` (in ``palette`` when given, :func:`render.stacking.compose`); None when nobody is
    called."""
    if not seats:
        return None
    return turn_of(game_id, view, seats, legal, lang, recorded_board(draw_board, view), palette)


def turn_of(
    game_id: str,
    view: dict[str, Any],
    seats: Sequence[str],
    legal: list[str],
    lang: str,
    recorded: RecordedBoard,
    palette: Image.Image | None = None,
) -> Image.Image | None:
    """The turn picture (as :func:`draw_turn`) cut from the public board ``recorded`` (drawn once
    for all the pictures of a move, :func:`render.move`)."""
    if not seats:
        return None
    module = importlib.import_module(TURN_MODULES[game_id])
    board, board_texts = recorded.picture, recorded.texts
    found: TurnParts = module.turn_parts(view, list(seats), legal, lang, board)
    names = view.get("names") or {}
    parts = [header(seats, names, found.marks), *found.parts]
    return compose(parts, board, board_texts, max_h=MAX_H, kept=1, palette=palette)
