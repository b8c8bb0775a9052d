"""Why an action is refused: one sentence a player understands, for each kind of mistake, in the
player's language (``refuse.*`` and ``asks.*`` entries of the game's catalogue).

The moves a sentence suggests are named as the buttons name them (“Drive 2 → Conchita”), in the
reader's language (:func:`engine.i18n.moves_text`); typed moves are read as before, but a refusal
never shows their syntax.
"""

from __future__ import annotations

from engine.core import Action, Arg
from engine.i18n import common, join_list, moves_text
from engine.santiago import data as d
from engine.santiago import rules as r
from engine.santiago.rules.common import awaiting_dice, downs_limit
from engine.santiago.state import Player, State
from engine.santiago.text import (
    T,
    building_name,
    cuban_name,
    good_name,
    goods_text,
    pesos_text,
    sentence_start,
    the_building,
)
from engine.santiago.text.table import label
from engine.typed import present

__all__ = ["ACTION_STEP", "explain"]

#: The steps each action kind belongs to; a step's request reads ``asks.<step>``. ``skip``
#: declines a building's use or Alonso's options (both optional).
ACTION_STEP: dict[str, tuple[str, ...]] = {
    "aside": ("dice",),
    "drive": ("drive",),
    "take": ("pablo",),
    "give": ("zorro",),
    "claim": ("alonso",),
    "run": ("alonso",),
    "go": ("go",),
    "use": ("use",),
    "skip": ("use", "alonso"),
    "deliver": ("deliver",),
    "wood": ("deliver",),
    "pass": ("deliver",),
}


def _offered(state: State, seat: str, lang: str, kinds: tuple[str, ...] = ()) -> str:
    """The seat's legal moves (of ``kinds``, if given), as their buttons label them."""
    legal = [a for a in r.legal_actions(state, seat) if not kinds or a.kind in kinds]
    return moves_text([label(state, seat, a, lang) for a in legal], lang)


def explain(state: State, seat: str, action: Action, lang: str = "en") -> str:
    """The reason ``action`` is not legal for ``seat`` now."""
    step = state["step"]
    if step == "over":
        return common(lang, "game_over")
    if seat not in state["seats"]:
        return T(lang, "refuse.not_playing")
    if seat not in r.to_act(state):
        return T(lang, "refuse.not_your_turn", waiting=join_list(r.to_act(state), lang))
    asks = T(lang, f"asks.{step}")
    moves = _offered(state, seat, lang)
    if step not in ACTION_STEP.get(action.kind, ()):
        return T(lang, "refuse.now_you_must", asks=asks, moves=moves)
    reason = _specific(state, seat, action, lang)
    return reason or T(lang, "refuse.not_legal", asks=asks, moves=moves)


def _specific(state: State, seat: str, action: Action, lang: str) -> str | None:
    player = state["players"][seat]
    args = action.args
    kind = action.kind
    if kind == "aside":
        if len(args) != 1 or args[0] not in d.DIE_GOODS:
            return T(lang, "refuse.aside_which", moves=_offered(state, seat, lang, ("aside",)))
    elif kind == "drive":
        if len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
            return T(lang, "refuse.drive_min", moves=_offered(state, seat, lang, ("drive",)))
        cost = args[0] - 1
        if cost > player["pesos"]:
            return T(lang, "refuse.drive_cost", n=args[0], cost=pesos_text(cost, lang), have=player["pesos"])
    elif kind == "take":
        if len(args) != 1 or args[0] not in d.PABLO_CHOICES:
            return T(lang, "refuse.pablo_goods")
        return T(lang, "refuse.supply_none", good=good_name(args[0], 2, lang))
    elif kind == "give":
        return _give_reason(args, lang, _offered(state, seat, lang, ("give",)))
    elif kind == "skip" and args:
        return T(lang, "refuse.skip_args", moves=_offered(state, seat, lang, ("skip",)))
    elif kind in ("claim", "run"):
        if len(args) != 1 or args[0] not in d.BUILDINGS:
            names = join_list([building_name(b, lang) for b in d.BUILDINGS], lang)
            return T(lang, "refuse.name_building", buildings=names)
        building = args[0]
        owner = state["owners"].get(building)
        if kind == "claim":
            if player["markers"] == 0:
                return T(lang, "refuse.markers_used", n=d.PROPERTY_MARKERS)
            if owner is not None:
                return sentence_start(T(lang, "refuse.claimed", building=the_building(building, lang)))
        elif owner != seat:
            return T(lang, "refuse.not_owner", building=the_building(building, lang))
    elif kind == "go":
        options = state["pending"]["options"]
        if len(args) != 1 or args[0] not in options:
            return T(lang, "refuse.go_where", options=_offered(state, seat, lang, ("go",)))
    elif kind == "use":
        return _use_reason(state, seat, state["pending"]["building"], args, lang)
    elif kind in ("deliver", "wood"):
        return _delivery_reason(state, seat, kind, args, lang)
    return None


def _give_reason(args: tuple[Arg, ...], lang: str, moves: str) -> str:
    if len(args) != 1:
        return T(lang, "refuse.give_one", moves=moves)
    what = args[0]
    if what == "peso":
        return T(lang, "refuse.give_no_pesos")
    if what == "vp":
        return T(lang, "refuse.give_no_vp")
    if what == d.WOOD:
        return T(lang, "refuse.give_wood")
    if what in d.GOODS:
        return T(lang, "refuse.give_no_good", good=good_name(what, 2, lang))
    return T(lang, "refuse.give_what")


def _use_reason(state: State, seat: str, building: str, args: tuple[Arg, ...], lang: str) -> str | None:
    player = state["players"][seat]
    goods = player["goods"]
    moves = _offered(state, seat, lang, ("use", "skip"))
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        n = args[0] if len(args) == 1 else None
        if not isinstance(n, int) or n < 1:
            return T(
                lang,
                "refuse.convert_how",
                src=good_name(src, 2, lang),
                dst=good_name(dst, 2, lang),
                moves=moves,
            )
        if n > goods[src]:
            return T(lang, "refuse.have_only", have=goods_text(src, goods[src], lang))
        return T(lang, "refuse.supply_only", have=goods_text(dst, state["supply"][dst], lang))
    if building == d.MARKET:
        if len(args) != 2 or any(a not in d.MARKET_GOODS for a in args) or args[0] == args[1]:
            return T(lang, "refuse.market_how", moves=moves)
        give, get = str(args[0]), str(args[1])  # two of the market's goods
        if goods[give] == 0:
            return T(lang, "refuse.market_none", good=good_name(give, 2, lang))
        return T(lang, "refuse.supply_none", good=good_name(get, 2, lang))
    if building == d.SAWMILL:
        return T(lang, "refuse.sawmill_none") if not args else T(lang, "refuse.sawmill_args", moves=moves)
    if building == d.CAFE:
        if not args or any(a not in d.CAFE_GOODS for a in args) or len(set(args)) != len(args):
            return T(lang, "refuse.cafe_how", moves=moves)
        missing = [str(a) for a in args if goods[str(a)] == 0]  # the café's goods
        if missing:
            return T(lang, "refuse.have_none", good=good_name(missing[0], 2, lang))
    if building == d.CASINO:
        return _casino_reason(player, args, lang, moves)
    if building in (d.CUSTOMS, d.OFFICE) and awaiting_dice(state):
        return T(lang, "refuse.no_dice_yet")
    if building == d.CUSTOMS:
        if len(args) != 1 or args[0] not in state["ship"]["dice"]:
            return T(lang, "refuse.customs_how")
        return T(lang, "refuse.customs_zero", good=good_name(str(args[0]), 1, lang))
    if building == d.HARBOURMASTER:
        if args == ("down",):
            if state["ship"]["value"] == 0:
                return T(lang, "refuse.harbour_lowest")
            return T(
                lang,
                "refuse.harbour_limit",
                times=T.plural(lang, "times", present(downs_limit(state), "limit")),
            )
        return T(lang, "refuse.harbour_how", moves=moves)
    if building == d.OFFICE:
        if len(args) != 1 or args[0] not in d.DIE_GOODS:
            return T(lang, "refuse.office_how", moves=moves)
        good = str(args[0])  # one of the dice's goods
        if state["ship"]["dice"].get(good, 0) == 0:
            return T(lang, "refuse.office_not_asked", good=good_name(good, 2, lang))
        return T(lang, "refuse.have_none", good=good_name(good, 2, lang))
    if building == d.NEWSPAPER:
        if len(args) != 1 or args[0] not in d.CUBANS:
            return T(lang, "refuse.newspaper_how", moves=moves)
        return T(lang, "refuse.newspaper_down", cuban=cuban_name(args[0], lang))
    if building in (d.BANK, d.CHURCH) and args:
        return sentence_start(T(lang, "refuse.no_args", building=the_building(building, lang), moves=moves))
    return None


def _casino_reason(player: Player, args: tuple[Arg, ...], lang: str, moves: str) -> str:
    if len(args) != 2 or args[0] not in ("buy", "sell") or not isinstance(args[1], int) or args[1] < 1:
        return T(lang, "refuse.casino_how", moves=moves)
    if args[0] == "buy":
        cost = pesos_text(args[1] * d.CASINO_PESOS_PER_VP, lang)
        return T(lang, "refuse.casino_cost", n=args[1], cost=cost, have=player["pesos"])
    return T(lang, "refuse.casino_vp", vp=player["vp"])


def _delivery_reason(state: State, seat: str, kind: str, args: tuple[Arg, ...], lang: str) -> str | None:
    goods = state["players"][seat]["goods"]
    n = args[1] if len(args) == 2 else None
    if len(args) != 2 or args[0] not in d.DIE_GOODS or not isinstance(n, int) or n < 1:
        return T(lang, "refuse.deliver_how", moves=_offered(state, seat, lang, ("deliver", "wood", "pass")))
    good = str(args[0])  # one of the dice's goods
    want = state["ship"]["dice"].get(good, 0)
    if state["ship"]["aside"] == good:
        return T(lang, "refuse.deliver_aside", good=good_name(good, 1, lang), goods=good_name(good, 2, lang))
    if want == 0:
        return T(lang, "refuse.deliver_none", good=good_name(good, 2, lang))
    if n > want:
        return T(lang, "refuse.deliver_more", n=want, good=good_name(good, want, lang))
    have = goods[d.WOOD] if kind == "wood" else goods[good]
    return T(lang, "refuse.have_only", have=goods_text(d.WOOD if kind == "wood" else good, have, lang))
