"""The table's words, counted: labels, narrowing choices and refusals over whole games.

python bench/words.py [--games 4] [--every 5] [--json]

Computer players (heuristic and random, by turns) play ``--games`` games of each title; every
``--every``-th decision (and every one with more moves than a message shows) is read in all five
languages. Reported per title:

* ``states`` — decisions read; ``labels`` — move labels read (moves × languages);
* ``twin_labels`` — decisions (× languages) where two different moves carry the same label;
* ``clipped_labels`` — labels cut to fit a button (80 characters reached, or words cut by "…");
* ``narrowing`` — narrowing choices made of long lists (bot/service/choices.py), ``clipped_narrowing``
  those whose label was clipped with "…", ``twin_narrowing`` decisions where two read the same;
* ``refusals`` — refusals read (wrong moves typed × languages) and ``syntax_refusals`` those
  that show typed syntax (a quoted command such as 'use 0 0', a syntax word such as ROW COL) or,
  in Chinese and Japanese, a Latin word the player did not type.

Counts, not timings: the same seeds give the same figures on any machine.
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import choices  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from engine.core import Action, IllegalAction  # noqa: E402
from engine.i18n import LANGUAGES  # noqa: E402

QUOTED_COMMAND = re.compile(r"(?<![A-Za-z])'(?P<typed>[a-z][a-z0-9_ …<>.-]*)'(?![A-Za-z])")
SYNTAX_WORDS = re.compile(r"<[a-z]+>|\b(?:ROW|COL|BUILDING|FIELD|BERTH|PIECES|GROUP|STEPS)\b")
LATIN_WORD = re.compile(r"(?<![A-Za-z])[a-z]{3,}(?![A-Za-z])")
GROUPED = "group_of" in inspect.signature(choices.plan).parameters  # the games' own groups


#: Words cut short: "…" right after a letter ("2 citrus fruits ·…" is clipped; "Found … (4)" and
#: "Bid 0 … Bid 11" are not).
CUT = re.compile(r"\S…")


def clipped(label: str) -> bool:
    return bool(CUT.search(label)) or len(label) >= 80


def wrong_moves(legal: list[Action], kinds: set[str]) -> list[Action]:
    out: list[Action] = []
    for kind in sorted(kinds):
        out += [Action(kind), Action(kind, ("zzz",)), Action(kind, (99,)), Action(kind, (0, 0))]
    for action in {a.kind: a for a in legal}.values():
        if action.args:
            out += [Action(action.kind, (*action.args[:-1], 97)), Action(action.kind, action.args[:-1])]
    return [a for a in dict.fromkeys(out) if a not in legal]


def shows_syntax(text: str, lang: str, typed: Action) -> bool:
    echoed = {str(a) for a in typed.args} | {str(typed), typed.kind}
    if any(m["typed"] not in echoed for m in QUOTED_COMMAND.finditer(text)) or SYNTAX_WORDS.search(text):
        return True
    return lang in ("zh-CN", "zh-TW", "ja") and bool(set(LATIN_WORD.findall(text)) - echoed)


def refusal_text(rules: Any, state: Any, seat: str, action: Action, lang: str) -> str | None:
    try:
        rules.parse(state, seat, str(action))
    except IllegalAction as error:
        return error.text(lang)
    return None


def narrowing_labels(rules: Any, state: Any, seat: str, lang: str, names: dict[str, str]) -> list[str]:
    seen = rules.seat_view(state, seat, lang, names)
    labels = seen.labels()
    if GROUPED:
        groups = seen.groups()
        planned = choices.plan(list(labels), choices.MESSAGE_CAPACITY, labels.__getitem__, "", groups.get)
        return [
            choices.narrowing_label(found, key, labels.__getitem__, groups.get)
            for key, found, _ in planned
            if len(found) > 1
        ]
    planned = choices.plan(list(labels), choices.MESSAGE_CAPACITY, labels.__getitem__, "")
    return [
        choices.narrowing_label(found, key, labels.__getitem__) for key, found, _ in planned if len(found) > 1
    ]


def measure(title: str, games: int, every: int) -> dict[str, int]:
    rules = GAMES[title]
    counts: Counter[str] = Counter()
    kinds: set[str] = set()
    for game in range(games):
        count = rules.min_players + game % (rules.max_players - rules.min_players + 1)
        seats = [f"p{i}" for i in range(count)]
        names = {s: f"Player {i + 1}" for i, s in enumerate(seats)}
        bots = {s: player(title, "heuristic", 7 * game + i) for i, s in enumerate(seats)}
        rnd = random.Random(game)
        state = rules.new(seats, 100 + game)
        for step in range(2000):
            if rules.result(state) is not None:
                break
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            kinds |= {a.kind for a in legal}
            long = len(legal) > choices.MESSAGE_CAPACITY
            if step % every == 0 or long:
                counts["states"] += 1
                for lang in LANGUAGES:
                    labels = [rules.label(state, seat, a, lang, names) for a in legal]
                    counts["labels"] += len(labels)
                    counts["twin_labels"] += len(set(labels)) < len(labels)
                    counts["clipped_labels"] += sum(clipped(x) for x in labels)
                    if long:
                        made = narrowing_labels(rules, state, seat, lang, names)
                        counts["narrowing"] += len(made)
                        counts["clipped_narrowing"] += sum(clipped(x) for x in made)
                        counts["twin_narrowing"] += len(set(made)) < len(made)
            if step % (every * 3) == 0:
                for wrong in wrong_moves(legal, kinds):
                    for lang in LANGUAGES:
                        text = refusal_text(rules, state, seat, wrong, lang)
                        if text is not None:
                            counts["refusals"] += 1
                            counts["syntax_refusals"] += shows_syntax(text, lang, wrong)
            move = (
                bots[seat].choose(rules.view(state, seat), legal) if rnd.random() < 0.5 else rnd.choice(legal)
            )
            state, _ = rules.apply(state, seat, move)
    keys = ("states", "labels", "twin_labels", "clipped_labels", "narrowing", "clipped_narrowing",
            "twin_narrowing", "refusals", "syntax_refusals")  # fmt: skip
    return {k: counts[k] for k in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {title: measure(title, args.games, args.every) for title in ("cuba", "santiago", "goa")}
    keys = list(next(iter(figures.values())))
    print(f"{'':10}" + "".join(f"{k:>18}" for k in keys))
    for title, row in figures.items():
        print(f"{title:10}" + "".join(f"{row[k]:>18}" for k in keys))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
