"""The render pool: boards drawn in worker processes give the same bytes as in this process, and
a worker that dies loses no move — the render is tried again on a fresh pool, or the text goes
out alone and the next board goes out as usual. The workers die with the process that owns
them."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

import render
from bot.render_pool import RenderFailed, RenderPool
from bot.service.front import default_renderer
from engine import GAMES
from tests.bot import render_workers
from tests.bot.conftest import ANA, BO, CHANNEL, seated

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
