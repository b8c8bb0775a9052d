"""What a seat (or the public table) sees of a Cuba game.

``build_view(state, seat)`` returns a :class:`CubaView`, a JSON-able dict typed by the TypedDicts
below — the contract with ``render/cuba/board.py``::

    {
      "game": "cuba", "round": 1..6, "rounds": 6,
      "phase": "setup" | "actions" | "parliament" | "statutes" | "over",
      "step": "choose_start" | "choose_card" | "play_card" | "worker_move" | "worker_fields" |
              "trader" | "architect" | "foreman" | "mayor" | "veto" | "bid" | "tie_bid" |
              "enact" | "pay_tax" | "pay_duty" | "over",
      "start_player": "p0", "to_act": ["p2"], "current": "p2" | None,
      "seats": ["p0", …],
      "market": {cargo: {"ladder": [6,5,4,3,2], "count": 3, "buy": 4, "sell": 3}, …},
      "supply": {piece: count, …},
      "harbour": {"berths": [{"vp": 1, "ship": SHIP | None}, …×3], "sea": SHIP | None,
                  "deck_count": 11},
          SHIP = {"id": 7, "spaces": [{"type": "rum", "filled": True}, …×5]}
      "statutes": {"I": STATUTE | None, …},      # in force
      "proposals": {"I": STATUTE | None, …},     # this round's, until enacted
          STATUTE = {"id": "tax_3", "group": "I", "vetoed": False, "text": "Tax 3 pesos → 2 VP"}
      "veto_blocked_group": "II" | None,
      "black_markers": {marker: seat | None, …},
      "buildings_available": {building id: tiles left, …},
      "players": {seat: {"vp", "pesos", "hand", "played", "parliament_card", "town_hall",
                         "church_used", "bid", "layout", "layout_name", "buildings", "figure",
                         "farmyard", "warehouse", "votes", "total", "second_bid"}, …},
      "parliament": {"winner": seat | None, "tied": [seats]},
      "pending": {...},                          # the decision in progress (open information)
      "result": None | {"scores": {...}, "ranking": [...], "pesos": {...}},
    }

Secrets: a bid (and a second bid) is ``"hidden"`` for everyone but its owner until all bids of
that bidding round are in; the variant's face-down parliament card is ``"hidden"`` likewise until
parliament begins. Everything else is open, as at the table.
"""

from __future__ import annotations

from typing import Any, TypedDict, TypeVar, cast

from engine.core import rank_by_keys
from engine.cuba.data import (
    BERTH_VP,
    CARGO,
    CHARACTERS,
    LAYOUTS,
    MARKET_LADDER,
    ROUNDS,
    SHIPS,
    STATUTE_GROUPS,
    STATUTES,
    TOWN_HALL_VOTES,
)
from engine.cuba.rules import common as board
from engine.cuba.rules import current_seat, to_act
from engine.cuba.state import Options, Pending, Ship, State

T = TypeVar("T")

#: What a secret (a bid, the face-down parliament card) shows to a seat that may not see it.
HIDDEN = "hidden"


class SpaceView(TypedDict):
    type: str
    filled: bool


class ShipView(TypedDict):
    id: int
    spaces: list[SpaceView]


class BerthView(TypedDict):
    vp: int
    ship: ShipView | None


class HarbourView(TypedDict):
    berths: list[BerthView]
    sea: ShipView | None
    deck_count: int


class MarketRowView(TypedDict):
    ladder: list[int]
    count: int
    buy: int
    sell: int


class StatuteView(TypedDict):
    id: str
    group: str
    vetoed: bool
    text: str


class BuildingView(TypedDict):
    id: str
    row: int
    col: int


class PlayerView(TypedDict):
    vp: int
    pesos: int
    hand: list[str]
    played: list[str]
    #: The card laid for parliament: ``HIDDEN`` while face down for another seat.
    parliament_card: str | None
    town_hall: bool
    church_used: bool
    #: The bids: ``HIDDEN`` for another seat until the bidding round's bids are revealed.
    bid: int | str | None
    second_bid: int | str | None
    #: During bidding: whether the seat has bid (``None`` outside bidding).
    bid_placed: bool | None
    votes: int | None
    total: int | None
    layout_name: str
    layout: list[list[str]]
    buildings: list[BuildingView]
    figure: list[int]
    farmyard: dict[str, int]
    warehouse: dict[str, int]


class ParliamentView(TypedDict):
    winner: str | None
    tied: list[str]


class ResultView(TypedDict):
    scores: dict[str, int]
    ranking: list[str]
    places: dict[str, int]
    pesos: dict[str, int]
    breakdown: dict[str, dict[str, int]]


class CubaView(TypedDict):
    game: str
    round: int
    rounds: int
    phase: str
    step: str
    start_player: str
    to_act: list[str]
    current: str | None
    seats: list[str]
    viewer: str | None
    options: Options
    market: dict[str, MarketRowView]
    supply: dict[str, int]
    harbour: HarbourView
    statutes: dict[str, StatuteView | None]
    proposals: dict[str, StatuteView | None]
    veto_blocked_group: str | None
    black_markers: dict[str, str | None]
    buildings_available: dict[str, int]
    players: dict[str, PlayerView]
    parliament: ParliamentView
    pending: Pending
    result: ResultView | None


def ship_view(ship: Ship | None) -> ShipView | None:
    if ship is None:
        return None
    types = SHIPS[ship["id"]]
    return {
        "id": ship["id"],
        "spaces": [{"type": t, "filled": f} for t, f in zip(types, ship["filled"], strict=True)],
    }


def statute_view(sid: str | None, vetoed: bool = False) -> StatuteView | None:
    if sid is None:
        return None
    st = STATUTES[sid]
    return {"id": sid, "group": st["group"], "vetoed": vetoed, "text": st["text"]}


def _secret(value: T | None, owner: str, seat: str | None, revealed: bool) -> T | str | None:
    if value is None or revealed or owner == seat:
        return value
    return HIDDEN


def player_view(state: State, owner: str, seat: str | None) -> PlayerView:
    player = state["players"][owner]
    secret_card = state["options"]["secret_parliament_card"]
    card_revealed = state["phase"] not in ("actions",) or not secret_card
    card = player["card"]
    if card is None and not secret_card and len(player["played"]) == 4 and player["hand"]:
        card = player["hand"][0]
    bidding = state["step"] in ("bid", "tie_bid")
    first_revealed = not (state["step"] == "bid" and not state["bids_revealed"])
    second_revealed = state["step"] != "tie_bid"
    hand = list(player["hand"])
    if secret_card and not card_revealed and owner != seat and card is not None:
        # the face-down card is still "in hand" for the others: they only know what was played
        hand = [c for c in CHARACTERS if c in hand or c == card]
    return {
        "vp": player["vp"],
        "pesos": player["pesos"],
        "hand": hand,
        "played": list(player["played"]),
        "parliament_card": _secret(card, owner, seat, card_revealed),
        "town_hall": player["town_hall"],
        "church_used": player["church_used"],
        "bid": _secret(player["bid"], owner, seat, first_revealed),
        "second_bid": _secret(player["bid2"], owner, seat, second_revealed),
        "bid_placed": (player["bid2"] if state["step"] == "tie_bid" else player["bid"]) is not None
        if bidding
        else None,
        "votes": (CHARACTERS[card] + (TOWN_HALL_VOTES if player["town_hall"] else 0))
        if card and card_revealed
        else None,
        "total": state["totals"].get(owner) if state["phase"] == "parliament" and first_revealed else None,
        "layout_name": player["layout"],
        "layout": [list(row) for row in LAYOUTS[player["layout"]]],
        "buildings": [{"id": bid, "row": r, "col": c} for bid, r, c in player["buildings"]],
        "figure": list(player["figure"]),
        "farmyard": {p: n for p, n in player["farm"].items() if n},
        "warehouse": {p: n for p, n in player["store"].items() if n},
    }


def build_view(state: State, seat: str | None) -> CubaView:
    market: dict[str, MarketRowView] = {
        piece: {
            "ladder": list(MARKET_LADDER[piece]),
            "count": state["market"][piece],
            "buy": board.buy_price(state, piece),
            "sell": board.sell_price(state, piece),
        }
        for piece in CARGO
    }
    proposals = {g: statute_view(p["id"], p["vetoed"]) if p else None for g, p in state["proposals"].items()}
    pending = state["pending"].copy()
    if state["step"] == "veto":
        pending = {"seat": state["pending"]["seat"]}
    view: CubaView = {
        "game": "cuba",
        "round": state["round"],
        "rounds": ROUNDS,
        "phase": state["phase"],
        "step": state["step"],
        "start_player": state["seats"][state["start"]],
        "to_act": to_act(state),
        "current": current_seat(state),
        "seats": list(state["seats"]),
        "viewer": seat,
        "options": state["options"].copy(),
        "market": market,
        "supply": dict(state["supply"]),
        "harbour": {
            "berths": [{"vp": BERTH_VP[i], "ship": ship_view(s)} for i, s in enumerate(state["berths"])],
            "sea": ship_view(state["sea"]),
            "deck_count": len(state["deck"]),
        },
        "statutes": {g: statute_view(state["statutes"][g]) for g in STATUTE_GROUPS},
        "proposals": proposals,
        "veto_blocked_group": state["veto_blocked"],
        "black_markers": dict(state["markers"]),
        "buildings_available": dict(state["buildings_left"]),
        "players": {s: player_view(state, s, seat) for s in state["seats"]},
        "parliament": {"winner": state["winner"], "tied": list(state["tied"])},
        "pending": pending,
        "result": None,
    }
    if state["result"] is not None:
        res = state["result"]
        ranked = rank_by_keys(res["scores"], {s: (res["scores"][s], res["pesos"][s]) for s in state["seats"]})
        view["result"] = {
            "scores": dict(res["scores"]),
            "ranking": ranked.ranking,
            "places": ranked.places,
            "pesos": dict(res["pesos"]),
            "breakdown": {s: dict(v) for s, v in res["breakdown"].items()},
        }
    return view


def view_dict(state: State, seat: str | None) -> dict[str, Any]:
    """:func:`build_view` as the computer players read it: a plain dict (:class:`CubaView` is
    its shape)."""
    return cast(dict[str, Any], build_view(state, seat))
