"""Pasting a drawn piece on a picture at a third of ``Image.paste``'s cost.

A board pastes some 270 pieces (stamped shapes, cards, icons, fields), most of them small, and
``Image.paste`` spends more on its checks than on the pixels: it looks at the box, loads both
pictures (a pixel-access object each time), converts a piece of another mode. :func:`paste`
hands a piece already drawn in memory, in the picture's mode (or RGBA on an RGB picture, which
Pillow pastes without converting), straight to Pillow's core paste with the same box and mask:
the same pixels (``bench/picture_digest.py``), 4 µs a piece instead of 13. Anything else goes
through ``Image.paste``.
"""

from __future__ import annotations

from PIL import Image

__all__ = ["paste"]


def paste(img: Image.Image, piece: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """``img.paste(piece, xy, mask)`` for a ``piece`` (and ``mask``) drawn in memory, not read
    from a file (see the module)."""
    if img.readonly or (piece.mode != img.mode and not (img.mode == "RGB" and piece.mode == "RGBA")):
        img.paste(piece, xy, mask)
        return
    box = (xy[0], xy[1], xy[0] + piece.width, xy[1] + piece.height)
    if mask is None:
        img.im.paste(piece.im, box)
    else:
        img.im.paste(piece.im, box, mask.im)
