"""Do the boards still look the same? Old and new pictures of the same views, compared.

python bench/images.py --save DIR     # the set: views and today's PNGs, into DIR
python bench/images.py --against DIR  # today's renderer against the PNGs saved in DIR [--json]

The set: for each title and each player count it seats, one game played by random computer
players (``engine.ai``), six views spread over it (set-up to the end), with players' names in
Chinese, Japanese and Korean (``bench/render.py``'s ``cjk`` names). ``--save`` writes every view
as JSON (``views.json``) and its board as ``<game>-<players>p-<k>.png``; keep DIR outside the
repository. ``--against`` renders the saved views again and compares pixel by pixel (both PNGs
decoded to RGB):

* ``mean`` — the mean absolute difference per channel (0–255) over every pixel of every picture
  of a title (and per player count), the figure quoted in the README;
* ``worst`` — the largest mean of one picture;
* ``changed`` — the share of pixels with any channel more than 48 apart (a visible change,
  not a palette shade).

``--only GAME-NP`` (e.g. ``goa-2p``) leaves out everything else; ``--diff OUT`` writes, for every
picture, a picture of where it changed (white: same).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageChops  # noqa: E402

import render  # noqa: E402
from engine import GAMES  # noqa: E402


def _figures_module() -> Any:
    """``bench/render.py`` (its game play, names and spread), loaded under another name: its
    own name is the ``render`` package's."""
    spec = importlib.util.spec_from_file_location("bench_render", Path(__file__).with_name("render.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_figures = _figures_module()
NAMES, game_states, spread, with_names = (
    _figures.NAMES,
    _figures.game_states,
    _figures.spread,
    _figures.with_names,
)

PER_GAME = 6
SEED = 3


def the_set() -> list[tuple[str, dict[str, Any]]]:
    """(file stem, view) for every picture of the set."""
    out = []
    for game, rules in GAMES.items():
        if game not in render.GAME_MODULES:
            continue
        for players in range(rules.min_players, rules.max_players + 1):
            states = spread(game_states(game, players, SEED + players), PER_GAME)
            for k, state in enumerate(states):
                out.append((f"{game}-{players}p-{k}", with_names(rules.view(state, None), NAMES["cjk"])))
    return out


def save(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    views = {}
    for stem, view in the_set():
        (folder / f"{stem}.png").write_bytes(render.board(stem.split("-")[0], view))
        views[stem] = view
    (folder / "views.json").write_text(json.dumps(views, ensure_ascii=False))
    print(f"{len(views)} pictures in {folder}")


def difference(old: Image.Image, new: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels changed by more than 48)."""
    if old.size != new.size:
        raise ValueError(f"sizes differ: {old.size} and {new.size}")
    diff = ImageChops.difference(old, new)
    hist = diff.histogram()
    pixels = old.size[0] * old.size[1]
    mean = sum(i % 256 * n for i, n in enumerate(hist)) / (3 * pixels)
    changed = diff.convert("L", (1, 1, 1, 0)).point(lambda v: 255 if v > 48 else 0).histogram()[255]
    return mean, changed / pixels


def against(folder: Path, only: str | None, diff_out: Path | None) -> dict[str, Any]:
    views = json.loads((folder / "views.json").read_text())
    groups: dict[str, list[tuple[float, float]]] = {}
    for stem, view in views.items():
        game, players = stem.split("-")[:2]
        if only and f"{game}-{players}" != only:
            continue
        old = Image.open(folder / f"{stem}.png").convert("RGB")
        new = Image.open(io.BytesIO(render.board(game, view))).convert("RGB")
        mean, changed = difference(old, new)
        groups.setdefault(game, []).append((mean, changed))
        groups.setdefault(f"{game}-{players}", []).append((mean, changed))
        if diff_out:
            diff_out.mkdir(parents=True, exist_ok=True)
            mask = ImageChops.difference(old, new).convert("L").point(lambda v: 0 if v > 8 else 255)
            mask.save(diff_out / f"{stem}-diff.png")
    return {
        name: {
            "pictures": len(rows),
            "mean": round(statistics.fmean(m for m, _ in rows), 3),
            "worst": round(max(m for m, _ in rows), 3),
            "changed": round(statistics.fmean(ch for _, ch in rows), 5),
        }
        for name, rows in groups.items()
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--save", type=Path)
    ap.add_argument("--against", type=Path)
    ap.add_argument("--only")
    ap.add_argument("--diff", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.save:
        save(args.save)
        return
    if not args.against:
        ap.error("--save DIR or --against DIR")
    figures = against(args.against, args.only, args.diff)
    for name, f in figures.items():
        print(
            f"{name:12} {f['pictures']:3} pictures: mean difference {f['mean']:.3f} per channel "
            f"(worst picture {f['worst']:.3f}), pixels visibly changed {100 * f['changed']:.3f} %"
        )
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
