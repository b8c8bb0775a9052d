"""The one log replayer, engine.history.replay_log: an export's replay and a stored game's replay
(bot.service.replays) rebuild the same states through it, and a log that does not replay is named by its
action (its place in the export, its log number in the store)."""

from __future__ import annotations

import json

import pytest

from bot.service.replays import ReplayError, replay_states
from bot.stores.rows import ActionRow, GameRow
from engine import GAMES, history
from tests.history.test_export_format import export_of, play


def stored(game: str, seed: int, log: list[tuple[str, str]]) -> tuple[GameRow, list[ActionRow]]:
    """The game as the store keeps it: its row and its log rows (numbered from 1)."""
    row = GameRow(
        id=1, channel_id=1, guild_id=None, game=game, options={}, seed=seed, status="active", host_id=1,
        version=len(log) + 1, created=0.0, updated=0.0, public_message_id=None, clock_s=None,
        reminder_s=3600, language="en",
    )  # fmt: skip
    return row, [play_row(n, seat, text) for n, (seat, text) in enumerate(log, 1)]


def play_row(n: int, seat: str, text: str) -> ActionRow:
    return ActionRow(game_pk=1, n=n, seat=seat, text=text, kind="play", undoes=None, created=0.0, events=[])


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_an_export_and_a_stored_log_replay_to_the_same_states(game):
    log, final = play(game, 3, seed=5)
    rules = GAMES[game]
    from_export = [step.state for step in history.replay(export_of(game, log, final, 3, 5))]
    row, rows = stored(game, 5, log)
    from_store = list(replay_states(rules, row, ["p0", "p1", "p2"], rows))[1:]
    assert len(from_export) == len(from_store) == len(log)
    dumped = [json.dumps(rules.dump(s), sort_keys=True) for s in from_store]
    assert dumped == [json.dumps(rules.dump(s), sort_keys=True) for s in from_export]
    assert dumped[-1] == json.dumps(rules.dump(final), sort_keys=True)


def test_a_log_that_does_not_replay_is_named_by_its_action():
    log, _ = play("cuba", 3, seed=8)
    broken = [*log[:4], (log[4][0], "fly to the moon"), *log[5:]]
    rules = GAMES["cuba"]
    start = rules.new(["p0", "p1", "p2"], 8)
    with pytest.raises(history.ReplayError) as raised:
        list(history.replay_log(rules, start, broken))
    assert raised.value.index == 5 and raised.value.action == "fly to the moon"
    assert raised.value.__cause__ is not None
    row, rows = stored("cuba", 8, broken)
    rows = [r if r.n != 5 else play_row(12, r.seat or "", r.text) for r in rows]
    with pytest.raises(ReplayError, match=r"^action 12 \(p\d: 'fly to the moon'\): "):
        list(replay_states(rules, row, ["p0", "p1", "p2"], rows))
