"""Every game of Santiago de Cuba ends (issue 14, item 10) — with our ruling, the default.

The rulebook (2011, The buildings: Harbormaster's office) lets the office move the value marker
one flag to the right or to the left with no limit, while the car raises it only once per lap of
the road (A. Go by car: Port, "Also important"). Seats that never deliver could then hold a ship
in the harbour for ever: the first test shows it with the printed office (the table option
``harbour_master=printed``). Our ruling (``data.HARBOURMASTER_DOWNS_PER_SHIP``: one move down per
ship, ``harbour_master=limited``) bounds every game:

* every harbour arrival of the car — a stop or a pass — raises the marker or sends the ship off
  (a delivery round that fills it), and nothing but the office lowers it;
* the marker sails the ship once it has risen 3 flags (2 → 3 → 4 → chequered) more than it was
  lowered, so a ship sails by its 3 + 1 = 4th harbour arrival;
* the car meets the harbour once every 10 steps, so a ship sails within 4 laps = 40 car steps of
  the one before, the 7th ship within 280 steps, and since every turn moves the car at least one
  step, a game lasts at most 280 turns.

The second test plays games in which every seat delays as much as the rules allow
(:class:`tests.santiago.delayer.DelayingPlayer`) and checks both the per-ship and the per-game
bound; it also checks that the delaying players reach the 4th arrival, so the bound is the real one.
"""

from __future__ import annotations

import pytest

from engine.santiago import RULES
from engine.santiago import data as d
from engine.santiago.rules.common import laps_per_ship_at_most, turns_at_most
from tests.santiago.delayer import DelayingPlayer

#: Games per player count: each takes some 30 ms.
SEEDS = 10


def delaying_game(players: int, seed: int, max_turns: int, **options: object) -> dict:
    """Play a game with a delaying player in every seat, at most ``max_turns`` turns; return
    the turns played, the harbour arrivals of each ship that sailed and the state."""
    seats = [f"p{i}" for i in range(players)]
    state = RULES.new(seats, seed, **options)
    bot = DelayingPlayer()
    turns, arrivals, per_ship = 0, 0, []
    while RULES.result(state) is None and turns < max_turns:
        seat = RULES.to_act(state)[0]
        action = bot.choose(RULES.view(state, seat), RULES.legal(state, seat))
        turns += action.kind == "drive"
        state, events = RULES.apply(state, seat, action)
        for event in events:
            if event.kind in ("harbour_pass", "harbour_stop"):
                arrivals += 1
            elif event.kind == "departure":
                per_ship.append(arrivals)
                arrivals = 0
            assert event.kind != "deliver", "a delaying player delivered"
    return {"turns": turns, "arrivals": per_ship, "state": state}


def test_with_the_printed_office_delaying_players_hold_the_first_ship_for_ever():
    assert d.HARBOURMASTER_LIMITS["printed"] is None
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = delaying_game(players, seed, max_turns=300, harbour_master="printed")
        # 300 turns are 30 laps of the car, and 30 harbour arrivals did not send ship 1 off
        assert game["turns"] == 300 and game["arrivals"] == [] and game["state"]["ship"]["number"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_delaying_players_end_every_game_within_the_bound(players):
    assert laps_per_ship_at_most() == 4 and turns_at_most() == 280
    longest, full_waits = 0, 0
    for seed in range(SEEDS):
        game = delaying_game(players, seed, max_turns=10 * turns_at_most())
        assert RULES.result(game["state"]) is not None, f"seed {seed} did not end"
        assert len(game["arrivals"]) == d.SHIPS
        assert max(game["arrivals"]) <= laps_per_ship_at_most()
        assert game["turns"] <= turns_at_most()
        longest = max(longest, game["turns"])
        full_waits += game["arrivals"].count(laps_per_ship_at_most())
    # the delaying players do hold ships to the limit: the bound is reached, not just respected
    assert full_waits >= SEEDS * d.SHIPS // 2 and longest > 200
