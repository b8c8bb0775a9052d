"""Change one seat's hidden information, and nothing else, to other plausible values.

Each ``perturb_<game>(rules, state, seat, rng)`` goes through ``rules.dump`` → edit the dict →
``rules.load`` and returns the new state, or ``None`` when the seat has nothing hidden right now
(e.g. no bid placed yet). The secrets test then checks that everybody else sees exactly the same.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

from engine.core import Rng, Rules

Perturb = Callable[[Rules, Any, str, Rng], Any | None]


def _own_dump(rules: Rules, state: Any) -> dict[str, Any]:
    """``rules.dump(state)`` as a copy of the perturbation's own, shared with nothing (a dump is
    plain lists, dicts and scalars: marshal copies it at C speed, where ``copy.deepcopy`` took a
    third of the secrets test's time)."""
    data: dict[str, Any] = marshal.loads(marshal.dumps(rules.dump(state)))
    return data


def _other_value(rng: Rng, current: int, low: int, high: int) -> int | None:
    """A value in ``low..high`` other than ``current`` (``None`` if there is none)."""
    choices = [v for v in range(low, high + 1) if v != current]
    return rng.choice(choices) if choices else None


def perturb_cuba(rules: Rules, state: Any, seat: str, rng: Rng) -> Any | None:
    """Another secret bid (first or tie-break) while it is hidden, and — in the
    secret-parliament-card variant, during the action phase — another face-down card from the
    same hand (the card and the hand swap one character)."""
    data = _own_dump(rules, state)
    player = data["players"][seat]
    changed = False
    if data["step"] == "bid" and not data["bids_revealed"] and player["bid"] is not None:
        new = _other_value(rng, player["bid"], 0, player["pesos"])
        if new is not None:
            player["bid"], changed = new, True
    if data["step"] == "tie_bid" and player["bid2"] is not None:
        new = _other_value(rng, player["bid2"], 0, player["pesos"])
        if new is not None:
            player["bid2"], changed = new, True
    secret_card = data["options"]["secret_parliament_card"]
    if secret_card and data["phase"] == "actions" and player["card"] is not None and player["hand"]:
        index = rng.randrange(len(player["hand"]))
        player["card"], player["hand"][index] = player["hand"][index], player["card"]
        changed = True
    return rules.load(data) if changed else None


def perturb_santiago(rules: Rules, state: Any, seat: str, rng: Rng) -> Any | None:
    """Other pesos, victory points and goods behind the screen.

    The general supply is left as it is: which goods (and how many, up to what a building may
    convert) are still in it is what the seats' own legal moves show, as at the real table,
    so only the screen itself is changed here."""
    data = _own_dump(rules, state)
    if data["options"]["open_holdings"] or data["step"] == "over":
        return None
    player = data["players"][seat]
    player["pesos"] = _other_value(rng, player["pesos"], 0, player["pesos"] + 6)
    player["vp"] = _other_value(rng, player["vp"], 0, player["vp"] + 6)
    for good, held in player["goods"].items():
        player["goods"][good] = rng.randint(0, held + 3)
    return rules.load(data)


def perturb_goa(rules: Rules, state: Any, seat: str, rng: Rng) -> Any | None:
    """Other ducats, and a hand of the same size with cards swapped for cards from the face-down
    deck (so every card stays somewhere exactly once)."""
    data = _own_dump(rules, state)
    player = data["players"][data["seats"].index(seat)]
    player["ducats"] = _other_value(rng, player["ducats"], 0, player["ducats"] + 8)
    deck = data["deck"]
    for i in range(len(player["hand"])):
        if deck and rng.random() < 0.7:
            j = rng.randrange(len(deck))
            player["hand"][i], deck[j] = deck[j], player["hand"][i]
    return rules.load(data)


PERTURB: dict[str, Perturb] = {
    "cuba": perturb_cuba,
    "santiago": perturb_santiago,
    "goa": perturb_goa,
}
