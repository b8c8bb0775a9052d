"""The bot in every language it speaks: each game played to its end in each language, a player
who reads Japanese at a Dutch table, ``/game settings language``, and the slash commands'
translations.

Catalogues are strict in the tests (``tests/conftest.py``): a key missing in a language raises
instead of falling back to English, so playing a whole game proves that every sentence it needed
exists. On top of that every text is checked to be in its reader's language: the public messages
in the game's, ephemeral answers in the caller's, DMs in the recipient's remembered language, and
every button label is the engine's label in that language.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.adapter import answering, translator
from bot.adapter.client import TradewindsBot
from bot.adapter.commands import tree_hash, tree_payload
from bot.adapter.delivery import deliver
from bot.config import Settings
from bot.service.choices import members, narrowing_label
from bot.service.front import GameService
from bot.service.outcome import Choice, Outcome, parse_custom_id
from bot.texts import CATALOGUE, t
from engine import GAMES
from engine.ai import player
from engine.i18n import LANGUAGE_NAMES, LANGUAGES, join_list
from tests.bot.conftest import ANA, BO, CHANNEL, CY, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke
from tests.doubles.gateway import RecordingGateway

TITLES = ("cuba", "santiago", "goa")
HAN = re.compile(r"[\u3400-\u9fff]")
KANA = re.compile(r"[\u3040-\u30ff]")
#: The bot's own button labels, by custom_id verb.
BOT_BUTTONS = {
    "t": ("btn_my_turn",),
    "q": ("btn_hint",),
    "h": ("btn_my_hand", "btn_my_hand_santiago"),
    "l": ("btn_legend",),
    "r": ("btn_rematch",),
    "j": ("btn_join",),  # the lobby message's buttons
    "x": ("btn_leave",),
    "b": ("btn_add_computer",),
    "s": ("btn_start",),
}


def written_in(text: str, lang: str, *, short: bool = False) -> bool:
    """Whether ``text`` is plausibly in ``lang``: the scripts tell Chinese and Japanese (kana in
    any sentence; a ``short`` text such as a button label may be kanji alone, 入札 8) from
    English and Dutch; Dutch is told from English by comparing with the English game."""
    if lang in ("zh-CN", "zh-TW"):
        return bool(HAN.search(text)) and not KANA.search(text)
    if lang == "ja":
        return bool(KANA.search(text)) or (short and bool(HAN.search(text)))
    return not HAN.search(text) and not KANA.search(text)


# ---------------------------------------------------------------------- one whole game


@dataclass
class Heard:
    """Everything one game said, in order, with the language each text is for."""

    public: list[str] = field(default_factory=list)
    dms: list[tuple[int, str]] = field(default_factory=list)
    ephemeral: list[tuple[int, str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    checked_labels: int = 0


class Game:
    """Two people (``langs``: user → locale) and a computer player at a table of ``game``,
    played to the end through the service; every outcome is delivered to a recording gateway
    and checked as it comes."""

    def __init__(
        self,
        svc: GameService,
        game: str,
        channel: int,
        langs: dict[int, str],
        public_lang: str,
        pace: float = 0.0,
    ) -> None:
        """``pace``: seconds the clock moves on before each person's move (0: they stay at the
        table, and are named without a ping when called again)."""
        self.svc, self.game, self.channel = svc, game, channel
        self.pace = pace
        self.rules = GAMES[game]
        self.langs, self.public_lang = langs, public_lang
        self.gateway = RecordingGateway()
        self.heard = Heard()
        self.pk = 0
        self.moves = 0

    async def said(self, outcome: Outcome, caller: int | None) -> Outcome:
        """Deliver ``outcome`` and check each of its texts and buttons."""
        await deliver(outcome, self.gateway, self.svc, "interaction" if caller else None)
        table = self.svc.tables.cached.get(self.pk)
        state = table.state if table is not None and table.row.status == "active" else None
        if caller is not None:
            lang = self.langs[caller]
            for text in filter(None, [outcome.ephemeral, outcome.done, *outcome.ephemeral_more]):
                assert written_in(text, lang), (lang, text)
                self.heard.ephemeral.append((caller, text))
            self.check_labels(outcome.ephemeral_choices, state, lang, self.seat_of(caller))
        for msg in outcome.public:
            assert written_in(msg.text, self.public_lang), (self.public_lang, msg.text)
            self.heard.public.append(msg.text)
            self.check_labels(msg.choices, state, self.public_lang, None)
        for dm in outcome.private:
            lang = self.langs[dm.user_id]
            assert written_in(dm.text, lang), (lang, dm.text)
            self.heard.dms.append((dm.user_id, dm.text))
            self.check_labels(dm.choices, state, lang, self.seat_of(dm.user_id))
        return outcome

    def seat_of(self, user: int) -> str | None:
        table = self.svc.tables.cached.get(self.pk)
        seat = table.seat_of(user) if table is not None else None
        return seat.seat if seat is not None else None

    def check_labels(self, choices: list[Choice], state: Any, lang: str, seat: str | None) -> None:
        """Each button says what the engine (or the bot) says for it in ``lang``."""
        legal: dict[str, dict[str, Any]] = {}
        for choice in choices:
            self.heard.labels.append(choice.label)
            if choice.label == t("btn_legend", lang):  # "?": no words, in every language
                continue
            assert written_in(choice.label, lang, short=True), (lang, choice.label)
            parsed = parse_custom_id(choice.custom_id)
            assert parsed is not None
            if parsed.verb in BOT_BUTTONS:
                assert choice.label in {t(key, lang) for key in BOT_BUTTONS[parsed.verb]}, (
                    lang,
                    choice.label,
                )
                continue
            if parsed.verb == "v":  # names a player: its script is checked above
                continue
            assert state is not None, "a play button after the game ended"
            seats = [seat] if seat is not None else self.rules.to_act(state)
            for s in seats:
                if s not in legal:
                    legal[s] = {str(a).lower(): a for a in self.rules.legal(state, s)}
            expected = {
                self.expected_label(state, s, legal[s], parsed.verb, parsed.action, lang) for s in seats
            }
            assert choice.label in expected, (lang, choice.label, expected)
            self.heard.checked_labels += 1

    def expected_label(
        self, state: Any, seat: str, legal: dict[str, Any], verb: str, action: str, lang: str
    ) -> str | None:
        """The engine's label in ``lang`` for a play (``a``) or a narrowing (``n``) button, with
        the table's names (Goa's spy button names the player spied on)."""
        names = self.svc.tables.cached[self.pk].names
        if verb == "a":
            found = legal.get(action)
            return self.rules.label(state, seat, found, lang, names)[:80] if found is not None else None
        # the game's own groups (Goa's flags by ring side and row), keyed by the legal texts
        by_text = self.rules.seat_view(state, seat, lang, names).groups()
        group_of = {text: by_text[str(a)] for text, a in legal.items() if str(a) in by_text}.get
        group = members(list(legal), action, group_of)
        if not group:  # another seat's group: not this seat's button
            return None

        def label(text: str) -> str:
            return self.rules.label(state, seat, legal[text], lang, names)

        count = lambda n: CATALOGUE.plural(lang, "group_count", n)  # noqa: E731 - as the presenter names groups
        joiners = frozenset(t("group_joiners", lang).split())
        return narrowing_label(group, action, label, group_of, count, joiners)[:80]

    async def open(self) -> None:
        svc, channel = self.svc, self.channel
        host, *guests = list(self.langs)
        await self.said(
            await svc.new_game(
                channel, 9, host, "Ana", self.game, locale=self.langs[host], guild_locale=self.public_lang
            ),
            host,
        )
        self.pk = (await svc.store.open_game(channel)).id
        for guest in guests:
            await self.said(await svc.join(channel, guest, "Bo", locale=self.langs[guest]), guest)
        await self.said(await svc.add_bot(channel, host, "random", locale=self.langs[host]), host)
        for user, lang in self.langs.items():  # they want a DM when their turn begins, too
            await self.said(await svc.notify(user, "both", locale=lang), user)
        last = guests[-1] if guests else host
        board = await self.said(await svc.board(channel, last, locale=self.langs[last]), last)
        assert board.ephemeral  # the lobby's seats
        start = await self.said(await svc.start(channel, host, locale=self.langs[host]), host)
        assert start.ok

    async def move(self) -> bool:
        """The next move (a person's, by button when one offers it, else typed; or the
        computer's, by its timer); False once the game is over."""
        table = self.svc.tables.cached.get(self.pk)
        if table is None or table.row.status != "active":
            return False
        rules, state = self.rules, table.state
        humans = [s for s in rules.to_act(state) if s not in table.bots]
        if not humans:
            self.svc.clock.advance(self.svc.config.bot_delay_s + 0.1)
            for outcome in await self.svc.run_due_timers():
                await self.said(outcome, None)
            return True
        seat = humans[0]
        user = table.seat(seat).user_id
        self.svc.clock.advance(self.pace)
        chooser = player(self.game, "heuristic", self.moves)
        action = str(chooser.choose(rules.view(state, seat), rules.legal(state, seat))).lower()
        self.moves += 1
        shown = self.gateway.board()
        board = shown.choices if shown is not None else []
        button = next((c for c in board if c.custom_id.endswith(f":{action}")), None)
        if button is not None and parse_custom_id(button.custom_id).version == table.row.version:
            outcome = await self.svc.press(button.custom_id, user, self.channel, locale=self.langs[user])
        else:
            outcome = await self.svc.act(self.channel, user, action, locale=self.langs[user])
        assert outcome.ok, outcome.ephemeral
        await self.said(outcome, user)
        return True

    async def look_around(self) -> None:
        """What a player asks for on the side: their hand, the log, the rules, the board, a
        refusal (acting out of turn), the settings."""
        svc, channel = self.svc, self.channel
        for user, lang in self.langs.items():
            await self.said(await svc.hand(channel, user, locale=lang), user)
            await self.said(await svc.log(channel, user, locale=lang), user)
            await self.said(await svc.settings(channel, user, locale=lang), user)
            rules = await self.said(await svc.rules_help(None, channel, user_id=user, locale=lang), user)
            told = "\n".join([rules.ephemeral, *rules.ephemeral_more])
            assert all(f"**{title}**\n{text}" in told for title, text in self.rules.help_sections(lang))
            table = svc.tables.cached[self.pk]
            if table.seat_of(user).seat not in self.rules.to_act(table.state):
                refused = await self.said(await svc.act(channel, user, "nonsense", locale=lang), user)
                assert not refused.ok
        await self.said(await svc.board(channel, ANA, locale=self.langs[ANA]), ANA)

    async def play(self, max_moves: int = 5000) -> Heard:
        await self.open()
        for n in range(max_moves):
            if n == 20:
                await self.look_around()
            if not await self.move():
                break
        row = await self.svc.store.game(self.pk)
        assert row.status == "finished", f"{self.game} did not end in {max_moves} moves"
        return self.heard


@pytest.mark.slow
@pytest.mark.parametrize("game", TITLES)
async def test_a_whole_game_in_every_language(env, game):
    """One game of each title per language, a person and a computer player, the person and the
    table speaking that language; the Dutch game says nothing the English one says in the same
    words. (Two seats keep it quick; the Japanese reader below sits at a table of three.)"""
    svc = await env.service()
    heard: dict[str, Heard] = {}
    for n, lang in enumerate(LANGUAGES):
        played = Game(svc, game, CHANNEL + n, {ANA: lang}, lang)
        heard[lang] = await played.play()
        assert heard[lang].checked_labels > 0
        assert heard[lang].dms and heard[lang].ephemeral
        final = t("final_scores", lang, lines="|").split("|")[0]
        assert any(final in text for text in heard[lang].public[-3:]), (lang, heard[lang].public[-3:])
    english, dutch = heard["en"], heard["nl"]
    assert len(dutch.public) == len(english.public)
    # (A message that is the game's name alone — a picture's — reads the same: "Cuba", "Goa".)
    same = [a for a, b in zip(dutch.public, english.public, strict=True) if a == b and "\n" in a]
    assert not same, same[:3]
    assert not set(dutch.ephemeral) & set(english.ephemeral)
    assert not set(dutch.dms) & set(english.dms)


async def test_a_japanese_reader_at_a_dutch_table(env):
    """Ana reads Japanese, Bo Dutch, the server is Dutch: the channel reads Dutch, Ana's answers
    and DMs Japanese — also the DMs that follow someone else's move, from her remembered locale."""
    svc = await env.service()
    played = Game(svc, "santiago", CHANNEL, {ANA: "ja", BO: "nl"}, "nl")
    heard = await played.play()
    assert heard.public and all(not KANA.search(text) for text in heard.public)
    ana_dms = [text for user, text in heard.dms if user == ANA]
    bo_dms = [text for user, text in heard.dms if user == BO]
    assert ana_dms and all(KANA.search(text) for text in ana_dms)
    assert bo_dms and not any(KANA.search(text) for text in bo_dms)
    assert all(KANA.search(text) for user, text in heard.ephemeral if user == ANA)
    assert await svc.store.locale_of([ANA, BO, CY]) == {ANA: "ja", BO: "nl"}


async def test_the_remembered_locale_follows_the_latest_interaction(env):
    svc = await env.service()
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", locale="zh-TW")).ok
    assert await svc.store.locale_of([ANA]) == {ANA: "zh-TW"}
    refused = await svc.join(CHANNEL, ANA, "Ana", locale="ja")
    assert refused.ephemeral == t("already_seated", "ja")
    assert await svc.store.locale_of([ANA]) == {ANA: "ja"}
    again = await svc.join(CHANNEL, ANA, "Ana")  # no locale (a timer, the CLI): the remembered one
    assert again.ephemeral == t("already_seated", "ja")
    fresh = await env.service()  # another process reads it from the database
    assert (await fresh.join(CHANNEL, ANA, "Ana")).ephemeral == t("already_seated", "ja")
    assert (await fresh.join(CHANNEL, ANA, "Ana", locale="nl")).ephemeral == t("already_seated", "nl")
    assert await svc.tables.user_langs([ANA, BO]) == {ANA: "nl", BO: "en"}  # the first one's DMs follow
    assert (await svc.join(CHANNEL, ANA, "Ana", locale="de")).ephemeral == t("already_seated", "en")


async def test_a_new_game_speaks_the_servers_language_else_the_hosts(env):
    svc = await env.service()
    nl = await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", locale="ja", guild_locale="nl")
    assert written_in(nl.public[0].text, "nl") and (await svc.store.open_game(CHANNEL)).language == "nl"
    busy = await svc.new_game(CHANNEL, 9, BO, "Bo", "tiny", locale="zh-CN")
    assert busy.ephemeral == t(
        "channel_busy", "zh-CN", title="Tiny Test Game", status=t("status_lobby", "zh-CN")
    )
    ja = await svc.new_game(CHANNEL + 1, 9, BO, "Bo", "tiny", locale="ja")
    assert KANA.search(ja.public[0].text) and (await svc.store.open_game(CHANNEL + 1)).language == "ja"


# ---------------------------------------------------------------------- /game settings language


async def test_the_host_changes_the_games_language(env):
    svc = await env.service()
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny", guild_locale="en-US")).ok
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    assert (await svc.start(CHANNEL, ANA)).ok
    not_host = await svc.settings(CHANNEL, BO, locale="nl", language="ja")
    assert not not_host.ok and not_host.ephemeral == t("host_only", "nl", host="Ana")
    for bad in ("xx", "Japanese", "日本語", "JA"):
        refused = await svc.settings(CHANNEL, ANA, locale="zh-CN", language=bad)
        names = join_list([f"{LANGUAGE_NAMES[code]} ({code})" for code in LANGUAGES], "zh-CN")
        assert not refused.ok
        assert refused.ephemeral == t("settings_bad_language", "zh-CN", language=bad, languages=names)
    assert (await svc.store.open_game(CHANNEL)).language == "en"
    done = await svc.settings(CHANNEL, ANA, locale="nl", language="ja")
    assert done.ok and "日本語" in done.ephemeral and written_in(done.ephemeral.replace("日本語", ""), "nl")
    [announced] = done.public
    assert announced.text == t("language_set", "ja", language="日本語", title="Tiny Test Game")
    assert (await svc.store.open_game(CHANNEL)).language == "ja"
    board = await svc.board(CHANNEL, BO)
    assert KANA.search(board.public[0].text)
    assert {c.label for c in board.public[0].choices} >= {t("btn_my_hand", "ja")}
    fresh = await env.service()  # the language is stored with the game
    assert KANA.search((await fresh.board(CHANNEL, BO)).public[0].text)
    same = await svc.settings(CHANNEL, ANA, language="ja")
    assert same.ok and same.public == []  # nothing to announce


async def test_settings_language_through_the_slash_command(env):
    svc = await env.service()
    client = FakeClient(svc)
    host = FakeInteraction(client, ANA)
    host.locale = host.guild_locale = discord.Locale.dutch
    await invoke("game new", host, game="tiny", options=None)
    assert written_in(client.public()[-1][0], "nl") and "Tiny Test Game" in client.public()[-1][0]
    settings = FakeInteraction(client, ANA)
    settings.locale = discord.Locale.japanese
    await invoke("game settings", settings, language="zh-TW")
    [said] = settings.ephemeral_texts()
    assert KANA.search(said) and "繁體中文" in said
    assert client.public()[-1][0] == t("language_set", "zh-TW", language="繁體中文", title="Tiny Test Game")
    stranger = FakeInteraction(client, BO)
    stranger.locale = discord.Locale.taiwan_chinese
    await invoke("game hand", stranger)
    assert stranger.ephemeral_texts() == [t("not_started", "zh-TW")]


async def test_the_adapters_own_sentences_follow_the_callers_locale(env):
    svc = await env.service()
    client = FakeClient(svc)
    bad = FakeInteraction(client, ANA)
    bad.locale = discord.Locale.japanese
    await invoke("game new", bad, game="tiny", options="rounds")
    assert bad.ephemeral_texts() == [t("adapter_bad_options", "ja", example="individual_plantations=yes")]
    sync = FakeInteraction(client, BO)
    sync.locale = discord.Locale.dutch
    await invoke("admin sync", sync)
    assert sync.ephemeral_texts() == [t("adapter_owner_only", "nl")]


# ---------------------------------------------------------------------- the command tree


def tree() -> discord.app_commands.CommandTree:
    return TradewindsBot(Settings()).tree


def payload() -> list[dict[str, Any]]:
    return tree_payload(tree())


def test_every_string_of_the_command_tree_has_a_translation():
    """Each name and description in every language (the games' choices by the engines' titles,
    the languages by their own names), and English in the catalogue is the tree's own text."""
    english = translator.CATALOGUE.entries("en")
    strings = list(translator.tree_strings(payload()))
    assert len(strings) > 60
    for kind, key, text in strings:
        if kind == "choice":
            if key in LANGUAGES:
                assert text == LANGUAGE_NAMES[key]
                continue
            for lang in LANGUAGES[1:]:
                assert translator.choice_text(key, lang), (key, lang)
            continue
        assert english.get(key) == text, f"bot/adapter/translator/locales/en.json: {key!r} should be {text!r}"
        for lang in LANGUAGES[1:]:
            assert translator.text(key, lang), f"bot/adapter/translator/locales/{lang}.json lacks {key!r}"
    keys = {key for kind, key, _ in strings if kind != "choice"}
    choices = {f"choice.{key}" for kind, key, _ in strings if kind == "choice"}
    unused = set(english) - keys - choices
    assert not unused, f"translations of strings the tree does not have: {sorted(unused)}"


def test_translated_names_are_valid_and_distinct():
    """Discord's rules for names: 1–32 letters, digits, - or _, lowercase; and within one
    command no two options (or sub-commands) may share a name in any language."""
    localised = translator.localised_payload(payload())
    stack = [(None, localised)]
    checked = 0
    while stack:
        _parent, nodes = stack.pop()
        for code in translator.DISCORD_LOCALES.values():
            names = [node.get("name_localizations", {}).get(code, node["name"]) for node in nodes]
            assert len(set(names)) == len(names), (code, names)
            for name in names:
                assert translator.NAME_RE.match(name) and name == name.lower(), (code, name)
                checked += 1
        for node in nodes:
            for description in node.get("description_localizations", {}).values():
                assert 1 <= len(description) <= 100, description
            if node.get("options"):
                stack.append((node, node["options"]))
    assert checked > 100


async def test_the_translator_answers_what_the_hash_counts():
    """discord.py's sync asks the translator string by string; the result is exactly the
    payload :func:`bot.adapter.translator.localised_payload` computes for the hash."""
    client = TradewindsBot(Settings())
    client.serve = False
    await client._async_setup_hook()
    await client.setup_hook()
    assert isinstance(client.tree.translator, translator.CommandTranslator)
    synced = [
        await c.get_translated_payload(client.tree, client.tree.translator)
        for c in client.tree.get_commands()
    ]

    def shown(nodes: Any) -> Any:
        if isinstance(nodes, dict):
            return {k: shown(v) for k, v in nodes.items() if not (k.endswith("_localizations") and not v)}
        return [shown(n) for n in nodes] if isinstance(nodes, list) else nodes

    expected = translator.localised_payload(tree_payload(client.tree))
    assert shown(sorted(synced, key=lambda c: c["name"])) == shown(expected)
    game = next(c for c in synced if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["ja"] == translator.text("game.new.name", "ja") == "新規"
    await client.close()


def test_the_hash_counts_the_translations(monkeypatch):
    before = tree_hash(tree())
    original = translator.text

    def changed(key: str, lang: str) -> str | None:
        found = original(key, lang)
        return f"{found}x" if key == "play.name" and found else found

    monkeypatch.setattr(translator, "text", changed)
    assert tree_hash(tree()) != before


def test_the_translator_leaves_english_and_unknown_locales_alone():
    async def ask(locale: discord.Locale) -> str | None:
        command = tree().get_command("play")
        context = discord.app_commands.TranslationContext(
            discord.app_commands.TranslationContextLocation.command_name, command
        )
        return await translator.CommandTranslator().translate(
            discord.app_commands.locale_str("play"), locale, context
        )

    assert asyncio.run(ask(discord.Locale.american_english)) is None
    assert asyncio.run(ask(discord.Locale.german)) is None
    assert asyncio.run(ask(discord.Locale.japanese)) == translator.text("play.name", "ja")


async def test_buttons_and_autocomplete_answer_in_the_callers_language(env):
    svc = await env.service()
    client = FakeClient(svc)
    press = FakeInteraction(client, ANA, component=True)
    press.locale = discord.Locale.japanese
    await answering.press(press, "tw:a:999:1:nothing")
    assert press.ephemeral_texts() == [t("game_closed", "ja")]
    await seated(env, svc, [ANA, BO], game="santiago")
    table = svc.tables.cached[(await svc.store.open_game(CHANNEL)).id]
    seat = GAMES["santiago"].to_act(table.state)[0]
    user = table.seat(seat).user_id
    found = svc.autocomplete(CHANNEL, user, "", "zh-TW")
    legal = {str(a): a for a in GAMES["santiago"].legal(table.state, seat)}
    assert found
    for name, value in found:
        text = value.removeprefix(f"tw:a:{table.row.id}:{table.row.version}:")
        label = GAMES["santiago"].label(table.state, seat, legal[text], "zh-TW")
        assert name == (label if label.lower() == text else f"{label} — {text}")[:100]
    remembered = "ja" if user == ANA else "en"  # Ana pressed a button in Japanese above
    assert svc.autocomplete(CHANNEL, user, "", None) == svc.autocomplete(CHANNEL, user, "", remembered)
