"""Log lines as text or as JSON (``LOG_FORMAT=json``), each line of a command with where it
happened: the guild, the shard, the game, the channel and the interaction.

The adapter binds the interaction's context when it starts handling one (:func:`bind` in
``bot.adapter.answering.answer``), the tables add the game once a command found it, the timer loop
binds each timer's game. The context lives in a :class:`contextvars.ContextVar`, so it follows a
command through every ``await`` and never leaks into another task; every log line written
meanwhile — by any module — carries it. With several shard processes, the game's id on every
line lets one follow a game from the process that received a direct message's press to the one
that played it.
"""

from __future__ import annotations

import json
import logging
import time
from contextvars import ContextVar
from typing import Any

#: What the lines of the running command or timer carry (guild, shard, game, channel,
#: interaction, command).
CONTEXT: ContextVar[dict[str, Any] | None] = ContextVar("tradewinds_log_context", default=None)

#: The values of LOG_FORMAT.
FORMATS = ("text", "json")


def bind(**values: Any) -> None:
    """Add ``values`` (None ones left out) to the context of the running command or task."""
    found = {k: v for k, v in values.items() if v is not None}
    if found:
        CONTEXT.set({**(CONTEXT.get() or {}), **found})


def context() -> dict[str, Any]:
    return dict(CONTEXT.get() or {})


class ContextFilter(logging.Filter):
    """Puts the context on each record (``record.context``) as it is handled."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.context = context()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the context's
    fields, and the exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, "context", None) or {})
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def formatter(kind: str) -> logging.Formatter:
    """The formatter of ``LOG_FORMAT``."""
    return JsonFormatter() if kind == "json" else logging.Formatter(TEXT_FORMAT)
