"""What the service needs from game storage: the :class:`GameStore` protocol.

``GameService`` types its store against this protocol, not against the SQLite
:class:`bot.store.Store`, so that running the games on PostgreSQL (several bot processes, one
database — see "Running past one process" in the README) is one new module implementing these
methods with the same guarantees:

* ``append_action`` is atomic and version-checked: it writes the action row, the state cache,
  the status and the timer changes in one transaction, and returns ``None`` (writing nothing)
  when the game's version is no longer ``expected_version`` — that is what keeps an action from
  being applied twice when two processes race;
* ``claim_timer`` succeeds for exactly one caller (a ``DELETE ... RETURNING`` in PostgreSQL);
* rows come back as the plain dataclasses of :mod:`bot.store` (``GameRow``, ``SeatRow``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from bot.store import ActionRow, GameRow, SeatRow, TimerPlan, TimerRow


@runtime_checkable
class GameStore(Protocol):
    async def close(self) -> None: ...

    # games
    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        host_name: str,
        now: float,
        reminder_s: int,
        clock_s: int | None,
        timers: TimerPlan | None = None,
        language: str = "en",
    ) -> int: ...
    async def game(self, pk: int) -> GameRow | None: ...
    async def open_game(self, channel_id: int) -> GameRow | None: ...
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    async def games(self, statuses: Iterable[str] = ...) -> list[GameRow]: ...
    async def state(self, pk: int) -> tuple[int, str | None]: ...
    async def start_game(
        self, pk: int, state_json: str, now: float, timers: TimerPlan | None = None
    ) -> bool: ...
    async def set_status(
        self, pk: int, status: str, now: float, *, only_from: Iterable[str] = ...
    ) -> bool: ...
    async def set_public_message(self, pk: int, message_id: int | None, text: str | None = None) -> None: ...
    async def public_message(self, pk: int) -> tuple[int | None, str | None]: ...
    async def set_game_settings(self, pk: int, *, reminder_s: int, clock_s: int | None) -> None: ...

    # seats and users
    async def seats(self, pk: int) -> list[SeatRow]: ...
    async def add_seat(
        self, pk: int, *, user_id: int | None, name: str, bot_kind: str | None = None, max_seats: int
    ) -> SeatRow | None: ...
    async def remove_seat(self, pk: int, seat: str) -> bool: ...
    async def seat_to_bot(self, pk: int, seat: str, kind: str) -> bool: ...
    async def set_timed_out(self, pk: int, seat: str, timed_out: bool) -> None: ...

    # votes to replace a seat, rejoin (bot/seats.py)
    async def replace_voters(self, pk: int, seat: str) -> list[int]: ...
    async def add_replace_vote(
        self, pk: int, seat: str, voter_id: int, version: int, now: float
    ) -> list[int]: ...
    async def former_seat(self, pk: int, user_id: int) -> str | None: ...
    async def seat_back_to_player(self, pk: int, seat: str, user_id: int) -> bool: ...
    async def mark_dm_refused(self, user_id: int, now: float) -> None: ...
    async def dm_refused_users(self) -> set[int]: ...

    # the action log
    async def append_action(
        self,
        pk: int,
        *,
        expected_version: int,
        seat: str | None,
        text: str,
        kind: str,
        events: list[dict[str, Any]],
        state_json: str,
        status: str,
        now: float,
        undoes: int | None = None,
        timers: TimerPlan | None = None,
    ) -> int | None: ...
    async def actions(self, pk: int, *, since: int = 1) -> list[ActionRow]: ...

    # timers
    async def add_timers(self, pk: int, plan: TimerPlan) -> None: ...
    async def timers(self, pk: int | None = None) -> list[TimerRow]: ...
    async def due_timers(self, now: float) -> list[TimerRow]: ...
    async def claim_timer(self, timer_id: int) -> bool: ...
