"""What a move asks of the store: operations, statements and PostgreSQL round trips per move,
and the process's CPU time per move, on SQLite and on PostgreSQL.

python bench/store_trips.py [--games-per-title 1] [--players 3] [--backend sqlite|postgresql|both]
                            [--against REV] [--json]

Whole games of every title (Cuba, Santiago de Cuba, Goa) are played through the service as the
bot plays them: each move is a typed ``/play`` with the interaction's locale and id
(``GameService.act``), its outcome delivered through a gateway that answers at once
(``bot.adapter.delivery.deliver``, which tells the service the ids of new messages). Every seat is a
person making random legal moves; pictures are not drawn (every renderer the revision has returns
nothing), so the CPU time is the service's and the store's. The counts are the store's own
(:class:`bot.stores.queries.StoreCounts`): an *operation* is one store call (one transaction or one
read), a *statement* one SQL statement, a *round trip* one message to the PostgreSQL server
that waits for its answer (every query, BEGIN, COMMIT, a pool reset). "Per move" is per
command; the only choices the table plays for people after it (``bot/service/autoplay.py``) are part of
that command. Counts do not move with the machine's load; the CPU time does, a little (it is
process time: the SQLite thread's work is in it, the PostgreSQL server's is not).

``--against REV`` first plays the same games with the program as it was at git revision
``REV`` (this bench, run in a copy of that revision made with ``git archive``, in a process of
its own), then with this one, and prints both side by side: the before and after of one run,
under the same load. A revision whose store does not count (before :class:`StoreCounts`, e.g.
721c860, main before issue 29's goals 2 and 3: a hand-written ``sqlite3`` thread, asyncpg's pool
reset on release) is counted from outside (:func:`count_from_outside`): an operation per
``SqlStore._run``, a statement per backend ``_execute``, a round trip per query method of an
asyncpg connection — what :class:`StoreCounts` counts.

PostgreSQL is the ``pgserver`` wheel's (the test extra's), started here in a temporary folder
with its default durability (``synchronous_commit=on``), on a unix socket.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.service.outcome import Choice, ClosedDm, Outcome, PrivateMessage, PublicMessage, SentDm  # noqa: E402
from bot.stores.protocol import GameStore  # noqa: E402
from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player  # noqa: E402

TITLES = sorted(BUILTIN_GAMES)


class QuietGateway:
    """A gateway that answers at once and keeps nothing (a post gets the next id)."""

    def __init__(self) -> None:
        self.ids = itertools.count(10_000)

    async def post_public(self, msg: PublicMessage) -> int | None:
        return next(self.ids)

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        return True

    async def send_private(self, msg: PrivateMessage) -> SentDm | None:
        return SentDm(next(self.ids), msg.user_id)

    def pressed(self, interaction: object) -> int | None:
        return None

    async def close_private(self, closed: ClosedDm) -> bool:
        return True

    async def reply_ephemeral(
        self, interaction: object, text: str, image: bytes | None = None, choices: list[Choice] | None = None
    ) -> None:
        return None

    async def acknowledge(self, interaction: object, outcome: Outcome) -> None:
        return None


class OutsideCounts:
    """:class:`bot.stores.queries.StoreCounts`'s fields, for a store that keeps none."""

    def __init__(self) -> None:
        self.operations = 0
        self.statements = 0
        self.round_trips = 0
        self.by_script: dict[str, int] = {}

    def snapshot(self) -> OutsideCounts:
        copy = OutsideCounts()
        copy.operations, copy.statements, copy.round_trips = (
            self.operations,
            self.statements,
            self.round_trips,
        )
        copy.by_script = dict(self.by_script)
        return copy


#: The store's own helpers between a public method and ``_run`` (an operation is named after
#: the public method that asked for it).
HELPERS = {"fetch", "execute", "wrapper", "counted_run"}


def _asking_method(script_name: str) -> str:
    if script_name != "one":
        return script_name
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_name
        if not name.startswith("_") and name not in HELPERS:
            return name
        frame = frame.f_back  # type: ignore[assignment]
    return script_name


def count_from_outside(store: Any) -> None:
    """Count what ``store`` asks of its database when it keeps no :class:`StoreCounts` (an
    earlier revision): patches its class's ``_run``, the backend's ``_execute`` and asyncpg's
    connection methods (once per process: one store per process here)."""
    import bot.stores.queries

    counts = OutsideCounts()
    store.counts = counts
    run = bot.stores.queries.SqlStore._run

    async def counted_run(self: Any, script_fn: Any, *args: Any, write: bool) -> Any:
        counts.operations += 1
        name = _asking_method(script_fn.__name__.lstrip("_"))
        counts.by_script[name] = counts.by_script.get(name, 0) + 1
        return await run(self, script_fn, *args, write=write)

    for cls in type(store).__mro__:
        if "_run" in cls.__dict__ and cls is not bot.stores.queries.SqlStore:
            own = cls.__dict__["_run"]

            async def backend_run(self: Any, script_fn: Any, *args: Any, write: bool, _own: Any = own) -> Any:
                counts.operations += 1
                name = _asking_method(script_fn.__name__.lstrip("_"))
                counts.by_script[name] = counts.by_script.get(name, 0) + 1
                return await _own(self, script_fn, *args, write=write)

            cls._run = backend_run  # type: ignore[method-assign]
            break
    else:
        bot.stores.queries.SqlStore._run = counted_run  # type: ignore[method-assign]
    module = sys.modules[type(store).__module__]
    execute = module._execute

    def counted_execute(*args: Any) -> Any:
        counts.statements += 1
        return execute(*args)

    async def counted_execute_async(*args: Any) -> Any:
        counts.statements += 1
        return await execute(*args)

    module._execute = counted_execute_async if asyncio.iscoroutinefunction(execute) else counted_execute
    if type(store).__name__ == "PgStore":
        import asyncpg

        for method in ("execute", "executemany", "fetch", "fetchval", "fetchrow"):
            original = getattr(asyncpg.Connection, method)

            async def counted(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                counts.round_trips += 1
                return await _original(self, *args, **kwargs)

            setattr(asyncpg.Connection, method, counted)


class Tally:
    """Per-move samples of one backend."""

    def __init__(self) -> None:
        self.moves = 0
        self.logged = 0
        self.operations: list[int] = []
        self.statements: list[int] = []
        self.round_trips: list[int] = []
        self.cpu_ms: list[float] = []
        self.by_script: dict[str, int] = {}

    def figures(self) -> dict[str, Any]:
        per = self.moves or 1
        return {
            "moves": self.moves,
            "logged_actions": self.logged,
            "operations_per_move": round(sum(self.operations) / per, 2),
            "operations_max": max(self.operations, default=0),
            "statements_per_move": round(sum(self.statements) / per, 2),
            "round_trips_per_move": round(sum(self.round_trips) / per, 2),
            "round_trips_max": max(self.round_trips, default=0),
            "cpu_ms_per_move_p50": round(statistics.median(self.cpu_ms), 3) if self.cpu_ms else 0.0,
            "cpu_ms_per_move_mean": round(statistics.fmean(self.cpu_ms), 3) if self.cpu_ms else 0.0,
            "operations_by_script_per_move": {
                name: round(n / per, 2) for name, n in sorted(self.by_script.items(), key=lambda kv: -kv[1])
            },
        }


async def play(store: GameStore, game: str, players: int, seed: int, channel: int, tally: Tally) -> None:
    """One whole game of ``game`` in ``channel``, every move counted."""
    # every picture drawn as nothing (the turn picture as an empty one, so that the board is a
    # message of its own as in the bot), where the revision draws it
    drawers: dict[str, Any] = {
        "renderer": lambda game_id, view: b"",
        "private_renderer": lambda game_id, view: None,
        "decision_renderer": lambda game_id, view, legal, lang: None,
        "legend_renderer": lambda game_id, labels, lang: None,
        "summary_renderer": lambda *args: None,
        "turn_renderer": lambda game_id, view, seats, legal, lang: b"",
    }
    accepted = inspect.signature(GameService.__init__).parameters
    service = GameService(
        store,
        Settings(),
        seed_source=lambda: seed,
        **{name: drawer for name, drawer in drawers.items() if name in accepted},
    )
    gateway = QuietGateway()
    interactions = itertools.count(seed * 1_000_000 + channel * 10_000)
    users = [channel * 100 + i for i in range(1, players + 1)]
    await deliver(await service.new_game(channel, None, users[0], "P1", game), gateway, service, "i")
    for k, user in enumerate(users[1:], start=2):
        await deliver(await service.join(channel, user, f"P{k}"), gateway, service, "i")
    await deliver(await service.start(channel, users[0]), gateway, service, "i")
    rules = GAMES[game]
    pk = service.tables.channel_games[channel]
    bots = {f"p{i}": player(game, "random", seed * 31 + i) for i in range(players)}
    counts = store.counts  # type: ignore[attr-defined]
    moves = 0
    while True:
        table = service.tables.cached.get(pk)
        if table is None or table.row.status != "active":
            break
        state = table.state
        to_act = rules.to_act(state)
        seat = to_act[moves % len(to_act)]
        action = bots[seat].choose({}, rules.legal(state, seat))
        version = table.row.version
        before = counts.snapshot()
        cpu = time.process_time()
        outcome = await service.act(
            channel, users[int(seat[1:])], str(action), locale="en-US", interaction_id=next(interactions)
        )
        await deliver(outcome, gateway, service, "i")
        tally.cpu_ms.append((time.process_time() - cpu) * 1e3)
        if not outcome.ok:
            raise SystemExit(f"{game}: {action} refused: {outcome.ephemeral}")
        after = counts
        tally.moves += 1
        tally.operations.append(after.operations - before.operations)
        tally.statements.append(after.statements - before.statements)
        tally.round_trips.append(after.round_trips - before.round_trips)
        for name, n in after.by_script.items():
            grown = n - before.by_script.get(name, 0)
            if grown:
                tally.by_script[name] = tally.by_script.get(name, 0) + grown
        moves += 1
        done = service.tables.cached.get(pk)
        tally.logged += (done.row.version if done is not None else version + 1) - version


async def run_backend(backend: str, args: argparse.Namespace, folder: str) -> dict[str, Any]:
    tally = Tally()
    store: GameStore
    if backend == "sqlite":
        from bot.stores.sqlite import Store

        store = await Store.open(f"{folder}/bench.db")
    else:
        from bot.stores.postgres import PgStore

        store = await PgStore.open(args.pg_url)
    if not hasattr(store, "counts"):
        count_from_outside(store)
    try:
        channel = 1
        for title in TITLES:
            for seed in range(1, args.games_per_title + 1):
                await play(store, title, args.players, seed, channel, tally)
                channel += 1
    finally:
        await store.close()
    return tally.figures()


def start_postgres(folder: str) -> tuple[Any, str]:
    import pgserver

    server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
    server.psql("CREATE DATABASE bench;")
    uri = server.get_uri()
    return server, uri.replace("/postgres?", "/bench?", 1) if "/postgres?" in uri else uri


async def run(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {"players": args.players, "games_per_title": args.games_per_title}
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in args.backends:
            figures["sqlite"] = await run_backend("sqlite", args, folder)
        if "postgresql" in args.backends:
            server, args.pg_url = start_postgres(folder)
            try:
                figures["postgresql"] = await run_backend("postgresql", args, folder)
            finally:
                server.cleanup()
    return figures


def run_revision(rev: str, args: argparse.Namespace) -> dict[str, Any]:
    """The figures of this bench as revision ``rev`` of the program prints them (``--json``)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(root), "archive", rev], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        Path(folder, "bench", "store_trips.py").write_text(Path(__file__).read_text())  # the same bench
        done = subprocess.run(
            [
                sys.executable,
                f"{folder}/bench/store_trips.py",
                "--json",
                "--backend",
                args.backend,
                "--games-per-title",
                str(args.games_per_title),
                "--players",
                str(args.players),
            ],
            check=True,
            capture_output=True,
            text=True,
            cwd=folder,
        )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def show(backend: str, f: dict[str, Any], players: int) -> None:
    print(
        f"{backend}: {f['moves']} moves ({f['logged_actions']} logged actions) of "
        f"{', '.join(TITLES)}, {players} players"
    )
    print(
        f"  per move: {f['operations_per_move']} store operations (max {f['operations_max']}), "
        f"{f['statements_per_move']} statements, {f['round_trips_per_move']} round trips "
        f"(max {f['round_trips_max']})"
    )
    print(
        f"  CPU per move (process time): p50 {f['cpu_ms_per_move_p50']} ms, mean {f['cpu_ms_per_move_mean']} ms"
    )
    top = ", ".join(f"{name} {n}" for name, n in list(f["operations_by_script_per_move"].items())[:8])
    print(f"  operations per move by script: {top}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games-per-title", type=int, default=1)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    ap.add_argument("--against", metavar="REV", help="also play the games with git revision REV, first")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    args.backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    before = run_revision(args.against, args) if args.against else None
    figures = asyncio.run(run(args))
    for backend in args.backends:
        if before is not None:
            print(f"--- before (revision {args.against}):")
            show(backend, before[backend], args.players)
            print("--- after (this program):")
        show(backend, figures[backend], args.players)
        if before is not None:
            old, new = before[backend], figures[backend]
            print(
                f"  after/before: operations {new['operations_per_move'] / old['operations_per_move']:.2f}, "
                f"CPU p50 {new['cpu_ms_per_move_p50'] / old['cpu_ms_per_move_p50']:.2f}, "
                f"CPU mean {new['cpu_ms_per_move_mean'] / old['cpu_ms_per_move_mean']:.2f}"
                + (
                    f", round trips {new['round_trips_per_move'] / old['round_trips_per_move']:.2f}"
                    if old["round_trips_per_move"]
                    else ""
                )
            )
    if args.json:
        print(json.dumps({"before": before, "after": figures} if before is not None else figures))


if __name__ == "__main__":
    main()
