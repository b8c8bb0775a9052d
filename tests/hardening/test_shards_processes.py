"""Three bot processes on one PostgreSQL database, each running a range of the bot's four
shards (``0`` · ``1,2`` · ``3``), play many games at once (tests/hardening/shard_child.py);
one of them, at random, is killed with SIGKILL again and again and started again, as a
supervisor would. Afterwards: no acknowledged action lost or stored twice, every timer run by
exactly one process — the one whose shards hold its game — and none left behind, presses made in
direct messages answered by the games' own processes, and every game replays to its cached
state."""

from __future__ import annotations

import asyncio
import inspect
import json
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.service.front import GameService
from bot.shards import Shards
from engine import GAMES
from tests.hardening.crash_child import settings_for

ROOT = Path(__file__).resolve().parents[2]
SHARD_COUNT = 4
PROCESSES = ((0,), (1, 2), (3,))
KILLS = 5
#: How many moves the processes acknowledge between two kills (drawn in this range).
MOVES_BEFORE_KILL = (25, 40)
#: After the kills, the processes run at least this many computer moves and one handed-over
#: press before the end is checked.
BOT_TIMERS, PRESSES = 21, 1
#: Waits end after this long only so that a broken build fails instead of hanging: what the
#: test checks is counted (moves, timers), never timed.
HANG_GUARD_S = 600.0


async def wait_for(what: str, condition, children: list[subprocess.Popen]) -> None:
    """Until ``condition()`` (or the value it awaits) is true, while every child runs (a guard
    against a hang only)."""
    guard = time.monotonic() + HANG_GUARD_S
    while True:
        value = condition()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return
        for child in children:
            assert child.poll() is None, child.stderr.read().decode() if child.stderr else ""
        assert time.monotonic() < guard, f"still waiting for {what}"
        await asyncio.sleep(0.02)


def logged(log: Path, kind: str) -> list[list[str]]:
    return read_log(log)[kind] if log.exists() else []


async def wait_until_up(log: Path, children: list[subprocess.Popen]) -> None:
    """Until each of ``children`` says it is up."""
    await wait_for(
        "the bot processes to come up",
        lambda: all(child.pid in {int(pid) for (pid,) in logged(log, "U")} for child in children),
        children,
    )


def start(url: str, ids: tuple[int, ...], log: Path, seed: int) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.hardening.shard_child",
            url,
            str(SHARD_COUNT),
            ",".join(map(str, ids)),
            str(log),
            str(seed),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def read_log(log: Path) -> dict[str, list[list[str]]]:
    lines: dict[str, list[list[str]]] = {"A": [], "T": [], "H": [], "U": [], "Q": []}
    for line in log.read_text().splitlines():
        kind, rest = line.split(" ", 1)
        lines[kind].append(rest.split(" ", 3) if kind == "A" else rest.split(" "))
    return lines


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["postgresql"])
async def test_sharded_processes_lose_double_and_orphan_nothing_when_one_is_killed(tmp_path, database):
    log = tmp_path / "log.txt"
    rnd = random.Random(19)
    seed = iter(range(1000, 2000))
    running = {ids: start(database.target, ids, log, next(seed)) for ids in PROCESSES}
    moves = [rnd.randint(*MOVES_BEFORE_KILL) for _ in range(KILLS)]
    watcher = await database.open()
    try:
        for count in moves:
            await wait_until_up(log, list(running.values()))
            wanted = len(logged(log, "A")) + count
            await wait_for(
                f"{count} moves", lambda n=wanted: len(logged(log, "A")) >= n, list(running.values())
            )
            victim = rnd.choice(PROCESSES)
            child = running[victim]
            assert child.poll() is None, child.stderr.read().decode()
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stderr.close()
            running[victim] = start(database.target, victim, log, next(seed))
        await wait_until_up(log, list(running.values()))

        def ran() -> Counter:
            return Counter(kind for _, kind, _, _ in logged(log, "T"))

        await wait_for(
            "computer moves and a handed-over press",
            lambda: ran()["bot"] >= BOT_TIMERS and ran()["press"] >= PRESSES,
            list(running.values()),
        )
        # None left behind: whatever is due now runs (waited for, not timed). A move a process
        # began before ``quiet_from`` may still store a timer due before it (a computer seat's
        # is due at once); each process says when all it began before the signal has ended.
        quiet_from = time.time()
        for child in running.values():
            child.send_signal(signal.SIGUSR1)
        await wait_for(
            "every process to end what it began",
            lambda: {child.pid for child in running.values()} <= {int(pid) for (pid,) in logged(log, "Q")},
            list(running.values()),
        )

        async def nothing_due_before() -> bool:
            return not [t for t in await watcher.timers() if t.due < quiet_from]

        await wait_for("the due timers to run", nothing_due_before, list(running.values()))
    finally:
        await watcher.close()
        for child in running.values():
            child.send_signal(signal.SIGTERM)
        for child in running.values():
            child.wait(timeout=20)
    for child in running.values():
        assert child.returncode == 0, child.stderr.read().decode()
        child.stderr.close()

    lines = read_log(log)
    store = await database.open()
    try:
        games = {row.id: row for row in await store.games()}
        assert len(games) >= 12  # three games per shard at least, all at once
        stored = {pk: await store.actions(pk) for pk in games}

        # Every acknowledged action: stored once, under its number; none stored twice.
        acks = [(int(pk), int(n), seat, text) for pk, n, seat, text in lines["A"]]
        assert len(acks) >= sum(moves) > 100 and len(set(acks)) == len(acks)
        for pk, n, seat, text in acks:
            at = [a for a in stored[pk] if a.n == n]
            assert len(at) == 1 and (at[0].seat, at[0].text, at[0].kind) == (seat, text, "play"), (pk, n)
        for pk, actions in stored.items():
            assert [a.n for a in actions] == list(range(1, len(actions) + 1)), f"gaps or repeats in {pk}"

        # Every timer run by one process, the one whose shards hold the game.
        claims = Counter(int(timer_id) for timer_id, *_ in lines["T"])
        assert claims and max(claims.values()) == 1
        kinds = Counter(kind for _, kind, _, _ in lines["T"])
        assert kinds["bot"] >= BOT_TIMERS and kinds["press"] >= PRESSES, kinds
        for _, _, pk, ids in lines["T"]:
            shards = Shards(SHARD_COUNT, tuple(int(i) for i in ids.split(",")))
            assert shards.owns(games[int(pk)].guild_id), (pk, ids)
        # Presses in direct messages (all received by shard 0's process) went to the games'
        # own processes, which answered them.
        handed = {int(pk) for (pk,) in lines["H"]}
        assert handed and all(Shards(SHARD_COUNT, (0,)).of(games[pk].guild_id) != 0 for pk in handed)
        answered = {int(pk) for timer_id, kind, pk, ids in lines["T"] if kind == "press"}
        assert answered <= handed

        # None left behind: whatever was due when the waiting began ran (above), and every
        # running game still has what moves it on.
        assert [t for t in await store.timers() if t.due < quiet_from] == []
        service = GameService(
            store,
            settings_for(database.target),
            renderer=lambda g, v: b"",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
        )
        for row in games.values():
            if row.status != "active":
                continue
            table = await service.tables.load(row)
            timers = {t.kind for t in await store.timers(row.id)}
            to_act = set(table.rules.to_act(table.state))
            assert ("bot" in timers) == bool(to_act & set(table.bots)), row.id
            assert ("reminder" in timers) == bool(to_act - set(table.bots)), row.id

        # Every game replays to its cached state.
        for row in games.values():
            _, state_json = await store.state(row.id)
            if state_json is None:
                continue
            replayed = json.loads(json.dumps(GAMES[row.game].dump(await service.replay(row.id))))
            assert replayed == json.loads(state_json), f"game {row.id} does not replay to its cache"
    finally:
        await store.close()
