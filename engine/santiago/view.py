"""What a seat (or the public table) sees of a Santiago de Cuba game.

``build_view(state, seat)`` returns a :class:`SantiagoView`, a JSON-able dict typed by the TypedDicts
below — the contract with ``render/santiago/board.py``::

    {
      "game": "santiago", "seats": ["p0", …], "you": "p1" | None,
      "to_act": ["p2"], "current": "p2" | None,     # current = whose turn it is
      "start_player": "p0", "step": "dice" | "drive" | … | "over",
      "open_holdings": False, "harbour_master": "limited" | "printed",
      "road": [{"space": 0, "harbour": True},
               {"space": 1, "cuban": "pedro", "colour": "blue" | None, "face_up": True}, …×9],
      "car": 0..9,
      "districts": {"yellow": [{"building": "bank", "figure": seat | None,
                                "owner": seat | None}, …×3], "blue": …, "red": …, "white": …},
      "ship": {"number": 1..7, "ships": 7,
               "dice": {good: value},            # the 4 on board ({} while rolling, and
                                                 # until the end of the turn that sent the
                                                 # last ship off)
               "aside": good | None,
               "rolled": {good: value} | None,   # the 5 dice while the roller chooses
               "roll_due": seat | None,          # who rolls the dice at the end of this turn
               "faces": {good: [0, 1, …]},       # the six faces of each die
               "downs": n,                       # moves down of the marker for this ship
               "value_index": 0..3, "value": 2 | 3 | 4 | None,   # None = chequered
               "value_track": [2, 3, 4, None]},
      "players": {seat: {"figure": building | None, "markers_left": 0..3,
                         "owned": [building, …],
                         # only for the seat itself, with open_holdings, or once the game is over:
                         "pesos": n, "vp": n, "goods": {good: n}}},
      "pending": {…},     # the decision in progress; public information only:
                          # use: {"building", "via"}; go: {"options"}; zorro: {"victims"};
                          # deliver: {"trigger", "passed", "current"}; dice: {"roller"}
      "result": None | {"scores", "ranking", "places", "breakdown", "goods", "pesos"},
    }

The goods supply is left out on purpose: with 8 of each type it would tell everybody the sum
of the goods behind the screens.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine.santiago import data as d
from engine.santiago.rules import active_seat, to_act
from engine.santiago.rules.end import rank_result
from engine.santiago.state import Pending, State
from engine.typed import present


class HarbourSpaceView(TypedDict):
    space: int
    harbour: bool


class RoadSpaceView(TypedDict):
    space: int
    cuban: str
    colour: str | None
    face_up: bool


class BuildingView(TypedDict):
    building: str
    figure: str | None
    owner: str | None


class ShipView(TypedDict):
    number: int
    ships: int
    dice: dict[str, int]
    aside: str | None
    rolled: dict[str, int] | None
    value_index: int
    #: ``None`` on the chequered flag.
    value: int | None
    value_track: list[int | None]
    #: Who rolls this ship's dice at the end of the turn (it came in this turn), else None.
    roll_due: str | None
    #: The six faces of each good's die (the orange citrus die differs).
    faces: dict[str, list[int]]
    #: How often the harbour master's office moved the marker down for this ship.
    downs: int


class PlayerView(TypedDict):
    figure: str | None
    markers_left: int
    owned: list[str]
    #: Behind the screen: only for the seat itself, with open holdings, or once the game is over.
    pesos: NotRequired[int]
    vp: NotRequired[int]
    goods: NotRequired[dict[str, int]]


class ResultView(TypedDict):
    scores: dict[str, int]
    ranking: list[str]
    places: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    goods: dict[str, int]
    pesos: dict[str, int]


class SantiagoView(TypedDict):
    game: str
    seats: list[str]
    you: str | None
    to_act: list[str]
    current: str | None
    start_player: str
    step: str
    open_holdings: bool
    harbour_master: str
    road: list[HarbourSpaceView | RoadSpaceView]
    car: int
    districts: dict[str, list[BuildingView]]
    ship: ShipView
    players: dict[str, PlayerView]
    pending: Pending
    result: ResultView | None


def holdings_visible(state: State, owner: str, seat: str | None) -> bool:
    return owner == seat or state["options"]["open_holdings"] or state["step"] == "over"


def result_view(state: State) -> ResultView | None:
    res = state["result"]
    if res is None:
        return None
    ranked = rank_result(state)
    return {
        "scores": dict(res["scores"]),
        "ranking": list(ranked.ranking),
        "places": dict(ranked.places),
        "breakdown": {s: dict(v) for s, v in res["breakdown"].items()},
        "goods": dict(res["goods"]),
        "pesos": dict(res["pesos"]),
    }


def pending_view(state: State) -> Pending:
    step, pending = state["step"], state["pending"]
    if step == "use":
        return {"building": pending["building"], "via": pending["via"]}
    if step == "go":
        return {"options": list(pending["options"])}
    if step == "zorro":
        return {"victims": list(pending["victims"])}
    if step == "deliver":
        return {
            "trigger": pending["trigger"],
            "passed": list(pending["passed"]),
            "current": pending["current"],
        }
    if step == "dice":
        return {"roller": pending["roller"]}
    return {}


def build_view(state: State, seat: str | None) -> SantiagoView:
    ship = state["ship"]
    figures = {p["figure"]: s for s, p in state["players"].items() if p["figure"] is not None}
    players: dict[str, PlayerView] = {}
    for owner in state["seats"]:
        p = state["players"][owner]
        pv: PlayerView = {
            "figure": p["figure"],
            "markers_left": p["markers"],
            "owned": [b for b, s in state["owners"].items() if s == owner],
        }
        if holdings_visible(state, owner, seat):
            pv["pesos"] = p["pesos"]
            pv["vp"] = p["vp"]
            pv["goods"] = dict(p["goods"])
        players[owner] = pv
    road: list[HarbourSpaceView | RoadSpaceView] = [{"space": 0, "harbour": True}]
    for space in range(1, d.ROAD_LEN):
        cuban = present(state["road"][space], "Cuban")
        road.append(
            {
                "space": space,
                "cuban": cuban,
                "colour": d.CUBAN_COLOUR[cuban],
                "face_up": cuban not in state["face_down"],
            }
        )
    over = state["step"] == "over"
    return {
        "game": "santiago",
        "seats": list(state["seats"]),
        "you": seat,
        "to_act": to_act(state),
        "current": None if over else active_seat(state),
        "start_player": state["seats"][state["start"]],
        "step": state["step"],
        "open_holdings": state["options"]["open_holdings"],
        "harbour_master": state["options"]["harbour_master"],
        "road": road,
        "car": state["car"],
        "districts": {
            c: [{"building": b, "figure": figures.get(b), "owner": state["owners"].get(b)} for b in bs]
            for c, bs in state["districts"].items()
        },
        "ship": {
            "number": ship["number"],
            "ships": d.SHIPS,
            "dice": dict(ship["dice"]),
            "aside": ship["aside"],
            "rolled": dict(state["rolled"]) if state["rolled"] is not None else None,
            "value_index": ship["value"],
            "value": d.VALUE_TRACK[ship["value"]],
            "value_track": list(d.VALUE_TRACK),
            "roll_due": state["roll_due"],
            "faces": {g: list(d.DIE_FACES[g]) for g in d.DIE_GOODS},
            "downs": ship["downs"],
        },
        "players": players,
        "pending": pending_view(state),
        "result": result_view(state),
    }
