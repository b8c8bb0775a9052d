"""English texts for Cuba: log lines, button labels, prompts, the rules help, private summaries.

``TEMPLATES`` maps every event kind to one ``str.format`` template; :func:`describe` fills it
with the seat's name and the event data, pre-formatted into words by :func:`_fields`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event
from engine.cuba import board as b
from engine.cuba.data import BERTH_VP, BUILDINGS, CHARACTERS, PIECE_NAMES, STATUTES
from engine.cuba.rules import tax_due, to_act
from engine.cuba.state import State

TEMPLATES: dict[str, str] = {
    "pick": "{seat} takes 1 {piece} to start.",
    "proposals": "Round {round}: the proposals are {proposals}.",
    "card_chosen": "{seat} lays the {card} face down for parliament.",
    "card_laid": "{seat} lays a parliament card face down.",
    "play": "{seat} plays the {card}.",
    "worker": "{seat}'s worker goes to field {row},{col} and gathers {gained}.",
    "field": "{seat} harvests 1 {piece} from field {row},{col}.",
    "water": "{seat} discards 1 water to harvest one more field.",
    "buy": "{seat} buys 1 {piece} for {price} pesos.",
    "sell": "{seat} sells 1 {piece} for {price} pesos.",
    "take_free": "{seat} takes 1 {piece} for free.",
    "build": "{seat} builds a {building} on field {row},{col}{pesos}.",
    "architect_vp": "{seat} builds nothing and scores {vp} VP.",
    "use": "{seat}'s foreman uses the {building}{detail}.",
    "veto": "{seat} vetoes proposal {group} ({statute}).",
    "no_veto": "{seat} vetoes nothing.",
    "ship": "{seat} loads {pieces} onto the ship at berth {berth} for {vp} VP.",
    "mayor_pesos": "{seat} ships nothing and takes {pesos} pesos.",
    "ship_leaves": "Ship {ship} leaves the harbour ({why}).",
    "harbour_moves": "The ships move up: berths {berths}, ship {sea} at sea.",
    "start_player": "{seat} becomes start player with the {card}.",
    "cards_revealed": "Parliament cards: {cards}.",
    "bid": "You bid {amount} pesos.",
    "bid_placed": "{seat} has placed a bid.",
    "bids_revealed": "Bids: {bids}. Totals: {totals}.",
    "corruption": "Corruption: no bidding. Votes: {totals}.",
    "tie": "Tie between {tied}: they bid once more in secret.",
    "tie_break": "Still tied; {seat} wins as the first of {tied} from the start player.",
    "parliament_won": "{seat} wins parliament with {total} votes.",
    "enact": "{seat} enacts {statute} (group {group}).",
    "tax_paid": "{seat} pays {pesos} pesos tax and scores {vp} VP.",
    "tax_unpaid": "{seat} does not pay the tax{why}.",
    "duty_paid": "{seat} gives {pieces} as duty and scores {vp} VP.",
    "duty_unpaid": "{seat} does not pay the duty{why}.",
    "subsidy": "{seat} scores {vp} VP subsidy.",
    "market_statute": "The market statute moves {moved} pieces of each product.",
    "round_end": "Round {round} ends; unstored products are discarded{discarded}.",
    "game_over": "The game is over. Scores: {scores}.",
}

WHY = {"full": "full", "berth3": "last berth", "harbour": "full, Harbour statute"}


def piece_name(piece: str, count: int = 1) -> str:
    singular, plural = PIECE_NAMES.get(piece, (piece, piece))
    return singular if count == 1 else plural


def pieces_text(pieces: list[str] | dict[str, int]) -> str:
    if isinstance(pieces, dict):
        counts = pieces
    else:
        counts = {}
        for p in pieces:
            counts[p] = counts.get(p, 0) + 1
    parts = [f"{n} {piece_name(p, n)}" for p, n in counts.items() if n]
    return b.join_words(parts) or "nothing"


def statute_text(sid: str | None) -> str:
    return STATUTES[sid]["text"] if sid else "nothing"


def _per_seat(values: Mapping[str, Any], names: Mapping[str, str]) -> str:
    return ", ".join(f"{names.get(s, s)} {v}" for s, v in values.items())


def _fields(event: Event, names: Mapping[str, str]) -> dict[str, Any]:
    d = dict(event.data)
    out: dict[str, Any] = dict(d)
    out["seat"] = names.get(event.seat, event.seat) if event.seat else ""
    kind = event.kind
    if "piece" in d:
        out["piece"] = piece_name(d["piece"])
    if kind == "worker":
        out["gained"] = pieces_text(d["gained"])
    if kind == "build":
        out["building"] = BUILDINGS[d["building"]]["name"].lower()
        out["pesos"] = f" and pays {d['pesos']} pesos" if d["pesos"] else ""
    if kind == "use":
        out["building"] = BUILDINGS[d["building"]]["name"].lower()
        out["detail"] = _use_detail(d)
    if kind in ("ship", "duty_paid"):
        out["pieces"] = pieces_text(d["pieces"])
    if kind in ("veto", "enact"):
        out["statute"] = statute_text(d["statute"])
    if kind == "tax_unpaid":
        out["why"] = f" (it cannot pay {d['due']} pesos)" if d["reason"] == "money" else ""
    if kind == "duty_unpaid":
        out["why"] = " (it lacks the pieces)" if d["reason"] == "pieces" else ""
    if kind == "ship_leaves":
        out["why"] = WHY.get(d["why"], d["why"])
    if kind == "harbour_moves":
        out["berths"] = ", ".join(str(s) if s else "empty" for s in d["berths"])
    if kind == "proposals":
        out["proposals"] = "; ".join(f"{g} {statute_text(s)}" for g, s in d["proposals"].items() if s)
    if kind == "cards_revealed":
        out["cards"] = _per_seat(d["cards"], names)
    if kind == "bids_revealed":
        out["bids"] = _per_seat(d["bids"], names)
        out["totals"] = _per_seat(d["totals"], names)
    if kind == "corruption":
        out["totals"] = _per_seat(d["totals"], names)
    if kind in ("tie", "tie_break"):
        out["tied"] = b.join_words([names.get(s, s) for s in d["tied"]])
    if kind == "market_statute":
        out["moved"] = ("removes " if d["change"] < 0 else "adds ") + pieces_text(d["moved"])
        return out
    if kind == "round_end":
        lost = d["discarded"]
        out["discarded"] = (
            " (" + "; ".join(f"{names.get(s, s)} loses {pieces_text(v)}" for s, v in lost.items()) + ")"
            if lost
            else ""
        )
    if kind == "game_over":
        out["scores"] = _per_seat(d["scores"], names)
    return out


def _use_detail(d: dict[str, Any]) -> str:
    if "vp" in d and "pieces" in d:
        return f": {pieces_text(d['pieces'])} for {d['vp']} VP"
    if "vp" in d:
        return f": {d['vp']} VP"
    if "pesos" in d and "pieces" in d:
        return f": sells {pieces_text(d['pieces'])} for {d['pesos']} pesos"
    if "pesos" in d:
        return f": {d['pesos']} pesos"
    if "votes" in d:
        return f": +{d['votes']} votes in parliament"
    if "gained" in d:
        return f": gains {pieces_text(d['gained'])}"
    if "stored" in d:
        return f": stores {pieces_text(d['stored'])}"
    if "count" in d:
        return f": {d['count']} {piece_name(d['source'], d['count'])} become {piece_name(d['target'], d['count'])}"
    if "give" in d:
        return f": 1 {piece_name(d['give'])} for 1 {piece_name(d['get'])}"
    if "new" in d:
        return f": ship {d['new']} sails in place of ship {d['old']}"
    if "berth" in d:
        return f" at berth {d['berth']}"
    return ""


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    template = TEMPLATES.get(event.kind)
    if template is None:
        return f"{event.kind}: {dict(event.data)}"
    return template.format(**_fields(event, names))


# ---- labels --------------------------------------------------------------------------------


def label(state: State, seat: str, action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    if kind == "pick":
        return f"Take {piece_name(args[0])}"
    if kind == "parliament":
        return f"{args[0].title()} to parliament"
    if kind == "play":
        return f"{args[0].title()} ({CHARACTERS[args[0]]})"
    if kind == "worker":
        return f"Worker to {args[0]},{args[1]}"
    if kind == "field":
        player = state["players"][seat]
        return f"Field {args[0]},{args[1]} · {piece_name(b.field_yield(player, args[0], args[1]))}"
    if kind == "use" and args == ("water",):
        return "Discard water · +1 field"
    if kind == "buy":
        return f"Buy {piece_name(args[0])} · {b.buy_price(state, args[0])}"
    if kind == "sell":
        return f"Sell {piece_name(args[0])} · {b.sell_price(state, args[0])}"
    if kind == "take" and args[0] == "vp":
        return "No building · VP"
    if kind == "take" and args[0] == "pesos":
        return "No shipping · pesos"
    if kind == "take":
        return f"Free {piece_name(args[0])}"
    if kind == "build":
        return f"{BUILDINGS[args[0]]['name']} at {args[2]},{args[3]}"
    if kind == "ship":
        berth = args[0]
        return f"Berth {berth}: {pieces_text(list(args[1:]))} · {BERTH_VP[berth - 1] * (len(args) - 1)} VP"
    if kind == "use":
        return use_label(state, seat, args)[:80]
    if kind == "veto":
        return f"Veto {args[0]}"
    if kind == "bid":
        return f"Bid {args[0]}"
    if kind == "enact":
        return "Enact " + " + ".join(args)
    if kind == "pay" and args[0] == "tax":
        return f"Pay tax · {tax_due(state, seat)}"
    if kind == "pay":
        if len(args) > 1:
            return f"Pay duty · {pieces_text(list(args[1:]))}"
        ((what, count),) = STATUTES[state["statutes"]["II"]]["duty"].items()
        return f"Pay duty · {count} {piece_name(what, count)}"
    if kind == "skip":
        return f"Skip {args[0]}"
    if kind == "done":
        return "Done"
    return str(action)[:80]


def use_label(state: State, seat: str, args: tuple) -> str:
    """A button label for a Foreman's building use: name, then what goes in and comes out."""
    row, col, *rest = args
    bid = b.building_at(state["players"][seat], row, col)
    bd = BUILDINGS[bid]
    name = bd["name"]
    effect = bd["effect"]
    if effect == "convert_vp":
        pieces = rest if bd["input"] == "any_product" else [bd["input"]] * rest[0]
        return f"{name} · {pieces_text(list(pieces))} → {bd['vp_each'] * len(pieces)} VP"
    if effect == "ship":
        berth, piece, n = rest
        return f"{name} · {n} {piece_name(piece, n)} to berth {berth} · {BERTH_VP[berth - 1] * n} VP"
    if effect == "sell":
        return f"{name} · sell {pieces_text(list(rest))} · {bd['pesos_each'] * len(rest)} pesos"
    if effect == "transform":
        n = rest[0]
        return f"{name} · {n} {piece_name(bd['source'], n)} → {piece_name(bd['target'], n)}"
    if effect == "exchange":
        return f"{name} · {piece_name(rest[0])} → {piece_name(rest[1])}"
    if effect == "veto" and rest:
        return f"{name} · veto {rest[0]}"
    if effect == "lighthouse":
        return f"{name} · bring ship {rest[0]}"
    if effect == "store":
        return f"{name} · store products"
    return f"{name} · {bd['text']}"


# ---- prompts -------------------------------------------------------------------------------

PROMPTS = {
    "choose_start": "Choose your starting pieces: 2 resources and 2 products.",
    "choose_card": "Choose the character card you keep face down for parliament.",
    "play_card": "Play one of your character cards.",
    "worker_move": "Move your worker to a field of your plantation.",
    "worker_fields": "Choose activated product fields to harvest, or say done.",
    "trader": "Buy and sell at the market, take a free piece, or say done.",
    "architect": "Build a building on your plantation, or take the VP instead.",
    "foreman": "Use your buildings in the worker's row and column, or one anywhere; say done to stop.",
    "mayor": "Load pieces onto one ship, or take the pesos instead.",
    "veto": "Veto one proposal with your church, or skip.",
    "bid": "Bid pesos for parliament in secret.",
    "tie_bid": "Parliament is tied: bid once more in secret.",
    "enact": "You won parliament: enact exactly 2 proposals.",
    "pay_tax": "Pay the tax for 2 VP, or skip it.",
    "pay_duty": "Pay the duty for 2 VP, or skip it.",
}


def prompt(state: State, seat: str, lang: str = "en") -> str:
    if seat not in to_act(state):
        return ""
    step = state["step"]
    if step == "pay_tax":
        return f"Pay the tax of {tax_due(state, seat)} pesos for 2 VP, or skip it."
    if step == "pay_duty":
        return f"Pay the duty ({STATUTES[state['statutes']['II']]['text'].split(' → ')[0]}) for 2 VP, or skip it."
    if step == "worker_fields":
        left = state["pending"]["allowed"] - len(state["pending"]["used"])
        if left > 0:
            return f"Choose up to {left} more activated product field{'s' if left != 1 else ''}, or say done."
        return "Discard a water to harvest one more field, or say done."
    return PROMPTS.get(step, "")


# ---- private information -------------------------------------------------------------------


def private_summary(state: State, seat: str, lang: str = "en") -> str:
    player = state["players"].get(seat)
    if player is None:
        return ""
    lines = []
    if state["options"]["secret_parliament_card"] and state["phase"] == "actions" and player["card"]:
        card = player["card"]
        lines.append(f"Your face-down parliament card: {card} ({CHARACTERS[card]} votes).")
    if state["step"] == "bid" and not state["bids_revealed"]:
        if player["bid"] is None:
            lines.append(f"You have not bid yet; you have {player['pesos']} pesos.")
        else:
            lines.append(f"Your secret bid: {player['bid']} pesos.")
    if state["step"] == "tie_bid" and seat in state["tied"]:
        if player["bid2"] is None:
            lines.append(f"Bid again to break the tie; you have {player['pesos']} pesos.")
        else:
            lines.append(f"Your secret second bid: {player['bid2']} pesos.")
    return "\n".join(lines)


def private_choices(state: State, seat: str) -> bool:
    if seat not in to_act(state):
        return False
    if state["step"] in ("bid", "tie_bid", "choose_card"):
        return True
    if state["step"] == "foreman":
        player = state["players"][seat]
        return any(bid == "lighthouse" for bid, _, _ in player["buildings"])
    return False


# ---- help ----------------------------------------------------------------------------------

HELP_SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Six rounds on your plantation in Cuba. Score victory points (VP) by shipping cargo, by buildings, "
        "by paying taxes and duties and from subsidies. After round 6 every building scores 2 VP more. "
        "Most VP wins; on a tie, most pesos.",
    ),
    (
        "A round",
        "A: four statute proposals are turned up (tax, duty, subsidy, special). "
        "B: from the start player on, everybody plays one character card at a time until each has played 4; "
        "the highest 4th card (the last played among equals) becomes start player. "
        "C: parliament — the 5th card's value are your votes; the highest total enacts 2 proposals. "
        "D: the statutes in force act, I to IV. E: unstored products are discarded and ships move.",
    ),
    (
        "Worker (1)",
        "Move your figure to any field. Every resource field (forest, mountain, lake) in its row and column "
        "yields 1 wood, stone or water. Harvest at most 2 activated product fields (1 under Drought); "
        "each water you discard lets you harvest one more.",
    ),
    (
        "Trader (2)",
        "Buy and sell products and goods at the market as often as you like: you pay the cheapest occupied "
        "space and sell to the most expensive free one; an empty row sells at 7 from the supply, a full row buys "
        "at 1 (products) or 3 (goods). Or instead take for free 1 resource, or 1 of the cheapest product (each once a round).",
    ),
    (
        "Architect (3)",
        "Build one building on any free field but the warehouse, paying its wood, stone and water (and 2 pesos "
        "under the Building statute). Or build nothing: the first to do so this round scores 2 VP, the second 1 VP.",
    ),
    (
        "Foreman (4)",
        "Use the buildings in your figure's row and column (the warehouse too), each once, or any one building. "
        "A warehouse stores all your products so they outlive the round.",
    ),
    (
        "Mayor (5)",
        "Load any of your products and goods onto one ship, each on a free space of its type: 1, 2 or 3 VP per "
        "piece at berth 1, 2 or 3. Or ship nothing: the first to do so takes 4 pesos, the second 2.",
    ),
    (
        "Parliament",
        "Votes = your 5th card (+2 with the Town hall used). Everyone bids pesos in secret; all bids are paid. "
        "Tied players bid once more in secret; then the start player or the first tied player after him wins. "
        "The church's owner may veto a proposal (not the group vetoed last round). Corruption forbids bidding.",
    ),
    (
        "Statutes",
        "I tax: pay for 2 VP. II duty: give pieces for 2 VP (+1 VP if you paid the tax too). III subsidy: VP per "
        "building, free field, water (max 7), card vote or 3 pesos (max 7). IV special: market −2/+2, Drought, "
        "Building (+2 pesos per building), Harbour (full ships leave at once), Corruption.",
    ),
    (
        "Buildings",
        "; ".join(f"{bd['name']} ({b.cost_text(bd['cost'])}): {bd['text']}" for bd in BUILDINGS.values())
        + ".",
    ),
    (
        "Harbour",
        "Berth 3 is empty in round 1. At the end of a round full ships leave, and in rounds 2–5 the ship on berth 3 "
        "leaves whatever its load; the others move up and the ship at sea comes in.",
    ),
)


def display_title(lang: str = "en") -> str:
    return "Cuba"


def help_sections(lang: str = "en") -> list[tuple[str, str]]:
    return list(HELP_SECTIONS)


def category_name(category: str, lang: str = "en") -> str:
    return category
