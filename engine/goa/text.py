"""English text for Goa: log lines, button labels, prompts, refusals and the rules summary.

Templates are data (``TEMPLATES``, ``TILE_NAMES``, ``CARD_NAMES``, ``HELP``) so the bot's
catalogues can override them by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Action, Event
from engine.goa import board, data
from engine.goa.state import Player, State

if TYPE_CHECKING:
    from engine.goa.rules import GoaRules

COLUMN_NAMES = {
    "ships": "Shipbuilding",
    "harvest": "Harvest",
    "taxes": "Taxes",
    "expedition": "Expedition",
    "colonists": "Colonists",
}

CARD_NAMES = {
    "advance_no_ships": "advance without ships",
    "advance_no_spices": "advance without spices",
    "advance_money": "advance for ducats",
    "colony_three": "colony with 3 cards",
    "harvest_mix": "harvest as any goods",
    "ships": "+2 ships",
    "colonists": "+2 colonists",
    "ducats": "+5 ducats",
    "spices": "+2 spices",
    "extra_action": "+1 extra-action card",
}

ONE_TIME_NAMES = {
    "trade": "Trade",
    "viceking": "Vice-King",
    "supply": "Supply",
    "espionage": "Espionage",
    "addharvest": "Additional Harvest",
}


def tile_name(tile_id: str | None) -> str:
    """A short English name for a tile ("double pepper plantation", "4 ships now")."""
    if tile_id is None:
        return "nothing"
    t = data.TILES[tile_id]
    kind = t["kind"]
    if kind == "plantation":
        size = {1: "single", 2: "double", 3: "triple"}[t["cap"]]
        return f"{size} {t['spice']} plantation"
    if kind == "each_round":
        what = {
            "ship": "1 ship",
            "colonist": "1 colonist",
            "ducats": f"{t['amount']} ducats",
            "spice": "1 spice",
        }
        return f"{what[t['gives']]} each round"
    if kind == "duty":
        return "Duty"
    if kind == "mission":
        return f"Mission ({t['vp']} VP)"
    if kind == "one_time":
        return ONE_TIME_NAMES[t["effect"]]
    if t["choice"]:
        return f"{t['choice']} ships or {t['choice']} colonists"
    parts = [
        f"{t[k]} {label}"
        for k, label in (
            ("ships", "ship"),
            ("actions", "extra action"),
            ("colonists", "colonist"),
            ("expeditions", "expedition card"),
        )
        if t[k]
    ]
    return " + ".join(p + ("s" if int(p.split()[0]) > 1 else "") for p in parts)


def lot_name(lot: str) -> str:
    return "the flag" if lot == "flag" else f"the {tile_name(lot)}"


def card_text(card: int) -> str:
    c = data.CARDS[card]
    return f"#{card} {CARD_NAMES[c['effect']]} ({c['symbol']}, {c['colonists']} colonist{'s' if c['colonists'] > 1 else ''})"


def _goods(d: Mapping[str, Any]) -> str:
    names = {"ships": "ship", "colonists": "colonist", "ducats": "ducat", "extra": "extra-action card"}
    parts = [f"{d[k]} {v}{'s' if d[k] != 1 else ''}" for k, v in names.items() if d.get(k)]
    return ", ".join(parts) or "nothing"


def _paid(paid: Mapping[str, Any]) -> str:
    parts = []
    if paid.get("spices"):
        parts.append(" + ".join(paid["spices"]))
    if paid.get("ships"):
        parts.append(f"{paid['ships']} ship{'s' if paid['ships'] > 1 else ''}")
    if paid.get("ducats"):
        parts.append(f"{paid['ducats']} ducats")
    return " and ".join(parts) if parts else "nothing (Vice-King)"


#: Why goods were gained, as the log shows it.
WHY = {
    "ships": "Shipbuilding",
    "taxes": "Taxes",
    "tile": "tile",
    "card": "expedition card",
    "each_round": "each-round tile",
    "espionage": "Espionage",
    "goods": "chosen goods",
}

TEMPLATES: dict[str, str] = {
    "flag_placed": "{name} places the flag at {pos}.",
    "marker_placed": "{name} puts auction marker {number} on {pos} ({tile}).",
    "bid": "{name} bids {amount} for {lot}.",
    "bid_passed": "{name} passes on {lot}.",
    "bid_accepted": "{name} accepts {winner}'s bid of {amount}: {winner} takes {lot}.",
    "outbid": "{name} outbids with {amount}, paid to the bank, and keeps {lot}.",
    "taken_free": "Nobody bids: {name} takes {lot} for free.",
    "flag_won": "{name} holds the flag, is start player and takes 1 extra-action card.",
    "plantation_added": "{name} places the {tile} (filled with {cap} {spice}).",
    "plantation_replaced": "{name} gives up the {old} for the {tile}.",
    "tile_kept": "{name} lays the {tile} beside their boards.",
    "gain": "{name} takes {goods} ({why}).",
    "harvest": "{name} harvests up to {amount}.",
    "expedition": "{name} goes on an expedition (hand limit {limit}).",
    "cards_drawn": "{name} draws {count} expedition card{s} ({why}).",
    "cards_received": "You draw {cards}.",
    "card_played": "{name} plays expedition card {card}.",
    "advanced": "{name} advances {column} to row {row}, paying {paid}.",
    "bonus_all_rows": "All of {name}'s markers reached row {row}: +1 extra-action card.",
    "bonus_first": "{name} is first into row {row} of {column}: +1 expedition card.",
    "colony_attempt": "{name} tries to found {colony}: {base} + cards {cards} = {total} of {need} colonists.",
    "colonists_paid": "{name} pays {amount} colonist{s} for {colony}.",
    "colony_founded": "{name} founds {colony}.",
    "colony_failed": "{name} fails to found {colony} and takes {colonists} colonist.",
    "colony_filled": "{name} stocks {colony} with {spice}.",
    "spice_added": "{name} stores 1 {spice}.",
    "spices_forgone": "{name} lets {left} more go.",
    "spice_claimed": "{name} takes 1 {spice} from the each-round tile.",
    "duty_started": "{name} pays the Duty with {spices} spices.",
    "spice_given": "{name} gives 1 {spice}.",
    "duty_done": "{name}'s Duty is paid: {vp} VP at the end.",
    "tile_used": "{name} uses {tile}.",
    "supply_drawn": "Supply: {name} draws cards {cards} and may take {total} goods.",
    "store_refilled": "{name} refills {store}.",
    "action_passed": "{name} passes the action.",
    "extra_action_used": "{name} uses an extra-action card ({left} left).",
    "extra_done": "{name} ends the extra actions.",
    "round_end": "Round {round} ends.",
    "round_start": "Round {round} begins; {name} places the flag.",
    "part_b": "The A tiles leave the board; 25 B tiles are laid out.",
    "game_over": "The game is over: {standings}.",
}


def describe(event: Event, names: Mapping[str, str]) -> str:
    d: dict[str, Any] = dict(event.data)
    d["name"] = names.get(event.seat, event.seat) if event.seat else ""
    kind = event.kind
    if "lot" in d:
        d["lot"] = lot_name(d["lot"])
    if "winner" in d:
        d["winner"] = names.get(d["winner"], d["winner"])
    if "pos" in d:
        d["pos"] = d["pos"].upper()
    if kind == "marker_placed":
        d["tile"] = tile_name(d["tile"])
    if kind in ("plantation_added", "plantation_replaced", "tile_kept"):
        d["tile"] = tile_name(d["tile"])
        if "old" in d:
            d["old"] = tile_name(d["old"])
    if kind == "gain":
        d["goods"] = _goods(d)
        d["why"] = WHY.get(d["why"], d["why"])
    if "count" in d:
        d["s"] = "s" if d["count"] != 1 else ""
    if "amount" in d and kind == "colonists_paid":
        d["s"] = "s" if d["amount"] != 1 else ""
    if kind == "cards_received":
        d["cards"] = ", ".join(card_text(c) for c in d["cards"])
    if kind == "card_played":
        d["card"] = card_text(d["card"])
    if kind in ("colony_attempt", "supply_drawn"):
        d["cards"] = "+".join(str(data.CARDS[c]["colonists"]) for c in d["cards"]) or "none"
    if kind == "colony_attempt":
        d["name"] = d["name"]
    if "column" in d:
        d["column"] = COLUMN_NAMES[d["column"]]
    if kind == "advanced":
        d["paid"] = _paid(d["paid"])
    if kind == "tile_used":
        d["tile"] = ONE_TIME_NAMES[d["effect"]]
    if kind == "game_over":
        d["standings"] = ", ".join(f"{names.get(s, s)} {d['scores'][s]}" for s in d["ranking"])
    if "colony" in d:
        d["colony"] = d["colony"].capitalize()
    if kind == "store_refilled":
        d["store"] = (
            d["store"].capitalize() if d["store"] in data.COLONY_NAMES else f"plantation {d['store'][1:]}"
        )
    template = TEMPLATES.get(kind)
    if template is None:
        return f"{d['name']}: {kind}".strip()
    return template.format(**d).strip()


# --------------------------------------------------------------------------------------------
# Labels and prompts


def label(s: State, action: Action) -> str:
    k, a = action.kind, action.args
    card = f" · card {a[-1]}" if "card" in a else ""
    if k in ("flag", "marker"):
        pos = board.parse_pos(a[0])
        tile = s.grid[board.index(pos)] if board.on_grid(pos) else None
        return f"{'Flag' if k == 'flag' else 'Marker'} {a[0].upper()}" + (
            f" · {tile_name(tile)}" if tile else ""
        )
    simple = {
        "pass": "Pass",
        "done": "Done",
        "stop": "Stop",
        "take": "Take it (free)",
        "accept": "Accept the bid",
        "ships": "Build ships",
        "taxes": "Collect taxes",
        "expedition": "Expedition",
        "supply": "Use Supply",
        "addharvest": "Use Additional Harvest",
        "duty": "Pay the Duty (6 spices)",
        "pay": "Pay the colonists",
        "decline": "Don't pay",
        "ship": "Take 1 ship",
        "colonist": "Take 1 colonist",
    }
    if k in simple:
        return simple[k]
    if k == "bid":
        return f"Bid {a[0]}"
    if k == "outbid":
        return f"Outbid · {a[0]}"
    if k == "advance":
        return f"Advance {COLUMN_NAMES[a[0]]}{card}"
    if k == "harvest":
        return f"Harvest{card}"
    if k == "colony":
        return f"Found {a[0].capitalize()}{card}"
    if k == "play":
        return f"Play {card_text(a[0])}"[:80]
    if k in ("spice", "fill", "give", "claim"):
        verb = {"spice": "Store", "fill": "Stock", "give": "Give", "claim": "Take"}[k]
        return f"{verb} {a[0]}" + (f" in {a[1].capitalize()}" if len(a) > 1 else "")
    if k == "discard":
        return f"Give up plantation {a[0]}"
    if k == "choose":
        return f"Take 3 {a[0]}"
    if k == "trade":
        return f"Trade for {a[0].upper()}"
    if k == "viceking":
        return f"Vice-King: {COLUMN_NAMES[a[0]]}"
    if k == "spy":
        return f"Spy on {a[0]}: " + (f"found {a[2].capitalize()}" if a[1] == "colony" else a[1])
    if k == "refill":
        return f"Refill {a[0].capitalize() if a[0] in data.COLONY_NAMES else 'plantation ' + a[0][1:]}"
    return str(action)


def prompt(rules: GoaRules, s: State, seat: str) -> str:
    i = rules.current(s)
    if i is None or s.seats[i] != seat:
        return ""
    if s.pending:
        p = s.pending[0]
        kind = p["kind"]
        if kind == "spices":
            extra = " (or ships and colonists)" if p["mix"] else ""
            return f"Choose up to {p['left']} more spices to store{extra}, or stop."
        if kind == "fill":
            return f"Choose the spices that stock your new {p['colony'].capitalize()}."
        if kind == "discard":
            return f"You have 5 plantations: give up one of your old ones for the {tile_name(p['tile'])}."
        if kind == "choose":
            return f"Take {p['amount']} ships or {p['amount']} colonists."
        if kind == "pay":
            return f"You are {p['deficit']} colonists short for {p['colony'].capitalize()}: pay them, or fail and take 1 colonist."
        if kind == "duty":
            return f"Give {p['left']} more spices for the Duty."
        return f"Choose up to {p['left']} more plantations or colonies to refill, or stop."
    if s.phase == "flag":
        return "Place the flag on the edge or an empty space next to a tile."
    if s.phase == "marker":
        return f"Place auction marker {len(s.chain) + 1} on a tile next to marker {len(s.chain)}."
    if s.phase == "auction":
        lot = "the flag" if s.lot == 0 else f"the {tile_name(s.grid[board.index(s.chain[s.lot])])}"
        if s.auc_step < len(s.seats) - 1:
            return f"Bid more than {s.high} for {lot}, or pass."
        if s.high_seat < 0:
            return f"Nobody bid: take {lot} for free."
        return f"Accept the bid of {s.high} for {lot}, or outbid it and pay the bank."
    if s.phase == "actions":
        return "Choose your action (free plays first if you like)."
    return "Play extra-action cards or free plays, then say done."


def private_summary(p: Player) -> str:
    limit = data.YIELD["expedition"][p.progress[data.COLUMN_INDEX["expedition"]]]
    lines = [f"Ducats: {p.ducats}", f"Expedition cards ({len(p.hand)} of {limit}):"]
    lines += [f"  {card_text(c)}" for c in sorted(p.hand)] or ["  none"]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Refusals


def refusal(rules: GoaRules, s: State, seat: str, action: Action) -> str:
    """One sentence explaining why ``action`` is not legal now."""
    i = rules.current(s)
    if i is None:
        return "The game is over."
    if seat not in s.seats:
        return "You are not playing in this game."
    if s.seats[i] != seat:
        return f"It is not your turn; {s.seats[i]} must act first."
    legal = rules.legal(s, seat)
    p = s.players[i]
    k, a = action.kind, action.args
    if s.pending:
        return f"First finish the current choice: {prompt(rules, s, seat)}"
    if k in ("bid", "outbid") and a and isinstance(a[0], int):
        if s.phase != "auction":
            return "There is no auction running."
        if a[0] <= s.high:
            return f"A bid must be higher than {s.high}."
        if a[0] > p.ducats:
            return f"You cannot bid {a[0]}: you have only {p.ducats} ducats."
    main_kinds = ("advance", "ships", "harvest", "taxes", "expedition", "colony")
    if k in main_kinds and s.phase == "extra" and p.extra == 0:
        return "You have no extra-action card left for another action."
    if k in main_kinds and s.phase not in ("actions", "extra"):
        return "Actions come after the auctions."
    if k in ("flag", "marker") and a and s.phase in ("flag", "marker"):
        if k == "flag" and s.phase == "flag":
            return "The flag goes on the edge or an empty space, orthogonally next to a space with a tile."
        if k == "marker" and s.phase == "marker":
            prev = board.pos_name(s.chain[-1])
            return f"The marker must go on an unmarked tile next to {prev.upper()} (any unmarked tile only if none is free there)."
    if k == "advance" and a and a[0] in data.COLUMN_INDEX and s.phase in ("actions", "extra"):
        c = data.COLUMN_INDEX[a[0]]
        t = p.progress[c] + 1
        if t >= data.ROWS:
            return f"Your {COLUMN_NAMES[a[0]]} marker is already in the last row."
        if s.phase == "extra" and p.extra == 0:
            return "You have no extra-action card left."
        if len(a) == 1:
            counts = board.spice_counts(p)
            need = data.ADVANCE_SPICES[c][t]
            missing = [x for x in need if not counts[data.SPICE_INDEX[x]]]
            if missing:
                return f"Row {t + 1} of {COLUMN_NAMES[a[0]]} costs {' + '.join(need)}; you lack {', '.join(missing)}."
            return f"Row {t + 1} of {COLUMN_NAMES[a[0]]} costs {data.ADVANCE_SHIPS[t]} ships; you have {p.ships}."
    if k in ("play", "advance", "harvest", "colony") and "card" in a or k == "play":
        card = a[-1] if a else None
        if card not in p.hand:
            return "That expedition card is not in your hand."
    if k == "colony" and a and a[0] in data.COLONY_NAMES:
        if a[0] in p.colonies:
            return f"You have already founded {a[0].capitalize()}."
        if not s.colony_stacks[a[0]]:
            return f"No {a[0].capitalize()} colony is left."
    if k in ("trade", "viceking", "supply", "addharvest", "spy", "duty", "claim") and not any(
        x.kind == k for x in legal
    ):
        return "You cannot use that tile now (you don't own it, or it has nothing to do)."
    same = [x for x in legal if x.kind == k]
    if same:
        return (
            f"That is not possible now ('{action}'); you could play "
            + ", ".join(f"'{x}'" for x in same[:3])
            + "."
        )
    kinds = sorted({x.kind for x in legal})
    return f"You cannot '{k}' now; you can: {', '.join(kinds[:8])}."


# --------------------------------------------------------------------------------------------
# Rules summary for /game rules

HELP: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Trade spices in 16th-century Goa over 8 rounds. Score with your progress markers "
        "(row 2: 1, row 3: 3, row 4: 6, row 5: 10 VP each), colonies (1/2/6/10 VP for 1–4), "
        "sets of expedition-card symbols (1/3/6/10/15/20), single plantations (1 each), Duty (4), "
        "Missions (2/3) and 3 VP for the most ducats. Ties go to the most ducats.",
    ),
    (
        "A round",
        "1) The start player places the flag beside a tile and marker 1 on it; the others place "
        "their markers in turn, each next to the previous one (anywhere if nothing is free there); "
        "the start player places the last. 2) The flag and the marked tiles are auctioned in marker "
        "order. 3) Everyone takes 3 actions, one at a time. 4) Extra-action cards are played. "
        "Keep at most 1 extra-action card. After round 4 the A tiles are replaced by B tiles.",
    ),
    (
        "Board positions",
        "Grid spaces are named by column A–E and row 1–5 (C3). The places around the grid, where "
        "the flag may also go, are row 0 above and row 6 below (C0, C6), column Z on the left and "
        "F on the right (Z3, F3); each is printed on the board. Example: 'flag c0', 'marker d1'.",
    ),
    (
        "Auctions",
        "Bids are open. Starting left of the marker's owner, each player may bid once, higher than "
        "the best bid, or pass. The owner decides last: accept the best bid and take the money, or "
        "outbid it and pay the bank. With no bid the owner takes the lot for free. The flag's winner "
        "becomes start player and takes an extra-action card.",
    ),
    (
        "Actions",
        "advance a progress marker one row (row r→r+1 costs r spices of the kinds shown and r ships), "
        "ships (take ships), harvest (store spices), taxes (take ducats), expedition (fill your hand "
        "up to your limit), colony (found one), or pass. Each column's row sets how much you get.",
    ),
    (
        "Colonies",
        "Quilon needs 6 colonists, Cochin 8, Madras 10, Calicut 12. You have your Colonists row "
        "value plus 2 drawn expedition cards' colonists; pay colonist cards for the rest. On "
        "failure you take 1 colonist. A new colony arrives filled with spices.",
    ),
    (
        "Tiles and cards",
        "Plantations arrive filled; you have 4 spaces (a 5th replaces an old one). Each-round tiles "
        "give goods every round. One-time tiles (Trade, Vice-King, Supply, Espionage, Additional "
        "Harvest), the Duty and expedition cards are free plays on your own turn. Expedition cards "
        "you keep score by symbol; the all-columns-in-row-2/3/4 and first-to-row-4 bonuses give "
        "extra-action and expedition cards.",
    ),
    (
        "Secrets",
        'Your ducats and expedition cards are hidden: use the "My hand" button or your DMs. '
        "Everything else, including bids and ships, is open.",
    ),
)
