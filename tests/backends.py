"""The two game stores under test: SQLite files and a real PostgreSQL server.

The PostgreSQL server is started once per test session from the ``pgserver`` wheel (PostgreSQL
16 binaries, installed by ``pip install -e '.[test]'``), on a unix socket in a temporary folder,
and stopped (and deleted) at the end. Every test that asks for a database gets a schema of its
own in one database (``CREATE SCHEMA``, named in the URL's ``search_path``), which the store
migrates when it opens it, as it would a new database — about a tenth of a second, and no
copy of PostgreSQL's catalogues per test — so tests never see each other's games.

Test modules marked ``pytest.mark.both_backends`` run every test that uses the ``database``
fixture (or the service ``env``) once per backend (``[sqlite]`` and ``[postgresql]``); other
modules run on SQLite only. When the server cannot start, every PostgreSQL test fails with one
line saying why — they are never skipped.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.config import Settings
from bot.stores.protocol import GameStore, open_store

BACKENDS = ("sqlite", "postgresql")
DATABASE = "tradewinds_tests"


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` (same server, user and socket)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


class PostgresServer:
    """The session's server: ``new_database()`` gives the URL of a fresh, empty database (a
    schema of its own, see the module docstring)."""

    def __init__(self, directory: Path) -> None:
        import pgserver

        # (As root, pgserver runs the server as its own user, which must reach the folder:
        # hence a folder of its own right under the system's temporary folder.)
        self.server = pgserver.get_server(directory, cleanup_mode="delete")
        self._names = itertools.count(1)
        # The server is a throwaway: no waiting for the disk (crashes under test are the bot
        # process's, never the server's).
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            self.server.psql(f"ALTER SYSTEM SET {setting} = off;")
        self.server.psql("SELECT pg_reload_conf();")
        self.server.psql(f"CREATE DATABASE {DATABASE};")
        self.url = with_database(self.server.get_uri(), DATABASE)

    async def new_database(self, prefix: str = "t") -> str:
        """The URL of an empty database of the test's own (the store migrates it on opening)."""

        return await new_schema(self.url, f"{prefix}{next(self._names)}")

    def stop(self) -> None:
        """Stop the server at once (SIGQUIT: PostgreSQL's immediate shutdown — a throwaway
        server needs no last checkpoint), then delete its folder."""
        pid = self.server.get_pid()
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGQUIT)
            for _ in range(200):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.05)
        self.server.cleanup()


async def new_schema(url: str, name: str) -> str:
    """The URL of the database at ``url`` seen through a new, empty schema ``name``."""
    import asyncpg

    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return f"{url}&search_path={name}"


class OwnPostgres:
    """A PostgreSQL server of one test module's own, which its tests stop and start again (an
    outage): the session's server is never stopped under the other tests."""

    def __init__(self, directory: Path) -> None:
        import pgserver

        self.server = pgserver.get_server(directory, cleanup_mode="delete")
        self.server.psql(f"CREATE DATABASE {DATABASE};")
        self.url = with_database(self.server.get_uri(), DATABASE)
        self._names = itertools.count(1)

    async def new_database(self) -> str:
        """The URL of an empty database (a schema of its own, as :class:`PostgresServer`'s)."""

        return await new_schema(self.url, f"own{next(self._names)}")

    def stop(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``: every connection is closed) and wait until
        it is gone."""
        from pgserver._commands import pg_ctl

        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.server.pgdata, user=self.server.system_user)

    def start(self) -> None:
        """Start it again, on the same socket (the URL does not change)."""
        self.server.ensure_postgres_running()
        assert with_database(self.server.get_uri(), DATABASE) == self.url

    def close(self) -> None:
        self.server.cleanup()


def start_own_postgres() -> OwnPostgres:
    try:
        return OwnPostgres(Path(tempfile.mkdtemp(prefix="tradewinds-own-pg-")))
    except Exception as error:  # noqa: BLE001  (any reason: one line, and the tests fail)
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        pytest.fail(f"a PostgreSQL test server (pgserver) did not start: {first}", pytrace=False)


def start_postgres() -> PostgresServer:
    try:
        return PostgresServer(Path(tempfile.mkdtemp(prefix="tradewinds-pg-")))
    except Exception as error:  # noqa: BLE001  (any reason: one line, and the tests fail)
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        pytest.fail(f"the PostgreSQL test server (pgserver) did not start: {first}", pytrace=False)


@dataclass
class Database:
    """Where one test's games live: a SQLite file or a PostgreSQL database URL."""

    backend: str
    target: str

    @property
    def settings(self) -> dict[str, str | None]:
        """The :class:`~bot.config.Settings` fields that point at it."""
        if self.backend == "postgresql":
            return {"database_url": self.target}
        return {"database_path": self.target, "database_url": None}

    async def open(self) -> GameStore:
        return await open_store(Settings(**self.settings))

    @property
    def env(self) -> dict[str, str]:
        """The environment variables that point a child process at it."""
        if self.backend == "postgresql":
            return {"DATABASE_URL": self.target}
        return {"DATABASE_PATH": self.target, "DATABASE_URL": ""}


def guild_of_shard(shard: int, count: int) -> int:
    """A guild id (a Discord snowflake) that Discord puts on ``shard`` of ``count``."""
    return ((1_000_000 * count + shard) << 22) | 12345


def integrity_errors() -> tuple[type[BaseException], ...]:
    """What each backend raises when a constraint or trigger refuses a statement."""
    import sqlite3

    import asyncpg

    return (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
