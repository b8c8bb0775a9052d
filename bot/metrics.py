"""What a running bot counts, for Prometheus: an opt-in HTTP endpoint (``METRICS_PORT``).

Every figure lives in this module's own registry (:data:`REGISTRY`), so the endpoint shows the
bot's figures and Python's process figures, nothing a library registered by itself. The parts of
the bot record into it where the thing happens:

* ``tradewinds_moves_total{kind}`` — actions stored (``play`` or ``undo``; people's and computer
  players'), in the store's transaction that logs them; ``rate(…[5m])`` is moves per second;
* ``tradewinds_command_seconds{command}`` — an interaction from its arrival to its answer
  delivered (a slash command by its name, a button as ``button``); ``tradewinds_command_errors_total``
  — those that failed with an exception;
* ``tradewinds_pool_queue{pool}`` / ``tradewinds_pool_seconds{pool}`` — pictures (``render``) and
  searches (``search``) waiting or running in the worker pools, and how long each took;
* ``tradewinds_store_seconds{backend,operation}`` — every store operation (one transaction);
* ``tradewinds_timers_total{kind}`` / ``tradewinds_timers_late_total{kind}`` /
  ``tradewinds_timer_lateness_seconds{kind}`` — timers that fell due and ran, those that ran more
  than :data:`TIMER_LATE_S` after their time, and by how much;
* ``tradewinds_dms_refused_total`` — DMs Discord refused (the person's DMs are closed);
* ``tradewinds_open_games{shard,status}`` — the open games (lobbies and running games) of this
  process's shards, per shard, as the timer loop last counted them in the store (each minute).

Several shard processes each serve their own endpoint (one port each); Prometheus adds them up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

#: A timer that runs more than this many seconds after it fell due counts as late (the timer
#: loop looks every few seconds; a minute means the process was stalled or overloaded).
TIMER_LATE_S = 60.0

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)

#: Seconds: from a millisecond to the 30 s a render may take before it is given up.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

MOVES = Counter("tradewinds_moves", "Actions stored (play or undo)", ["kind"], registry=REGISTRY)
COMMAND_SECONDS = Histogram(
    "tradewinds_command_seconds",
    "An interaction from its arrival to its answer delivered",
    ["command"],
    buckets=BUCKETS,
    registry=REGISTRY,
)
COMMAND_ERRORS = Counter(
    "tradewinds_command_errors", "Interactions that failed with an exception", ["command"], registry=REGISTRY
)
POOL_QUEUE = Gauge(
    "tradewinds_pool_queue", "Jobs waiting or running in a worker pool", ["pool"], registry=REGISTRY
)
POOL_SECONDS = Histogram(
    "tradewinds_pool_seconds",
    "One job of a worker pool, waiting included",
    ["pool"],
    buckets=BUCKETS,
    registry=REGISTRY,
)
STORE_SECONDS = Histogram(
    "tradewinds_store_seconds",
    "One store operation (a transaction)",
    ["backend", "operation"],
    buckets=BUCKETS,
    registry=REGISTRY,
)
TIMERS = Counter("tradewinds_timers", "Timers that fell due and ran", ["kind"], registry=REGISTRY)
TIMERS_LATE = Counter(
    "tradewinds_timers_late",
    f"Timers that ran more than {TIMER_LATE_S:.0f} s late",
    ["kind"],
    registry=REGISTRY,
)
TIMER_LATENESS = Histogram(
    "tradewinds_timer_lateness_seconds",
    "How long after its time a timer ran",
    ["kind"],
    buckets=(0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 3600.0),
    registry=REGISTRY,
)
DMS_REFUSED = Counter("tradewinds_dms_refused", "DMs Discord refused", registry=REGISTRY)


def timer_ran(kind: str, lateness_s: float) -> None:
    """A claimed timer runs ``lateness_s`` seconds after it fell due."""
    TIMERS.labels(kind).inc()
    TIMER_LATENESS.labels(kind).observe(max(0.0, lateness_s))
    if lateness_s > TIMER_LATE_S:
        TIMERS_LATE.labels(kind).inc()


@contextmanager
def pool_job(pool: str) -> Iterator[None]:
    """One job of a worker pool: counted in the queue until it ends, and timed."""
    gauge = POOL_QUEUE.labels(pool)
    gauge.inc()
    start = time.perf_counter()
    try:
        yield
    finally:
        gauge.dec()
        POOL_SECONDS.labels(pool).observe(time.perf_counter() - start)


class OpenGames(Collector):
    """``tradewinds_open_games{shard,status}``, read when Prometheus scrapes from the last count
    (``counts`` gives ``(guild id, status, count)``: the store's answer, which the timer loop
    refreshes each minute — the collector runs in the endpoint's thread and cannot ask the store
    itself), ``shard_of`` the shard of a guild."""

    def __init__(
        self,
        counts: Callable[[], list[tuple[int | None, str, int]]],
        shard_of: Callable[[int | None], int],
    ):
        self.counts = counts
        self.shard_of = shard_of

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "tradewinds_open_games",
            "Open games (lobbies, running games) of this process's shards, counted in the store each minute",
            labels=["shard", "status"],
        )
        totals: dict[tuple[str, str], int] = {}
        for guild, status, n in self.counts():
            key = (str(self.shard_of(guild)), status)
            totals[key] = totals.get(key, 0) + n
        for (shard, status), n in sorted(totals.items()):
            family.add_metric([shard, status], n)
        yield family


class Endpoint:
    """The running ``/metrics`` endpoint (``METRICS_PORT``): :meth:`close` stops it."""

    def __init__(self, server: Any, thread: Any, collector: Collector | None) -> None:
        self.server, self.thread, self.collector = server, thread, collector

    @property
    def port(self) -> int:
        return int(self.server.server_port)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
        if self.collector is not None:
            REGISTRY.unregister(self.collector)


def serve(port: int, address: str = "127.0.0.1", *, open_games: OpenGames | None = None) -> Endpoint:
    """Serve :data:`REGISTRY` over HTTP at ``address:port`` (port 0: any free one), in a thread
    (``prometheus_client``'s own server); with the process's open games when given."""
    if open_games is not None:
        REGISTRY.register(open_games)
    server, thread = start_http_server(port, addr=address, registry=REGISTRY)
    return Endpoint(server, thread, open_games)
