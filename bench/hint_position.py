"""Is a hint's "against the best rival" unbiased? (issue 31)

python bench/hint_position.py [--game santiago] [--positions 40] [--json]

A hint names, for each move it shows, the seat's expected standing against the best rival at the
end of the round (``position``: its worth less the best other seat's, averaged over the search's
playouts in worlds drawn from the seat's information set). For ``--positions`` decisions of
4-player games between heuristic players, this bench takes the hint's first move and compares
the predicted standing with what that move really leads to: the same playout (the move, then the
heuristic players to the end of the round) from the *true* state, with several random streams.
If the information set is right, the mean error (predicted less real) is zero within its
interval; with the other screens or ducats drawn blindly (``blind``: no public record, as before
issue 31) it is not. Printed: mean error ± 95 % interval and mean absolute error, both ways.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player, seat_view  # noqa: E402
from engine.core import Rng  # noqa: E402
from engine.search import StrongPlayer  # noqa: E402
from engine.search_parts import PublicRecord  # noqa: E402

SEATS = ["p0", "p1", "p2", "p3"]
#: Real playouts per position (the truth's own noise is averaged over them).
TRUTH_PLAYOUTS = 4


def reseeded(state: Any, value: int) -> Any:
    """The true state with another random stream: its future chance drawn afresh, as in a world."""
    if isinstance(state, dict):
        return {**state, "rng": value}
    new = state.copy()
    new.rng = value
    return new


def stats(errors: list[float]) -> dict[str, float]:
    n = len(errors)
    mean = sum(errors) / n
    sd = math.sqrt(sum((e - mean) ** 2 for e in errors) / (n - 1)) if n > 1 else 0.0
    return {
        "mean_error": round(mean, 2),
        "ci": round(1.96 * sd / math.sqrt(n), 2),
        "mean_abs_error": round(sum(abs(e) for e in errors) / n, 2),
    }


def measure(game_id: str, count: int) -> dict[str, Any]:
    rules = GAMES[game_id]
    errors: dict[str, list[float]] = {"record": [], "blind": []}
    seed = 200
    while len(errors["record"]) < count:
        first = state = rules.new(SEATS, seed)
        bots = {s: player(game_id, "heuristic", seed + i) for i, s in enumerate(SEATS)}
        events: list[Any] = []
        step = 0
        while rules.result(state) is None and len(errors["record"]) < count:
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            if step % 17 == 5 and len(legal) > 1:
                record = PublicRecord.of(rules, first, seat, events)
                for way, rec in (("record", record), ("blind", None)):
                    searcher = StrongPlayer(game_id, step)
                    analysis = searcher.analyse(seat_view(game_id, "strong", state, seat, rec), legal, keep=len(legal))
                    line = analysis.distinct(1)[0]
                    real = [
                        searcher._playout(
                            reseeded(state, Rng(seed * 7919 + step * 31 + k).next64()), seat, line.action, Rng(k)
                        )[0]
                        for k in range(TRUTH_PLAYOUTS)
                    ]
                    errors[way].append(line.gains["position"] - sum(real) / len(real))
            state, new = rules.apply(state, seat, bots[seat].choose(rules.view(state, seat), legal))
            events.extend(new)
            step += 1
        seed += 1
    return {"game": game_id, "positions": count, **{w: stats(e) for w, e in errors.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), action="append")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for game_id in args.game or list(BUILTIN_GAMES):
        f = measure(game_id, args.positions)
        if args.json:
            print(json.dumps(f), flush=True)
            continue
        for way in ("record", "blind"):
            s = f[way]
            print(
                f"{game_id:9s} {way:6s} ({f['positions']} positions, default budget): predicted less real "
                f"standing {s['mean_error']:+.2f} ± {s['ci']:.2f} VP, mean absolute error {s['mean_abs_error']:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
