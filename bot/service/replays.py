"""A stored game's log replayed: its states rebuilt by :func:`engine.history.replay_log` (the one
replayer, shared with ``/game export``'s checks and ``tradewinds replay``).

A game's states are rebuilt from its log: from ``rules.new`` (seed, seats, options), or from
the game's replay base (:class:`bot.stores.rows.ReplayBase`: a Cuba or Santiago game begun before the
rules changed under it) with only the plays after the base. Only the plays that still count
are replayed (:func:`effective_plays`: undone plays and the undo rows left out).
"""

from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from bot.stores.protocol import GameStore
from bot.stores.rows import ActionRow, GameRow, ReplayBase
from engine import GAMES, history
from engine.core import Rules
from engine.search_parts import PublicRecord

log = logging.getLogger(__name__)


class ReplayError(Exception):
    """A log that no longer replays: the message names the action the rules refused."""


def effective_plays(actions: Iterable[ActionRow]) -> list[ActionRow]:
    """The logged plays that still count: every 'play' row not taken back by an 'undo' row."""
    actions = list(actions)
    undone = {a.undoes for a in actions if a.kind == "undo"}
    return [a for a in actions if a.kind == "play" and a.n not in undone]


def after_base(plays: Iterable[ActionRow], base: ReplayBase | None) -> list[ActionRow]:
    """The plays a replay applies: those the base does not hold already (all without a base)."""
    return [p for p in plays if base is None or p.n >= base.version]


def first_state(rules: Rules, row: GameRow, seats: list[str], base: ReplayBase | None = None) -> Any:
    """Where the log replays from: ``rules.new`` from the seed and options, or the replay
    ``base``'s state (``rules.load`` migrates an older state schema)."""
    return rules.new(seats, row.seed, **row.options) if base is None else rules.load(json.loads(base.state))


def replay_states(
    rules: Rules, row: GameRow, seats: list[str], plays: Iterable[ActionRow], base: ReplayBase | None = None
) -> Iterator[Any]:
    """Every state of the game from where its log replays (:func:`first_state`), then the
    state after each of ``plays`` the base does not hold. Raises :class:`ReplayError` naming
    the first play the rules refuse (by its log number)."""
    start = first_state(rules, row, seats, base)
    yield start
    applied = after_base(plays, base)
    try:
        for state, _ in history.replay_log(rules, start, [(p.seat or "", p.text) for p in applied]):
            yield state
    except history.ReplayError as error:
        play = applied[error.index - 1]
        raise ReplayError(f"action {play.n} ({play.seat}: {play.text!r}): {error.__cause__}") from error


def replay_state(
    rules: Rules, row: GameRow, seats: list[str], plays: Iterable[ActionRow], base: ReplayBase | None = None
) -> Any:
    """The state after the last of ``plays`` (see :func:`replay_states`)."""
    return deque(replay_states(rules, row, seats, plays, base), maxlen=1)[0]


async def stored_state(store: GameStore, row: GameRow, seats: list[str]) -> Any:
    """The state of a stored game rebuilt from its log (and replay base)."""
    plays = effective_plays(await store.actions(row.id))
    base = await store.replay_base(row.id)
    return replay_state(GAMES[row.game], row, seats, plays, base)


def checked_state(rules: Rules, state_json: str | None) -> Any:
    """The state of a state cache, once the rules have shown they can read it: loaded, asked
    who acts, the result, each acting seat's legal moves and the public view. Raises on a
    missing, truncated, wrong-shaped or refused cache (whatever the error)."""
    if state_json is None:
        raise ValueError("no state cache")
    state = rules.load(json.loads(state_json))
    rules.result(state)
    for seat in rules.to_act(state):
        rules.legal(state, seat)
    rules.view(state, None)
    return state


def with_events(
    rules: Rules,
    row: GameRow,
    seats: list[str],
    actions: Sequence[ActionRow],
    base: ReplayBase | None = None,
) -> list[ActionRow]:
    """A closed game's log rows with their events rebuilt by replaying the log (a closed game
    keeps no events, :func:`bot.stores.queries._compact`): each play's events are those ``rules.apply``
    gives again, an undo goes back to the replay of the plays still counting. A game with a
    replay ``base`` replays from it; the rows before the base keep the events they were stored
    with (compaction keeps those). The rows as they are when the log does not replay."""
    try:
        state = first_state(rules, row, seats, base)
        counting: list[ActionRow] = []
        rebuilt: list[ActionRow] = []
        for action in actions:
            before_base = base is not None and action.n < base.version
            if action.kind == "play":
                counting.append(action)
                if before_base:
                    rebuilt.append(action)
                    continue
                state, events = next(history.replay_log(rules, state, [(action.seat or "", action.text)]))
                kept = [e for e in action.events if e.get("kind") == "auto"]  # bot/service/autoplay.py's mark
                rebuilt.append(replace(action, events=[*kept, *(e.to_dict() for e in events)]))
            else:
                counting = [a for a in counting if a.n != action.undoes]
                if not before_base:
                    state = replay_state(rules, row, seats, counting, base)
                rebuilt.append(action)
    except Exception:
        log.exception("the log of game %s does not replay; shown as stored", row.id)
        return list(actions)
    return rebuilt


def public_record(
    rules: Rules,
    row: GameRow,
    seats: list[str],
    plays: Iterable[ActionRow],
    base: ReplayBase | None,
    seat: str,
) -> PublicRecord | None:
    """What ``seat`` has seen of the game since it began (:class:`engine.search_parts.PublicRecord`),
    the events rebuilt by replaying the plays that count — the stored events are not trusted for
    it, since a move played for a seat (autoplay) may carry marks of the bot's own. None for a game
    with a replay ``base``: what happened before it is not in the log, so nothing can be counted."""
    if base is not None:
        return None
    start = first_state(rules, row, seats)
    events = [
        e for _, new in history.replay_log(rules, start, [(p.seat or "", p.text) for p in plays]) for e in new
    ]
    return PublicRecord.of(rules, start, seat, events)
