"""The ``tradewinds`` command: ``run``, ``demo``, ``replay``, ``sync``, ``doctor``, ``migrate-db``,
``backup`` and ``health``.

``run`` and ``sync`` need a Discord token (environment or ``.env``); ``demo``, ``replay`` and
``migrate-db`` work without Discord at all. Discord itself (``bot.adapter.client``) is imported only by the commands that
connect, so ``demo`` starts quickly and works on a machine that never saw a token.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.config import Settings, SettingsError, load_settings

log = logging.getLogger("tradewinds")

#: Exit status for "cannot start as configured" (no token, a setting that cannot be read).
EXIT_CONFIG = 2

NO_TOKEN = "DISCORD_TOKEN is not set: put it in the environment or in a .env file (see .env.example)."


# ====================================================================== logging


class RedactSecrets(logging.Filter):
    """Replaces every secret (the Discord token) in a log record by ``[redacted]``.

    The record's message is formatted first (``msg % args``) so a secret passed as an argument is
    caught too; exception text is formatted and redacted as well."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[redacted]")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        record.msg = self._clean(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True


def setup_logging(settings: Settings, stream: Any = None) -> logging.Handler:
    """One handler on the root logger, at ``LOG_LEVEL``, in ``LOG_FORMAT`` (text, or JSON lines
    with each command's context: :mod:`bot.logs`), that never prints the token."""
    from bot import logs

    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logs.formatter(settings.log_format))
    handler.addFilter(RedactSecrets([settings.discord_token or ""]))
    handler.addFilter(logs.ContextFilter())  # guild, shard, game, interaction (LOG_FORMAT=json)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    level = logging.getLevelName(settings.log_level)
    root.setLevel(level if isinstance(level, int) else logging.INFO)
    return handler


def _settings_or_none() -> Settings | None:
    """The settings, or None after printing one line about the one that cannot be read."""
    try:
        return load_settings()
    except SettingsError as error:
        print(f"tradewinds: {error}", file=sys.stderr)
        return None


def _settings_with_token() -> Settings | None:
    settings = _settings_or_none()
    if settings is None:
        return None
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return None
    return settings


# ====================================================================== run / sync


def cmd_run(args: argparse.Namespace) -> int:
    settings = _settings_with_token()
    if settings is None:
        return EXIT_CONFIG
    setup_logging(settings)
    from bot.adapter.client import run_bot

    return run_bot(settings)


def cmd_sync(args: argparse.Namespace) -> int:
    settings = _settings_with_token()
    if settings is None:
        return EXIT_CONFIG
    setup_logging(settings)
    from bot.adapter.client import sync_commands

    guild = args.guild if args.guild is not None else settings.dev_guild_id
    return sync_commands(settings, guild)


# ====================================================================== demo


def demo_names(players: int) -> dict[str, str]:
    return {f"p{i}": f"Computer {i + 1}" for i in range(players)}


#: (game id, every state from the set-up on, seat → name, computer seats, language) → PNG bytes.
SummaryRenderer = Callable[[str, Iterable[Any], dict[str, str], list[str], str], bytes]


def draw_summary(
    game: str, states: Iterable[Any], names: dict[str, str], bots: list[str], lang: str = "en"
) -> bytes:
    """The end-of-game summary picture, the same the bot posts (Pillow imported on first use)."""
    from bot.service.records import default_summary_renderer

    return default_summary_renderer(game, states, names, bots, lang, {})


def public_board(
    renderer: Callable[[str, dict[str, Any]], bytes],
    game: str,
    state: Any,
    names: dict[str, str],
    bots: list[str],
) -> bytes:
    """The public board picture of ``state``, with the seats' names and robot badges."""
    from engine import GAMES

    view = dict(GAMES[game].view(state, None))
    view["names"] = names
    view["bots"] = bots
    return renderer(game, view)


def say_scores(result: Any, names: dict[str, str], say: Callable[[str], None]) -> None:
    """``Final scores:`` and one line per seat, best first."""
    places = result.places or {s: i + 1 for i, s in enumerate(result.ranking)}
    say("Final scores:")
    for seat in result.ranking:
        say(f"  {places[seat]}. {names[seat]} ({seat}): {result.scores[seat]} points")


def play_demo(
    game: str,
    players: int,
    out_dir: Path | None,
    *,
    seed: int = 1,
    kind: str = "heuristic",
    max_turns: int | None = None,
    renderer: Callable[[str, dict[str, Any]], bytes] | None = None,
    summary_renderer: SummaryRenderer | None = None,
    say: Callable[[str], None] = print,
    export: Path | None = None,
) -> Any:
    """Play ``game`` between computer players, writing the public board after set-up and after
    every move as ``<game>-00000.png``, ``<game>-00001.png``… (they sort in playing order), and
    at the end the summary picture ``summary.png`` — unless ``out_dir`` is None (no pictures).
    With ``export`` the game is also written there in the format of ``/game export``
    (:mod:`engine.history`), which ``tradewinds replay`` reads: a finished game, or an active one
    when ``max_turns`` stopped it.

    Returns the engine's ``Result``, or None when ``max_turns`` stopped the game first."""
    from engine import GAMES
    from engine.ai import player, seat_view

    if renderer is None and out_dir is not None:
        import render

        renderer = render.board
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    names = demo_names(players)
    bots = {s: player(game, kind, seed * 1000 + i) for i, s in enumerate(seats)}
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    where = f" in {out_dir}" if out_dir is not None else ""

    def draw(n: int) -> None:
        if out_dir is not None and renderer is not None:
            (out_dir / f"{game}-{n:05d}.png").write_bytes(public_board(renderer, game, state, names, seats))

    draw(0)
    moves = 0
    states = [state]
    played: list[tuple[str, str]] = []
    while rules.result(state) is None:
        if max_turns is not None and moves >= max_turns:
            if export is not None:
                write_export(export, game, seed, names, kind, played, "active", None, say)
            say(
                f"Stopped after {moves} moves; the game is not over.{' Boards are' + where + '.' if where else ''}"
            )
            return None
        seat = rules.to_act(state)[0]
        action = bots[seat].choose(seat_view(game, kind, state, seat), rules.legal(state, seat))
        state, _events = rules.apply(state, seat, action)
        played.append((seat, str(action)))
        states.append(state)
        moves += 1
        draw(moves)
    result = rules.result(state)
    if out_dir is not None:
        (out_dir / "summary.png").write_bytes(
            (summary_renderer or draw_summary)(game, states, names, seats, "en")
        )
        say(f"{rules.title}: {moves} moves, {moves + 1} boards{where}.")
    else:
        say(f"{rules.title}: {moves} moves.")
    if export is not None:
        write_export(export, game, seed, names, kind, played, "finished", result, say)
    say_scores(result, names, say)
    return result


def write_export(
    path: Path,
    game: str,
    seed: int,
    names: dict[str, str],
    kind: str,
    actions: list[tuple[str, str]],
    status: str,
    result: Any,
    say: Callable[[str], None],
) -> None:
    """A demo game in the format of ``/game export`` (every seat a computer player of ``kind``)."""
    from datetime import UTC, datetime

    from engine import history

    seats = [{"seat": seat, "name": name, "computer": kind} for seat, name in names.items()]
    data = history.export_game(
        game=game,
        options={},
        seed=seed,
        seats=seats,
        actions=actions,
        status=status,
        result=result,
        exported=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
    if path.parent != Path(""):
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(history.dumps(data), encoding="utf-8")
    say(f"The game is exported to {path} (tradewinds replay {path} --out DIR draws it).")


def cmd_demo(args: argparse.Namespace) -> int:
    from engine import GAMES

    rules = GAMES[args.game]
    if not rules.min_players <= args.players <= rules.max_players:
        print(
            f"tradewinds: {rules.title} is for {rules.min_players} to {rules.max_players} players.",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    if args.max_turns is not None and args.max_turns < 0:
        print("tradewinds: --max-turns cannot be negative.", file=sys.stderr)
        return EXIT_CONFIG
    if args.out is None and args.export is None:
        print(
            "tradewinds: demo needs --out DIR (pictures), --export FILE (the game), or both.", file=sys.stderr
        )
        return EXIT_CONFIG
    play_demo(
        args.game,
        args.players,
        Path(args.out) if args.out is not None else None,
        seed=args.seed,
        kind=args.kind,
        max_turns=args.max_turns,
        export=Path(args.export) if args.export is not None else None,
    )
    return 0


# ====================================================================== replay


def replay_file(
    path: Path,
    out_dir: Path,
    *,
    renderer: Callable[[str, dict[str, Any]], bytes] | None = None,
    summary_renderer: SummaryRenderer | None = None,
    say: Callable[[str], None] = print,
) -> Any:
    """Rebuild an exported game (``/game export``) offline: the public board after the set-up
    (or at the file's replay base) and after every action as ``turn-0000.png``, ``turn-0001.png``…, the summary picture
    ``summary.png`` (the standing so far for a game that did not end), and the final scores. Raises ``engine.history.ExportError`` for a file that
    is not a replayable game (nothing is written then: the whole file is checked first).

    Returns the engine's ``Result``, or None for a game that did not end."""
    from engine import GAMES, history

    try:
        text = path.read_bytes()
    except OSError as error:
        raise history.ExportError(f"cannot read the file ({error.strerror})") from None
    export = history.loads(text)
    # Every action and the end are checked before anything is drawn.
    states = [history.initial_state(export), *(step.state for step in history.replay(export))]
    if renderer is None:
        import render

        renderer = render.board
    rules = GAMES[export["game"]]
    names, bots = history.names(export), history.bots(export)
    out_dir.mkdir(parents=True, exist_ok=True)
    for n, state in enumerate(states):
        (out_dir / f"turn-{n:04d}.png").write_bytes(
            public_board(renderer, export["game"], state, names, bots)
        )
    (out_dir / "summary.png").write_bytes(
        (summary_renderer or draw_summary)(export["game"], states, names, bots, "en")
    )
    moves = len(states) - 1
    say(f"{rules.title}: {moves} actions, {moves + 1} boards in {out_dir}.")
    result = rules.result(states[-1])
    if result is None:
        say(f"The game was {export['status']} before its end: no final scores.")
        return None
    say_scores(result, names, say)
    return result


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.history import ExportError

    try:
        replay_file(Path(args.file), Path(args.out))
    except ExportError as error:
        print(f"tradewinds: {args.file}: {error}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


# ====================================================================== doctor


def cmd_doctor(args: argparse.Namespace) -> int:
    """``tradewinds doctor [--repair] [--database PATH]`` (see :mod:`bot.ops.doctor`)."""
    import time

    from bot.ops import doctor

    path = args.database
    if path is None:
        settings = _settings_or_none()
        if settings is None:
            return EXIT_CONFIG
        if settings.database_url:
            print(
                "tradewinds: doctor checks a SQLite file (--database PATH); "
                "it does not check the PostgreSQL database of DATABASE_URL.",
                file=sys.stderr,
            )
            return EXIT_CONFIG
        path = settings.database_path
    return doctor.run(path, repair=args.repair, now=time.time())


# ====================================================================== migrate-db


def cmd_migrate_db(args: argparse.Namespace) -> int:
    """Copy the SQLite database into an empty PostgreSQL one and check the copy."""
    import asyncio

    from bot.ops.migrate import MigrationRefused, describe, migrate_database

    settings = _settings_or_none()
    if settings is None:
        return EXIT_CONFIG
    if not args.to.startswith(("postgresql://", "postgres://")):
        print("tradewinds: --to must be a postgresql:// URL.", file=sys.stderr)
        return EXIT_CONFIG
    source = args.source or settings.database_path
    try:
        report = asyncio.run(migrate_database(source, args.to))
    except MigrationRefused as refused:
        print(f"tradewinds: {refused}.", file=sys.stderr)
        return EXIT_CONFIG
    except OSError as error:  # e.g. no server at that address
        print(f"tradewinds: cannot reach the PostgreSQL database: {error}.", file=sys.stderr)
        return EXIT_CONFIG
    for line in describe(source, args.to, report):
        print(line)
    return 0 if report.ok else 1


# ====================================================================== backup


def cmd_backup(args: argparse.Namespace) -> int:
    """``tradewinds backup FILE``: a consistent copy of the SQLite database, also while the bot
    runs (:mod:`bot.stores.backup`)."""
    from bot.stores.backup import BackupError, backup

    path = args.database
    if path is None:
        settings = _settings_or_none()
        if settings is None:
            return EXIT_CONFIG
        if settings.database_url:
            print(
                "tradewinds: backup copies a SQLite file; back up the PostgreSQL database of "
                "DATABASE_URL with pg_dump.",
                file=sys.stderr,
            )
            return EXIT_CONFIG
        path = settings.database_path
    try:
        copy = backup(path, args.file, overwrite=args.overwrite)
    except BackupError as error:
        print(f"tradewinds: {error}.", file=sys.stderr)
        return EXIT_CONFIG
    print(
        f"Copied {path} to {copy.path}: schema version {copy.schema_version}, "
        f"{copy.pages} pages, {copy.size} bytes, integrity checked."
    )
    return 0


# ====================================================================== health


def cmd_health(args: argparse.Namespace) -> int:
    """Exit 0 when the running bot's heartbeat (``HEALTH_FILE``) is fresh, else 1: the health
    check of a container (deploy/compose.yaml)."""
    import time

    settings = _settings_or_none()
    if settings is None:
        return EXIT_CONFIG
    if not settings.health_file:
        print("tradewinds: HEALTH_FILE is not set: the bot keeps no heartbeat to check.", file=sys.stderr)
        return EXIT_CONFIG
    try:
        age = time.time() - Path(settings.health_file).stat().st_mtime
    except FileNotFoundError:
        print(f"unhealthy: no heartbeat yet ({settings.health_file})")
        return 1
    if age > args.max_age:
        print(f"unhealthy: the last heartbeat is {age:.0f} s old (more than {args.max_age:.0f} s)")
        return 1
    print(f"healthy: the last heartbeat is {age:.0f} s old")
    return 0


# ====================================================================== parser


def build_parser() -> argparse.ArgumentParser:
    from engine import BUILTIN_GAMES
    from engine.ai import KINDS

    parser = argparse.ArgumentParser(
        prog="tradewinds", description="Play Cuba, Santiago de Cuba and Goa on Discord."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="connect to Discord (DISCORD_TOKEN from the environment or .env)")
    run.set_defaults(func=cmd_run)

    demo = sub.add_parser("demo", help="play a whole game between computer players, no Discord needed")
    demo.add_argument("--game", choices=list(BUILTIN_GAMES), required=True)
    demo.add_argument("--players", type=int, default=3, help="number of computer players (default 3)")
    demo.add_argument("--out", default=None, help="folder for the board pictures")
    demo.add_argument(
        "--export",
        default=None,
        metavar="FILE",
        help="write the game as /game export does (for tradewinds replay)",
    )
    demo.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    demo.add_argument("--kind", choices=list(KINDS), default="heuristic", help="computer player kind")
    demo.add_argument("--max-turns", type=int, default=None, help="stop after this many moves")
    demo.set_defaults(func=cmd_demo)

    replay = sub.add_parser("replay", help="rebuild an exported game (/game export) and draw every board")
    replay.add_argument("file", help="the exported game (tradewinds-<game>-<id>.json)")
    replay.add_argument("--out", required=True, help="folder for the pictures (created if missing)")
    replay.set_defaults(func=cmd_replay)

    doctor = sub.add_parser("doctor", help="check the database offline (the bot stopped); exit 0 when clean")
    doctor.add_argument("--repair", action="store_true", help="fix what can be fixed, then check again")
    doctor.add_argument("--database", default=None, help="the SQLite file (default DATABASE_PATH)")
    doctor.set_defaults(func=cmd_doctor)

    sync = sub.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None, help="only this server (default DEV_GUILD_ID)")
    sync.set_defaults(func=cmd_sync)

    migrate = sub.add_parser(
        "migrate-db", help="copy the SQLite database into an empty PostgreSQL database, and check it"
    )
    migrate.add_argument(
        "--to", required=True, help="the PostgreSQL database (postgresql://user:pass@host/db)"
    )
    migrate.add_argument(
        "--from", dest="source", default=None, help="the SQLite file (default DATABASE_PATH)"
    )
    migrate.set_defaults(func=cmd_migrate_db)

    backup = sub.add_parser(
        "backup", help="a consistent copy of the SQLite database, also while the bot runs"
    )
    backup.add_argument("file", help="where the copy goes")
    backup.add_argument("--database", default=None, help="the SQLite file (default DATABASE_PATH)")
    backup.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")
    backup.set_defaults(func=cmd_backup)

    health = sub.add_parser("health", help="exit 0 if the running bot's heartbeat (HEALTH_FILE) is fresh")
    health.add_argument("--max-age", type=float, default=60.0, help="seconds (default 60)")
    health.set_defaults(func=cmd_health)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
