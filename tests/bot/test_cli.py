"""``tradewinds run|demo|sync`` without Discord: the missing token, the token kept out of
the logs, the demo for every game."""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import discord
import pytest

from bot.config import VARIABLES, Settings, load_settings
from bot.ops import cli
from engine import GAMES, history
from engine.core import Result
from tests.waiting import HANG_GUARD_S

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.not-a-real-token-0123456789abcdefghijkl"


def run_cli(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot.ops.cli ARGS`` in ``cwd`` with a clean environment plus ``env``."""
    base = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",) and not k.startswith("PYTEST")}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot.ops.cli", *args],
        cwd=cwd,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_run_without_a_token_prints_one_line_and_exits_2(tmp_path):
    done = run_cli(["run"], tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [cli.NO_TOKEN]
    assert "Traceback" not in done.stderr


def test_an_empty_token_in_dotenv_counts_as_missing(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=DEBUG\n")
    done = run_cli(["sync"], tmp_path)
    assert done.returncode == 2 and done.stderr.splitlines() == [cli.NO_TOKEN]


def test_a_setting_that_cannot_be_read_is_one_line_too(tmp_path):
    done = run_cli(["run"], tmp_path, DISCORD_TOKEN=TOKEN, REMINDER_AFTER_SECONDS="soon")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "tradewinds: REMINDER_AFTER_SECONDS must be a whole number, not 'soon' (seconds, e.g. 43200 for 12 hours)."
    ]
    assert TOKEN not in done.stderr


def test_the_token_never_reaches_the_log(monkeypatch, capsys):
    """``run`` with a token: everything the bot logs (settings, messages with the token as an
    argument or inside an exception) goes through the redacting handler."""
    import bot.adapter.client

    def fake_run_bot(settings: Settings) -> int:
        log = logging.getLogger("discord.http")
        log.info("settings: %s", settings)
        log.info("logging in with %s", settings.discord_token)
        log.warning(f"header Authorization: Bot {settings.discord_token}")
        try:
            raise RuntimeError(f"refused token {settings.discord_token}")
        except RuntimeError:
            log.exception("login failed")
        return 0

    monkeypatch.setattr(bot.adapter.client, "run_bot", fake_run_bot)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.chdir(ROOT / "tests")  # no .env there
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    try:
        assert cli.main(["run"]) == 0
    finally:
        root.handlers[:], root.level = saved
    err = capsys.readouterr().err
    assert "logging in with [redacted]" in err and "Bot [redacted]" in err
    assert "refused token [redacted]" in err and "discord_token=<set>" in err
    assert TOKEN not in err


def test_redaction_filter_alone():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(cli.RedactSecrets(["s3cret"]))
    log = logging.getLogger("tests.redact")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("a %s b %d", "xs3cretx", 5)
        log.warning("plain line")
    finally:
        log.removeHandler(handler)
    assert stream.getvalue().splitlines() == ["a x[redacted]x b 5", "plain line"]


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_demo_writes_ordered_boards_for_every_game(game, tmp_path, capsys):
    """The real renderer, a few moves."""
    out = tmp_path / "boards"
    assert cli.main(["demo", "--game", game, "--players", "2", "--out", str(out), "--max-turns", "3"]) == 0
    files = sorted(p.name for p in out.iterdir())
    assert files == [f"{game}-0000{i}.png" for i in range(4)]
    assert all((out / f).read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for f in files)
    assert "Stopped after 3 moves" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_demo_plays_a_whole_game_and_prints_the_ranking(game, tmp_path):
    """A whole game (pictures by stand-in renderers, to stay fast): one board per move plus
    the set-up, the summary from every state, and the printed ranking is the engine's."""
    drawn: list[dict] = []
    said: list[str] = []
    summaries: list[int] = []

    def summary(game_id: str, states: list, names: dict, bots: list, lang: str) -> bytes:
        assert game_id == game and names["p0"] == "Computer 1" and bots == ["p0", "p1", "p2"]
        summaries.append(len(states))
        return b"summary"

    def renderer(game_id: str, view: dict) -> bytes:
        assert game_id == game and view["names"]["p0"] == "Computer 1"
        drawn.append(view)
        return b"png"

    result = cli.play_demo(
        game, 3, tmp_path, seed=5, renderer=renderer, summary_renderer=summary, say=said.append
    )
    assert isinstance(result, Result)
    moves = len(drawn) - 1
    assert len(list(tmp_path.iterdir())) == moves + 2 and moves > 20
    assert (tmp_path / "summary.png").read_bytes() == b"summary" and summaries == [moves + 1]
    assert said[0] == f"{GAMES[game].title}: {moves} moves, {moves + 1} boards in {tmp_path}."
    places = result.places or {s: i + 1 for i, s in enumerate(result.ranking)}
    expected = [
        f"  {places[s]}. Computer {int(s[1:]) + 1} ({s}): {result.scores[s]} points" for s in result.ranking
    ]
    assert said[1:] == ["Final scores:", *expected]
    # The same seed plays the same game.
    again: list[str] = []
    cli.play_demo(
        game,
        3,
        tmp_path / "again",
        seed=5,
        renderer=lambda g, v: b"png",
        summary_renderer=summary,
        say=again.append,
    )
    assert again[1:] == said[1:]


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_demo_export_is_a_file_tradewinds_replay_rebuilds(game, tmp_path, capsys):
    """``demo --export FILE`` without pictures: the file is in the export format, and
    ``tradewinds replay`` rebuilds the same game (its final scores printed the same)."""
    path = tmp_path / "games" / f"{game}.json"
    assert cli.main(["demo", "--game", game, "--players", "2", "--seed", "3", "--export", str(path)]) == 0
    played = capsys.readouterr().out.splitlines()
    export = history.loads(path.read_bytes())
    assert export["game"] == game and export["seed"] == 3 and export["status"] == "finished"
    assert [s["computer"] for s in export["seats"]] == ["heuristic", "heuristic"]
    assert played[0] == f"{GAMES[game].title}: {len(export['actions'])} moves."
    scores = played[played.index("Final scores:") :]
    drawn: list[dict] = []
    result = cli.replay_file(
        path, tmp_path / "out", renderer=lambda g, v: drawn.append(v) or b"png",
        summary_renderer=lambda *a: b"summary", say=played.append,
    )  # fmt: skip
    assert isinstance(result, Result) and len(drawn) == len(export["actions"]) + 1
    assert played[-len(scores) :] == scores
    # Stopped early: an active game, which replays to where it stopped.
    short = tmp_path / "short.json"
    assert (
        cli.main(["demo", "--game", game, "--players", "2", "--export", str(short), "--max-turns", "4"]) == 0
    )
    assert history.loads(short.read_bytes())["status"] == "active"
    assert cli.main(["replay", str(short), "--out", str(tmp_path / "short")]) == 0


def test_demo_needs_a_folder_or_a_file(capsys):
    assert cli.main(["demo", "--game", "cuba"]) == 2
    assert "--export FILE" in capsys.readouterr().err


def test_demo_refuses_a_player_count_the_game_does_not_have(tmp_path, capsys):
    assert cli.main(["demo", "--game", "goa", "--players", "7", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines() == ["tradewinds: Goa is for 2 to 4 players."]
    assert list(tmp_path.iterdir()) == []


def test_env_example_lists_every_setting_with_its_default():
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    values = dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))
    assert set(values) == set(VARIABLES)
    assert load_settings(values, dotenv=False) == Settings()


def test_readme_commands_are_the_ones_ci_and_the_console_script_use():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert (
        ci == "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/mypy"
        " && .venv/bin/python -m pytest -q -n auto --dist worksteal"
    )
    assert f"```sh\n{ci}\n```" in readme
    assert (
        "```sh\npython3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/tradewinds run\n```"
        in readme
    )
    assert "docs/cuba-board.png" in readme and (ROOT / "docs" / "cuba-board.png").exists()
    permissions = discord.Permissions(
        view_channel=True,
        send_messages=True,
        create_public_threads=True,  # a thread per table
        send_messages_in_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )
    assert f"permissions={permissions.value}" in readme and f"**{permissions.value}**" in readme
    guide = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")  # the README links it
    assert "(docs/operating.md)" in readme
    for variable in VARIABLES:
        assert f"`{variable}`" in guide, variable


def test_readme_names_every_game_option():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in ("cuba", "santiago", "goa"):
        for option in GAMES[game].options:
            assert f"| `{option}` |" in readme, option


def test_a_token_discord_refuses_is_one_log_line_and_exit_2(monkeypatch, tmp_path, capsys):
    import bot.adapter.client as client

    async def refuse(self, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(client.TradewindsBot, "start", refuse)
    settings = Settings(discord_token=TOKEN, database_path=str(tmp_path / "t.db"))
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    try:
        cli.setup_logging(settings)
        assert client.run_bot(settings) == 2
    finally:
        root.handlers[:], root.level = saved
    err = capsys.readouterr().err
    assert "Discord refused the token (DISCORD_TOKEN)" in err
    assert "Traceback" not in err and TOKEN not in err


def test_deploy_files_run_the_bot_as_a_user_with_the_database_on_a_volume():
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    assert dockerfile.startswith("#") and "FROM python:3.11-slim" in dockerfile
    user_line = next(line for line in dockerfile.splitlines() if line.startswith("USER "))
    assert user_line != "USER root" and dockerfile.index(user_line) < dockerfile.index(
        'CMD ["tradewinds", "run"]'
    )
    assert 'VOLUME ["/data"]' in dockerfile and "DATABASE_PATH=/data/tradewinds.db" in dockerfile
    compose = (ROOT / "deploy" / "compose.sqlite.yaml").read_text(encoding="utf-8")
    assert "dockerfile: deploy/Dockerfile" in compose and "tradewinds-data:/data" in compose
    # Past one process: PostgreSQL and two shards of two, each checked by its heartbeat.
    sharded = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8")
    assert (
        "image: postgres:16" in sharded
        and "pg_isready" in sharded
        and "condition: service_healthy" in sharded
    )
    assert (
        sharded.count('SHARD_COUNT: "2"') == 2 and 'SHARD_IDS: "0"' in sharded and 'SHARD_IDS: "1"' in sharded
    )
    assert sharded.count("HEALTH_FILE:") == 2 and '"tradewinds", "health"' in sharded
    assert sharded.count("DATABASE_URL: postgresql://tradewinds:") == 2
    unit = (ROOT / "deploy" / "tradewinds.service").read_text(encoding="utf-8")
    assert "ExecStart=/opt/tradewinds/.venv/bin/tradewinds run" in unit and "User=tradewinds" in unit
    assert "RestartPreventExitStatus=2" in unit  # a missing token is not retried in a loop


def test_health_reads_the_age_of_the_running_bots_heartbeat(tmp_path, monkeypatch, capsys):
    beat = tmp_path / "alive"
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("HEALTH_FILE", str(beat))
    assert cli.main(["health"]) == 1
    assert capsys.readouterr().out == f"unhealthy: no heartbeat yet ({beat})\n"
    beat.touch()
    assert cli.main(["health"]) == 0
    healthy = re.fullmatch(r"healthy: the last heartbeat is ([0-9]+) s old\n", capsys.readouterr().out)
    assert healthy and int(healthy[1]) <= 60  # (its age is whatever the machine's load made it)
    old = time.time() - 120
    os.utime(beat, (old, old))
    assert cli.main(["health", "--max-age", "60"]) == 1
    said = capsys.readouterr().out
    unhealthy = re.fullmatch(r"unhealthy: the last heartbeat is ([0-9]+) s old \(more than 60 s\)\n", said)
    assert unhealthy and int(unhealthy[1]) >= 120
    monkeypatch.delenv("HEALTH_FILE")
    assert cli.main(["health"]) == 2
    assert "HEALTH_FILE is not set" in capsys.readouterr().err


async def test_the_timer_loop_beats_after_every_round_it_reached_the_store(tmp_path):
    import asyncio

    from bot.adapter.delivery import run_timers
    from bot.service.front import GameService
    from bot.stores.sqlite import Store
    from tests.doubles.gateway import RecordingGateway

    store = await Store.open(str(tmp_path / "t.db"))
    service = GameService(store, Settings(), renderer=lambda g, v: b"", turn_renderer=lambda *a: None)
    beats: list[float] = []
    stop = asyncio.Event()

    def beat() -> None:
        beats.append(time.time())
        if len(beats) == 3:
            stop.set()

    await asyncio.wait_for(
        run_timers(service, RecordingGateway(), interval=0.01, stop=stop, heartbeat=beat), HANG_GUARD_S
    )
    assert len(beats) == 3
    await store.close()
    stop.clear()
    beats.clear()
    rounds, upkeep = [], service.upkeep

    async def counted_upkeep():  # each round begins with it: three rounds, then stop
        rounds.append(1)
        if len(rounds) == 3:
            stop.set()
        return await upkeep()

    service.upkeep = counted_upkeep
    await asyncio.wait_for(
        run_timers(service, RecordingGateway(), interval=0.01, stop=stop, heartbeat=beat), HANG_GUARD_S
    )
    assert len(rounds) == 3 and beats == []  # the store is closed: the rounds failed, none beat


def test_doctor_says_it_checks_sqlite_files_only(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://tw:secret@db/tradewinds")
    assert cli.main(["doctor"]) == 2
    assert capsys.readouterr().err == (
        "tradewinds: doctor checks a SQLite file (--database PATH); "
        "it does not check the PostgreSQL database of DATABASE_URL.\n"
    )
