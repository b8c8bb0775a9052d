"""The auctions: the flag first, then the tiles under the markers in their order. The seats after
the marker's owner bid once each (or pass); the owner then accepts the highest bid (and is paid
it) or outbids it (and pays the bank), or takes the lot free when nobody bid."""

from __future__ import annotations

from engine.core import Action, Event
from engine.goa.rules.common import PASS, own, receive_tile, tile_at
from engine.goa.state import State, index
from engine.typed import number


def open_lot(s: State, lot: int) -> None:
    s.lot = lot
    s.auc_step = 0
    s.high = 0
    s.high_seat = -1


def legal(s: State, i: int) -> list[Action]:
    p = s.players[i]
    bids = range(s.high + 1, p.ducats + 1)
    if s.auc_step < len(s.seats) - 1:
        return [PASS] + [Action("bid", (b,)) for b in bids]
    if s.high_seat < 0:
        return [Action("take")]
    return [Action("accept")] + [Action("outbid", (b,)) for b in bids]


def play(s: State, i: int, action: Action, events: list[Event]) -> None:
    """A bid, a pass, or the owner's answer that ends the lot."""
    seat = s.seats[i]
    lot = "flag" if s.lot == 0 else tile_at(s, s.chain[s.lot])
    kind = action.kind
    if kind == "pass":
        events.append(Event("bid_passed", seat, {"lot": lot}))
        s.auc_step += 1
        return
    if kind == "bid":
        s.high, s.high_seat = number(action, 0), i
        events.append(Event("bid", seat, {"lot": lot, "amount": s.high}))
        s.auc_step += 1
        return
    if kind == "accept":
        winner, price = s.high_seat, s.high
        own(s, winner)
        s.players[winner].ducats -= price
        s.players[i].ducats += price
        events.append(Event("bid_accepted", seat, {"lot": lot, "winner": s.seats[winner], "amount": price}))
    elif kind == "outbid":
        winner, price = i, number(action, 0)
        s.players[i].ducats -= price
        events.append(Event("outbid", seat, {"lot": lot, "amount": price}))
    else:
        winner, price = i, 0
        events.append(Event("taken_free", seat, {"lot": lot}))
    award_lot(s, winner, events)
    s.step_done = True


def award_lot(s: State, winner: int, events: list[Event]) -> None:
    p = s.players[winner]
    if s.lot == 0:
        s.start = winner
        p.extra += 1
        events.append(Event("flag_won", s.seats[winner], {"extra_actions": 1}))
        return
    idx = index(s.chain[s.lot])
    tile = tile_at(s, s.chain[s.lot])
    s.grid[idx] = None
    receive_tile(s, winner, tile, events)
