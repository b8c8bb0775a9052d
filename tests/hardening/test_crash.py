"""Crashes: the service plays games in a child process on a real database (a SQLite file, and a
PostgreSQL database) and is killed with SIGKILL at random moments — at once (during its start-up)
or after a random number of acknowledged moves, counted, never timed, so that a busy machine
changes nothing of what is checked — then restarted. Every acknowledged action must be stored
exactly once, every game must replay to its cached state, and timers and buttons must work
again."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service.front import GameService
from bot.service.outcome import custom_id
from engine import GAMES
from tests.hardening.crash_child import settings_for

pytestmark = pytest.mark.both_backends

ROOT = Path(__file__).resolve().parents[2]
KILLS = 8
#: The kills of these rounds land at once (in the child's start-up: imports, opening the
#: database, the first games); the others after a number of acknowledged moves.
SETUP_KILLS = (0, 4)
#: How many moves the child acknowledges before a kill in play (drawn in this range).
MOVES_BEFORE_KILL = (35, 60)
#: Waits for the child end after this long only so that a broken build fails instead of
#: hanging: what the test checks is counted in moves, never timed.
HANG_GUARD_S = 600.0


def acknowledged(ack: Path) -> int:
    return len(ack.read_text().splitlines()) if ack.exists() else 0


def run_and_kill(database: str, ack: Path, seed: int, moves: int) -> None:
    """Start the child, SIGKILL it once it acknowledged ``moves`` more moves (0: at once)."""
    before = acknowledged(ack)
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.hardening.crash_child", database, str(ack), str(seed)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    guard = time.monotonic() + HANG_GUARD_S
    while acknowledged(ack) < before + moves:
        assert child.poll() is None, child.stderr.read().decode() if child.stderr else ""
        assert time.monotonic() < guard, (
            f"the child acknowledged {acknowledged(ack) - before} of {moves} moves"
        )
        time.sleep(0.005)
    child.send_signal(signal.SIGKILL)
    child.wait()
    if child.stderr is not None:
        child.stderr.close()


def read_acks(ack: Path) -> list[tuple[int, int, str, str]]:
    rows = []
    for line in ack.read_text().splitlines():
        pk, version, seat, text = line.split(" ", 3)
        rows.append((int(pk), int(version), seat, text))
    return rows


@pytest.mark.slow
async def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path, database):
    ack = tmp_path / "acks.txt"
    rnd = random.Random(8)
    moves = [0 if round_ in SETUP_KILLS else rnd.randint(*MOVES_BEFORE_KILL) for round_ in range(KILLS)]
    for round_, count in enumerate(moves):
        run_and_kill(database.target, ack, 100 + round_, count)

    acks = read_acks(ack)
    assert len(acks) >= sum(moves) >= 200  # the child really played between the kills
    assert len(set(acks)) == len(acks)  # no action acknowledged twice
    store = await database.open()
    try:
        service = GameService(
            store,
            settings_for(database.target, bot_delay_s=0.0),
            renderer=lambda g, v: b"\x89PNG",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            decision_renderer=lambda g, v, legal, lang: None,
        )
        games = await store.games()
        assert len(games) >= 4
        stored = {row.id: await store.actions(row.id) for row in games}
        for pk, version, seat, text in acks:  # every acknowledged action: stored, once, in place
            at = [a for a in stored[pk] if a.n == version]
            assert len(at) == 1 and (at[0].seat, at[0].text, at[0].kind) == (seat, text, "play"), (
                pk,
                version,
            )
        for row in games:
            numbers = [a.n for a in stored[row.id]]
            assert numbers == list(range(1, len(numbers) + 1)), f"gaps or repeats in game {row.id}"
            _, state_json = await store.state(row.id)
            if state_json is None:
                continue
            rules = GAMES[row.game]
            replayed = json.loads(json.dumps(rules.dump(await service.replay(row.id))))
            assert replayed == json.loads(state_json), f"game {row.id} does not replay to its cache"

        # after the last restart: the computer seats' timers and the buttons work again
        await service.warm()
        active = await store.games(("active",))
        assert active
        for row in active:
            table = service.tables.cached[row.id]
            bots = {s.seat for s in table.seats if s.is_bot}
            if set(table.rules.to_act(table.state)) & bots:
                assert any(t.kind == "bot" for t in await store.timers(row.id)), f"game {row.id} stalls"
        await service.run_due_timers()
        pressed = 0
        for row in await store.games(("active",)):
            table = service.tables.cached[row.id]
            for seat in table.rules.to_act(table.state):
                user = next(s.user_id for s in table.seats if s.seat == seat)
                if user is None:
                    continue
                for action in table.rules.legal(table.state, seat):
                    try:
                        cid = custom_id("a", row.id, table.row.version, str(action))
                    except ValueError:
                        continue
                    outcome = await service.press(cid, user, row.channel_id)
                    assert outcome.ok, outcome.ephemeral
                    pressed += 1
                    break
                break
        assert pressed > 0
    finally:
        await store.close()


async def test_a_computer_move_claimed_by_a_process_that_died_is_rearmed_on_start(database):
    from tests.hardening.crash_child import open_new_game

    store = await database.open()
    settings = settings_for(database.target, bot_delay_s=0.0)
    first = GameService(
        store,
        settings,
        renderer=lambda g, v: b"",
        private_renderer=lambda g, v: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda g, v, legal, lang: None,
    )
    await open_new_game(first, store, 0)  # cuba: two humans, a computer seat
    (row,) = await store.games(("active",))
    rnd = random.Random(3)
    while True:  # humans move until the computer seat is to act
        table = first.tables.cached[row.id]
        to_act = table.rules.to_act(table.state)
        if "p2" in to_act:
            break
        seat = to_act[0]
        user = next(s.user_id for s in table.seats if s.seat == seat)
        assert (
            await first.act(row.channel_id, user, str(rnd.choice(table.rules.legal(table.state, seat))))
        ).ok
    (timer,) = [t for t in await store.timers(row.id) if t.kind == "bot"]
    assert await store.claim_timer(timer.id, time.time(), time.time() + 300)  # claimed; the process dies
    version = first.tables.cached[row.id].row.version
    await store.close()

    store = await database.open()
    try:
        second = GameService(
            store,
            settings,
            renderer=lambda g, v: b"",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            decision_renderer=lambda g, v, legal, lang: None,
        )
        await second.warm()
        assert [t.kind for t in await store.timers(row.id) if t.kind == "bot"] == ["bot"]
        await second.run_due_timers()
        (after,) = [a for a in await store.actions(row.id) if a.n == version]
        assert after.seat == "p2"
    finally:
        await store.close()
