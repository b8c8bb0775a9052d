"""Plays that are not actions, from the tiles a seat owns: claiming an each-round spice, the
duty, and the one-time tiles (trade, vice-king, supply, additional harvest, espionage)."""

from __future__ import annotations

from engine.core import Action, Event
from engine.goa import data
from engine.goa.rules.actions import advance, found_colony
from engine.goa.rules.common import (
    COL,
    GRID,
    add_spice,
    draw,
    gain,
    offer_spices,
    place,
    receive_tile,
    revision,
    spice_choices,
    store_full,
    stores,
    tile_at,
    use_tile,
    yield_of,
)
from engine.goa.state import State, index, pos_name, spice_counts, spice_place
from engine.typed import word


def legal(s: State, i: int) -> list[Action]:
    """Tile uses that are not actions (public information only)."""
    p = s.players[i]
    acts: list[Action] = []
    if not p.tiles:
        return acts
    owned = {data.TILES[t].get("effect") or data.TILES[t]["kind"] for t in p.tiles}
    if any(
        data.TILES[t]["kind"] == "each_round" and data.TILES[t]["gives"] == "spice" and t not in p.claimed
        for t in p.tiles
    ):
        acts += spice_choices(p, "claim")
    if "duty" in owned and sum(spice_counts(p)) >= data.DUTY_SPICES:
        acts.append(Action("duty"))
    if "trade" in owned:
        acts += [Action("trade", (pos_name(q),)) for q in GRID if s.grid[index(q)]]
    if "viceking" in owned:
        low = min(p.progress)
        if low < data.ROWS - 1:
            acts += [Action("viceking", (data.COLUMNS[c],)) for c in range(5) if p.progress[c] == low]
    if "supply" in owned:
        acts.append(Action("supply"))
    if "addharvest" in owned and any(not store_full(p, st) for st in stores(p)):
        acts.append(Action("addharvest"))
    if "espionage" in owned:
        for j, other in enumerate(s.seats):
            if j == i:
                continue
            acts += [Action("spy", (other, what)) for what in ("ships", "harvest", "taxes")]
            acts += [
                Action("spy", (other, "colony", name))
                for name in data.COLONY_NAMES
                if name not in p.colonies and s.colony_stacks[name]
            ]
    return acts


def play(s: State, i: int, action: Action, events: list[Event]) -> None:
    p = s.players[i]
    seat = s.seats[i]
    kind, args = action.kind, action.args
    if kind == "claim":
        tile = next(
            t
            for t in p.tiles
            if data.TILES[t]["kind"] == "each_round"
            and data.TILES[t]["gives"] == "spice"
            and t not in p.claimed
        )
        p.claimed.append(tile)
        spice = word(action, 0)
        add_spice(p, data.SPICE_INDEX[spice], spice_place(action))
        events.append(Event("spice_claimed", seat, {"spice": spice}))
        return
    if kind == "duty":
        s.pending.insert(0, {"kind": "duty", "seat": i, "left": data.DUTY_SPICES})
        events.append(Event("duty_started", seat, {"spices": data.DUTY_SPICES}))
        return
    effect = {"spy": "espionage"}.get(kind, kind)
    trade_tile = next((t for t in p.tiles if data.TILES[t].get("effect") == "trade"), None)
    use_tile(s, i, effect)
    events.append(Event("tile_used", seat, {"effect": effect, "args": list(args)}))
    if kind == "trade":
        pos = place(word(action, 0))
        taken = tile_at(s, pos)
        s.grid[index(pos)] = trade_tile
        receive_tile(s, i, taken, events)
    elif kind == "viceking":
        advance(s, i, COL[word(action, 0)], events, {})
    elif kind == "supply":
        cards = draw(s, data.SUPPLY_DRAW)
        s.discard.extend(cards)
        total = sum(data.CARDS[c]["colonists"] for c in cards)
        events.append(Event("supply_drawn", seat, {"cards": cards, "total": total}, random=True))
        if revision(s).resupply_one_kind:
            s.pending.insert(0, {"kind": "supply", "seat": i, "amount": total})
        else:
            offer_spices(s, i, total, mix=True)
    elif kind == "addharvest":
        s.pending.insert(0, {"kind": "refill", "seat": i, "left": data.ADDHARVEST_STORES})
    else:
        other = s.players[s.seats.index(word(action, 0))]
        what = word(action, 1)
        column = "colonists" if what == "colony" else what
        value = yield_of(s, other, column)
        if what == "ships":
            gain(s, i, events, "espionage", ships=value)
        elif what == "taxes":
            gain(s, i, events, "espionage", ducats=value)
        elif what == "harvest":
            offer_spices(s, i, value, mix=False)
        else:
            found_colony(s, i, word(action, 2), value, data.COLONY_DRAW, events)
