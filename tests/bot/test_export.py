"""/game export and the end-of-game summary through the service: a whole game of each real game
with computer seats, exported, rebuilt offline by engine.history — the final state and result
equal the stored ones, an undone move is not in the file; a running game is refused."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from bot.service import records
from bot.texts import t
from engine import GAMES, history
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, seated, tiny_png


class FakeSummary:
    """Stands in for engine.summary + render.summary: records what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[Any], dict[str, str], list[str], str]] = []

    def __call__(
        self,
        game: str,
        states: Iterable[Any],
        names: dict[str, str],
        bots: list[str],
        lang: str,
        hints: dict[str, int] | None = None,
    ) -> bytes:
        states = list(states)  # they come one at a time, as the replay makes them
        self.calls.append((game, states, names, bots, lang))
        self.hints = hints
        return tiny_png(f"summary {game} {len(states)}".encode())


async def service(env, **settings):
    svc = await env.service(bot_delay_s=1.0, **settings)
    svc.summary_renderer = FakeSummary()
    return svc


async def play_out(env, svc, pk: int, game: str, *, undo: bool = True) -> int:
    """Play the game to its end: computer seats by their timers, Ana at random; right after one
    of her moves that may be taken back, she takes it back (once). Returns how many she undid."""
    rules = GAMES[game]
    me = player(game, "random", 3)
    undone = 0
    for _ in range(5000):
        row = await svc.store.game(pk)
        if row.status != "active":
            return undone
        _, state_json = await svc.store.state(pk)
        state = rules.load(json.loads(state_json))
        if "p0" not in rules.to_act(state):
            env.clock.advance(1.0)
            for outcome in await svc.run_due_timers():
                await env.deliver(svc, outcome, interaction=None)
            continue
        action = me.choose(rules.view(state, "p0"), rules.legal(state, "p0"))
        outcome = await svc.act(CHANNEL, ANA, str(action))
        assert outcome.ok, (str(action), outcome.ephemeral)
        await env.deliver(svc, outcome)
        if undo and not undone and (await svc.undo(CHANNEL, ANA)).ok:
            undone += 1
    raise AssertionError("the game did not end")


async def exported(svc, channel: int = CHANNEL) -> tuple[dict, Any]:
    outcome = await svc.export(channel, ANA)
    assert outcome.ok, outcome.ephemeral
    [message] = outcome.public
    [file] = message.attachments
    return history.loads(file.data), message


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
async def test_export_of_a_finished_game_replays_to_the_stored_state(env, game):
    svc = await service(env)
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", game, seed=21)).ok
    for _ in range(2):
        assert (await svc.add_bot(CHANNEL, ANA, "random")).ok
    await env.deliver(svc, await svc.start(CHANNEL, ANA), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    for _ in range(2):  # Ana asked for two hints (counted as tests/bot/test_strong_seats.py shows)
        await svc.store.add_hint(pk, "p0")
    undone = await play_out(env, svc, pk, game)
    row = await svc.store.game(pk)
    assert row.status == "finished"

    data, message = await exported(svc)
    assert message.attachments[0].name == f"tradewinds-{game}-{pk}.json"
    assert message.image is None and message.choices == []
    assert data["game"] == game and data["seed"] == 21 and data["status"] == "finished"
    assert data["seats"] == [
        {"seat": "p0", "name": "Ana", "computer": None},
        {"seat": "p1", "name": "Computer 1", "computer": "random"},
        {"seat": "p2", "name": "Computer 2", "computer": "random"},
    ]
    # The effective log only: no undo row, no undone move.
    log = await svc.store.actions(pk)
    plays = [a for a in log if a.kind == "play"]
    undos = [a for a in log if a.kind == "undo"]
    assert len(undos) == undone
    assert undone == 1, "Ana never had a move she could take back"
    taken_back = {u.undoes for u in undos}
    assert data["actions"] == [{"seat": a.seat, "action": a.text} for a in plays if a.n not in taken_back]
    # Rebuilt offline: the same state and result as stored.
    rules = GAMES[game]
    final = history.final_state(data)
    assert (await svc.store.state(pk))[1] is None  # a finished game keeps no state cache
    state_json = json.dumps(rules.dump(await svc.replay(pk)))  # its state: the log replayed
    assert json.loads(json.dumps(rules.dump(final))) == json.loads(state_json)
    assert data["result"] == json.loads(await svc.store.result(pk))
    assert data["result"] == json.loads(json.dumps(rules.result(final).to_dict()))

    # The end-of-game summary went with the final-scores message.
    final_message = next(m for _, m in reversed(env.gateway.public) if m.image is not None)
    assert "Final scores" in final_message.text
    assert [a.name for a in final_message.attachments] == ["summary.png"]
    [(drawn_game, states, names, bots, lang)] = svc.summary_renderer.calls
    assert svc.summary_renderer.hints == {"p0": 2}  # the summary shows the hints used
    assert (drawn_game, names, bots, lang) == (
        game,
        {"p0": "Ana", "p1": "Computer 1", "p2": "Computer 2"},
        ["p1", "p2"],
        "en",
    )
    assert len(states) == len(data["actions"]) + 1
    assert json.loads(json.dumps(rules.dump(states[-1]))) == json.loads(state_json)


async def test_an_undone_move_is_left_out(env):
    """The tiny game: Ana takes 3 and takes it back, then plays on; the file has neither."""
    svc = await service(env)
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    assert (await svc.act(CHANNEL, ANA, "bid 0")).ok and (await svc.act(CHANNEL, BO, "bid 0")).ok
    assert (await svc.act(CHANNEL, ANA, "take 3")).ok
    assert (await svc.undo(CHANNEL, ANA)).ok
    for user, text in ((ANA, "take 1"), (ANA, "done"), (BO, "take 2"), (BO, "done")):
        assert (await svc.act(CHANNEL, user, text)).ok, text
    data, _ = await exported(svc)
    assert [(a["seat"], a["action"]) for a in data["actions"]] == [
        ("p0", "bid 0"), ("p1", "bid 0"), ("p0", "take 1"), ("p0", "done"), ("p1", "take 2"), ("p1", "done"),
    ]  # fmt: skip
    state = history.final_state(data)
    assert state["points"] == {"p0": 4, "p1": 2}
    assert data["result"]["ranking"] == ["p0", "p1"]


async def test_a_running_game_or_a_lobby_is_not_exported(env):
    svc = await service(env)
    assert (await svc.export(CHANNEL, ANA)).ephemeral == t("no_game")
    await seated(env, svc, [ANA, BO], start=False)
    assert (await svc.export(CHANNEL, ANA)).ephemeral == t("export_not_started")
    assert (await svc.start(CHANNEL, ANA)).ok
    refused = await svc.export(CHANNEL, BO)
    assert not refused.ok and refused.ephemeral == t("export_running") and refused.public == []


async def test_an_abandoned_game_is_exported_and_replays(env):
    svc = await service(env)
    await seated(env, svc, [ANA, BO])
    assert (await svc.act(CHANNEL, ANA, "bid 2")).ok and (await svc.act(CHANNEL, BO, "bid 1")).ok
    assert (await svc.abandon(CHANNEL, ANA)).ok
    data, message = await exported(svc)
    assert data["status"] == "abandoned" and "result" not in data and len(data["actions"]) == 2
    assert message.text == t("export_posted", title="Tiny Test Game", id=1, actions=2)
    assert (await svc.store.state(1))[1] is None  # a closed game keeps no state cache
    stored = json.loads(json.dumps(GAMES["tiny"].dump(await svc.replay(1))))
    assert GAMES["tiny"].dump(history.final_state(data)) == stored
    assert svc.summary_renderer.calls == []  # abandoned: no summary
    # A new lobby in the channel (and one that expired) does not hide it.
    assert (await svc.new_game(CHANNEL, 9, BO, "Bo", "tiny")).ok
    assert (await svc.abandon(CHANNEL, BO)).ok
    assert (await svc.new_game(CHANNEL, 9, BO, "Bo", "tiny")).ok
    again, _ = await exported(svc)
    assert again == data


async def test_a_failing_summary_loses_nothing_but_the_picture(env):
    svc = await service(env)

    def broken(*args: Any) -> bytes:
        raise RuntimeError("no picture today")

    svc.summary_renderer = broken
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    for user, text in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done")):
        assert (await svc.act(CHANNEL, user, text)).ok
    outcome = await svc.act(CHANNEL, BO, "done")
    assert outcome.ok and "Final scores" in outcome.public[0].text
    assert outcome.public[0].attachments == [] and outcome.public[0].image is not None
    assert json.loads(await svc.store.result(1))["ranking"] == ["p0", "p1"]


async def test_a_game_finished_before_results_were_kept_is_exported_too(env):
    """A finished game without a kept result (finished by an older version): the result is
    worked out from the stored state, and kept."""
    svc = await service(env)
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    for user, text in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done"), (BO, "done")):
        assert (await svc.act(CHANNEL, user, text)).ok
    store = svc.store
    await store.execute("UPDATE games SET result = NULL")
    assert await store.result(1) is None
    data, _ = await exported(svc)
    assert data["result"]["ranking"] == ["p0", "p1"]
    assert json.loads(await store.result(1)) == data["result"]
    assert records.export_name(await store.game(1)) == "tradewinds-tiny-1.json"


# ---------------------------------------------------------------------- through the Discord adapter


async def test_export_command_posts_the_file_in_the_channel(env):
    from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

    svc = await service(env)
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    early = FakeInteraction(client, BO)
    await invoke("game export", early)
    assert early.ephemeral_texts() == [t("export_running")]
    for user, text in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done")):
        assert (await svc.act(CHANNEL, user, text)).ok
    last = FakeInteraction(client, BO)
    await invoke("play", last, action="done")
    # The final-scores message carries the board and the summary picture.
    content, kwargs = client.public()[-1]
    assert "Final scores" in content and "file" not in kwargs
    assert [f.filename for f in kwargs["files"]] == ["board.png", "summary.png"]
    ask = FakeInteraction(client, BO)
    await invoke("game export", ask)
    assert ask.deleted and ask.answers() == []
    content, kwargs = client.public()[-1]
    assert content == t("export_posted", title="Tiny Test Game", id=1, actions=4)
    assert kwargs["file"].filename == "tradewinds-tiny-1.json" and "view" not in kwargs
    data = history.loads(kwargs["file"].fp.read())
    assert [s["name"] for s in data["seats"]] == ["Ana", "Bo"] and data["status"] == "finished"


async def test_the_real_summary_picture_goes_with_the_final_scores(env):
    """engine.summary + render.summary, from the service's replay of the log (a whole Goa game
    between Ana and a computer player)."""
    svc = await env.service(bot_delay_s=1.0)
    assert svc.summary_renderer is records.default_summary_renderer
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "goa", seed=5)).ok
    assert (await svc.add_bot(CHANNEL, ANA, "random")).ok
    await env.deliver(svc, await svc.start(CHANNEL, ANA), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    await play_out(env, svc, pk, "goa", undo=False)
    final = next(m for _, m in reversed(env.gateway.public) if m.image is not None)
    [summary] = final.attachments
    assert summary.name == "summary.png" and summary.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(summary.data) > 20_000
