"""When a person may be called, and how long their turn clock has really run.

A user's :class:`~bot.stores.rows.UserPrefs` may name quiet hours in their own time zone (an IANA name,
read with :mod:`zoneinfo`, so summer time is followed) and a vacation that ends at a given time.
While either holds, the person is *paused*: nobody mentions or DMs them (the call is held until
the pause ends), reminders leave them out, and their turn clock does not run. Pure functions of
UNIX times; no store, no Discord.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.stores.rows import UserPrefs

#: Minutes in a day.
DAY = 24 * 60
#: A clock never looks further ahead than this for its end (a vacation is at most a year).
HORIZON_S = 400 * 86400
#: ``22:00-07:30``: quiet hours as the command takes them.
QUIET_RE = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*[-–~to ]+\s*(\d{1,2})[:.h](\d{2})\s*$")


@cache
def zone(name: str | None) -> ZoneInfo | None:
    """The time zone called ``name``; None for no name or an unknown one."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name this machine knows, sorted (for autocomplete)."""
    return tuple(sorted(available_timezones()))


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22:00-07:00"`` → (1320, 420) minutes after midnight; None when it is not that form
    or the two are equal (no quiet at all, or always)."""
    m = QUIET_RE.match(text or "")
    if not m:
        return None
    h1, m1, h2, m2 = (int(x) for x in m.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        return None
    start, end = h1 * 60 + m1, h2 * 60 + m2
    return (start, end) if start != end else None


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _tz(prefs: UserPrefs) -> ZoneInfo | None:
    return zone(prefs.time_zone)


def _local(day: date, minutes: int, tz: ZoneInfo | None) -> float:
    """The UNIX time of ``minutes`` after midnight of ``day`` in ``tz`` (UTC when None)."""
    moment = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=tz or UTC)
    return moment.timestamp()


def quiet_spans(prefs: UserPrefs, start: float, end: float) -> list[tuple[float, float]]:
    """The quiet periods that overlap [start, end), as (from, to) UNIX times, in order."""
    if prefs.quiet_from is None or prefs.quiet_to is None:
        return []
    tz = _tz(prefs)
    first = datetime.fromtimestamp(start, tz or UTC).date() - timedelta(days=1)
    spans: list[tuple[float, float]] = []
    day = first
    while True:
        begin = _local(day, prefs.quiet_from, tz)
        if begin >= end:
            break
        over = day + timedelta(days=1) if prefs.quiet_to <= prefs.quiet_from else day
        finish = _local(over, prefs.quiet_to, tz)
        if finish > start:
            spans.append((max(begin, start), min(finish, end)))
        day += timedelta(days=1)
    return spans


def quiet(prefs: UserPrefs, now: float) -> bool:
    """Whether ``now`` falls in the user's quiet hours."""
    return bool(quiet_spans(prefs, now, now + 1))


def paused_until(prefs: UserPrefs, now: float) -> float | None:
    """When the user may be called again: the end of their vacation and of the quiet hours
    they are in (whichever holds, as long as one follows the other); None when they may be
    called now."""
    moment = now
    for _ in range(4):
        later = moment
        if prefs.away(later):
            later = float(prefs.away_until or later)
        spans = quiet_spans(prefs, later, later + 1)
        if spans:
            later = quiet_spans(prefs, later, later + DAY * 60)[0][1]
        if later == moment:
            break
        moment = later
    return moment if moment > now else None


def deadline(prefs: UserPrefs, start: float, seconds: float) -> float:
    """When a turn clock of ``seconds`` started at ``start`` runs out, when it runs only while
    the user is neither on vacation nor in quiet hours."""
    moment, left = start, float(seconds)
    limit = start + HORIZON_S
    if prefs.away(moment):
        moment = float(prefs.away_until or moment)
    while left > 0 and moment < limit:
        spans = quiet_spans(prefs, moment, moment + left + DAY * 60)
        spans = [s for s in spans if s[1] > moment]
        if not spans:
            return moment + left
        begin, end = spans[0]
        if begin <= moment:
            moment = end
            continue
        run = min(left, begin - moment)
        moment += run
        left -= run
        if left > 0:
            moment = end
    return moment


def day_start(day: str, prefs: UserPrefs) -> float | None:
    """``2026-12-24`` → the UNIX time of that day's midnight in the user's zone; None when the
    text is not such a date."""
    try:
        parsed = date.fromisoformat(day.strip())
    except ValueError:
        return None
    return _local(parsed, 0, _tz(prefs))


def stamp(moment: float, style: str = "R") -> str:
    """Discord's timestamp markup: every reader sees ``moment`` in their own time (``R``:
    relative, "in 3 hours"; ``f``: date and time; ``D``: the date)."""
    return f"<t:{int(moment)}:{style}>"
