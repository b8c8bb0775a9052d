"""Board picture speed and size: p95 of ``render.board`` over the views of a real game, and of
the decision pictures of the same game.

python3 bench/render.py --game cuba [--players 4] [--seed 1] [--views 80] [--names fresh] [--no-marks] [--json]

A game is played by random computer players (``engine.ai``); ``--views`` public views spread
over it (every phase) are rendered after one warm-up render, as the bot's presenter hands them
to the renderer: with the players' names and a computer seat, and (unless ``--no-marks``) the
marks of what changed (``view["since"]``: the public view at the point before). The names are
``--names``: ``fresh`` (the default) gives every seat of every board a name never drawn before,
in Latin, Chinese, Japanese or Korean script by turns, as a bot meets new players: the glyph
masks and the widths of those names are not in the caches (Pillow rasterises them), and that cost
is counted; ``none`` (like the engine's views), ``latin`` and ``cjk`` give every board the same
five names (warm caches after the first). Reported, in one run:

* ``p95_ms`` / ``p50_ms`` — ``render.board(game, view)``: drawing + palette PNG encode;
* ``glyphs_per_board`` — glyph masks rasterised per board (the mask cache's misses: texts not
  drawn before at that size and place, the fresh names among them); ``marked`` whether the views
  carried change marks;
* ``png_bytes`` — the largest PNG (``png_bytes_median`` the typical one);
* ``width`` / ``height`` of the picture;
* ``floor_ms`` — p95 of the bare encode of the very PNG the bot posts, alone: the posted PNG is
  decoded (the same palette image: mode ``P``, the same palette) and written again with the same
  settings (:func:`render.png.save_png`), which gives back the same bytes
  (``floor_same_bytes``). No renderer can beat it; ``ratio`` = ``p95_ms / floor_ms``;
* ``cpu_p95_ms`` / ``cpu_p50_ms`` / ``cpu_floor_ms`` — the same, in CPU time of the drawing
  thread: what a render costs, whoever else shares the cores (on a quiet machine it is the
  wall time); ``cpu_ratio`` = ``cpu_p95_ms / cpu_floor_ms``;
* ``loadavg_1m`` — the machine's load when the views were drawn (a busy machine's figures are
  not a quiet one's);
* ``summary_ms`` / ``summary_bytes`` / ``summary_size`` — the end-of-game summary picture of the
  same game (``engine.summary.summarise`` + ``render.summary``, p95 of 10 renders), its PNG size
  and its width × height;
* ``move_cpu_p50_ms`` / ``move_cpu_p95_ms`` / ``move_phone_kb`` / ``move_turn_kb`` — what the bot
  draws after a move (``render.move``: the phone board and the turn picture cut from one drawing
  of the board, in one job of its render pool), at the same ``--views`` points, each view with
  the names and the marks of what changed since the point before it, the seats to act and the
  first one's legal actions: CPU time of the drawing thread, and the median PNG sizes;
* ``decision_p95_ms`` / ``decision_p50_ms`` / ``decision_bytes`` / ``decision_max_size`` /
  ``decision_shown_scale`` — the decision pictures (``render.decision``: the acting seat's own
  view, its legal actions, English) at the same ``--views`` points of the game: p95 and p50 ms,
  the largest PNG, the largest width × height, and the smallest share of their board size the
  board's pieces keep when a phone shows the picture 400 px wide (``decision_pictures`` of the
  views drew one; the rest were decisions whose sentence says all).

Goals: p95 ≤ 40 ms, ≤ 400 KiB, ≥ 1200 px wide, render ≤ 3× the bare encode (``ratio``).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from engine.summary import summarise  # noqa: E402
from render.png import save_png  # noqa: E402


def decision_figures(game: str, states: list[Any], names: tuple[str, ...]) -> dict[str, Any]:
    """The decision pictures of the acting seat at each of ``states`` (see the module doc)."""
    from PIL import Image

    rules = GAMES[game]
    module = importlib.import_module(render.DECISION_MODULES[game])
    times: list[float] = []
    sizes: list[int] = []
    dims: list[tuple[int, int]] = []
    shown: list[float] = []
    for state in states:
        if rules.result(state) is not None:
            continue
        seat = rules.to_act(state)[0]
        view = with_names(rules.view(state, seat), names)
        legal = [str(a) for a in rules.legal(state, seat)]
        t0 = time.perf_counter()
        png = render.decision(game, view, legal, "en")
        times.append(time.perf_counter() - t0)
        if png is None:
            continue
        sizes.append(len(png))
        with Image.open(io.BytesIO(png)) as im:
            dims.append(im.size)
        zoom = module.draw_decision(view, legal, "en").info["zoom"]
        shown.append(zoom * 400 / dims[-1][0])
    return {
        "decision_views": len(times),
        "decision_pictures": len(sizes),
        "decision_p95_ms": round(p95(times) * 1000, 1),
        "decision_p50_ms": round(statistics.median(times) * 1000, 1),
        "decision_bytes": max(sizes),
        "decision_max_size": [max(w for w, _ in dims), max(h for _, h in dims)],
        "decision_shown_scale": round(min(shown), 2),
    }


def move_figures(game: str, states: list[Any], views: list[dict[str, Any]]) -> dict[str, Any]:
    """A move's pictures as the bot draws them (``render.move``) at each of ``states``, from
    their ``views`` as the presenter makes them (:func:`presented`; see the module doc)."""
    rules = GAMES[game]
    cpu: list[float] = []
    phone: list[int] = []
    turn: list[int] = []
    for state, view in zip(states, views, strict=True):
        seats = list(rules.to_act(state)) if rules.result(state) is None else []
        legal = [str(a) for a in rules.legal(state, seats[0])] if len(seats) == 1 else []
        c0 = time.thread_time()
        drawn = render.move(game, view, seats, legal, "en")
        cpu.append(time.thread_time() - c0)
        phone.append(len(drawn.board or b""))
        if drawn.turn is not None:
            turn.append(len(drawn.turn))
    return {
        "move_cpu_p50_ms": round(statistics.median(cpu) * 1000, 1),
        "move_cpu_p95_ms": round(p95(cpu) * 1000, 1),
        "move_phone_kb": round(statistics.median(phone) / 1024),
        "move_turn_kb": round(statistics.median(turn) / 1024) if turn else 0,
    }


def game_states(game: str, players: int, seed: int) -> list[Any]:
    """Every state of one game played by random players, the initial one first."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed * 31 + i) for i, s in enumerate(seats)}
    states = [state]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        state, _ = rules.apply(state, seat, action)
        states.append(state)
    return states


def game_views(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every public view of one game played by random players."""
    rules = GAMES[game]
    return [rules.view(state, None) for state in game_states(game, players, seed)]


def summary_figures(game: str, states: list[Any], names: tuple[str, ...]) -> dict[str, Any]:
    """The end-of-game summary picture of ``states``: p95 ms of 10 renders (summarise + PNG),
    its PNG bytes and size."""
    seats = list(GAMES[game].progress(states[-1])["scores"])
    given = {seat: names[i % len(names)] for i, seat in enumerate(seats)} if names else {}
    times: list[float] = []
    png = b""
    for _ in range(10):
        t0 = time.perf_counter()
        png = render.summary(summarise(game, states, given, bots=seats[1:2]))
        times.append(time.perf_counter() - t0)
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        size = im.size
    return {"summary_ms": round(p95(times) * 1000, 1), "summary_bytes": len(png), "summary_size": list(size)}


#: Players' names per ``--names`` choice, seat by seat (``fresh``: :class:`FreshNames`).
NAMES: dict[str, tuple[str, ...]] = {
    "none": (),
    "latin": ("Ana", "Dimitrios Papadopoulos", "Ĳsbrand Çoşkun", "Жора", "Zoë"),
    "cjk": ("王小明", "山田たろう", "김민준", "陳大文 Chan", "ラーメン大好き小池さん"),
    "fresh": (),
}


class FreshNames:
    """Names never drawn before, one per seat of every board: Latin, Chinese, Japanese and
    Korean by turns, made of syllables (a seeded generator; each name told apart from every
    earlier one), as long as people's display names are."""

    LATIN = ("ka", "ri", "lo", "men", "sa", "to", "vel", "dra", "in", "gor", "pe", "lu", "mar", "ni", "zo")
    HAN = (
        "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    )
    KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
    HANGUL = "가나다라마바사아자차카타파하민준서연지우현수영진"

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)
        self.given: set[str] = set()
        self.turn = 0

    def one(self) -> str:
        rng, script = self.rng, self.turn % 4
        self.turn += 1
        while True:
            if script == 0:
                words = ["".join(rng.choice(self.LATIN) for _ in range(rng.randint(2, 3))) for _ in range(2)]
                name = " ".join(w.capitalize() for w in words)
            elif script == 1:
                name = "".join(rng.choice(self.HAN) for _ in range(3))
            elif script == 2:
                name = rng.choice(self.HAN) + "".join(rng.choice(self.KANA) for _ in range(rng.randint(3, 5)))
            else:
                name = "".join(rng.choice(self.HANGUL) for _ in range(3))
            if name not in self.given:
                self.given.add(name)
                return name

    def of(self, seats: list[str]) -> tuple[str, ...]:
        """A new name for each of ``seats``."""
        return tuple(self.one() for _ in seats)


def with_names(view: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """``view`` with ``names`` given to its seats as the bot does (``view["names"]``) and its
    last seat a computer player's (``view["bots"]``)."""
    if not names:
        return dict(view)
    seats = list(view["seats"])
    named = {seat: names[i % len(names)] for i, seat in enumerate(seats)}
    return {**view, "names": named, "bots": seats[-1:]}


def presented(game: str, states: list[Any], names: str, marks: bool, seed: int = 1) -> list[dict[str, Any]]:
    """The public views of ``states`` as the presenter hands them to the renderer: names (per
    ``names``, see the module doc; ``fresh``: new ones on every view) and, with ``marks``, the
    public view of the state before as ``view["since"]`` (what changed since)."""
    rules = GAMES[game]
    fresh = FreshNames(seed) if names == "fresh" else None
    out = []
    earlier = None
    for state in states:
        view = rules.view(state, None)
        given = fresh.of(list(view["seats"])) if fresh is not None else NAMES[names]
        shown = with_names(view, given)
        if marks and earlier is not None:
            shown["since"] = earlier
        earlier = view
        out.append(shown)
    return out


def spread(items: list[Any], count: int) -> list[Any]:
    """``count`` items evenly spread over ``items`` (first and last included)."""
    if len(items) <= count:
        return items
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=sorted(render.GAME_MODULES))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--views", type=int, default=80)
    ap.add_argument("--names", choices=sorted(NAMES), default="fresh")
    ap.add_argument("--no-marks", action="store_true", help="views without the marks of what changed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    from render.text import _mask

    states = game_states(args.game, args.players, args.seed)
    shown_states = spread(states, args.views)
    # the warm-up (fonts, icons, the static layer) draws the first state under names not used again
    warm_up, *views = presented(args.game, shown_states[:1] + shown_states, args.names, not args.no_marks)
    render.board(args.game, warm_up)
    glyphs_before = _mask.cache_info().misses

    render_s: list[float] = []
    cpu_s: list[float] = []
    floor_s: list[float] = []
    floor_cpu_s: list[float] = []
    sizes: list[int] = []
    same_bytes = True
    width = height = 0
    from PIL import Image

    for view in views:
        t0, c0 = time.perf_counter(), time.thread_time()
        png = render.board(args.game, view)
        render_s.append(time.perf_counter() - t0)
        cpu_s.append(time.thread_time() - c0)
        sizes.append(len(png))
        with Image.open(io.BytesIO(png)) as posted:
            posted.load()
            width, height = posted.size
            t0, c0 = time.perf_counter(), time.thread_time()
            again = save_png(posted)
            floor_s.append(time.perf_counter() - t0)
            floor_cpu_s.append(time.thread_time() - c0)
        same_bytes = same_bytes and again == png

    glyphs = _mask.cache_info().misses - glyphs_before
    figures = {
        "game": args.game,
        "players": args.players,
        "names": args.names,
        "marked": not args.no_marks,
        "glyphs_per_board": round(glyphs / len(views), 1),
        "views": len(views),
        "p95_ms": round(p95(render_s) * 1000, 1),
        "p50_ms": round(statistics.median(render_s) * 1000, 1),
        "png_bytes": max(sizes),
        "png_bytes_median": int(statistics.median(sizes)),
        "width": width,
        "height": height,
        "floor_ms": round(p95(floor_s) * 1000, 1),
        "floor_same_bytes": same_bytes,
        "cpu_p95_ms": round(p95(cpu_s) * 1000, 1),
        "cpu_p50_ms": round(statistics.median(cpu_s) * 1000, 1),
        "cpu_floor_ms": round(p95(floor_cpu_s) * 1000, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }
    figures["ratio"] = round(figures["p95_ms"] / figures["floor_ms"], 2) if figures["floor_ms"] else None
    figures["cpu_ratio"] = (
        round(figures["cpu_p95_ms"] / figures["cpu_floor_ms"], 2) if figures["cpu_floor_ms"] else None
    )
    # the summary and the decision pictures: five names (fresh ones the first time only)
    names = NAMES[args.names] or FreshNames(args.seed + 1).of(["seat"] * 5)
    figures.update(summary_figures(args.game, states, names))
    figures.update(decision_figures(args.game, shown_states, names))
    moves = presented(args.game, shown_states, args.names, not args.no_marks, seed=args.seed + 2)
    figures.update(move_figures(args.game, shown_states, moves))
    print(
        f"{args.game}: {len(views)} views (names {args.names}, {glyphs / len(views):.1f} glyph masks rasterised "
        f"a board, {'with' if figures['marked'] else 'without'} change marks), "
        f"render p95 {figures['p95_ms']} ms (p50 {figures['p50_ms']} ms), "
        f"bare encode p95 {figures['floor_ms']} ms (×{figures['ratio']}); CPU time p95 {figures['cpu_p95_ms']} ms, "
        f"bare encode {figures['cpu_floor_ms']} ms (×{figures['cpu_ratio']}), load {figures['loadavg_1m']}; "
        f"PNG ≤ {figures['png_bytes'] / 1024:.1f} KiB (median {figures['png_bytes_median'] / 1024:.1f} KiB), "
        f"{width}×{height} px; summary picture p95 {figures['summary_ms']} ms, "
        f"{figures['summary_bytes'] / 1024:.1f} KiB, {figures['summary_size'][0]}×{figures['summary_size'][1]} px; "
        f"decision picture p95 {figures['decision_p95_ms']} ms (p50 {figures['decision_p50_ms']} ms, "
        f"{figures['decision_pictures']} of {figures['decision_views']} decisions), "
        f"≤ {figures['decision_bytes'] / 1024:.1f} KiB, ≤ {figures['decision_max_size'][0]}×"
        f"{figures['decision_max_size'][1]} px, pieces at ≥ {figures['decision_shown_scale']}× "
        "their board size when shown 400 px wide; "
        f"a move's pictures (phone board and turn picture, render.move) CPU time p50 "
        f"{figures['move_cpu_p50_ms']} ms, p95 {figures['move_cpu_p95_ms']} ms "
        f"({figures['move_phone_kb']} + {figures['move_turn_kb']} KiB)"
    )
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
