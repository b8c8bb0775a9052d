"""The strong computer player: determinized Monte Carlo search over the engine contract.

Why this search. The three games have hidden information (bids, screens, hands, the order of
decks and piles), several seats, chance, and long games (200–500 actions with four players). A
full game played out by the heuristic players costs 30–100 ms, so within about a second per
decision only a few dozen playouts fit. What gives the most strength per playout is therefore:

* **determinization** — each playout starts from a *world*: the seat's information set
  (:func:`Adapter.known`, built from what the seat may know) with the hidden rest drawn at
  random by the game's sampler (:meth:`Adapter.sample`); what the seat's public record
  determines of the hidden parts (Santiago's screens, Goa's ducats) is counted into the
  information set, not drawn. The search never sees the real state:
  the player receives the view and the information set only, so states that differ in another
  seat's secrets give the same decision (``tests/ai/test_strong.py``);
* **flat Monte Carlo with sequential halving** — the candidate moves (the heuristic's own, then
  the best of every other kind of move, then the rest by the game's score: :func:`every_kind`,
  at most :attr:`Adapter.max_candidates`) share the playout budget; after
  each round the worse half is dropped, so most playouts go to the moves that matter. Every
  candidate of a round is played on the *same* worlds and with the same random streams (common
  random numbers), so the comparison between moves is not drowned by the luck of the draw;
* **heuristic playouts cut off at the end of a round** — every seat, the searching one too, is
  played by the game's heuristic player, up to the end of the round after the move (at least
  :attr:`Adapter.min_steps` actions), and the position is then scored by the game's evaluation
  (VP plus what the material is worth in VP) as the margin over the best other seat. A game that
  ends inside the horizon is scored by its real result.

A deeper tree (information-set MCTS) gains nothing at this budget: with a few hundred playouts
spread over 4 seats' moves, the tree below the root stays almost empty.

The budget is a number of playouts (:class:`Budget`), so the same seed and budget give the same
move; a time cap may stop the search earlier in the bot (never in tests).
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import BUILTIN_GAMES, GAMES
from engine.core import Action, IllegalAction, Rng, Rules
from engine.search_parts import PublicRecord

#: At most this many candidate moves are searched (unless the game's adapter says otherwise,
#: :attr:`Adapter.max_candidates`); the game's prior picks them (:func:`every_kind`).
MAX_CANDIDATES = 5


@dataclass(frozen=True)
class Budget:
    """Playouts per decision (None: the game's default, :attr:`Adapter.iterations`), and an
    optional wall-clock cap in seconds (the bot's setting). With ``time_cap_s`` None the search is
    fully reproducible."""

    iterations: int | None = None
    time_cap_s: float | None = None


class Adapter(Protocol):
    """What a game supplies to the search (``engine/<game>/search.py`` exposes ``ADAPTER``)."""

    #: Actions a playout plays at least before it may stop at the end of a round.
    min_steps: int
    #: Actions a playout plays at most.
    max_steps: int
    #: Playouts per decision by default (what ``bench/strength.py`` measures).
    iterations: int
    #: VP by which another move must beat the heuristic's own choice (the prior's first) to be
    #: preferred: a guard against the noise of a few playouts (set from ``bench/prior_bonus.py``).
    prior_bonus: float
    #: Candidate moves the search weighs at most.
    max_candidates: int

    def known(self, state: Any, seat: str, record: PublicRecord | None = None) -> dict[str, Any]:
        """The seat's information set as plain data: the state with every secret of another
        seat and every unseen order left out (what the table shows plus the seat's own), and
        what the seat's public ``record`` determines of those secrets written back in (each
        game's ``ledger``: Santiago's screens, Goa's ducats)."""

    def sample(self, known: dict[str, Any], seat: str, rng: Rng) -> Any:
        """A full state consistent with ``known``: the hidden parts drawn with ``rng``."""

    def round_of(self, state: Any) -> int:
        """The round being played (a playout stops when it changes)."""

    def values(self, state: Any) -> dict[str, float]:
        """Each seat's worth in VP if the game were judged now (points plus material)."""

    def measures(self, state: Any, seat: str) -> dict[str, float]:
        """What a hint may name as gained: ``points``, ``money``, ``goods`` (as the game counts)."""

    def prior(self, view: dict[str, Any], legal: list[Action], rng: Rng, *, legacy: bool = False) -> list[Action]:
        """The legal actions, most promising first: the heuristic's choice, then one move of every
        other kind, then the rest (:func:`every_kind`). ``legacy``: the order before issue 31 (the
        heuristic's choice, then the rest by its score, Goa's in rule order), which the bench's
        "today's strong" field plays."""


def adapter(game_id: str) -> Adapter:
    """The search adapter of a built-in game."""
    if game_id not in BUILTIN_GAMES:
        raise KeyError(f"no strong player for game {game_id!r}")
    found: Adapter = importlib.import_module(f"{BUILTIN_GAMES[game_id]}.search").ADAPTER
    return found


def heuristic_factory(game_id: str) -> Callable[[int], Any]:
    factory: Callable[[int], Any] = importlib.import_module(f"{BUILTIN_GAMES[game_id]}.ai").HeuristicPlayer
    return factory


@dataclass
class Line:
    """One searched move: its mean value (VP margin over the best other seat at the horizon),
    the playouts spent on it and the mean change of the hint's measures."""

    action: Action
    value: float = 0.0
    playouts: int = 0
    gains: dict[str, float] = field(default_factory=dict)
    #: World number → what the move led to there (every seat's worth at the horizon): two moves
    #: with the same outcome in every world they were both played in differ in order only.
    outcomes: dict[int, tuple[float, ...]] = field(default_factory=dict)

    def same_outcome(self, other: Line) -> bool:
        common = self.outcomes.keys() & other.outcomes.keys()
        return bool(common) and all(self.outcomes[w] == other.outcomes[w] for w in common)


@dataclass
class Analysis:
    """The search's answer: lines best first, and how many playouts were made."""

    lines: list[Line]
    playouts: int

    @property
    def best(self) -> Action:
        return self.lines[0].action

    def distinct(self, top: int) -> list[Line]:
        """The ``top`` best lines that differ in substance: a line whose outcome equals a better
        one's in every world both were played in (the same moves in another order, say) is
        left out."""
        kept: list[Line] = []
        for line in self.lines:
            if line.playouts and not any(line.same_outcome(k) for k in kept):
                kept.append(line)
            if len(kept) == top:
                break
        return kept


class StrongPlayer:
    """Deterministic for a seed and a budget without time cap; decides from the view's
    information set (``view["known"]``, see :func:`engine.ai.seat_view`) and the legal actions."""

    def __init__(self, game_id: str, seed: int, budget: Budget | None = None) -> None:
        self.game_id = game_id
        self.rules: Rules = GAMES[game_id]
        self.adapter = adapter(game_id)
        self.heuristic = heuristic_factory(game_id)
        self.rng = Rng.from_seed(seed)
        budget = budget or Budget()
        self.iterations = budget.iterations or self.adapter.iterations
        self.budget = budget

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal).best

    def analyse(self, view: dict[str, Any], legal: list[Action], *, keep: int = 1) -> Analysis:
        """Search ``legal`` from ``view``; ``keep`` lines survive to the end at least (a hint
        shows more than one move)."""
        known, seat = view["known"], view["known_seat"]
        lines = [Line(a) for a in self.candidates(view, legal)]
        if len(lines) == 1:
            return Analysis(lines, 0)
        deadline = None if self.budget.time_cap_s is None else time.perf_counter() + self.budget.time_cap_s
        # every line kept to the end (a hint weighs them all): one round, no halving
        rounds = 1 if keep >= len(lines) else max(1, math.ceil(math.log2(len(lines))))
        alive = list(range(len(lines)))
        spent = 0
        world_no = 0
        stop = False
        for r in range(rounds):
            remaining = self.iterations - spent
            per = remaining // ((rounds - r) * len(alive)) or (1 if remaining >= len(alive) else 0)
            if per == 0:
                break  # the budget is spent
            for _ in range(per):
                world_no += 1
                world_seed, play_seed = self.rng.next64(), self.rng.next64()
                # one world for every candidate (``apply`` never changes the state it is given)
                world = sample_world(self.adapter, self.rules, known, seat, legal, world_seed)
                for i in alive:
                    try:
                        value, gains, outcome = self._playout(world, seat, lines[i].action, Rng(play_seed))
                    except IllegalAction:
                        continue  # a world where the move is impossible (the drawn supply lacks a good)
                    line = lines[i]
                    line.outcomes[world_no] = outcome
                    line.playouts += 1
                    line.value += (value - line.value) / line.playouts
                    for k, v in gains.items():
                        line.gains[k] = line.gains.get(k, 0.0) + (v - line.gains.get(k, 0.0)) / line.playouts
                    spent += 1
                if deadline is not None and time.perf_counter() > deadline:
                    stop = True
                    break
            if stop or len(alive) <= keep:
                break
            alive.sort(key=lambda i: (-self._score(lines[i], i), i))
            alive = alive[: max(keep, math.ceil(len(alive) / 2))]
        order = sorted(
            range(len(lines)),
            key=lambda i: (-(lines[i].playouts > 0), -lines[i].playouts, -self._score(lines[i], i), i),
        )
        # the moves that survived longest come first, best value among them first
        return Analysis([lines[i] for i in order], spent)

    def candidates(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        """The moves the search weighs: the game's prior, the heuristic's own choice first."""
        return self.adapter.prior(view, legal, Rng(self.rng.next64()))[: self.adapter.max_candidates]

    @property
    def prior_bonus(self) -> float:
        return self.adapter.prior_bonus

    def _score(self, line: Line, index: int) -> float:
        return line.value + (self.prior_bonus if index == 0 else 0.0)

    def _playout(
        self, world: Any, seat: str, action: Action, rng: Rng
    ) -> tuple[float, dict[str, float], tuple[float, ...]]:
        rules, ad = self.rules, self.adapter
        before = ad.measures(world, seat)
        state, _ = rules.apply(world, seat, action)
        players: dict[str, Any] = {}
        round_now = ad.round_of(state)
        steps = 0
        while rules.result(state) is None and steps < ad.max_steps:
            to_act = rules.to_act(state)
            who = to_act[steps % len(to_act)]
            bot = players.get(who)
            if bot is None:
                bot = players[who] = self.heuristic(rng.next64())
            legal = rules.legal(state, who)
            move = legal[0] if len(legal) == 1 else bot.choose(rules.view(state, who), legal)
            state, _ = rules.apply(state, who, move)
            steps += 1
            round_was, round_now = round_now, ad.round_of(state)
            if steps >= ad.min_steps and round_now != round_was:
                break  # a round just ended: judge the position here
        after = ad.measures(state, seat)
        gains = {k: after[k] - before.get(k, 0.0) for k in after}
        result = rules.result(state)
        if result is not None:
            scores = {s: float(v) for s, v in result.scores.items()}
            # the tie-break decides between equal scores: half a point for the better place
            for s in scores:
                scores[s] -= 0.5 * (result.places.get(s, 1) - 1) / len(scores)
        else:
            scores = ad.values(state)
        mine = scores[seat]
        best_other = max(v for s, v in scores.items() if s != seat)
        gains["position"] = mine - best_other
        outcome = tuple(round(scores[s], 6) for s in sorted(scores)) + tuple(round(after[k], 6) for k in sorted(after))
        return mine - best_other, gains, outcome


#: Draws tried for a world in which the seat has exactly the legal moves it has (see below).
WORLD_TRIES = 8


def sample_world(
    ad: Adapter, rules: Rules, known: dict[str, Any], seat: str, legal: list[Action], seed: int
) -> Any:
    """A world drawn by the game's sampler, conditioned on the seat's own legal moves: those are
    part of what the seat sees (Santiago's Pablo offers only the goods the supply still has), so a
    draw that would give other moves is drawn again (at most :data:`WORLD_TRIES` times)."""
    rng = Rng(seed)
    world = ad.sample(known, seat, rng)
    for _ in range(WORLD_TRIES - 1):
        if rules.legal(world, seat) == legal:
            break
        world = ad.sample(known, seat, rng)
    return world


def heuristic_first(
    view: dict[str, Any],
    legal: list[Action],
    rng: Rng,
    score: Callable[[Action], float] | None,
    game_id: str,
    *,
    legacy: bool = False,
) -> list[Action]:
    """``legal`` ordered for the search (:func:`every_kind`): the heuristic player's own choice
    first, then the best move by ``score`` (higher is better) of every other kind of move, then the
    rest by ``score``: the shared half of every game's :meth:`Adapter.prior`. Without a score the
    rest keeps the rules' order (only a game's bid lists, spread beforehand, are given none).
    ``legacy``: the order before issue 31 (:func:`score_order`), which the bench's "today's
    strong" field plays."""
    choice = heuristic_factory(game_id)(rng.next64()).choose(view, legal)
    order = score_order if legacy else every_kind
    return order(choice, legal, score or (lambda a: 0.0))


def every_kind(first: Action, legal: list[Action], score: Callable[[Action], float]) -> list[Action]:
    """``first``, then the best-scored move of each other kind (``Action.kind``: a colony, a flag,
    a pass, 'done' …), best kind first, then every other move by score. Taking the head of this
    list weighs every kind of move before a second move of any kind (ties keep the rules' order)."""
    scores = [score(a) for a in legal]
    ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    heads: list[Action] = [first]
    kinds = {first.kind}
    for i in ranked:
        if legal[i].kind not in kinds:
            kinds.add(legal[i].kind)
            heads.append(legal[i])
    return heads + [legal[i] for i in ranked if legal[i] not in heads]


def score_order(first: Action, legal: list[Action], score: Callable[[Action], float]) -> list[Action]:
    """``first``, then every other move by score (ties keep the rules' order): the candidate order
    before issue 31, which the bench's "today's strong" field plays (every adapter's
    ``prior(legacy=True)``, through :func:`heuristic_first`; Goa's without a score: rule order)."""
    ranked = sorted(range(len(legal)), key=lambda i: (-score(legal[i]), i))
    return [first, *(legal[i] for i in ranked if legal[i] != first)]


def spread(values: list[int], k: int) -> list[int]:
    """At most ``k`` of the sorted ``values``, evenly spread from the smallest to the largest
    (bids to try when every amount is legal)."""
    if len(values) <= k:
        return list(values)
    step = (len(values) - 1) / (k - 1)
    return sorted({values[round(i * step)] for i in range(k)})
