"""The colours every picture shares.

The picture is opaque: its own background decides contrast, not Discord's theme, but the outer
frame (:data:`FRAME`) is a mid-dark tone so the image edge looks right on both themes. The seat
colours are in :mod:`render.seats`; a title's PNG palette, learnt from its boards, in
:mod:`render.palette`.
"""

from __future__ import annotations

from collections.abc import Iterable

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def rgb(channels: Iterable[int]) -> RGB:
    """A colour computed channel by channel (a tint, a shade) as an :data:`RGB` triple."""
    r, g, b = channels
    return (r, g, b)


FRAME: RGB = (52, 63, 74)
PAPER: RGB = (244, 236, 220)
PAPER_DARK: RGB = (226, 214, 190)
CARD: RGB = (253, 250, 243)
INK: RGB = (38, 38, 44)
MUTED: RGB = (128, 122, 110)
FAINT: RGB = (200, 192, 176)
GOLD: RGB = (232, 176, 38)
GOLD_DARK: RGB = (150, 104, 10)
SEA: RGB = (96, 158, 196)
SEA_DARK: RGB = (56, 110, 150)
RED: RGB = (200, 40, 40)
GREEN: RGB = (46, 140, 70)
WHITE: RGB = (255, 255, 255)

#: The dark outline of every icon (:mod:`render.icons`), so icons read on any tile colour.
OUTLINE: RGBA = (40, 34, 30, 255)
