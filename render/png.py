"""PNG encoding: a picture as the bytes the bot posts.

:func:`encode_png` quantises (to the title's palette, :mod:`render.palette`, when given; else to
an adaptive one) and writes the PNG (:func:`save_png`, the bench's floor): flat art loses nothing
visible in a palette and the file shrinks several times.
"""

from __future__ import annotations

import io

from PIL import Image

__all__ = ["COMPRESS_LEVEL", "MOVE_LEVEL", "encode_png", "quantise", "save_png"]


def quantise(img: Image.Image, colors: int = 128, palette: Image.Image | None = None) -> Image.Image:
    """``img`` reduced to a palette (flat art loses nothing visible and the file shrinks several
    times): each pixel to its nearest colour of ``palette`` (a ``P`` image, see
    :mod:`render.palette`) when given, else to an adaptive palette of ``colors`` computed for
    this picture (four times slower). A palette image is returned as it is."""
    if img.mode == "P":
        return img
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # (convert would copy even an RGB one)
    if palette is not None:
        return rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    return rgb.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


#: Blocks of image memory (16 MiB each) Pillow keeps when a picture is freed, for the next one
#: (Pillow keeps none by default): a move's pictures allocate some 40 MB of zoomed parts and
#: canvases, and memory fresh from the system costs a page fault per 4 KiB on first touch. Kept,
#: a move's CPU is about 6 % less (bench/turn_pictures.py) for 4 MiB more at the peak.
KEPT_BLOCKS = 4
if Image.core.get_blocks_max() < KEPT_BLOCKS:  # (PILLOW_BLOCKS_MAX may ask for more)
    Image.core.set_blocks_max(KEPT_BLOCKS)

#: zlib's level for the PNGs, the size/speed sweet spot for palette images.
COMPRESS_LEVEL = 6
#: zlib's level for the pictures drawn after every move (the phone board, the turn picture): on
#: them 3 writes in half the time of 6 (the phone board: 25 ms instead of 49) a file a sixth
#: larger (260 KB instead of 222), which Discord takes in a few milliseconds more; 9 takes three
#: times 6's time for 6 % less.
MOVE_LEVEL = 3


def save_png(img: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    """The PNG bytes of ``img`` exactly as the bot posts them (zlib ``level``). The benchmark's
    floor is this call alone on the final palette image."""
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=level)
    return out.getvalue()


def encode_png(
    img: Image.Image, colors: int = 128, palette: Image.Image | None = None, level: int = COMPRESS_LEVEL
) -> bytes:
    """PNG bytes of ``img``: :func:`quantise` then :func:`save_png`."""
    return save_png(quantise(img, colors, palette), level)
