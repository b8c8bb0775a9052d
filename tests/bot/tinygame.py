"""A tiny game behind the full engine contract, for fast tests of the service layer.

Each round has two steps:

* **bid** — every seat secretly bids 0…its coins (coins are hidden, so the bid choices are
  private); when the last bid is in they are revealed together (``reveals_hidden``), the highest
  bid (earliest seat on a tie) wins 3 points and pays its bid;
* **move** — one seat after another, starting with the round's first seat: ``take 1|2|3`` points
  (once), ``draw`` a card worth 1…6 points (once, ``random``), then ``done``.

After ``rounds`` rounds the most points win, coins break ties.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import engine
from engine.core import Action, Event, IllegalAction, Result, Rng, RulesBase, rank_by_keys
from engine.presentation import PresentationBase

START_COINS = 5
BID_PRIZE = 3


class TinyRules(RulesBase, PresentationBase):
    id = "tiny"
    title = "Tiny Test Game"
    min_players = 2
    max_players = 4
    options: Mapping[str, Any] = {"rounds": 2}

    # ---------------------------------------------------------------- setup and turn order

    def new(self, players: list[str], seed: int, **options: Any) -> dict[str, Any]:
        unknown = set(options) - set(self.options)
        if unknown:
            raise IllegalAction(f"The tiny game has no option {sorted(unknown)[0]!r}.")
        rounds = options.get("rounds", self.options["rounds"])
        if not isinstance(rounds, int) or not 1 <= rounds <= 5:
            raise IllegalAction("The tiny game is played over 1 to 5 rounds.")
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("The tiny game needs 2 to 4 players.")
        return {
            "schema": 1,
            "seats": list(players),
            "rounds": rounds,
            "round": 1,
            "step": "bid",
            "coins": {s: START_COINS for s in players},
            "points": {s: 0 for s in players},
            "bids": {s: None for s in players},
            "turn": 0,
            "moved": 0,
            "took": False,
            "drew": False,
            "rng": Rng.from_seed(seed).state,
            "result": None,
        }

    def to_act(self, state: dict[str, Any]) -> list[str]:
        if state["step"] == "bid":
            return [s for s in state["seats"] if state["bids"][s] is None]
        if state["step"] == "move":
            return [state["seats"][state["turn"]]]
        return []

    def legal(self, state: dict[str, Any], seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["step"] == "bid":
            return [Action("bid", (n,)) for n in range(state["coins"][seat] + 1)]
        actions = [] if state["took"] else [Action("take", (n,)) for n in (1, 2, 3)]
        if not state["drew"]:
            actions.append(Action("draw"))
        return [*actions, Action("done")]

    # ---------------------------------------------------------------- moves

    def parse(self, state: dict[str, Any], seat: str, text: str) -> Action:
        action = Action.from_text(text)
        if action not in self.legal(state, seat):
            raise IllegalAction(self._why_not(state, seat, action))
        return action

    def _why_not(self, state: dict[str, Any], seat: str, action: Action) -> str:
        """The sentence refusing ``action``."""
        if seat not in self.to_act(state):
            return "It is not your turn to act right now."
        if state["step"] == "bid":
            if action.kind == "bid":
                return f"You can bid 0 to {state['coins'][seat]} coins."
            return "Everyone bids in secret now: type bid and an amount."
        if action.kind == "take":
            return (
                "You have already taken points this turn."
                if state["took"]
                else "You can take 1, 2 or 3 points."
            )
        if action.kind == "draw":
            return "You have already drawn a card this turn."
        return "On your move you can take points, draw a card or say done."

    def apply(self, state: dict[str, Any], seat: str, action: Action) -> tuple[dict[str, Any], list[Event]]:
        if action not in self.legal(state, seat):
            raise IllegalAction(self._why_not(state, seat, action))
        new = copy.deepcopy(state)
        events: list[Event] = []
        if action.kind == "bid":
            self._bid(new, seat, int(action.args[0]), events)
        elif action.kind == "take":
            new["took"] = True
            new["points"][seat] += int(action.args[0])
            events.append(Event("take", seat, {"points": int(action.args[0])}))
        elif action.kind == "draw":
            rng = Rng(new["rng"])
            value = rng.randint(1, 6)
            new["rng"] = rng.state
            new["drew"] = True
            new["points"][seat] += value
            events.append(Event("draw", seat, {"points": value}, random=True))
        else:
            events.append(Event("done", seat))
            self._next_mover(new, events)
        return new, events

    def _bid(self, state: dict[str, Any], seat: str, amount: int, events: list[Event]) -> None:
        state["bids"][seat] = amount
        events.append(Event("bid", seat, {"amount": amount}, visible_to=(seat,)))
        events.append(Event("bid_made", seat))
        if any(b is None for b in state["bids"].values()):
            return
        bids = dict(state["bids"])
        best = max(bids.values())
        winner = next(s for s in state["seats"] if bids[s] == best)
        state["coins"][winner] -= best
        state["points"][winner] += BID_PRIZE
        events.append(Event("reveal", winner, {"bids": bids}, reveals_hidden=True))
        state["step"] = "move"
        state["turn"] = (state["round"] - 1) % len(state["seats"])
        state["moved"] = 0

    def _next_mover(self, state: dict[str, Any], events: list[Event]) -> None:
        state["moved"] += 1
        state["took"] = state["drew"] = False
        if state["moved"] < len(state["seats"]):
            state["turn"] = (state["turn"] + 1) % len(state["seats"])
            return
        if state["round"] == state["rounds"]:
            state["step"] = "over"
            state["result"] = self._final(state).to_dict()
            events.append(Event("game_over", None, {"scores": dict(state["points"])}, reveals_hidden=True))
            return
        state["round"] += 1
        state["step"] = "bid"
        state["bids"] = {s: None for s in state["seats"]}
        events.append(Event("round", None, {"round": state["round"]}))

    def _final(self, state: dict[str, Any]) -> Result:
        keys = {s: (state["points"][s], state["coins"][s]) for s in state["seats"]}
        return rank_by_keys(state["points"], keys)

    # ---------------------------------------------------------------- views and results

    def view(self, state: dict[str, Any], seat: str | None) -> dict[str, Any]:
        view = {
            "game": self.id,
            "round": state["round"],
            "rounds": state["rounds"],
            "step": state["step"],
            "points": dict(state["points"]),
            "to_act": self.to_act(state),
            "bid_made": {s: b is not None for s, b in state["bids"].items()},
            "seat": seat,
        }
        if seat is not None:
            view["coins"] = state["coins"][seat]
        if state["step"] == "over":
            view["coins_all"] = dict(state["coins"])
        return view

    def result(self, state: dict[str, Any]) -> Result | None:
        return None if state["result"] is None else self._final(state)

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> dict[str, Any]:
        if data.get("schema") != 1:
            raise ValueError("unknown tiny game schema")
        return copy.deepcopy(dict(data))

    def progress(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"round": state["round"], "scores": dict(state["points"])}

    def public_scores(self, state: dict[str, Any]) -> dict[str, int] | None:
        return None  # /game status shows no points for the test game

    # ---------------------------------------------------------------- text (English only: a test game)

    def display_title(self, lang: str = "en") -> str:
        return self.title

    def category_name(self, category: str, lang: str = "en") -> str:
        return category

    def describe(self, event: Event, names: Mapping[str, str], lang: str = "en") -> str:
        who = names.get(event.seat or "", event.seat or "")
        if event.kind == "bid":
            return f"{who} bids {event.data['amount']} in secret."
        if event.kind == "bid_made":
            return f"{who} has placed a bid."
        if event.kind == "reveal":
            bids = ", ".join(f"{names.get(s, s)} {b}" for s, b in event.data["bids"].items())
            return f"Bids revealed: {bids}. {who} wins {BID_PRIZE} points."
        if event.kind == "take":
            return f"{who} takes {event.data['points']} points."
        if event.kind == "draw":
            return f"{who} draws a card worth {event.data['points']} points."
        if event.kind == "done":
            return f"{who} ends the turn."
        if event.kind == "round":
            return f"Round {event.data['round']} begins."
        if event.kind == "game_over":
            return "The game is over."
        return event.kind

    def label(
        self,
        state: dict[str, Any],
        seat: str,
        action: Action,
        lang: str = "en",
        names: Mapping[str, str] | None = None,
    ) -> str:
        if action.kind == "bid":
            return f"Bid {action.args[0]}"
        if action.kind == "take":
            return f"Take {action.args[0]}"
        return action.kind.capitalize()

    def prompt(self, state: dict[str, Any], seat: str, lang: str = "en") -> str:
        if seat not in self.to_act(state):
            return ""
        if state["step"] == "bid":
            return f"Choose your secret bid (0 to {state['coins'][seat]} coins)."
        return "Take 1 to 3 points, draw a card, or end your turn."

    def help_sections(self, lang: str = "en") -> list[tuple[str, str]]:
        return [
            ("Bids", "Everyone bids coins in secret; the highest bid wins 3 points."),
            ("Moves", "On your move take 1 to 3 points once, draw a card once, then end your turn."),
        ]

    def private_summary(self, state: dict[str, Any], seat: str, lang: str = "en") -> str:
        if seat not in state["seats"]:
            return ""
        lines = [f"Coins: {state['coins'][seat]}"]
        if state["step"] == "bid" and state["bids"][seat] is not None:
            lines.append(f"Your bid: {state['bids'][seat]}")
        return "\n".join(lines)

    def private_choices(self, state: dict[str, Any], seat: str) -> bool:
        return state["step"] == "bid" and seat in self.to_act(state)


RULES = TinyRules()
engine.register(RULES)
