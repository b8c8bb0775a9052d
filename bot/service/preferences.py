"""Preferences: a table's settings (``/game settings``, its host's) and a person's ways of being
called (``/game notify``: mention or DM, quiet hours, vacations with a stand-in).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.config import Settings
from bot.service import computer, hours
from bot.service.outcome import Outcome, PublicMessage
from bot.service.tables import Part, Tables, kind_name, refusing
from bot.service.timers import Timers
from bot.stores.rows import NOTIFY_MODES, UserPrefs
from bot.texts import t
from engine.i18n import LANGUAGE_NAMES, LANGUAGES, join_list


class Preferences(Part):
    """``/game settings`` and ``/game notify`` (see the module docstring)."""

    def __init__(self, tables: Tables, timers: Timers, settings: Settings) -> None:
        super().__init__(tables, settings)
        self.timers = timers

    #: The game settings a host may change: the hours of reminders and clock, the language,
    #: whether the table plays a player's only choice for them (bot/service/autoplay.py), the computer
    #: level that takes over a seat and whether hints are allowed (bot/service/computer.py), the minutes
    #: after acting within which a person called again is named without a ping (bot/service/attending.py).
    SETTINGS = (
        "reminder_hours",
        "clock_hours",
        "language",
        "auto_play",
        "takeover",
        "hints",
        "at_table_minutes",
    )

    @staticmethod
    def _unknown_language(language: str, lang: str) -> str:
        """The refusal of a language we do not speak, listing ours by their own names."""
        names = join_list([f"{LANGUAGE_NAMES[code]} ({code})" for code in LANGUAGES], lang)
        return t("settings_bad_language", lang, language=language, languages=names)

    @refusing
    async def settings(self, channel_id: int, user_id: int, *, locale: Any = None, **changes: Any) -> Outcome:
        """Host only: ``reminder_hours`` (how often to remind whoever must act, > 0),
        ``clock_hours`` (the per-turn clock; 0 turns it off) and ``language`` (of the game's
        public messages: one of :data:`engine.i18n.LANGUAGES`). ``None`` leaves a setting as is;
        with no change the current settings are shown."""
        lang = await self.tables.caller_lang(user_id, locale)
        unknown = sorted(set(changes) - set(self.SETTINGS))
        if unknown:
            names = join_list(list(self.SETTINGS), lang)
            return Outcome.refuse(t("settings_unknown", lang, name=unknown[0], names=names))
        reminder_hours, clock_hours = changes.get("reminder_hours"), changes.get("clock_hours")
        language, auto_play = changes.get("language"), changes.get("auto_play")
        if language is not None and language not in LANGUAGES:
            return Outcome.refuse(self._unknown_language(language, lang))
        takeover, hints = changes.get("takeover"), changes.get("hints")
        at_table_minutes = changes.get("at_table_minutes")
        async with self.tables.at(user_id, channel_id=channel_id, need="open", seated=False, lang=lang) as at:
            table = at.table
            changing = any(
                v is not None
                for v in (reminder_hours, clock_hours, language, auto_play, takeover, hints, at_table_minutes)
            )
            if user_id != table.row.host_id and changing:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if (
                (reminder_hours is not None and reminder_hours <= 0)
                or (clock_hours is not None and clock_hours < 0)
                or (at_table_minutes is not None and not 0 <= at_table_minutes <= self.MAX_AT_TABLE_MINUTES)
            ):
                return Outcome.refuse(t("settings_bad", lang))
            if takeover is not None and computer.bot_kind(table, takeover) is None:
                return computer.unknown_kind(table, takeover, lang)
            level, allowed = await self.store.table_play(table.row.id)
            if takeover is not None or hints is not None:
                level, allowed = takeover or level, allowed if hints is None else bool(hints)
                await self.store.set_table_play(table.row.id, takeover=level, hints_allowed=allowed)
            if at_table_minutes is not None:
                await self.store.set_at_table_s(table.row.id, int(at_table_minutes * 60))
            at_table_s = await self.store.at_table_s(table.row.id)
            reminder_s = table.row.reminder_s if reminder_hours is None else int(reminder_hours * 3600)
            clock_s = table.row.clock_s if clock_hours is None else (int(clock_hours * 3600) or None)
            await self.store.set_game_settings(table.row.id, reminder_s=reminder_s, clock_s=clock_s)
            language_changed = language is not None and language != table.lang
            if language is not None and language_changed:
                await self.store.set_game_language(table.row.id, language)
            auto = table.row.auto_single if auto_play is None else bool(auto_play)
            if auto != table.row.auto_single:
                await self.store.set_auto_single(table.row.id, auto)
            row = replace(
                table.row,
                reminder_s=reminder_s,
                clock_s=clock_s,
                language=language or table.lang,
                auto_single=auto,
            )
            table = await self.tables.load(row)
        clock = t("clock_off", lang) if clock_s is None else t("hours", lang, n=round(clock_s / 3600, 2))
        reminder = t("hours", lang, n=round(reminder_s / 3600, 2))
        done = t("settings_done", lang, reminder=reminder, clock=clock, language=LANGUAGE_NAMES[table.lang])
        done += "\n" + t("settings_auto_on" if auto else "settings_auto_off", lang)
        play = t("hints_allowed" if allowed else "hints_not_allowed", lang)
        done += "\n" + t("settings_play", lang, kind=kind_name(level, lang), hints=play)
        minutes = round(at_table_s / 60, 1)
        done += "\n" + (
            t("settings_at_table", lang, minutes=f"{minutes:g}")
            if at_table_s
            else t("settings_at_table_off", lang)
        )
        public = []
        if language_changed:
            said = t("language_set", table.lang, language=LANGUAGE_NAMES[table.lang], title=table.title)
            public.append(PublicMessage(channel_id, said))
        return Outcome(ephemeral=done, public=public)

    #: The most minutes ``at_table_minutes`` takes (a person away longer is not at the table).
    MAX_AT_TABLE_MINUTES = 120

    #: The longest vacation ``/game notify`` takes, in days.
    MAX_VACATION_DAYS = 365

    async def notify(
        self,
        user_id: int,
        turn: str | None = None,
        *,
        locale: Any = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        vacation_until: str | None = None,
        stand_in: bool | None = None,
    ) -> Outcome:
        """``/game notify``: how the caller is called to their turn and reminded, in every game
        on every server (``users``, :class:`~bot.stores.rows.UserPrefs`):

        * ``turn``: ``mention`` (the default), ``dm``, ``both`` or ``none``;
        * ``time_zone``: an IANA name (``Europe/Amsterdam``), in which ``quiet`` is read;
        * ``quiet``: quiet hours ``22:00-07:00`` (``off``: none) — calls are held until they
          end and the turn clock does not run;
        * ``vacation_until``: the day one is back (``2026-12-27``, from its midnight in one's
          zone; ``off``: back now) — the seat's clock waits, calls are held;
        * ``stand_in``: whether a computer player plays one's turns meanwhile.

        Without values it says how things stand. Bad values are refused and change nothing."""
        lang = await self.tables.caller_lang(user_id, locale)
        now = self.clock()
        pref = (await self.store.prefs_of([user_id]))[user_id]
        changes: dict[str, Any] = {}
        if turn is not None:
            turn = "both" if turn == "mention+dm" else turn  # the name before migration 11
            if turn not in NOTIFY_MODES:
                ways = join_list(list(NOTIFY_MODES), lang)
                return Outcome.refuse(t("notify_unknown", lang, way=turn, ways=ways))
            changes["notify"] = turn
        if time_zone is not None:
            name = time_zone.strip()
            if hours.zone(name) is None:
                return Outcome.refuse(t("notify_bad_zone", lang, zone=name))
            changes["time_zone"] = name
        if quiet is not None:
            if quiet.strip().lower() in ("off", "none", "-", "0"):
                changes["quiet_from"] = changes["quiet_to"] = None
            else:
                span = hours.parse_quiet(quiet)
                if span is None:
                    return Outcome.refuse(t("notify_bad_quiet", lang, quiet=quiet))
                changes["quiet_from"], changes["quiet_to"] = span
        if stand_in is not None:
            changes["stand_in"] = "heuristic" if stand_in else None
        if vacation_until is not None:
            if vacation_until.strip().lower() in ("off", "none", "-", "0"):
                changes["away_until"] = None
            else:
                zoned = replace(pref, time_zone=changes.get("time_zone", pref.time_zone))
                back = hours.day_start(vacation_until, zoned)
                if back is None or back <= now or back > now + self.MAX_VACATION_DAYS * 86400:
                    return Outcome.refuse(
                        t("notify_bad_vacation", lang, day=vacation_until, days=self.MAX_VACATION_DAYS)
                    )
                changes["away_until"] = back
        if changes:
            await self.store.set_prefs(user_id, now, **changes)
            pref = replace(pref, **changes)
            if "away_until" in changes or "stand_in" in changes:
                await self._stand_in_where_due(user_id, pref)
        key = "notify_done" if changes else "notify_now"
        return Outcome(
            ephemeral="\n".join(
                [t(key, lang, way=t(f"notify_way_{pref.notify}", lang)), *self._prefs_lines(pref, lang)]
            )
        )

    def _prefs_lines(self, pref: UserPrefs, lang: str) -> list[str]:
        """The quiet hours and the vacation, as ``/game notify`` says them."""
        now = self.clock()
        zone = pref.time_zone or "UTC"
        lines = []
        if pref.quiet_from is not None and pref.quiet_to is not None:
            span = f"{hours.hhmm(pref.quiet_from)}–{hours.hhmm(pref.quiet_to)}"
            lines.append(t("notify_quiet", lang, span=span, zone=zone))
        else:
            lines.append(t("notify_no_quiet", lang, zone=zone))
        if pref.away(now):
            key = "notify_away_stand_in" if pref.stand_in else "notify_away"
            lines.append(t(key, lang, until=hours.stamp(pref.away_until or now, "f")))
        elif pref.stand_in:
            lines.append(t("notify_stand_in_ready", lang))
        return lines

    async def _stand_in_where_due(self, user_id: int, pref: UserPrefs) -> None:
        """A vacation with a stand-in begun (or changed): a computer player moves now in every
        game where it is the user's turn."""
        if not (pref.stand_in and pref.away(self.clock())):
            return
        for row in await self.store.seated_games(user_id):
            if row.status != "active":
                continue
            table = await self.tables.load(row)
            seat = table.seat_of(user_id)
            if seat is not None and seat.seat in table.rules.to_act(table.state):
                await self.timers.rearm_bot_move(row.id)
