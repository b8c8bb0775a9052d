"""Games saved before rules revision 2 (``fixtures/midgame_before_issue14.json``: a 3-player game
in round 6, dumped with its log by the engine as it was before the printed values were corrected).

Such a game keeps revision 1: its save loads as revision 1 and plays to the end under revision
1's values, and its log replays to the very same state from ``new(..., revision=1)``, so undo,
the end-of-game summary and exports of old games still work (the store gives old Goa games the
option, ``bot/stores/sqlite.py`` migration 7)."""

import json
from pathlib import Path

import pytest

from engine.ai import player
from engine.core import IllegalAction
from engine.goa import data
from engine.goa.state import SCHEMA
from tests.goa.helpers import RULES
from tests.goa.test_random_games import _invariants

SAVE = json.loads((Path(__file__).parent / "fixtures" / "midgame_before_issue14.json").read_text())
#: A 3-player game in round 6 under revision 2, dumped with its log by the engine before
#: revision 3 (the 1st-edition rules) existed.
SAVE_2 = json.loads((Path(__file__).parent / "fixtures" / "midgame_revision2.json").read_text())


def _play_out(s, seed: int):
    bots = {seat: player("goa", "heuristic", seed + i) for i, seat in enumerate(s.seats)}
    moves = 0
    while RULES.result(s) is None:
        seat = RULES.to_act(s)[0]
        s, _ = RULES.apply(s, seat, bots[seat].choose(RULES.view(s, seat), RULES.legal(s, seat)))
        moves += 1
        assert moves < 5000
    return s


def test_the_save_is_the_old_schema_and_loads_as_revision_1():
    assert SAVE["state"]["schema"] == 1 and "revision" not in SAVE["state"]
    s = RULES.load(SAVE["state"])
    assert s.revision == 1 and s.passed == [] and (s.round, s.phase) == (6, "actions")
    # its colonies are revision 1's tiles: a Calicut of two fields (2 and 3)
    assert s.players[1].colonies["calicut"][0] == "calicut1"
    assert data.COLONY_TILES["calicut1"]["fields"] == ((2, data.SPICES), (3, data.SPICES))
    _invariants(s)
    dumped = RULES.dump(s)
    assert dumped["schema"] == SCHEMA == 3 and dumped["revision"] == 1
    assert RULES.dump(RULES.load(json.loads(json.dumps(dumped)))) == dumped


def test_its_log_replays_to_the_same_state_under_revision_1():
    s = RULES.new(SAVE["seats"], SAVE["seed"], revision=1)
    for seat, text in SAVE["plays"]:
        s, _ = RULES.apply(s, seat, RULES.parse(s, seat, text))
    assert RULES.dump(s) == RULES.dump(RULES.load(SAVE["state"]))


def test_under_todays_revision_the_same_log_breaks_off_or_goes_elsewhere():
    """Why an old game must keep revision 1 for its replays too."""
    s = RULES.new(SAVE["seats"], SAVE["seed"])
    try:
        for seat, text in SAVE["plays"]:
            s, _ = RULES.apply(s, seat, RULES.parse(s, seat, text))
    except IllegalAction:
        return
    assert RULES.dump(s)["players"] != SAVE["state"]["players"]


@pytest.mark.parametrize("seed", [1, 2])
def test_it_plays_to_the_end_with_computer_players_under_revision_1(seed):
    s = _play_out(RULES.load(SAVE["state"]), seed)
    _invariants(s)
    result = RULES.result(s)
    assert s.round == data.ROUNDS and s.revision == 1
    for seat, p in zip(s.seats, s.players, strict=True):
        # revision 1 scores colonies 1/2/6/10
        assert result.breakdown[seat]["colonies"] == (0, 1, 2, 6, 10)[len(p.colonies)]
    assert max(result.scores.values()) > 0


def test_a_new_game_plays_under_todays_revision_and_the_option_is_checked():
    s = RULES.new(["a", "b"], 3)
    assert s.revision == data.CURRENT == 3 and RULES.options == {"revision": 3, "head_start": False}
    assert all(t in data.COLONY_STACKS["quilon"] for t in s.colony_stacks["quilon"])
    for bad in (4, "2", True):
        with pytest.raises(Exception, match="revision option"):
            RULES.new(["a", "b"], 3, revision=bad)
    broken = RULES.dump(s) | {"revision": 9}
    with pytest.raises(ValueError, match="revision"):
        RULES.load(broken)


def test_a_revision_2_save_loads_and_its_log_replays_under_revision_2():
    assert SAVE_2["state"]["schema"] == 2 and SAVE_2["state"]["revision"] == 2
    s = RULES.load(SAVE_2["state"])
    assert s.revision == 2 and not s.card_played and (s.round, s.phase) == (6, "actions")
    _invariants(s)
    replayed = RULES.new(SAVE_2["seats"], SAVE_2["seed"], **SAVE_2["options"])
    for seat, text in SAVE_2["plays"]:
        replayed, _ = RULES.apply(replayed, seat, RULES.parse(replayed, seat, text))
    assert RULES.dump(replayed) == RULES.dump(s)
    assert RULES.dump(RULES.load(json.loads(json.dumps(RULES.dump(s))))) == RULES.dump(s)


def test_under_revision_3_the_revision_2_log_breaks_off_or_goes_elsewhere():
    s = RULES.new(SAVE_2["seats"], SAVE_2["seed"])
    try:
        for seat, text in SAVE_2["plays"]:
            s, _ = RULES.apply(s, seat, RULES.parse(s, seat, text))
    except IllegalAction:
        return
    assert RULES.dump(s)["players"] != SAVE_2["state"]["players"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_revision_2_game_plays_to_the_end_under_revision_2(seed):
    s = _play_out(RULES.load(SAVE_2["state"]), seed)
    _invariants(s)
    assert s.round == data.ROUNDS and s.revision == 2 and RULES.result(s) is not None
    # revision 2's rules to the end: its deck, its B tiles, its all-markers rows
    assert all(c in data.CARD_IDS_REVISION_2 for c in s.deck + s.discard)
    assert {t for t in s.grid if t} <= set(data.B_TILE_IDS_REVISION_2)
    assert all(r in (1, 2, 3) for p in s.players for r in p.bonus_rows)


def test_a_schema_3_save_made_before_the_card_after_an_action_plays_on():
    """A save of schema 3 from before the ``after`` decision: the action in progress in it ends
    without it, the next one asks it."""
    from tests.goa.helpers import act, at_actions, card_id

    s = at_actions()
    s.players[0].hand = [card_id("ducats")]
    s.players[0].plantations.append(["a6", data.SPICE_INDEX["pepper"], 2, 0])
    s, _ = act(s, "p0", "harvest")
    old = s.to_dict()
    old["pending"] = [p for p in old["pending"] if p["kind"] != "after"]  # as saved before
    s = RULES.load(json.loads(json.dumps(old)))
    assert s.pending == [{"kind": "spices", "seat": 0, "left": 1, "mix": False}]
    s, _ = act(s, "p0", "spice pepper")
    assert RULES.to_act(s) == ["p1"] and s.players[0].hand == [card_id("ducats")]
