"""Cuba's setup: the options, the board and the players' starting pieces (each player picks 2
resources and 2 products, start player first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from engine.core import Action, Event, IllegalAction, Rng
from engine.cuba.data import (
    BERTH_VP,
    BLACK_MARKERS,
    BUILDINGS,
    CHARACTERS,
    INDIVIDUAL_LAYOUTS,
    MARKET_INITIAL,
    OPTION_VALUES,
    OPTIONS,
    PIECES,
    PRODUCTS,
    RESOURCES,
    ROUND1_EMPTY_BERTHS,
    SHARED_LAYOUT,
    SHIPS,
    START_PESOS,
    START_PRODUCTS,
    START_RESOURCES,
    START_STATUTES,
    STATUTE_CARDS,
    STATUTE_GROUPS,
    SUPPLY_TOTAL,
)
from engine.cuba.rules.common import Apply, Legal, gain, new_ship, seat_order
from engine.cuba.rules.round import begin_round
from engine.cuba.state import (
    PLAY_CATEGORIES,
    SCHEMA,
    Options,
    State,
)
from engine.cuba.text import T
from engine.typed import word


def _refusal(key: str, **values: Any) -> IllegalAction:
    """A setup refusal from the Cuba catalogue, in the reader's language."""
    return IllegalAction(lambda lang: T(lang, key, **values))


def check_options(options: Mapping[str, Any]) -> Options:
    """The full option dict, refusing unknown names and values."""
    out = dict(OPTIONS)
    for name, value in options.items():
        if name not in OPTIONS:
            raise _refusal("option.unknown", name=name, options=", ".join(OPTIONS))
        if value not in OPTION_VALUES[name] or type(value) is not type(OPTIONS[name]):
            allowed = ", ".join(repr(v) for v in OPTION_VALUES[name])
            raise _refusal("option.value", name=name, values=allowed)
        out[name] = value
    # Every option checked and present: the shape of :class:`Options`.
    return cast(Options, out)


def new_game(players: list[str], seed: int, options: dict[str, Any]) -> State:
    """A set-up game waiting for the players' starting choices."""
    if not 2 <= len(players) <= 5:
        raise _refusal("setup.players")
    if len(set(players)) != len(players):
        raise _refusal("setup.seats")
    opts = check_options(options)
    rng = Rng.from_seed(seed)
    deck = rng.shuffled(list(SHIPS))
    piles = {g: rng.shuffled(list(STATUTE_CARDS[g])) for g in STATUTE_GROUPS}
    start = rng.randrange(len(players))
    if opts["individual_plantations"]:
        layouts = rng.sample(list(INDIVIDUAL_LAYOUTS), len(players))
    else:
        layouts = [SHARED_LAYOUT] * len(players)
    supply = dict(SUPPLY_TOTAL)
    for piece, n in MARKET_INITIAL.items():
        supply[piece] -= n
    # One berth per berth value on the board; the ones the rules leave empty in round 1 stay so.
    berths = [None if b in ROUND1_EMPTY_BERTHS else new_ship(deck.pop(0)) for b in range(len(BERTH_VP))]
    sea = new_ship(deck.pop(0))
    state: State = {
        "schema": SCHEMA,
        "seats": list(players),
        "options": opts,
        "rng": rng.state,
        "round": 1,
        "phase": "setup",
        "step": "choose_start",
        "start": start,
        "turn": start,
        "turns_done": 0,
        "pending": {"resources": 0, "products": 0},
        "queue": seat_order(players, start),
        "market": dict(MARKET_INITIAL),
        "supply": supply,
        "berths": berths,
        "sea": sea,
        "deck": deck,
        "piles": piles,
        "statutes": dict(START_STATUTES),
        "proposals": {g: None for g in STATUTE_GROUPS},
        "veto_blocked": None,
        "vetoed_group": None,
        "markers": {m: None for m in BLACK_MARKERS},
        "buildings_left": {bid: bd["count"] for bid, bd in BUILDINGS.items()},
        "fourth": [],
        "bids_revealed": False,
        "tied": [],
        "winner": None,
        "tax_paid": [],
        "totals": {},
        "players": {
            seat: {
                "vp": 0,
                "pesos": START_PESOS,
                "hand": list(CHARACTERS),
                "played": [],
                "card": None,
                "town_hall": False,
                "church_used": False,
                "bid": None,
                "bid2": None,
                "layout": layouts[i],
                "buildings": [],
                "figure": [0, 0],
                "vp_by": {c: 0 for c in PLAY_CATEGORIES},
                "farm": {p: 0 for p in PIECES},
                "store": {p: 0 for p in PRODUCTS},
            }
            for i, seat in enumerate(players)
        },
        "result": None,
    }
    return state


def legal_choose_start(state: State, seat: str) -> list[Action]:
    pending = state["pending"]
    out = []
    if pending["resources"] < START_RESOURCES:
        out += [Action("pick", (r,)) for r in RESOURCES if state["supply"][r] > 0]
    if pending["products"] < START_PRODUCTS:
        out += [Action("pick", (p,)) for p in PRODUCTS if state["supply"][p] > 0]
    return out


def apply_choose_start(state: State, seat: str, action: Action, events: list[Event]) -> None:
    piece = word(action)
    player = state["players"][seat]
    gain(state, player, piece)
    if piece in RESOURCES:
        state["pending"]["resources"] += 1
    else:
        state["pending"]["products"] += 1
    events.append(Event("pick", seat, {"piece": piece}))
    if not legal_choose_start(state, seat):
        state["queue"].pop(0)
        state["pending"] = {"resources": 0, "products": 0}
        if not state["queue"]:
            begin_round(state, events)


#: The legal actions of each step of this phase.
LEGAL: dict[str, Legal] = {
    "choose_start": legal_choose_start,
}
#: How each step of this phase applies a legal action.
APPLY: dict[str, Apply] = {
    "choose_start": apply_choose_start,
}
