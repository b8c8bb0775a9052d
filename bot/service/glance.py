"""The table at a glance, in words: ``/game status`` (one table), ``/game mine`` (every table of
the caller, on every server) and ``/game legend`` (the key to a game's pictures).

All three answer the caller alone, in their language, and post nothing: a slow game is looked
at more often than it is played. Times are Discord timestamps (``<t:…:R>``), which every reader
sees in their own time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.service import calls, hours
from bot.service.outcome import Outcome
from bot.stores.rows import GameRow, LiveMessages
from bot.texts import has_text, t
from engine import GAMES
from engine.i18n import join_words

if TYPE_CHECKING:
    from bot.service.presenter import Presenter
    from bot.service.tables import Table

#: /game mine lists at most this many tables (the caller's turns first).
MINE_LIMIT = 20


def phase_name(table: Table, view: Mapping[str, Any], lang: str) -> str | None:
    """The phase of the round as the game's rules name it, in ``lang`` (None when the game has
    no named phases, as Santiago)."""
    phase = view.get("phase")
    key = f"phase_{table.row.game}_{phase}"
    return t(key, lang) if phase and has_text(key) else None


def public_scores(table: Table) -> dict[str, int] | None:
    """The points the open table shows (None when they are behind screens)."""
    return table.rules.public_scores(table.state)


def whose(table: Table, lang: str) -> list[str]:
    """The names of the seats to act."""
    return [table.name(s) for s in table.rules.to_act(table.state)]


async def status_lines(service: Presenter, table: Table, lang: str) -> list[str]:
    """The table in a few lines: round and phase, who is to act and since when (with their
    clock), the public scores, a link to the board."""
    row = table.row
    live = await service.store.live_messages(row.id)
    title = table.rules.display_title(lang)
    if row.status == "lobby":
        seated = join_words([s.name for s in table.seats], lang)
        return [
            t(
                "glance_lobby",
                lang,
                title=title,
                seats=seated,
                n=len(table.seats),
                max=table.rules.max_players,
            )
        ]
    view = table.rules.view(table.state, None)
    progress = table.rules.progress(table.state)
    parts = [f"**{title}**"]
    round_no, rounds = progress.get("round"), view.get("rounds")
    if round_no is not None:
        parts.append(
            t("status_round_of", lang, n=round_no, of=rounds)
            if rounds
            else t("status_round", lang, n=round_no)
        )
    phase = phase_name(table, view, lang)
    if phase:
        parts.append(phase)
    out = [" · ".join(parts)]
    since = live.turn_since or row.updated
    names = whose(table, lang)
    if names:
        out.append(t("status_to_act", lang, names=join_words(names, lang), since=hours.stamp(since)))
    reach = await calls.reach(service.store, table, service.clock())
    out += calls.clock_lines(table, reach, since, lang)
    scores = public_scores(table)
    if scores:
        shown = t("score_sep", lang).join(f"{table.name(s)} {points}" for s, points in scores.items())
        out.append(t("status_scores", lang, scores=shown))
    out.append(t("board_link", lang, link=calls.board_link(row, live)))
    return out


async def status(service: Presenter, channel_id: int, user_id: int, lang: str) -> Outcome:
    """``/game status``: the channel's table in a few lines, to the caller alone."""
    row = await service.store.open_game(channel_id)
    if row is None:
        return Outcome.refuse(t("no_game", lang))
    table = await service.tables.load(row)
    seat = table.seat_of(user_id)
    if seat is not None and row.status == "active":
        await service.looked(table, seat)
    return Outcome(ephemeral="\n".join(await status_lines(service, table, lang)))


async def mine(service: Presenter, user_id: int, lang: str) -> Outcome:
    """``/game mine``: every open table of the caller on every server — the ones where it is
    their turn first — with whose turn it is, since when, and a link to the board."""
    rows = await service.store.seated_games(user_id)
    if not rows:
        return Outcome(ephemeral=t("mine_none", lang))
    entries: list[tuple[int, float, str]] = []
    for row in rows:
        table = await service.tables.load(row)
        live = await service.store.live_messages(row.id)
        entries.append(_mine_entry(table, live, user_id, lang))
    entries.sort(key=lambda e: (e[0], e[1]))
    lines = [t("mine_header", lang, n=len(entries))]
    lines += [text for _order, _since, text in entries[:MINE_LIMIT]]
    if len(entries) > MINE_LIMIT:
        lines.append(t("mine_more", lang, n=len(entries) - MINE_LIMIT))
    return Outcome(ephemeral=service_clip("\n".join(lines)))


def _mine_entry(table: Table, live: LiveMessages, user_id: int, lang: str) -> tuple[int, float, str]:
    """(0 when it is the caller's turn else 1, since when, the line)."""
    row = table.row
    title = GAMES[row.game].display_title(lang)
    link = calls.board_link(row, live)
    if row.status == "lobby":
        text = t("mine_lobby", lang, title=title, n=len(table.seats), max=table.rules.max_players, link=link)
        return 2, row.created, text
    since = live.turn_since or row.updated
    seat = table.seat_of(user_id)
    yours = seat is not None and seat.seat in table.rules.to_act(table.state)
    when = hours.stamp(since)
    if yours:
        return 0, since, t("mine_yours", lang, title=title, since=when, link=link)
    names = join_words(whose(table, lang), lang) or t("nobody_to_act", lang)
    return 1, since, t("mine_theirs", lang, title=title, names=names, since=when, link=link)


def service_clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def legend_labels(game: str, lang: str) -> dict[str, str]:
    """The legend's words in ``lang``: each pictogram's "Name: effect" where the engine has
    them, every symbol's "Name: meaning" (``icon:<name>``) and the change mark's."""
    labels: dict[str, str] = {"changed": t("legend_changed", lang)}
    if game == "cuba":
        from engine.cuba import text as words
        from engine.cuba.data import BUILDINGS

        labels.update(
            {b: f"{words.building_name(b, lang)}: {words.building_effect(b, lang)}" for b in BUILDINGS}
        )
        labels["start"] = t("legend_start_cuba", lang)
        labels.update(words.icon_labels(lang))
    elif game == "santiago":
        from engine.santiago import data
        from engine.santiago import text as names

        for key, name in [
            *((b, names.building_name(b, lang)) for b in data.BUILDINGS),
            *((c, names.cuban_name(c, lang)) for c in data.CUBANS),
        ]:  # "Name: effect", as the rules say it
            labels[key] = f"{names.sentence_start(name)}: {names.T(lang, f'legend.{key}')}"
        labels["start"] = names.T(lang, "legend.start")
        labels.update(names.icon_labels(lang))
    elif game == "goa":
        from engine.goa import text

        labels.update(text.legend_labels(lang))
        labels.update(text.icon_labels(lang))
        labels["auction"] = t("legend_goa_auction", lang)
        labels["rounds"] = t("legend_goa_rounds", lang)
    return labels


def default_legend_renderer(game: str, labels: dict[str, str], lang: str) -> bytes | None:
    import render

    return render.legend(game, labels, lang)


async def legend(
    service: Presenter, game: str | None, channel_id: int | None, game_pk: int | None, lang: str
) -> Outcome:
    """``/game legend`` and the board's **?**: the key to the game's pictures (and to the mark
    of what changed), with its words in the caller's language."""
    row: GameRow | None = None
    if game is None:
        if game_pk is not None:
            row = await service.store.game(game_pk)
        elif channel_id is not None:
            row = await service.store.open_game(channel_id) or await service.store.latest_game(channel_id)
        game = row.game if row else None
    if game is None:
        return Outcome.refuse(t("no_game", lang))
    if game not in GAMES:
        return Outcome.refuse(t("unknown_game", lang, game=game, choices=", ".join(GAMES)))
    image = await service.legend_png(game, legend_labels(game, lang), lang)
    title = GAMES[game].display_title(lang)
    return Outcome(ephemeral=t("legend_header", lang, title=title), ephemeral_image=image)
