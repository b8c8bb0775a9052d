"""One bad game never stops the bot: corrupted state caches are rebuilt from the log, a game
whose log no longer replays is marked broken (kept, its channel told once, every command answered
with one sentence, abandoned by its host), and every other game starts. ``tradewinds doctor``
finds the same problems offline and repairs them."""

from __future__ import annotations

import json
import sqlite3
import time

from bot.ops import cli
from bot.service.front import GameService
from bot.service.outcome import BOARD, TURN, custom_id
from bot.texts import t
from engine import BUILTIN_GAMES, GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CY, NAMES, Env

USERS = [ANA, BO, CY]
#: How each kind of corruption rewrites a game's row (``state`` is its good cache as JSON).
CACHE_CORRUPTIONS = {
    "truncated": lambda state: state[: len(state) // 2],
    "null": lambda state: None,
    "wrong_shaped": lambda state: json.dumps(
        {k: v for k, v in json.loads(state).items() if k in ("schema", "game")}
    ),
    "refused": lambda state: json.dumps({**json.loads(state), "schema": 999}),
}


async def started(env: Env, svc: GameService, game: str, channel: int, moves: int = 4) -> int:
    """A game of ``game`` in ``channel`` between Ana, Bo and Cy, ``moves`` random moves in."""
    assert (await svc.new_game(channel, 9, ANA, NAMES[ANA], game)).ok
    for user in USERS[1:]:
        assert (await svc.join(channel, user, NAMES[user])).ok
    assert (await svc.start(channel, ANA)).ok
    pk = svc.tables.channel_games[channel]
    for n in range(moves):
        table = svc.tables.cached[pk]
        seat = table.rules.to_act(table.state)[0]
        action = player(game, "random", channel * 100 + n).choose(
            table.rules.view(table.state, seat), table.rules.legal(table.state, seat)
        )
        assert (await svc.act(channel, table.seat(seat).user_id, str(action))).ok
    return pk


def corrupt(path: str, pk: int, state: str | None) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (state, pk))


def break_log(path: str, pk: int) -> None:
    """A log that no longer replays (a move no rules accept, appended as the log allows) and no
    usable cache either."""
    with sqlite3.connect(path) as conn:
        (n,) = conn.execute("SELECT MAX(n) FROM actions WHERE game_pk = ?", (pk,)).fetchone()
        conn.execute(
            "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (?, ?, 'p0', 'fly to the moon', 'play', 0)",
            (pk, n + 1),
        )
        conn.execute("UPDATE games SET state = NULL, version = version + 1 WHERE id = ?", (pk,))


async def acting_user(svc: GameService, pk: int) -> tuple[int, str]:
    table = svc.tables.cached[pk]
    seat = table.rules.to_act(table.state)[0]
    legal = table.rules.legal(table.state, seat)
    return table.seat(seat).user_id, str(legal[0])


async def test_every_corruption_of_every_title_among_healthy_games(env):
    svc = await env.service()
    games: dict[tuple[str, str], tuple[int, int]] = {}  # (title, kind) → (pk, channel)
    kinds = ["healthy", *CACHE_CORRUPTIONS, "log"]
    channel = 600
    for game in BUILTIN_GAMES:
        for kind in kinds:
            channel += 1
            games[game, kind] = (await started(env, svc, game, channel), channel)
    good = {key: (await svc.store.state(pk))[1] for key, (pk, _) in games.items()}
    await env.close()
    for (game, kind), (pk, _) in games.items():
        if kind in CACHE_CORRUPTIONS:
            corrupt(env.path, pk, CACHE_CORRUPTIONS[kind](good[game, kind]))
        elif kind == "log":
            break_log(env.path, pk)

    restarted = await env.service()
    await restarted.warm()  # raised on the first bad row before: the bot started for nobody

    for (game, kind), (pk, channel) in games.items():
        if kind == "log":
            continue
        table = restarted.tables.cached[pk]
        assert table.broken is None, (game, kind)
        assert json.dumps(GAMES[game].dump(table.state)) == json.dumps(json.loads(good[game, kind])), (
            game,
            kind,
        )
        # The cache was rebuilt from the log and written back.
        assert json.loads((await restarted.store.state(pk))[1]) == json.loads(good[game, kind]), (game, kind)
        user, move = await acting_user(restarted, pk)
        assert restarted.autocomplete(channel, user, "")
        assert (await restarted.act(channel, user, move)).ok, (game, kind)

    # Each broken game: kept, marked, its channel told once in one sentence.
    notices = restarted.take_notices()
    broken = {pk: channel for (game, kind), (pk, channel) in games.items() if kind == "log"}
    assert sorted(m.channel_id for n in notices for m in n.public) == sorted(broken.values())
    assert restarted.take_notices() == []
    for (game, kind), (pk, channel) in games.items():
        if kind != "log":
            continue
        sentence = t("game_broken", title=GAMES[game].title)
        [notice] = [m for n in notices for m in n.public if m.channel_id == channel]
        assert notice.text == sentence and notice.image is None and notice.choices == []
        row = await restarted.store.game(pk)
        assert row.status == "active" and row.broken and "fly to the moon" in row.broken
        played = await restarted.store.actions(pk)
        assert played[-1].text == "fly to the moon"  # kept, never deleted
        # /play, a button, the hand and the board all answer that sentence, and change nothing.
        for answer in (
            await restarted.act(channel, ANA, "anything"),
            await restarted.press(custom_id("a", pk, row.version, "anything"), BO, channel),
            await restarted.press(custom_id("h", pk, row.version), CY, channel),
            await restarted.board(channel, ANA),
        ):
            assert (
                not answer.ok
                and answer.ephemeral == sentence
                and answer.public == []
                and answer.private == []
            )
        assert restarted.autocomplete(channel, ANA, "") == []
        assert await restarted.store.actions(pk) == played
        # Told once: a restart does not tell the channel again.
        again = await env.service()
        await again.warm()
        assert again.take_notices() == []
        # (This test never delivers: a restart posts the turn message of each healthy game
        # whose last change never went out, calling whoever is to act — never a broken one's.)
        said = [m for o in await again.run_due_timers() for m in o.public]
        assert all(m.channel_id not in broken.values() and m.live and m.live.role in (TURN, BOARD) for m in said)
        # Only the host may end it; then the channel is free.
        assert not (await restarted.abandon(channel, BO)).ok
        assert (await restarted.abandon(channel, ANA)).ok
        assert (await restarted.store.game(pk)).status == "abandoned"
        assert await restarted.store.actions(pk) == played  # a broken game keeps its whole log
        assert (await restarted.new_game(channel, 9, BO, "Bo", game)).ok


async def test_the_broken_notice_goes_out_with_the_first_timer_round(env):
    svc = await env.service()
    pk = await started(env, svc, "goa", 700)
    await env.close()
    break_log(env.path, pk)
    restarted = await env.service()
    await restarted.warm()
    assert await restarted.next_timer_due() == env.clock.now  # the loop wakes for it at once
    outcomes = await restarted.run_due_timers()
    assert [m.text for o in outcomes for m in o.public] == [t("game_broken", title="Goa")]
    assert await restarted.run_due_timers() == []


async def test_a_game_found_broken_by_a_command_tells_its_channel_with_that_answer(env):
    svc = await env.service()
    pk = await started(env, svc, "cuba", 701)
    other = await env.service()  # another process's memory: it reads the row when asked
    break_log(env.path, pk)
    answer = await other.act(701, ANA, "pick wood")
    sentence = t("game_broken", title="Cuba")
    assert not answer.ok and answer.ephemeral == sentence
    assert [m.text for m in answer.public] == [sentence]  # the channel is told, once
    assert other.take_notices() == []
    assert (await other.act(701, BO, "pick wood")).public == []


# ---------------------------------------------------------------------- tradewinds doctor


def doctor(path: str, *args: str, capsys) -> tuple[int, list[str]]:
    status = cli.main(["doctor", "--database", path, *args])
    return status, capsys.readouterr().out.splitlines()


async def test_doctor_finds_each_problem_says_what_repair_does_and_repairs(env, capsys):
    svc = await env.service(bot_delay_s=0)
    healthy = await started(env, svc, "santiago", 801)
    bad_cache = await started(env, svc, "cuba", 802)
    bad_log = await started(env, svc, "goa", 803)
    # A game whose computer seat is to move lost its timer.
    assert (await svc.new_game(804, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.add_bot(804, ANA, "random")).ok
    assert (await svc.start(804, ANA)).ok
    no_timer = svc.tables.channel_games[804]
    await env.close()

    status, lines = doctor(env.path, capsys=capsys)
    assert status == 0 and lines == ["clean"]

    corrupt(env.path, bad_cache, "{")
    break_log(env.path, bad_log)
    with sqlite3.connect(env.path) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("DELETE FROM timers WHERE game_pk = ? AND kind = 'bot'", (no_timer,))
        conn.execute("INSERT INTO timers (game_pk, kind, due, payload) VALUES (999, 'reminder', 0, '{}')")
        conn.execute(
            "INSERT INTO timers (game_pk, kind, due, payload) VALUES (?, 'lobby_warn', 0, '{}')", (healthy,)
        )
        conn.execute("INSERT INTO seats (game_pk, seat, user_id, name) VALUES (998, 'p0', 77, 'Ghost')")
        conn.execute("UPDATE games SET version = version + 3 WHERE id = ?", (healthy,))

    status, lines = doctor(env.path, capsys=capsys)
    assert status == 1
    problems = lines[:-1]
    assert lines[-1] == f"{len(problems)} problems" and len(problems) == 7
    assert all(" — --repair " in line for line in problems)
    said = "\n".join(problems)
    assert f"game {bad_cache} (cuba, channel 802, active): its state cache is unusable" in said
    assert "rebuilds it from the log" in said
    assert f"game {bad_log} (goa, channel 803, active): its log no longer replays" in said
    assert "marks it broken" in said
    assert (
        f"game {healthy} (santiago, channel 801, active): version" in said and "sets the version to" in said
    )
    assert f"game {no_timer} (tiny" in said and "has no timer" in said
    assert "(reminder, game 999): orphaned: a game that does not exist — --repair deletes it" in said
    assert f"(lobby_warn, game {healthy}): orphaned: a game that is active" in said
    assert "seats of game 998: 1 seats of a game that does not exist — --repair deletes them" in said

    status, lines = doctor(env.path, "--repair", capsys=capsys)
    assert status == 0 and lines[-1] == "repaired 7 problems; clean"
    status, lines = doctor(env.path, capsys=capsys)
    assert status == 0 and lines == ["clean"]

    # The repaired file runs: the rebuilt cache plays, the broken game is refused, the computer
    # seat moves.
    fresh = await env.service(bot_delay_s=0)
    await fresh.warm()
    assert fresh.tables.cached[bad_cache].state is not None
    user, move = await acting_user(fresh, bad_cache)
    assert (await fresh.act(802, user, move)).ok
    assert (await fresh.act(803, ANA, "x")).ephemeral == t("game_broken", title="Goa")
    before = len(await fresh.store.actions(no_timer))
    env.clock.now = time.time() + 1  # the doctor's timer is due at the (real) time it ran
    await fresh.run_due_timers()
    assert len(await fresh.store.actions(no_timer)) == before + 1


async def test_doctor_reports_a_damaged_file_and_a_missing_one(tmp_path, capsys):
    path = tmp_path / "t.db"
    status, lines = doctor(str(path), capsys=capsys)
    assert status == 2 and lines == [f"no database at {path}"]
    path.write_bytes(b"not a database at all" * 100)
    status, lines = doctor(str(path), capsys=capsys)
    assert status == 2 and "cannot be read as a database" in lines[0]


async def test_games_begun_before_the_rules_changed_replay_from_their_base_and_are_not_called_broken(
    env, capsys
):
    """A bad cache of a Cuba or Santiago game begun before issue 14 is rebuilt from its replay
    base (its log no longer replays from the seed), by ``warm()`` and by the doctor alike."""
    from tests.bot.test_cuba_santiago_old_games import RUNNING_CUBA, RUNNING_SANTIAGO, _old_database

    _old_database(env.path, env.clock())
    upgraded = await env.service()  # migrates: the old games get their bases
    await upgraded.warm()  # nothing broken; the computer seats' timers re-armed
    good = {pk: (await upgraded.store.state(pk))[1] for pk in (RUNNING_CUBA, RUNNING_SANTIAGO)}
    for pk in good:  # each loads on its first use, nothing broken
        assert (await upgraded.tables.open(None, pk)).state is not None
    await env.close()
    status, lines = doctor(env.path, capsys=capsys)
    assert status == 0 and lines == ["clean"], lines

    corrupt(env.path, RUNNING_CUBA, "{")
    corrupt(env.path, RUNNING_SANTIAGO, None)
    status, lines = doctor(env.path, capsys=capsys)
    assert status == 1 and len(lines) == 3 and "no longer replays" not in "\n".join(lines)
    assert all(
        "its state cache is unusable" in line and "rebuilds it from the log" in line for line in lines[:2]
    )

    svc = await env.service()
    await svc.warm()
    for pk, state_json in good.items():
        row = await svc.store.game(pk)
        rules = GAMES[row.game]
        assert (await svc.tables.open(None, pk)).state is not None  # rebuilt on its first use
        row = await svc.store.game(pk)
        assert row.broken is None
        rebuilt = (await svc.store.state(pk))[1]
        assert rules.dump(rules.load(json.loads(rebuilt))) == rules.dump(rules.load(json.loads(state_json)))
    await env.close()
    status, lines = doctor(env.path, capsys=capsys)
    assert status == 0 and lines == ["clean"], lines
