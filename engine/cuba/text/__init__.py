"""Cuba's presentation: every sentence, in every language.

This module holds the words: the catalogue ``T`` and the names of pieces, characters, buildings
and statutes, which the rules' own refusals (setup, a saved game that does not load) use too, so
it reads nothing of the rules. The sentences about a game are in :mod:`engine.cuba.text.table`
(log lines, button labels, prompts, the rules help, private summaries) and
:mod:`engine.cuba.text.explain` (why an action is refused).

Names come from ``engine/cuba/locales/<lang>.json``; the game terms are those of the rulebook in
that language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.i18n import Catalogue, common, join_list, join_words, legend_label, legend_symbols

T = Catalogue("engine.cuba")


def piece_name(piece: str, lang: str = "en", count: int = 1) -> str:
    """The name of a piece (``cigar``), plural when ``count`` is not 1 (``cigars``)."""
    return T.plural(lang, f"piece.{piece}", count)


def count_text(piece: str, count: int, lang: str = "en") -> str:
    """A counted piece: ``1 citrus``, ``2 cigars``, ``2个雪茄``."""
    return T.plural(lang, f"count.{piece}", count)


def pieces_text(pieces: Iterable[str] | Mapping[str, int], lang: str = "en") -> str:
    """Pieces counted and listed (``2 citrus and 1 rum``); the word for nothing when empty."""
    if isinstance(pieces, Mapping):
        counts = dict(pieces)
    else:
        counts = {}
        for piece in pieces:
            counts[piece] = counts.get(piece, 0) + 1
    parts = [count_text(p, n, lang) for p, n in counts.items() if n]
    return join_words(parts, lang) or common(lang, "nothing")


def character_name(card: str, lang: str = "en") -> str:
    """A character card's name as on the card: ``Worker``, ``工人``."""
    return T(lang, f"character.{card}")


def character_word(card: str, lang: str = "en") -> str:
    """A character's name inside a sentence (``the worker``)."""
    return character_name(card, lang).lower()


def building_name(bid: str, lang: str = "en") -> str:
    """A building's name as on its tile: ``Cigar factory``, ``雪茄厂``."""
    return T(lang, f"building.{bid}")


def building_word(bid: str, lang: str = "en") -> str:
    """A building's name inside a sentence (``a cigar factory``)."""
    return building_name(bid, lang).lower()


def building_indefinite(bid: str, lang: str = "en") -> str:
    """A building named as one of its kind inside a sentence, with the language's article where
    it has one (``an inn``, ``een herberg``, ``旅店``)."""
    return T(lang, f"building_indefinite.{bid}")


def pesos_text(amount: int, lang: str = "en") -> str:
    """An amount of money: ``1 peso``, ``3 pesos``, ``3比索``."""
    return T.plural(lang, "amount.pesos", amount)


def building_effect(bid: str, lang: str = "en") -> str:
    """What a building does when the Foreman uses it, in a few words."""
    return T(lang, f"effect.{bid}")


def statute_text(sid: str | None, lang: str = "en") -> str:
    """A statute card's text (``Tax 2 pesos → 2 VP``); the word for nothing for no statute."""
    return T(lang, f"statute.{sid}") if sid else common(lang, "nothing")


def cost_text(cost: Mapping[str, int], lang: str = "en") -> str:
    """A building cost: ``2 wood and 2 stone``."""
    parts = [count_text(piece, n, lang) for piece, n in cost.items() if n]
    return join_words(parts, lang) if parts else common(lang, "nothing")


def per_seat(values: Mapping[str, object], names: Mapping[str, str], lang: str = "en") -> str:
    """``Ana 2, Ben 0``: a value for every seat, by display name."""
    return join_list([T(lang, "per_seat", name=names.get(s, s), value=v) for s, v in values.items()], lang)


def icon_labels(lang: str = "en") -> dict[str, str]:
    """The words of the legend's symbols (``icon:<name>`` → "Name: meaning"), their numbers
    from the rules data (the rounds, the Town hall's votes); the characters as the help names
    them ("Worker (1)") with what they do, and each piece (``icon:<piece>``) by its name."""
    from engine.cuba.data import CHARACTERS, PIECES, ROUNDS, TOWN_HALL_VOTES

    labels = legend_symbols(
        T, lang, {"cuba_rounds": {"rounds": ROUNDS}, "cuba_votes": {"votes": TOWN_HALL_VOTES}}
    )
    for character in CHARACTERS:
        labels[f"icon:{character}"] = legend_label(
            T(lang, f"help.{character}.title"), labels[f"icon:{character}"], lang
        )
    for piece in PIECES:
        name = T.plural(lang, f"piece.{piece}", 1)
        labels[f"icon:{piece}"] = name[:1].upper() + name[1:]
    return labels
