"""Closed games: the end-of-game summary, ``/game export``, ``/game history``, ``/game stats`` and
``/game forget-me``.

* **Replay** — a game's states are rebuilt from its log by :mod:`bot.service.replays` (from the seed,
  or from the game's replay base, with only the plays after it).
* **Summary** — when a game ends, its log is replayed (every state from the set-up on) and
  ``engine.summary.summarise`` + ``render.summary`` draw the final scores by category and every
  player's score over the rounds; the picture goes with the final-scores message. The result is
  kept in the store (``games.result``) for the history and the stats.
* **Export** — a finished or abandoned game as ``tradewinds-<game>-<id>.json``
  (:mod:`engine.history`), posted in the channel. A running game is refused: its seed and log
  would let anyone work out hidden bids and hands.
* **History** — the channel's (or the server's) finished and abandoned games, newest first.
* **Stats** — per server and per game: games played, won and the average score of a player;
  games with computer players (any seat a computer's at the end) and abandoned games are counted
  on their own lines, never mixed into the plain figures. Only the seat's holder at the end
  counts (a seat a computer player took over is the computer's); computer seats have no stats.
  Running games do not count until they end.
* **Forget me** — the user's seats in every stored game are renamed "Former player N" and
  lose the user's id, which removes them from every stat; the logs are untouched (they name
  seats, not people), so every game still replays. A game still open keeps the seat playable
  under its name until it closes; it is rewritten in the same transaction that closes it
  (``forget_requests``, :mod:`bot.stores.sqlite`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.names import plain_names
from bot.service import autoplay, replays
from bot.service.outcome import Attachment, Outcome, PublicMessage
from bot.service.replays import after_base, effective_plays, replay_states, stored_state
from bot.service.tables import Table, Tables, clip
from bot.stores.protocol import GameStore
from bot.stores.rows import ActionRow, GameRow, PlayedSeat, ReplayBase, SeatRow, dumps
from bot.texts import t, t_count
from engine import GAMES, history
from engine.core import Event
from engine.i18n import DEFAULT, join_words

log = logging.getLogger(__name__)

#: Games per page of /game history.
HISTORY_PAGE = 10
#: /game history scopes.
SCOPES = ("channel", "server")

#: (game id, every state from the set-up to the end, seat → name, computer seats, language,
#: seat → hints used) → the summary picture as PNG bytes. The states come one at a time, as the
#: replay makes them (an iterator, read once): see :func:`_summary_png`.
SummaryRenderer = Callable[[str, Iterable[Any], dict[str, str], list[str], str, dict[str, int]], bytes]


def default_summary_renderer(
    game_id: str,
    states: Iterable[Any],
    names: dict[str, str],
    bots: list[str],
    lang: str,
    hints: dict[str, int] | None = None,
) -> bytes:
    """``render.summary(engine.summary.summarise(...))``, imported on first use (Pillow)."""
    import render
    from engine.summary import summarise

    return render.summary(summarise(game_id, states, names, bots=bots, lang=lang, hints=hints))


@dataclass
class Archive:
    """What the records read and write: the store, the clock and the summary picture."""

    store: GameStore
    clock: Callable[[], float]
    summary_renderer: SummaryRenderer

    async def replay(self, game_pk: int) -> Any:
        """The state rebuilt from the action log: from the seed, the seats and the options, or
        from the game's replay base (:meth:`bot.stores.protocol.GameStore.replay_base`)."""
        row = await self.store.game(game_pk)
        if row is None:
            raise KeyError(f"no game {game_pk}")
        seats = [s.seat for s in await self.store.seats(game_pk)]
        return await stored_state(self.store, row, seats)


# ====================================================================== the end of a game


async def game_over(archive: Archive, table: Table, message: PublicMessage) -> None:
    """A game just ended: keep its result and attach the summary picture to ``message`` (the
    final-scores message). A failing picture is logged; the message goes out without it."""
    result = table.rules.result(table.state)
    if result is None:
        return
    await archive.store.set_result(table.row.id, dumps(result.to_dict()))
    plays = await effective_log(archive, table.row.id)
    base = await archive.store.replay_base(table.row.id)
    seats = [s.seat for s in table.seats]
    hints = await archive.store.hints_used(table.row.id)
    try:
        png = await asyncio.to_thread(
            _summary_png,
            archive.summary_renderer,
            table.row,
            seats,
            plays,
            base,
            plain_names(table.names),  # drawn, not read as markdown
            table.bots,
            hints,
        )
    except Exception:  # the scores are in the text; the picture is a bonus
        log.exception("drawing the summary of game %s failed", table.row.id)
        return
    message.attachments.append(Attachment("summary.png", png))


def _summary_png(
    draw: SummaryRenderer,
    row: GameRow,
    seats: list[str],
    plays: Sequence[ActionRow],
    base: ReplayBase | None,
    names: dict[str, str],
    bots: list[str],
    hints: dict[str, int],
) -> bytes:
    """Replay the game (in a worker thread: it is all computation) and draw its summary.

    The states go to ``draw`` one at a time, as the replay makes them: the summary reads each
    once (its round's scores, and the last one's result). Listed first, a whole game's states —
    a few hundred full states at once — were the largest allocation of a bot's life (about
    2 MiB at every finished game): Python's allocator took new arenas for it, and the few
    long-lived objects born meanwhile kept them mapped after the states were freed, so the
    resident size crept up with every finished game (``bench/memory.py --only closed``)."""
    states = replay_states(GAMES[row.game], row, seats, plays, base)
    return draw(row.game, states, names, bots, row.language, hints)


async def effective_log(archive: Archive, pk: int) -> list[ActionRow]:
    """The plays that still count (undone ones and undo rows left out)."""
    return effective_plays(await archive.store.actions(pk))


async def result_of(archive: Archive, row: GameRow) -> dict[str, Any] | None:
    """A finished game's result (``Result.to_dict``), kept in the store; computed from the state
    (and kept) for a game that finished before results were kept. None when not finished."""
    if row.status != "finished":
        return None
    kept = await archive.store.result(row.id)
    if kept is not None:
        return json.loads(kept)
    if row.log_deleted is not None:
        return None
    _, state_json = await archive.store.state(row.id)
    rules = GAMES[row.game]
    try:  # the state cache (kept by a game closed before closed games were compacted), else replay
        state = rules.load(json.loads(state_json)) if state_json else await archive.replay(row.id)
        result = rules.result(state)
    except Exception:
        log.exception("the result of game %s cannot be rebuilt", row.id)
        return None
    if result is None:
        return None
    data = json.loads(dumps(result.to_dict()))
    await archive.store.set_result(row.id, dumps(data))
    return data


# ====================================================================== /game log

#: Log lines per page of /game log.
LOG_PAGE = 20


async def log_page(tables: Tables, channel_id: int, lang: str, page: int = 1) -> Outcome:
    """Ephemeral: the public log lines of the channel's game (its open one, else its latest) in
    the caller's language, newest page first; a closed game's events are rebuilt by replaying."""
    row = await tables.store.open_game(channel_id) or await tables.store.latest_game(channel_id)
    if row is None:
        return Outcome.refuse(t("no_game", lang))
    table = await tables.load(row)
    if row.log_deleted is not None:
        return Outcome(ephemeral=t("log_deleted", lang, title=table.rules.display_title(lang), id=row.id))
    actions = await tables.store.actions(row.id)
    if row.status not in ("lobby", "active") and row.broken is None:  # compacted: no events kept
        actions = await asyncio.to_thread(
            replays.with_events,
            table.rules,
            row,
            [s.seat for s in table.seats],
            actions,
            await tables.store.replay_base(row.id),
        )
    lines = public_log_lines(table, actions, lang)
    if not lines:
        return Outcome(ephemeral=t("log_empty", lang))
    pages = (len(lines) + LOG_PAGE - 1) // LOG_PAGE
    page = min(max(page, 1), pages)
    end = len(lines) - (page - 1) * LOG_PAGE
    chunk = lines[max(0, end - LOG_PAGE) : end]
    header = t("log_page", lang, title=table.rules.display_title(lang), page=page, pages=pages)
    return Outcome(ephemeral=clip("\n".join([header, *chunk])))


def public_log_lines(table: Table, actions: Iterable[ActionRow], lang: str = DEFAULT) -> list[str]:
    """Every public log line of the game in ``lang``, oldest first, with undos shown."""
    names = table.names
    lines: list[str] = []
    by_n = {a.n: a for a in actions}
    for a in by_n.values():
        if a.kind == "undo":
            undone = by_n.get(a.undoes or -1)
            text = undone.text if undone else "?"
            lines.append(t("undone", lang, name=table.name(a.seat or ""), text=text))
            continue
        for e in a.events:
            event = Event.from_dict(e)
            if event.visible_to is None:
                lines.append(autoplay.describe(table.rules, event, names, lang))
    return lines


# ====================================================================== /game export


def iso_time(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


async def export_data(archive: Archive, row: GameRow) -> dict[str, Any]:
    """The :mod:`engine.history` export of a stored game, names as stored now; a game with a
    replay base exports the base's state and the plays after it."""
    seats = await archive.store.seats(row.id)
    base = await archive.store.replay_base(row.id)
    plays = after_base(await effective_log(archive, row.id), base)
    return history.export_game(
        game=row.game,
        options=row.options,
        seed=row.seed,
        base=json.loads(base.state) if base is not None else None,
        seats=[{"seat": s.seat, "name": s.name, "computer": s.bot_kind if s.is_bot else None} for s in seats],
        actions=[(p.seat or "", p.text) for p in plays],
        status=row.status,
        result=await result_of(archive, row),
        exported=iso_time(archive.clock()),
    )


def export_name(row: GameRow) -> str:
    return f"tradewinds-{row.game}-{row.id}.json"


async def exported_game(archive: Archive, channel_id: int) -> GameRow | None:
    """The game ``/game export`` is about: the channel's running game, else its latest game that
    started and ended (a lobby or a lobby that expired does not hide it), else an open lobby."""
    current = await archive.store.open_game(channel_id)
    if current is not None and current.status == "active":
        return current
    ended, _ = await archive.store.closed_games(channel_id=channel_id, limit=1)
    return ended[0] if ended else current


async def export(archive: Archive, channel_id: int, user_id: int, lang: str = "en") -> Outcome:
    """Post the channel's latest game as a JSON file, once it is over."""
    row = await exported_game(archive, channel_id)
    if row is None:
        return Outcome.refuse(t("no_game", lang))
    if row.status == "lobby":
        return Outcome.refuse(t("export_not_started", lang))
    if row.status == "active":
        return Outcome.refuse(t("export_running", lang))
    if row.log_deleted is not None:
        return Outcome.refuse(
            t("export_log_deleted", lang, title=GAMES[row.game].display_title(lang), id=row.id)
        )
    data = await export_data(archive, row)
    title = GAMES[row.game].display_title(row.language)
    text = t("export_posted", row.language, title=title, id=row.id, actions=len(data["actions"]))
    file = Attachment(export_name(row), history.dumps(data).encode("utf-8"))
    return Outcome(public=[PublicMessage(channel_id, text, attachments=[file])])


# ====================================================================== /game history


async def game_history(
    archive: Archive,
    channel_id: int,
    guild_id: int | None,
    page: int = 1,
    scope: str = "channel",
    lang: str = "en",
) -> Outcome:
    """Ephemeral: one page of the channel's or the server's closed games, newest first."""
    if scope not in SCOPES:
        return Outcome.refuse(t("history_bad_scope", lang, scope=scope, scopes=", ".join(SCOPES)))
    where = {"channel_id": channel_id} if scope == "channel" else {"guild_id": guild_id}
    _, total = await archive.store.closed_games(**where, limit=0)
    if total == 0:
        return Outcome(ephemeral=t(f"history_empty_{scope}", lang))
    pages = (total + HISTORY_PAGE - 1) // HISTORY_PAGE
    page = min(max(page, 1), pages)
    rows, _ = await archive.store.closed_games(**where, limit=HISTORY_PAGE, offset=(page - 1) * HISTORY_PAGE)
    lines = [t(f"history_page_{scope}", lang, page=page, pages=pages)]
    for row in rows:
        lines.append(await history_line(archive, row, show_channel=scope == "server", lang=lang))
    return Outcome(ephemeral=clip("\n".join(lines)))


async def history_line(archive: Archive, row: GameRow, *, show_channel: bool, lang: str) -> str:
    """``#12 Cuba, <date>: Ana, Bo and Computer 1 — Ana won with 52 points``."""
    seats = await archive.store.seats(row.id)
    names = {s.seat: s.name for s in seats}
    result = await result_of(archive, row)
    if result is None:
        outcome = t("history_abandoned", lang)
    else:
        winners = [names.get(s, s) for s in result["ranking"] if result["places"].get(s, 0) == 1]
        winners = winners or [names.get(result["ranking"][0], result["ranking"][0])]
        best = result["scores"][result["ranking"][0]]
        outcome = t("history_won", lang, names=join_words(winners, lang), score=best)
    values = {
        "id": row.id,
        "title": GAMES[row.game].display_title(lang),
        "date": f"<t:{int(row.updated)}:d>",
        "players": join_words([seat_label(s, lang) for s in seats], lang),
        "outcome": outcome,
    }
    if show_channel:
        return t("history_line_server", lang, channel=f"<#{row.channel_id}>", **values)
    return t("history_line", lang, **values)


def seat_label(seat: SeatRow, lang: str) -> str:
    return t("history_computer", lang, name=seat.name) if seat.is_bot else seat.name


# ====================================================================== /game stats


@dataclass
class Tally:
    """Games played and won, and the points scored in them, of one kind of game."""

    played: int = 0
    won: int = 0
    points: int = 0

    def add(self, score: int, won: bool) -> None:
        self.played += 1
        self.won += int(won)
        self.points += score

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0


@dataclass
class GameStats:
    """One player's figures for one game on one server."""

    plain: Tally
    with_bots: Tally
    abandoned: int = 0


async def player_stats(archive: Archive, user_id: int, guild_id: int | None) -> dict[str, GameStats]:
    """game id → the figures of ``user_id`` on the server, from the stored closed games."""
    found: dict[str, GameStats] = {}
    for seat in await archive.store.played_seats(user_id, guild_id):
        stats = found.setdefault(seat.game, GameStats(Tally(), Tally()))
        if seat.status == "abandoned":
            stats.abandoned += 1
            continue
        result = await _seat_result(archive, seat)
        if result is None:
            continue
        tally = stats.with_bots if seat.with_bots else stats.plain
        tally.add(int(result["scores"][seat.seat]), result["places"].get(seat.seat) == 1)
    return found


async def _seat_result(archive: Archive, seat: PlayedSeat) -> dict[str, Any] | None:
    if seat.result is not None:
        return json.loads(seat.result)
    row = await archive.store.game(seat.game_pk)
    return await result_of(archive, row) if row is not None else None


async def stats(archive: Archive, guild_id: int | None, user_id: int, name: str, lang: str = "en") -> Outcome:
    """Ephemeral: ``user_id``'s figures on this server (every server when ``guild_id`` is None:
    asked in a DM), one block per game."""
    found = await player_stats(archive, user_id, guild_id)
    where = "" if guild_id is not None else "_everywhere"
    if not found:
        return Outcome(ephemeral=t(f"stats_none{where}", lang, name=name))
    lines = [t(f"stats_header{where}", lang, name=name)]
    for game in [g for g in GAMES if g in found]:
        lines += stats_lines(GAMES[game].display_title(lang), found[game], lang)
    return Outcome(ephemeral=clip("\n".join(lines)))


#: Languages that write a decimal comma.
DECIMAL_COMMA = ("nl",)


def decimal(value: float, lang: str) -> str:
    """``value`` with one decimal, as the language writes it (``3.5``, Dutch ``3,5``)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def stats_lines(title: str, stats: GameStats, lang: str) -> list[str]:
    lines = [f"**{title}**"]
    for key, tally in (("stats_plain", stats.plain), ("stats_with_bots", stats.with_bots)):
        if tally.played:
            lines.append(
                t(key, lang, played=tally.played, won=tally.won, average=decimal(tally.average, lang))
            )
    if stats.abandoned:
        lines.append(t("stats_abandoned", lang, count=stats.abandoned))
    return lines


# ====================================================================== /game forget-me


async def forget_me(archive: Archive, user_id: int, confirm: bool = False, lang: str = "en") -> Outcome:
    """Without ``confirm``: what would be deleted. With it: every row about the user goes — their
    seats in every stored game are renamed and lose the user's id (an open game's when it
    closes: they play it on until then), and their settings, the note that their DMs are
    closed and their votes are deleted (:meth:`bot.stores.queries.SqlStore.user_rows`) — and the
    answer says what was deleted."""
    games = await archive.store.user_games(user_id)
    rows = await archive.store.user_rows(user_id)
    if not games and not any(rows.values()):
        return Outcome(ephemeral=t("forget_nothing", lang))
    open_games = [g for g in games if g.status in ("lobby", "active")]
    closed = len(games) - len(open_games)
    if not confirm:
        closed_said = t_count("count_finished_games", lang, closed)
        open_said = t_count("count_open_games", lang, len(open_games))
        lines = [t("forget_confirm", lang, closed=closed_said, open=open_said)] if games else []
        if any(rows.values()):
            lines.append(t("forget_would", lang, items=_rows_said(rows, lang)))
        return Outcome(ephemeral="\n".join(lines))
    lines = []
    if games:
        names = {row.id: t("former_player", row.language, n="{n}") for row in games}
        done, waiting = await archive.store.forget_user(user_id, names)
        said = t_count("count_games", lang, done), t_count("count_open_games", lang, waiting)
        lines.append(t("forgotten", lang, closed=said[0], open=said[1]))
    deleted = await archive.store.user_rows(user_id, delete=True)
    if any(deleted.values()):
        lines.append(t("forgotten_rows", lang, items=_rows_said(deleted, lang)))
    return Outcome(ephemeral="\n".join(lines))


def _rows_said(rows: dict[str, int], lang: str) -> str:
    """The rows about a user outside the games that are there, as the forget-me answer lists
    them ("" when there are none)."""
    said = []
    if rows.get("users"):
        said.append(t("forget_row_settings", lang))
    if rows.get("dm_refused"):
        said.append(t("forget_row_dm", lang))
    if rows.get("replace_votes"):
        said.append(t("forget_row_votes", lang, count=rows["replace_votes"]))
    if rows.get("lobby_removed"):
        said.append(t("forget_row_removed", lang, count=rows["lobby_removed"]))
    if rows.get("decision_dms"):
        said.append(t("forget_row_dms", lang, count=rows["decision_dms"]))
    if rows.get("paused"):
        said.append(t("forget_row_paused", lang, count=rows["paused"]))
    return join_words(said, lang)
