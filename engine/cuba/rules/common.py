"""What every phase of Cuba uses: pieces, market prices, plantation fields, ships and shipping,
seat order, who acts, and victory points by category."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Event
from engine.cuba.data import (
    BERTH_VP,
    BUY_FROM_SUPPLY_WHEN_EMPTY,
    COLS,
    FIELD_YIELD,
    LAYOUTS,
    MARKET_LADDER,
    PRINTED_WAREHOUSE,
    PRODUCT_FIELDS,
    PRODUCTS,
    RESOURCE_FIELDS,
    ROWS,
    SELL_TO_SUPPLY_WHEN_FULL,
    SHIP_SPACES,
    SHIPS,
    STATUTES,
    WAREHOUSE_FIELD,
)
from engine.cuba.state import (
    PLAY_CATEGORIES,
    UNSPLIT_CATEGORY,
    Player,
    Ship,
    State,
)
from engine.typed import present

#: The legal actions of a step for a seat.
Legal = Callable[[State, str], list[Action]]
#: Apply a legal action of a step (on the state, in place), adding the events.
Apply = Callable[[State, str, Action, list[Event]], None]


DONE = Action("done")


def seat_order(seats: list[str], start: int) -> list[str]:
    """Seats clockwise from the seat with index ``start``."""
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]


def to_act(state: State) -> list[str]:
    step = state["step"]
    players = state["players"]
    if step == "over":
        return []
    if step in ("choose_start", "pay_tax", "pay_duty"):
        return [state["queue"][0]]
    if step == "choose_card":
        return [s for s in state["seats"] if players[s]["card"] is None]
    if step == "bid":
        return [s for s in state["seats"] if players[s]["bid"] is None]
    if step == "tie_bid":
        return [s for s in state["tied"] if players[s]["bid2"] is None]
    if step == "enact":
        return [present(state["winner"], "parliament winner")]
    if step == "veto":
        return [state["pending"]["seat"]]
    return [state["seats"][state["turn"]]]


def current_seat(state: State) -> str | None:
    """The seat whose character is being played, during the action phase."""
    if state["phase"] == "actions" and state["step"] != "choose_card":
        return state["seats"][state["turn"]]
    return None


def load_ship(state: State, seat: str, berth: int, pieces: list[str], events: list[Event], by: str) -> None:
    """Load ``pieces`` of ``seat`` onto the ship on ``berth`` (0-based) and score it; under
    the Harbour statute a ship filled completely leaves at once."""
    player = state["players"][seat]
    ship = present(state["berths"][berth], "ship")
    for piece in pieces:
        player_piece_to_ship(state, player, ship, piece)
    vp = loaded_vp(berth, len(pieces))
    score(player, "shipping", vp)
    events.append(
        Event(
            "ship", seat, {"berth": berth + 1, "pieces": list(pieces), "vp": vp, "by": by, "ship": ship["id"]}
        )
    )
    if ship_full(ship) and statute_in_force(state, "harbour"):
        state["berths"][berth] = None
        ship_departs(state, ship, events, "harbour")
        refill_harbour(state, events)


def player_piece_to_ship(state: State, player: Player, ship: Ship, piece: str) -> None:
    """One piece from the player onto a ship (it passes the supply only for the accounting)."""
    spend(state, player, piece)
    state["supply"][piece] -= 1
    load_piece(ship, piece)


def score(player: Player, category: str, vp: int) -> None:
    """``player`` scores ``vp`` victory points from one source (a key of ``PLAY_CATEGORIES``):
    the VP track and the split by category kept for the end-of-game summary."""
    player["vp"] += vp
    by = player["vp_by"]
    by[category] = by.get(category, 0) + vp


def vp_breakdown(player: Player) -> dict[str, int]:
    """The player's VP so far by category, in the fixed order of ``PLAY_CATEGORIES``; VP that no
    category accounts for (a game saved before the split was kept) show as ``"play"``."""
    out = {c: player["vp_by"].get(c, 0) for c in PLAY_CATEGORIES}
    unknown = player["vp"] - sum(out.values())
    if unknown:
        out[UNSPLIT_CATEGORY] = unknown
    return out


def have(player: Player, piece: str) -> int:
    """How many of ``piece`` a player holds (farmyard and warehouse)."""
    return player["farm"][piece] + player["store"].get(piece, 0)


def spend(state: State, player: Player, piece: str, count: int = 1) -> None:
    """Return ``count`` of a player's ``piece`` to the supply, farmyard first (stored products
    outlive the round, farmyard products do not)."""
    from_farm = min(count, player["farm"][piece])
    player["farm"][piece] -= from_farm
    if count > from_farm:
        player["store"][piece] -= count - from_farm
    state["supply"][piece] += count


def gain(state: State, player: Player, piece: str, count: int = 1) -> int:
    """Move up to ``count`` of ``piece`` from the supply to the farmyard; returns how many came."""
    got = min(count, state["supply"][piece])
    state["supply"][piece] -= got
    player["farm"][piece] += got
    return got


def statute_in_force(state: State, special: str) -> bool:
    """True when the group-IV statute in force is ``special`` (drought, building, harbour…)."""
    sid = state["statutes"]["IV"]
    return sid is not None and STATUTES[sid].get("special") == special


def buy_price(state: State, piece: str) -> int:
    """The price of the cheapest occupied space, or the supply price when the row is empty."""
    count = state["market"][piece]
    return MARKET_LADDER[piece][count - 1] if count else BUY_FROM_SUPPLY_WHEN_EMPTY


def sell_price(state: State, piece: str) -> int:
    """The price of the most expensive free space, or the supply price when the row is full."""
    count = state["market"][piece]
    ladder = MARKET_LADDER[piece]
    return ladder[count] if count < len(ladder) else SELL_TO_SUPPLY_WHEN_FULL[piece]


def cheapest_products(state: State) -> list[str]:
    """The products with the lowest buy price (an empty row counts as 7)."""
    prices = {p: buy_price(state, p) for p in PRODUCTS}
    low = min(prices.values())
    return [p for p in PRODUCTS if prices[p] == low]


#: Column letters of a plantation, left to right; rows are numbered 1, 2, 3 from the top. The
#: board draws them around each plantation and every text names a field by them (``B2``).
def field_name(row: int, col: int) -> str:
    """The name of a plantation field as the board labels it: column letter, row number
    (``field_name(1, 1) == "B2"``; the warehouse field is ``A1``). A position off any
    plantation keeps its typed numbers (``"5,1"``)."""
    if 0 <= row < 9 and 0 <= col < 26:
        return f"{chr(ord('A') + col)}{row + 1}"
    return f"{row},{col}"


def parse_field_name(word: str) -> tuple[int, int] | None:
    """``"b2"`` → ``(1, 1)``: the (row, col) a typed field name stands for (any letter and row
    number, so a field off the plantation can be refused by name); ``None`` for other words."""
    if len(word) == 2 and word[0].isascii() and word[0].isalpha() and word[1] in "123456789":
        return int(word[1]) - 1, ord(word[0].lower()) - ord("a")
    return None


def layout(player: Player) -> tuple[tuple[str, ...], ...]:
    return LAYOUTS[player["layout"]]


def building_at(player: Player, row: int, col: int) -> str | None:
    """The building on a field: a tile id, the printed warehouse, or ``None``."""
    for bid, r, c in player["buildings"]:
        if r == row and c == col:
            return bid
    if (row, col) == WAREHOUSE_FIELD:
        return PRINTED_WAREHOUSE
    return None


def covered(player: Player) -> set[tuple[int, int]]:
    """Fields covered by a building tile."""
    return {(r, c) for _, r, c in player["buildings"]}


def cross(row: int, col: int) -> list[tuple[int, int]]:
    """The fields a figure on (row, col) activates: its row, then the rest of its column."""
    fields = [(row, c) for c in range(COLS)]
    fields += [(r, col) for r in range(ROWS) if r != row]
    return fields


def open_fields(player: Player, kinds: tuple[str, ...]) -> int:
    """How many of the player's fields of ``kinds`` no building covers."""
    taken = covered(player)
    lay = layout(player)
    return sum(1 for r in range(ROWS) for c in range(COLS) if lay[r][c] in kinds and (r, c) not in taken)


def open_resource_fields(player: Player) -> int:
    return open_fields(player, RESOURCE_FIELDS)


def open_product_fields(player: Player) -> int:
    return open_fields(player, PRODUCT_FIELDS)


def field_yield(player: Player, row: int, col: int) -> str | None:
    """The piece a field yields (``None`` for a field that yields nothing, like the warehouse)."""
    return FIELD_YIELD[layout(player)[row][col]]


def product_yield(player: Player, row: int, col: int) -> str:
    """The piece a field known to yield one yields (a worker's product field)."""
    piece = field_yield(player, row, col)
    if piece is None:
        raise AssertionError(f"field {row} {col} yields nothing")
    return piece


def buildable_fields(player: Player) -> list[tuple[int, int]]:
    """Every field but the warehouse and fields already built on."""
    taken = covered(player)
    return [
        (r, c) for r in range(ROWS) for c in range(COLS) if (r, c) != WAREHOUSE_FIELD and (r, c) not in taken
    ]


def building_tiles(player: Player) -> int:
    """Building tiles the player owns (the printed warehouse is not one)."""
    return len(player["buildings"])


def new_ship(ship_id: int) -> Ship:
    return {"id": ship_id, "filled": [False] * SHIP_SPACES}


def free_spaces(ship: Ship, piece: str) -> int:
    types = SHIPS[ship["id"]]
    return sum(1 for i, t in enumerate(types) if t == piece and not ship["filled"][i])


def ship_full(ship: Ship) -> bool:
    return all(ship["filled"])


def load_piece(ship: Ship, piece: str) -> None:
    types = SHIPS[ship["id"]]
    for i, t in enumerate(types):
        if t == piece and not ship["filled"][i]:
            ship["filled"][i] = True
            return
    raise AssertionError("no free space checked before loading")


def ship_departs(state: State, ship: Ship, events: list[Event], why: str) -> None:
    """The ship leaves: its cargo back to the supply, the card under the deck."""
    types = SHIPS[ship["id"]]
    for i, t in enumerate(types):
        if ship["filled"][i]:
            state["supply"][t] += 1
    state["deck"].append(ship["id"])
    events.append(Event("ship_leaves", None, {"ship": ship["id"], "why": why}))


def refill_harbour(state: State, events: list[Event]) -> None:
    """Ships move up until every berth holds a ship and one is at sea (§6.5 3c): the remaining
    ships, from berth 3 down to the sea, go to berth 3, 2, 1 and the sea in that order; empty
    places are then filled in the same order from the top of the deck."""
    order = [state["berths"][2], state["berths"][1], state["berths"][0], state["sea"]]
    remaining = [s for s in order if s is not None]
    places: list[Ship | None] = remaining + [None] * (4 - len(remaining))
    drawn = []
    for i, ship in enumerate(places):
        if ship is None and state["deck"]:
            ship = new_ship(state["deck"].pop(0))
            places[i] = ship
            drawn.append(ship["id"])
    state["berths"] = [places[2], places[1], places[0]]
    state["sea"] = places[3]
    events.append(
        Event(
            "harbour_moves",
            None,
            {
                "berths": [s["id"] if s else None for s in state["berths"]],
                "sea": present(state["sea"], "ship at sea")["id"],
                "drawn": drawn,
            },
            reveals_hidden=bool(drawn),
        )
    )


def loaded_vp(berth: int, count: int) -> int:
    return BERTH_VP[berth] * count
