"""Whole games between computer players: the contract, conservation of pieces, and secrecy."""

import json

import pytest

from engine.ai import player
from engine.goa import data
from engine.goa.state import colony_fields
from tests.contract import long_run, play
from tests.goa.helpers import RULES


def _invariants(s) -> None:
    rev = data.REVISIONS[s.revision]
    cards = list(s.deck) + list(s.discard)
    for p in s.players:
        assert min(p.ducats, p.ships, p.colonists, p.extra) >= 0
        assert all(0 <= r < data.ROWS for r in p.progress)
        if not rev.gifts_over_limit:  # revision 3: a tile and the first-to-row card go over it
            assert len(p.hand) <= rev.yields["expedition"][p.progress[3]]
        assert len(p.plantations) <= data.PLANTATION_SPACES
        assert all(0 <= pl[3] <= pl[2] for pl in p.plantations)
        for tile, fields in p.colonies.values():
            for (cap, kinds), f in zip(colony_fields(tile), fields, strict=True):
                assert sum(f) <= cap and all(
                    f[data.SPICE_INDEX[k]] == 0 for k in data.SPICES if k not in kinds
                )
        cards += p.hand
    assert sorted(cards) == sorted(rev.card_ids), "expedition cards were lost or duplicated"
    founded = [c[0] for p in s.players for c in p.colonies.values()]
    stacks = [t for v in s.colony_stacks.values() for t in v]
    assert sorted(founded + stacks) == sorted(t for v in rev.colony_stacks.values() for t in v)
    assert len(set(t for t in s.grid if t)) == len([t for t in s.grid if t])


def _round_trip(s) -> None:
    dumped = RULES.dump(s)
    assert json.loads(json.dumps(dumped)) == dumped
    assert RULES.dump(RULES.load(dumped)) == dumped


CHUNK = long_run(80) // 4


@pytest.mark.parametrize("chunk", range(4))
def test_many_random_games_end_with_pieces_conserved(chunk):
    rounds_seen = set()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        n = 2 + seed % 3
        steps = [0]

        def check(s, steps=steps):
            steps[0] += 1
            if steps[0] % 7 == 0:
                _invariants(s)
            if steps[0] % 41 == 0:
                _round_trip(s)

        state, result, actions = play(RULES, n, seed, full_checks=False, check=check)
        _invariants(state)
        _round_trip(state)
        assert state.round == 8 and state.phase == "over"
        assert result.scores == {seat: sum(b.values()) for seat, b in result.breakdown.items()}
        rounds_seen.add(n)
    assert rounds_seen == {2, 3, 4}


@pytest.mark.parametrize("seed", range(50))
def test_full_contract_checks(seed):
    play(RULES, 2 + seed % 3, 5000 + seed, full_checks=True)


@pytest.mark.parametrize("seed", range(4))
def test_heuristic_games(seed):
    _, result, _ = play(RULES, 2 + seed % 3, seed, kind="heuristic", full_checks=False, check=_invariants)
    assert max(result.scores.values()) > 0


def _with_other_secrets(s, j):
    """The same table with seat ``j``'s ducats and hand (same size) replaced."""
    v = s.copy()
    p = v.players[j]
    p.ducats += 17
    k = len(p.hand)
    if k and len(v.deck) >= k:
        p.hand, v.deck[:k] = v.deck[:k], p.hand
    return v


@pytest.mark.parametrize("seed", range(16))
def test_views_and_others_choices_do_not_depend_on_hidden_money_or_cards(seed):
    n = 2 + seed % 3
    seats = [f"p{i}" for i in range(n)]
    s = RULES.new(seats, 900 + seed)
    bots = {x: player("goa", "random", seed * 7 + i) for i, x in enumerate(seats)}
    step = 0
    own_view_changed = 0
    while RULES.result(s) is None:
        seat = RULES.to_act(s)[0]
        if step % 3 == 0:
            for j, secret_seat in enumerate(seats):
                v = _with_other_secrets(s, j)
                for looker in [None, *seats]:
                    if looker != secret_seat:
                        assert RULES.view(v, looker) == RULES.view(s, looker), (step, looker)
                    else:
                        own_view_changed += RULES.view(v, looker) != RULES.view(s, looker)
                if seat != secret_seat or not RULES.private_choices(s, seat):
                    assert RULES.legal(v, seat) == RULES.legal(s, seat), (step, seat)
                assert RULES.to_act(v) == RULES.to_act(s)
        view = RULES.view(s, seat)
        assert "ducats" in view["players"][seat]
        assert all("ducats" not in pv and "hand" not in pv for x, pv in view["players"].items() if x != seat)
        s, events = RULES.apply(s, seat, bots[seat].choose(view, RULES.legal(s, seat)))
        for e in events:
            if e.kind == "cards_received":
                assert e.visible_to == (e.seat,)
            if e.visible_to is None:
                assert "cards" not in e.data or e.kind in ("colony_attempt", "supply_drawn")
        step += 1
    assert own_view_changed > 0  # the check above compares views that really differ in secrets


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_apply_never_changes_the_state_it_was_given(kind):
    """``apply`` copies only the seats it touches, so check every step of many games."""
    for seed in range(20):
        n = 2 + seed % 3
        seats = [f"p{i}" for i in range(n)]
        s = RULES.new(seats, 3000 + seed)
        bots = {x: player("goa", kind, seed + i) for i, x in enumerate(seats)}
        while RULES.result(s) is None:
            seat = RULES.to_act(s)[0]
            before = RULES.dump(s)
            new, _ = RULES.apply(s, seat, bots[seat].choose(RULES.view(s, seat), RULES.legal(s, seat)))
            assert RULES.dump(s) == before
            s = new


def test_computer_players_handle_the_first_editions_choices():
    """Heuristic and random seats through whole revision-3 games with the head start: they
    choose the head start, Quilon and Madras tiles, shed cards over the hand limit, sell spices,
    take Re-supply in one kind, and never play two cards in one action."""
    seen: dict[str, int] = {}
    for seed in range(6):
        n = 2 + seed % 3
        seats = [f"p{i}" for i in range(n)]
        s = RULES.new(seats, 7000 + seed, head_start=True)
        bots = {x: player("goa", ("heuristic", "random")[i % 2], seed + i) for i, x in enumerate(seats)}
        while RULES.result(s) is None:
            seat = RULES.to_act(s)[0]
            before = s.card_played
            s, events = RULES.apply(s, seat, bots[seat].choose(RULES.view(s, seat), RULES.legal(s, seat)))
            played = [e for e in events if e.kind == "card_played"]
            assert len(played) <= 1 and not (before and played)
            for e in events:
                seen[e.kind] = seen.get(e.kind, 0) + 1
        _invariants(s)
    for kind in ("head_start_markers", "colony_chosen", "card_discarded", "card_played", "spice_sold"):
        assert seen.get(kind, 0) > 0, kind


def test_the_heuristic_sells_its_surplus_spices_after_a_harvest():
    """Revision 3: the heuristic keeps the spice sale out of its turn and plays it after the
    harvest, selling the spices its next advances do not want; then the turn passes."""
    from engine.goa.ai import HeuristicPlayer
    from tests.goa.helpers import act, at_actions, card_id

    s = at_actions()
    p0 = s.players[0]
    p0.hand = [card_id("sell")]
    p0.plantations.append(["a6", data.SPICE_INDEX["pepper"], 3, 2])
    ducats = p0.ducats
    assert f"play {card_id('sell')}" in [str(a) for a in RULES.legal(s, "p0")]
    bot = HeuristicPlayer(5)
    assert bot.choose(dict(RULES.view(s, "p0")), RULES.legal(s, "p0")).kind != "play"
    s, _ = act(s, "p0", "harvest")
    s, _ = act(s, "p0", "spice pepper")
    assert s.pending == [{"kind": "after", "seat": 0}]
    sold = 0
    while RULES.to_act(s) == ["p0"]:
        s, events = RULES.apply(s, "p0", bot.choose(dict(RULES.view(s, "p0")), RULES.legal(s, "p0")))
        sold += sum(1 for e in events if e.kind == "spice_sold")
    assert sold > 0 and s.players[0].hand == [] and s.players[0].ducats == ducats + 3 * sold
    assert sum(pl[3] for pl in s.players[0].plantations) == 3 - sold
