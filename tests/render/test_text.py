"""Drawing text (render.text): the glyph cache gives Pillow's own pixels."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import render.colours
import render.faces
import render.goods
import render.icons
import render.layers
import render.layout
import render.png
import render.seats
import render.text


@pytest.mark.parametrize("anchor", ["la", "mm", "rs", "ls"])
def test_text_from_the_glyph_cache_is_the_same_as_pillows(anchor: str) -> None:
    """Cached masks put exactly the pixels ``draw.text`` puts, at fractional positions, with and
    without an outline, on RGB and RGBA pictures, in every face."""
    for mode in ("RGB", "RGBA"):
        for face, text in ((render.faces.MAIN, "Ana 12"), (1, "王小明"), (2, "김민준")):
            for xy, stroke in (((40.5, 30.25), 0), ((41, 30), 2), ((40.75, 31.5), 3)):
                ours = Image.new(mode, (200, 80), render.colours.PAPER)
                render.text._put_text(
                    ImageDraw.Draw(ours),
                    xy,
                    text,
                    face,
                    22,
                    True,
                    render.colours.INK,
                    anchor,
                    stroke,
                    render.colours.WHITE,
                )
                pillows = Image.new(mode, (200, 80), render.colours.PAPER)
                ImageDraw.Draw(pillows).text(
                    xy,
                    text,
                    font=render.faces.face_font(face, 22, True),
                    fill=render.colours.INK,
                    anchor=anchor,
                    stroke_width=stroke,
                    stroke_fill=render.colours.WHITE,
                )
                assert ours.tobytes() == pillows.tobytes(), (mode, face, xy, stroke)
