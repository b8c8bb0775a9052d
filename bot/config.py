"""Settings from the environment (and an optional ``.env`` file), with their defaults.

Every setting has an environment variable; ``.env.example`` lists them all. The Discord token is
a secret: :class:`Settings` never shows it in ``repr`` (logs print settings at start-up).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from urllib.parse import urlsplit, urlunsplit

from dotenv import dotenv_values

from bot.shards import Shards


class SettingsError(ValueError):
    """A setting in the environment that cannot be read (e.g. ``REMINDER_AFTER_SECONDS=soon``)."""


def usable_cores() -> int:
    """The cores this process may run on (``os.process_cpu_count`` from Python 3.13, the CPU
    affinity before it, else every core of the machine)."""
    counted = getattr(os, "process_cpu_count", None)
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def default_render_workers(cores: int | None = None) -> int:
    """``RENDER_WORKERS`` when it is not set: one core runs the event loop (commands, the store,
    Discord), every other one a render worker; at least one worker (on one core it shares it)."""
    return max(1, (usable_cores() if cores is None else cores) - 1)


@dataclass(frozen=True)
class Settings:
    """Everything the bot can be told from outside. Field comments name the variable."""

    discord_token: str | None = field(default=None, repr=False)  # DISCORD_TOKEN
    database_path: str = "./tradewinds.db"  # DATABASE_PATH (SQLite, when DATABASE_URL is unset)
    database_url: str | None = field(default=None, repr=False)  # DATABASE_URL (postgresql://…)
    reminder_after_s: int = 12 * 3600  # REMINDER_AFTER_SECONDS (repeated every this long)
    lobby_expiry_s: int = 48 * 3600  # LOBBY_EXPIRY_SECONDS (the host is warned at 3/4 of it)
    bot_delay_s: float = 2.0  # BOT_DELAY_SECONDS (pause before a computer seat moves)
    turn_clock_s: int | None = None  # TURN_CLOCK_SECONDS (default per-game clock; None = off)
    log_level: str = "INFO"  # LOG_LEVEL
    dev_guild_id: int | None = None  # DEV_GUILD_ID (sync commands to one guild for testing)
    owner_ids: frozenset[int] = frozenset()  # OWNER_IDS, comma-separated
    keep_finished_days: float | None = None  # KEEP_FINISHED_DAYS (None = keep every log forever)
    #: RENDER_WORKERS: processes drawing the pictures (0 = a thread); by default one per core the
    #: process may use beyond the one its event loop runs on (:func:`default_render_workers`).
    render_workers: int = field(default_factory=default_render_workers)
    search_workers: int = 1  # SEARCH_WORKERS (processes searching for the strong player; 0 = a thread)
    strong_playouts: int | None = None  # STRONG_PLAYOUTS (per decision; empty: each game's own)
    strong_time_cap_s: float | None = 1.0  # STRONG_TIME_CAP_SECONDS (stop a search sooner; 0 = none)
    shard_count: int | None = None  # SHARD_COUNT (None: one process, Discord's own count)
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS, comma-separated (None: every shard)
    health_file: str | None = None  # HEALTH_FILE (touched while connected; `tradewinds health`)
    log_format: str = "text"  # LOG_FORMAT (text or json: one JSON object per line, with its context)
    metrics_port: int | None = None  # METRICS_PORT (Prometheus endpoint /metrics; None = off)
    metrics_address: str = "127.0.0.1"  # METRICS_ADDRESS (where the endpoint listens)
    max_tables_per_user: int | None = 10  # MAX_TABLES_PER_USER (open tables one hosts; None: no limit)
    max_tables_per_channel: int | None = 25  # MAX_TABLES_PER_CHANNEL (with its threads; None: no limit)
    #: TWO_PERSON_ABSENCE_SECONDS: at a table of two people, how long the one to act must have been
    #: away before the other may hand their seat to a computer player without a turn clock run out.
    two_person_absence_s: int = 72 * 3600
    stop_grace_s: float = 8.0  # STOP_GRACE_SECONDS (SIGTERM: how long interactions in flight may finish)
    #: DURABLE_COMMITS: whether every commit waits until it is on disk (SQLite ``synchronous=FULL``,
    #: PostgreSQL ``synchronous_commit=on``) or not (``NORMAL`` / ``off``: a power cut or a crash of
    #: the server may lose the last commits, never the database's consistency). None: each
    #: backend's own default (SQLite no; PostgreSQL the server's setting, by default yes).
    durable_commits: bool | None = None

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        token = "set" if self.discord_token else "unset"
        return f"Settings(discord_token=<{token}>, database_url={redact_url(self.database_url)!r}, {shown})"

    @property
    def shards(self) -> Shards:
        """The shards this process serves (all of them, one, when sharding is not set)."""
        if self.shard_count is None:
            return Shards()
        return Shards(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands on its first start: the one that
        serves shard 0 (one process only, when several share the bot)."""
        return 0 in self.shards.ids

    __str__ = __repr__


#: The values of LOG_LEVEL and LOG_FORMAT.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")

#: What a variable holds, added to the sentence about a value that cannot be read.
_EXPECTS = {
    "REMINDER_AFTER_SECONDS": " (seconds, e.g. 43200 for 12 hours)",
    "LOBBY_EXPIRY_SECONDS": " (seconds, e.g. 172800 for 48 hours)",
    "BOT_DELAY_SECONDS": " (seconds, e.g. 2.0)",
    "TURN_CLOCK_SECONDS": " (seconds; empty or off for no clock)",
    "DEV_GUILD_ID": " (a server id)",
    "OWNER_IDS": " (user ids, separated by commas)",
    "KEEP_FINISHED_DAYS": " (days; empty keeps every game)",
    "SHARD_COUNT": " (how many shards in all)",
    "SHARD_IDS": " (shard numbers, separated by commas)",
    "METRICS_PORT": " (a port number; empty: no metrics)",
    "TWO_PERSON_ABSENCE_SECONDS": " (seconds, e.g. 259200 for 72 hours)",
    "MAX_TABLES_PER_USER": " (a number of tables; empty, 0 or off: no limit)",
    "MAX_TABLES_PER_CHANNEL": " (a number of tables; empty, 0 or off: no limit)",
}


def _int(name: str, raw: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}{_EXPECTS.get(name, '')}.") from None


def _float(name: str, raw: str) -> float:
    try:
        return float(raw.strip())
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {raw!r}{_EXPECTS.get(name, '')}.") from None


def _optional_int(name: str, raw: str) -> int | None:
    if raw.strip().lower() in ("", "none", "off", "0"):
        return None
    return _int(name, raw)


def _optional_days(name: str, raw: str) -> float | None:
    if raw.strip().lower() in ("", "none", "off", "forever"):
        return None
    return _float(name, raw)


def _optional_bool(name: str, raw: str) -> bool | None:
    word = raw.strip().lower()
    if word == "":
        return None
    if word in ("yes", "on", "true", "1"):
        return True
    if word in ("no", "off", "false", "0"):
        return False
    raise SettingsError(f"{name} must be yes or no (empty: the database's own default), not {raw!r}.")


def _ids(name: str, raw: str) -> frozenset[int]:
    return frozenset(_int(name, part) for part in raw.split(",") if part.strip())


def _shard_ids(name: str, raw: str) -> tuple[int, ...] | None:
    ids = tuple(_int(name, part) for part in raw.split(",") if part.strip())
    return ids or None


def _database_url(name: str, raw: str) -> str | None:
    url = raw.strip()
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(f"{name} must be a postgresql:// URL, not {redact_url(url)!r}.")
    return url


def redact_url(url: str | None) -> str | None:
    """A database URL without its password (for logs and messages)."""
    if not url:
        return url
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _text(name: str, raw: str) -> str:
    return raw.strip()


def _token(name: str, raw: str) -> str | None:
    return raw.strip() or None


#: Environment variable → (field name, parser).
VARIABLES: dict[str, tuple[str, object]] = {
    "DISCORD_TOKEN": ("discord_token", _token),
    "DATABASE_PATH": ("database_path", _text),
    "DATABASE_URL": ("database_url", _database_url),
    "REMINDER_AFTER_SECONDS": ("reminder_after_s", _int),
    "LOBBY_EXPIRY_SECONDS": ("lobby_expiry_s", _int),
    "BOT_DELAY_SECONDS": ("bot_delay_s", _float),
    "TURN_CLOCK_SECONDS": ("turn_clock_s", _optional_int),
    "LOG_LEVEL": ("log_level", lambda n, r: r.strip().upper()),
    "DEV_GUILD_ID": ("dev_guild_id", _optional_int),
    "OWNER_IDS": ("owner_ids", _ids),
    "KEEP_FINISHED_DAYS": ("keep_finished_days", _optional_days),
    "RENDER_WORKERS": ("render_workers", lambda n, r: _int(n, r) if r.strip() else default_render_workers()),
    "SEARCH_WORKERS": ("search_workers", _int),
    "STRONG_PLAYOUTS": ("strong_playouts", _optional_int),
    "STRONG_TIME_CAP_SECONDS": ("strong_time_cap_s", lambda n, r: _float(n, r) or None),
    "SHARD_COUNT": ("shard_count", _optional_int),
    "SHARD_IDS": ("shard_ids", _shard_ids),
    "HEALTH_FILE": ("health_file", _token),
    "LOG_FORMAT": ("log_format", lambda n, r: r.strip().lower()),
    "METRICS_PORT": ("metrics_port", _optional_int),
    "METRICS_ADDRESS": ("metrics_address", _text),
    "MAX_TABLES_PER_USER": ("max_tables_per_user", _optional_int),
    "MAX_TABLES_PER_CHANNEL": ("max_tables_per_channel", _optional_int),
    "TWO_PERSON_ABSENCE_SECONDS": ("two_person_absence_s", _int),
    "STOP_GRACE_SECONDS": ("stop_grace_s", _float),
    "DURABLE_COMMITS": ("durable_commits", _optional_bool),
}


def read_dotenv(path: str = ".env") -> dict[str, str]:
    """The settings of a ``.env`` file, read by python-dotenv (``dotenv_values``): ``#`` comments,
    also after a value (``REMINDER_AFTER_SECONDS=43200  # 12 hours``), single or double quotes,
    ``export KEY=value`` lines and ``${OTHER}`` references; a name without a value is left out.
    {} when there is no such file."""
    if not os.path.isfile(path):
        return {}
    return {key: value for key, value in dotenv_values(path, encoding="utf-8").items() if value is not None}


def load_settings(env: Mapping[str, str] | None = None, dotenv: bool = True) -> Settings:
    """The settings from ``env`` (default: ``os.environ``), with ``.env`` filling the gaps when
    ``dotenv`` is true. Raises :class:`SettingsError` for a value that cannot be read."""
    source: dict[str, str] = read_dotenv() if dotenv else {}
    source.update(os.environ if env is None else env)
    kwargs: dict[str, object] = {}
    for var, (name, parse) in VARIABLES.items():
        if var in source:
            kwargs[name] = parse(var, source[var])  # type: ignore[operator]
    settings = Settings(**kwargs)  # type: ignore[arg-type]
    for var in ("REMINDER_AFTER_SECONDS", "LOBBY_EXPIRY_SECONDS", "TWO_PERSON_ABSENCE_SECONDS"):
        if getattr(settings, VARIABLES[var][0]) <= 0:
            raise SettingsError(f"{var} must be positive{_EXPECTS[var]}, not {source[var]!r}.")
    if settings.log_level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {source['LOG_LEVEL']!r}.")
    if settings.log_format not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be text or json, not {source['LOG_FORMAT']!r}.")
    if settings.metrics_port is not None and not 0 < settings.metrics_port < 65536:
        raise SettingsError(
            f"METRICS_PORT must be a port number from 1 to 65535 (empty: no metrics), not {source['METRICS_PORT']!r}."
        )
    for var in ("MAX_TABLES_PER_USER", "MAX_TABLES_PER_CHANNEL"):
        most = getattr(settings, VARIABLES[var][0])
        if most is not None and most < 0:
            raise SettingsError(f"{var} cannot be negative (leave it empty, 0 or off for no limit).")
    if settings.strong_playouts is not None and settings.strong_playouts <= 0:
        raise SettingsError("STRONG_PLAYOUTS must be positive.")
    if settings.search_workers < 0:
        raise SettingsError("SEARCH_WORKERS cannot be negative.")
    if settings.bot_delay_s < 0:
        raise SettingsError("BOT_DELAY_SECONDS cannot be negative.")
    if settings.keep_finished_days is not None and settings.keep_finished_days <= 0:
        raise SettingsError("KEEP_FINISHED_DAYS must be positive (leave it empty to keep every game).")
    if settings.render_workers < 0:
        raise SettingsError("RENDER_WORKERS cannot be negative.")
    if settings.stop_grace_s < 0:
        raise SettingsError("STOP_GRACE_SECONDS cannot be negative.")
    if settings.shard_ids is not None and settings.shard_count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards the bot has in all).")
    try:
        settings.shards  # noqa: B018  (validates the pair)
    except ValueError as error:
        raise SettingsError(f"SHARD_COUNT / SHARD_IDS: {error}.") from None
    return settings
