"""The Cubans the car stops at: what each gives, Pablo's good (``pablo``), El Zorro's victims
(``zorro``: 1 peso, 1 VP or 1 good that is not wood) and Alonso's property marker or building
(``alonso``, optional like every Cuban's function)."""

from __future__ import annotations

from engine.core import Action, Event
from engine.santiago import data as d
from engine.santiago.rules.buildings import building_step, offer_use, stay_step
from engine.santiago.rules.common import (
    active_seat,
    board_buildings,
    clockwise_from,
    flower,
    gain_good,
    has_zorro_gift,
    score,
)
from engine.santiago.state import State
from engine.typed import word


def visit_cuban(state: State, seat: str, cuban: str, events: list[Event]) -> None:
    player = state["players"][seat]
    if cuban in d.CUBAN_GAINS:
        got: dict[str, int] = {}
        for what, n in d.CUBAN_GAINS[cuban].items():
            if what == "vp":
                score(player, "cubans", n)
                got[what] = n
            elif what == "pesos":
                player["pesos"] += n
                got[what] = n
            else:
                got[what] = gain_good(state, seat, what, n)
        events.append(Event("cuban", seat, {"cuban": cuban, "got": got}))
        building_step(state, flower(cuban), events)
    elif cuban == d.PABLO:
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        if any(state["supply"][g] for g in d.PABLO_CHOICES):
            state["step"] = "pablo"
            state["pending"] = {"cuban": cuban}
        else:
            building_step(state, flower(cuban), events)
    elif cuban == d.ZORRO:
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        state["pending"] = {"cuban": cuban, "victims": clockwise_from(state, state["turn"] + 1)[:-1]}
        next_zorro_victim(state, events)
    else:  # Alonso
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        if legal_alonso(state, seat):
            state["step"] = "alonso"
            state["pending"] = {"cuban": cuban}
        else:
            events.append(Event("alonso_nothing", seat, {}))
            building_step(state, flower(cuban), events)


def next_zorro_victim(state: State, events: list[Event]) -> None:
    """The next victim who holds something he may give must choose; those with nothing — or
    nothing but wood, which El Zorro does not take — give nothing."""
    victims = state["pending"]["victims"]
    while victims:
        victim = victims[0]
        if has_zorro_gift(state["players"][victim]):
            state["step"] = "zorro"
            return
        events.append(Event("zorro_nothing", victim, {"to": active_seat(state)}, reveals_hidden=True))
        victims.pop(0)
    stay_step(state, events)


def apply_take(state: State, seat: str, action: Action, events: list[Event]) -> None:
    good = word(action)
    gain_good(state, seat, good, 1)
    events.append(Event("pablo", seat, {"good": good}))
    building_step(state, flower(d.PABLO), events)


def apply_give(state: State, seat: str, action: Action, events: list[Event]) -> None:
    thief = active_seat(state)
    what = word(action)
    giver, taker = state["players"][seat], state["players"][thief]
    if what == "peso":
        giver["pesos"] -= 1
        taker["pesos"] += 1
    elif what == "vp":
        score(giver, "cubans", -1)
        score(taker, "cubans", 1)
    else:
        giver["goods"][what] -= 1
        taker["goods"][what] += 1
    events.append(Event("zorro_give", seat, {"to": thief, "what": what}, reveals_hidden=True))
    state["pending"]["victims"].pop(0)
    next_zorro_victim(state, events)


def apply_alonso(state: State, seat: str, action: Action, events: list[Event]) -> None:
    building = word(action)
    if action.kind == "claim":
        state["owners"][building] = seat
        state["players"][seat]["markers"] -= 1
        events.append(Event("claim", seat, {"building": building}))
        building_step(state, flower(d.ALONSO), events)
    else:
        events.append(Event("run", seat, {"building": building}))
        offer_use(state, building, "alonso", {"kind": "go", "colour": flower(d.ALONSO)})


def legal_pablo(state: State, seat: str) -> list[Action]:
    return [Action("take", (g,)) for g in d.PABLO_CHOICES if state["supply"][g] > 0]


def legal_zorro(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    held = {"peso": player["pesos"], "vp": player["vp"], **player["goods"]}
    return [Action("give", (what,)) for what in d.ZORRO_GIFTS if held[what] > 0]


def legal_alonso(state: State, seat: str) -> list[Action]:
    """Claim or run (``skip``, declining both, is added by the step's legal list)."""
    out = []
    buildings = board_buildings(state)
    if state["players"][seat]["markers"] > 0:
        out += [Action("claim", (b,)) for b in buildings if b not in state["owners"]]
    out += [Action("run", (b,)) for b in buildings if state["owners"].get(b) == seat]
    return out
