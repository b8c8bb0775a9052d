"""Santiago de Cuba's presentation: every sentence, in every language.

This module holds the words — goods, Cubans, buildings, colours and amounts, and the catalogue
``T`` — which the rules' own refusals (setup, a saved game that does not load) use too, so it
reads nothing of the rules. The sentences about a game are in :mod:`engine.santiago.text.table`
(log lines, button labels, prompts, the rules help, private summaries) and
:mod:`engine.santiago.text.explain` (why an action is refused).

Every name comes from the game's catalogue (``engine/santiago/locales/<lang>.json``):

* ``good.<good>.one`` / ``.other`` — a good, singular or plural;
* ``cuban.<cuban>`` — a Cuban's name;
* ``building.<building>`` — a building's name in running text ("cigar factory", "my cigar
  factory") and ``building.<building>.the`` — the same with the article the language needs
  ("the cigar factory", Dutch "de sigarenfabriek", Chinese without one);
* ``colour.<colour>``, ``amount.*`` — an amount of goods, pesos or VP, as the language orders
  number, counter and noun.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.i18n import Catalogue, common, join_list, join_words, legend_label, legend_symbols

T = Catalogue("engine.santiago")


def good_name(good: str, n: int = 2, lang: str = "en") -> str:
    """The name of ``good`` for ``n`` of it (plural by default, as in "no cigars left")."""
    return T.plural(lang, f"good.{good}", n)


def cuban_name(cuban: str, lang: str = "en") -> str:
    return T(lang, f"cuban.{cuban}")


def building_name(building: str, lang: str = "en") -> str:
    """The building as a noun in running text, without article ("cigar factory")."""
    return T(lang, f"building.{building}")


def the_building(building: str, lang: str = "en") -> str:
    """The building with its article where the language has one ("the cigar factory")."""
    return T(lang, f"building.{building}.the")


def colour_name(colour: str, lang: str = "en") -> str:
    return T(lang, f"colour.{colour}")


def pesos_text(n: int, lang: str = "en") -> str:
    """``3`` → "3 pesos"."""
    return T.plural(lang, "amount.pesos", n)


def vp_text(n: int, lang: str = "en") -> str:
    """``2`` → "2 VP"."""
    return T(lang, "amount.vp", n=n)


def goods_text(good: str, n: int, lang: str = "en") -> str:
    """``("cigar", 2)`` → "2 cigars"."""
    return T(lang, "amount.good", n=n, good=good_name(good, n, lang))


def amount_text(what: str, n: int, lang: str = "en") -> str:
    """``n`` of a good, of pesos (``"pesos"`` or ``"peso"``) or of VP (``"vp"``)."""
    if what in ("pesos", "peso"):
        return pesos_text(n, lang)
    if what == "vp":
        return vp_text(n, lang)
    return goods_text(what, n, lang)


def amounts_text(amounts: Mapping[str, int], lang: str = "en") -> str:
    """``{"tobacco": 2, "pesos": 3}`` → "2 tobacco and 3 pesos" ("nothing" when empty)."""
    return join_words([amount_text(what, n, lang) for what, n in amounts.items()], lang) or common(
        lang, "nothing"
    )


def join_or(items: Iterable[str], lang: str = "en") -> str:
    """``a, b or c`` in the language's way."""
    words = [w for w in items if w]
    if len(words) <= 1:
        return "".join(words)
    return join_list(words[:-1], lang) + T(lang, "list_or") + words[-1]


def sentence_start(text: str) -> str:
    """``text`` with a capital first letter: for a sentence that may open with a name and its
    article ("the bank takes no arguments" → "The bank …"); scripts without case are unchanged."""
    return text[:1].upper() + text[1:]


def icon_labels(lang: str = "en") -> dict[str, str]:
    """The words of the legend's symbols (``icon:<name>`` → "Name: meaning"), the number of
    ships from the rules data, each good (``icon:<good>``) by its name."""
    from engine.santiago.data import GOODS, SHIPS

    labels = legend_symbols(T, lang, {"santiago_ships": {"ships": SHIPS}})
    good = labels.pop("icon:good")
    for name in GOODS:
        labels[f"icon:{name}"] = legend_label(good_name(name, 1, lang), good, lang)
    return labels
