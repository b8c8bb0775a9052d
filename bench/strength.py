"""Computer player strength at 4 players: one hero seat against three field seats (issue 31).

python bench/strength.py [--game goa] [--line heuristic] [--games 100] [--jobs 2]
                         [--out bench-strength.jsonl] [--iterations N] [--json] [--progress]
                         [--hero-legacy] [--hero-blind] [--prior-bonus X] [--candidates N] [--start K]

The lines (``--line``, repeatable; default all five):

* ``heuristic`` — 1 strong vs 3 heuristic players (the playouts' own policy: the friendliest field);
* ``noisy`` — 1 strong vs 3 *noisy* heuristic players: each move is a uniformly random legal move
  with probability :data:`NOISE` (else the heuristic's), so the field plays unlike the playouts;
* ``today`` — 1 strong vs 3 of *today's* strong players (:class:`TodaysStrong`: the search as it
  was before issue 31 — the other screens and ducats drawn near the seat's own instead of counted
  from the public record, and the candidates the heuristic's move and the next ones in its order,
  rule order in Goa, with that version's prior bonus); parity is 25 %;
* ``hero-heuristic`` — 1 heuristic vs 3 random players (the heuristic's own floor);
* ``parity`` — 4 heuristic players: the margin of a seat no better than its field (below 0, the
  best of three equal rivals being ahead on average), the reference for the other lines' margins.

Game ``k`` of a line is played from seed ``k`` with the hero at seat ``p{k % 4}`` (no seat order
favours it). A win is place 1 in the engine's ``Result`` after the rulebook's tie-breaks (a tie
the rules leave shared counts when the hero shares first place). Printed per game and line: the
hero's wins with the 95 % Wilson interval, the mean VP margin (its score less the best other
seat's) with its 95 % interval, and the CPU time of one hero decision (``time.process_time`` of
the deciding process: what one core spends; p50 and p95) at the game's default budget or
``--iterations`` playouts, with no time cap.

The hero of the ``strong`` lines is the bot's strong player unless an ablation option changes
one part of it (issue 31's components, to find which one gains or loses against a field):
``--hero-legacy`` weighs the candidates of before issue 31 (the heuristic's move, then the rest
by its score) instead of every kind of move; ``--hero-blind`` decides without the public record
(the other screens and ducats drawn near its own); ``--prior-bonus X`` and ``--candidates N``
replace the game's prior bonus and number of candidates (fewer candidates: more playouts each at
the same budget). Such a hero is named in the output and in ``--out`` (e.g.
``strong[legacy,bonus=1.0]``), so variants played on the same seeds sit side by side in one file.

The margin at parity is not 0: against three equal rivals the best of them is ahead of a seat
on average. So the lines print beside it the *field's margin*: each field seat's score less the
best other seat's, averaged over the field seats and games — what the hero's margin would be
if it played no better than its field.

``--out FILE`` appends one JSON line per finished game (game, line, seed, won, margin, scores, decision
times) and skips the games already in the file, so an interrupted run resumes where it stopped
and runs in parts add up (``--games 100`` after ``--games 20`` plays seeds 20–99 only;
``--start K`` plays from seed K on, so two runs into one file can share the seeds);
``--jobs N`` plays games in N processes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import Player, player, seat_view  # noqa: E402
from engine.core import Action, Rng  # noqa: E402
from engine.search import Budget, StrongPlayer, heuristic_factory  # noqa: E402
from engine.search_parts import PublicRecord  # noqa: E402

PLAYERS = 4
#: A noisy field player's chance of a uniformly random legal move instead of the heuristic's.
NOISE = 0.25
#: line → (hero kind, field kind).
LINES = {
    "heuristic": ("strong", "heuristic"),
    "noisy": ("strong", "noisy"),
    "today": ("strong", "today"),
    "hero-heuristic": ("heuristic", "random"),
    "parity": ("heuristic", "heuristic"),
}
#: The prior bonus of the search before issue 31, per game.
TODAYS_PRIOR_BONUS = {"cuba": 0.3, "santiago": 0.5, "goa": 2.0}
TODAYS_CANDIDATES = 5


class NoisyHeuristic:
    """The heuristic player, but a uniformly random legal move with probability :data:`NOISE`."""

    def __init__(self, game_id: str, seed: int) -> None:
        self.heuristic = heuristic_factory(game_id)(seed)
        self.rng = Rng.from_seed(seed ^ 0x6E6F697379)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if self.rng.random() < NOISE:
            return legal[self.rng.randrange(len(legal))]
        chosen: Action = self.heuristic.choose(view, legal)
        return chosen


@dataclass(frozen=True)
class Hero:
    """The hero of a ``strong`` line: the bot's strong player, or one component changed."""

    legacy: bool = False  # candidates as before issue 31 (heuristic's move, then by score)
    blind: bool = False  # no public record
    prior_bonus: float | None = None  # None: the game's own
    candidates: int | None = None  # None: the game's own

    @property
    def name(self) -> str:
        parts = [part for part, on in (("legacy", self.legacy), ("blind", self.blind)) if on]
        if self.prior_bonus is not None:
            parts.append(f"bonus={self.prior_bonus}")
        if self.candidates is not None:
            parts.append(f"candidates={self.candidates}")
        return f"strong[{','.join(parts)}]" if parts else "strong"


class HeroStrong(StrongPlayer):
    """The strong player with the parts :class:`Hero` names changed."""

    def __init__(self, game_id: str, seed: int, budget: Budget, hero: Hero) -> None:
        super().__init__(game_id, seed, budget)
        self.hero = hero

    def candidates(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        count = self.hero.candidates or self.adapter.max_candidates
        return self.adapter.prior(view, legal, Rng(self.rng.next64()), legacy=self.hero.legacy)[:count]

    @property
    def prior_bonus(self) -> float:
        return self.adapter.prior_bonus if self.hero.prior_bonus is None else self.hero.prior_bonus


class TodaysStrong(StrongPlayer):
    """The strong player as it was before issue 31: given no public record (so the other screens
    and ducats are drawn near the seat's own), weighing the heuristic's move and the next four in
    the heuristic's order (Goa: rule order) with that version's prior bonus."""

    def candidates(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        return self.adapter.prior(view, legal, Rng(self.rng.next64()), legacy=True)[:TODAYS_CANDIDATES]

    @property
    def prior_bonus(self) -> float:
        return TODAYS_PRIOR_BONUS[self.game_id]


def make(game_id: str, kind: str, seed: int, budget: Budget, hero: Hero) -> Player:
    if kind == "strong" and hero != Hero():
        return HeroStrong(game_id, seed, budget, hero)
    if kind == "noisy":
        return NoisyHeuristic(game_id, seed)
    if kind == "today":
        return TodaysStrong(game_id, seed, budget)
    return player(game_id, kind, seed, budget)


def play_one(
    game_id: str, line: str, seed: int, iterations: int | None, variant: Hero | None = None
) -> dict[str, Any]:
    """One game of ``line`` from ``seed``, the hero at seat ``seed % 4`` (``variant``: the
    strong hero's changed parts, if any)."""
    variant = variant or Hero()
    hero_kind, field = LINES[line]
    rules = GAMES[game_id]
    seats = [f"p{i}" for i in range(PLAYERS)]
    hero = seats[seed % PLAYERS]
    first = state = rules.new(seats, seed)
    kinds = {s: hero_kind if s == hero else field for s in seats}
    budget = Budget(iterations)
    bots = {s: make(game_id, kinds[s], seed * 31 + i, budget, variant) for i, s in enumerate(seats)}
    events: list[Any] = []
    times: list[float] = []
    field_times: list[float] = []  # today's strong seats' decisions (the same machine, same run)
    turn = 0
    while rules.result(state) is None:
        to_act = rules.to_act(state)
        seat = to_act[turn % len(to_act)]
        legal = rules.legal(state, seat)
        t0 = time.process_time()
        if kinds[seat] == "strong" and not variant.blind:  # counts the public record (today's strong does not)
            view = seat_view(game_id, "strong", state, seat, PublicRecord.of(rules, first, seat, events))
        else:
            view = seat_view(game_id, "strong" if kinds[seat] == "today" else kinds[seat], state, seat)
        action = bots[seat].choose(view, legal)
        if len(legal) > 1 and seat == hero:
            times.append(time.process_time() - t0)
        elif len(legal) > 1 and kinds[seat] == "today":
            field_times.append(time.process_time() - t0)
        state, new = rules.apply(state, seat, action)
        events.extend(new)
        turn += 1
    result = rules.result(state)
    margin = result.scores[hero] - max(v for s, v in result.scores.items() if s != hero)
    return {
        "game": game_id,
        "line": line,
        "hero": name(variant, line),
        "seed": seed,
        "won": hero in result.winners,
        "margin": margin,
        "hero_seat": hero,
        "scores": dict(result.scores),
        "times": [round(t, 5) for t in times],
        "field_times": [round(t, 5) for t in field_times],
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, n)
    margins = [r["margin"] for r in rows]
    mean = sum(margins) / n
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    field_margins = [field_margin(r) for r in rows if "scores" in r]
    times = sorted(t for r in rows for t in r["times"])
    field = sorted(t for r in rows for t in r.get("field_times", []))
    return {
        "games": n,
        "wins": wins,
        "win_rate": round(wins / n, 3),
        "win_low": round(low, 3),
        "win_high": round(high, 3),
        "margin": round(mean, 2),
        "margin_ci": round(1.96 * sd / math.sqrt(n), 2) if n > 1 else None,
        "field_margin": round(sum(field_margins) / len(field_margins), 2) if field_margins else None,
        "p50_ms": round(times[len(times) // 2] * 1e3, 1) if times else None,
        "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))] * 1e3, 1) if times else None,
        "decisions": len(times),
        "field_p95_ms": round(field[min(len(field) - 1, int(len(field) * 0.95))] * 1e3, 1) if field else None,
    }


Key = tuple[str, str, str, int]  # game, line, hero's name, seed


def field_margin(row: dict[str, Any]) -> float:
    """A field seat's margin over the best other seat, averaged over the game's field seats."""
    scores: dict[str, int] = row["scores"]
    field = [s for s in scores if s != row["hero_seat"]]
    return sum(scores[s] - max(v for o, v in scores.items() if o != s) for s in field) / len(field)


def done_games(out: Path | None) -> dict[Key, dict[str, Any]]:
    if out is None or not out.exists():
        return {}
    found = {}
    for text in out.read_text().splitlines():
        if text.strip():
            row = json.loads(text)
            hero = row.get("hero", LINES[row["line"]][0])  # lines written before --hero-* existed
            found[row["game"], row["line"], hero, row["seed"]] = row
    return found


def run(jobs: list[Key], iterations: int | None, workers: int, hero: Hero) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for game_id, line, _, seed in jobs:
            yield play_one(game_id, line, seed, iterations, hero)
        return
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play_one, g, line, s, iterations, hero) for g, line, _, s in jobs]
        for future in as_completed(futures):
            yield future.result()


def name(hero: Hero, line: str) -> str:
    """The hero's name in ``line`` (the ablation options change only a ``strong`` hero)."""
    kind = LINES[line][0]
    return hero.name if kind == "strong" else kind


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per line and title (seeds 0…N-1)")
    ap.add_argument("--start", type=int, default=0, help="the first seed played (earlier ones still count)")
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), action="append")
    ap.add_argument("--line", choices=list(LINES), action="append")
    ap.add_argument("--iterations", type=int, default=None, help="playouts (default: each game's own)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    ap.add_argument("--out", type=Path, default=None, help="JSON lines, one per game; resumes from it")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true", help="a line per finished game on stderr")
    ap.add_argument("--hero-legacy", action="store_true", help="hero weighs the candidates of before issue 31")
    ap.add_argument("--hero-blind", action="store_true", help="hero decides without the public record")
    ap.add_argument("--prior-bonus", type=float, default=None, help="hero's prior bonus (default: the game's)")
    ap.add_argument("--candidates", type=int, default=None, help="hero's candidates (default: the game's)")
    args = ap.parse_args()
    hero = Hero(args.hero_legacy, args.hero_blind, args.prior_bonus, args.candidates)
    games = args.game or list(BUILTIN_GAMES)
    lines = args.line or list(LINES)
    found = done_games(args.out)
    wanted = [(g, line, name(hero, line), s) for g in games for line in lines for s in range(args.start, args.games)]
    todo = [key for key in wanted if key not in found]
    t0 = time.perf_counter()
    for row in run(todo, args.iterations, args.jobs, hero):
        found[row["game"], row["line"], row["hero"], row["seed"]] = row
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        if args.progress:
            print(
                f"{row['game']} {row['line']} seed {row['seed']}: {'won' if row['won'] else 'lost'}, "
                f"margin {row['margin']:+d}",
                file=sys.stderr,
                flush=True,
            )
    for g in games:
        for line in lines:
            key = (g, line, name(hero, line))
            rows = [found[(*key, s)] for s in range(args.games) if (*key, s) in found]
            if not rows:
                continue
            f = summary(rows)
            field = LINES[line][1]
            if args.json:
                print(json.dumps({"game": g, "line": line, "hero": key[2], **f}), flush=True)
                continue
            times = "" if f["p50_ms"] is None else f", decision p50 {f['p50_ms']} ms p95 {f['p95_ms']} ms CPU"
            parity = "" if f["field_margin"] is None else f" (a field seat's {f['field_margin']:+.1f})"
            if f["field_p95_ms"] is not None:
                times += f" (today's strong p95 {f['field_p95_ms']} ms)"
            print(
                f"{g:9s} 1 {key[2]} vs 3 {field:9s}: {f['wins']}/{f['games']} won = {f['win_rate'] * 100:.0f} % "
                f"[{f['win_low'] * 100:.0f}–{f['win_high'] * 100:.0f} %], margin {f['margin']:+.1f} VP "
                f"± {f['margin_ci'] or 0:.1f}{parity}{times}",
                flush=True,
            )
    print(f"({len(todo)} games played in {time.perf_counter() - t0:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
