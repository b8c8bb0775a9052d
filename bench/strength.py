"""Computer player strength: one seat of a level against three seats of a weaker one.

python bench/strength.py [--games 100] [--game cuba] [--hero strong] [--field heuristic]
                         [--iterations 64] [--workers 2] [--json]

For each game, plays ``--games`` 4-player games in which one seat (rotating p0…p3 with the game
number, so no seat order favours it) is the ``--hero`` player and the other three are ``--field``
players. Prints the hero's win rate (parity is 25 %), its average score margin (its final score
less the best other seat's), the time of one hero decision (``choose(view, legal)`` with the view
built, p50 and p95, at the strong player's budget — each game's own, or ``--iterations``
playouts — and no time cap), and how long the whole measurement took. A decision's time is the
CPU time of the process that decides (``time.process_time``): what one core spends on it, which
on a machine shared with other work is less than the wall-clock time. ``--workers`` plays games
in that many processes (each decision still runs on one core); ``--progress`` prints a line per
finished game.

Ties: a game counts as a win when the hero has place 1 in the engine's ``Result`` after the
rulebook's tie-breaks; a tie that the rules leave shared counts as a win only if the hero shares
first place. JSON: ``{game: {"win_rate", "margin", "p50_ms", "p95_ms", "seconds"}}``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player, seat_view  # noqa: E402
from engine.search import Budget, adapter  # noqa: E402

PLAYERS = 4


def play_one(
    game_id: str, seed: int, hero_kind: str, field: str, iterations: int
) -> tuple[bool, int, list[float]]:
    """One game with the hero at seat ``seed % 4``: (won, margin, the hero's decision times)."""
    rules = GAMES[game_id]
    seats = [f"p{i}" for i in range(PLAYERS)]
    hero = seats[seed % PLAYERS]
    state = rules.new(seats, seed)
    kinds = {s: hero_kind if s == hero else field for s in seats}
    bots = {s: player(game_id, kinds[s], seed * 31 + i, Budget(iterations)) for i, s in enumerate(seats)}
    times: list[float] = []
    turn = 0
    while rules.result(state) is None:
        to_act = rules.to_act(state)
        seat = to_act[turn % len(to_act)]
        t0 = time.process_time()
        action = bots[seat].choose(seat_view(game_id, kinds[seat], state, seat), rules.legal(state, seat))
        if seat == hero:
            times.append(time.process_time() - t0)
        state, _ = rules.apply(state, seat, action)
        turn += 1
    result = rules.result(state)
    margin = result.scores[hero] - max(v for s, v in result.scores.items() if s != hero)
    return hero in result.winners, margin, times


def measure(
    game_id: str,
    games: int,
    hero: str,
    field: str,
    iterations: int | None,
    workers: int,
    progress: bool = False,
) -> dict[str, float]:
    t0 = time.perf_counter()
    args = [(game_id, seed, hero, field, iterations) for seed in range(games)]
    outcomes: list[tuple[bool, int, list[float]]] = []

    def done(outcome: tuple[bool, int, list[float]]) -> None:
        outcomes.append(outcome)
        if progress:
            wins = sum(w for w, _, _ in outcomes)
            print(
                f"{game_id} game {len(outcomes)}/{games}: {'won' if outcome[0] else 'lost'}, margin "
                f"{outcome[1]:+d}; so far {wins}/{len(outcomes)} won",
                file=sys.stderr,
                flush=True,
            )

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for outcome in pool.map(play_one, *zip(*args, strict=True)):
                done(outcome)
    else:
        for a in args:
            done(play_one(*a))
    times = sorted(t for _, _, ts in outcomes for t in ts)
    return {
        "win_rate": round(sum(w for w, _, _ in outcomes) / games, 3),
        "margin": round(sum(m for _, m, _ in outcomes) / games, 2),
        "p50_ms": round(times[len(times) // 2] * 1e3, 1),
        "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))] * 1e3, 1),
        "seconds": round(time.perf_counter() - t0),
        "playouts": iterations or adapter(game_id).iterations,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), action="append")
    ap.add_argument("--hero", default="strong", choices=("strong", "heuristic", "random"))
    ap.add_argument("--field", default="heuristic", choices=("strong", "heuristic", "random"))
    ap.add_argument("--iterations", type=int, default=None, help="playouts (default: the game's own)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true", help="a line per finished game on stderr")
    args = ap.parse_args()
    for game_id in args.game or list(BUILTIN_GAMES):
        f = measure(game_id, args.games, args.hero, args.field, args.iterations, args.workers, args.progress)
        if args.json:
            print(json.dumps({game_id: f}), flush=True)
            continue
        print(
            f"{game_id:9s} {args.hero} vs 3 {args.field}, {args.games} games: win rate "
            f"{f['win_rate'] * 100:5.1f} % (parity 25 %), margin {f['margin']:+6.2f}, decision p50 "
            f"{f['p50_ms']:7.1f} ms p95 {f['p95_ms']:7.1f} ms ({f['playouts']} playouts), "
            f"{f['seconds']} s with {args.workers} worker(s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
