"""One palette per title, computed once from the title's own art and seat colours.

A board is flat art: the same few dozen colours (paper, cards, icons, the five seat colours) and
their antialiased edges, whatever the state of the game. Quantising every board to an adaptive
palette of its own recomputed that palette each time (a fifth of a board's time); mapping it to
a palette computed once is four times cheaper, and no worse: the palette is learnt from several
real boards at once, so it holds every colour the art uses, not only those one board shows.

The sample is fixed, so the palette is the same in every process and every run: a game of the
title played by random computer players (``engine.ai``, fixed seed) at its largest table (every
seat colour), its players named in Latin and CJK scripts (glyph edges), and :data:`SAMPLES`
boards spread from set-up to the final ranking drawn by the title's own ``draw``, and the marks
of what changed (:func:`render.marks.swatch`, which the sample boards do not carry). Every other
pixel of each (every other row and column: the same colours in the same proportions, a quarter
of the memory) goes into one montage, reduced to :data:`COLOURS` colours (Pillow's fast octree,
the method the adaptive palettes used). Learning takes about 0.3 s per title and 30 MB at its
peak, once per process.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from PIL import Image

from engine import GAMES
from engine.ai import player

#: Colours of a title's palette (as many as the adaptive palettes had: the PNG is as small).
COLOURS = 128
#: Boards the palette is learnt from.
SAMPLES = 4
SEED = 20
#: Names given to the sample's seats (one per seat, five at most).
NAMES = ("Ana Lima", "王小明", "山田たろう", "김민준", "Жора Пётр")

_PALETTES: dict[str, Image.Image] = {}
_LOCK = threading.Lock()


def sample_views(game: str, samples: int = SAMPLES, seed: int = SEED) -> list[dict[str, Any]]:
    """``samples`` public views of one game of ``game`` at its largest table, spread from the
    set-up to the end, with names and a computer seat as the bot shows them."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(rules.max_players)]
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed * 31 + i) for i, s in enumerate(seats)}
    states = [state]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        # The contract's view is a read-only mapping; engine.ai's players take a dict.
        view = dict(rules.view(state, seat))
        state, _ = rules.apply(state, seat, bots[seat].choose(view, rules.legal(state, seat)))
        states.append(state)
    picked = [states[round(k * (len(states) - 1) / (samples - 1))] for k in range(samples)]
    names = {seat: NAMES[i % len(NAMES)] for i, seat in enumerate(seats)}
    return [{**rules.view(s, None), "names": names, "bots": seats[-1:]} for s in picked]


def sampled(img: Image.Image) -> Image.Image:
    """Every other pixel of ``img`` (its colours, in their proportions; no new colour)."""
    half = (max(1, img.width // 2), max(1, img.height // 2))
    return img.convert("RGB").resize(half, Image.Resampling.NEAREST)


def learn(images: list[Image.Image], colours: int = COLOURS) -> Image.Image:
    """A palette image (mode ``P``) of ``colours`` colours for all of ``images`` together."""
    width = max(im.width for im in images)
    montage = Image.new("RGB", (width, sum(im.height for im in images)))
    y = 0
    for im in images:
        montage.paste(im.convert("RGB"), (0, y))
        y += im.height
    return montage.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def title_palette(game: str, module: str) -> Image.Image:
    """The palette of ``game``'s boards (drawn by ``module``), learnt on first use and kept."""
    palette = _PALETTES.get(game)
    if palette is not None:
        return palette
    with _LOCK:
        if game not in _PALETTES:
            draw = importlib.import_module(module).draw
            from render.marks import swatch  # the change marks' colours (render/marks.py)

            _PALETTES[game] = learn([*(sampled(draw(view)) for view in sample_views(game)), swatch()])
        return _PALETTES[game]
