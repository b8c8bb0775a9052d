"""The strong player's prior bonus, set from measurement (issue 31).

python bench/prior_bonus.py [--game goa] [--positions 20] [--reference 8] [--json]

The prior bonus is what another candidate must gain over the heuristic's own move, in the
search's few playouts, to be played instead: too small and the noise of a few playouts picks
worse moves, too large and the search only confirms the heuristic. For ``--positions`` positions
of 4-player games between heuristic players (every ~N-th decision, the seat's public record
counted), this bench

* weighs every candidate with ``--reference`` times the game's default budget, every candidate
  to the end (no halving): the reference value of each move;
* runs the search at the default budget once per bonus of :data:`BONUSES` (same seeds, so the
  runs differ only in the bonus) and looks up the reference value of the move each one picks.

Printed per bonus: the mean regret (the reference value of the best candidate less that of the
move picked, VP) with its 95 % interval, and how often the heuristic's move was kept. The bonus
with the smallest mean regret is the one to set (``prior_bonus`` in ``engine/<game>/search.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player, seat_view  # noqa: E402
from engine.search import Budget, StrongPlayer, adapter  # noqa: E402
from engine.search_parts import PublicRecord  # noqa: E402

BONUSES = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
SEATS = ["p0", "p1", "p2", "p3"]


class WithBonus(StrongPlayer):
    def __init__(self, game_id: str, seed: int, budget: Budget, bonus: float) -> None:
        super().__init__(game_id, seed, budget)
        self.bonus = bonus

    @property
    def prior_bonus(self) -> float:
        return self.bonus


def positions(game_id: str, count: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """(strong view with the public record, legal moves) at ``count`` decisions spread over games."""
    rules = GAMES[game_id]
    found: list[tuple[dict[str, Any], list[Any]]] = []
    seed = 100
    while len(found) < count:
        first = state = rules.new(SEATS, seed)
        bots = {s: player(game_id, "heuristic", seed + i) for i, s in enumerate(SEATS)}
        events: list[Any] = []
        step = 0
        while rules.result(state) is None and len(found) < count:
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            if step % 23 == 7 and len(legal) > 1:
                record = PublicRecord.of(rules, first, seat, events)
                found.append((seat_view(game_id, "strong", state, seat, record), legal))
            state, new = rules.apply(state, seat, bots[seat].choose(rules.view(state, seat), legal))
            events.extend(new)
            step += 1
        seed += 1
    return found


def measure(game_id: str, count: int, reference: int) -> dict[str, Any]:
    default = adapter(game_id).iterations
    regrets: dict[float, list[float]] = {b: [] for b in BONUSES}
    kept: dict[float, int] = dict.fromkeys(BONUSES, 0)
    t0 = time.process_time()
    for n, (view, legal) in enumerate(positions(game_id, count)):
        # the same seed draws the same candidates as the runs below; its many more worlds judge them
        ref = StrongPlayer(game_id, n, Budget(default * reference)).analyse(view, legal, keep=len(legal))
        value = {line.action: line.value for line in ref.lines if line.playouts}
        best = max(value.values())
        heuristic = StrongPlayer(game_id, n, Budget(default)).candidates(view, legal)[0]
        for b in BONUSES:
            chosen = WithBonus(game_id, n, Budget(default), b).choose(view, legal)
            regrets[b].append(best - value.get(chosen, min(value.values())))
            kept[b] += chosen == heuristic
    out: dict[str, Any] = {"game": game_id, "positions": count, "cpu_s": round(time.process_time() - t0)}
    for b in BONUSES:
        r = regrets[b]
        mean = sum(r) / len(r)
        sd = math.sqrt(sum((x - mean) ** 2 for x in r) / (len(r) - 1)) if len(r) > 1 else 0.0
        out[str(b)] = {
            "regret": round(mean, 3),
            "ci": round(1.96 * sd / math.sqrt(len(r)), 3),
            "heuristic_kept": round(kept[b] / len(r), 2),
        }
    out["best_bonus"] = min(BONUSES, key=lambda b: (round(sum(regrets[b]), 6), b))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), action="append")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--reference", type=int, default=8, help="the reference budget, in default budgets")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for game_id in args.game or list(BUILTIN_GAMES):
        f = measure(game_id, args.positions, args.reference)
        if args.json:
            print(json.dumps(f), flush=True)
            continue
        print(f"{game_id}: {args.positions} positions, {f['cpu_s']} s CPU; best bonus {f['best_bonus']}")
        for b in BONUSES:
            r = f[str(b)]
            print(
                f"  bonus {b:4.2f}: regret {r['regret']:.3f} ± {r['ci']:.3f} VP, "
                f"heuristic's move kept {r['heuristic_kept'] * 100:.0f} %",
                flush=True,
            )


if __name__ == "__main__":
    main()
