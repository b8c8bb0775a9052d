"""Setting up a game: the first part's tiles, the shuffled deck and colony stacks, the tiger draw
for the start player and everyone's starting holdings."""

from __future__ import annotations

from engine.core import Rng
from engine.goa import data
from engine.goa.state import Player, State


def new_state(players: list[str], seed: int, revision: int, head_start: bool = False) -> State:
    """The table before the first flag (``players`` and the options are already checked); with
    ``head_start`` (the 'Rule Variant') each player first chooses his head start."""
    rev = data.REVISIONS[revision]
    rng = Rng.from_seed(seed)
    grid: list[str | None] = list(rng.shuffled(data.A_TILE_IDS)[: data.TILES_LAID_PER_PART])
    deck = rng.shuffled(rev.card_ids)
    colony_stacks = {
        name: rng.shuffled(tiles) if name in rev.shuffled_stacks else list(tiles)
        for name, tiles in rev.colony_stacks.items()
    }
    discard: list[int] = []
    start = tiger_draw(deck, discard, len(players))
    return State(
        seats=list(players),
        round=1,
        phase="head" if head_start else "flag",
        grid=grid,
        chain=[],
        chain_owner=[],
        start=start,
        lot=0,
        auc_step=0,
        high=0,
        high_seat=-1,
        turn=0,
        pending=[],
        step_done=False,
        deck=deck,
        discard=discard,
        colony_stacks=colony_stacks,
        firsts=[],
        players=[
            Player(
                data.START_DUCATS_START_PLAYER if i == start else data.START_DUCATS_OTHERS,
                data.START_SHIPS,
                data.START_COLONISTS,
            )
            for i in range(len(players))
        ],
        rng=rng.state,
        revision=revision,
        passed=[],
    )


def tiger_draw(deck: list[int], discard: list[int], seats: int) -> int:
    """Reveal the top expedition card for each player in turn (from the first seat) until a
    tiger shows; that player starts. The revealed cards go to the discard pile."""
    i = 0
    while deck:
        card = deck.pop()
        discard.append(card)
        if data.CARDS[card]["symbol"] == data.START_SYMBOL:
            return i % seats
        i += 1
    raise AssertionError("the expedition deck holds no tiger")
