"""Metrics and logs: the Prometheus endpoint really served by ``prometheus-client`` and scraped
over HTTP on localhost, its figures following what the bot did (moves, commands, worker pools,
store operations, timers due and late, refused DMs, open games per shard); and JSON log lines
(``LOG_FORMAT=json``) that carry the guild, shard, game and interaction of the command they
come from. Every figure is compared with a count of events, never with a time."""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import logging
import socket
import threading
import urllib.request
from types import SimpleNamespace
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.adapter.client import start_metrics
from bot.config import Settings, SettingsError, load_settings
from bot.ops import cli
from bot.render_pool import RenderPool
from bot.service.outcome import Outcome, PrivateMessage
from tests.bot.conftest import ANA, BO, CHANNEL, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

Sample = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def scrape(port: int) -> Sample:
    """Every sample the endpoint serves, by name and labels (read over HTTP, as Prometheus does)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = answer.read().decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(sample: Sample, name: str, **labels: str) -> float:
    return sample.get((name, tuple(sorted(labels.items()))), 0.0)


def command(name: str, interaction: FakeInteraction) -> FakeInteraction:
    interaction.command = SimpleNamespace(qualified_name=name)  # as discord.py sets it
    return interaction


async def test_the_endpoint_counts_what_the_bot_did(env):
    svc = await env.service()
    port = free_port()
    endpoint = start_metrics(Settings(metrics_port=port), svc)
    assert endpoint is not None and endpoint.port == port
    try:
        await seated(env, svc, [ANA, BO])
        await svc.timers.count_open_games()  # (the timer loop's upkeep counts them each minute)
        before = scrape(port)
        assert value(before, "tradewinds_open_games", shard="0", status="active") == 1
        client = FakeClient(svc)
        played = 0
        for user, action in ((ANA, "bid 1"), (BO, "bid 0"), (ANA, "take 2"), (BO, "take 9")):
            version = (await svc.store.open_game(CHANNEL)).version
            await invoke("play", command("play", FakeInteraction(client, user)), action=action)
            played += (await svc.store.open_game(CHANNEL)).version - version
        assert played == 3  # "take 9" is refused: nothing stored
        # a refused DM, a reminder that fell due two minutes late, a render waiting in its pool
        env.gateway.refuse_dms_for.add(BO)
        await env.deliver(svc, Outcome(private=[PrivateMessage(BO, "psst")]))
        env.clock.advance(env.settings.reminder_after_s + 120)
        await svc.run_due_timers()
        pool, started, release = RenderPool(0, name="render"), threading.Event(), threading.Event()

        def draw() -> bytes:
            started.set()
            release.wait(30)
            return b"png"

        job = asyncio.ensure_future(pool.run(draw))
        await asyncio.to_thread(started.wait, 30)
        during = scrape(port)
        release.set()
        assert await job == b"png"
        after = scrape(port)
    finally:
        endpoint.close()

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("tradewinds_moves_total", kind="play") == 3
    assert grew("tradewinds_command_seconds_count", command="play") == 4
    assert grew("tradewinds_command_errors_total", command="play") == 0
    assert grew("tradewinds_store_seconds_count", backend="SQLite", operation="append_action") == 3
    assert grew("tradewinds_dms_refused_total") == 1
    assert grew("tradewinds_timers_total", kind="reminder") == 1
    assert grew("tradewinds_timers_late_total", kind="reminder") == 1
    assert grew("tradewinds_timer_lateness_seconds_bucket", kind="reminder", le="60.0") == 0
    assert grew("tradewinds_timer_lateness_seconds_bucket", kind="reminder", le="300.0") == 1
    assert (
        value(during, "tradewinds_pool_queue", pool="render")
        == value(before, "tradewinds_pool_queue", pool="render") + 1
    )
    assert value(after, "tradewinds_pool_queue", pool="render") == value(
        before, "tradewinds_pool_queue", pool="render"
    )
    # the service's own boards were drawn in its render pool before; between the two scrapes
    # only the job held waiting ended
    assert grew("tradewinds_pool_seconds_count", pool="render") > 1
    assert (
        value(after, "tradewinds_pool_seconds_count", pool="render")
        - value(during, "tradewinds_pool_seconds_count", pool="render")
        == 1
    )
    assert value(after, "tradewinds_open_games", shard="0", status="active") == 1
    assert value(after, "process_cpu_seconds_total") > 0  # the process's own figures too
    with pytest.raises(OSError):  # closed: nothing listens any more
        scrape(port)


async def test_open_games_are_counted_per_shard(env):
    """Two shards of four served by this process: each open game under its guild's shard."""
    svc = await env.service(shard_count=4, shard_ids=(1, 3))
    guilds = {1: (1_000_000 * 4 + 1) << 22, 3: (1_000_000 * 4 + 3) << 22}
    await seated(env, svc, [ANA, BO], guild=guilds[1], channel=601)
    await seated(env, svc, [ANA, BO], guild=guilds[3], channel=602)
    await seated(env, svc, [ANA, BO], guild=guilds[3], channel=603, start=False)
    await svc.upkeep()  # the timer loop's round: it counts them
    port = free_port()
    endpoint = start_metrics(Settings(metrics_port=port), svc)
    try:
        seen = scrape(port)
    finally:
        endpoint.close()
    assert value(seen, "tradewinds_open_games", shard="1", status="active") == 1
    assert value(seen, "tradewinds_open_games", shard="3", status="active") == 1
    assert value(seen, "tradewinds_open_games", shard="3", status="lobby") == 1


async def test_open_games_are_counted_in_the_store_loaded_or_not(env):
    """A process that restarted holds no game in memory until its first use: the gauge still
    counts every open game of its shards, from the store, and follows a game that closes."""
    first = await env.service()
    await seated(env, first, [ANA, BO])
    await seated(env, first, [ANA, BO], channel=CHANNEL + 1, start=False)
    restarted = await env.service()  # the same database, nothing loaded yet
    await restarted.upkeep()
    assert restarted.tables.cached == {}
    port = free_port()
    endpoint = start_metrics(Settings(metrics_port=port), restarted)
    try:
        seen = scrape(port)
        await first.store.set_status((await first.store.open_game(CHANNEL)).id, "abandoned", env.clock())
        env.clock.advance(61)  # the next count, a minute later
        await restarted.upkeep()
        later = scrape(port)
    finally:
        endpoint.close()
    assert value(seen, "tradewinds_open_games", shard="0", status="active") == 1
    assert value(seen, "tradewinds_open_games", shard="0", status="lobby") == 1
    assert value(later, "tradewinds_open_games", shard="0", status="active") == 0
    assert value(later, "tradewinds_open_games", shard="0", status="lobby") == 1


def test_metrics_are_off_unless_asked_for():
    assert Settings().metrics_port is None and start_metrics(Settings(), None) is None  # type: ignore[arg-type]
    assert load_settings({"METRICS_PORT": "9464"}, dotenv=False).metrics_port == 9464
    with pytest.raises(SettingsError, match="METRICS_PORT must be a port number from 1 to 65535"):
        load_settings({"METRICS_PORT": "70000"}, dotenv=False)
    with pytest.raises(SettingsError, match="LOG_FORMAT must be text or json, not 'xml'"):
        load_settings({"LOG_FORMAT": "xml"}, dotenv=False)


# ---------------------------------------------------------------------- JSON logs


@pytest.fixture
def json_log() -> Any:
    stream = io.StringIO()
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    cli.setup_logging(Settings(log_format="json", log_level="INFO", discord_token="sekrit.token"), stream)
    yield stream
    root.handlers[:], root.level = saved


async def dispatch(handling: Any) -> None:
    """As discord.py runs each interaction: in a task of its own, from the client's context
    (here a fresh one: the test's own calls bound games to the test's context)."""
    await asyncio.create_task(handling, context=contextvars.Context())


async def test_every_line_of_a_command_names_its_guild_shard_game_and_interaction(env, json_log):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    client = FakeClient(svc)
    real_board = svc.board
    said = logging.getLogger("tradewinds.test")

    async def board(*args: Any, **kwargs: Any) -> Outcome:
        said.info("before the table is found")
        outcome = await real_board(*args, **kwargs)
        said.info("drawn with token %s", "sekrit.token")  # a secret never reaches the log
        return outcome

    svc.board = board  # type: ignore[method-assign]
    asked = command("game board", FakeInteraction(client, ANA))
    await dispatch(invoke("game board", asked))
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    mine = [line for line in lines if line["logger"] == "tradewinds.test"]
    assert [line["message"] for line in mine] == ["before the table is found", "drawn with token [redacted]"]
    for line in mine:
        assert line["level"] == "INFO" and line["time"].endswith("Z")
        assert (line["guild"], line["shard"], line["channel"]) == (9, 0, CHANNEL)
        assert (line["interaction"], line["command"]) == (asked.id, "game board")
    assert "game" not in mine[0] and mine[1]["game"] == pk  # named from the moment it is found

    # a failure: the exception in the same line, with the same context
    async def broken(*args: Any, **kwargs: Any) -> Outcome:
        raise RuntimeError("the board fell off the table")

    svc.board = broken  # type: ignore[method-assign]
    failed = command("game board", FakeInteraction(client, BO))
    await dispatch(invoke("game board", failed))
    [error] = [json.loads(line) for line in json_log.getvalue().splitlines()[len(lines) :]]
    assert error["level"] == "ERROR" and error["message"] == "handling game board failed"
    assert "RuntimeError: the board fell off the table" in error["exception"]
    assert error["interaction"] == failed.id and error["guild"] == 9


async def test_each_timer_logs_under_its_own_game(env, json_log, monkeypatch):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], channel=701)
    await seated(env, svc, [ANA, BO], channel=702)
    pks = {(await svc.store.open_game(c)).id for c in (701, 702)}
    said = logging.getLogger("tradewinds.test")
    real = svc.timers.handlers["reminder"]

    async def reminder(game_pk: int, payload: Any) -> Any:
        said.info("reminding")
        return await real(game_pk, payload)

    monkeypatch.setitem(svc.timers.handlers, "reminder", reminder)
    env.clock.advance(env.settings.reminder_after_s + 1)
    await svc.run_due_timers()
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    reminding = [line for line in lines if line["message"] == "reminding"]
    assert {line["game"] for line in reminding} == pks and len(reminding) == 2
    assert {line["timer"] for line in reminding} == {"reminder"}


def test_text_logs_stay_as_they_were():
    stream = io.StringIO()
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        cli.setup_logging(Settings(), stream)
        logging.getLogger("tradewinds.test").warning("plain")
    finally:
        root.handlers[:], root.level = saved
    assert stream.getvalue().rstrip().endswith(" WARNING tradewinds.test: plain")
