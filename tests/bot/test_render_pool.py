"""The render pool: boards drawn in worker processes give the same bytes as in this process, and
a worker that dies loses no move — the render is tried again on a fresh pool, or the text goes
out alone and the next board goes out as usual. The workers die with the process that owns
them."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

import render
from bot.render_pool import RenderFailed, RenderPool
from bot.service.front import default_renderer
from engine import GAMES
from tests.bot import render_workers
from tests.bot.conftest import ANA, BO, CHANNEL, seated, tiny_png
from tests.waiting import HANG_GUARD_S

ROOT = Path(__file__).resolve().parents[2]
#: Waits in steps of a tenth of a second end after this many only so that a broken build fails
#: instead of hanging (the test counts on no speed).
HANG_GUARD_TICKS = 1200


@pytest.fixture
def pool():
    pool = RenderPool(1, warm=False)
    yield pool
    pool.close()


async def test_a_board_drawn_in_a_worker_is_the_same_picture(pool: RenderPool) -> None:
    rules = GAMES["goa"]
    view = {**rules.view(rules.new(["p0", "p1"], 3), None), "names": {"p0": "王小明", "p1": "Ana"}}
    assert await pool.run(default_renderer, "goa", view) == render.phone_board("goa", view)
    assert pool.worker_pids() and pool.restarts == 0


async def test_started_workers_are_there_before_the_first_render(pool: RenderPool) -> None:
    pool.start()
    assert len(pool.worker_pids()) == 1
    assert await pool.run(render_workers.echo, "first") == "first"


async def test_a_crashed_worker_is_replaced_and_the_render_tried_again(pool: RenderPool, tmp_path) -> None:
    flag = tmp_path / "crashed"
    assert await pool.run(render_workers.crash_first, str(flag)) == "drawn"
    assert flag.exists() and pool.restarts == 1


async def test_a_render_that_kills_every_worker_fails_and_the_pool_goes_on(pool: RenderPool) -> None:
    with pytest.raises(RenderFailed):
        await pool.run(render_workers.always_crash)
    assert pool.restarts == 2
    assert await pool.run(render_workers.echo, 41) == 41


async def test_a_stub_that_cannot_go_to_a_worker_runs_in_a_thread(pool: RenderPool) -> None:
    assert await pool.run(lambda game, view: b"stub", "cuba", {}) == b"stub"
    assert pool.worker_pids() == []  # no worker was started for it


async def play_first_legal(service, channel: int):
    """The first legal move of the first seat to act, by its player; (outcome, game pk, text)."""
    table = service.tables.cached[service.tables.channel_games[channel]]
    seat = table.rules.to_act(table.state)[0]
    text = str(table.rules.legal(table.state, seat)[0])
    return await service.act(channel, table.seat(seat).user_id, text), table.row.id, text


async def test_no_move_is_lost_when_the_worker_dies(env) -> None:
    """The move is stored and its text goes out without a picture; the next move's board goes
    out from a fresh worker."""
    service = await env.service(renderer=render_workers.always_crash)
    service.render_pool = RenderPool(1, warm=False)
    try:
        await seated(env, service, [ANA, BO], game="goa")
        outcome, pk, text = await play_first_legal(service, CHANNEL)
        assert outcome.ok and all(m.image is None for m in outcome.public) and outcome.public[0].text
        assert [a.text for a in await service.store.actions(pk) if a.kind == "play"] == [text]

        service.renderer = render_workers.tiny_png
        outcome, pk, second = await play_first_legal(service, CHANNEL)
        assert outcome.ok and next(m.image for m in outcome.public if m.image).startswith(b"png goa")
        assert [a.text for a in await service.store.actions(pk) if a.kind == "play"] == [text, second]
    finally:
        service.render_pool.close()


class Gate:
    """Drawings that wait until the gate opens, each counted (what it drew) when it is done."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Semaphore(0)
        self.drawn: list[Any] = []

    def __call__(self, game: str, view: dict[str, Any]) -> bytes:
        self.started.release()
        assert self.open.wait(HANG_GUARD_S)
        self.drawn.append((game, view))
        return tiny_png(json.dumps(view, sort_keys=True, default=str).encode())

    async def fill(self, pool: RenderPool) -> list[asyncio.Future[bytes]]:
        """Take every place of ``pool`` with a drawing of another channel each, begun and
        waiting at the gate: what is asked of the pool now waits for its turn."""
        busy = [pool.latest(("busy", n), self, "busy", {"n": n}) for n in range(pool.places())]
        for _ in busy:
            assert await asyncio.to_thread(self.started.acquire, True, HANG_GUARD_S)
        return busy


async def until(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    """Wait (on the event loop) until ``condition()`` holds (a guard against a hang only)."""
    for _ in range(int(HANG_GUARD_S * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def test_of_the_drawings_of_one_channel_waiting_for_the_pool_only_the_newest_is_drawn() -> None:
    pool = RenderPool(0)
    gate = Gate()
    busy = await gate.fill(pool)
    first = pool.latest(7, gate, "cuba", {"v": 1})
    second = pool.latest(7, gate, "cuba", {"v": 2})
    other = pool.latest(8, gate, "goa", {"v": 1})
    third = pool.latest(7, gate, "cuba", {"v": 3})
    assert pool.waiting(7) and pool.waiting(8)
    gate.open.set()
    drawn = await asyncio.gather(first, second, third, other, *busy)
    newest = tiny_png(json.dumps({"v": 3}).encode())
    assert drawn[:3] == [newest, newest, newest]  # every caller gets the newest picture
    assert [view for game, view in gate.drawn if game != "busy"] == [{"v": 3}, {"v": 1}]
    assert (pool.drawn, pool.coalesced) == (len(busy) + 2, 2)
    # asked for while its channel's drawing runs, a picture waits for a drawing of its own
    gate.open.clear()
    gate.started = threading.Semaphore(0)  # the drawings above released it too: count anew
    running = pool.latest(7, gate, "cuba", {"v": 4})
    assert await asyncio.to_thread(gate.started.acquire, True, HANG_GUARD_S)
    after = pool.latest(7, gate, "cuba", {"v": 5})
    gate.open.set()
    assert await running != await after
    # both drawn, each on its own; they run side by side, so either may finish first
    assert sorted(view["v"] for _, view in gate.drawn[-2:]) == [4, 5]


async def test_a_waiting_drawing_takes_in_a_newer_one_as_merge_says() -> None:
    pool = RenderPool(0)
    gate = Gate()
    busy = await gate.fill(pool)
    merged = pool.latest(7, gate, "cuba", {"v": 1}, merge=lambda old, new: (new[0], {**old[1], **new[1]}))
    again = pool.latest(7, gate, "cuba", {"w": 2}, merge=lambda old, new: (new[0], {**old[1], **new[1]}))
    gate.open.set()
    await asyncio.gather(*busy)
    assert await merged == await again == tiny_png(json.dumps({"v": 1, "w": 2}, sort_keys=True).encode())


async def test_moves_do_not_wait_for_their_pictures_under_the_lock_and_a_busy_channel_draws_its_newest(
    env,
) -> None:
    """With every place of the pool taken, two moves of one channel are both stored and
    answered from one drawing: the second move did not wait for the first one's pictures, and
    the board both outcomes carry is the newest."""
    gate = Gate()
    service = await env.service(renderer=gate)
    gate.open.set()
    await seated(env, service, [ANA, BO])  # the start's board drawn
    before = len(gate.drawn)
    gate.open.clear()
    pool = service.render_pool
    busy = await gate.fill(pool)
    first = asyncio.create_task(play_first_legal(service, CHANNEL))
    await until(lambda: pool.waiting(CHANNEL), "the first move's pictures wait for the pool")
    second = asyncio.create_task(play_first_legal(service, CHANNEL))  # the lock is free again
    await until(lambda: pool.coalesced == 1, "the second move's pictures take the first one's place")
    assert not first.done()  # it waits for its pictures, the lock let go
    gate.open.set()
    (one, pk, text_one), (two, _, text_two) = await asyncio.gather(first, second)
    await asyncio.gather(*busy)
    assert one.ok and two.ok
    assert [a.text for a in await service.store.actions(pk) if a.kind == "play"] == [text_one, text_two]
    boards = [view for game, view in gate.drawn[before:] if game == "tiny"]
    assert len(boards) == 1  # one drawing for the two moves
    table = service.tables.cached[pk]
    assert {k: v for k, v in boards[0].items() if k != "since"} == service.presenter.view(table, None)
    drawn = tiny_png(json.dumps(boards[0], sort_keys=True, default=str).encode())
    assert [m.image for m in one.public if m.image] == [drawn]
    assert [m.image for m in two.public if m.image] == [drawn]


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie nobody reaped yet has ended too)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def test_workers_exit_when_the_bot_process_is_killed(tmp_path) -> None:
    """A real SIGKILL of a process owning a render pool and a search pool: every worker notices
    its parent is gone and exits (before, two picture workers were seen running on)."""
    pids_file = tmp_path / "pids.txt"
    owner = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.pool_owner", str(pids_file)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(HANG_GUARD_TICKS):  # until its workers are up (a guard against a hang only)
            if pids_file.exists() and pids_file.read_text().endswith("ready\n"):
                break
            assert owner.poll() is None, owner.stderr.read().decode() if owner.stderr else ""
            time.sleep(0.1)
        workers = [int(pid) for pid in pids_file.read_text().split("\n")[0].split()]
        assert len(workers) >= 2 and not any(gone(pid) for pid in workers)
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        for _ in range(HANG_GUARD_TICKS):
            if all(gone(pid) for pid in workers):
                break
            time.sleep(0.1)
        assert [pid for pid in workers if not gone(pid)] == []
    finally:
        if owner.poll() is None:
            owner.kill()
            owner.wait()
        if owner.stderr is not None:
            owner.stderr.close()
