"""What one seat (or the public table) sees of a Goa game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.goa import board, data
from engine.goa.state import Player, State

if TYPE_CHECKING:
    from engine.goa.rules import GoaRules


def _player_view(p: Player, rev: data.Revision, show_secrets: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ships": p.ships,
        "colonists": p.colonists,
        "extra_actions": p.extra,
        "hand_size": len(p.hand),
        "hand_limit": rev.yields["expedition"][p.progress[data.COLUMN_INDEX["expedition"]]],
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
                    for (cap, kinds), f in zip(board.colony_fields(tile), fields, strict=True)
                ],
            }
            for name, (tile, fields) in p.colonies.items()
        },
        "tiles": [dict(data.TILES[t], used_this_round=t in p.claimed) for t in p.tiles],
        "duty_used": p.duty_used,
        "spices": dict(zip(data.SPICES, board.spice_counts(p), strict=True)),
    }
    if show_secrets:
        out["ducats"] = p.ducats
        out["hand"] = [dict(data.CARDS[c]) for c in p.hand]
    return out


def build_view(rules: GoaRules, s: State, seat: str | None) -> dict[str, Any]:
    """The view dict. Shape (all JSON-able)::

        game "goa", revision (of the rules, data.REVISIONS), seats [seat…], you (seat or None), to_act [seat…], round 1..8, rounds 8,
        part "A"|"B", phase flag|marker|auction|actions|extra|over, start (flag holder),
        actions_left {seat: n} (actions phase), grid 5×5 rows of tile dicts (data.TILES) or None,
        flag (position name or None), markers [{number 2.., seat, pos}],
        auction None | {lot (marker number, 1 = flag), pos, tile, auctioneer, high, high_seat, bidder},
        colony_stacks {name: {count, need, top (tile id or None), fields [{cap, kinds}]}},
        deck, discard (card counts), pending None | {kind, seat, …},
        players {seat: {ships, colonists, extra_actions, hand_size, hand_limit, progress [row 1..5
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
    auction = None
    if s.phase == "auction":
        pos = s.chain[s.lot]
        cur = rules.current(s)
        auction = {
            "lot": s.lot + 1,
            "pos": board.pos_name(pos),
            "tile": None if s.lot == 0 else s.grid[board.index(pos)],
            "auctioneer": s.seats[s.chain_owner[s.lot]],
            "high": s.high,
            "high_seat": s.seats[s.high_seat] if s.high_seat >= 0 else None,
            "bidder": s.seats[cur] if cur is not None and not s.pending else None,
        }
    markers = [
        {"number": k + 1, "seat": s.seats[s.chain_owner[k]], "pos": board.pos_name(pos)}
        for k, pos in enumerate(s.chain)
        if k > 0 and (s.phase != "auction" or k >= s.lot)
    ]
    flag = board.pos_name(s.chain[0]) if s.chain and (s.phase != "auction" or s.lot == 0) else None
    actions_left = {}
    if s.phase == "actions":
        for j in range(n):
            offset = (j - s.start) % n
            actions_left[s.seats[j]] = sum(1 for t in range(s.turn, 3 * n) if t % n == offset)
    stacks = {
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
    result = rules.result(s)
    return {
        "game": "goa",
        "revision": s.revision,
        "seats": list(s.seats),
        "you": seat,
        "to_act": rules.to_act(s),
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
        "pending": ({**s.pending[0], "seat": s.seats[s.pending[0]["seat"]]} if s.pending else None),
        "players": {
            st: _player_view(p, rev, over or st == seat) for st, p in zip(s.seats, s.players, strict=True)
        },
        "result": result.to_dict() if result else None,
    }
