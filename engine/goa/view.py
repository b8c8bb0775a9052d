"""What one seat (or the public table) sees of a Goa game: a JSON-able dict, typed here shape
by shape (:class:`GoaView` and the dicts inside it)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from engine.core import Result
from engine.goa import data
from engine.goa.state import Player, State, colony_fields, current, lot_tile, pos_name, spice_counts


class PlantationView(TypedDict):
    tile: str
    spice: str
    cap: int
    count: int


class FieldView(TypedDict):
    """A colony field: its capacity, the spices it allows, and (on a founded colony) its spices."""

    cap: int
    kinds: list[str]
    spices: NotRequired[dict[str, int]]


class ColonyView(TypedDict):
    tile: str
    fields: list[FieldView]


class PlayerView(TypedDict):
    """One seat's holdings; ``ducats`` and ``hand`` only for the seat itself (for all once over)."""

    ships: int
    colonists: int
    extra_actions: int
    hand_size: int
    hand_limit: int
    hand_draw: int | None
    face_down_plantations: int
    progress: list[int]
    plantations: list[PlantationView]
    colonies: dict[str, ColonyView]
    tiles: list[dict[str, Any]]
    duty_used: int
    spices: dict[str, int]
    ducats: NotRequired[int]
    hand: NotRequired[list[data.Card]]


class AuctionView(TypedDict):
    lot: int
    pos: str
    tile: str | None
    auctioneer: str
    high: int
    high_seat: str | None
    bidder: str | None


class MarkerView(TypedDict):
    number: int
    seat: str
    pos: str


class StackView(TypedDict):
    count: int
    need: int
    top: str | None
    fields: list[FieldView]


class PendingView(TypedDict):
    """The decision on top of ``State.pending`` (see :data:`engine.goa.state.Pending`), with the
    seat that answers it by its seat id."""

    kind: str
    seat: str
    left: NotRequired[int]
    mix: NotRequired[bool]
    colony: NotRequired[str]
    tile: NotRequired[str]
    amount: NotRequired[int]
    deficit: NotRequired[int]
    draw: NotRequired[int]
    price: NotRequired[int]


class GoaView(TypedDict):
    """The whole view; see :func:`build_view` for what each entry holds."""

    game: str
    revision: int
    seats: list[str]
    you: str | None
    to_act: list[str]
    round: int
    rounds: int
    part: str
    phase: str
    start: str
    actions_left: dict[str, int]
    grid: list[list[dict[str, Any] | None]]
    flag: str | None
    markers: list[MarkerView]
    auction: AuctionView | None
    colony_stacks: dict[str, StackView]
    deck: int
    discard: int
    pending: PendingView | None
    players: dict[str, PlayerView]
    result: dict[str, Any] | None


def _player_view(p: Player, rev: data.Revision, show_secrets: bool) -> PlayerView:
    out: PlayerView = {
        "ships": p.ships,
        "colonists": p.colonists,
        "extra_actions": p.extra,
        "hand_size": len(p.hand),
        "hand_limit": rev.yields["expedition"][p.progress[data.COLUMN_INDEX["expedition"]]],
        "hand_draw": None
        if rev.expedition_draw is None
        else rev.expedition_draw[p.progress[data.COLUMN_INDEX["expedition"]]],
        "face_down_plantations": sum(1 for t in p.tiles if data.TILES[t]["kind"] == "plantation"),
        "progress": [r + 1 for r in p.progress],
        "plantations": [
            {"tile": t, "spice": data.SPICES[k], "cap": cap, "count": count}
            for t, k, cap, count in p.plantations
        ],
        "colonies": {
            name: {
                "tile": tile,
                "fields": [
                    {
                        "cap": cap,
                        "kinds": list(kinds),
                        "spices": {data.SPICES[k]: n for k, n in enumerate(f) if n},
                    }
                    for (cap, kinds), f in zip(colony_fields(tile), fields, strict=True)
                ],
            }
            for name, (tile, fields) in p.colonies.items()
        },
        "tiles": [
            dict(data.TILES[t], used_this_round=t in p.claimed)
            for t in p.tiles
            if data.TILES[t]["kind"] != "plantation"
        ],
        "duty_used": p.duty_used,
        "spices": dict(zip(data.SPICES, spice_counts(p), strict=True)),
    }
    if show_secrets:
        out["ducats"] = p.ducats
        out["hand"] = [data.CARDS[c].copy() for c in p.hand]
    return out


def build_view(s: State, seat: str | None, result: Result | None) -> GoaView:
    """The view of ``s`` for ``seat`` (None: the public table); ``result``: the game's, once
    over. Shape (all JSON-able)::

        game "goa", revision (of the rules, data.REVISIONS), seats [seat…], you (seat or None), to_act [seat…], round 1..8, rounds 8,
        part "A"|"B", phase head|flag|marker|auction|actions|extra|over, start (flag holder),
        actions_left {seat: n} (actions phase), grid 5×5 rows of tile dicts (data.TILES) or None,
        flag (position name or None), markers [{number 2.., seat, pos}],
        auction None | {lot (marker number, 1 = flag), pos, tile, auctioneer, high, high_seat, bidder},
        colony_stacks {name: {count, need, top (tile id or None), fields [{cap, kinds}]}},
        deck, discard (card counts), pending None | {kind, seat, …},
        players {seat: {ships, colonists, extra_actions, hand_size, hand_limit, hand_draw (the
                 expedition draw; None before revision 3), face_down_plantations, progress [row 1..5
                 per column], plantations [{tile, spice, cap, count}], colonies {name: {tile,
                 fields [{cap, kinds, spices {spice: n}}]}}, tiles [tile dict + used_this_round],
                 duty_used, spices {spice: n}, and for ``you`` only (everyone once the game is
                 over): ducats, hand [card dicts]}},
        result None | {scores, ranking, places, breakdown, tiebreak}.

    Ducats and expedition hands of other seats are never included while the game runs.
    """
    over = s.phase == "over"
    rev = data.REVISIONS[s.revision]
    n = len(s.seats)
    grid = [[data.TILES[t] if (t := s.grid[r * 5 + c]) else None for c in range(5)] for r in range(5)]
    cur = current(s)
    auction: AuctionView | None = None
    if s.phase == "auction":
        pos = s.chain[s.lot]
        auction = {
            "lot": s.lot + 1,
            "pos": pos_name(pos),
            "tile": lot_tile(s),
            "auctioneer": s.seats[s.chain_owner[s.lot]],
            "high": s.high,
            "high_seat": s.seats[s.high_seat] if s.high_seat >= 0 else None,
            "bidder": s.seats[cur] if cur is not None and not s.pending else None,
        }
    markers: list[MarkerView] = [
        {"number": k + 1, "seat": s.seats[s.chain_owner[k]], "pos": pos_name(pos)}
        for k, pos in enumerate(s.chain)
        if k > 0 and (s.phase != "auction" or k >= s.lot)
    ]
    flag = pos_name(s.chain[0]) if s.chain and (s.phase != "auction" or s.lot == 0) else None
    actions_left: dict[str, int] = {}
    if s.phase == "actions":
        for j in range(n):
            offset = (j - s.start) % n
            actions_left[s.seats[j]] = sum(1 for t in range(s.turn, 3 * n) if t % n == offset)
    stacks: dict[str, StackView] = {
        name: {
            "count": len(s.colony_stacks[name]),
            "need": data.COLONY_NEED[name],
            "top": s.colony_stacks[name][0] if s.colony_stacks[name] else None,
            "fields": [
                {"cap": cap, "kinds": list(kinds)}
                for cap, kinds in data.COLONY_TILES[s.colony_stacks[name][0]]["fields"]
            ]
            if s.colony_stacks[name]
            else [],
        }
        for name in data.COLONY_NAMES
    }
    pending: PendingView | None = None
    if s.pending:
        pending = cast(PendingView, {**s.pending[0], "seat": s.seats[s.pending[0]["seat"]]})
    return {
        "game": "goa",
        "revision": s.revision,
        "seats": list(s.seats),
        "you": seat,
        "to_act": [] if cur is None else [s.seats[cur]],
        "round": s.round,
        "rounds": data.ROUNDS,
        "part": "A" if s.round <= data.LAST_ROUND_OF_PART_A else "B",
        "phase": s.phase,
        "start": s.seats[s.start],
        "actions_left": actions_left,
        "grid": [[dict(t) if t else None for t in row] for row in grid],
        "flag": flag,
        "markers": markers,
        "auction": auction,
        "colony_stacks": stacks,
        "deck": len(s.deck),
        "discard": len(s.discard),
        "pending": pending,
        "players": {
            st: _player_view(p, rev, over or st == seat) for st, p in zip(s.seats, s.players, strict=True)
        },
        "result": result.to_dict() if result else None,
    }
