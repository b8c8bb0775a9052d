"""Decision pictures: just what one decision needs, large enough to read on a phone.

At phone width (about 400 px) a 1600 px board shows names and points but not the market, the
fields or the ships. A decision picture is made of a few *parts* — crops of the board drawn
from the deciding seat's own view (:class:`Crop`, with :class:`Mark` rings on the choices), or
small pictures drawn for the decision (:class:`Drawn`) — laid out in columns and zoomed
together so that the whole fits :data:`MAX_W` × :data:`MAX_H`: shown 400 px wide, the board's
pieces keep about the size they have on the full board on a computer screen.

Each title's module (``render/<game>_decision.py``) chooses the parts from the decision at hand
(the view's phase or step and the seat's legal actions); :func:`render.decision` is the entry
point. The view is the seat's own (``rules.view(state, seat)``): a decision picture never shows
another seat's secret, because it never sees one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.colours import FRAME, GOLD, GOLD_DARK, INK, PAPER
from render.layout import truncate
from render.png import quantise
from render.text import badge, draw_text

Box = tuple[int, int, int, int]

#: The largest picture: about square, so that a client that also caps the shown height keeps it
#: as large as one that only caps the width.
MAX_W = 820
MAX_H = 760
#: Crops are enlarged at most this much (beyond it they only get blurrier, not clearer).
MAX_ZOOM = 2.2
MARGIN = 12
GAP = 12
RING = GOLD
#: A crop of the board zoomed up to this much is resampled bilinearly, a third of Lanczos's cost
#: (Pillow's filter widens with a shrink, so a shrunk crop is smoothed as well): at a phone's
#: size the pictures are the same to the eye. Zoomed more (a decision's or a turn's close-up), it
#: is resampled bicubically, which keeps the edges of the art and the words as crisp as Lanczos.
BILINEAR_UP_TO = 1.75
RING_DARK = GOLD_DARK


@dataclass(frozen=True)
class Mark:
    """Something to point at, in the coordinates of its part at zoom 1 (board pixels for a
    :class:`Crop`): a gold ring around a choice, with an optional badge (a number, a letter)."""

    box: tuple[float, float, float, float]
    badge: str = ""


@dataclass(frozen=True)
class Crop:
    """A region of the board picture, with marks on it."""

    box: Box
    marks: tuple[Mark, ...] = ()

    @property
    def size(self) -> tuple[int, int]:
        return self.box[2] - self.box[0], self.box[3] - self.box[1]


@dataclass(frozen=True)
class Drawn:
    """A small picture drawn for the decision: ``paint(zoom)`` draws it at ``size`` × zoom
    (natively, so its words stay sharp)."""

    size: tuple[int, int]
    paint: Callable[[float], Image.Image]
    marks: tuple[Mark, ...] = field(default=())


Part = Crop | Drawn


def _zoom(columns: Sequence[Sequence[Part]]) -> float:
    """The one zoom of all parts that fits them, with the (unzoomed) gaps and margins, in
    MAX_W × MAX_H — a pixel per part spared for rounding."""
    widths = sum(max(p.size[0] for p in col) for col in columns)
    room_w = MAX_W - 2 * MARGIN - (GAP + 1) * len(columns)
    zoom = min(MAX_ZOOM, room_w / widths)
    for col in columns:
        room_h = MAX_H - 2 * MARGIN - (GAP + 1) * len(col)
        zoom = min(zoom, room_h / sum(p.size[1] for p in col))
    return zoom


def _ring(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], zoom: float, label: str) -> None:
    x0, y0, x1, y1 = box
    w = max(3, round(2 * zoom))
    draw.rounded_rectangle((x0 - w, y0 - w, x1 + w, y1 + w), radius=3 * w, outline=RING_DARK, width=w + 2)
    draw.rounded_rectangle(
        (x0 - w + 1, y0 - w + 1, x1 + w - 1, y1 + w - 1), radius=3 * w, outline=RING, width=w
    )
    if label:
        size = max(14, round(11 * zoom))
        badge(draw, (x0 + size * 0.4, y0 + size * 0.4), label, size=size, fill=RING_DARK)


def _render(part: Part, board: Image.Image | None, zoom: float) -> Image.Image:
    w, h = part.size
    size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
    if isinstance(part, Crop):
        if board is None:
            raise ValueError("a crop needs the board picture")
        resample = Image.Resampling.BILINEAR if zoom <= BILINEAR_UP_TO else Image.Resampling.BICUBIC
        img = board.crop(part.box).resize(size, resample)
        ox, oy = part.box[0], part.box[1]
    else:
        img = part.paint(zoom)
        if img.size != size:
            img = img.resize(size, Image.Resampling.LANCZOS)
        ox = oy = 0
    if part.marks:
        img = img.convert("RGB")
        draw = ImageDraw.Draw(img)
        for mark in part.marks:
            x0, y0, x1, y1 = mark.box
            _ring(
                draw,
                ((x0 - ox) * zoom, (y0 - oy) * zoom, (x1 - ox) * zoom, (y1 - oy) * zoom),
                zoom,
                mark.badge,
            )
    return img


#: The corners of :func:`framed` are cut from a picture this many pixels square.
_CORNER = 24


@lru_cache(maxsize=1)
def _corners() -> Image.Image:
    """A small framed picture, drawn as :func:`framed` would draw a large one: its corners."""
    img = Image.new("RGB", (2 * _CORNER, 2 * _CORNER), FRAME)
    ImageDraw.Draw(img).rounded_rectangle((3, 3, 2 * _CORNER - 4, 2 * _CORNER - 4), radius=14, fill=PAPER)
    return img


def framed(width: int, height: int, palette: Image.Image | None = None) -> Image.Image:
    """A picture of ``width`` × ``height`` px of paper in a 3 px frame with rounded corners: the
    pixels of a rounded rectangle of paper drawn on the frame's colour, without filling the
    whole picture twice (a phone board is 4 Mpx). With a ``palette`` (a ``P`` image,
    :mod:`render.palette`) the picture is in it, one byte a pixel: the pixels
    :func:`render.png.quantise` makes of the colour one, drawn without a colour one."""
    if min(width, height) < 2 * _CORNER:
        img = Image.new("RGB", (width, height), FRAME)
        ImageDraw.Draw(img).rounded_rectangle((3, 3, width - 4, height - 4), radius=14, fill=PAPER)
        return img if palette is None else quantise(img, palette=palette)
    corners, c = _corners(), _CORNER
    if palette is None:
        img = Image.new("RGB", (width, height), PAPER)
        paper: int | tuple[int, int, int] = PAPER
        frame: int | tuple[int, int, int] = FRAME
    else:
        corners = quantise(corners, palette=palette)
        paper, frame = corners.getpixel((c, c)), corners.getpixel((0, 0))  # type: ignore[assignment]
        img = Image.new("P", (width, height), paper)
        img.putpalette(corners.getpalette() or [])
    draw = ImageDraw.Draw(img)
    for band in ((0, 0, width - 1, 2), (0, height - 3, width - 1, height - 1)):
        draw.rectangle(band, fill=frame)
    for band in ((0, 0, 2, height - 1), (width - 3, 0, width - 1, height - 1)):
        draw.rectangle(band, fill=frame)
    for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
        img.paste(corners.crop((x * c, y * c, (x + 1) * c, (y + 1) * c)), (x * (width - c), y * (height - c)))
    return img


def compose(columns: Sequence[Sequence[Part]], board: Image.Image | None = None) -> Image.Image:
    """The parts laid out in ``columns`` (each a stack, top to bottom), zoomed together to fit,
    on the board's paper. ``board`` is the picture the :class:`Crop` parts are cut from."""
    columns = [list(col) for col in columns if col]
    if not columns:
        raise ValueError("a decision picture needs at least one part")
    zoom = _zoom(columns)
    rendered = [[_render(p, board, zoom) for p in col] for col in columns]
    widths = [max(im.width for im in col) for col in rendered]
    heights = [sum(im.height for im in col) + GAP * (len(col) - 1) for col in rendered]
    width = sum(widths) + GAP * (len(columns) - 1) + 2 * MARGIN
    height = max(heights) + 2 * MARGIN
    out = framed(width, height)
    out.info["zoom"] = zoom  # how much the board's pixels were enlarged (tests, benches)
    x = MARGIN
    for col, w in zip(rendered, widths, strict=True):
        y = MARGIN
        for im in col:
            out.paste(im, (x + (w - im.width) // 2, y))
            y += im.height + GAP
        x += w + GAP
    return out


def caption(text: str, width: int, size: int = 22, bold: bool = True, height: int | None = None) -> Drawn:
    """A line of words (in the reader's language) as a part ``width`` board pixels wide."""
    h = height or size + 14

    def paint(zoom: float) -> Image.Image:
        img = Image.new("RGB", (round(width * zoom), round(h * zoom)), PAPER)
        draw = ImageDraw.Draw(img)
        px = max(10, round(size * zoom))
        shown = truncate(text, px, img.width - 8, bold=bold)
        draw_text(draw, (img.width / 2, img.height / 2), shown, px, INK, bold, "mm")
        return img

    return Drawn((width, h), paint)


__all__ = ["MAX_H", "MAX_W", "Crop", "Drawn", "Mark", "Part", "caption", "compose", "framed"]
