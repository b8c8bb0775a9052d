"""Phase D of a round, the statutes in force: the tax (I) and the duty (II) each player may pay,
then the subsidies (III) and the market statutes (IV)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.core import Action, Event
from engine.cuba.data import (
    CHARACTERS,
    DUTY_VP,
    MARKET_LADDER,
    PIECES,
    PRODUCTS,
    RESOURCES,
    STATUTES,
    TAX_AND_DUTY_BONUS_VP,
    TAX_VP,
)
from engine.cuba.rules.common import (
    Apply,
    Legal,
    building_tiles,
    have,
    open_product_fields,
    open_resource_fields,
    score,
    seat_order,
    spend,
)
from engine.cuba.rules.round import end_round
from engine.cuba.state import (
    State,
)
from engine.typed import present, words


def tax_due(state: State, seat: str) -> int | None:
    """Pesos the tax in force asks of ``seat`` (``None`` when no tax is in force)."""
    sid = state["statutes"]["I"]
    if sid is None:
        return None
    st = STATUTES[sid]
    if "per_building" in st:
        return st["per_building"] * building_tiles(state["players"][seat])
    return st["tax"]


def legal_pay_tax(state: State, seat: str) -> list[Action]:
    return [Action("pay", ("tax",)), Action("skip", ("tax",))]


def duty_choices(state: State, seat: str) -> list[Action]:
    """The ways ``seat`` can fulfil the duty in force (empty when it cannot)."""
    sid = state["statutes"]["II"]
    if sid is None:
        return []
    player = state["players"][seat]
    ((what, count),) = STATUTES[sid]["duty"].items()
    if what in PIECES:
        return [Action("pay", ("duty",))] if have(player, what) >= count else []
    kinds = RESOURCES if what == "any_resource" else PRODUCTS
    out = []
    for combo in combinations_with_replacement(kinds, count):
        if all(have(player, p) >= combo.count(p) for p in set(combo)):
            out.append(Action("pay", ("duty", *combo)))
    return out


def legal_pay_duty(state: State, seat: str) -> list[Action]:
    return duty_choices(state, seat) + [Action("skip", ("duty",))]


def begin_statutes(state: State, events: list[Event]) -> None:
    state["phase"] = "statutes"
    state["tax_paid"] = []
    state["queue"] = seat_order(state["seats"], state["start"])
    state["step"] = "pay_tax"
    advance_tax(state, events)


def advance_tax(state: State, events: list[Event]) -> None:
    """Walk the tax queue: pass those who owe nothing or cannot pay, ask the others.

    A seat without buildings owes nothing under the per-building tax; it scores no tax VP (nor
    the tax-and-duty bonus): the rulebook gives the VP for paying taxes to the stock, and "if you
    cannot or do not want to, naturally you get nothing" (D Statute phase, Tax Acts (I))."""
    while state["queue"]:
        seat = state["queue"][0]
        due = tax_due(state, seat)
        player = state["players"][seat]
        if due is None:
            state["queue"] = []
            break
        if due == 0:
            events.append(Event("tax_unpaid", seat, {"due": 0, "reason": "nothing_due"}))
        elif player["pesos"] < due:
            events.append(Event("tax_unpaid", seat, {"due": due, "reason": "money"}))
        else:
            return
        state["queue"].pop(0)
    state["queue"] = seat_order(state["seats"], state["start"])
    state["step"] = "pay_duty"
    advance_duty(state, events)


def pay_tax(state: State, seat: str, events: list[Event]) -> None:
    due = present(tax_due(state, seat), "tax")
    player = state["players"][seat]
    player["pesos"] -= due
    score(player, "statutes", TAX_VP)
    state["tax_paid"].append(seat)
    events.append(Event("tax_paid", seat, {"pesos": due, "vp": TAX_VP}))


def apply_pay_tax(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action.kind == "pay":
        pay_tax(state, seat, events)
    else:
        events.append(Event("tax_unpaid", seat, {"due": tax_due(state, seat), "reason": "choice"}))
    state["queue"].pop(0)
    advance_tax(state, events)


def advance_duty(state: State, events: list[Event]) -> None:
    while state["queue"]:
        seat = state["queue"][0]
        if state["statutes"]["II"] is None:
            state["queue"] = []
            break
        if duty_choices(state, seat):
            return
        events.append(Event("duty_unpaid", seat, {"reason": "pieces"}))
        state["queue"].pop(0)
    finish_statute_phase(state, events)


def apply_pay_duty(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action.kind == "pay":
        sid = present(state["statutes"]["II"], "duty")
        ((what, count),) = STATUTES[sid]["duty"].items()
        pieces = [what] * count if what in PIECES else words(action, 1)
        for piece in pieces:
            spend(state, player, piece)
        vp = DUTY_VP
        if state["options"]["tax_duty_bonus"] and seat in state["tax_paid"]:
            vp += TAX_AND_DUTY_BONUS_VP
        score(player, "statutes", vp)
        events.append(Event("duty_paid", seat, {"pieces": pieces, "vp": vp}))
    else:
        events.append(Event("duty_unpaid", seat, {"reason": "choice"}))
    state["queue"].pop(0)
    advance_duty(state, events)


def subsidy_units(state: State, seat: str, what: str) -> int:
    player = state["players"][seat]
    if what == "buildings":
        return building_tiles(player)
    if what == "resource_fields":
        return open_resource_fields(player)
    if what == "product_fields":
        return open_product_fields(player)
    if what == "water":
        return player["farm"]["water"]
    if what == "card_votes":
        return CHARACTERS[present(player["card"], "parliament card")]
    if what == "per_3_pesos":
        return player["pesos"] // 3
    raise AssertionError(f"unknown subsidy {what}")


def finish_statute_phase(state: State, events: list[Event]) -> None:
    """Groups III and IV need no decision: subsidies, then the market statutes."""
    sid = state["statutes"]["III"]
    if sid is not None:
        st = STATUTES[sid]
        for seat in seat_order(state["seats"], state["start"]):
            vp = subsidy_units(state, seat, st["subsidy"])
            if st["cap"] is not None:
                vp = min(vp, st["cap"])
            score(state["players"][seat], "statutes", vp)
            events.append(Event("subsidy", seat, {"statute": sid, "vp": vp}))
    sid = state["statutes"]["IV"]
    if sid is not None and STATUTES[sid].get("special") == "market":
        change_market(state, STATUTES[sid]["change"], events)
    end_round(state, events)


def change_market(state: State, change: int, events: list[Event]) -> None:
    """Market −2 / +2: remove the cheapest pieces or fill the most expensive free spaces of
    each product row, as far as the row and the supply allow."""
    moved = {}
    for piece in PRODUCTS:
        if change < 0:
            n = min(-change, state["market"][piece])
            state["market"][piece] -= n
            state["supply"][piece] += n
        else:
            n = min(change, len(MARKET_LADDER[piece]) - state["market"][piece], state["supply"][piece])
            state["market"][piece] += n
            state["supply"][piece] -= n
        moved[piece] = n
    events.append(Event("market_statute", None, {"change": change, "moved": moved}))


#: The legal actions of each step of this phase.
LEGAL: dict[str, Legal] = {
    "pay_tax": legal_pay_tax,
    "pay_duty": legal_pay_duty,
}
#: How each step of this phase applies a legal action.
APPLY: dict[str, Apply] = {
    "pay_tax": apply_pay_tax,
    "pay_duty": apply_pay_duty,
}
