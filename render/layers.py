"""Pictures drawn once and reused: static layers, cards, and the panels they are made of.

* :func:`cached_layer` builds a base picture once per layout key; callers ``.copy()`` it and
  draw the turn's pieces on top.
* :func:`card` pastes a card (a tile, a statute) drawn once per key.
* :func:`panel` draws a rounded card with an optional coloured header strip (not cached).

Each cache is bounded (least recently used dropped) and safe to use from the worker threads
that draw boards; :func:`clear_caches` empties them all, with the icons' and glyph masks'.

A cached picture keeps the texts drawn on it (:func:`render.text.recording`), and a hit
records them again where it is pasted (:func:`render.text.replay`): the phone board and the turn
picture, which draw the board with its texts recorded, use the caches as the landscape board
does. Only while icons are recorded (:func:`render.icons.recording`, the legends' tests) are the
caches passed by, so that every icon in them is drawn, and recorded, afresh.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from render.colours import CARD, FAINT, RGB
from render.icons import clear_icons, recording_icons
from render.paste import paste
from render.shapes import clear_stamps, rounded_rect
from render.text import Written, clear_masks, recording, replay

__all__ = ["CardPainter", "LayerKey", "cached_layer", "card", "clear_caches", "panel"]

#: What a cached picture depends on (game, layout, size…): a tuple of hashable values.
LayerKey = tuple[Hashable, ...]


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: RGB = CARD,
    outline: RGB = FAINT,
    header: RGB | None = None,
    header_height: int = 0,
    radius: int = 12,
    width: int = 2,
) -> None:
    """A rounded card; with ``header`` a coloured strip of ``header_height`` px on top."""
    rounded_rect(draw, box, radius=radius, fill=fill, outline=outline, width=width)
    if header is not None and header_height:
        x0, y0, x1, _ = box
        rounded_rect(draw, (x0, y0, x1, y0 + header_height), radius=radius, fill=header)
        draw.rectangle((x0, y0 + header_height - radius, x1, y0 + header_height), fill=header)
        rounded_rect(draw, box, radius=radius, outline=outline, width=width)


_LAYERS: dict[LayerKey, tuple[Image.Image, list[Written]]] = {}
#: Layers kept (least recently used dropped first): a full board base is ~7 MB in memory (Pillow
#: keeps 4 bytes a pixel), and a bases depends on the seat count and layout, not on the game.
_LAYER_LIMIT = 6
_LAYERS_LOCK = threading.Lock()


def cached_layer(key: LayerKey, build: Callable[[], Image.Image]) -> Image.Image:
    """The static picture for ``key`` (game, layout, size…), built once by ``build()``; its
    texts recorded again at each use (see the module docstring).

    Returns the cached image itself: callers must ``.copy()`` it before drawing on it (the
    key must hold everything the base depends on, and nothing turn-specific may go into it).
    While icons are recorded (:func:`render.icons.recording`) the layer is built afresh.
    """
    if recording_icons():
        return build()
    with _LAYERS_LOCK:  # boards are rendered in worker threads
        entry = _LAYERS.pop(key, None)
        if entry is None:
            if len(_LAYERS) >= _LAYER_LIMIT:
                _LAYERS.pop(next(iter(_LAYERS)))
            with recording() as texts:
                entry = (build(), texts)
        _LAYERS[key] = entry  # (re)inserted last: the most recently used
    replay(entry[1])
    return entry[0]


_CARDS: dict[tuple[LayerKey, int, int, int, int], tuple[Image.Image, Image.Image, list[Written]]] = {}
#: Cards kept (least recently used dropped first): ~250 differ in a game (a building tile in
#: each place it is shown, a statute card face up or proposed), 20–40 KB each.
_CARD_LIMIT = 384
_CARDS_LOCK = threading.Lock()

#: ``paint(img, draw, box)``: draws a card's face inside ``box`` (on the pixel grid when cached).
CardPainter = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[float, float, float, float]], None]


def card(
    img: Image.Image,
    box: tuple[float, float, float, float],
    key: LayerKey,
    paint: CardPainter,
    radius: int,
    width: int = 2,
) -> None:
    """A card — a rounded rectangle of ``radius`` with an outline of ``width`` and whatever
    ``paint(img, draw, box)`` draws inside it — at ``box`` on ``img``, from a bounded cache of
    cards drawn once per ``key`` (which must hold everything ``paint`` depends on but the box).

    The cached card is drawn at the origin and pasted through its own shape, so the pixels are
    the ones ``paint`` would put on ``img`` there, and its texts are recorded where it is pasted.
    A box off the pixel grid is painted directly, and so is every card while icons are recorded
    (:func:`render.icons.recording`)."""
    if recording_icons() or not all(float(v).is_integer() for v in box):  # painted in place
        paint(img, ImageDraw.Draw(img), box)
        return
    x0, y0, x1, y1 = (int(v) for v in box)
    full = (key, x1 - x0, y1 - y0, radius, width)
    with _CARDS_LOCK:
        entry = _CARDS.pop(full, None)
        if entry is not None:
            _CARDS[full] = entry  # (re)inserted last: the most recently used
    if entry is None:
        face = Image.new("RGB", (x1 - x0 + 1, y1 - y0 + 1))
        with recording() as texts:
            paint(face, ImageDraw.Draw(face), (0, 0, x1 - x0, y1 - y0))
        shape = Image.new("1", face.size, 0)  # (whole pixels: a bilevel mask pastes 3× faster)
        ImageDraw.Draw(shape).rounded_rectangle(
            (0, 0, x1 - x0, y1 - y0), radius=radius, fill=255, outline=255, width=width
        )
        entry = (face, shape, texts)
        with _CARDS_LOCK:
            while len(_CARDS) >= _CARD_LIMIT:
                _CARDS.pop(next(iter(_CARDS)))
            _CARDS[full] = entry
    paste(img, entry[0], (x0, y0), entry[1])
    replay(entry[2], (x0, y0))


def clear_caches() -> None:
    """Forget every cached picture: layers, cards, icons and glyph masks (tests use this to
    compare with a cold start)."""
    with _LAYERS_LOCK:
        _LAYERS.clear()
    clear_icons()
    clear_masks()
    clear_stamps()
    with _CARDS_LOCK:
        _CARDS.clear()
