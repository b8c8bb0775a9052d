"""The expedition cards' scoring symbols, drawn small: a piece that Goa's decision pictures and
its legend share (each imports it; neither imports the other)."""

from __future__ import annotations

from PIL import ImageDraw

from render.colours import INK
from render.icons import note

#: The colours of the expedition cards' scoring symbols.
SYMBOL_COLOURS = {
    "tiger": (226, 132, 40),
    "fish": (60, 130, 200),
    "palm": (60, 150, 70),
    "shell": (214, 120, 150),
    "statue": (130, 120, 110),
}


def symbol_glyph(draw: ImageDraw.ImageDraw, symbol: str, centre: tuple[float, float], size: float) -> None:
    """A small drawing of an expedition card's symbol (tiger, fish, palm, shell, statue); the
    older revisions' symbols as a plain disc (their name is in the card's text)."""
    x, y = centre
    r = size / 2
    note("goa_symbols")
    colour = SYMBOL_COLOURS.get(symbol, (150, 150, 150))
    w = max(1, round(size / 12))
    if symbol == "tiger":  # a face with ears and stripes
        draw.ellipse((x - r * 0.8, y - r * 0.7, x + r * 0.8, y + r * 0.8), fill=colour, outline=INK, width=w)
        for dx in (-0.55, 0.55):
            ex = x + dx * r
            draw.polygon(
                [(ex - r * 0.25, y - r * 0.5), (ex, y - r), (ex + r * 0.25, y - r * 0.5)],
                fill=colour,
                outline=INK,
            )
        for dx in (-0.45, 0, 0.45):
            draw.line((x + dx * r, y - r * 0.65, x + dx * r, y - r * 0.3), fill=INK, width=w)
        draw.ellipse((x - r * 0.12, y + r * 0.1, x + r * 0.12, y + r * 0.3), fill=INK)
    elif symbol == "fish":  # a body and a tail
        draw.ellipse(
            (x - r * 0.9, y - r * 0.45, x + r * 0.45, y + r * 0.45), fill=colour, outline=INK, width=w
        )
        draw.polygon(
            [(x + r * 0.35, y), (x + r, y - r * 0.5), (x + r, y + r * 0.5)], fill=colour, outline=INK
        )
        draw.ellipse((x - r * 0.6, y - r * 0.15, x - r * 0.4, y + r * 0.05), fill=INK)
    elif symbol == "palm":  # a trunk and fronds
        draw.line((x, y + r, x + r * 0.1, y - r * 0.4), fill=(120, 80, 40), width=max(2, w * 2))
        for dx, dy in ((-1, -0.2), (1, -0.2), (-0.7, -0.8), (0.7, -0.8)):
            draw.line((x + r * 0.1, y - r * 0.4, x + dx * r, y + dy * r), fill=colour, width=max(2, w * 2))
    elif symbol == "shell":  # a fan with ribs
        draw.pieslice((x - r, y - r * 0.8, x + r, y + r * 1.2), 180, 360, fill=colour, outline=INK, width=w)
        for a in (-0.6, -0.2, 0.2, 0.6):
            draw.line((x, y + r * 0.2, x + a * r, y - r * 0.7), fill=INK, width=w)
    elif symbol == "statue":  # a head on a body on a plinth
        draw.ellipse((x - r * 0.3, y - r, x + r * 0.3, y - r * 0.4), fill=colour, outline=INK, width=w)
        draw.rectangle(
            (x - r * 0.4, y - r * 0.4, x + r * 0.4, y + r * 0.5), fill=colour, outline=INK, width=w
        )
        draw.rectangle((x - r * 0.7, y + r * 0.5, x + r * 0.7, y + r), fill=colour, outline=INK, width=w)
    else:
        draw.ellipse((x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7), fill=colour, outline=INK, width=w)
