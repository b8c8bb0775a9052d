"""PNG encoding (render.png), and the package entry point that uses it."""

from __future__ import annotations

import io
import subprocess
import sys

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


def test_encode_png_is_a_small_palette_png() -> None:
    img = Image.new("RGB", (400, 300), render.colours.PAPER)
    d = ImageDraw.Draw(img)
    render.layers.panel(d, (10, 10, 200, 150), header=render.seats.SEAT_COLOURS[1], header_height=30)
    render.text.text_centered(d, (100, 80), "12", 30)
    render.text.badge(d, (300, 50), 7)
    render.icons.paste_icon(img, "citrus", (300, 200), 48)
    png = render.png.encode_png(img)
    assert png.startswith(b"\x89PNG")
    with Image.open(io.BytesIO(png)) as out:
        assert out.mode == "P" and out.size == (400, 300)
    plain = io.BytesIO()
    img.save(plain, format="PNG")
    assert len(png) < len(plain.getvalue())


def test_importing_render_loads_no_pillow() -> None:
    code = "import sys, render; print('PIL' in sys.modules or 'render.cuba.board' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_pillow_keeps_freed_image_memory_for_the_next_picture() -> None:
    from PIL import Image

    import render.png

    assert Image.core.get_blocks_max() >= render.png.KEPT_BLOCKS >= 1
