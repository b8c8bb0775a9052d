"""Settings from the environment (and an optional ``.env`` file), with their defaults.

Every setting has an environment variable; ``.env.example`` lists them all. The Discord token is
a secret: :class:`Settings` never shows it in ``repr`` (logs print settings at start-up).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from urllib.parse import urlsplit, urlunsplit

from bot.rows import Shards


class SettingsError(ValueError):
    """A setting in the environment that cannot be read (e.g. ``REMINDER_AFTER_SECONDS=soon``)."""


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
    render_workers: int = 1  # RENDER_WORKERS (processes drawing the boards; 0 = a thread)
    search_workers: int = 1  # SEARCH_WORKERS (processes searching for the strong player; 0 = a thread)
    strong_playouts: int | None = None  # STRONG_PLAYOUTS (per decision; empty: each game's own)
    strong_time_cap_s: float | None = 1.0  # STRONG_TIME_CAP_SECONDS (stop a search sooner; 0 = none)
    shard_count: int | None = None  # SHARD_COUNT (None: one process, Discord's own count)
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS, comma-separated (None: every shard)
    health_file: str | None = None  # HEALTH_FILE (touched while connected; `tradewinds health`)
    stop_grace_s: float = 8.0  # STOP_GRACE_SECONDS (SIGTERM: how long interactions in flight may finish)

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


def _int(name: str, raw: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}.") from None


def _float(name: str, raw: str) -> float:
    try:
        return float(raw.strip())
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {raw!r}.") from None


def _optional_int(name: str, raw: str) -> int | None:
    if raw.strip().lower() in ("", "none", "off", "0"):
        return None
    return _int(name, raw)


def _optional_days(name: str, raw: str) -> float | None:
    if raw.strip().lower() in ("", "none", "off", "forever"):
        return None
    return _float(name, raw)


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
    "RENDER_WORKERS": ("render_workers", _int),
    "SEARCH_WORKERS": ("search_workers", _int),
    "STRONG_PLAYOUTS": ("strong_playouts", _optional_int),
    "STRONG_TIME_CAP_SECONDS": ("strong_time_cap_s", lambda n, r: _float(n, r) or None),
    "SHARD_COUNT": ("shard_count", _optional_int),
    "SHARD_IDS": ("shard_ids", _shard_ids),
    "HEALTH_FILE": ("health_file", _token),
    "STOP_GRACE_SECONDS": ("stop_grace_s", _float),
}


def read_dotenv(path: str = ".env") -> dict[str, str]:
    """``KEY=value`` lines of a ``.env`` file (``#`` comments, optional quotes); {} if absent."""
    values: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        return values
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values


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
    for var in ("REMINDER_AFTER_SECONDS", "LOBBY_EXPIRY_SECONDS"):
        if getattr(settings, VARIABLES[var][0]) <= 0:
            raise SettingsError(f"{var} must be positive.")
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
