"""What Cuba gives the strong player's search (:mod:`engine.search`): the information set of a
seat, a sampler of the hidden rest, and an evaluation in VP.

Hidden from a seat: the other seats' sealed bids until they are revealed, the variant's
face-down parliament card of another seat, the order of the ship deck and of the statute piles
(which ships and statutes are still in them is known: every one that left was seen), and the
random number generator's state.

What a careful player counts from the public record is on the table already in Cuba: every
seat's pesos, VP, goods and buildings are open, the cards a face-down parliament card may be are
the owner's open hand (the cards played are shown), the ships and statutes still to come are those
not yet seen. So :meth:`CubaSearch.track` adds nothing, and the sampler draws only what is truly
hidden: the orders, the face-down card among the owner's cards, and a sealed bid as a heuristic
player with the owner's open pesos would bid.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng
from engine.cuba import ai
from engine.cuba.data import END_VP_PER_BUILDING, ROUNDS
from engine.cuba.rules import legal_actions
from engine.cuba.rules.common import DONE
from engine.cuba.rules.parliament import bid_of, set_bid
from engine.cuba.state import State, copy_state
from engine.cuba.view import view_dict
from engine.search import heuristic_first, spread
from engine.search_parts import PlainStateSearch
from engine.typed import number

HIDDEN = "hidden"
#: VP a building is expected to give in each round still to be played (the Foreman, the
#: building's own use), on top of its end-of-game points.
BUILDING_ROUND_VP = 0.5
#: Bids the search tries at most (the heuristic's own and amounts spread over the legal range).
BID_CANDIDATES = 5


def card_hidden(state: State, owner: str, seat: str) -> bool:
    """True while ``owner``'s face-down parliament card is a secret for ``seat`` (as in the view)."""
    p = state["players"][owner]
    return (
        owner != seat
        and state["options"]["secret_parliament_card"]
        and state["phase"] == "actions"
        and p["card"] is not None
    )


class CubaSearch(PlainStateSearch[State]):
    min_steps = 16
    iterations = 32
    max_candidates = 5
    #: Not measured again since issue 31 (Cuba's strong seat already won every game); measure it
    #: with ``bench/prior_bonus.py --game cuba``.
    prior_bonus = 0.3
    max_steps = 90

    def copy(self, state: State) -> State:
        return copy_state(state)

    def hide(self, known: dict[str, Any], state: State, seat: str, tracked: dict[str, Any] | None) -> None:
        known["deck"] = sorted(state["deck"])
        known["piles"] = {g: sorted(p) for g, p in state["piles"].items()}
        for owner, p in known["players"].items():
            if owner == seat:
                continue
            if state["step"] == "bid" and not state["bids_revealed"] and p["bid"] is not None:
                p["bid"] = HIDDEN
            if state["step"] == "tie_bid" and p["bid2"] is not None:
                p["bid2"] = HIDDEN
            if card_hidden(state, owner, seat):
                p["hand"] = sorted([*p["hand"], p["card"]])
                p["card"] = HIDDEN

    def draw(self, state: State, hints: dict[str, Any], seat: str, rng: Rng) -> None:
        rng.shuffle(state["deck"])
        for pile in state["piles"].values():
            rng.shuffle(pile)
        for p in state["players"].values():
            if p["card"] == HIDDEN:
                p["card"] = p["hand"].pop(rng.randrange(len(p["hand"])))
        for second in (False, True):
            for owner, p in state["players"].items():
                if bid_of(p, second) == HIDDEN:
                    # the seat bids again in this world, as a heuristic player would
                    set_bid(p, second, None)
                    legal = legal_actions(state, owner)
                    view = view_dict(state, owner)
                    set_bid(p, second, number(ai.HeuristicPlayer(rng.next64()).choose(view, legal)))

    def round_of(self, state: State) -> int:
        return state["round"]

    def values(self, state: State) -> dict[str, float]:
        rounds_to_use = max(0, ROUNDS - state["round"] + 1)  # this round included
        share = rounds_to_use / ROUNDS
        out = {}
        for seat, p in state["players"].items():
            pieces = sum(ai.PIECE_VP.get(k, ai.GOOD_VP) * n for k, n in p["farm"].items())
            pieces += sum(ai.PIECE_VP.get(k, ai.GOOD_VP) * n for k, n in p["store"].items())
            buildings = len(p["buildings"])
            out[seat] = (
                p["vp"]
                + END_VP_PER_BUILDING * buildings
                + BUILDING_ROUND_VP * buildings * rounds_to_use
                + (ai.PESO_VP * p["pesos"] + pieces) * share
            )
        return out

    def measures(self, state: State, seat: str) -> dict[str, float]:
        p = state["players"][seat]
        return {
            "points": p["vp"] + END_VP_PER_BUILDING * len(p["buildings"]),
            "money": p["pesos"],
            "goods": sum(p["farm"].values()) + sum(p["store"].values()),
        }

    def prior(self, view: dict[str, Any], legal: list[Action], rng: Rng, *, legacy: bool = False) -> list[Action]:
        seat = view["viewer"]
        me = view["players"][seat]
        if legal[0].kind == "bid":
            first = ai.HeuristicPlayer(rng.next64()).choose(view, legal)
            amounts = spread([number(a) for a in legal], BID_CANDIDATES)
            return [first, *[Action("bid", (n,)) for n in amounts if n != number(first)]]
        scorer = ai.HeuristicPlayer(rng.next64())
        ranked = heuristic_first(view, legal, rng, lambda a: scorer.score(view, seat, me, a), "cuba", legacy=legacy)
        if view["step"] == "trader" and view["pending"].get("traded"):
            # After a trade the Trader may go on trading: every further trade looks alike to the
            # search (the heuristic plays the rest of the turn in each playout), and one that
            # undoes the last would start a loop. The heuristic picks the trade; the search only
            # decides whether to stop here.
            return [ranked[0]] if ranked[0] == DONE else [ranked[0], DONE]
        return ranked


ADAPTER = CubaSearch()
