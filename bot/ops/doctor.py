"""``tradewinds doctor [--repair]``: check a database offline (the bot stopped).

One line per problem, each saying what ``--repair`` would do about it; exit status 0 when the
file is clean, 1 when a problem is left (after ``--repair``: one it cannot fix), 2 when the file
cannot be read at all. The checks:

* ``PRAGMA integrity_check`` (SQLite's own; ``--repair`` cannot fix what it finds: restore a
  backup);
* every running game: its log replays (else ``--repair`` marks it broken — kept, refused with
  one sentence, and its host can ``/game abandon`` it), its version matches its log, and its
  state cache is the replayed state (else rebuilt from the log, the truth); a computer seat that
  is to move has its timer (else one is added). A game begun before its rules changed replays
  from its replay base (:class:`bot.stores.rows.ReplayBase`), as the bot replays it;
* every finished game whose log is kept: its kept result is the replayed one (else replaced);
* timers of games that are gone or closed, of a kind nobody runs, or lobby timers of a game that
  started (deleted);
* seats of games that are gone (deleted), and a running game whose seats are not ``p0…pN`` in
  the game's player count (marked broken: nobody could play it).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.service.replays import checked_state, effective_plays, replay_state
from bot.stores.queries import GAME_COLUMNS
from bot.stores.queries import game_row as _game_row
from bot.stores.rows import ActionRow, GameRow, ReplayBase, dumps
from bot.stores.sqlite import SCHEMA_VERSION, Store
from engine import GAMES

#: Timer kinds the service runs (``bot.service.front.TIMER_HANDLERS``), and those of a lobby only.
TIMER_KINDS = ("reminder", "lobby_warn", "lobby_expire", "clock", "bot")
LOBBY_TIMERS = ("lobby_warn", "lobby_expire")


@dataclass
class Problem:
    """One thing wrong: where, what, and what ``--repair`` does (``fix``; None: nothing)."""

    where: str
    what: str
    repair: str
    fix: Callable[[sqlite3.Connection], None] | None = None

    def line(self) -> str:
        return f"{self.where}: {self.what} — --repair {self.repair}"


def _where(row: GameRow) -> str:
    return f"game {row.id} ({row.game}, channel {row.channel_id}, {row.status})"


def _actions(conn: sqlite3.Connection, pk: int) -> list[ActionRow]:
    rows = conn.execute(
        "SELECT game_pk, n, seat, text, kind, undoes, created, events FROM actions WHERE game_pk = ? ORDER BY n",
        (pk,),
    ).fetchall()
    return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7] or "[]")) for r in rows]


def _base(conn: sqlite3.Connection, pk: int) -> ReplayBase | None:
    """Where the game's log replays from when not from its seed (a game begun before its rules
    changed, see :class:`bot.stores.rows.ReplayBase`)."""
    row = conn.execute("SELECT version, state FROM replay_bases WHERE game_pk = ?", (pk,)).fetchone()
    return ReplayBase(int(row[0]), row[1]) if row else None


def _statement(sql: str, *args: object) -> Callable[[sqlite3.Connection], None]:
    """A fix that runs one statement, its arguments bound now (not when the fix runs)."""

    def fix(conn: sqlite3.Connection) -> None:
        conn.execute(sql, args)

    return fix


def _mark_broken(pk: int, reason: str) -> Callable[[sqlite3.Connection], None]:
    return _statement("UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL", reason[:500], pk)


def check_integrity(conn: sqlite3.Connection) -> list[Problem]:
    found = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
    if found == ["ok"]:
        return []
    return [
        Problem("database", f"integrity check: {line}", "cannot fix this: restore a backup") for line in found
    ]


def check_games(conn: sqlite3.Connection, now: float) -> list[Problem]:
    problems: list[Problem] = []
    rows = [_game_row(r) for r in conn.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY id").fetchall()]
    for row in rows:
        if row.status == "active" and row.broken is None:
            problems += _check_running(conn, row, now)
        elif row.status == "finished" and row.log_deleted is None and row.broken is None:
            problems += _check_finished(conn, row)
    return problems


def _seats(conn: sqlite3.Connection, pk: int) -> list[tuple[str, int]]:
    return conn.execute(
        "SELECT seat, is_bot FROM seats WHERE game_pk = ? ORDER BY CAST(SUBSTR(seat, 2) AS INTEGER)", (pk,)
    ).fetchall()


def _check_running(conn: sqlite3.Connection, row: GameRow, now: float) -> list[Problem]:
    where = _where(row)
    rules = GAMES.get(row.game)
    if rules is None:
        reason = f"unknown game {row.game!r}"
        return [
            Problem(where, f"{reason}: nobody can play it", "marks it broken", _mark_broken(row.id, reason))
        ]
    seats = _seats(conn, row.id)
    names = [s for s, _ in seats]
    if (
        names != [f"p{i}" for i in range(len(names))]
        or not rules.min_players <= len(names) <= rules.max_players
    ):
        reason = f"seats {', '.join(names) or 'none'} do not fit the game"
        return [
            Problem(
                where,
                reason,
                "marks it broken (kept; the host can /game abandon it)",
                _mark_broken(row.id, reason),
            )
        ]
    actions = _actions(conn, row.id)
    try:
        state = replay_state(rules, row, names, effective_plays(actions), _base(conn, row.id))
    except Exception as error:
        reason = f"its log no longer replays ({type(error).__name__}: {error})"
        return [
            Problem(
                where,
                reason,
                "marks it broken (kept; the host can /game abandon it)",
                _mark_broken(row.id, reason),
            )
        ]
    problems: list[Problem] = []
    logged = len(actions) + 1
    if row.version != logged:
        problems.append(
            Problem(
                where,
                f"version {row.version}, but its log holds {len(actions)} actions",
                f"sets the version to {logged}",
                _statement("UPDATE games SET version = ? WHERE id = ?", logged, row.id),
            )
        )
    good = dumps(rules.dump(state))
    cached = conn.execute("SELECT state FROM games WHERE id = ?", (row.id,)).fetchone()[0]
    try:
        usable = json.loads(dumps(rules.dump(checked_state(rules, cached)))) == json.loads(good)
        what = "its state cache differs from its log"
    except Exception as error:
        usable, what = False, f"its state cache is unusable ({type(error).__name__})"
    if not usable:
        problems.append(
            Problem(
                where,
                what,
                "rebuilds it from the log",
                _statement("UPDATE games SET state = ? WHERE id = ?", good, row.id),
            )
        )
    bots = {s for s, is_bot in seats if is_bot}
    to_move = bots & set(rules.to_act(state))
    has_bot_timer = conn.execute(
        "SELECT 1 FROM timers WHERE game_pk = ? AND kind = 'bot'", (row.id,)
    ).fetchone()
    if to_move and not has_bot_timer and row.paused_by is None:  # a paused table waits
        problems.append(
            Problem(
                where,
                f"computer seat {sorted(to_move)[0]} is to move but has no timer",
                "adds one, due now",
                _statement(
                    "INSERT INTO timers (game_pk, kind, due, payload) VALUES (?, 'bot', ?, '{}')", row.id, now
                ),
            )
        )
    return problems


def _check_finished(conn: sqlite3.Connection, row: GameRow) -> list[Problem]:
    rules = GAMES.get(row.game)
    kept = conn.execute("SELECT result FROM games WHERE id = ?", (row.id,)).fetchone()[0]
    if rules is None or kept is None:
        return []
    names = [s for s, _ in _seats(conn, row.id)]
    try:
        plays = effective_plays(_actions(conn, row.id))
        result = rules.result(replay_state(rules, row, names, plays, _base(conn, row.id)))
    except Exception as error:
        return [
            Problem(
                _where(row),
                f"its log no longer replays ({type(error).__name__}: {error})",
                "keeps it as it is (its result and stats stay)",
            )
        ]
    replayed = dumps(result.to_dict()) if result is not None else None
    if replayed is None or json.loads(replayed) != json.loads(kept):
        return [
            Problem(
                _where(row),
                "its kept result is not the one its log gives",
                "keeps the replayed result" if replayed else "keeps it as it is",
                _statement("UPDATE games SET result = ? WHERE id = ?", replayed, row.id)
                if replayed
                else None,
            )
        ]
    return []


def check_timers(conn: sqlite3.Connection) -> list[Problem]:
    kinds = ",".join(f"'{k}'" for k in TIMER_KINDS)
    lobby = ",".join(f"'{k}'" for k in LOBBY_TIMERS)
    rows = conn.execute(
        "SELECT t.id, t.game_pk, t.kind, g.status FROM timers t LEFT JOIN games g ON g.id = t.game_pk "
        f"WHERE g.id IS NULL OR g.status IN ('finished', 'abandoned') OR t.kind NOT IN ({kinds}) "
        f"OR (t.kind IN ({lobby}) AND g.status != 'lobby') ORDER BY t.id"
    ).fetchall()
    problems = []
    for timer_id, pk, kind, status in rows:
        why = "a game that does not exist" if status is None else f"a game that is {status}"
        if kind not in TIMER_KINDS:
            why = "a kind nobody runs"
        problems.append(
            Problem(
                f"timer {timer_id} ({kind}, game {pk})",
                f"orphaned: {why}",
                "deletes it",
                _statement("DELETE FROM timers WHERE id = ?", timer_id),
            )
        )
    return problems


def check_seats(conn: sqlite3.Connection) -> list[Problem]:
    rows = conn.execute(
        "SELECT s.game_pk, COUNT(*) FROM seats s LEFT JOIN games g ON g.id = s.game_pk "
        "WHERE g.id IS NULL GROUP BY s.game_pk ORDER BY s.game_pk"
    ).fetchall()
    return [
        Problem(
            f"seats of game {pk}",
            f"{count} seats of a game that does not exist",
            "deletes them",
            _statement("DELETE FROM seats WHERE game_pk = ?", pk),
        )
        for pk, count in rows
    ]


def check(conn: sqlite3.Connection, now: float) -> list[Problem]:
    """Every problem of the open database, integrity first."""
    problems = check_integrity(conn)
    if problems:
        return problems  # the rest would read a damaged file
    return check_games(conn, now) + check_timers(conn) + check_seats(conn)


def run(path: str, *, repair: bool, now: float, say: Callable[[str], None] = print) -> int:
    """Check (and with ``repair`` fix) the database at ``path``; the exit status."""
    if not Path(path).is_file():
        say(f"no database at {path}")
        return 2
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as error:
        say(f"{path}: cannot be read as a database ({error})")
        return 2
    try:
        if version < SCHEMA_VERSION:
            if not repair:
                say(f"database: schema version {version} of {SCHEMA_VERSION} — --repair migrates it first")
                return 1
            conn.close()
            asyncio.run(_migrate(path))
            conn = sqlite3.connect(path, isolation_level=None)
        problems = check(conn, now)
        for problem in problems:
            say(problem.line())
        if not repair:
            say(f"{len(problems)} problems" if problems else "clean")
            return 1 if problems else 0
        fixes = [p.fix for p in problems if p.fix is not None]
        conn.execute("BEGIN IMMEDIATE")
        for fix in fixes:
            fix(conn)
        conn.execute("COMMIT")
        left = check(conn, now)
        say(f"repaired {len(fixes)} problems; " + (f"{len(left)} left" if left else "clean"))
        for problem in left:
            say(f"left: {problem.line()}")
        return 1 if left else 0
    finally:
        conn.close()


async def _migrate(path: str) -> None:
    store = await Store.open(path)
    await store.close()
