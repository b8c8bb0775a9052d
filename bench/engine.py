"""Engine speed in CPU time: random games per CPU second and the p50/p99 of one legal()+apply()
step, each measured with the CPU time of this thread (``time.thread_time``; the whole run with
``time.process_time``), so that other work on the machine moves the figures little (wall-clock
times of the same steps swing tenfold with the load). The machine's load average is printed
beside them.

python bench/engine.py --game cuba [--players 4] [--games 100] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402
from engine.ai import player  # noqa: E402


def play_one(rules, players: int, seed: int, steps: list[float]) -> int:
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(rules.id, "random", seed * 31 + i) for i, s in enumerate(seats)}
    n = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        t0 = time.thread_time()
        legal = rules.legal(state, seat)
        action = bots[seat].choose({}, legal)
        state, _ = rules.apply(state, seat, action)
        steps.append(time.thread_time() - t0)
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rules = GAMES[args.game]
    steps: list[float] = []
    actions = 0
    t0 = time.process_time()
    for seed in range(args.games):
        actions += play_one(rules, args.players, seed, steps)
    elapsed = time.process_time() - t0
    steps.sort()
    figures = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "clock": "CPU time (thread_time per step, process_time in all)",
        "games_per_cpu_s": round(args.games / elapsed, 1),
        "actions_per_game": round(actions / args.games, 1),
        "p50_us": round(statistics.median(steps) * 1e6, 1),
        "p99_us": round(steps[int(len(steps) * 0.99)] * 1e6, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }
    print(
        f"{args.game}: {figures['games_per_cpu_s']} random {args.players}-player games per CPU second, "
        f"{figures['actions_per_game']} actions/game, legal+apply CPU time p50 {figures['p50_us']} µs, "
        f"p99 {figures['p99_us']} µs (load average {figures['loadavg_1m']})"
    )
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
