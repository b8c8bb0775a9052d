"""A played game as a small file, and the game rebuilt from it (``/game export``, ``tradewinds replay``).

The file holds what makes the game and nothing derived: the game, its options and seed, the seats
(with their names and, for computer seats, the kind of player), and the *effective* action log —
every accepted action that still counts, in order (an undone action and the undo itself are left
out). The rules are deterministic given the seed, so replaying those actions from ``rules.new``
rebuilds every state of the game; no state is stored — except for a game whose rules changed
while it ran (a Cuba or Santiago game begun before issue 14's corrections): its log no longer
replays from the seed, so the file carries its *base*, the state (``rules.dump``, loaded through
``rules.load``, which brings an older state schema up to date) from which ``actions`` replay; the
actions before the base are left out.

Format (JSON, version 2)::

    {"format": "tradewinds-game", "version": 2, "game": "cuba", "options": {...}, "seed": 11,
     "base": {...rules.dump(state)...},
     "seats": [{"seat": "p0", "name": "Ana", "computer": null},
               {"seat": "p1", "name": "Computer 1", "computer": "heuristic"}],
     "actions": [{"seat": "p0", "action": "build tobacco at 2 3"}, ...],
     "status": "finished", "result": {...Result.to_dict()...}, "exported": "2026-11-23T18:00:00Z"}

``base`` is present only for such a game. Version 1 is version 2 without ``base``; both are read.
``result`` is present when the game is over; a replay checks that the actions lead to it. Loading
checks everything and raises :class:`ExportError` with a sentence saying what is wrong (for an
action: its number, 1 = the first, its seat and its text).

Pure: no I/O beyond what the caller hands in, no bot, no Pillow.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import GAMES
from engine.core import Event, IllegalAction, Result, Rules

FORMAT = "tradewinds-game"
VERSION = 2
#: Every version this program reads (1: the same without ``base``).
READS = (1, 2)
#: The statuses an exported game may have.
STATUSES = ("active", "finished", "abandoned")


class ExportError(ValueError):
    """The data is not a game this program can replay; ``str(error)`` says why."""


@dataclass(frozen=True)
class Step:
    """One replayed action: ``index`` counts from 1, ``state`` is the state after it."""

    index: int
    seat: str
    action: str
    state: Any
    events: list[Event]


# ---------------------------------------------------------------------- writing


def export_game(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    seats: Sequence[Mapping[str, Any]],
    actions: Sequence[tuple[str, str]],
    status: str,
    result: Result | Mapping[str, Any] | None,
    exported: str,
    base: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The export of one game. ``seats`` are ``{"seat", "name", "computer"}`` in seat order,
    ``actions`` (seat, action text) pairs of the effective log (after ``base`` when there is
    one: the dumped state they replay from), ``exported`` an ISO 8601 time."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
    }
    if base is not None:
        data["base"] = dict(base)
    data |= {
        "seats": [
            {"seat": s["seat"], "name": s["name"], "computer": s.get("computer") or None} for s in seats
        ],
        "actions": [{"seat": seat, "action": text} for seat, text in actions],
        "status": status,
    }
    if result is not None:
        data["result"] = result.to_dict() if isinstance(result, Result) else dict(result)
    data["exported"] = exported
    return data


def dumps(export: Mapping[str, Any]) -> str:
    """The export as the text of a ``.json`` file (UTF-8, names kept in their script)."""
    return json.dumps(export, ensure_ascii=False, indent=1) + "\n"


# ---------------------------------------------------------------------- reading


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse and check an export; :class:`ExportError` for anything that is not one."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise ExportError(f"the file is not JSON ({error})") from None
    check(data)
    export: dict[str, Any] = data  # check() proved it is a dict
    return export


def check(export: Any) -> Rules:
    """The game's rules when ``export`` is well-formed (format, version, game, seats, actions);
    :class:`ExportError` otherwise. Whether the actions are legal shows in :func:`replay`."""
    if not isinstance(export, dict) or export.get("format") != FORMAT:
        raise ExportError(f'the file is not a game export (no "format": "{FORMAT}")')
    if export.get("version") not in READS:
        raise ExportError(
            f"export version {export.get('version')!r} is not known "
            f"(this program reads {' and '.join(map(str, READS))})"
        )
    game = export.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise ExportError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    rules = GAMES[game]
    _check_fields(export)
    seats = [s["seat"] for s in export["seats"]]
    if seats != [f"p{i}" for i in range(len(seats))]:
        raise ExportError(f"the seats must be p0, p1, … in order, not {', '.join(map(str, seats))}")
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ExportError(
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {len(seats)}"
        )
    for index, entry in enumerate(export["actions"], start=1):
        if entry["seat"] not in seats:
            raise ExportError(f"action {index} ({entry['action']!r}) is by {entry['seat']!r}, not a seat")
    return rules


def _check_fields(export: Mapping[str, Any]) -> None:
    """The types of the top-level fields, the seats and the actions."""
    if not isinstance(export.get("options"), dict):
        raise ExportError('"options" must be an object')
    seed = export.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ExportError('"seed" must be a whole number')
    if export.get("status") not in STATUSES:
        raise ExportError(f'"status" must be one of {", ".join(STATUSES)}')
    if "result" in export and not isinstance(export["result"], dict):
        raise ExportError('"result" must be an object')
    if "base" in export and (export["version"] < 2 or not isinstance(export["base"], dict)):
        raise ExportError('"base" must be an object (in a file of version 2)')
    seats = export.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict)
        and isinstance(s.get("seat"), str)
        and isinstance(s.get("name"), str)
        and (s.get("computer") is None or isinstance(s.get("computer"), str))
        for s in seats
    ):
        raise ExportError('"seats" must be a list of {"seat", "name", "computer"}')
    actions = export.get("actions")
    if not isinstance(actions, list):
        raise ExportError('"actions" must be a list')
    for index, entry in enumerate(actions, start=1):
        if not (isinstance(entry, dict) and isinstance(entry.get("seat"), str)):
            raise ExportError(f'action {index} must be {{"seat", "action"}}')
        if not isinstance(entry.get("action"), str):
            raise ExportError(f'action {index} must be {{"seat", "action"}}')


# ---------------------------------------------------------------------- replaying


def names(export: Mapping[str, Any]) -> dict[str, str]:
    """seat → name as the file gives them."""
    return {s["seat"]: s["name"] for s in export["seats"]}


def bots(export: Mapping[str, Any]) -> list[str]:
    """The computer seats."""
    return [s["seat"] for s in export["seats"] if s.get("computer")]


def initial_state(export: Mapping[str, Any]) -> Any:
    """The state before the first action: the ``base`` when the file has one (``rules.load``),
    else ``rules.new`` from the seed, seats and options."""
    rules = check(export)
    seats = [s["seat"] for s in export["seats"]]
    if "base" in export:
        return _base_state(rules, export["base"], seats)
    try:
        return rules.new(seats, export["seed"], **export["options"])
    except (IllegalAction, TypeError) as error:
        raise ExportError(f"the game cannot be set up with these options: {error}") from None


def _base_state(rules: Rules, base: Mapping[str, Any], seats: list[str]) -> Any:
    """The state ``base`` holds, when it is a state of ``rules`` with the file's seats."""
    try:
        state = rules.load(base)
        scores = rules.progress(state)["scores"]
    except (IllegalAction, LookupError, TypeError, ValueError) as error:
        raise ExportError(f'"base" is not a {rules.title} state ({type(error).__name__}: {error})') from None
    if sorted(scores) != sorted(seats):
        raise ExportError(f'"base" is a game of {", ".join(sorted(scores))}, not of the file\'s seats')
    return state


class ReplayError(Exception):
    """An action of a log that does not replay: ``index`` counts from 1; the rules' own error
    is ``__cause__``."""

    def __init__(self, index: int, seat: str, action: str, why: str) -> None:
        super().__init__(f"action {index} ({seat}: {action!r}) {why}")
        self.index, self.seat, self.action = index, seat, action


def replay_log(
    rules: Rules, state: Any, actions: Iterable[tuple[str, str]], *, checked: bool = False
) -> Iterator[tuple[Any, list[Event]]]:
    """The one log replayer (an export, a stored game's log, its summary, its catch-up): every
    (seat, action text) of ``actions`` parsed and applied in order from ``state``, yielding the
    state after each and its events. ``checked``: an action after the end of the game or of a
    seat not to act is refused before the rules see it. Raises :class:`ReplayError` naming the
    first action that does not replay (the rules' error as its cause)."""
    for index, (seat, text) in enumerate(actions, start=1):
        if checked and rules.result(state) is not None:
            raise ReplayError(index, seat, text, "comes after the end of the game")
        if checked and seat not in rules.to_act(state):
            raise ReplayError(index, seat, text, f"is played when it is not {seat}'s turn")
        try:
            state, events = rules.apply(state, seat, rules.parse(state, seat, text))
        except Exception as error:
            raise ReplayError(index, seat, text, f"is not legal there: {error}") from error
        yield state, list(events)


def replay(export: Mapping[str, Any]) -> Iterator[Step]:
    """Every action of the export applied in order, from :func:`initial_state`.

    An action that is not legal at its point (not that seat's turn, or refused by the rules)
    raises :class:`ExportError` naming it. After the last action the end is checked: a
    ``finished`` export must end the game with its recorded ``result``; any other status must
    leave the game running."""
    rules = check(export)
    state = initial_state(export)
    actions = [(entry["seat"], entry["action"]) for entry in export["actions"]]
    try:
        for index, (after, events) in enumerate(replay_log(rules, state, actions, checked=True), start=1):
            seat, text = actions[index - 1]
            state = after
            yield Step(index, seat, text, state, events)
    except ReplayError as error:
        if error.__cause__ is not None and not isinstance(error.__cause__, IllegalAction):
            raise error.__cause__ from None  # a fault of the rules, not of the file
        raise ExportError(str(error)) from None
    _check_end(export, rules, state)


def _check_end(export: Mapping[str, Any], rules: Rules, state: Any) -> None:
    """The replayed end against the status and result the file records."""
    result = rules.result(state)
    if export["status"] != "finished":
        if result is not None:
            raise ExportError(f"the actions finish the game, but the file says it is {export['status']}")
        return
    if result is None:
        raise ExportError("the file says the game is finished, but its actions stop before the end")
    if "result" in export and _plain(result.to_dict()) != _plain(export["result"]):
        raise ExportError("the actions lead to another result than the one the file records")


def _plain(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def final_state(export: Mapping[str, Any]) -> Any:
    """The state after the last action (every action checked, the end too)."""
    state = None
    for step in replay(export):
        state = step.state
    return initial_state(export) if state is None else state
