"""Who is called how, and when: a mention, a DM, both or neither (``/game notify``), never during
a person's quiet hours or vacation (:mod:`bot.service.hours`) — such a call is *held* (a ``held`` timer)
and made when the pause ends, if it is still their turn; a computer player stands in for a person
on vacation who asked for one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service import hours
from bot.stores.rows import GameRow, LiveMessages, SeatRow, UserPrefs
from bot.texts import t

if TYPE_CHECKING:
    from bot.service.tables import Table
    from bot.stores.protocol import GameStore

#: The ways that mention in the channel, and those that send a DM.
MENTION = ("mention", "both")
DM = ("dm", "both")


async def prefs(store: GameStore, table: Table) -> dict[int, UserPrefs]:
    """The preferences of every person seated at ``table``."""
    users = [s.user_id for s in table.seats if s.user_id is not None and not s.is_bot]
    return await store.prefs_of(users) if users else {}


@dataclass(frozen=True)
class Reach:
    """How the people of one table may be called at one moment: their preferences (``found``),
    the moment (``now``), the seats a computer player stands in for (``stand``) and the people
    to act whom a call may reach (``acting``: not computer players, not stood in for). Worked
    out once per change (:func:`reach`) and handed to every line that calls someone."""

    found: dict[int, UserPrefs]
    now: float
    stand: dict[str, str]
    acting: tuple[SeatRow, ...] = ()

    @classmethod
    def of(cls, table: Table, found: dict[int, UserPrefs], now: float) -> Reach:
        """The reach of ``table``'s people from preferences read already."""
        stand = stand_ins(table, found, now)
        return cls(found, now, stand, tuple(called(table, table.rules.to_act(table.state), stand)))

    def pref(self, user_id: int | None) -> UserPrefs | None:
        """The person's preferences (None: never set)."""
        return self.found.get(user_id or 0)


async def reach(store: GameStore, table: Table, now: float) -> Reach:
    """The reach of ``table``'s people at ``now``: their preferences read once."""
    return Reach.of(table, await prefs(store, table), now)


def stand_ins(table: Table, found: dict[int, UserPrefs], now: float) -> dict[str, str]:
    """seat → the kind of computer player standing in for its person, who is on vacation."""
    stand: dict[str, str] = {}
    for seat in table.seats:
        if seat.is_bot or seat.user_id is None:
            continue
        pref = found.get(seat.user_id)
        if pref is not None and pref.stand_in and pref.away(now):
            stand[seat.seat] = pref.stand_in
    return stand


def paused(pref: UserPrefs | None, now: float) -> float | None:
    """When a paused person may be called again (None: they may be now)."""
    return hours.paused_until(pref, now) if pref is not None else None


def mentioned(users: Iterable[int], found: dict[int, UserPrefs], now: float) -> list[int]:
    """Of ``users``, those a new turn message may mention now."""
    return [
        u for u in users if found.get(u, UserPrefs()).notify in MENTION and paused(found.get(u), now) is None
    ]


def called(table: Table, seats: Iterable[str], stand: Mapping[str, str]) -> list[SeatRow]:
    """The people among ``seats`` to call: not computer players, not stood in for (``stand``)."""
    rows = [table.seat(s) for s in seats]
    return [r for r in rows if not r.is_bot and r.user_id is not None and r.seat not in stand]


def clock_lines(table: Table, reach: Reach, since: float, lang: str | None = None) -> list[str]:
    """When the turn clock of each person to act runs out (each reader sees their own time),
    in ``lang`` (the game's by default); none without a clock."""
    clock_s = table.row.clock_s
    if not clock_s:
        return []
    out = []
    for row in reach.acting:
        due = hours.deadline(reach.pref(row.user_id) or UserPrefs(), since, clock_s)
        out.append(t("clock_runs_out", lang or table.lang, name=row.name, when=hours.stamp(due)))
    return out


def board_link(row: GameRow, live: LiveMessages) -> str:
    """A link to the game's board: its live turn message (or picture), else its channel."""
    guild = row.guild_id if row.guild_id is not None else "@me"
    message = live.turn_id or live.board_id
    tail = f"/{message}" if message else ""
    return f"https://discord.com/channels/{guild}/{row.channel_id}{tail}"
