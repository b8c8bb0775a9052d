"""What Goa gives the strong player's search (:mod:`engine.search`).

Hidden from a seat: the other seats' ducats and expedition hands, the order of the expedition
deck (which cards are in the deck *or* in another hand is known: the rest were seen in the
discard pile or are the seat's own), the order of the shuffled colony stacks below their top
tile (revisions 1 and 2; in revision 3 the founder chooses, so the stacks are open), and the random number generator's state (which draws part B's tiles).

The ducats are hidden on the table but every change of them is public, so given the seat's public
record the information set holds every seat's ducats as counted (:mod:`engine.goa.ledger`). The
sampler deals the unseen cards at random to the other hands (as many as each holds) and the deck,
and shuffles the stacks; only without a record (a tool that gives none) does it draw each other
seat's ducats as the seat's own give or take a few.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import GAMES
from engine.core import Action, IllegalAction, Rng
from engine.goa import ai, data, ledger
from engine.goa.rules.scoring import scores
from engine.goa.state import State, spice_counts
from engine.search import heuristic_first, spread
from engine.search_parts import PublicRecord
from engine.typed import number

#: How far (±) another seat's sampled ducats stray from the seat's own.
DUCAT_SPREAD = 3
#: VP-equivalents of material while rounds are left to use it (scaled down towards the end).
DUCAT_VP = 0.25
SHIP_VP = 0.5
COLONIST_VP = 0.4
SPICE_VP = 0.5
CARD_VP = 0.5
EXTRA_ACTION_VP = 0.8
#: What one more unit of a column's yield is worth in VP, per round in which it can still be used
#: (about one action of each column in two rounds): ships, spices, ducats, cards, colonists.
YIELD_UNIT_VP = {"ships": 0.25, "harvest": 0.25, "taxes": 0.1, "expedition": 0.2, "colonists": 0.2}
#: What a plantation or a tile still gives, in VP per round left (harvests, each-round goods).
PLANTATION_ROUND_VP = 0.3
TILE_ROUND_VP = 0.3
#: Bids the search tries at most in an auction.
BID_CANDIDATES = 5


class GoaSearch:
    min_steps = 20
    iterations = 32
    #: ``bench/prior_bonus.py --game goa --positions 8 --reference 4``: the mean regret is flat
    #: (0.045 VP) from 0.5 to 2.0 and at 0, worse at 0.25 (0.067) and 3.0 (0.34); 1.0, the middle of
    #: the flat stretch, keeps the heuristic's move in 38 % of the positions (a small sample: 8).
    prior_bonus = 1.0
    max_steps = 110
    max_candidates = 6

    def known(self, state: State, seat: str, record: PublicRecord | None = None) -> dict[str, Any]:
        known = state.to_dict()
        me = state.seats.index(seat)
        counted = ledger.track(record)["ducats"] if record is not None and record.seat == seat else None
        unseen = list(state.deck)
        for i, p in enumerate(known["players"]):
            if i != me:
                unseen += p["hand"]
                p["hand"] = len(p["hand"])
                p["ducats"] = None if counted is None else counted[state.seats[i]]
        known["deck"] = sorted(unseen)
        for name in data.REVISIONS[state.revision].shuffled_stacks:
            stack = known["colony_stacks"][name]
            known["colony_stacks"][name] = stack[:1] + sorted(stack[1:])
        known["rng"] = 0
        return known

    def sample(self, known: dict[str, Any], seat: str, rng: Rng) -> State:
        me = known["seats"].index(seat)
        own_ducats = known["players"][me]["ducats"]
        unseen = rng.shuffled(known["deck"])
        players = []
        for i, p in enumerate(known["players"]):
            if i != me:
                k = p["hand"]
                ducats = p["ducats"]
                if ducats is None:  # not counted: drawn near the seat's own
                    ducats = max(0, own_ducats + rng.randint(-DUCAT_SPREAD, DUCAT_SPREAD))
                p = {**p, "hand": unseen[:k], "ducats": ducats}
                unseen = unseen[k:]
            players.append(p)
        stacks = dict(known["colony_stacks"])
        for name in data.REVISIONS[known["revision"]].shuffled_stacks:
            stacks[name] = stacks[name][:1] + rng.shuffled(stacks[name][1:])
        return State.from_dict(
            {**known, "players": players, "deck": unseen, "colony_stacks": stacks, "rng": rng.next64()}
        )

    def round_of(self, state: State) -> int:
        return state.round

    def values(self, state: State) -> dict[str, float]:
        rounds_left = max(0, data.ROUNDS - state.round + 1)
        share = rounds_left / data.ROUNDS
        out = {}
        for seat, categories in scores(state).items():
            p = state.players[state.seats.index(seat)]
            spices = sum(spice_counts(p))
            material = (
                DUCAT_VP * p.ducats
                + SHIP_VP * p.ships
                + COLONIST_VP * p.colonists
                + SPICE_VP * spices
                + CARD_VP * len(p.hand)
                + EXTRA_ACTION_VP * p.extra
            )
            production = sum(
                YIELD_UNIT_VP[column] * (data.YIELD[column][row] - data.YIELD[column][0])
                for column, row in zip(data.COLUMNS, p.progress, strict=True)
            )
            holdings = PLANTATION_ROUND_VP * len(p.plantations) + TILE_ROUND_VP * len(p.tiles)
            material += (production + holdings) * rounds_left
            out[seat] = sum(categories.values()) + share * material
        return out

    def measures(self, state: State, seat: str) -> dict[str, float]:
        p = state.players[state.seats.index(seat)]
        points = sum(scores(state)[seat].values())
        return {
            "points": points,
            "money": p.ducats,
            "goods": sum(spice_counts(p)) + p.ships + p.colonists,
        }

    def prior(self, view: dict[str, Any], legal: list[Action], rng: Rng, *, legacy: bool = False) -> list[Action]:
        bids = [a for a in legal if a.kind in ("bid", "outbid")]
        if len(bids) > BID_CANDIDATES:
            first = ai.HeuristicPlayer(rng.next64()).choose(view, legal)
            amounts = spread(sorted(number(a, 0) for a in bids), BID_CANDIDATES)
            kind = bids[0].kind
            others = [a for a in legal if a.kind not in ("bid", "outbid")]
            tried = [Action(kind, (n,)) for n in amounts]
            return [first, *[a for a in others + tried if a != first]]
        if legacy:
            return heuristic_first(view, legal, rng, None, "goa", legacy=True)
        return heuristic_first(view, legal, rng, self.one_step(view, rng), "goa")

    def one_step(self, view: dict[str, Any], rng: Rng) -> Callable[[Action], float] | None:
        """A move's score for the candidate list: the seat's margin over the best other seat by
        :meth:`values` right after the move, in one world drawn from the information set (the
        heuristic has no score of its own for every kind of move). None without an information set."""
        known, seat = view.get("known"), view.get("known_seat")
        if known is None or seat is None:
            return None
        world = self.sample(known, seat, rng)
        rules = GAMES["goa"]

        def score(action: Action) -> float:
            try:
                after, _ = rules.apply(world, seat, action)
            except IllegalAction:
                return -1e9
            v = self.values(after)
            return v[seat] - max(x for s, x in v.items() if s != seat)

        return score


ADAPTER = GoaSearch()
