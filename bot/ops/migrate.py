"""``tradewinds migrate-db``: copy a SQLite database into an empty PostgreSQL database.

Every table of the schema (:data:`bot.stores.queries.TABLES`) is copied row for row, ids included,
in one transaction (PostgreSQL's ``COPY``), after both databases are brought to the same schema
version; the id sequences then continue after the copied ids. A target that holds any row is
refused, so nothing is ever overwritten. Afterwards the copy is checked: the same number of
rows in every table, and every game replays from its copied log (and replay base) to exactly its
cached state — a finished game, which keeps no state, to its kept result.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.config import Settings, redact_url
from bot.stores.postgres import PgStore
from bot.stores.queries import TABLES
from bot.stores.sqlite import Store

#: Tables whose ``id`` comes from a sequence in PostgreSQL.
SEQUENCES = ("games", "timers")


class MigrationRefused(Exception):
    """The copy was not started (nothing was written): why, in one sentence."""


@dataclass
class Report:
    counts: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    differing: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differing


#: A value SQLite hands back from the store's tables (no BLOB column; NULL is passed on as None).
SqliteValue = int | float | str


def _converter(data_type: str) -> Callable[[SqliteValue], SqliteValue]:
    """The Python type asyncpg's COPY wants for a PostgreSQL column (SQLite may hand back, say,
    an integer from a REAL column)."""
    if data_type in ("bigint", "integer", "smallint"):
        return int
    if data_type in ("double precision", "real"):
        return float
    return str


async def copy_database(source: Store, target: PgStore) -> dict[str, int]:
    """Copy every table of ``source`` into ``target`` (which must be empty), in one transaction.
    Returns the rows copied per table."""
    async with target.pool.acquire() as conn, conn.transaction():
        filled = [t for t in TABLES if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {t})")]
        if filled:
            raise MigrationRefused(
                f"the target database is not empty (rows in {', '.join(filled)}); "
                "migrate-db copies into an empty database only"
            )
        counts: dict[str, int] = {}
        for table in TABLES:
            columns = [r[1] for r in await source.fetch(f"PRAGMA table_info({table})")]
            types: dict[str, str] = {
                name: data_type
                for name, data_type in await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_name = $1 AND table_schema = current_schema()",
                    table,
                )
            }
            missing = [c for c in columns if c not in types]
            if missing:
                raise MigrationRefused(f"the target's table {table} has no column {missing[0]}")
            convert = [_converter(types[c]) for c in columns]
            rows = await source.fetch(f"SELECT {', '.join(columns)} FROM {table}")
            records = [
                tuple(None if value is None else fn(value) for fn, value in zip(convert, r, strict=True))
                for r in rows
            ]
            if records:
                await conn.copy_records_to_table(table, records=records, columns=columns)
            counts[table] = len(records)
        for table in SEQUENCES:
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                f"FROM {table}"
            )
    return counts


async def check_copy(source: Store, target: PgStore, counts: dict[str, int], report: Report) -> None:
    """The same number of rows on both sides, and every game replaying to its cached state (a
    finished game, which keeps none, to its kept result)."""
    from bot.service.front import GameService  # the replay of a stored game

    for table, count in counts.items():
        copied = (await target.fetch(f"SELECT COUNT(*) FROM {table}"))[0][0]
        if copied != count:
            raise MigrationRefused(f"{table}: {count} rows in the source but {copied} in the target")
    service = GameService(target, Settings(), renderer=lambda game, view: b"")
    from engine import GAMES

    for row in await target.games(("active", "finished", "abandoned")):
        if row.log_deleted is not None:
            continue  # KEEP_FINISHED_DAYS deleted its log: nothing to replay
        rules = GAMES[row.game]
        expected: object  # JSON as stored
        replayed: object  # JSON-shaped, as the replay gives it
        _, state_json = await target.state(row.id)
        if state_json is not None:
            expected, replayed = json.loads(state_json), rules.dump(await service.replay(row.id))
        else:  # a closed game keeps no state: its kept result is what the log must lead to
            kept = await target.result(row.id)
            if row.status != "finished" or kept is None:
                continue
            result = rules.result(await service.replay(row.id))
            expected, replayed = json.loads(kept), result.to_dict() if result is not None else None
        if json.loads(json.dumps(replayed)) == expected:
            report.replayed += 1
        else:
            report.differing.append(row.id)


async def migrate_database(source_path: str, target_url: str) -> Report:
    """Copy the SQLite file at ``source_path`` into the PostgreSQL database at ``target_url``
    and check the copy. Raises :class:`MigrationRefused` when it cannot start."""
    if not Path(source_path).is_file():
        raise MigrationRefused(f"there is no SQLite database at {source_path}")
    source = await Store.open(source_path)
    try:
        target = await PgStore.open(target_url, pool_size=2)
        try:
            report = Report()
            report.counts = await copy_database(source, target)
            await check_copy(source, target, report.counts, report)
            return report
        finally:
            await target.close()
    finally:
        await source.close()


def describe(source_path: str, target_url: str, report: Report) -> list[str]:
    """What ``tradewinds migrate-db`` prints."""
    counts = ", ".join(f"{table} {n:,}" for table, n in report.counts.items())
    lines = [f"Copied {source_path} to {redact_url(target_url)}: {counts}."]
    if report.ok:
        checked = f"{report.replayed} game{'' if report.replayed == 1 else 's'} checked"
        lines.append(f"Every game replays to its cached state or kept result ({checked}).")
    else:
        ids = ", ".join(str(pk) for pk in report.differing)
        if len(report.differing) == 1:
            games = "1 game does not replay to its"
        else:
            games = f"{len(report.differing)} games do not replay to their"
        lines.append(f"{games} cached state or kept result (ids {ids}); {report.replayed} do.")
    return lines
