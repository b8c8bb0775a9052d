"""Computer player strength: the heuristic player against three random players.

python bench/strength.py [--games 200] [--game cuba] [--json]

For each game, plays ``--games`` 4-player games in which one seat (rotating p0…p3 with the game
number, so no seat order favours it) is the heuristic player and the other three are random
players. Prints the heuristic's win rate and the p95 time of one heuristic decision
(``choose(view, legal)``, including building its view and legal list).

Ties: a game counts as a win when the heuristic seat has place 1 in the engine's ``Result``
after the rulebook's tie-breaks; a tie that the rules leave shared counts as a win only if the
heuristic shares first place. JSON: ``{game: {"win_rate": …, "p95_ms": …}}``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player  # noqa: E402

PLAYERS = 4


def play_one(game_id: str, seed: int, hero: str, times: list[float]) -> bool:
    """One game with the heuristic at ``hero``; True when it finishes in first place."""
    rules = GAMES[game_id]
    seats = [f"p{i}" for i in range(PLAYERS)]
    state = rules.new(seats, seed)
    bots = {
        s: player(game_id, "heuristic" if s == hero else "random", seed * 31 + i) for i, s in enumerate(seats)
    }
    turn = 0
    while rules.result(state) is None:
        to_act = rules.to_act(state)
        seat = to_act[turn % len(to_act)]
        t0 = time.perf_counter()
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        if seat == hero:
            times.append(time.perf_counter() - t0)
        state, _ = rules.apply(state, seat, action)
        turn += 1
    result = rules.result(state)
    return hero in result.winners


def measure(game_id: str, games: int) -> dict[str, float]:
    times: list[float] = []
    wins = sum(play_one(game_id, seed, f"p{seed % PLAYERS}", times) for seed in range(games))
    times.sort()
    return {
        "win_rate": round(wins / games, 3),
        "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))] * 1e3, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), action="append")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    figures = {g: measure(g, args.games) for g in (args.game or list(BUILTIN_GAMES))}
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"Heuristic vs 3 random players, {args.games} games per title (a shared first place counts as a win)"
    )
    for game_id, f in figures.items():
        print(f"{game_id:9s} win rate {f['win_rate'] * 100:5.1f} %   p95 per decision {f['p95_ms']:6.2f} ms")


if __name__ == "__main__":
    main()
