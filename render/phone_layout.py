"""The whole board laid out for a phone: its areas stacked top to bottom, each one readable.

A board is drawn landscape (1600 px wide): on a phone's full-screen view (about 390 px wide,
portrait) its words stand 3–5 px high. The phone board is the same picture cut into its areas —
each title's, as its board module's ``phone_areas(view)`` names them from its ``regions(view)`` — stacked
in reading order, each zoomed on its own so that its smallest word stands at least
:data:`render.stacking.MIN_TEXT` px high in a picture at most :data:`render.stacking.MAX_W`
px wide (:func:`render.stacking.compose`; an area too wide for that is cut in two between two
spaces). A phone then shows the picture as wide as its screen, and one area fills the screen
at the zoom of a tap.

The areas are cut from the board drawn from the *public* view (``rules.view(state, None)``),
change marks and seat marks included: the phone board shows exactly what the landscape board
shows, and nothing else.

* **Cuba**: the round and phase, the market, the harbour, the parliament, the buildings and
  the character markers, then each player's panel (name and mark, VP and pesos, characters,
  plantation, warehouse).
* **Santiago de Cuba**: the road in four corners, each a district with the road beside it (the
  middle tiles of the top and bottom rows whole in both corners they sit between), then the
  ship (rounds, value, dice) and each player's panel.
* **Goa**: the rounds and the auction lot, the board's grid with its ring, the colony stacks,
  then each player's progress board (name and mark) and supply board.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from PIL import Image

from render import GAME_MODULES
from render.decision_parts import Crop
from render.stacking import RecordedBoard, column_ink, compose, recorded_board
from render.text import Written

__all__ = ["MAX_ZOOM", "Area", "areas", "draw_phone_board", "header", "phone_board_of", "squeezed"]

Box = tuple[int, int, int, int]
#: An area is enlarged at most this much: more fills the width with a few big tiles and makes the
#: picture, which the phone's full-screen view fits whole, taller than it needs to be.
MAX_ZOOM = 1.6
#: A header's runs of empty paper wider than this (px) are narrowed to it (:func:`squeezed`).
KEEP_GAP = 28
#: The board's frame, drawn round its outer edge: a header's strip starts inside it.
FRAME_INSET = 14


class Area(tuple[int, int, int, int]):
    """An area's box that is a header: a strip of marks whose blank stretches are squeezed out."""


def header(box: Box) -> Area:
    """The header strip ``box``, inside the board's frame (a title's ``phone_areas`` names it)."""
    x0, y0, x1, y1 = box
    return Area((x0 + FRAME_INSET, y0 + FRAME_INSET, x1 - FRAME_INSET, y1))


def _board_module(game_id: str) -> ModuleType:
    """The module that draws ``game_id``'s board (:data:`render.GAME_MODULES`)."""
    return importlib.import_module(GAME_MODULES[game_id])


def areas(game_id: str, view: dict[str, Any]) -> list[Box]:
    """The boxes (board pixels) of the areas of ``game_id``'s board for ``view``, in reading order:
    the title's own choice (``phone_areas(view)`` of its board module)."""
    found: list[Box] = _board_module(game_id).phone_areas(view)
    return found


def draw_phone_board(
    game_id: str,
    view: dict[str, Any],
    draw_board: Callable[[dict[str, Any]], Image.Image] | None = None,
    palette: Image.Image | None = None,
) -> Image.Image:
    """The phone board of the public ``view`` (see the module docstring); ``draw_board`` draws
    the landscape board (default: the title's ``draw``); with a ``palette`` the picture is in it
    (:func:`render.stacking.compose`). ``img.info["texts"]``: every text as shown;
    ``img.info["areas"]``: how many areas it stacks."""
    module = _board_module(game_id)
    return phone_board_of(game_id, view, recorded_board(draw_board or module.draw, view), palette)


def phone_board_of(
    game_id: str, view: dict[str, Any], recorded: RecordedBoard, palette: Image.Image | None = None
) -> Image.Image:
    """The phone board of the public ``view`` cut from its landscape board ``recorded`` (drawn
    once for all the pictures of a move, :func:`render.move`); as :func:`draw_phone_board`."""
    board, texts = recorded.picture, recorded.texts
    boxes = areas(game_id, view)
    crops = []
    for box in boxes:
        if isinstance(box, Area):
            board, texts, box = squeezed(board, texts, box)
        crops.append(Crop(box))
    img = compose(crops, board, texts, MAX_ZOOM, palette=palette)
    img.info["areas"] = len(boxes)
    return img


def squeezed(board: Image.Image, texts: list[Written], box: Box) -> tuple[Image.Image, list[Written], Box]:
    """The header ``box`` with every run of blank columns wider than :data:`KEEP_GAP` narrowed
    to it, pasted below ``board`` (a new picture): the board, its texts (the header's moved with
    it) and the new strip's box."""
    x0, y0, x1, y1 = box
    marked = [ink > 0 for ink in column_ink(board, box)]
    kept: list[tuple[int, int]] = []  # runs of columns kept, [start, end) in board pixels
    x = 0
    while x < len(marked):
        end = x
        while end < len(marked) and marked[end] == marked[x]:
            end += 1
        if not marked[x] and end - x > KEEP_GAP:  # a wide blank: its two edges are kept
            kept += [(x0 + x, x0 + x + KEEP_GAP // 2), (x0 + end - KEEP_GAP // 2, x0 + end)]
        else:
            kept.append((x0 + x, x0 + end))
        x = end
    width = sum(b - a for a, b in kept)
    out = Image.new(board.mode, (board.width, board.height + (y1 - y0)))
    out.paste(board, (0, 0))
    moved = list(texts)
    inside = [w for w in texts if y0 <= w.xy[1] <= y1]
    at = x0
    for a, b in kept:
        out.paste(board.crop((a, y0, b, y1)), (at, board.height))
        moved += [
            Written(w.text, w.size, (at + w.xy[0] - a, board.height + w.xy[1] - y0))
            for w in inside
            if a <= w.xy[0] < b
        ]
        at += b - a
    return out, moved, (x0, board.height, x0 + width, board.height + (y1 - y0))
