"""Santiago de Cuba's setup: the options, the buildings and Cubans placed at random, the
players' starting goods and the first ship rolled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from engine.core import Event, IllegalAction, Rng
from engine.santiago import data as d
from engine.santiago.rules.common import PLAY_CATEGORIES
from engine.santiago.rules.ship import roll_ship
from engine.santiago.state import SCHEMA, Options, Player, State
from engine.santiago.text import T


def new_game(players: list[str], seed: int, options: dict[str, Any]) -> tuple[State, list[Event]]:
    """A set-up game: buildings and Cubans placed at random, the first ship rolled by the
    player to the right of the start player, who must now set one die aside."""
    count = len(players)
    if not d.MIN_PLAYERS <= count <= d.MAX_PLAYERS:
        raise IllegalAction(
            lambda lang: T(lang, "error.players", min=d.MIN_PLAYERS, max=d.MAX_PLAYERS, n=count)
        )
    if len(set(players)) != len(players):
        raise IllegalAction(lambda lang: T(lang, "error.seats"))
    opts = check_options(options)
    rng = Rng.from_seed(seed)
    buildings = rng.shuffled(d.BUILDINGS)
    cubans = rng.shuffled(d.CUBANS)
    start = rng.randrange(len(players))
    per = d.BUILDINGS_PER_DISTRICT
    supply = {g: d.GOODS_SUPPLY for g in d.GOODS}
    seats: dict[str, Player] = {}
    for seat in players:
        goods = {g: 0 for g in d.GOODS}
        for g, n in d.START_GOODS.items():
            goods[g] = n
            supply[g] -= n
        seats[seat] = {
            "pesos": d.START_PESOS,
            "vp": d.START_VP,
            "vp_by": {**{c: 0 for c in PLAY_CATEGORIES}, "start": d.START_VP},
            "goods": goods,
            "figure": None,
            "markers": d.PROPERTY_MARKERS,
        }
    state: State = {
        "schema": SCHEMA,
        "game": "santiago",
        "seats": list(players),
        "options": opts,
        "rng": rng.state,
        "start": start,
        "turn": (start - 1) % len(players),
        "step": "dice",
        "road": [None, *cubans],
        "face_down": [],
        "car": d.HARBOUR,
        "districts": {c: buildings[i * per : (i + 1) * per] for i, c in enumerate(d.COLOURS)},
        "owners": {},
        "ship": {"number": 1, "dice": {}, "aside": None, "value": 0, "downs": 0},
        "rolled": None,
        "supply": supply,
        "players": seats,
        "pending": {},
        "result": None,
        "roll_due": None,
        "old_owner_turn": False,
    }
    events = [
        Event(
            "setup",
            players[start],
            {"road": list(cubans), "districts": {c: list(b) for c, b in state["districts"].items()}},
            random=True,
        )
    ]
    roll_ship(state, players[state["turn"]], {"kind": "start"}, events)
    return state, events


def check_options(options: Mapping[str, Any]) -> Options:
    """The full option dict, refusing unknown names and values an option does not take
    (``True``/``False`` for a yes-or-no option, one of its words for ``harbour_master``)."""
    opts = dict(d.OPTIONS)
    for key, value in options.items():
        if key not in d.OPTIONS:
            raise _refusal("error.option", key)
        allowed = d.OPTION_VALUES[key]
        if value not in allowed or type(value) is not type(d.OPTIONS[key]):
            if isinstance(d.OPTIONS[key], bool):
                raise _refusal("error.option_bool", key)
            raise _refusal("error.option_value", key, values=", ".join(map(str, allowed)))
        opts[key] = value
    # Every option checked and present: the shape of :class:`Options`.
    return cast(Options, opts)


def _refusal(catalogue_key: str, option: str, **values: str) -> IllegalAction:
    return IllegalAction(lambda lang: T(lang, catalogue_key, key=option, **values))
