"""``tradewinds replay FILE --out DIR``: an exported game rebuilt offline — a board after the set-up
and after every action, the summary picture, the final scores; a bad file is one line on stderr
and exit status 2, with nothing drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.ops import cli
from engine import GAMES, history
from tests.bot.test_cli import run_cli
from tests.history.test_export_format import play

ROOT = Path(__file__).resolve().parents[2]


def export_file(tmp_path: Path, game: str, players: int, seed: int, *, stop: int | None = None) -> Path:
    log, state = play(game, players, seed)
    rules = GAMES[game]
    if stop is not None:  # abandoned after ``stop`` actions
        log = log[:stop]
    data = history.export_game(
        game=game,
        options={},
        seed=seed,
        seats=[
            {"seat": f"p{i}", "name": name, "computer": "random" if i else None}
            for i, name in enumerate(["Ana", "李小龍", "Computer 2"][:players])
        ],
        actions=log,
        status="finished" if stop is None else "abandoned",
        result=rules.result(state) if stop is None else None,
        exported="2026-11-23T18:00:00Z",
    )
    path = tmp_path / f"tradewinds-{game}-1.json"
    path.write_text(history.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "players"), [("cuba", 3), ("santiago", 3), ("goa", 2)])
def test_replay_draws_every_turn_and_the_summary(tmp_path, game, players):
    """Stand-in pictures (speed): one board per action plus the set-up, in order, each from the
    public view with the file's names; the summary from every state; the engine's ranking."""
    path = export_file(tmp_path, game, players, seed=8)
    export = json.loads(path.read_text(encoding="utf-8"))
    views: list[dict] = []
    summaries: list[tuple] = []

    def board(game_id: str, view: dict) -> bytes:
        assert (
            game_id == game
            and view["names"]["p0"] == "Ana"
            and view["bots"] == [f"p{i}" for i in range(1, players)]
        )
        views.append(view)
        return b"board %d" % len(views)

    def summary(game_id, states, names, bots, lang) -> bytes:
        summaries.append((game_id, len(states), names, bots, lang))
        return b"summary"

    said: list[str] = []
    out = tmp_path / "out"
    result = cli.replay_file(path, out, renderer=board, summary_renderer=summary, say=said.append)
    moves = len(export["actions"])
    files = sorted(p.name for p in out.iterdir())
    assert files == ["summary.png"] + [f"turn-{n:04d}.png" for n in range(moves + 1)]
    assert (out / "turn-0000.png").read_bytes() == b"board 1"
    assert (out / f"turn-{moves:04d}.png").read_bytes() == b"board %d" % (moves + 1)
    assert summaries == [(game, moves + 1, history.names(export), history.bots(export), "en")]
    assert result.to_dict() == export["result"]
    assert said[0] == f"{GAMES[game].title}: {moves} actions, {moves + 1} boards in {out}."
    assert said[1] == "Final scores:" and len(said) == 2 + players
    for line, seat in zip(said[2:], result.ranking, strict=True):
        assert line.endswith(f"{history.names(export)[seat]} ({seat}): {result.scores[seat]} points")


def test_replay_of_an_abandoned_game_from_the_command_line(tmp_path):
    """The real pictures, through the ``tradewinds`` command: an abandoned game of Goa after four
    actions."""
    path = export_file(tmp_path, "goa", 2, seed=3, stop=4)
    out = tmp_path / "boards"
    done = run_cli(["replay", str(path), "--out", str(out)], tmp_path)
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in out.iterdir())
    assert files == ["summary.png"] + [f"turn-{n:04d}.png" for n in range(5)]
    assert all((out / f).read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for f in files)
    assert done.stdout.splitlines() == [
        f"Goa: 4 actions, 5 boards in {out}.",
        "The game was abandoned before its end: no final scores.",
    ]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("not json at all", "the file is not JSON"),
        ('{"format": "tradewinds-game", "version": 9}', "export version 9 is not known"),
        (None, "cannot read the file"),
    ],
)
def test_a_bad_file_is_one_line_and_exit_2(tmp_path, content, reason):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    out = tmp_path / "out"
    done = run_cli(["replay", str(path), "--out", str(out)], tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"tradewinds: {path}: {reason}") and "Traceback" not in done.stderr
    assert not out.exists()


def test_an_illegal_action_is_named_and_nothing_is_drawn(tmp_path):
    path = export_file(tmp_path, "goa", 2, seed=3, stop=6)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][4]["action"] = "fly to the moon"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert cli.main(["replay", str(path), "--out", str(out)]) == 2
    assert not out.exists()
