"""Pictures drawn off the event loop, in a small bounded pool of worker processes.

Drawing a board is pure Python and Pillow calls that hold the GIL for most of their ~25 ms: in a
thread of the bot's own process it starves the event loop (every other game's commands wait for
it). So the bot draws in ``workers`` separate processes (``RENDER_WORKERS``, by default one per
core beyond the one that runs the event loop, at least one: :func:`bot.config.default_render_workers`); a render sends the view (plain data) and gets
PNG bytes back. ``workers=0`` draws in a thread of this process, as tests and small tools do.

* **Bounded**: at most ``workers`` renders run and :data:`QUEUED` per worker wait at once (the
  drawings of :meth:`RenderPool.latest` in threads: one worker's worth); a further caller waits
  its turn on the event loop.
* **The newest pictures of a channel only** (:meth:`RenderPool.latest`): a move's pictures asked
  for while the same channel's previous ones still wait for their turn take their place — the
  newer view is drawn once, at the older one's place in the queue, and both callers get it. A
  busy channel thus costs the pool one drawing per turn of the pool, not one per move (the
  moves do not wait for their pictures under the channel's lock: :mod:`bot.service.pictures`).
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
from collections.abc import AsyncIterator, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

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


#: How a drawing waiting for its turn takes in a newer one of its key: (the waiting one's
#: arguments, the newer one's) → the arguments drawn for both.
Merge = Callable[[tuple[Any, ...], tuple[Any, ...]], tuple[Any, ...]]


@dataclass
class _Waiting(Generic[T]):
    """A drawing that waits for its turn in the pool: what it will draw (the newest arguments
    asked for its key) and everyone who waits for it."""

    fn: Callable[..., T]
    args: tuple[Any, ...]
    futures: list[asyncio.Future[T]] = field(default_factory=list)


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
        #: Per key (a channel), the drawing of :meth:`latest` that waits for its turn.
        self._waiting: dict[Hashable, _Waiting[Any]] = {}
        self._drawing: set[asyncio.Task[None]] = set()
        #: Drawings done by :meth:`latest`, and the requests a newer one of their key replaced.
        self.drawn = 0
        self.coalesced = 0

    # ------------------------------------------------------------------ running

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (or a thread), without blocking the event loop; counted in
        the pool's queue while it waits and runs, and timed (:func:`bot.metrics.pool_job`)."""
        with metrics.pool_job(self.name):
            return await self._run(fn, *args)

    def latest(
        self, key: Hashable, fn: Callable[..., T], *args: Any, merge: Merge | None = None
    ) -> asyncio.Future[T]:
        """Start drawing ``fn(*args)`` for ``key`` (a channel) and return the future picture; a
        drawing of ``key`` still waiting for its turn is not drawn: this one takes its place in
        the queue (its arguments ``merge(waiting, these)`` when given), and its callers get this
        picture too (the module docstring). The drawing runs in a task of its own, so the
        caller may await the future later (after letting go of the channel's lock)."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        waiting = self._waiting.get(key)
        if waiting is not None:
            waiting.fn, waiting.args = fn, (args if merge is None else merge(waiting.args, args))
            waiting.futures.append(future)
            self.coalesced += 1
            return future
        waiting = self._waiting[key] = _Waiting(fn, args, [future])
        task = asyncio.create_task(self._draw_latest(key, waiting))
        self._drawing.add(task)
        task.add_done_callback(self._drawing.discard)
        return future

    def places(self) -> int:
        """How many renders may run or wait in the executor at once (beyond them, callers wait
        their turn on the event loop)."""
        return max(1, self.workers) * (1 + QUEUED)

    def waiting(self, key: Hashable) -> bool:
        """Whether a drawing of ``key`` (:meth:`latest`) waits for its turn."""
        return key in self._waiting

    async def _draw_latest(self, key: Hashable, waiting: _Waiting[T]) -> None:
        with metrics.pool_job(self.name):
            try:
                async with self._slot():
                    if self._waiting.get(key) is waiting:
                        del self._waiting[key]  # drawing from now on: a newer one waits anew
                    self.drawn += 1
                    result = await self._attempts(waiting.fn, *waiting.args)
            except BaseException as error:  # each caller gets it, as from run()
                for future in waiting.futures:
                    if not future.done():
                        future.set_exception(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                return
            finally:
                if self._waiting.get(key) is waiting:
                    del self._waiting[key]
            for future in waiting.futures:
                if not future.done():
                    future.set_result(result)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.workers == 0 or not self._is_sendable(fn):
            return await asyncio.to_thread(fn, *args)
        async with self._slot():
            return await self._attempts(fn, *args)

    @asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """One of the pool's places: a render runs or waits in the executor while it holds one."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.places())
        async with self._slots:
            yield

    async def _attempts(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, tried again once on a fresh pool (or in a thread)."""
        if self.workers == 0 or not self._is_sendable(fn):
            return await asyncio.to_thread(fn, *args)
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
