"""A process that owns a render pool and a search pool (as the bot does), for the test that
kills it: python -m tests.bot.pool_owner PIDS_FILE — it starts both pools' workers, writes
their process ids to PIDS_FILE (one line, then a line "ready") and waits to be killed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.render_pool import RenderPool
from tests.bot.render_workers import echo


async def main(pids_file: str) -> None:
    render, search = RenderPool(2, warm=False), RenderPool(1, warm=False)
    for pool in (render, search):
        for value in range(pool.workers * 2):  # every worker up
            assert await pool.run(echo, value) == value
    pids = render.worker_pids() + search.worker_pids()
    Path(pids_file).write_text(" ".join(map(str, pids)) + "\nready\n")
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
