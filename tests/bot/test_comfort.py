"""The slow game made comfortable, through the service and the adapter: the catch-up in the turn
message, /game status and /game mine, /game notify (mention, DM, both, none; quiet hours; a
vacation with or without a computer player standing in), reminders, the Rematch button, the
legend, only choices played for the player, and the store behind them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import catchup, hours
from bot.service.outcome import parse_custom_id
from bot.stores.rows import StoreError, UserPrefs
from bot.stores.sqlite import Store
from bot.texts import t
from tests.backends import BACKENDS
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

#: 2026-11-24 20:00 UTC: 21:00 in Amsterdam.
EVENING = datetime(2026, 11, 24, 20, 0, tzinfo=UTC).timestamp()


async def run_timers(env, svc):
    outcomes = await svc.run_due_timers()
    for outcome in outcomes:
        await env.deliver(svc, outcome, interaction=None)
    return outcomes


async def bids(env, svc, amounts: dict[int, int]) -> None:
    for user, amount in amounts.items():
        await env.deliver(svc, await svc.act(CHANNEL, user, f"bid {amount}"))


def turn_message(env) -> str:
    return env.gateway.board().text


# ---------------------------------------------------------------------- catch up


async def test_the_turn_message_says_what_the_others_did_since_ones_last_move(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO, CY]), interaction=None)
    await bids(env, svc, {ANA: 2, BO: 1, CY: 0})  # Ana wins the bid and starts
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "take 2"))
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "done"))
    await env.deliver(svc, await svc.act(CHANNEL, BO, "take 3"))
    await env.deliver(svc, await svc.act(CHANNEL, BO, "done"))
    # Cy's turn: Ana's and Bo's turns since his bid, a line each.
    text = turn_message(env).splitlines()
    assert text[1:4] == [
        t("catch_up_header", names="Cy"),
        "• Ana takes 2 points. · Ana ends the turn.",
        "• Bo takes 3 points. · Bo ends the turn.",
    ]
    await env.deliver(svc, await svc.act(CHANNEL, CY, "take 1"))
    # A turn of one seat only: the message right above says it all, no catch-up.
    await env.deliver(svc, await svc.act(CHANNEL, CY, "done"))
    # Round 2 begins with secret bids; Bo bid 5 (private), Ana 0, Cy 1 → the reveal is public.
    await bids(env, svc, {BO: 4, ANA: 0, CY: 1})
    text = turn_message(env)
    caught = text.splitlines()
    header = caught.index(t("catch_up_header", names="Bo"))
    lines = caught[header + 1 : header + 3]
    # Ana's and Cy's moves since Bo's last move (his bid), one line each, in the order played;
    # the secret bids show only as "has placed a bid" until they are revealed together.
    assert lines[0] == "• Ana has placed a bid."
    assert lines[1].startswith("• Cy has placed a bid.") and "Bids revealed: Ana 0, Bo 4, Cy 1." in lines[1]
    assert "Bo bids 4 in secret" not in text


async def test_catch_up_lines_condense_runs_and_keep_secrets(env):
    from engine import GAMES

    rules = GAMES["tiny"]
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO, CY]), interaction=None)
    await bids(env, svc, {ANA: 2, BO: 1, CY: 0})
    pk = (await svc.store.open_game(CHANNEL)).id
    rows = await svc.store.actions(pk)
    names = {"p0": "Ana", "p1": "Bo", "p2": "Cy"}
    for lang in ("en", "ja"):
        said = catchup.lines(rules, rows, names, ["p1"], lang)
        assert said[0] == t("catch_up_header", lang, names="Bo")
        assert all(line.startswith("• ") for line in said[1:]) and len(said) == 3  # Ana's run, Cy's
        assert not any("2" in line and "Ana" in line and "secret" in line for line in said)
    many = catchup.lines(rules, rows * 4, names, ["p1"], "en")  # more runs than shown
    assert many[1] == "… and 2 turns before these" and len(many) == 2 + catchup.MAX_RUNS


# ---------------------------------------------------------------------- /game status and /game mine


async def test_status_is_a_few_lines_without_a_picture(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    await bids(env, svc, {ANA: 1, BO: 0})
    env.clock.advance(600)
    said = await svc.status(CHANNEL, BO, locale="en")
    assert said.ok and said.ephemeral_image is None and said.public == []
    lines = said.ephemeral.splitlines()
    assert lines[0] == "**Tiny Test Game** · round 1 of 2"
    assert lines[1] == t("status_to_act", names="Ana", since=f"<t:{int(env.clock() - 600)}:R>")
    assert lines[-1].startswith("Board: https://discord.com/channels/9/500/")
    # A look: Bo's marks start from here.
    pk = (await svc.store.open_game(CHANNEL)).id
    seat = next(s for s in await svc.store.seats(pk) if s.user_id == BO)
    assert seat.seen_version == (await svc.store.game(pk)).version
    nl = await svc.status(CHANNEL, BO, locale="nl")
    assert nl.ephemeral.splitlines()[0] == "**Tiny Test Game** · ronde 1 van 2"
    assert not (await svc.status(CHANNEL + 1, BO)).ok


async def test_mine_lists_every_table_of_the_caller_their_turns_first(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)  # bids: both to act
    other = CHANNEL + 7
    assert (await svc.new_game(other, 77, BO, "Bo", "tiny")).ok  # another server, a lobby
    third = CHANNEL + 8
    await env.deliver(svc, await seated(env, svc, [CY, ANA], channel=third), interaction=None)
    await env.deliver(svc, await svc.act(third, ANA, "bid 1"))  # only Cy to bid there
    said = (await svc.mine(ANA)).ephemeral.splitlines()
    assert said[0] == t("mine_header", n=2)
    assert "your turn" in said[1] and "/9/500" in said[1]
    assert "Cy" in said[2] and f"/9/{third}" in said[2]
    bo = (await svc.mine(BO)).ephemeral.splitlines()
    assert bo[0] == t("mine_header", n=2) and "/77/" in bo[-1] and "1/4" in bo[-1]
    assert (await svc.mine(999)).ephemeral == t("mine_none")
    client = FakeClient(svc)
    asked = FakeInteraction(client, ANA)
    await invoke("tradewinds mine", asked)
    assert asked.ephemeral_texts() == ["\n".join(said)]


# ---------------------------------------------------------------------- /game notify


async def test_notify_takes_a_zone_quiet_hours_and_a_vacation(env):
    svc = await env.service()
    env.clock.now = EVENING
    done = await svc.notify(ANA, "dm", time_zone="Europe/Amsterdam", quiet="22:00-07:00")
    assert done.ok and done.ephemeral.splitlines() == [
        t("notify_done", way=t("notify_way_dm")),
        t("notify_quiet", span="22:00–07:00", zone="Europe/Amsterdam"),
    ]
    assert (await svc.store.prefs_of([ANA]))[ANA] == UserPrefs("dm", "Europe/Amsterdam", 1320, 420)
    for bad, said in (
        ({"time_zone": "Mars/Olympus"}, t("notify_bad_zone", zone="Mars/Olympus")),
        ({"quiet": "late"}, t("notify_bad_quiet", quiet="late")),
        ({"vacation_until": "2020-01-01"}, t("notify_bad_vacation", day="2020-01-01", days=365)),
        ({"vacation_until": "someday"}, t("notify_bad_vacation", day="someday", days=365)),
        ({"turn": "pigeon"}, t("notify_unknown", way="pigeon", ways="mention, dm, both, none")),
    ):
        refused = await svc.notify(ANA, **bad)
        assert not refused.ok and refused.ephemeral == said, bad
    assert (await svc.store.prefs_of([ANA]))[ANA].time_zone == "Europe/Amsterdam"  # unchanged
    away = await svc.notify(ANA, vacation_until="2026-12-01", stand_in=True)
    back = datetime(2026, 12, 1, tzinfo=hours.zone("Europe/Amsterdam")).timestamp()
    assert t("notify_away_stand_in", until=f"<t:{int(back)}:f>") in away.ephemeral
    assert (await svc.store.prefs_of([ANA]))[ANA].away_until == back
    off = await svc.notify(ANA, quiet="off", vacation_until="off")
    assert t("notify_no_quiet", zone="Europe/Amsterdam") in off.ephemeral
    client = FakeClient(svc)
    asked = FakeInteraction(client, BO)
    await invoke("tradewinds notify", asked, turn="none", time_zone="Asia/Tokyo", quiet="23:00-08:00")
    assert (await svc.store.prefs_of([BO]))[BO] == UserPrefs("none", "Asia/Tokyo", 1380, 480)
    from bot.adapter.commands import zone_matches

    assert zone_matches("amsterdam") == ["Europe/Amsterdam"]
    assert len(zone_matches("america")) == 25


async def test_quiet_hours_hold_the_call_and_stop_the_clock(env):
    svc = await env.service()
    env.clock.now = EVENING + 2 * 3600  # 23:00 in Amsterdam
    await svc.notify(ANA, "both", time_zone="Europe/Amsterdam", quiet="22:00-07:00")
    started = await seated(env, svc, [ANA, BO])
    # The bids: Ana is in her quiet hours — no DM for her bid (held), no mention; Bo gets both.
    assert [dm.user_id for dm in started.private] == [BO] and started.public[0].mentions == [BO]
    await env.deliver(svc, started, interaction=None)
    await svc.settings(CHANNEL, ANA, clock_hours=2)
    pk = (await svc.store.open_game(CHANNEL)).id
    seven = datetime(2026, 11, 25, 7, 0, tzinfo=hours.zone("Europe/Amsterdam")).timestamp()
    assert [tm.due for tm in await svc.store.timers(pk) if tm.kind == "held"] == [seven]
    await env.deliver(svc, await svc.act(CHANNEL, BO, "bid 1"))
    out = await svc.act(CHANNEL, ANA, "bid 0")  # her move begins at 23:00: she starts the round
    assert out.private == [] and ANA not in out.public[0].mentions
    await env.deliver(svc, out)
    # Her bids and her moves are one turn (she was to act, and still is): the call held at the
    # start is for it.
    assert [tm.due for tm in await svc.store.timers(pk) if tm.kind == "held"] == [seven]
    # His clock runs only after the quiet hours: 07:00 + 2 hours.
    clocks = [tm for tm in await svc.store.timers(pk) if tm.kind == "clock"]
    assert [tm.due for tm in clocks] == [seven + 2 * 3600]
    assert f"<t:{int(seven + 7200)}:R>" in turn_message(env)
    # A reminder during the quiet hours leaves her out (her call is held already).
    env.clock.now = EVENING + 3 * 3600
    assert await run_timers(env, svc) == []
    assert len([tm for tm in await svc.store.timers(pk) if tm.kind == "held"]) == 1
    # At 07:00 the held call is made, once (the reminders due meanwhile do not call her again):
    # a mention and a DM, with the board's link.
    env.clock.now = seven
    outcomes = await run_timers(env, svc)
    mentioned = [m for o in outcomes for p in o.public for m in p.mentions]
    dms = [dm for o in outcomes for dm in o.private]
    assert mentioned == [ANA] and [dm.user_id for dm in dms] == [ANA], [
        (p.text, p.mentions) for o in outcomes for p in o.public
    ]
    assert "https://discord.com/channels/9/500" in dms[0].text
    assert hours.deadline(UserPrefs(), 0, 60) == 60


async def test_a_vacation_with_a_stand_in_and_one_without(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = (await svc.store.open_game(CHANNEL)).id
    await svc.settings(CHANNEL, ANA, clock_hours=1)
    tomorrow = datetime.fromtimestamp(env.clock() + 2 * 86400, UTC).date().isoformat()
    # Bo goes on vacation with a computer player standing in: it bids for him now.
    assert (await svc.notify(BO, vacation_until=tomorrow, stand_in=True)).ok
    assert any(tm.kind == "bot" for tm in await svc.store.timers(pk))
    env.clock.advance(svc.config.bot_delay_s + 1)
    [moved] = await run_timers(env, svc)
    await env.deliver(svc, moved, interaction=None)
    logged = [a for a in await svc.store.actions(pk) if a.seat == "p1"]
    assert logged and logged[-1].text.startswith("bid")
    assert t("stood_in", name="Bo") in "\n".join(m.text for m in moved.public)
    # Ana's vacation has no stand-in: her clock waits until she is back.
    await svc.notify(BO, vacation_until="off")
    assert (await svc.notify(ANA, vacation_until=tomorrow)).ok
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 0"))
    back = hours.day_start(tomorrow, UserPrefs())
    table = svc.tables.cached[pk]
    assert table.rules.to_act(table.state) == ["p0"]  # she starts the round's moves
    assert t("away_waits", name="Ana", until=f"<t:{int(back)}:f>") in turn_message(env)
    # Her clock was set before she left; when it falls due it finds her away and waits: it runs
    # out an hour after she is back.
    env.clock.advance(3700)
    outcomes = await run_timers(env, svc)
    assert not any("clock" in m.text.lower() for o in outcomes for m in o.public)
    clock = [tm.due for tm in await svc.store.timers(pk) if tm.kind == "clock"]
    assert clock == [back + 3600]


# ---------------------------------------------------------------------- Rematch


async def finish_tiny(env, svc, channel=CHANNEL, bots=0):
    await env.deliver(
        svc,
        await seated(env, svc, [ANA, BO], bots=bots, options={"rounds": 1}, channel=channel),
        interaction=None,
    )
    for _ in range(200):
        table = svc.tables.cached.get((await svc.store.latest_game(channel)).id)
        if table is None or table.row.status != "active":
            break
        seat = table.rules.to_act(table.state)[0]
        user = table.seat(seat).user_id
        if user is None:
            env.clock.advance(svc.config.bot_delay_s + 1)
            await run_timers(env, svc)
            continue
        action = (
            "bid 0" if table.state["step"] == "bid" else ("take 1" if not table.state["took"] else "done")
        )
        await env.deliver(svc, await svc.act(channel, user, action))
    return await svc.store.latest_game(channel)


async def test_rematch_opens_a_lobby_with_the_same_game_and_invites_the_players(env):
    svc = await env.service()
    old = await finish_tiny(env, svc, bots=1)
    assert old.status == "finished"
    final = next(m for _id, m in env.gateway.current() if any(c.group == "rematch" for c in m.choices))
    [rematch] = final.choices
    assert rematch.label == t("btn_rematch")
    refused = await svc.press(rematch.custom_id, CY, CHANNEL, user_name="Cy")
    assert not refused.ok and refused.ephemeral == t("rematch_not_player")
    opened = await svc.press(rematch.custom_id, BO, CHANNEL, user_name="Bo")
    assert opened.ok
    new = await svc.store.open_game(CHANNEL)
    assert new.rematch_of == old.id and new.game == "tiny" and new.options == {"rounds": 1}
    seats = await svc.store.seats(new.id)
    assert [(s.name, s.is_bot) for s in seats] == [("Bo", False), ("Computer 1", True)]
    invite = opened.public[-1]
    assert invite.mentions == [ANA] and "<@1>" in invite.text
    [join] = invite.choices
    assert parse_custom_id(join.custom_id).verb == "j"
    await env.deliver(svc, opened)
    again = await svc.press(rematch.custom_id, ANA, CHANNEL, user_name="Ana")
    assert not again.ok and again.ephemeral == t("rematch_open", channel=CHANNEL)
    joined = await svc.press(join.custom_id, ANA, CHANNEL, user_name="Ana")
    assert joined.ok
    assert [s.name for s in await svc.store.seats(new.id)] == ["Bo", "Computer 1", "Ana"]
    assert not (await svc.press(join.custom_id, ANA, CHANNEL, user_name="Ana")).ok  # seated already


async def test_rematch_of_a_table_in_a_thread_gets_a_thread_of_its_own(env):
    from tests.bot.test_table_manners import MAY_THREAD, asking

    svc = await env.service()
    client = FakeClient(svc)
    await invoke("game new", asking(client, ANA), game="tiny", options="rounds=1")
    [(thread, _)] = client.get_channel(CHANNEL).threads
    await invoke("game join", FakeInteraction(client, BO, channel_id=thread))
    await invoke("game start", FakeInteraction(client, ANA, channel_id=thread))
    row = await svc.store.open_game(thread)
    for _ in range(50):
        table = svc.tables.cached.get(row.id)
        if table is None or table.row.status != "active":
            break
        seat = table.rules.to_act(table.state)[0]
        action = "bid 0" if table.state["step"] == "bid" else "done"
        await invoke(
            "play", FakeInteraction(client, table.seat(seat).user_id, channel_id=thread), action=action
        )
    assert (await svc.store.game(row.id)).status == "finished"
    final_view = next(kw["view"] for _text, kw in reversed(client.get_channel(thread).sent) if kw.get("view"))
    button = next(item for item in final_view.children if item.custom_id.startswith("tw:r:"))
    press = FakeInteraction(client, BO, channel_id=thread, component=True)
    press.app_permissions = MAY_THREAD
    await button.callback(press)
    threads = client.get_channel(CHANNEL).threads
    assert len(threads) == 2
    new_thread, opened = threads[-1]
    assert opened["name"] == "Tiny Test Game · Bo"
    new = await svc.store.open_game(new_thread)
    assert new is not None and new.rematch_of == row.id and new.parent_channel_id == CHANNEL
    assert any(f"<#{new_thread}>" in (text or "") for text, _ in client.get_channel(thread).sent)


# ---------------------------------------------------------------------- the legend


async def test_the_legend_comes_in_the_readers_language(env):
    drawn = []

    def legend(game, labels, lang):
        drawn.append((game, labels, lang))
        return b"legend"

    svc = await env.service()
    svc.legend_renderer = legend
    said = await svc.legend(None, ANA, game="cuba", locale="ja")
    assert said.ok and said.ephemeral_image == b"legend" and said.public == []
    game, labels, lang = drawn[-1]
    assert (game, lang) == ("cuba", "ja") and labels["changed"] == t("legend_changed", "ja")
    assert labels["church"].startswith("教会")
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    board = env.gateway.board()
    legend_button = next(c for c in board.choices if parse_custom_id(c.custom_id).verb == "l")
    pressed = await svc.press(legend_button.custom_id, BO, CHANNEL, locale="nl")
    assert pressed.ephemeral == t("legend_header", "nl", title="Tiny Test Game")
    assert drawn[-1][0] == "tiny" and drawn[-1][2] == "nl"
    assert not (await svc.legend(None, ANA, game="chess")).ok


def test_every_game_draws_a_legend_with_the_mark():
    import render
    from bot.service.glance import legend_labels

    for game in ("cuba", "santiago", "goa"):
        plain = render.legend(game, None, "ja")
        worded = render.legend(game, legend_labels(game, "ja"), "ja")
        assert plain.startswith(b"\x89PNG") and worded != plain


# ---------------------------------------------------------------------- only choices


async def test_an_only_choice_is_played_for_the_player_unless_it_is_private_or_turned_off(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO], options={"rounds": 1}), interaction=None)
    await bids(env, svc, {ANA: 1, BO: 0})
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "take 1"))
    out = await svc.act(CHANNEL, ANA, "draw")  # then only "done" is left: played for her
    pk = (await svc.store.open_game(CHANNEL)).id
    last = (await svc.store.actions(pk))[-1]
    assert last.seat == "p0" and last.text == "done" and last.events[0]["kind"] == "auto"
    assert t("auto_played", name="Ana") in out.public[0].text or any(
        t("auto_played", name="Ana") in m.text for m in out.public
    )
    assert (await svc.store.last_acts(pk))["p0"] == last.n - 1  # the table's move, not hers
    assert "Ana" in (await svc.log(CHANNEL, BO)).ephemeral
    # Bo, the host's setting off: his only choice waits for him.
    await svc.settings(CHANNEL, ANA, auto_play=False)
    await env.deliver(svc, await svc.act(CHANNEL, BO, "take 1"))
    await env.deliver(svc, await svc.act(CHANNEL, BO, "draw"))
    table = svc.tables.cached[pk]
    assert table.rules.to_act(table.state) == ["p1"] and (await svc.store.actions(pk))[-1].text == "draw"


async def test_a_secret_only_choice_waits(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO], options={"rounds": 2}), interaction=None)
    await bids(env, svc, {ANA: 5, BO: 0})  # Ana spends every coin
    for user in (ANA, BO):
        await env.deliver(svc, await svc.act(CHANNEL, user, "done"))
    pk = (await svc.store.open_game(CHANNEL)).id
    table = svc.tables.cached[pk]
    assert table.state["step"] == "bid" and table.rules.legal(table.state, "p0") == [
        table.rules.parse(table.state, "p0", "bid 0")
    ]
    assert "p0" in table.rules.to_act(table.state)  # not bid for her: it would tell her coins


# ---------------------------------------------------------------------- the store


@pytest.mark.parametrize("backend", BACKENDS)
async def test_migration_11_and_the_new_store_methods(database):
    store = await database.open()
    try:
        await store.execute("INSERT INTO users (user_id, updated, notify) VALUES (5, 0, 'mention')")
        await store.set_prefs(7, 1.0, notify="both", quiet_from=60, quiet_to=120, time_zone="UTC")
        assert (await store.prefs_of([7, 8]))[7] == UserPrefs("both", "UTC", 60, 120)
        assert (await store.prefs_of([8]))[8] == UserPrefs()
        await store.set_prefs(7, 2.0, quiet_from=None, quiet_to=None)
        assert (await store.prefs_of([7]))[7].quiet_from is None
        with pytest.raises(StoreError):
            await store.set_prefs(7, 2.0, notify="pigeon")
        with pytest.raises(StoreError):
            await store.set_prefs(7, 2.0, colour="blue")
        pk = await store.create_game(
            channel_id=1, guild_id=2, game="tiny", options={}, seed=1, host_id=7, host_name="A",
            now=0, reminder_s=60, clock_s=None, rematch_of=None,
        )  # fmt: skip
        assert [g.id for g in await store.seated_games(7)] == [pk]
        assert await store.seated_games(8) == []
        second = await store.create_game(
            channel_id=3, guild_id=2, game="tiny", options={}, seed=1, host_id=7, host_name="A",
            now=0, reminder_s=60, clock_s=None, rematch_of=pk,
        )  # fmt: skip
        assert (await store.rematch(pk)).id == second and await store.rematch(second) is None
        await store.set_seen(pk, "p0", 4)
        await store.set_seen(pk, "p0", 2)  # never back
        assert (await store.seats(pk))[0].seen_version == 4
        await store.set_auto_single(pk, False)
        assert not (await store.game(pk)).auto_single
    finally:
        await store.close()


async def test_an_old_database_keeps_mention_and_dm_as_both(tmp_path):
    import sqlite3

    from bot.stores.sqlite import MIGRATIONS, _statements

    path = str(tmp_path / "old.db")
    db = sqlite3.connect(path, isolation_level=None)
    for number in range(8):
        for statement in _statements(MIGRATIONS[number]):
            db.execute(statement)
    db.execute("PRAGMA user_version = 8")
    db.execute("INSERT INTO users (user_id, updated, notify) VALUES (1, 0, 'mention+dm')")
    db.close()
    store = await Store.open(path)
    try:
        assert await store.notify_of([1]) == {1: "both"}
    finally:
        await store.close()


# ---------------------------------------------------------------------- through the adapter


async def test_status_legend_and_auto_play_through_the_adapter(env):
    from tests.bot.table_play import find, last_view, use

    svc = await env.service()
    svc.legend_renderer = lambda game, labels, lang: f"{game}:{lang}".encode()
    client = FakeClient(svc)
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    status = FakeInteraction(client, BO)
    await invoke("game status", status)
    [(text, kwargs)] = status.answers()
    assert text == (await svc.status(CHANNEL, BO)).ephemeral and "file" not in kwargs
    legend = FakeInteraction(client, ANA)
    await invoke("tradewinds legend", legend, game="goa")
    [(text, kwargs)] = legend.answers()
    assert text == t("legend_header", title="Goa") and kwargs["file"].fp.read() == b"goa:en"
    # The board's "?" answers the presser alone with the legend of the table's game.
    await invoke("game board", FakeInteraction(client, BO))
    item, cid = find(last_view(client.public()), "l")
    pressed = await use(client, item, cid, BO, CHANNEL)
    assert pressed.ephemeral_texts() == [t("legend_header", title="Tiny Test Game")]
    settings = FakeInteraction(client, ANA)
    await invoke("game settings", settings, auto_play=False)
    assert t("settings_auto_off") in settings.ephemeral_texts()[0]
    assert not (await svc.store.open_game(CHANNEL)).auto_single


async def test_status_shows_the_scores_only_where_the_table_shows_them(env):
    svc = await env.service()
    cases = (
        ("cuba", {}, True),
        ("santiago", {}, False),
        ("santiago", {"open_holdings": True}, True),
        ("goa", {}, True),
    )
    for n, (game, options, shown) in enumerate(cases):
        channel = CHANNEL + 10 + n
        await seated(env, svc, [ANA, BO], game=game, options=options, channel=channel)
        lines = (await svc.status(channel, ANA, locale="ja")).ephemeral.splitlines()
        scores = [line for line in lines if line.startswith(t("status_scores", "ja", scores=""))]
        assert bool(scores) == shown, (game, options, lines)
        if game == "cuba":  # the round of six and the phase, in the reader's language
            phases = {t(f"phase_cuba_{p}", "ja") for p in ("setup", "actions")}
            assert "1/6" in lines[0] and any(p in lines[0] for p in phases), lines[0]


async def test_undo_takes_back_ones_move_with_the_only_choice_played_after_it(env):
    """Cuba, two people, the game of seed 4242 played at random: after the 24th move Ana's (or
    Bo's) "play architect" leaves one choice, "take vp", which the table plays; the player's
    undo takes back both, and the table is as before the move."""
    import json as _json

    from engine import GAMES
    from engine.ai import player

    cuba = GAMES["cuba"]
    states, moves = [cuba.new(["p0", "p1"], 4242)], []
    deciders = {s: player("cuba", "random", i) for i, s in enumerate(("p0", "p1"))}
    for _ in range(24):
        seat = cuba.to_act(states[-1])[0]
        action = deciders[seat].choose(cuba.view(states[-1], seat), cuba.legal(states[-1], seat))
        moves.append((seat, str(action)))
        states.append(cuba.apply(states[-1], seat, action)[0])
    svc = await env.service()
    await seated(env, svc, [ANA, BO], game="cuba")
    pk = (await svc.store.open_game(CHANNEL)).id
    users = {"p0": ANA, "p1": BO}

    def now():
        return _json.dumps(cuba.dump(svc.tables.cached[pk].state), sort_keys=True)

    dumps = [_json.dumps(cuba.dump(s), sort_keys=True) for s in states]
    k = 0
    while k < len(moves):
        if now() == dumps[k]:
            seat, text = moves[k]
            assert (await svc.act(CHANNEL, users[seat], text)).ok
        k = dumps.index(now())  # one move further, or more when the table played only choices
    assert now() == dumps[24]
    seat = cuba.to_act(states[24])[0]
    before = svc.tables.cached[pk].row.version
    assert (await svc.act(CHANNEL, users[seat], "play architect")).ok
    rows = await svc.store.actions(pk)
    assert rows[-1].text == "take vp" and rows[-1].events[0]["kind"] == "auto"
    assert svc.tables.cached[pk].row.version == before + 2 and seat in cuba.to_act(
        svc.tables.cached[pk].state
    )
    undone = await svc.undo(CHANNEL, users[seat])
    assert undone.ok, undone.ephemeral
    assert now() == dumps[24]
    tail = (await svc.store.actions(pk))[-2:]
    assert [(a.kind, a.undoes) for a in tail] == [("undo", rows[-1].n), ("undo", rows[-2].n)]
    # The player chooses again: nothing is played for them straight away.
    assert (
        svc.tables.cached[pk].row.version == before + 4
        and len(cuba.legal(svc.tables.cached[pk].state, seat)) > 1
    )
