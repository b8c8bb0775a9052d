"""The figure and the buildings: the building of the Cuban's colour the figure goes to
(``go``), the owner's VP, and each building's effect (``use``, or ``skip``)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.santiago import data as d
from engine.santiago.rules.common import (
    active_seat,
    face_up_cubans,
    flower,
    gain_good,
    may_lower_value,
    open_demand,
    return_good,
    score,
    ship_empty,
    value_price,
)
from engine.santiago.rules.ship import depart, raise_value
from engine.santiago.rules.turn import end_turn
from engine.santiago.state import State, Then
from engine.typed import number, word, words


def free_buildings(state: State, colour: str) -> list[str]:
    """The buildings of ``colour`` no figure stands on."""
    taken = {p["figure"] for p in state["players"].values()}
    return [b for b in state["districts"][colour] if b not in taken]


def building_step(state: State, colour: str, events: list[Event]) -> None:
    """The figure must move to a free building of ``colour``; if there is none it stays."""
    seat = active_seat(state)
    free = free_buildings(state, colour)
    if not free:
        events.append(Event("no_free_building", seat, {"colour": colour}))
        stay_step(state, events)
    elif len(free) == 1:
        arrive(state, seat, free[0], events)
    else:
        state["step"] = "go"
        state["pending"] = {"colour": colour, "options": free}


def stay_step(state: State, events: list[Event]) -> None:
    """The figure stays and may use its building again (El Zorro, or no free building); its
    building's owner scores at the end of the turn as after a move (``turn.pay_owner``). In the
    first round a figure not yet on the board uses nothing: the turn ends."""
    seat = active_seat(state)
    building = state["players"][seat]["figure"]
    if building is None:
        end_turn(state, events)
        return
    events.append(Event("stay", seat, {"building": building}))
    offer_use(state, building, "figure", {"kind": "end"})


def arrive(state: State, seat: str, building: str, events: list[Event]) -> None:
    """The figure is placed on ``building`` and may use it; the owner's point comes at the end
    of the turn (``turn.pay_owner``)."""
    state["players"][seat]["figure"] = building
    events.append(Event("go", seat, {"building": building}))
    offer_use(state, building, "figure", {"kind": "end"})


def offer_use(state: State, building: str, via: str, then: Then) -> None:
    state["step"] = "use"
    state["pending"] = {"building": building, "via": via, "then": then}


def apply_go(state: State, seat: str, action: Action, events: list[Event]) -> None:
    arrive(state, seat, word(action), events)


def apply_skip(state: State, seat: str, action: Action, events: list[Event]) -> Then:
    """The building is not used (using one is optional), or — at Alonso — neither of the
    lawyer's options is taken (also optional: "you may immediately use his/her function"): the
    figure then goes to a building of Alonso's colour as usual."""
    pending = state["pending"]
    if state["step"] == "alonso":
        events.append(Event("alonso_skip", seat, {}))
        return {"kind": "go", "colour": flower(d.ALONSO)}
    events.append(Event("skip", seat, {"building": pending["building"]}))
    return pending["then"]


def apply_use(state: State, seat: str, action: Action, events: list[Event]) -> Then | None:
    """Carry out one building's effect; most end the use, some may send the ship off (its
    successor's dice are rolled at the end of the turn). Returns what to resume, unless the
    game ended with the 7th ship."""
    pending = state["pending"]
    building, then = pending["building"], pending["then"]
    player = state["players"][seat]
    args = action.args
    data: dict[str, Any] = {"building": building}
    hidden = False
    over = False
    if building == d.BANK:
        player["pesos"] += d.BANK_PESOS
    elif building == d.CHURCH:
        score(player, "buildings", d.CHURCH_VP)
    elif building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        n = number(args)
        return_good(state, seat, src, n)
        gain_good(state, seat, dst, n)
        data.update(n=n, given=src, got=dst)
        hidden = True
    elif building == d.MARKET:
        give, get = word(args, 0), word(args, 1)
        return_good(state, seat, give, 1)
        gain_good(state, seat, get, 1)
        data.update(given=give, got=get)
        hidden = True
    elif building == d.SAWMILL:
        return_good(state, seat, d.WOOD, 1)
        score(player, "buildings", d.SAWMILL_VP)
        player["pesos"] += d.SAWMILL_PESOS
        hidden = True
    elif building == d.CAFE:
        goods = words(args)
        for good in goods:
            return_good(state, seat, good, 1)
            score(player, "buildings", d.CAFE_VP_EACH)
        data.update(goods=goods, vp=d.CAFE_VP_EACH * len(goods))
        hidden = True
    elif building == d.CASINO:
        direction, n = word(args, 0), number(args, 1)
        if direction == "buy":
            player["pesos"] -= d.CASINO_PESOS_PER_VP * n
            score(player, "casino", n)
        else:
            score(player, "casino", -n)
            player["pesos"] += d.CASINO_PESOS_PER_VP * n
        data.update(direction=direction, n=n, pesos=d.CASINO_PESOS_PER_VP * n)
        hidden = True
    elif building == d.NEWSPAPER:
        player["pesos"] += d.NEWSPAPER_PESOS
        if args:
            state["face_down"].append(word(args))
            data.update(cuban=args[0])
    elif building == d.CUSTOMS:
        good = word(args)
        state["ship"]["dice"][good] = 0
        data.update(good=good)
    elif building == d.HARBOURMASTER:
        data.update(direction=args[0])
    elif building == d.OFFICE:
        good = word(args)
        return_good(state, seat, good, 1)
        state["ship"]["dice"][good] -= 1
        score(player, "buildings", d.OFFICE_VP)
        data.update(good=good, vp=d.OFFICE_VP)
        hidden = True
    events.append(
        Event("use", seat, data, reveals_hidden=hidden, random=building == d.NEWSPAPER and bool(args))
    )
    if building == d.HARBOURMASTER:
        if args[0] == "up":
            over = raise_value(state, seat, "harbourmaster", events)
        else:
            state["ship"]["value"] -= 1
            state["ship"]["downs"] += 1
            events.append(Event("value", seat, {"cause": "harbourmaster", "value": value_price(state)}))
    elif building in (d.CUSTOMS, d.OFFICE) and ship_empty(state):
        over = depart(state, seat, building, events)
    return None if over else then


def legal_go(state: State, seat: str) -> list[Action]:
    return [Action("go", (b,)) for b in state["pending"]["options"]]


def use_options(state: State, seat: str, building: str) -> list[Action]:
    """Every way to use ``building`` now (``skip`` not included)."""
    player = state["players"][seat]
    goods = player["goods"]
    supply = state["supply"]

    def use(*args: Any) -> Action:
        return Action("use", tuple(args))

    if building in (d.BANK, d.CHURCH):
        return [use()]
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        return [use(n) for n in range(1, min(goods[src], supply[dst]) + 1)]
    if building == d.MARKET:
        return [
            use(give, get)
            for give in d.MARKET_GOODS
            if goods[give] > 0
            for get in d.MARKET_GOODS
            if get != give and supply[get] > 0
        ]
    if building == d.SAWMILL:
        return [use()] if goods[d.WOOD] > 0 else []
    if building == d.CAFE:
        held = [g for g in d.CAFE_GOODS if goods[g] > 0]
        out = [use(g) for g in held]
        if len(held) == len(d.CAFE_GOODS):
            out.append(use(*held))
        return out
    if building == d.CASINO:
        buys = [use("buy", n) for n in range(1, player["pesos"] // d.CASINO_PESOS_PER_VP + 1)]
        return buys + [use("sell", n) for n in range(1, player["vp"] + 1)]
    if building == d.CUSTOMS:
        return [use(g) for g in open_demand(state)]
    if building == d.HARBOURMASTER:
        return [use("up")] + ([use("down")] if may_lower_value(state) else [])
    if building == d.OFFICE:
        return [use(g) for g in open_demand(state) if goods[g] > 0]
    if building == d.NEWSPAPER:  # the peso, and a Cuban flipped if you like (2011: "You may also flip")
        return [use(), *(use(c) for c in face_up_cubans(state))]
    raise KeyError(building)


def legal_use(state: State, seat: str) -> list[Action]:
    return [*use_options(state, seat, state["pending"]["building"]), Action("skip")]
