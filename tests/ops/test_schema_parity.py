"""Both migration lists, applied from nothing — :data:`bot.stores.sqlite.MIGRATIONS` to a real SQLite
file, :data:`bot.stores.postgres.MIGRATIONS` to a schema of the session's real PostgreSQL server — give
the same schema: the same tables, each with the same columns in the same order, of the same
type family, NOT NULL and default, the same primary keys, and the same indexes (name, unique,
columns, partial or not). Only the types are compared by family, because the two databases
name them differently on purpose (SQLite's INTEGER holds what PostgreSQL keeps as BIGINT or
INTEGER, REAL is DOUBLE PRECISION)."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import asyncpg

from bot.stores import postgres as pgstore
from bot.stores import sqlite as store
from bot.stores.postgres import PgStore
from bot.stores.sqlite import Store

#: SQLite's declared type, and PostgreSQL's ``data_type``, → the family both mean.
FAMILIES = {
    "integer": "integer",
    "bigint": "integer",
    "smallint": "integer",
    "real": "real",
    "double precision": "real",
    "text": "text",
    "blob": "bytes",
    "bytea": "bytes",
}

#: PostgreSQL keeps its own bookkeeping of the migrations in a table (SQLite: ``user_version``).
PG_ONLY_TABLES = {"schema_version"}


def default(raw: Any) -> str | None:
    """A column default as both spell it: ``'{}'::text`` → ``'{}'``; identity columns have none."""
    if raw is None:
        return None
    text = re.sub(r"::[a-z ]+$", "", str(raw).strip())
    return text.strip("()") if re.fullmatch(r"\(?-?\d+(\.\d+)?\)?", text) else text


def where(clause: str | None) -> str | None:
    """An index's WHERE clause with spacing, parentheses, quoting and casts taken out, so that
    ``status IN ('lobby', 'active')`` and ``(status = ANY (ARRAY['lobby'::text, …]))`` compare."""
    if clause is None:
        return None
    text = clause.lower()
    text = re.sub(r"::[a-z]+(?: precision| varying)?(?:\[\])?", "", text)
    text = re.sub(r"= any \(array\[(.*?)\]\)", r"in (\1)", text)
    return re.sub(r"[\s()]", "", text)


def sqlite_schema(path: str) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        tables: dict[str, Any] = {}
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        for name in names:
            info = conn.execute(f"PRAGMA table_info({name})").fetchall()
            pk = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
            columns = [(r[1], FAMILIES[r[2].lower()], bool(r[3]) or r[1] in pk, default(r[4])) for r in info]
            indexes = {}
            for _seq, index, unique, origin, partial in conn.execute(f"PRAGMA index_list({name})"):
                if origin == "pk":
                    continue
                cols = [r[2] for r in conn.execute(f"PRAGMA index_info({index})")]
                sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
                clause = sql.split(" WHERE ", 1)[1] if partial else None
                indexes[index] = (bool(unique), cols, where(clause))
            tables[name] = {"columns": columns, "primary_key": pk, "indexes": indexes}
        return tables
    finally:
        conn.close()


async def postgres_schema(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        schema = await conn.fetchval("SELECT current_schema()")
        tables: dict[str, Any] = {}
        for (name,) in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
            schema,
        ):
            if name in PG_ONLY_TABLES:
                continue
            info = await conn.fetch(
                "SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns"
                " WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
                schema,
                name,
            )
            pk = [
                r[0]
                for r in await conn.fetch(
                    "SELECT a.attname FROM pg_index i"
                    " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
                    " WHERE i.indrelid = $1::regclass AND i.indisprimary"
                    " ORDER BY array_position(i.indkey, a.attnum)",
                    f"{schema}.{name}",
                )
            ]
            columns = [(r[0], FAMILIES[r[1]], r[2] == "NO", default(r[3])) for r in info]
            indexes = {}
            for index, unique, cols, clause in await conn.fetch(
                "SELECT c.relname, i.indisunique,"
                " ARRAY(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, o)"
                "       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.o),"
                " pg_get_expr(i.indpred, i.indrelid)"
                " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                " WHERE i.indrelid = $1::regclass AND NOT i.indisprimary",
                f"{schema}.{name}",
            ):
                indexes[index] = (unique, list(cols), where(clause))
            tables[name] = {"columns": columns, "primary_key": pk, "indexes": indexes}
        return tables
    finally:
        await conn.close()


async def test_both_migration_lists_give_the_same_schema(tmp_path, postgres_server):
    assert len(store.MIGRATIONS) == len(pgstore.MIGRATIONS)
    path = str(tmp_path / "parity.db")
    lite = await Store.open(path)
    assert await lite.schema_version() == store.SCHEMA_VERSION
    await lite.close()
    url = await postgres_server.new_database("parity")
    pg = await PgStore.open(url)
    assert await pg.schema_version() == pgstore.SCHEMA_VERSION
    await pg.close()

    on_sqlite, on_postgres = sqlite_schema(path), await postgres_schema(url)
    assert sorted(on_sqlite) == sorted(on_postgres)
    assert len(on_sqlite) >= 13
    for table in on_sqlite:
        for part in ("columns", "primary_key", "indexes"):
            assert on_sqlite[table][part] == on_postgres[table][part], (table, part)
    # what the comparison reads is really there (a parser that saw nothing would agree too)
    games = dict((c[0], c[1:]) for c in on_sqlite["games"]["columns"])
    assert games["options"] == ("text", True, "'{}'") and games["state"] == ("text", False, None)
    assert on_sqlite["games"]["indexes"]["games_one_open_per_channel"] == (
        True,
        ["channel_id"],
        "statusin'lobby','active'",
    )
