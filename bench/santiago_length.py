"""How long Santiago de Cuba lasts when every seat delays the ship as much as the rules allow.

python bench/santiago_length.py [--games 50] [--no-ruling --turns 2000]

Plays games with :class:`tests.santiago.delayer.DelayingPlayer` in every seat (2, 3 and 4 players
in turn) and prints the longest game in turns, the most harbour arrivals one ship waited and the
bounds the ruling gives (``engine.santiago.rules.turns_at_most``). With ``--no-ruling`` the games
play the rulebook's office as printed (the table option ``harbour_master=printed``: no limit on the
harbour master's moves down) and each game is cut after ``--turns`` turns: the ships that sailed by
then are printed (none: the first ship is held for ever).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.santiago.rules.common import laps_per_ship_at_most, turns_at_most  # noqa: E402
from tests.santiago.test_game_ends import delaying_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--no-ruling", action="store_true")
    parser.add_argument("--turns", type=int, default=2000)
    args = parser.parse_args()
    options = {"harbour_master": "printed" if args.no_ruling else "limited"}
    cut = args.turns if args.no_ruling else 10 * turns_at_most()
    start = time.perf_counter()
    longest = most_arrivals = sailed = ended = 0
    for n in range(args.games):
        game = delaying_game(2 + n % 3, n, max_turns=cut, **options)
        longest = max(longest, game["turns"])
        most_arrivals = max([most_arrivals, *game["arrivals"]])
        sailed += len(game["arrivals"])
        ended += game["state"]["step"] == "over"
    print(f"{args.games} games of delaying seats in {time.perf_counter() - start:.1f} s")
    print(f"  ended: {ended}; ships sailed: {sailed}; longest game: {longest} turns")
    print(f"  most harbour arrivals one ship waited: {most_arrivals}")
    if not args.no_ruling:
        print(f"  bounds: {laps_per_ship_at_most()} arrivals per ship, {turns_at_most()} turns per game")


if __name__ == "__main__":
    main()
