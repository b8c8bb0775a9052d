"""The small decisions that interrupt a phase (``State.pending``, the top one answered first):
spices to place, a colony's field to fill, the plantation a fifth one replaces, ships or
colonists, colonists to pay for a colony, the duty's spices, the stores to refill — and, in
revision 3, the cards to shed before an Expedition, the colony tile to choose, the spices to
sell, the one kind Re-supply pays in, and the card a player may still play after his action."""

from __future__ import annotations

from engine.core import Action, Event
from engine.goa import data
from engine.goa.rules.actions import (
    card_plays,
    colony_choices,
    colony_failed,
    colony_founded,
    colony_taken,
    play_card,
)
from engine.goa.rules.common import (
    DONE,
    SPICE_ACTIONS,
    STOP,
    add_spice,
    draw_to_hand,
    gain,
    hand_limit,
    next_colony_field,
    offer_spices,
    open_field,
    remove_spice,
    revision,
    spice_choices,
    store_full,
    stores,
    use_tile,
)
from engine.goa.state import Pending, State, spice_counts, spice_place
from engine.typed import number, word


def legal(s: State, pend: Pending) -> list[Action]:
    p = s.players[pend["seat"]]
    if pend["kind"] == "spices":
        acts = spice_choices(p, "spice")
        if pend["mix"]:
            acts += [Action("ship"), Action("colonist")]
        return acts + [STOP]
    if pend["kind"] == "fill":
        _cap, allowed, _f = open_field(p, pend["colony"])
        return [Action("fill", (k,)) for k in allowed]
    if pend["kind"] == "discard":
        return [Action("discard", (k + 1,)) for k in range(len(p.plantations))]
    if pend["kind"] == "choose":
        return [Action("choose", ("ships",)), Action("choose", ("colonists",))]
    if pend["kind"] == "supply":
        return [Action("choose", (kind,)) for kind in ("spices", "colonists", "ships")]
    if pend["kind"] == "shed":
        return [Action("drop", (c,)) for c in sorted(set(p.hand))]
    if pend["kind"] == "pick":
        return [Action("pick", (t,)) for t in colony_choices(s, pend["colony"])]
    if pend["kind"] == "after":
        return card_plays(s, p) + [DONE]
    if pend["kind"] == "sell":
        counts = spice_counts(p)
        return [a for k, a in enumerate(SPICE_ACTIONS["give"]) if counts[k]] + [STOP]
    if pend["kind"] == "pay":
        return [Action("pay"), Action("decline")]
    if pend["kind"] == "duty":
        counts = spice_counts(p)
        return [a for k, a in enumerate(SPICE_ACTIONS["give"]) if counts[k]]
    return [Action("refill", (st,)) for st in stores(p) if not store_full(p, st)] + [STOP]


def answer(s: State, i: int, pend: Pending, action: Action, events: list[Event]) -> None:
    """Seat ``i`` answers the decision ``pend`` (already taken off the stack) with ``action``."""
    p = s.players[i]
    seat = s.seats[i]
    if pend["kind"] == "spices":
        if action.kind == "stop":
            events.append(Event("spices_forgone", seat, {"left": pend["left"]}))
            return
        if action.kind == "spice":
            spice = word(action, 0)
            add_spice(p, data.SPICE_INDEX[spice], spice_place(action))
            events.append(Event("spice_added", seat, {"spice": spice}))
        else:
            gain(s, i, events, "goods", **{action.kind + "s": 1})
        offer_spices(s, i, pend["left"] - 1, mix=pend["mix"])
    elif pend["kind"] == "fill":
        spice = word(action, 0)
        _cap, _allowed, f = open_field(p, pend["colony"])
        f[data.SPICE_INDEX[spice]] += 1
        events.append(Event("colony_filled", seat, {"colony": pend["colony"], "spice": spice}))
        if next_colony_field(p, pend["colony"]) is not None:
            s.pending.insert(0, pend)
    elif pend["kind"] == "discard":
        slot = number(action, 0) - 1
        old = p.plantations[slot]
        if old[2] == 1 and revision(s).keep_single_plantation:
            p.tiles.append(old[0])  # kept face down: it still scores
        t = data.TILES[pend["tile"]]
        p.plantations[slot] = [pend["tile"], data.SPICE_INDEX[t["spice"]], t["cap"], t["cap"]]
        events.append(
            Event(
                "plantation_replaced",
                seat,
                {"old": old[0], "tile": pend["tile"], "spice": t["spice"], "cap": t["cap"]},
            )
        )
    elif pend["kind"] == "choose":
        gain(s, i, events, "tile", **{word(action, 0): pend["amount"]})
    elif pend["kind"] == "supply":
        what = word(action, 0)
        events.append(Event("supply_taken", seat, {"what": what, "amount": pend["amount"]}))
        if what == "spices":
            offer_spices(s, i, pend["amount"], mix=False)
        else:
            gain(s, i, events, "supply", **{what: pend["amount"]})
    elif pend["kind"] == "shed":
        card = number(action, 0)
        discard_card(s, i, card, events)
        if len(p.hand) > hand_limit(s, p):
            s.pending.insert(0, pend)
        else:
            draw_to_hand(s, i, pend["draw"], events, "expedition")
    elif pend["kind"] == "after":
        if action.kind == "play":
            play_card(s, i, number(action, 0), events)
    elif pend["kind"] == "pick":
        tile = word(action, 0)
        events.append(Event("colony_chosen", seat, {"colony": pend["colony"], "tile": tile}))
        colony_taken(s, i, pend["colony"], tile, events)
    elif pend["kind"] == "sell":
        if action.kind == "stop":
            return
        spice = word(action, 0)
        remove_spice(p, data.SPICE_INDEX[spice])
        p.ducats += pend["price"]
        events.append(Event("spice_sold", seat, {"spice": spice, "ducats": pend["price"]}))
        if any(spice_counts(p)):
            s.pending.insert(0, pend)
    elif pend["kind"] == "pay":
        if action.kind == "pay":
            p.colonists -= pend["deficit"]
            events.append(
                Event("colonists_paid", seat, {"colony": pend["colony"], "amount": pend["deficit"]})
            )
            colony_founded(s, i, pend["colony"], events)
        else:
            colony_failed(s, i, pend["colony"], events)
    elif pend["kind"] == "duty":
        spice = word(action, 0)
        remove_spice(p, data.SPICE_INDEX[spice])
        events.append(Event("spice_given", seat, {"spice": spice}))
        if pend["left"] > 1:
            s.pending.insert(0, {"kind": "duty", "seat": pend["seat"], "left": pend["left"] - 1})
        else:
            use_tile(s, i, "duty")
            p.duty_used += 1
            events.append(Event("duty_done", seat, {"vp": data.DUTY_VP}))
    else:  # refill
        if action.kind == "stop":
            return
        store = word(action, 0)
        if pend["left"] > 1:
            s.pending.insert(0, {"kind": "refill", "seat": pend["seat"], "left": pend["left"] - 1})
        if store in p.colonies:
            s.pending.insert(0, {"kind": "fill", "seat": i, "colony": store})
        else:
            pl = p.plantations[int(store[1:]) - 1]
            pl[3] = pl[2]
        events.append(Event("store_refilled", seat, {"store": store}))


def discard_card(s: State, i: int, card: int, events: list[Event]) -> None:
    """A card discarded unplayed (at any time, or shed to the hand limit): face up on the pile."""
    s.players[i].hand.remove(card)
    s.discard.append(card)
    events.append(Event("card_discarded", s.seats[i], {"card": card}, reveals_hidden=True))


def drop_idle(s: State) -> None:
    """Decisions with nothing left to decide end by themselves: an Additional Harvest with
    nothing left to refill, and the card after an action when the player holds no card.

    The card step is kept whenever the hand holds a card, even one that cannot be played now
    (a card that only changes an action, the spice sale without spices): everybody sees whose
    turn it is and how many cards a hand holds, but not which cards, so a step shown only to
    holders of a playable card would tell the table what is in a hand. Its only move is then
    "go on"."""
    while s.pending:
        top = s.pending[0]
        p = s.players[top["seat"]]
        if top["kind"] == "refill":
            if any(not store_full(p, st) for st in stores(p)):
                return
        elif top["kind"] == "after":
            if p.hand:  # public: the hand's size, never which cards it holds
                return
        else:
            return
        s.pending.pop(0)
