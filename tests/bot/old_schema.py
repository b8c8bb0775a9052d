"""A database as an older bot left it, on the test's backend: the migrations up to ``schema``
applied, the schema version recorded as that bot recorded it, then the given rows inserted
(SQL with ``?`` placeholders, as SQLite writes them). Opening the service then migrates it."""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.stores import postgres as pgstore
from bot.stores import sqlite as sqlite_store

Rows = list[tuple[str, tuple[Any, ...]]]


def dollars(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$1``, ``$2``…"""
    first, *rest = sql.split("?")
    return first + "".join(f"${i}{part}" for i, part in enumerate(rest, start=1))


def sqlite_database(path: str, schema: int, rows: Rows) -> None:
    con = sqlite3.connect(path)
    for script in sqlite_store.MIGRATIONS[:schema]:
        for statement in sqlite_store._statements(script):
            con.execute(statement)
    con.execute(f"PRAGMA user_version = {schema}")
    for sql, values in rows:
        con.execute(sql, values)
    con.commit()
    con.close()


async def postgresql_database(url: str, schema: int, rows: Rows) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        for script in pgstore.MIGRATIONS[:schema]:
            await conn.execute(script)
        await conn.execute(
            f"CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES ({schema})"
        )
        for sql, values in rows:
            await conn.execute(dollars(sql), *values)
    finally:
        await conn.close()


async def old_database(env: Any, schema: int, rows: Rows) -> None:
    """The database of ``schema`` holding ``rows``, on the backend of ``env`` (tests/bot/conftest)."""
    if env.database.backend == "postgresql":
        await postgresql_database(env.path, schema, rows)
    else:
        sqlite_database(env.path, schema, rows)
