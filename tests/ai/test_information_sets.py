"""Information sets from the public record (issue 31): each game's ledger counts what the public
log determines — Santiago de Cuba's screens and supply, Goa's ducats — and equals the truth after
every action of whole games; the strong player's information set holds those counted values, and
what the log does not determine (Goa's hands and deck order, the random generator) changes
neither the information set nor the decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import GAMES
from engine.ai import player, seat_view
from engine.core import Rng
from engine.goa import ledger as goa_ledger
from engine.santiago import ledger as santiago_ledger
from engine.search import Budget, adapter, sample_world
from engine.search_parts import PublicRecord

SEATS = ["p0", "p1", "p2", "p3"]


def game(
    game_id: str, seed: int, kinds: list[str], options: dict[str, Any] | None = None, seats: list[str] = SEATS
) -> Iterator[tuple[Any, Any, list[Any], str, list[Any]]]:
    """(first state, state, every event so far, seat to act, its legal moves) before each action
    of a game between computer players of ``kinds``."""
    rules = GAMES[game_id]
    first = state = rules.new(seats, seed, **(options or {}))
    bots = {s: player(game_id, kinds[i % len(kinds)], seed * 10 + i) for i, s in enumerate(seats)}
    events: list[Any] = []
    step = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[step % len(rules.to_act(state))]
        legal = rules.legal(state, seat)
        yield first, state, events, seat, legal
        state, new = rules.apply(state, seat, bots[seat].choose(rules.view(state, seat), legal))
        events = [*events, *new]
        step += 1
    yield first, state, events, seat, []


SANTIAGO_GAMES = [
    (1, ["heuristic"], {}, SEATS),
    (2, ["random"], {}, SEATS),
    (3, ["random", "heuristic"], {}, SEATS[:3]),
    (4, ["random"], {"harbour_master": "printed"}, SEATS[:2]),
]


@pytest.mark.parametrize(("seed", "kinds", "options", "seats"), SANTIAGO_GAMES)
def test_the_santiago_ledger_is_every_screen_and_the_supply(seed, kinds, options, seats):
    rules = GAMES["santiago"]
    checked = 0
    buildings_used: set[str] = set()
    for first, state, events, _seat, _ in game("santiago", seed, kinds, options, seats):
        observer = seats[checked % len(seats)]  # each seat counts from what it was shown
        counted = santiago_ledger.track(PublicRecord.of(rules, first, observer, events))
        for s in seats:
            p = state["players"][s]
            assert counted["players"][s] == {"pesos": p["pesos"], "vp": p["vp"], "goods": p["goods"]}, (
                f"seed {seed}, action {checked}, {s} as {observer} counts it"
            )
        assert counted["supply"] == state["supply"]
        buildings_used |= {e.data["building"] for e in events if e.kind == "use"}
        checked += 1
    assert checked > 100
    if seed == 2:  # a random game goes through most buildings' uses
        assert len(buildings_used) >= 8


GOA_GAMES = [
    (1, ["heuristic"], {}, SEATS),
    (2, ["random"], {}, SEATS),
    (3, ["random", "heuristic"], {"head_start": True}, SEATS[:3]),
    (4, ["heuristic", "random"], {"revision": 2}, SEATS[:2]),
]


@pytest.mark.parametrize(("seed", "kinds", "options", "seats"), GOA_GAMES)
def test_the_goa_ledger_is_every_seats_ducats(seed, kinds, options, seats):
    rules = GAMES["goa"]
    checked = 0
    kinds_seen: set[str] = set()
    for first, state, events, _, _ in game("goa", seed, kinds, options, seats):
        observer = seats[checked % len(seats)]
        counted = goa_ledger.track(PublicRecord.of(rules, first, observer, events))["ducats"]
        assert counted == {s: p.ducats for s, p in zip(state.seats, state.players, strict=True)}, (
            f"seed {seed}, action {checked}, as {observer} counts it"
        )
        kinds_seen |= {e.kind for e in events if goa_ledger.ducat_change(e.to_dict())}
        checked += 1
    assert checked > 150
    assert {"gain", "bid_accepted"} <= kinds_seen


def test_a_ledger_reads_only_the_events_shown_to_its_seat() -> None:
    rules = GAMES["goa"]
    first = rules.new(SEATS, 5)
    for _, _, events, _, _ in game("goa", 5, ["heuristic"]):
        private = [e for e in events if e.visible_to is not None and "p0" not in e.visible_to]
        if private:  # cards dealt into another seat's hand
            break
    else:
        raise AssertionError("no card was dealt to a hand in the whole game")
    record = PublicRecord.of(rules, first, "p0", events)
    assert all(e["visible_to"] is None or "p0" in e["visible_to"] for e in record.events)
    assert len(record.events) < len(events)


def with_record(game_id: str, first: Any, state: Any, events: list[Any], seat: str) -> dict[str, Any]:
    return seat_view(game_id, "strong", state, seat, PublicRecord.of(GAMES[game_id], first, seat, events))


def test_the_santiago_information_set_holds_the_counted_screens_and_nothing_is_drawn_but_the_dice():
    rules, ad = GAMES["santiago"], adapter("santiago")
    looked = 0
    for n, (first, state, events, seat, legal) in enumerate(game("santiago", 6, ["heuristic"])):
        if n % 11 or len(legal) < 2:
            continue
        view = with_record("santiago", first, state, events, seat)
        known = view["known"]
        assert known["supply"] == state["supply"]
        for s in SEATS:
            truth = state["players"][s]
            assert (known["players"][s]["pesos"], known["players"][s]["vp"]) == (truth["pesos"], truth["vp"])
            assert known["players"][s]["goods"] == truth["goods"]
        world = sample_world(ad, rules, known, seat, legal, n)
        assert world["players"] == {
            s: {**state["players"][s], "vp_by": world["players"][s]["vp_by"]} for s in SEATS
        }
        # the one truly hidden thing — the random generator — changes neither the set nor the move
        other = rules.load(rules.dump(state))
        other["rng"] = Rng(other["rng"] ^ 0xABCDEF).next64()
        again = with_record("santiago", first, other, events, seat)
        assert again == view
        if looked % 3 == 0:
            a = player("santiago", "strong", 3, Budget(6)).choose(view, legal)
            b = player("santiago", "strong", 3, Budget(6)).choose(again, rules.legal(other, seat))
            assert a == b
        looked += 1
    assert looked > 10


def goa_truly_hidden_changed(state: Any, seat: str) -> Any | None:
    """Another seat's hand swapped for as many cards of the deck, the deck reordered and the
    random generator moved: all a seat may not know in Goa once the ducats are counted."""
    new = state.copy()
    others = [i for i, s in enumerate(new.seats) if s != seat and new.players[i].hand]
    if not others or len(new.deck) < 2:
        return None
    p = new.players[others[0]]
    k = min(len(p.hand), len(new.deck))
    p.hand[:k], new.deck[:k] = new.deck[:k], p.hand[:k]
    new.deck.reverse()
    new.rng = Rng(new.rng ^ 0x1234567).next64()
    return new


def test_the_goa_information_set_holds_the_counted_ducats_and_the_hidden_rest_changes_nothing():
    rules, ad = GAMES["goa"], adapter("goa")
    compared = 0
    for n, (first, state, events, seat, legal) in enumerate(game("goa", 7, ["heuristic"])):
        if n % 7 or len(legal) < 2:
            continue
        view = with_record("goa", first, state, events, seat)
        truth = {s: p.ducats for s, p in zip(state.seats, state.players, strict=True)}
        assert {s: p["ducats"] for s, p in zip(state.seats, view["known"]["players"], strict=True)} == truth
        world = sample_world(ad, rules, view["known"], seat, legal, n)
        assert [p.ducats for p in world.players] == [p.ducats for p in state.players]
        changed = goa_truly_hidden_changed(state, seat)
        if changed is None:
            continue
        theirs = with_record("goa", first, changed, events, seat)
        assert theirs == view
        if compared % 4 == 0:
            a = player("goa", "strong", 3, Budget(6)).choose(view, legal)
            b = player("goa", "strong", 3, Budget(6)).choose(theirs, rules.legal(changed, seat))
            assert a == b
        compared += 1
    assert compared > 10


def test_without_a_record_the_other_screens_are_still_drawn() -> None:
    """A game rebuilt from a replay base has no record: the sampler falls back to drawing."""
    rules = GAMES["santiago"]
    for n, (_, state, _, seat, _) in enumerate(game("santiago", 8, ["heuristic"])):
        if n == 40:
            known = seat_view("santiago", "strong", state, seat)["known"]
            assert known["supply"] == "hidden"
            assert all(known["players"][s]["pesos"] == "hidden" for s in SEATS if s != seat)
            assert rules.view(state, seat)
            break
