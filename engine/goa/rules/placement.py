"""The start of a round: the start player places the flag beside the tiles, then the players in
turn extend the chain of auction markers (each next to the previous one where it can be)."""

from __future__ import annotations

from engine.core import Action, Event
from engine.goa.rules.auction import open_lot
from engine.goa.rules.common import GRID, RING, around, orthogonal, place
from engine.goa.state import Pos, State, index, on_grid, pos_name
from engine.typed import word


def flag_places(s: State) -> list[Pos]:
    """Ring places and empty grid spaces orthogonally next to a space that holds a tile."""
    grid = s.grid
    return [
        q
        for q in RING + GRID
        if not (on_grid(q) and grid[index(q)]) and any(grid[index(o)] for o in orthogonal(q))
    ]


def marker_places(s: State) -> list[Pos]:
    """Unmarked tiles around the previous marker, or any unmarked tile if there is none."""
    marked = set(s.chain[1:])
    grid = s.grid
    near = [q for q in around(s.chain[-1]) if grid[index(q)] and q not in marked]
    if near:
        return near
    return [q for q in GRID if grid[index(q)] and q not in marked]


def legal(s: State) -> list[Action]:
    """``flag c0`` or ``marker d1``: the places the flag or the next marker may go."""
    if s.phase == "marker":
        return [Action("marker", (pos_name(q),)) for q in marker_places(s)]
    return [Action("flag", (pos_name(q),)) for q in flag_places(s)]


def place_flag(s: State, i: int, action: Action, events: list[Event]) -> None:
    pos = place(word(action, 0))
    s.chain = [pos]
    s.chain_owner = [i]
    s.phase = "marker"
    events.append(Event("flag_placed", s.seats[i], {"pos": pos_name(pos)}))


def place_marker(s: State, i: int, action: Action, events: list[Event]) -> None:
    pos = place(word(action, 0))
    s.chain.append(pos)
    s.chain_owner.append(i)
    number = len(s.chain)
    events.append(
        Event(
            "marker_placed", s.seats[i], {"number": number, "pos": pos_name(pos), "tile": s.grid[index(pos)]}
        )
    )
    if number == len(s.seats) + 1:
        s.phase = "auction"
        open_lot(s, 0)
