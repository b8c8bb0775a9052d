"""Consistent copies of the SQLite database: ``tradewinds backup FILE`` and the snapshot the
store takes before it applies a migration.

Both use SQLite's online backup API (``sqlite3.Connection.backup``) in one step: the copy is
read inside one read transaction, so it is the database as of one commit — never half of a
move — and in WAL mode that read blocks no writer; the running bot goes on playing meanwhile.
The copy is written beside its target and renamed into place once SQLite's integrity check
passed, so a target file is either the old one or a whole new copy.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path


class BackupError(Exception):
    """A copy that cannot be taken (no such database, the target is the database itself…)."""


@dataclass(frozen=True)
class Copy:
    """What a backup wrote: where, the schema version it holds, its pages and bytes."""

    path: str
    schema_version: int
    pages: int
    size: int


def copy_database(source: sqlite3.Connection, target: str) -> Copy:
    """Copy the database open on ``source`` into ``target`` (replaced atomically). Used by the
    store on its own connection (the snapshot before a migration) and by :func:`backup`."""
    part = f"{target}.part"
    with contextlib.suppress(FileNotFoundError):
        os.remove(part)
    dest = sqlite3.connect(part)
    try:
        source.backup(dest, pages=-1)  # one step: one read transaction, one consistent copy
        (check,) = dest.execute("PRAGMA integrity_check").fetchone()
        if check != "ok":
            raise BackupError(f"the copy fails SQLite's integrity check: {check}")
        (version,) = dest.execute("PRAGMA user_version").fetchone()
        (pages,) = dest.execute("PRAGMA page_count").fetchone()
    except BaseException:
        dest.close()
        with contextlib.suppress(FileNotFoundError):
            os.remove(part)
        raise
    dest.close()
    os.replace(part, target)
    return Copy(target, int(version), int(pages), os.path.getsize(target))


def backup(database: str, target: str, *, overwrite: bool = False) -> Copy:
    """``tradewinds backup``: a consistent copy of the SQLite file ``database`` (the bot may be
    running) into ``target``. Refuses a missing database, a target that is the database itself
    or one of its WAL files, and an existing target unless ``overwrite``."""
    source_path = Path(database)
    if not source_path.is_file():
        raise BackupError(f"there is no database at {database}")
    target_path = Path(target)
    resolved = source_path.resolve()
    if target_path.resolve() in {resolved, Path(f"{resolved}-wal"), Path(f"{resolved}-shm")}:
        raise BackupError(f"{target} is the database itself; name another file")
    if target_path.exists() and not overwrite:
        raise BackupError(f"{target} already exists (--overwrite replaces it)")
    if target_path.parent != Path("") and not target_path.parent.is_dir():
        raise BackupError(f"there is no folder {target_path.parent}")
    # Read-only: a backup never writes to the live database (nor creates one by mistake).
    source = sqlite3.connect(f"{resolved.as_uri()}?mode=ro", uri=True)
    try:
        source.execute("PRAGMA busy_timeout=10000")
        return copy_database(source, target)
    except sqlite3.Error as error:
        raise BackupError(f"SQLite could not copy {database}: {error}") from None
    finally:
        source.close()


def snapshot_path(database: str, version: int) -> str:
    """Where the store keeps the copy it takes before migrating a database of schema version
    ``version`` (``tradewinds.db.v13.bak``: the database as version 13 left it)."""
    return f"{database}.v{version}.bak"
