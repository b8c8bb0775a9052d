"""Pillow drawing of game *views* (never of raw state).

``render.board(game_id, view)`` is the one entry point: the public picture of the table as PNG
bytes; ``render.phone_board(game_id, view)`` is the same table laid out for a phone, its areas
stacked top to bottom (:mod:`render.phone_layout`). Each game has a package ``render/<game>/``: ``board.py`` with ``draw(view) -> PIL.Image`` and,
when the game has a picture only its owner may see, ``draw_private(view) -> PIL.Image``;
``legend.py`` with ``draw_legend(labels, lang)`` (``render.legend``); ``decision.py``.
``render.decision(game_id, view, legal, lang)`` draws what one seat's decision needs, for a phone,
from that seat's view (``render/<game>/decision.py`` over :mod:`render.decision_parts`).
``render.turn(game_id, view, seats, legal, lang)`` draws the turn picture of the message that
calls people to act, for a phone, from the public view (:mod:`render.turn_picture`).
``render.move(game_id, view, seats, legal, lang)`` draws both pictures of a move — the phone
board and the turn picture — from one drawing of the board (:class:`MovePictures`), as the bot's
render pool does after every move.
``render.summary(summary)`` draws the end-of-game summary of any game (``render/scores.py``). Importing
``render`` loads nothing heavy: a game's module (and Pillow) is imported on first use.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = [
    "DECISION_MODULES",
    "GAME_MODULES",
    "LEGEND_MODULES",
    "MovePictures",
    "board",
    "decision",
    "legend",
    "move",
    "phone_board",
    "private",
    "summary",
    "turn",
]

#: game id → module that draws it.
GAME_MODULES: dict[str, str] = {
    "cuba": "render.cuba.board",
    "santiago": "render.santiago.board",
    "goa": "render.goa.board",
}
#: game id → module that draws its decision pictures (:mod:`render.decision_parts`).
DECISION_MODULES: dict[str, str] = {
    "cuba": "render.cuba.decision",
    "santiago": "render.santiago.decision",
    "goa": "render.goa.decision",
}


#: game id → module that draws the key to its pictures (``draw_legend``).
LEGEND_MODULES: dict[str, str] = {
    "cuba": "render.cuba.legend",
    "santiago": "render.santiago.legend",
    "goa": "render.goa.legend",
}


def _module(game_id: str) -> ModuleType:
    if game_id not in GAME_MODULES:
        raise KeyError(f"no renderer for game {game_id!r}")
    try:
        return importlib.import_module(GAME_MODULES[game_id])
    except ModuleNotFoundError as error:
        if error.name != GAME_MODULES[game_id]:
            raise
        raise KeyError(f"the renderer for game {game_id!r} is not written yet") from error


def _legend_module(game_id: str) -> ModuleType | None:
    """The module that draws ``game_id``'s legend, None when the game has none (KeyError for a
    game without pictures)."""
    _module(game_id)
    name = LEGEND_MODULES.get(game_id)
    return importlib.import_module(name) if name is not None else None


def board(game_id: str, view: dict[str, Any]) -> bytes:
    """The board picture for ``view`` (a ``rules.view(state, None)`` dict) as PNG bytes, in the
    title's palette (:mod:`render.palette`)."""
    from render.palette import title_palette
    from render.png import encode_png

    img = _module(game_id).draw(view)
    return encode_png(img, palette=title_palette(game_id, GAME_MODULES[game_id]))


def phone_board(game_id: str, view: dict[str, Any]) -> bytes:
    """The board picture for ``view`` (a ``rules.view(state, None)`` dict) laid out for a phone
    (:mod:`render.phone_layout`) as PNG bytes: its areas stacked, at most 900 px wide, every word
    at least 18 px high, in the title's palette as the board."""
    from render.palette import title_palette
    from render.phone_layout import draw_phone_board
    from render.png import MOVE_LEVEL, encode_png

    img = draw_phone_board(
        game_id, view, _module(game_id).draw, title_palette(game_id, GAME_MODULES[game_id])
    )
    return encode_png(img, level=MOVE_LEVEL)


@dataclass(frozen=True)
class MovePictures:
    """The public pictures of one move, as PNG bytes: the board message's (the phone board; None
    when it was not asked for) and the turn picture (None when nobody is called)."""

    board: bytes | None
    turn: bytes | None


def move(
    game_id: str,
    view: dict[str, Any],
    seats: list[str],
    legal: list[str],
    lang: str = "en",
    board: bool = True,
) -> MovePictures:
    """The phone board (when ``board``; as :func:`phone_board`) and the turn picture of ``seats``
    (as :func:`turn`) of the public ``view``, both cut from one drawing of the landscape board:
    the bot draws a move's pictures in one job of its render pool."""
    from engine.i18n import normalise
    from render.palette import title_palette
    from render.phone_layout import phone_board_of
    from render.png import MOVE_LEVEL, encode_png
    from render.stacking import recorded_board
    from render.turn_picture import turn_of

    if not board and not seats:
        return MovePictures(None, None)
    drawn = recorded_board(_module(game_id).draw, view)
    palette = title_palette(game_id, GAME_MODULES[game_id])
    phone = None
    if board:
        phone = encode_png(phone_board_of(game_id, view, drawn, palette), level=MOVE_LEVEL)
    shown = turn_of(game_id, view, seats, legal, normalise(lang), drawn, palette)
    return MovePictures(phone, None if shown is None else _turn_png(game_id, shown))


def private(game_id: str, view: dict[str, Any]) -> bytes | None:
    """A seat's private picture (its hand, its screen) as PNG bytes, or ``None`` when the game
    has none (Cuba: everything private fits in a text message)."""
    module = _module(game_id)
    draw_private = getattr(module, "draw_private", None)
    if draw_private is None:
        return None
    from render.png import encode_png

    return encode_png(draw_private(view))


def decision(game_id: str, view: dict[str, Any], legal: list[str], lang: str = "en") -> bytes | None:
    """The picture of one decision as PNG bytes: just the part of the table it needs, large
    enough to read at phone width (see :mod:`render.decision_parts`), or ``None`` when the decision's
    sentence says all. ``view`` is the deciding seat's own (``rules.view(state, seat)``, never
    the full state), ``legal`` the texts of its legal actions, ``lang`` the reader's language
    (or Discord locale) for the words some pictures carry."""
    if game_id not in DECISION_MODULES:
        raise KeyError(f"no decision pictures for game {game_id!r}")
    from engine.i18n import normalise
    from render.png import encode_png

    module = importlib.import_module(DECISION_MODULES[game_id])
    img = module.draw_decision(view, legal, normalise(lang))
    return None if img is None else encode_png(img, colors=192)


def turn(
    game_id: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str = "en"
) -> bytes | None:
    """The turn picture as PNG bytes (:mod:`render.turn_picture`): what ``seats`` (the people called, in
    order) decide now, cut from the public board ``view`` (``rules.view(state, None)``, with its
    change marks) for a phone — at most 900 px wide, every word at least 18 px high — or None
    when nobody is called. ``legal``: the first seat's actions when they are public (its buttons;
    rung on the picture), else empty."""
    from engine.i18n import normalise
    from render.palette import title_palette
    from render.turn_picture import draw_turn

    palette = title_palette(game_id, GAME_MODULES[game_id])
    img = draw_turn(game_id, view, seats, legal, normalise(lang), _module(game_id).draw, palette)
    return None if img is None else _turn_png(game_id, img)


def _turn_png(game_id: str, img: Any) -> bytes:
    """The turn picture's PNG, in the title's palette as the board it is cut from (its header's
    marks and names and its rings are the board's colours): a fifth of an adaptive palette's cost.
    (A picture composed in the palette already, :func:`render.stacking.compose`, is written as it
    is.)"""
    from render.palette import title_palette
    from render.png import MOVE_LEVEL, encode_png

    return encode_png(img, palette=title_palette(game_id, GAME_MODULES[game_id]), level=MOVE_LEVEL)


def legend(game_id: str, labels: dict[str, str] | None = None, lang: str = "en") -> bytes | None:
    """A key to the game's pictograms as PNG bytes, or ``None`` when the game needs none.

    ``labels`` maps a pictogram's id (building, Cuban…) to its label in the reader's language,
    "Name: effect". An id without a label gets the English one from the game data only when
    the reader reads English (``lang``, a language or a Discord locale, as the bot speaks to
    them: see ``engine.i18n.normalise``); any other reader sees the pictogram without words
    rather than English."""
    draw_legend = getattr(_legend_module(game_id), "draw_legend", None)
    if draw_legend is None:
        return None
    from engine.i18n import normalise
    from render.png import encode_png

    return encode_png(draw_legend(labels, normalise(lang)))


def summary(summary: dict[str, Any]) -> bytes:
    """The end-of-game summary picture of an :func:`engine.summary.summarise` dict as PNG bytes,
    drawn by :mod:`render.scores` (one module for every game)."""
    from render.scores import png

    return png(summary)
