"""The buildings a Foreman uses: every way to use each one (the legal ``use`` actions) and
their effects."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core import Action, Event
from engine.cuba.data import (
    BUILDINGS,
    CARGO,
    GOODS,
    PIECES,
    PRODUCTS,
    RESOURCES,
)
from engine.cuba.rules.common import free_spaces, gain, have, load_ship, new_ship, score, spend
from engine.cuba.rules.parliament import veto, vetoable_groups
from engine.cuba.state import (
    State,
)
from engine.typed import number, present, word, words


def building_uses(state: State, seat: str, bid: str, r: int, c: int) -> list[Action]:
    """Every way to use one building (each action starts ``use r c``)."""
    player = state["players"][seat]
    bd = BUILDINGS[bid]
    effect = bd["effect"]
    head = ("use", r, c)
    supply = state["supply"]

    def act(*args: Any) -> Action:
        return Action(head[0], (r, c, *args))

    if effect == "convert_vp":
        if bd["input"] == "any_product":
            held = [p for p in PRODUCTS for _ in range(min(have(player, p), bd["max"]))]
            combos = set()
            for k in range(1, bd["max"] + 1):
                combos |= set(combinations(held, k))
            return [
                act(*combo) for combo in sorted(combos, key=lambda t: (len(t), [CARGO.index(x) for x in t]))
            ]
        return [act(n) for n in range(1, min(bd["max"], have(player, bd["input"])) + 1)]
    if effect == "ship":
        out = []
        for berth, ship in enumerate(state["berths"]):
            if ship is None:
                continue
            for piece in CARGO:
                most = min(free_spaces(ship, piece), have(player, piece))
                if bd["max"] is not None:  # the Large branch office has no limit of its own
                    most = min(most, bd["max"])
                out += [act(berth + 1, piece, n) for n in range(1, most + 1)]
        return out
    if effect in ("vp", "pesos", "votes"):
        return [act()]
    if effect == "gain":
        return [act()] if all(supply[p] > 0 for p in bd["gain"]) else []
    if effect == "store":
        return [act()] if any(player["farm"][p] for p in PRODUCTS) else []
    if effect == "sell":
        kinds = {"any_good": GOODS, "any_product": PRODUCTS, "any_resource": RESOURCES}[bd["input"]]
        held = [p for p in kinds for _ in range(min(have(player, p), bd["max"]))]
        combos = set()
        for k in range(1, bd["max"] + 1):
            combos |= set(combinations(held, k))
        return [act(*combo) for combo in sorted(combos, key=lambda t: (len(t), [PIECES.index(x) for x in t]))]
    if effect == "transform":
        most = min(have(player, bd["source"]), supply[bd["target"]])
        return [act(n) for n in range(1, most + 1)]
    if effect == "exchange":
        out = []
        for give in CARGO:
            if have(player, give) == 0:
                continue
            for get in GOODS if give in PRODUCTS else PRODUCTS:
                if supply[get] > 0:
                    out.append(act(give, get))
        return out
    if effect == "veto":
        if state["options"]["veto_timing"] == "parliament":
            return [act()]
        return [Action("use", (r, c, g)) for g in vetoable_groups(state)]
    if effect == "lighthouse":
        if state["sea"] is None:
            return []
        return [act(ship_id) for ship_id in sorted(state["deck"])]
    raise AssertionError(f"unknown building effect {effect}")


def use_building(state: State, seat: str, bid: str, args: Sequence[int | str], events: list[Event]) -> None:
    """Run one building's effect for ``seat`` with the arguments of its ``use`` action."""
    player = state["players"][seat]
    bd = BUILDINGS[bid]
    effect = bd["effect"]
    data: dict[str, Any] = {"building": bid}
    extra: dict[str, Any] = {}
    if effect == "convert_vp":
        pieces = words(args) if bd["input"] == "any_product" else [bd["input"]] * number(args)
        for piece in pieces:
            spend(state, player, piece)
        score(player, "building_use", bd["vp_each"] * len(pieces))
        data.update(pieces=pieces, vp=bd["vp_each"] * len(pieces))
    elif effect == "ship":
        berth, piece, n = number(args, 0), word(args, 1), number(args, 2)
        events.append(Event("use", seat, {"building": bid, "berth": berth}))
        load_ship(state, seat, berth - 1, [piece] * n, events, bid)
        return
    elif effect == "vp":
        score(player, "building_use", bd["vp"])
        data.update(vp=bd["vp"])
    elif effect == "pesos":
        player["pesos"] += bd["pesos"]
        data.update(pesos=bd["pesos"])
    elif effect == "votes":
        player["town_hall"] = True
        data.update(votes=bd["votes"])
    elif effect == "gain":
        got = {p: gain(state, player, p, n) for p, n in bd["gain"].items()}
        data.update(gained=got)
    elif effect == "store":
        stored = {}
        for p in PRODUCTS:
            if player["farm"][p]:
                stored[p] = player["farm"][p]
                player["store"][p] += player["farm"][p]
                player["farm"][p] = 0
        data.update(stored=stored)
    elif effect == "sell":
        sold = words(args)
        for piece in sold:
            spend(state, player, piece)
        player["pesos"] += bd["pesos_each"] * len(sold)
        data.update(pieces=sold, pesos=bd["pesos_each"] * len(sold))
    elif effect == "transform":
        n = number(args)
        spend(state, player, bd["source"], n)
        gain(state, player, bd["target"], n)
        data.update(count=n, source=bd["source"], target=bd["target"])
    elif effect == "exchange":
        give, get = word(args, 0), word(args, 1)
        spend(state, player, give)
        gain(state, player, get)
        data.update(give=give, get=get)
    elif effect == "veto":
        player["church_used"] = True
        if args:
            veto(state, seat, word(args), events)
            return
    elif effect == "lighthouse":
        ship_id = number(args)
        old = present(state["sea"], "ship at sea")
        state["deck"].remove(ship_id)
        state["deck"].append(old["id"])
        state["sea"] = new_ship(ship_id)
        extra["reveals_hidden"] = True
        data.update(old=old["id"], new=ship_id)
    events.append(Event("use", seat, data, **extra))
