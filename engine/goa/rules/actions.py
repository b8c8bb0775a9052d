"""The main actions of the action phase (and of extra-action cards): advance a progress column,
build ships, harvest, collect taxes, go on an expedition, found a colony — some of them changed by
an expedition card played with them — and the resource cards played on their own."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.goa import data
from engine.goa.rules.common import (
    COL,
    draw,
    draw_to_hand,
    gain,
    hand_limit,
    offer_spices,
    remove_spice,
    revision,
    spend_card,
    yield_of,
)
from engine.goa.state import Player, State, card_arg, colony_fields, may_play_card, spice_counts
from engine.typed import word

_ADVANCE = tuple(Action("advance", (column,)) for column in data.COLUMNS)
_COLUMN_ACTIONS = (Action("ships"), Action("harvest"), Action("taxes"), Action("expedition"))
_COLONY = {name: Action("colony", (name,)) for name in data.COLONY_NAMES}
#: Spice indexes of each advance cost: _ADVANCE_SPICE_IDX[revision][column][target row].
_ADVANCE_SPICE_IDX = {
    number: tuple(
        tuple(tuple(data.SPICE_INDEX[k] for k in cell) for cell in column) for column in rev.advance_spices
    )
    for number, rev in data.REVISIONS.items()
}


def legal(s: State, p: Player) -> list[Action]:
    """The main actions ``p`` can take now, plain and with each card that changes them."""
    acts: list[Action] = []
    counts = spice_counts(p)
    cards = [(c, data.CARDS[c]["effect"]) for c in p.hand] if may_play_card(s, p) else []
    costs = _ADVANCE_SPICE_IDX[s.revision]
    for c, column in enumerate(data.COLUMNS):
        t = p.progress[c] + 1
        if t >= data.ROWS:
            continue
        spices_ok = all(counts[k] for k in costs[c][t])
        ships_ok = p.ships >= data.ADVANCE_SHIPS[t]
        if spices_ok and ships_ok:
            acts.append(_ADVANCE[c])
        for card, effect in cards:
            if (
                (effect == "advance_no_ships" and spices_ok)
                or (effect == "advance_no_spices" and ships_ok)
                or (effect == "advance_money" and p.ducats >= data.ADVANCE_DUCATS[t])
            ):
                acts.append(Action("advance", (column, "card", card)))
    acts += _COLUMN_ACTIONS
    acts += [Action("harvest", ("card", card)) for card, e in cards if e == "harvest_mix"]
    for name in data.COLONY_NAMES:
        if name not in p.colonies and s.colony_stacks[name]:
            acts.append(_COLONY[name])
            acts += [Action("colony", (name, "card", card)) for card, e in cards if e == "colony_three"]
    return acts


def card_plays(s: State, p: Player) -> list[Action]:
    """The resource cards in ``p``'s hand (played on their own, not as an action); the spice
    sale only for a player who holds a spice."""
    if not may_play_card(s, p):
        return []
    has_spice = any(spice_counts(p))
    return [
        Action("play", (c,))
        for c in p.hand
        if data.CARDS[c]["effect"] in data.CARD_RESOURCES and (has_spice or data.CARDS[c]["effect"] != "sell")
    ]


def main_action(s: State, i: int, action: Action, events: list[Event]) -> None:
    p = s.players[i]
    seat = s.seats[i]
    kind = action.kind
    card = card_arg(action)
    if card is not None:
        spend_card(s, i, card, events)
    if kind == "advance":
        effect = data.CARDS[card]["effect"] if card else None
        pay_and_advance(s, i, COL[word(action, 0)], effect, events)
    elif kind == "ships":
        gain(s, i, events, "ships", ships=yield_of(s, p, "ships"))
    elif kind == "taxes":
        gain(s, i, events, "taxes", ducats=yield_of(s, p, "taxes"))
    elif kind == "harvest":
        amount = yield_of(s, p, "harvest")
        events.append(Event("harvest", seat, {"amount": amount, "mix": card is not None}))
        offer_spices(s, i, amount, mix=card is not None)
    elif kind == "expedition":
        limit = hand_limit(s, p)
        row_draws = revision(s).expedition_draw
        count = limit - len(p.hand) if row_draws is None else row_draws[p.progress[COL["expedition"]]]
        events.append(Event("expedition", seat, {"limit": limit, "draw": count}))
        if len(p.hand) > limit:
            # over the limit (cards taken over it from a tile or a first-to-row bonus): shed first
            s.pending.insert(0, {"kind": "shed", "seat": i, "draw": count})
        else:
            draw_to_hand(s, i, count, events, "expedition")
    else:
        draws = data.COLONY_DRAW_WITH_CARD if card else data.COLONY_DRAW
        found_colony(s, i, word(action, 0), yield_of(s, p, "colonists"), draws, events)


def pay_and_advance(s: State, i: int, c: int, effect: str | None, events: list[Event]) -> None:
    p = s.players[i]
    t = p.progress[c] + 1
    paid: dict[str, Any] = {}
    if effect == "advance_money":
        p.ducats -= data.ADVANCE_DUCATS[t]
        paid["ducats"] = data.ADVANCE_DUCATS[t]
    else:
        if effect != "advance_no_spices":
            cost = revision(s).advance_spices[c][t]
            for k in cost:
                remove_spice(p, data.SPICE_INDEX[k])
            paid["spices"] = list(cost)
        if effect != "advance_no_ships":
            p.ships -= data.ADVANCE_SHIPS[t]
            paid["ships"] = data.ADVANCE_SHIPS[t]
    advance(s, i, c, events, paid)


def advance(s: State, i: int, c: int, events: list[Event], paid: dict[str, Any]) -> None:
    """Move a marker one row down, then give the progress bonuses it triggers."""
    p = s.players[i]
    seat = s.seats[i]
    p.progress[c] += 1
    row = p.progress[c]
    events.append(Event("advanced", seat, {"column": data.COLUMNS[c], "row": row + 1, "paid": paid}))
    low = min(p.progress)
    for r in revision(s).all_markers_rows:
        if low >= r and r not in p.bonus_rows:
            p.bonus_rows.append(r)
            p.extra += 1
            events.append(Event("bonus_all_rows", seat, {"row": r + 1}))
    key = f"{c}:{row}"
    if row in revision(s).first_to_row and key not in s.firsts:
        s.firsts.append(key)
        events.append(Event("bonus_first", seat, {"column": data.COLUMNS[c], "row": row + 1}))
        draw_to_hand(s, i, 1, events, "bonus", over_limit=revision(s).gifts_over_limit)


def found_colony(s: State, i: int, name: str, base: int, draws: int, events: list[Event]) -> None:
    p = s.players[i]
    cards = draw(s, draws)
    s.discard.extend(cards)
    total = base + sum(data.CARDS[c]["colonists"] for c in cards)
    need = data.COLONY_NEED[name]
    events.append(
        Event(
            "colony_attempt",
            s.seats[i],
            {"colony": name, "cards": cards, "base": base, "total": total, "need": need},
            random=True,
        )
    )
    if total >= need:
        colony_founded(s, i, name, events)
    elif p.colonists >= need - total:
        s.pending.insert(0, {"kind": "pay", "seat": i, "colony": name, "deficit": need - total})
    else:
        colony_failed(s, i, name, events)


def colony_choices(s: State, name: str) -> list[str]:
    """The tiles the founder of ``name`` may choose among: one of each different tile left in
    the stack (revision 3, Quilon and Madras); a single tile when he has no choice."""
    stack = s.colony_stacks[name]
    if name not in revision(s).chosen_stacks:
        return stack[:1]
    seen: set[object] = set()
    out = []
    for tile in stack:
        fields = colony_fields(tile)
        if fields not in seen:
            seen.add(fields)
            out.append(tile)
    return out


def colony_founded(s: State, i: int, name: str, events: list[Event]) -> None:
    choices = colony_choices(s, name)
    if len(choices) > 1:
        s.pending.insert(0, {"kind": "pick", "seat": i, "colony": name})
        return
    colony_taken(s, i, name, choices[0], events)


def colony_taken(s: State, i: int, name: str, tile: str, events: list[Event]) -> None:
    """The founder takes ``tile`` from its stack and fills it next."""
    s.colony_stacks[name].remove(tile)
    s.players[i].colonies[name] = (tile, [[0] * 5 for _ in colony_fields(tile)])
    events.append(Event("colony_founded", s.seats[i], {"colony": name, "tile": tile}))
    s.pending.insert(0, {"kind": "fill", "seat": i, "colony": name})


def colony_failed(s: State, i: int, name: str, events: list[Event]) -> None:
    s.players[i].colonists += data.COLONY_FAILURE_COLONISTS
    events.append(
        Event("colony_failed", s.seats[i], {"colony": name, "colonists": data.COLONY_FAILURE_COLONISTS})
    )


def play_card(s: State, i: int, card: int, events: list[Event]) -> None:
    """A resource card played on its own: ships, colonists, ducats, up to 2 spices, the spice
    sale (revision 3) or an extra action (revisions 1 and 2)."""
    spend_card(s, i, card, events)
    effect = data.CARDS[card]["effect"]
    amount = data.CARD_RESOURCES[effect]
    if effect == "spices":
        offer_spices(s, i, amount, mix=False)
    elif effect == "sell":
        s.pending.insert(0, {"kind": "sell", "seat": i, "price": amount})
    elif effect == "extra_action":
        gain(s, i, events, "card", extra=amount)
    else:
        gain(s, i, events, "card", **{effect: amount})
