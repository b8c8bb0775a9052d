"""The action phase and the extra step, and how a round moves on: three turns each in seat
order from the start player, then the extra step with additional-action cards, then the end of
the round (and of part A, and of the game)."""

from __future__ import annotations

from engine.core import Action, Event, Rng
from engine.goa import data
from engine.goa.rules import actions, auction, pending, tiles
from engine.goa.rules.common import DONE, MAIN_KINDS, PASS, gain, own_all, revision
from engine.goa.rules.scoring import final_result
from engine.goa.state import State
from engine.typed import number


def legal(s: State, i: int) -> list[Action]:
    """A turn's choices: the main actions (in the extra step only with an extra-action card),
    resource cards, plays from tiles, discarding cards (revision 3), and pass (done in the extra
    step). In revision 3 a player holding more than one extra-action card may not be done (he
    must play them down to one), nor one who played a card in this extra turn (it goes with
    the additional action)."""
    p = s.players[i]
    rev = revision(s)
    acts: list[Action] = []
    if s.phase == "actions" or p.extra > 0:
        acts += actions.legal(s, p)
    acts += actions.card_plays(s, p)
    acts += tiles.legal(s, i)
    if rev.discard_on_own_turn:
        acts += [Action("drop", (c,)) for c in sorted(set(p.hand))]
    if s.phase == "actions":
        acts.append(PASS)
    elif not (rev.keep_extra_by_playing and (p.extra > data.MAX_EXTRA_ACTION_CARDS_KEPT or s.card_played)):
        acts.append(DONE)
    return acts


def play(s: State, i: int, action: Action, events: list[Event]) -> None:
    kind = action.kind
    p = s.players[i]
    seat = s.seats[i]
    if kind == "pass":
        events.append(Event("action_passed", seat))
        s.step_done = True
    elif kind == "done":
        events.append(Event("extra_done", seat))
        s.passed.append(i)
        s.step_done = True
    elif kind in MAIN_KINDS:
        if s.phase == "extra":
            p.extra -= 1
            events.append(Event("extra_action_used", seat, {"left": p.extra}))
        # in the extra step of revision 1 a player plays all his cards on one turn
        if s.phase == "actions" or revision(s).extra_in_turns:
            s.step_done = True
        actions.main_action(s, i, action, events)
        if revision(s).card_after_action and s.step_done and not s.card_played:
            # under the action's own decisions: asked once they are answered (dropped when the
            # hand is empty then; see pending.drop_idle)
            s.pending.append({"kind": "after", "seat": i})
    elif kind == "play":
        actions.play_card(s, i, number(action, 0), events)
    elif kind == "drop":
        pending.discard_card(s, i, number(action, 0), events)
    else:
        tiles.play(s, i, action, events)


def settle(s: State, events: list[Event]) -> None:
    """Move the phase on once the current lot or turn is over and nothing is pending."""
    while s.step_done and not s.pending:
        s.step_done = False
        s.card_played = False
        phase = s.phase
        if phase == "auction":
            if s.lot < len(s.seats):
                auction.open_lot(s, s.lot + 1)
            else:
                begin_actions(s, events)
        elif phase == "actions":
            s.turn += 1
            if s.turn >= data.ACTIONS_PER_ROUND * len(s.seats):
                s.phase = "extra"
                s.turn = 0
                s.passed = []
                skip_idle(s, events)
        else:
            s.turn += 1
            skip_idle(s, events)


def begin_actions(s: State, events: list[Event]) -> None:
    """After the last lot: the chain is cleared and the each-round tiles give their goods."""
    own_all(s)
    s.phase = "actions"
    s.turn = 0
    s.chain = []
    s.chain_owner = []
    for i, p in enumerate(s.players):
        gains = {"ships": 0, "colonists": 0, "ducats": 0}
        for t in p.tiles:
            tile = data.TILES[t]
            if tile["kind"] == "each_round" and tile["gives"] != "spice":
                gains[{"ship": "ships", "colonist": "colonists"}.get(tile["gives"], tile["gives"])] += tile[
                    "amount"
                ]
        gain(s, i, events, "each_round", **gains)


def idle(s: State, i: int) -> bool:
    """A seat with nothing to do in the extra step (judged on open information only): no
    extra-action card, no tile to use, and (before revision 3, where a card goes only with an
    action) no card in hand."""
    p = s.players[i]
    cards_alone = revision(s).cards_per_turn is None and bool(p.hand)
    return p.extra == 0 and not cards_alone and not tiles.legal(s, i)


def skip_idle(s: State, events: list[Event]) -> None:
    """Move the extra step to the next seat that may still act; end the round when none may.

    Revision 2 goes round the table, one extra action a turn, until every seat has said
    done (or has nothing to do); revision 1 gave each seat one turn for all its cards."""
    n = len(s.seats)
    if not revision(s).extra_in_turns:
        while s.turn < n and idle(s, (s.start + s.turn) % n):
            s.turn += 1
        if s.turn >= n:
            end_round(s, events)
        return
    s.passed.extend(j for j in range(n) if j not in s.passed and idle(s, j))
    if len(s.passed) >= n:
        end_round(s, events)
        return
    while (s.start + s.turn) % n in s.passed:
        s.turn += 1


def end_round(s: State, events: list[Event]) -> None:
    """Extra-action cards beyond one are lost (revisions 1 and 2; revision 3 has them played
    before), claims reset; then the next round (part B's tiles after round 4) or the end of the
    game."""
    own_all(s)
    s.passed = []
    for p in s.players:
        p.extra = min(p.extra, data.MAX_EXTRA_ACTION_CARDS_KEPT)
        p.claimed = []
    events.append(Event("round_end", None, {"round": s.round}))
    if s.round >= data.ROUNDS:
        s.phase = "over"
        result = final_result(s)
        events.append(
            Event(
                "game_over",
                None,
                {"scores": result.scores, "ranking": result.ranking, **result.tiebreak},
                reveals_hidden=True,
            )
        )
        return
    s.round += 1
    s.phase = "flag"
    if s.round == data.LAST_ROUND_OF_PART_A + 1:
        rng = Rng(s.rng)
        s.grid = list(rng.shuffled(revision(s).b_tiles)[: data.TILES_LAID_PER_PART])
        s.rng = rng.state
        events.append(Event("part_b", None, {"round": s.round}, random=True))
    events.append(Event("round_start", s.seats[s.start], {"round": s.round}))
