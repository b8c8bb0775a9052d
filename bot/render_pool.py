"""Pictures drawn off the event loop, in a small bounded pool of worker processes.

Drawing a board is pure Python and Pillow calls that hold the GIL for most of their ~25 ms: in a
thread of the bot's own process it starves the event loop (every other game's commands wait for
it). So the bot draws in ``workers`` separate processes (``RENDER_WORKERS``, by default one per
core beyond the one that runs the event loop, at least one: :func:`bot.config.default_render_workers`); a render sends the view (plain data) and gets
PNG bytes back. ``workers=0`` draws in a thread of this process, as tests and small tools do.

* **Bounded**: at most ``workers`` renders run and :data:`QUEUED` per worker wait at once; a
  further caller waits its turn on the event loop (its own channel's lock is held, no other).
* **A crashed worker loses nothing**: the move is stored before its picture is drawn. When a
  worker dies (``BrokenProcessPool``) or a render outlives :data:`TIMEOUT_S`, the pool is
  replaced by a fresh one and the render tried once more on it; if that fails too,
  :class:`RenderFailed` is raised and the caller sends its text without the picture.
* A callable that cannot be sent to another process (a lambda, a closure: the stubs of tests
  and benches) runs in a thread, exactly as with ``workers=0``.
* Workers start with :meth:`RenderPool.start` (the bot calls it at start-up) or on first use,
  spawned, not forked (the bot's process has threads), and import Pillow, the fonts and the
  titles' palettes once (:func:`warm_worker`).
* **Workers die with the bot**: a worker waits on its call queue, which nothing closes when
  the bot is killed (SIGKILL, the OOM killer), so it would wait there for ever. Each worker
  looks every :data:`PARENT_CHECK_S` seconds whether the process that started it is still its
  parent, and exits once it is not (:func:`exit_with_parent`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot import metrics

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Renders waiting per worker, beyond the running ones.
QUEUED = 4
#: A render that takes longer than this is given up (its worker is stopped).
TIMEOUT_S = 30.0
#: How often a worker looks whether the bot process that started it is still there.
PARENT_CHECK_S = 1.0


class RenderFailed(RuntimeError):
    """A picture could not be drawn, also not on a fresh pool."""


def warm_worker() -> None:
    """Run once in every new worker: import the renderers and learn the titles' palettes, so
    the first board a player sees is no slower than the others."""
    import render
    from render.palette import title_palette

    for game, module in render.GAME_MODULES.items():
        title_palette(game, module)


def start_worker(parent: int, warm: bool) -> None:
    """Run once in every new worker: watch the parent (:func:`exit_with_parent`, in a daemon
    thread), then warm up (:func:`warm_worker`) when asked."""
    threading.Thread(target=exit_with_parent, args=(parent,), name="parent-watch", daemon=True).start()
    if warm:
        warm_worker()


def exit_with_parent(parent: int) -> None:
    """Exit this worker once ``parent`` (the bot process) is no longer its parent: the bot
    died, and the worker was handed to another process (init)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def sendable(fn: Callable[..., Any]) -> bool:
    """True when ``fn`` can be sent to a worker process (a module-level function)."""
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


class RenderPool:
    """See the module docstring."""

    def __init__(
        self, workers: int = 1, *, timeout_s: float = TIMEOUT_S, warm: bool = True, name: str = "render"
    ) -> None:
        if workers < 0:
            raise ValueError("workers must be 0 (threads) or more")
        self.workers = workers
        self.name = name  # the ``pool`` of its metrics (bot.metrics: queue depth, time)
        self.timeout_s = timeout_s
        self.warm = warm
        self._executor: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        self._sendable: dict[int, bool] = {}
        self.restarts = 0

    # ------------------------------------------------------------------ running

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (or a thread), without blocking the event loop; counted in
        the pool's queue while it waits and runs, and timed (:func:`bot.metrics.pool_job`)."""
        with metrics.pool_job(self.name):
            return await self._run(fn, *args)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.workers == 0 or not self._is_sendable(fn):
            return await asyncio.to_thread(fn, *args)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers * (1 + QUEUED))
        async with self._slots:
            for attempt in (1, 2):
                executor = self._current()
                try:
                    future = asyncio.get_running_loop().run_in_executor(executor, fn, *args)
                    return await asyncio.wait_for(future, self.timeout_s)
                except (BrokenProcessPool, TimeoutError) as error:
                    what = "timed out" if isinstance(error, TimeoutError) else "lost its worker"
                    log.warning("a render %s (attempt %d): starting a fresh render pool", what, attempt)
                    self._replace(executor)
            raise RenderFailed(f"{getattr(fn, '__name__', fn)} failed on two render pools")

    def _is_sendable(self, fn: Callable[..., Any]) -> bool:
        known = self._sendable.get(id(fn))
        if known is None:
            known = self._sendable[id(fn)] = sendable(fn)
        return known

    def _current(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(), self.warm),
            )
        return self._executor

    def _replace(self, executor: ProcessPoolExecutor) -> None:
        """Drop ``executor`` (if it is still the current one) and stop its workers; the next
        render starts a fresh pool. Renders still running on the old one fail and retry."""
        if self._executor is not executor:
            return  # another render already replaced it
        self._executor = None
        self.restarts += 1
        _stop(executor)

    # ------------------------------------------------------------------ lifetime

    def start(self) -> None:
        """Start the workers now, so that they warm up while the bot connects rather than on
        the first board a player asks for."""
        if not self.workers:
            return
        executor = self._current()
        for _ in range(self.workers):
            executor.submit(int)  # a no-op: the pool spawns a worker for each (all of them warm up)

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for memory figures)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def close(self) -> None:
        """Stop the workers (renders still running fail) and wait for them to be gone."""
        if self._executor is not None:
            _stop(self._executor, wait_s=2.0)
            self._executor = None


def _stop(executor: ProcessPoolExecutor, wait_s: float = 0.0) -> None:
    """Shut ``executor`` down, its workers terminated (one may hang), waiting up to ``wait_s``
    for each to end (none on the event loop's path: a dead worker is reaped by the pool)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
        if wait_s:
            process.join(wait_s)
