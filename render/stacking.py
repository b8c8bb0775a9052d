"""Parts of the board stacked for a phone: each zoomed on its own until its smallest word reads.

A phone shows a picture about 390 px wide, so a picture for it is at most :data:`MAX_W` px wide
and every word on it at least :data:`MIN_TEXT` px high. :func:`compose` stacks *parts*
(:class:`render.decision_parts.Crop` of the board, or :class:`~render.decision_parts.Drawn`
pictures) top to bottom, each zoomed on its own: as wide as the picture allows (at most
``max_zoom`` times) and at least as much as its smallest word needs. A crop whose words need it
wider than the picture is cut in two where the board's paper runs between two spaces
(:func:`fit`) and the halves are stacked.

The sizes come from :func:`render.text.recording`: the board is drawn once while every text it
draws is recorded (position and size), and a crop's smallest text is the smallest recorded
inside it. The picture keeps, in ``img.info["texts"]``, every text as it is shown
(:class:`render.text.Written` in the picture's own pixels), which the tests read.

Used by the turn picture (:mod:`render.turn_picture`) and the phone board
(:mod:`render.phone_layout`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw

from render.colours import FRAME, PAPER
from render.decision_parts import Crop, Part, _render
from render.text import Written, recording

__all__ = [
    "GAP",
    "MARGIN",
    "MAX_W",
    "MAX_ZOOM",
    "MIN_TEXT",
    "column_ink",
    "compose",
    "fit",
    "smallest",
    "texts_in",
]

#: The widest picture (a phone shows it 390 px wide: 0.43 of its pixels).
MAX_W = 900
#: The smallest text: 18 px here is 7.8 px on a 390 px phone screen, the smallest a phone's
#: own interface uses, and 23 px at the 2× zoom of a tap.
MIN_TEXT = 18
#: Crops are enlarged at most this much (beyond it a crop gets only blurrier).
MAX_ZOOM = 2.6
MARGIN, GAP = 12, 14


def texts_in(texts: Sequence[Written], box: tuple[float, float, float, float]) -> list[Written]:
    """The texts anchored inside ``box``."""
    x0, y0, x1, y1 = box
    return [w for w in texts if x0 <= w.xy[0] <= x1 and y0 <= w.xy[1] <= y1]


def smallest(part: Part, board_texts: Sequence[Written]) -> int | None:
    """The size of the smallest text of ``part`` at zoom 1 (None: it has no words)."""
    if isinstance(part, Crop):
        inside = texts_in(board_texts, part.box)
    else:
        with recording() as inside:
            part.paint(1.0)
    return min((w.size for w in inside), default=None)


def _zoom(part: Part, board_texts: Sequence[Written], room: int, max_zoom: float) -> float:
    """As wide as ``room`` allows (at most ``max_zoom``), and never so small that a word of the
    part stands under :data:`MIN_TEXT` px (then possibly wider than ``room``)."""
    zoom = min(max_zoom, room / part.size[0])
    least = smallest(part, board_texts)
    if least is not None:
        zoom = max(zoom, MIN_TEXT / least * 1.001)
    return zoom


def column_ink(board: Image.Image, box: tuple[int, int, int, int]) -> list[float]:
    """For each pixel column of ``box``, the share of its pixels that are not the paper (the
    box's commonest colour): 0 for a column of bare paper. One pass of Pillow's own code, not a
    statistic per column."""
    strip = board.crop(box).convert("RGB")
    colours = strip.getcolors(strip.width * strip.height) or [(1, (0, 0, 0))]
    paper: tuple[int, int, int] = max(colours, key=lambda found: found[0])[1]  # type: ignore[assignment]
    off = ImageChops.difference(strip, Image.new("RGB", strip.size, paper)).convert("L")
    mask = off.point(lambda v: 255 if v > 8 else 0).resize((strip.width, 1), Image.Resampling.BOX)
    return [mask.getpixel((x, 0)) / 255 for x in range(strip.width)]  # type: ignore[operator]


def _split_x(board: Image.Image, box: tuple[int, int, int, int], texts: Sequence[Written]) -> int:
    """Where to cut a crop in two: in its middle third, the pixel column that is most nearly
    bare paper (between two tiles, slots or cells) and holds no word's anchor — in the middle of
    the widest run of such columns (the gap between two groups rather than two tiles)."""
    x0, _y0, x1, _y1 = box
    anchors = [w.xy[0] for w in texts_in(texts, box)]
    ink = column_ink(board, box)
    spreads = {
        x: ink[x - x0]
        for x in range(x0 + (x1 - x0) // 3, x1 - (x1 - x0) // 3)
        if not any(abs(x - a) < 10 for a in anchors)
    }
    if not spreads:
        return (x0 + x1) // 2
    least = min(spreads.values())
    runs: list[list[int]] = []
    for x in sorted(x for x, spread in spreads.items() if spread <= least + 0.01):
        if runs and runs[-1][-1] == x - 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    widest = max(runs, key=len)
    return widest[len(widest) // 2]


def fit(
    part: Part, board: Image.Image, texts: Sequence[Written], room: int, max_zoom: float = MAX_ZOOM
) -> list[tuple[Part, float]]:
    """``part`` with its zoom; a crop whose words need it wider than ``room`` is cut in two
    halves (:func:`_split_x`) shown one above the other, each with the rings on it."""
    zoom = _zoom(part, texts, room, max_zoom)
    if part.size[0] * zoom <= room + 1:
        return [(part, zoom)]
    if not isinstance(part, Crop) or part.size[0] < 80:
        raise ValueError(f"a part {part.size} cannot be read at {MAX_W} px: its words need zoom {zoom:.2f}")
    x0, y0, x1, y1 = part.box
    cut = _split_x(board, part.box, texts)
    halves = []
    for box in ((x0, y0, cut, y1), (cut, y0, x1, y1)):
        marks = tuple(m for m in part.marks if box[0] <= (m.box[0] + m.box[2]) / 2 < box[2])
        halves += fit(Crop(box, marks), board, texts, room, max_zoom)
    return halves


def compose(
    parts: Sequence[Part],
    board: Image.Image,
    board_texts: Sequence[Written],
    max_zoom: float = MAX_ZOOM,
) -> Image.Image:
    """``parts`` top to bottom, each zoomed on its own (see the module docstring), on the
    board's paper; ``board`` is the picture the crops are cut from, ``board_texts`` what was
    recorded while it was drawn. ``img.info["texts"]``: every text as shown."""
    room = MAX_W - 2 * MARGIN
    shown: list[tuple[Image.Image, list[Written]]] = []
    fitted = [found for part in parts for found in fit(part, board, board_texts, room, max_zoom)]
    for part, zoom in fitted:
        with recording() as drawn:  # the Drawn parts' words and the rings' badges, as painted
            img = _render(part, board, zoom)
        if isinstance(part, Crop):
            ox, oy = part.box[0], part.box[1]
            drawn += [
                Written(w.text, int(w.size * zoom), ((w.xy[0] - ox) * zoom, (w.xy[1] - oy) * zoom))
                for w in texts_in(board_texts, part.box)
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
