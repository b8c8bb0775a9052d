"""/game history, /game stats and /game forget-me through the service on a real SQLite file:
a set of finished, abandoned and bot games on two servers, then the lists and figures they give,
then a player forgotten (finished games rewritten at once, a running one when it ends)."""

from __future__ import annotations

import json

from bot.service import records
from bot.stores.queries import USER_ROWS
from bot.texts import t, t_count
from engine import history
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, NAMES
from tests.bot.test_export import service

OUTSIDER = 99

OTHER_CHANNEL, OTHER_SERVER_CHANNEL = 501, 600
THIRD_CHANNEL = 502
GUILD, OTHER_GUILD = 9, 10


async def table(svc, users, *, channel=CHANNEL, guild=GUILD, bots=0):
    """A started one-round tiny game; returns its pk."""
    assert (await svc.new_game(channel, guild, users[0], NAMES[users[0]], "tiny", {"rounds": 1})).ok
    for user in users[1:]:
        assert (await svc.join(channel, user, NAMES[user])).ok
    for _ in range(bots):
        assert (await svc.add_bot(channel, users[0], "random")).ok
    assert (await svc.start(channel, users[0])).ok
    return (await svc.store.open_game(channel)).id


async def win(env, svc, users, winner, *, channel=CHANNEL, guild=GUILD, bots=0, take=3):
    """A whole tiny game in which ``winner`` (a user) wins the bid and takes ``take`` points;
    everyone else bids 0 and passes. Computer seats move by their timers."""
    pk = await table(svc, users, channel=channel, guild=guild, bots=bots)
    order = users  # bids: the winner alone bids 1 (or everyone 0 when the winner sits first)
    for user in order:
        bid = 1 if user == winner and user != users[0] else 0
        assert (await svc.act(channel, user, f"bid {bid}")).ok
    await run_bots(env, svc, pk)
    for _ in range(20):
        row = await svc.store.game(pk)
        if row.status != "active":
            return pk
        _, state_json = await svc.store.state(pk)
        state = json.loads(state_json)
        seat = state["seats"][state["turn"]]
        user = next((u for i, u in enumerate(users) if f"p{i}" == seat), None)
        if user is None:
            await run_bots(env, svc, pk)
            continue
        if user == winner and not state["took"]:
            assert (await svc.act(channel, user, f"take {take}")).ok
        outcome = await svc.act(channel, user, "done")
        assert outcome.ok, outcome.ephemeral
        await env.deliver(svc, outcome)
    raise AssertionError("the tiny game did not end")


async def run_bots(env, svc, pk):
    for _ in range(10):
        env.clock.advance(5.0)
        outcomes = await svc.run_due_timers()
        if not outcomes:
            return
        for outcome in outcomes:
            await env.deliver(svc, outcome, interaction=None)


async def abandoned(svc, users, *, channel=CHANNEL, guild=GUILD):
    pk = await table(svc, users, channel=channel, guild=guild)
    assert (await svc.abandon(channel, users[0])).ok
    return pk


async def a_season(env, svc):
    """Ana on this server: two plain games (one won), one with a computer player (won), one
    abandoned; another channel on this server; one game on another server."""
    env.clock.advance(3600)
    first = await win(env, svc, [ANA, BO], ANA)  # Ana 3 + 3 = 6, Bo 0
    env.clock.advance(3600)
    second = await win(env, svc, [ANA, BO], BO, take=2)  # Bo 3 + 2 = 5, Ana 0
    env.clock.advance(3600)
    third = await win(env, svc, [ANA], ANA, bots=1)  # with a computer player
    env.clock.advance(3600)
    fourth = await abandoned(svc, [ANA, BO])
    env.clock.advance(3600)
    fifth = await win(env, svc, [BO, CY], CY, channel=OTHER_CHANNEL)
    env.clock.advance(3600)
    sixth = await win(env, svc, [ANA, CY], ANA, channel=OTHER_SERVER_CHANNEL, guild=OTHER_GUILD, take=1)
    return first, second, third, fourth, fifth, sixth


# ---------------------------------------------------------------------- stats


async def test_stats_after_a_season(env):
    svc = await service(env)
    await a_season(env, svc)
    figures = await records.player_stats(svc.archive, ANA, GUILD)
    tiny = figures["tiny"]
    assert (tiny.plain.played, tiny.plain.won, tiny.plain.average) == (2, 1, 3.0)
    assert (tiny.with_bots.played, tiny.with_bots.won) == (1, 1)
    assert tiny.abandoned == 1
    shown = await svc.stats(GUILD, ANA, "Ana")
    assert shown.ephemeral == "\n".join(
        [
            t("stats_header", name="Ana"),
            "**Tiny Test Game**",
            t("stats_plain", played=2, won=1, average="3.0"),
            t("stats_with_bots", played=1, won=1, average=f"{tiny.with_bots.average:.1f}"),
            t("stats_abandoned", count=1),
        ]
    )
    # Another server keeps its own figures.
    other = (await records.player_stats(svc.archive, ANA, OTHER_GUILD))["tiny"]
    assert (other.plain.played, other.plain.won, other.plain.average, other.abandoned) == (1, 1, 4.0, 0)
    assert other.with_bots.played == 0
    assert (
        t("stats_plain", "nl", played=2, won=1, average="3,0")
        in (await svc.stats(GUILD, ANA, "Ana", locale="nl")).ephemeral
    )
    bo = (await records.player_stats(svc.archive, BO, GUILD))["tiny"]
    assert (bo.plain.played, bo.plain.won, bo.plain.average, bo.abandoned) == (3, 1, 5 / 3, 1)
    assert (await svc.stats(OTHER_GUILD, BO, "Bo")).ephemeral == t("stats_none", name="Bo")


async def test_a_running_game_does_not_count_and_computer_seats_have_none(env):
    svc = await service(env)
    await table(svc, [ANA, BO], bots=1)
    assert (await svc.stats(GUILD, ANA, "Ana")).ephemeral == t("stats_none", name="Ana")
    assert await svc.store.played_seats(0, GUILD) == []


# ---------------------------------------------------------------------- history


async def test_history_of_the_channel_and_of_the_server(env):
    svc = await service(env)
    first, second, third, fourth, fifth, sixth = await a_season(env, svc)
    here = (await svc.history(CHANNEL, GUILD)).ephemeral.splitlines()
    assert here[0] == t("history_page_channel", page=1, pages=1)
    assert [line.split(" ")[0] for line in here[1:]] == [f"#{pk}" for pk in (fourth, third, second, first)]
    row = await svc.store.game(first)
    assert here[-1] == t(
        "history_line",
        id=first,
        title="Tiny Test Game",
        date=f"<t:{int(row.updated)}:d>",
        players="Ana and Bo",
        outcome=t("history_won", names="Ana", score=6),
    )
    assert here[1].endswith(t("history_abandoned"))
    assert t("history_computer", name="Computer 1") in here[2]
    assert t("history_won", names="Bo", score=5) in here[3]
    server = (await svc.history(CHANNEL, GUILD, scope="server")).ephemeral.splitlines()
    assert server[0] == t("history_page_server", page=1, pages=1)
    assert [line.split(" ")[0] for line in server[1:]] == [
        f"#{pk}" for pk in (fifth, fourth, third, second, first)
    ]
    assert f"<#{OTHER_CHANNEL}>" in server[1] and f"#{sixth}" not in "\n".join(server)
    elsewhere = await svc.history(OTHER_SERVER_CHANNEL, OTHER_GUILD, scope="server")
    assert elsewhere.ephemeral.splitlines()[1].startswith(f"#{sixth} ")


async def test_history_pages_and_empty_lists(env, monkeypatch):
    svc = await service(env)
    assert (await svc.history(CHANNEL, GUILD)).ephemeral == t("history_empty_channel")
    assert (await svc.history(CHANNEL, GUILD, scope="server")).ephemeral == t("history_empty_server")
    await table(svc, [ANA, BO])  # running: not listed
    assert (await svc.history(CHANNEL, GUILD)).ephemeral == t("history_empty_channel")
    assert (await svc.abandon(CHANNEL, ANA)).ok
    assert (await svc.new_game(CHANNEL, GUILD, ANA, "Ana", "tiny")).ok
    assert (await svc.abandon(CHANNEL, ANA)).ok  # a lobby that never started: not listed
    pks = [1]
    for _ in range(4):
        env.clock.advance(60)
        pks.append(await abandoned(svc, [ANA, BO]))
    monkeypatch.setattr(records, "HISTORY_PAGE", 2)
    pages = [(await svc.history(CHANNEL, GUILD, page)).ephemeral.splitlines() for page in (1, 2, 3, 9)]
    assert [p[0] for p in pages] == [t("history_page_channel", page=n, pages=3) for n in (1, 2, 3, 3)]
    listed = [line.split(" ")[0] for page in pages[:3] for line in page[1:]]
    assert listed == [f"#{pk}" for pk in reversed(pks)]
    refused = await svc.history(CHANNEL, GUILD, scope="galaxy")
    assert not refused.ok and refused.ephemeral == t(
        "history_bad_scope", scope="galaxy", scopes="channel, server"
    )


# ---------------------------------------------------------------------- forget-me


def confirm_text(closed: int, running: int) -> str:
    """What /game forget-me asks first, its counts in the language's plural forms."""
    return t(
        "forget_confirm",
        closed=t_count("count_finished_games", "en", closed),
        open=t_count("count_open_games", "en", running),
    )


def forgotten_text(closed: int, running: int) -> str:
    return t(
        "forgotten",
        closed=t_count("count_games", "en", closed),
        open=t_count("count_open_games", "en", running),
    )


async def test_forget_me_asks_first_then_forgets_finished_games_at_once(env):
    svc = await service(env)
    first, second, third, fourth, fifth, sixth = await a_season(env, svc)
    running = await table(svc, [ANA, BO], channel=OTHER_CHANNEL)
    asked = await svc.forget_me(ANA)
    # no settings, no closed DMs, no votes stored: only the games are said
    assert asked.ephemeral == confirm_text(5, 1)
    assert "now in 5 finished or abandoned games, and in 1 open game when each ends" in asked.ephemeral
    assert (await records.player_stats(svc.archive, ANA, GUILD))[
        "tiny"
    ].plain.played == 2  # nothing changed yet

    done = await svc.forget_me(ANA, confirm=True)
    assert done.ephemeral == forgotten_text(5, 1)
    assert (await svc.stats(GUILD, ANA, "Ana")).ephemeral == t("stats_none", name="Ana")
    assert (await svc.stats(OTHER_GUILD, ANA, "Ana")).ephemeral == t("stats_none", name="Ana")
    assert (await records.player_stats(svc.archive, BO, GUILD))["tiny"].plain.played == 3  # Bo keeps his
    for pk in (first, second, third, fourth, sixth):
        seats = await svc.store.seats(pk)
        assert seats[0].name == t("former_player", n=1) and seats[0].user_id is None
        assert all(s.name != "Ana" for s in seats)
        assert (await svc.store.game(pk)).host_id == 0
    assert await svc.store.public_message(first) == ((await svc.store.public_message(first))[0], None)
    # The stored games still replay (the env fixture checks every game at the end too) and
    # their export shows the new name.
    data, _ = await exported_game(svc, CHANNEL)
    assert data["seats"][0]["name"] == t("former_player", n=1)
    history.final_state(data)
    history_text = (await svc.history(CHANNEL, GUILD)).ephemeral
    assert "Ana" not in history_text and t("former_player", n=1) in history_text

    # The running game keeps Ana's seat playable under her name until it ends.
    assert (await svc.store.seats(running))[0].name == "Ana"
    for user, text in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "take 1"), (ANA, "done")):
        assert (await svc.act(OTHER_CHANNEL, user, text)).ok, text
    assert (await svc.act(OTHER_CHANNEL, BO, "done")).ok
    assert (await svc.store.game(running)).status == "finished"
    seat = (await svc.store.seats(running))[0]
    assert (seat.name, seat.user_id) == (t("former_player", n=1), None)
    assert (await svc.stats(GUILD, ANA, "Ana")).ephemeral == t("stats_none", name="Ana")
    assert (await svc.forget_me(ANA)).ephemeral == t("forget_nothing")


async def test_a_seat_a_computer_took_over_is_renamed_too(env):
    svc = await service(env)
    pk = await table(svc, [ANA, BO, CY])
    assert (await svc.leave(CHANNEL, BO)).ok  # Bo's seat goes to a computer player
    assert (await svc.forget_me(BO, confirm=True)).ephemeral.split("\n")[0] == forgotten_text(0, 1)
    assert (await svc.abandon(CHANNEL, ANA)).ok
    seat = (await svc.store.seats(pk))[1]
    assert seat.name == t("former_player", n=2) and seat.is_bot
    assert await svc.store.user_games(BO) == []


def rows_said(rows: dict[str, int]) -> str:
    return records._rows_said(rows, "en")


async def test_forget_me_deletes_every_row_about_the_user_even_without_games(env):
    """Issue 28: the user's own row (language, time zone, quiet hours, vacation), the refused-DM
    row and their votes stayed; a user with no finished game was told there was nothing."""
    svc = await service(env)
    assert (await svc.notify(DEE, "dm", time_zone="Europe/Amsterdam", quiet="22:00-07:00")).ok
    await svc.dm_refused(DEE)
    pk = await table(svc, [ANA, BO, CY, DEE])
    assert (await svc.replace_player(CHANNEL, DEE, CY)).ok  # a vote of Dee's
    assert (await svc.new_game(OTHER_CHANNEL, GUILD, ANA, "Ana", "tiny")).ok
    assert (await svc.join(OTHER_CHANNEL, DEE, "Dee")).ok and (await svc.kick(OTHER_CHANNEL, ANA, DEE)).ok
    # Dee, a moderator, paused a table she does not sit at (/admin pause)
    assert (await svc.new_game(THIRD_CHANNEL, GUILD, ANA, "Ana", "tiny")).ok
    assert (await svc.join(THIRD_CHANNEL, BO, "Bo")).ok and (await svc.start(THIRD_CHANNEL, ANA)).ok
    assert (await svc.pause(THIRD_CHANNEL, DEE, "Dee")).ok
    paused = (await svc.store.open_game(THIRD_CHANNEL)).id
    rows = {
        "users": 1,
        "dm_refused": 1,
        "replace_votes": 1,
        "lobby_removed": 1,
        "decision_dms": 0,
        "paused": 1,
    }
    assert await svc.store.user_rows(DEE) == rows
    asked = await svc.forget_me(DEE)
    assert asked.ephemeral == "\n".join([confirm_text(0, 1), t("forget_would", items=rows_said(rows))])
    assert await svc.store.user_rows(DEE) == rows  # nothing deleted without confirm
    done = await svc.forget_me(DEE, confirm=True)
    assert done.ephemeral == "\n".join([forgotten_text(0, 1), t("forgotten_rows", items=rows_said(rows))])
    assert await svc.store.user_rows(DEE) == {
        "users": 0,
        "dm_refused": 0,
        "replace_votes": 0,
        "lobby_removed": 0,
        "decision_dms": 0,
        "paused": 0,
    }
    for table_name, column in USER_ROWS:
        assert await svc.store.fetch(f"SELECT * FROM {table_name} WHERE {column} = ?", DEE) == []
    # the table she paused stays paused, no longer naming her
    assert await svc.store.fetch("SELECT paused_by FROM games WHERE id = ?", paused) == [(0,)]
    assert (await svc.store.game(paused)).paused_by == 0
    assert (await svc.store.seats(pk))[3].name == "Dee"  # the open game keeps her seat until it ends
    # Someone who never played, with only their settings stored, is not told "nothing".
    assert (await svc.notify(OUTSIDER, "none")).ok
    alone = await svc.forget_me(OUTSIDER, confirm=True)
    gone = {"users": 1, "dm_refused": 0, "replace_votes": 0, "lobby_removed": 0, "paused": 0}
    assert alone.ephemeral == t("forgotten_rows", items=rows_said(gone))
    assert await svc.store.user_rows(OUTSIDER) == {
        "users": 0,
        "dm_refused": 0,
        "replace_votes": 0,
        "lobby_removed": 0,
        "decision_dms": 0,
        "paused": 0,
    }
    assert (await svc.forget_me(OUTSIDER)).ephemeral == t("forget_nothing")


async def exported_game(svc, channel):
    outcome = await svc.export(channel, ANA)
    assert outcome.ok, outcome.ephemeral
    return history.loads(outcome.public[0].attachments[0].data), outcome


# ---------------------------------------------------------------------- through the Discord adapter


async def test_history_stats_and_forget_me_commands(env):
    from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

    svc = await service(env)
    client = FakeClient(svc)
    await a_season(env, svc)
    listing = FakeInteraction(client, BO)
    await invoke("game history", listing, page=1, scope="server")
    assert listing.ephemeral_texts() == [(await svc.history(CHANNEL, GUILD, scope="server")).ephemeral]
    mine = FakeInteraction(client, ANA)
    await invoke("tradewinds stats", mine)
    assert mine.ephemeral_texts() == [(await svc.stats(GUILD, ANA, "Ana")).ephemeral]
    theirs = FakeInteraction(client, ANA)
    await invoke("tradewinds stats", theirs, player=client.get_user(BO))
    [text] = theirs.ephemeral_texts()
    assert (
        text.startswith(t("stats_header", name="Bo")) and text == (await svc.stats(GUILD, BO, "Bo")).ephemeral
    )
    asked = FakeInteraction(client, ANA)
    await invoke("game forget-me", asked)
    # Her commands through Discord remembered her language: her settings row is said, and goes.
    settings = records._rows_said({"users": 1}, "en")
    assert asked.ephemeral_texts() == [confirm_text(5, 0) + "\n" + t("forget_would", items=settings)]
    done = FakeInteraction(client, ANA)
    await invoke("game forget-me", done, confirm=True)
    assert done.ephemeral_texts() == [forgotten_text(5, 0) + "\n" + t("forgotten_rows", items=settings)]
    after = FakeInteraction(client, ANA)
    await invoke("tradewinds stats", after)
    assert after.ephemeral_texts() == [t("stats_none", name="Ana")]
    assert client.public(CHANNEL) == []  # every answer went to the caller alone


async def test_a_database_from_before_migration_6_keeps_its_finished_games(env):
    """Schema 5 (no kept results): a finished game stored then is listed, counted and exported
    after the upgrade, its result worked out from the stored state."""
    import sqlite3

    from bot.stores.sqlite import MIGRATIONS, SCHEMA_VERSION, _statements
    from engine import GAMES
    from tests.history.test_export_format import play

    log, state = play("tiny", 2, seed=7)
    rules = GAMES["tiny"]
    con = sqlite3.connect(env.path)
    for script in MIGRATIONS[:5]:
        for statement in _statements(script):
            con.execute(statement)
    con.execute("PRAGMA user_version = 5")
    con.execute(
        "INSERT INTO games (channel_id, guild_id, game, options, seed, status, host_id, version, state, "
        "created, updated, reminder_s) VALUES (?, ?, 'tiny', '{}', 7, 'finished', ?, ?, ?, 0, 86400, 3600)",
        (CHANNEL, GUILD, ANA, len(log) + 1, json.dumps(rules.dump(state))),
    )
    con.executemany(
        "INSERT INTO seats (game_pk, seat, user_id, name) VALUES (1, ?, ?, ?)",
        [("p0", ANA, "Ana"), ("p1", BO, "Bo")],
    )
    con.executemany(
        "INSERT INTO actions (game_pk, n, seat, text, kind, created) VALUES (1, ?, ?, ?, 'play', 0)",
        [(n, seat, text) for n, (seat, text) in enumerate(log, start=1)],
    )
    con.commit()
    con.close()
    svc = await service(env)
    assert await svc.store.schema_version() == SCHEMA_VERSION >= 6
    result = rules.result(state)
    winner = {"p0": "Ana", "p1": "Bo"}[result.ranking[0]]
    listed = (await svc.history(CHANNEL, GUILD)).ephemeral
    assert t("history_won", names=winner, score=result.scores[result.ranking[0]]) in listed
    figures = (await records.player_stats(svc.archive, ANA, GUILD))["tiny"]
    assert (figures.plain.played, figures.plain.won) == (1, int(result.ranking[0] == "p0"))
    assert figures.plain.points == result.scores["p0"]
    data = (await svc.export(CHANNEL, ANA)).public[0].attachments[0].data
    assert rules.dump(history.final_state(history.loads(data))) == rules.dump(state)


async def test_every_answer_in_every_language(env):
    from engine.i18n import LANGUAGES

    svc = await service(env)
    await a_season(env, svc)
    answers = {}
    for lang in LANGUAGES:
        answers[lang] = [
            (await svc.history(CHANNEL, GUILD, locale=lang)).ephemeral,
            (await svc.history(CHANNEL, GUILD, scope="server", locale=lang)).ephemeral,
            (await svc.stats(GUILD, ANA, "Ana", locale=lang)).ephemeral,
            (await svc.forget_me(ANA, locale=lang)).ephemeral,
            (await svc.export(OTHER_SERVER_CHANNEL, ANA, locale=lang)).public[0].text,
            (await svc.export(999, ANA, locale=lang)).ephemeral,
        ]
    for lang in LANGUAGES[1:]:
        for english, other in zip(
            answers["en"][:4] + answers["en"][5:], answers[lang][:4] + answers[lang][5:], strict=True
        ):
            assert other and other != english, (lang, other)
