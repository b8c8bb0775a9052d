"""What every part of a Santiago de Cuba turn uses: the seats in turn, goods to and from the
supply, the board, the ship's demand and value, the start and end of a turn, who acts, and
victory points by category."""

from __future__ import annotations

from engine.core import Event
from engine.santiago import data as d
from engine.santiago.state import Player, State
from engine.typed import present

#: Where victory points come from during play, in the order the summary lists them: the 2 VP
#: every player starts with, deliveries to the ship (goods at the ship's price, wood at 1 VP),
#: the Cubans (Maria's VP, and El Zorro's: +1 for the thief, −1 for a victim who gives a VP),
#: the buildings' effects (church, sawmill, café, office), the casino's VP bought (or sold:
#: negative) and the owner's 1 VP when another player's figure visits his building.
PLAY_CATEGORIES: tuple[str, ...] = ("start", "deliveries", "cubans", "buildings", "casino", "owners")


#: The end of the game: 1 VP per 3 goods left.
END_CATEGORY = "goods"


#: VP that no category accounts for: games saved before the split was kept.
UNSPLIT_CATEGORY = "play"


#: Every category of ``Result.breakdown``, in order.
CATEGORIES: tuple[str, ...] = (*PLAY_CATEGORIES, END_CATEGORY, UNSPLIT_CATEGORY)


def score(player: Player, category: str, vp: int) -> None:
    """``player`` gains (or, given away or sold, loses) ``vp`` victory points from ``category``.
    A player of a game saved before the split was kept gets his ``vp_by`` here, empty."""
    player["vp"] += vp
    by = player.setdefault("vp_by", {})
    by[category] = by.get(category, 0) + vp


def vp_breakdown(player: Player) -> dict[str, int]:
    """The player's VP so far by category (in ``PLAY_CATEGORIES`` order); VP no category
    accounts for show as ``"play"``."""
    by = player.get("vp_by", {})
    out = {c: by.get(c, 0) for c in PLAY_CATEGORIES}
    unknown = player["vp"] - sum(out.values())
    if unknown:
        out[UNSPLIT_CATEGORY] = unknown
    return out


def active_seat(state: State) -> str:
    """The seat whose turn it is (or who rolls the first ship)."""
    return state["seats"][state["turn"]]


def clockwise_from(state: State, index: int) -> list[str]:
    """All seats clockwise, starting with the one at ``index``."""
    seats = state["seats"]
    return [seats[(index + k) % len(seats)] for k in range(len(seats))]


def value_price(state: State) -> int | None:
    return d.VALUE_TRACK[state["ship"]["value"]]


def gain_good(state: State, seat: str, good: str, n: int) -> int:
    """Take up to ``n`` of ``good`` from the supply (A17: what the supply lacks is lost)."""
    got = min(n, state["supply"][good])
    state["supply"][good] -= got
    state["players"][seat]["goods"][good] += got
    return got


def return_good(state: State, seat: str, good: str, n: int) -> None:
    state["players"][seat]["goods"][good] -= n
    state["supply"][good] += n


def board_buildings(state: State) -> list[str]:
    """The buildings in board order (district by district)."""
    return [b for c in d.COLOURS for b in state["districts"][c]]


def face_up_cubans(state: State) -> list[str]:
    return [c for c in state["road"][1:] if c is not None and c not in state["face_down"]]


def open_demand(state: State) -> dict[str, int]:
    """The ship's dice still above 0."""
    return {g: v for g, v in state["ship"]["dice"].items() if v > 0}


def has_zorro_gift(player: Player) -> bool:
    """Whether an El Zorro victim holds anything he could hand over (wood is not)."""
    goods = player["goods"]
    return player["pesos"] > 0 or player["vp"] > 0 or any(goods[g] for g in d.DIE_GOODS)


def ship_empty(state: State) -> bool:
    return not open_demand(state)


def laps_per_ship_at_most() -> int | None:
    """The most laps of the car a ship can wait in the harbour (``None``: no limit). Every
    harbour arrival — a stop or a pass — raises the value marker or sends the ship off (a
    delivery round that fills it); the marker sails the ship once it has risen ``CHEQUERED``
    flags more than it was lowered, and the harbour master's office lowers it at most
    ``HARBOURMASTER_DOWNS_PER_SHIP`` times; the car meets the harbour once per lap."""
    limit = d.HARBOURMASTER_DOWNS_PER_SHIP
    return None if limit is None else d.CHEQUERED + limit


def turns_at_most() -> int | None:
    """The most turns a game can last (``None``: no limit): each ship sails within
    :func:`laps_per_ship_at_most` laps of ``ROAD_LEN`` car steps after the one before, and every
    turn moves the car at least one step."""
    laps = laps_per_ship_at_most()
    return None if laps is None else d.SHIPS * laps * d.ROAD_LEN


def downs_limit(state: State) -> int | None:
    """The moves down per ship the table's ``harbour_master`` option allows (``None``: none)."""
    return d.HARBOURMASTER_LIMITS[state["options"]["harbour_master"]]


def may_lower_value(state: State) -> bool:
    """Whether the harbour master's office may move the value marker down now: not from the
    leftmost flag (rulebook 2011, The buildings: Harbormaster's office), and — OUR RULING, the
    default, see ``data.HARBOURMASTER_DOWNS_PER_SHIP`` — not more often per ship than the limit,
    without which a ship could be held in the harbour for ever; ``harbour_master=printed`` plays
    the text's office without a limit."""
    ship = state["ship"]
    limit = downs_limit(state)
    return ship["value"] > 0 and (limit is None or ship["downs"] < limit)


def begin_turn(state: State, events: list[Event]) -> None:
    state["step"] = "drive"
    state["pending"] = {}
    events.append(Event("turn", active_seat(state), {}))


def next_turn(state: State, events: list[Event]) -> None:
    """The next player clockwise begins his turn."""
    state["turn"] = (state["turn"] + 1) % len(state["seats"])
    begin_turn(state, events)


def awaiting_dice(state: State) -> bool:
    """Whether the ship in the harbour came in this turn and gets its dice at the turn's end."""
    return state["roll_due"] is not None


def flower(cuban: str) -> str:
    """The colour of a Cuban's flower: the district his visitor's figure goes to."""
    return present(d.CUBAN_COLOUR[cuban], "flower colour")


def to_act(state: State) -> list[str]:
    step = state["step"]
    if step == "over":
        return []
    if step == "dice":
        return [state["pending"]["roller"]]
    if step == "zorro":
        return [state["pending"]["victims"][0]]
    if step == "deliver":
        return [state["pending"]["current"]]
    return [active_seat(state)]
