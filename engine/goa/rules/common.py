"""What the phases share: the fixed actions, the revision's values, the grid's geometry, the
spice stores, and the gains, draws and tile resolutions every phase gives out.

The rules never change a state they were given: ``GoaRules.apply`` works on
``State.copy_table()``, which still shares the :class:`Player` objects, so a helper that changes
a seat's holdings first calls :func:`own` (or :func:`own_all`).
"""

from __future__ import annotations

from typing import TypedDict, Unpack

from engine.core import Action, Event, Rng
from engine.goa import data
from engine.goa.state import (
    Player,
    Pos,
    State,
    colony_fields,
    index,
    on_grid,
    pos_name,
    read_pos,
)
from engine.typed import present

COL = data.COLUMN_INDEX
N = data.GRID_SIZE
PASS = Action("pass")
DONE = Action("done")
STOP = Action("stop")
#: The kinds of the six main actions (advance and the five columns' actions).
MAIN_KINDS = ("advance", "ships", "harvest", "taxes", "expedition", "colony")
#: ``spice ginger``, ``fill ginger``, ``give ginger``, ``claim ginger``… by kind, in spice order.
SPICE_ACTIONS = {
    kind: tuple(Action(kind, (name,)) for name in data.SPICES) for kind in ("spice", "fill", "give", "claim")
}


def revision(s: State) -> data.Revision:
    """The values and rules this game plays under (the revision it began with)."""
    return data.REVISIONS[s.revision]


def yield_of(s: State, p: Player, column: str) -> int:
    """What ``p``'s marker in ``column`` gives (ships, spices, ducats, hand limit, colonists)."""
    return revision(s).yields[column][p.progress[COL[column]]]


def hand_limit(s: State, p: Player) -> int:
    """The player's expedition hand limit (the expedition column's right number)."""
    return yield_of(s, p, "expedition")


# --------------------------------------------------------------------------------------------
# Geometry

#: The 20 ring places beside the grid (the ring's corners excluded).
RING: tuple[Pos, ...] = tuple(
    [(-1, c) for c in range(N)]
    + [(N, c) for c in range(N)]
    + [(r, -1) for r in range(N)]
    + [(r, N) for r in range(N)]
)
GRID: tuple[Pos, ...] = tuple((r, c) for r in range(N) for c in range(N))


def place(name: str) -> Pos:
    """The place a legal action names (legality already checked that it names one)."""
    return present(read_pos(name), f"place named {name!r}")


def tile_at(s: State, pos: Pos) -> str:
    """The tile on a grid space that holds one (a lot, a traded space)."""
    return present(s.grid[index(pos)], f"tile on {pos_name(pos)}")


def orthogonal(pos: Pos) -> list[Pos]:
    r, c = pos
    return [p for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_grid(p)]


def around(pos: Pos) -> list[Pos]:
    """The grid spaces among the 8 neighbours of ``pos``."""
    r, c = pos
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N
    ]


# --------------------------------------------------------------------------------------------
# Spice storage


def _field_targets(p: Player, kind: int) -> list[tuple[frozenset[str], str, list[int]]]:
    """Colony fields with room for ``kind``: (allowed kinds, colony name, field counts)."""
    name = data.SPICES[kind]
    out = []
    for colony, (tile, fields) in p.colonies.items():
        for (cap, allowed), f in zip(colony_fields(tile), fields, strict=True):
            if name in allowed and sum(f) < cap:
                out.append((frozenset(allowed), colony, f))
    return out


def has_room(p: Player, kind: int) -> bool:
    return any(pl[1] == kind and pl[3] < pl[2] for pl in p.plantations) or bool(_field_targets(p, kind))


def placements(p: Player, kind: int) -> list[str | None]:
    """Where one spice of ``kind`` may go, as the choices worth offering: ``[None]`` when one
    place is at least as good as every other (a plantation of that kind, or the colony field
    allowing the fewest kinds when the others allow more), the colony names when several fields
    allow different kinds (a Quilon and a Madras pair that share the spice), ``[]`` when there is
    no room."""
    if any(pl[1] == kind and pl[3] < pl[2] for pl in p.plantations):
        return [None]
    targets = _field_targets(p, kind)
    if not targets:
        return []
    sets = {t[0] for t in targets}
    minimal = [a for a in sets if not any(b < a for b in sets)]
    if len(minimal) == 1:
        return [None]
    return [c for c in data.COLONY_NAMES if any(t[1] == c and t[0] in minimal for t in targets)]


def add_spice(p: Player, kind: int, colony: str | None = None) -> bool:
    """Store one spice: on a plantation of that kind first, else on the colony field that allows
    the fewest kinds (keeping the flexible space free), in ``colony`` when the player named one.
    False when there is no room (the spice is lost)."""
    for pl in p.plantations:
        if pl[1] == kind and pl[3] < pl[2]:
            pl[3] += 1
            return True
    targets = [t for t in _field_targets(p, kind) if colony is None or t[1] == colony]
    if not targets:
        return False
    min(targets, key=lambda t: len(t[0]))[2][kind] += 1
    return True


def remove_spice(p: Player, kind: int) -> None:
    """Spend one spice of ``kind`` (the caller checked there is one): from the most flexible
    colony field first, so that the space freed is the most useful, then from a plantation."""
    name = data.SPICES[kind]
    best: list[int] | None = None
    best_width = -1
    for tile, fields in p.colonies.values():
        for (_cap, allowed), f in zip(colony_fields(tile), fields, strict=True):
            if f[kind] and len(allowed) > best_width:
                best, best_width = f, len(allowed)
    if best is not None:
        best[kind] -= 1
        return
    for pl in p.plantations:
        if pl[1] == kind and pl[3]:
            pl[3] -= 1
            return
    raise AssertionError(f"no {name} to remove")


def store_full(p: Player, store: str) -> bool:
    """Whether a plantation ("p1".."p4") or a colony (by name) is filled to capacity."""
    if store in p.colonies:
        tile, fields = p.colonies[store]
        return all(sum(f) >= cap for (cap, _), f in zip(colony_fields(tile), fields, strict=True))
    pl = p.plantations[int(store[1:]) - 1]
    full: bool = pl[3] >= pl[2]
    return full


def stores(p: Player) -> list[str]:
    return [f"p{i + 1}" for i in range(len(p.plantations))] + [
        n for n in data.COLONY_NAMES if n in p.colonies
    ]


def next_colony_field(p: Player, colony: str) -> tuple[int, tuple[str, ...], list[int]] | None:
    """The first field of ``colony`` that still has room: (capacity, allowed kinds, counts)."""
    tile, fields = p.colonies[colony]
    for (cap, allowed), f in zip(colony_fields(tile), fields, strict=True):
        if sum(f) < cap:
            return cap, allowed, f
    return None


def open_field(p: Player, colony: str) -> tuple[int, tuple[str, ...], list[int]]:
    """The field of ``colony`` a pending ``fill`` asks about (there is one while it is pending)."""
    return present(next_colony_field(p, colony), f"field with room in {colony}")


def spice_choices(p: Player, kind: str) -> list[Action]:
    """``spice ginger`` (or ``claim ginger``) for each spice with room; ``spice ginger quilon``
    when the player must say which colony (see :func:`placements`)."""
    acts: list[Action] = []
    for k, plain in enumerate(SPICE_ACTIONS[kind]):
        for where in placements(p, k):
            acts.append(plain if where is None else Action(kind, (data.SPICES[k], where)))
    return acts


# --------------------------------------------------------------------------------------------
# Copies, gains and draws


def own(s: State, i: int) -> None:
    """Give the new state its own copy of seat ``i``'s holdings before they change."""
    s.players[i] = s.players[i].copy()


def own_all(s: State) -> None:
    s.players = [p.copy() for p in s.players]


class Goods(TypedDict, total=False):
    """What :func:`gain` gives: ships, colonists, ducats and extra-action cards."""

    ships: int
    colonists: int
    ducats: int
    extra: int


def gain(s: State, i: int, events: list[Event], why: str, **goods: Unpack[Goods]) -> None:
    """Give ships, colonists, ducats and extra-action cards (zero amounts are skipped)."""
    got = {k: v for k, v in goods.items() if v}
    if not got:
        return
    p = s.players[i]
    p.ships += goods.get("ships", 0)
    p.colonists += goods.get("colonists", 0)
    p.ducats += goods.get("ducats", 0)
    p.extra += goods.get("extra", 0)
    events.append(Event("gain", s.seats[i], {"why": why, **got}))


def offer_spices(s: State, i: int, left: int, mix: bool) -> None:
    """Let the player place ``left`` spices (or, with ``mix``, take ships/colonists too)."""
    p = s.players[i]
    if left > 0 and (mix or any(has_room(p, k) for k in range(5))):
        s.pending.insert(0, {"kind": "spices", "seat": i, "left": left, "mix": mix})


def draw(s: State, k: int) -> list[int]:
    """Draw up to ``k`` expedition cards, reshuffling the discard pile when the pile runs out."""
    out: list[int] = []
    rng: Rng | None = None
    while len(out) < k:
        if not s.deck:
            if not s.discard:
                break
            rng = rng or Rng(s.rng)
            s.deck, s.discard = rng.shuffled(s.discard), []
        out.append(s.deck.pop())
    if rng is not None:
        s.rng = rng.state
    return out


def draw_to_hand(s: State, i: int, k: int, events: list[Event], why: str, over_limit: bool = False) -> None:
    """Draw ``k`` cards into the hand: never past the hand limit, unless ``over_limit`` (the
    Expeditions tile and the first-to-row card of revision 3)."""
    p = s.players[i]
    if not over_limit:
        k = min(k, hand_limit(s, p) - len(p.hand))
    if k <= 0:
        return
    cards = draw(s, k)
    if not cards:
        return
    p.hand.extend(cards)
    seat = s.seats[i]
    events.append(Event("cards_drawn", seat, {"count": len(cards), "why": why}, random=True))
    events.append(Event("cards_received", seat, {"cards": cards}, random=True, visible_to=(seat,)))


def spend_card(s: State, i: int, card: int, events: list[Event]) -> None:
    """Play a card from the hand (it counts as this turn's card)."""
    s.card_played = True
    s.players[i].hand.remove(card)
    s.discard.append(card)
    events.append(Event("card_played", s.seats[i], {"card": card, **data.CARDS[card]}, reveals_hidden=True))


def use_tile(s: State, i: int, effect: str) -> None:
    """Give back the (first) tile of ``effect`` (a one-time effect, or the duty tile)."""
    p = s.players[i]
    for t in p.tiles:
        if data.TILES[t].get("effect") == effect or data.TILES[t]["kind"] == effect:
            p.tiles.remove(t)
            return
    raise AssertionError(effect)


def receive_tile(s: State, i: int, tile: str, events: list[Event]) -> None:
    """A tile won (or traded for) is resolved at once."""
    t = data.TILES[tile]
    p = s.players[i]
    seat = s.seats[i]
    kind = t["kind"]
    if kind == "plantation":
        if len(p.plantations) < data.PLANTATION_SPACES:
            p.plantations.append([tile, data.SPICE_INDEX[t["spice"]], t["cap"], t["cap"]])
            events.append(
                Event("plantation_added", seat, {"tile": tile, "spice": t["spice"], "cap": t["cap"]})
            )
        else:
            s.pending.insert(0, {"kind": "discard", "seat": i, "tile": tile})
        return
    if kind != "immediate":
        p.tiles.append(tile)
        events.append(Event("tile_kept", seat, {"tile": tile}))
        return
    gain(s, i, events, "tile", ships=t["ships"], colonists=t["colonists"], extra=t["actions"])
    if t["expeditions"]:
        draw_to_hand(s, i, t["expeditions"], events, "tile", over_limit=revision(s).gifts_over_limit)
    if t["choice"]:
        s.pending.insert(0, {"kind": "choose", "seat": i, "amount": t["choice"]})
