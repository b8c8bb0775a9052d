"""Grid geometry and spice storage: small pure helpers the rules are built from."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.goa import data
from engine.goa.state import Player
from engine.i18n import Catalogue

T = Catalogue("engine.goa")
N = data.GRID_SIZE
_COLS = "abcde"

# --------------------------------------------------------------------------------------------
# Positions: (row, col) with -1..5; the grid is 0..4, the ring around it holds the flag.
# Names: columns a–e (z left of a, f right of e), rows 1–5 (0 above, 6 below): "c3", "a0", "z2".


def pos_name(pos: tuple[int, int]) -> str:
    r, c = pos
    letter = "z" if c < 0 else "f" if c >= N else _COLS[c]
    return f"{letter}{r + 1}"


def _not_a_position(text: str) -> IllegalAction:
    return IllegalAction(lambda lang: T(lang, "board.bad_pos", text=text))


def parse_pos(text: str) -> tuple[int, int]:
    if len(text) != 2 or not text[1].isdigit():
        raise _not_a_position(text)
    letter, row = text[0], int(text[1]) - 1
    col = {"z": -1, "f": N}.get(letter, _COLS.find(letter) if letter in _COLS else -2)
    if col == -2 or not (-1 <= row <= N):
        raise _not_a_position(text)
    return (row, col)


def on_grid(pos: tuple[int, int]) -> bool:
    return 0 <= pos[0] < N and 0 <= pos[1] < N


def index(pos: tuple[int, int]) -> int:
    return pos[0] * N + pos[1]


#: The 20 ring places beside the grid (the ring's corners excluded).
RING: tuple[tuple[int, int], ...] = tuple(
    [(-1, c) for c in range(N)]
    + [(N, c) for c in range(N)]
    + [(r, -1) for r in range(N)]
    + [(r, N) for r in range(N)]
)
GRID: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(N) for c in range(N))


def orthogonal(pos: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = pos
    return [p for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_grid(p)]


def around(pos: tuple[int, int]) -> list[tuple[int, int]]:
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


def spice_counts(p: Player) -> list[int]:
    """How many of each spice the player holds, in ``data.SPICES`` order."""
    counts = [0, 0, 0, 0, 0]
    for pl in p.plantations:
        counts[pl[1]] += pl[3]
    for _tile, fields in p.colonies.values():
        for f in fields:
            for k in range(5):
                counts[k] += f[k]
    return counts


def colony_fields(tile: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return data.COLONY_TILES[tile]["fields"]


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
    return pl[3] >= pl[2]


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
