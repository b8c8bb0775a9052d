"""Small builders for Goa rule cases: states put directly into the situation a test needs."""

from __future__ import annotations

from engine import GAMES
from engine.core import Event
from engine.goa import data
from engine.goa.state import State

RULES = GAMES["goa"]


def fresh(n: int = 3, seed: int = 1) -> State:
    return RULES.new([f"p{i}" for i in range(n)], seed)


def act(s: State, seat: str, text: str) -> tuple[State, list[Event]]:
    return RULES.apply(s, seat, RULES.parse(s, seat, text))


def run(s: State, *moves: str) -> State:
    """Play ``"p1: bid 3"``-style moves in order."""
    for move in moves:
        seat, text = move.split(":", 1)
        s, _ = act(s, seat.strip(), text.strip())
    return s


def at_actions(n: int = 3, seed: int = 1, start: int = 0) -> State:
    """A state in the action phase of round 1 with seat ``start`` to act first."""
    s = fresh(n, seed).copy()
    s.phase = "actions"
    s.start = start
    s.turn = 0
    return s


def at_extra(n: int = 3, seed: int = 1, start: int = 0) -> State:
    s = at_actions(n, seed, start)
    s.phase = "extra"
    return s


def give_plantation(s: State, i: int, spice: str, cap: int = 2, count: int | None = None) -> None:
    s.players[i].plantations.append(["a6", data.SPICE_INDEX[spice], cap, cap if count is None else count])


def tile_id(predicate, part: str = "a") -> str:
    return next(t for t, d in data.TILES.items() if t.startswith(part) and predicate(d))


def card_id(effect: str) -> int:
    """The first card of today's deck with ``effect``."""
    return next(c for c in data.CARD_IDS if data.CARDS[c]["effect"] == effect)


def legal_texts(s: State, seat: str) -> list[str]:
    return [str(a) for a in RULES.legal(s, seat)]
