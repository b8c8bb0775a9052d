"""A digest of every kind of picture the bot draws, to tell that a change of the code drew the same bytes.

python bench/picture_digest.py [--every N] [--verbose]

One random game of each title (three seats, seed 4242, the engine's random players) is played to
the end; at every ``N``-th state (10 if left out) it draws the landscape board, the phone board,
each seat's private picture, the decision picture of every seat to act, the turn picture, and the
legend in two languages; at the end the end-of-game summary. It prints one SHA-256 per title
and kind of picture (how many were drawn beside it) and one over all of them: run it before and
after moving drawing code and compare the last line (``--verbose`` prints a line per picture).
Nothing is timed; the figures are the digests and the counts.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from engine.summary import summarise  # noqa: E402

SEED = 4242
LANGS = ("en", "zh-CN")
SEATS = ["p0", "p1", "p2"]


def play(game_id: str) -> list[Any]:
    """Every state of one random three-seat game of ``game_id``, from setup to the end."""
    rules = GAMES[game_id]
    state = rules.new(SEATS, SEED)
    bots = {s: player(game_id, "random", SEED * 31 + i) for i, s in enumerate(SEATS)}
    states = [state]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        action = bots[seat].choose(dict(rules.view(state, seat)), rules.legal(state, seat))
        state, _ = rules.apply(state, seat, action)
        states.append(state)
    return states


def pictures(game_id: str, every: int) -> list[tuple[str, str, bytes | None]]:
    """(kind, which, PNG bytes or None) of every picture drawn for one game."""
    rules = GAMES[game_id]
    states = play(game_id)
    out: list[tuple[str, str, bytes | None]] = []
    for lang in LANGS:
        out.append(("legend", lang, render.legend(game_id, None, lang)))
    for i, state in enumerate(states):
        if i % every and i != len(states) - 1:
            continue
        public = dict(rules.view(state, None))
        out.append(("board", str(i), render.board(game_id, public)))
        out.append(("phone_board", str(i), render.phone_board(game_id, public)))
        acting = rules.to_act(state)
        for seat in SEATS:
            out.append(("private", f"{i}:{seat}", render.private(game_id, dict(rules.view(state, seat)))))
        for seat in acting:
            legal = [str(a) for a in rules.legal(state, seat)]
            lang = LANGS[i % len(LANGS)]
            out.append(("decision", f"{i}:{seat}", render.decision(game_id, dict(rules.view(state, seat)), legal, lang)))
        if acting:
            first = acting[0]
            legal = [str(a) for a in rules.legal(state, first)]
            out.append(("turn", str(i), render.turn(game_id, public, acting, legal, "en")))
    names = {"p0": "Ana", "p1": "Bo", "p2": "Chen"}
    out.append(("summary", "end", render.summary(summarise(game_id, states, names))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=10, help="draw at every N-th state (10)")
    parser.add_argument("--verbose", action="store_true", help="a line per picture")
    args = parser.parse_args()
    total = hashlib.sha256()
    for game_id in sorted(GAMES):
        kinds: dict[str, Any] = defaultdict(hashlib.sha256)
        counts: dict[str, int] = defaultdict(int)
        for kind, which, png in pictures(game_id, args.every):
            data = png if png is not None else b"none"
            kinds[kind].update(data)
            counts[kind] += 1
            total.update(data)
            if args.verbose:
                print(f"{game_id:9} {kind:12} {which:10} {hashlib.sha256(data).hexdigest()[:16]}")
        for kind in sorted(kinds):
            print(f"{game_id:9} {kind:12} {counts[kind]:4} pictures  {kinds[kind].hexdigest()[:16]}")
    print(f"all pictures  {total.hexdigest()}")


if __name__ == "__main__":
    main()
