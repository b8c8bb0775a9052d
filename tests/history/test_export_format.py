"""engine.history without the bot: an export rebuilds its game exactly, and every kind of broken
file is refused with a sentence that says what is wrong (an action by its number)."""

from __future__ import annotations

import json
import re

import pytest

import tests.bot.tinygame  # noqa: F401  (registers the tiny game)
from engine import GAMES, history
from engine.ai import player
from engine.history import ExportError


def play(game: str, players: int, seed: int, kind: str = "random") -> tuple[list[tuple[str, str]], object]:
    """A whole game between computer players: its (seat, action) log and its final state."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(game, kind, seed + i) for i, s in enumerate(seats)}
    log: list[tuple[str, str]] = []
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        state, _ = rules.apply(state, seat, action)
        log.append((seat, str(action)))
    return log, state


def export_of(
    game: str, log, state, players: int, seed: int, changes: dict | None = None, base: dict | None = None
) -> dict:
    rules = GAMES[game]
    data = history.export_game(
        game=game,
        options={},
        seed=seed,
        base=base,
        seats=[{"seat": f"p{i}", "name": f"Player {i + 1}", "computer": None} for i in range(players)],
        actions=log,
        status="finished",
        result=rules.result(state) if state is not None else None,
        exported="2026-11-23T18:00:00Z",
    )
    data.update(changes or {})
    return data


def plain(value):
    return json.loads(json.dumps(value))


@pytest.fixture(scope="module")
def tiny_game():
    log, state = play("tiny", 3, seed=7)
    return log, state


@pytest.mark.parametrize(("game", "players", "seed"), [("cuba", 2, 3), ("santiago", 3, 4), ("goa", 2, 5)])
def test_an_export_rebuilds_every_state_of_a_real_game(game, players, seed):
    log, state = play(game, players, seed)
    text = history.dumps(export_of(game, log, state, players, seed))
    export = history.loads(text)
    rules = GAMES[game]
    steps = list(history.replay(export))
    assert [s.index for s in steps] == list(range(1, len(log) + 1))
    assert [(s.seat, s.action) for s in steps] == log
    assert plain(rules.dump(steps[-1].state)) == plain(rules.dump(state))
    assert plain(rules.dump(history.final_state(export))) == plain(rules.dump(state))
    assert export["result"] == plain(rules.result(state).to_dict())
    assert "state" not in text and len(text) < 40_000  # small: the log, never a state


def test_the_format_fields(tiny_game):
    log, state = tiny_game
    export = export_of("tiny", log, state, 3, 7)
    assert list(export) == [
        "format", "version", "game", "options", "seed", "seats", "actions", "status", "result", "exported",
    ]  # fmt: skip
    assert export["format"] == "tradewinds-game" and export["version"] == 2 and "base" not in export
    assert export["seats"][0] == {"seat": "p0", "name": "Player 1", "computer": None}
    assert export["actions"][0] == {"seat": log[0][0], "action": log[0][1]}
    assert history.names(export) == {"p0": "Player 1", "p1": "Player 2", "p2": "Player 3"}
    assert history.bots(export) == []


def test_an_abandoned_game_has_no_result_and_replays_to_where_it_stopped(tiny_game):
    log, _ = tiny_game
    export = export_of("tiny", log[:5], None, 3, 7, {"status": "abandoned"})
    assert "result" not in export
    state = history.final_state(history.loads(json.dumps(export)))
    assert GAMES["tiny"].result(state) is None and len(list(history.replay(export))) == 5


def test_no_actions_gives_the_set_up(tiny_game):
    export = export_of("tiny", [], None, 3, 7, {"status": "abandoned"})
    assert history.final_state(export) == GAMES["tiny"].new(["p0", "p1", "p2"], 7)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "something-else"}, "not a game export"),
        ({"version": 3}, "export version 3 is not known"),
        ({"version": 1, "base": {"schema": 1}}, '"base" must be an object (in a file of version 2)'),
        ({"base": [1]}, '"base" must be an object'),
        ({"base": {"schema": 7}}, '"base" is not a Tiny Test Game state'),
        ({"base": GAMES["tiny"].new(["p0", "p1"], 7)}, '"base" is a game of p0, p1, not of the file'),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"seed": "7"}, '"seed" must be a whole number'),
        ({"options": []}, '"options" must be an object'),
        ({"status": "paused"}, '"status" must be one of'),
        ({"seats": [{"seat": "p0", "name": "A"}, {"seat": "p2", "name": "B"}]}, "the seats must be p0, p1"),
        ({"seats": [{"seat": "p0", "name": "A", "computer": None}]}, "is for 2 to 4 players, not 1"),
        ({"seats": "everyone"}, '"seats" must be a list'),
        ({"actions": {"p0": "bid 1"}}, '"actions" must be a list'),
        ({"options": {"rounds": 9}}, "cannot be set up with these options"),
    ],
)
def test_a_broken_file_is_refused_with_a_reason(tiny_game, change, words):
    log, state = tiny_game
    export = export_of("tiny", log, state, 3, 7, change)
    with pytest.raises(ExportError, match=re.escape(words)):
        history.final_state(history.loads(json.dumps(export)))


def test_a_version_1_file_still_replays(tiny_game):
    log, state = tiny_game
    export = export_of("tiny", log, state, 3, 7, {"version": 1})
    assert history.final_state(history.loads(json.dumps(export))) == state


def test_a_file_with_a_base_replays_only_the_actions_after_it(tiny_game):
    """A game whose rules changed while it ran (bot.stores.rows.ReplayBase): the file carries the state
    its actions replay from; the seed is not used."""
    log, state = tiny_game
    rules = GAMES["tiny"]
    base = rules.new(["p0", "p1", "p2"], 7)
    for seat, text in log[:6]:
        base, _ = rules.apply(base, seat, rules.parse(base, seat, text))
    export = history.loads(history.dumps(export_of("tiny", log[6:], state, 3, 8, base=rules.dump(base))))
    assert list(export)[:6] == ["format", "version", "game", "options", "seed", "base"]
    assert history.initial_state(export) == base
    steps = list(history.replay(export))
    assert [(s.index, s.seat, s.action) for s in steps] == [(i, *a) for i, a in enumerate(log[6:], start=1)]
    assert history.final_state(export) == state
    with pytest.raises(ExportError, match="action 1 .* not"):  # without its base: not this game
        history.final_state({k: v for k, v in export.items() if k != "base"})


def test_text_that_is_not_json_is_refused():
    with pytest.raises(ExportError, match="not JSON"):
        history.loads(b"\x89PNG not json")
    with pytest.raises(ExportError, match="not a game export"):
        history.loads("[1, 2]")


def test_an_illegal_action_is_named_by_its_number(tiny_game):
    log, state = tiny_game
    broken = list(log)
    broken[2] = (broken[2][0], "bid 99")
    export = export_of("tiny", broken, state, 3, 7)
    with pytest.raises(ExportError, match=r"action 3 \(p\d: 'bid 99'\) is not legal there"):
        list(history.replay(export))


def test_an_action_out_of_turn_is_named(tiny_game):
    log, state = tiny_game
    seat, text = log[3]
    wrong = next(s for s in ("p0", "p1", "p2") if s != seat)
    mover = [(s, a) for s, a in log]
    mover[3] = (wrong, text)
    export = export_of("tiny", mover, state, 3, 7)
    with pytest.raises(ExportError, match=r"action 4 .* not (p\d's turn|legal there)"):
        list(history.replay(export))


def test_an_action_by_no_seat_is_refused(tiny_game):
    log, state = tiny_game
    export = export_of("tiny", [("p7", "bid 1"), *log], state, 3, 7)
    with pytest.raises(ExportError, match="action 1 .* is by 'p7', not a seat"):
        history.loads(json.dumps(export))


def test_the_end_must_match_the_file(tiny_game):
    log, state = tiny_game
    with pytest.raises(ExportError, match="stop before the end"):
        list(history.replay(export_of("tiny", log[:-1], state, 3, 7)))
    with pytest.raises(ExportError, match="comes after the end of the game"):
        list(history.replay(export_of("tiny", [*log, log[-1]], state, 3, 7)))
    with pytest.raises(ExportError, match="the file says it is abandoned"):
        list(history.replay(export_of("tiny", log, state, 3, 7, {"status": "abandoned"})))
    other = export_of("tiny", log, state, 3, 7)
    other["result"] = {**other["result"], "ranking": list(reversed(other["result"]["ranking"]))}
    with pytest.raises(ExportError, match="another result"):
        history.final_state(other)
