"""Phase C of a round, parliament: the church's veto, the secret bids (and a second round after
a tie) and the winner's enactment of one or two proposals."""

from __future__ import annotations

from itertools import combinations

from engine.core import Action, Event
from engine.cuba.data import (
    CHARACTERS,
    STATUTE_GROUPS,
    TOWN_HALL_VOTES,
)
from engine.cuba.rules.common import Apply, Legal, seat_order, statute_in_force, to_act
from engine.cuba.rules.statutes import begin_statutes
from engine.cuba.state import (
    Player,
    State,
)
from engine.typed import number, present, word, words


def vetoable_groups(state: State) -> list[str]:
    return [g for g in open_proposals(state) if g != state["veto_blocked"]]


def open_proposals(state: State) -> list[str]:
    """The groups whose proposal is on the table and not vetoed, in board order."""
    return [g for g in STATUTE_GROUPS if (p := state["proposals"][g]) is not None and not p["vetoed"]]


def legal_veto(state: State, seat: str) -> list[Action]:
    return [Action("veto", (g,)) for g in vetoable_groups(state)] + [Action("skip", ("veto",))]


def legal_bid(state: State, seat: str) -> list[Action]:
    return [Action("bid", (n,)) for n in range(state["players"][seat]["pesos"] + 1)]


def legal_enact(state: State, seat: str) -> list[Action]:
    groups = open_proposals(state)
    if len(groups) < 2:
        return [Action("enact", tuple(groups))]
    return [Action("enact", pair) for pair in combinations(groups, 2)]


def veto(state: State, seat: str, group: str, events: list[Event]) -> None:
    proposal = present(state["proposals"][group], "proposal")
    proposal["vetoed"] = True
    state["vetoed_group"] = group
    state["players"][seat]["church_used"] = True
    events.append(Event("veto", seat, {"group": group, "statute": proposal["id"]}))


def votes(state: State, seat: str) -> int:
    """Votes before bidding: the parliament card plus the Town hall."""
    player = state["players"][seat]
    return CHARACTERS[present(player["card"], "parliament card")] + (
        TOWN_HALL_VOTES if player["town_hall"] else 0
    )


def begin_parliament(state: State, events: list[Event]) -> None:
    state["phase"] = "parliament"
    secret = state["options"]["secret_parliament_card"]
    for seat in state["seats"]:
        player = state["players"][seat]
        if not secret:
            player["card"] = player["hand"].pop()
    cards = {s: state["players"][s]["card"] for s in state["seats"]}
    events.append(Event("cards_revealed", None, {"cards": cards}, reveals_hidden=secret))
    church = [s for s in state["seats"] if state["players"][s]["church_used"]]
    if state["options"]["veto_timing"] == "parliament" and church and vetoable_groups(state):
        state["step"] = "veto"
        state["pending"] = {"seat": church[0]}
        return
    begin_bids(state, events)


def apply_veto(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action.kind == "veto":
        veto(state, seat, word(action), events)
    else:
        events.append(Event("no_veto", seat, {}))
    state["pending"] = {}
    begin_bids(state, events)


def begin_bids(state: State, events: list[Event]) -> None:
    state["totals"] = {s: votes(state, s) for s in state["seats"]}
    if statute_in_force(state, "corruption"):
        events.append(Event("corruption", None, {"totals": dict(state["totals"])}))
        decide_parliament(state, state["seats"], final=True, events=events)
        return
    state["step"] = "bid"
    state["bids_revealed"] = False
    for seat in state["seats"]:
        state["players"][seat]["bid"] = None
        state["players"][seat]["bid2"] = None
    open_bidding(state, events)


def open_bidding(state: State, events: list[Event]) -> None:
    """Seats without a peso can only bid 0: their bid is placed for them (nobody learns
    anything from it) so that only players with a choice are asked."""
    for seat in to_act(state):
        if state["players"][seat]["pesos"] == 0:
            place_bid(state, seat, 0, events)
    if not to_act(state):
        reveal_bids(state, events)


def bid_of(player: Player, second: bool) -> int | None:
    """The player's bid of the first bidding round, or of the second one after a tie."""
    return player["bid2"] if second else player["bid"]


def set_bid(player: Player, second: bool, amount: int | None) -> None:
    """Set the player's bid of the first bidding round, or of the second one after a tie."""
    if second:
        player["bid2"] = amount
    else:
        player["bid"] = amount


def place_bid(state: State, seat: str, amount: int, events: list[Event]) -> None:
    second = state["step"] == "tie_bid"
    set_bid(state["players"][seat], second, amount)
    events.append(Event("bid", seat, {"amount": amount, "second": second}, visible_to=(seat,)))
    events.append(Event("bid_placed", seat, {"second": second}))


def apply_bid(state: State, seat: str, action: Action, events: list[Event]) -> None:
    place_bid(state, seat, number(action), events)
    if not to_act(state):
        reveal_bids(state, events)


def reveal_bids(state: State, events: list[Event]) -> None:
    """All bids of this bidding round are in: show them, pay them, count the votes."""
    second = state["step"] == "tie_bid"
    bidders = state["tied"] if second else state["seats"]
    bids = {s: present(bid_of(state["players"][s], second), "bid") for s in bidders}
    for s, amount in bids.items():
        state["players"][s]["pesos"] -= amount
        state["totals"][s] += amount
    state["bids_revealed"] = True
    events.append(
        Event(
            "bids_revealed",
            None,
            {"bids": bids, "totals": dict(state["totals"]), "second": second},
            reveals_hidden=True,
        )
    )
    decide_parliament(state, bidders, final=second, events=events)


def decide_parliament(state: State, contenders: list[str], final: bool, events: list[Event]) -> None:
    """The highest total wins; a tie goes to a second secret bid, then to the start player or
    the first tied player clockwise from him."""
    best = max(state["totals"][s] for s in contenders)
    tied = [s for s in contenders if state["totals"][s] == best]
    if len(tied) == 1:
        winner = tied[0]
    elif not final:
        state["step"] = "tie_bid"
        state["tied"] = tied
        events.append(Event("tie", None, {"tied": list(tied)}))
        open_bidding(state, events)
        return
    else:
        order = seat_order(state["seats"], state["start"])
        winner = next(s for s in order if s in tied)
        events.append(Event("tie_break", winner, {"tied": list(tied)}))
    state["winner"] = winner
    state["tied"] = []
    state["step"] = "enact"
    events.append(Event("parliament_won", winner, {"total": best}))
    if len(legal_enact(state, winner)) == 1 and len(legal_enact(state, winner)[0].args) < 2:
        apply_enact(state, winner, legal_enact(state, winner)[0], events)


def apply_enact(state: State, seat: str, action: Action, events: list[Event]) -> None:
    for group in words(action):
        old = state["statutes"][group]
        new = present(state["proposals"][group], "proposal")["id"]
        state["statutes"][group] = new
        events.append(Event("enact", seat, {"group": group, "statute": new, "replaced": old}))
    state["proposals"] = {g: None for g in STATUTE_GROUPS}
    state["winner"] = None
    begin_statutes(state, events)


#: The legal actions of each step of this phase.
LEGAL: dict[str, Legal] = {
    "veto": legal_veto,
    "bid": legal_bid,
    "tie_bid": legal_bid,
    "enact": legal_enact,
}
#: How each step of this phase applies a legal action.
APPLY: dict[str, Apply] = {
    "veto": apply_veto,
    "bid": apply_bid,
    "tie_bid": apply_bid,
    "enact": apply_enact,
}
