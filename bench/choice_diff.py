"""Where the bot's strong player and a variant of it choose differently, which choice is better?

python bench/choice_diff.py [--game santiago] [--games 10] [--every 3] [--reference 192]
                            [--hero-legacy] [--prior-bonus X] [--candidates N] [--out FILE]

The position-level half of an ablation (``bench/strength.py`` plays the same variants in whole
games, which costs a hundred times more). Positions: every ``--every``-th decision with more than
one legal move in 4-player games between heuristic players, from seeds 100 on. In each, the
bot's strong player and the variant (``--hero-legacy``: the candidates of before issue 31;
``--prior-bonus``, ``--candidates``: as in ``bench/strength.py``) decide from the same
information set (the seat's public record counted) with the same seed. Where they choose
differently, both moves are weighed by a reference search of ``--reference`` playouts each, on
the same worlds and random streams, and the difference (the bot's choice less the variant's, in
VP of margin over the best other seat at the playouts' horizon) is kept.

Printed: positions seen, how many differed, and the mean difference with its 95 % interval
(positive: the bot's choice is the better one). The reference plays every seat with the
heuristic, as the search's own playouts do: it tells which choice the search would make with
more playouts (the noise of the small budget and of the candidate list), not how a field that
plays unlike the heuristic answers it. ``--out FILE`` appends one JSON line per differing
position and resumes after the last game in it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import Hero, HeroStrong  # noqa: E402

from engine import GAMES  # noqa: E402
from engine.ai import player, seat_view  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.search import Budget, StrongPlayer  # noqa: E402
from engine.search_parts import PublicRecord  # noqa: E402

SEATS = ["p0", "p1", "p2", "p3"]
FIRST_SEED = 100


class Reference(StrongPlayer):
    """The strong player weighing exactly the moves it is given, each to the end of the budget."""

    def __init__(self, game_id: str, seed: int, moves: list[Action], playouts: int) -> None:
        super().__init__(game_id, seed, Budget(playouts))
        self.moves = moves

    def candidates(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        return list(self.moves)


def positions_of(game_id: str, seed: int, every: int, variant: Hero, reference: int) -> list[dict[str, Any]]:
    """The differing positions of one game between heuristic players."""
    rules = GAMES[game_id]
    first = state = rules.new(SEATS, seed)
    bots = {s: player(game_id, "heuristic", seed * 7 + i) for i, s in enumerate(SEATS)}
    events: list[Any] = []
    rows: list[dict[str, Any]] = []
    step = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[step % len(rules.to_act(state))]
        legal = rules.legal(state, seat)
        if len(legal) > 1 and step % every == 0:
            view = seat_view(game_id, "strong", state, seat, PublicRecord.of(rules, first, seat, events))
            mine = StrongPlayer(game_id, seed * 1000 + step).choose(view, legal)
            theirs = HeroStrong(game_id, seed * 1000 + step, Budget(), variant).choose(view, legal)
            row: dict[str, Any] = {"seed": seed, "step": step, "stage": str(state.get("step", ""))}
            if mine != theirs:
                lines = Reference(game_id, seed + step, [mine, theirs], 2 * reference).analyse(view, legal, keep=2)
                value = {line.action: line.value for line in lines.lines}
                row.update(bot=str(mine), variant=str(theirs), diff=round(value[mine] - value[theirs], 3))
            rows.append(row)
        state, new = rules.apply(state, seat, bots[seat].choose(rules.view(state, seat), legal))
        events.extend(new)
        step += 1
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="santiago", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--reference", type=int, default=192, help="playouts per move of the reference search")
    ap.add_argument("--hero-legacy", action="store_true")
    ap.add_argument("--prior-bonus", type=float, default=None)
    ap.add_argument("--candidates", type=int, default=None)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    variant = Hero(legacy=args.hero_legacy, prior_bonus=args.prior_bonus, candidates=args.candidates)
    if variant == Hero():
        ap.error("name a variant: --hero-legacy, --prior-bonus or --candidates")
    key = {"game": args.game, "variant_name": variant.name, "every": args.every, "reference": args.reference}
    rows: list[dict[str, Any]] = []
    if args.out is not None and args.out.exists():
        rows = [r for r in map(json.loads, args.out.read_text().splitlines()) if all(r[k] == v for k, v in key.items())]
    done = {r["seed"] for r in rows}
    for seed in range(FIRST_SEED, FIRST_SEED + args.games):
        if seed in done:
            continue
        new = [{**key, **r} for r in positions_of(args.game, seed, args.every, variant, args.reference)]
        rows.extend(new)
        if args.out is not None:
            with args.out.open("a") as f:
                f.writelines(json.dumps(r) + "\n" for r in new)
    diffs = [r["diff"] for r in rows if "diff" in r]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    print(
        f"{args.game} bot vs {variant.name}: {len(rows)} positions in {len({r['seed'] for r in rows})} games, "
        f"{n} chosen differently; the bot's choice better by {mean:+.2f} ± {1.96 * sd / math.sqrt(n) if n else 0:.2f} VP "
        f"({sum(d > 0 for d in diffs)} better, {sum(d < 0 for d in diffs)} worse; "
        f"reference {args.reference} playouts per move)"
    )


if __name__ == "__main__":
    main()
