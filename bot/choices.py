"""Laying out a decision's choices when there are more than fit under one message.

Discord allows 25 components per message and 25 options per select menu. The adapter shows up
to :data:`MESSAGE_CAPACITY` plays as select menus (one row stays free for My turn / My hand);
beyond that, :func:`narrowed` groups the actions by their first words (e.g. every
``build cement_factory at …``) into *narrowing* choices: pressing one answers, only to the
presser, with the actions of that group — so every legal action stays reachable by buttons,
and ``/play`` still takes any of them typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Plays that fit under one message: four select menus of 25 options (the fifth row holds the
#: My turn / My hand buttons).
MESSAGE_CAPACITY = 100
#: A narrowing level is worth a click only when it offers more than one row of buttons.
ROW_WIDTH = 5


def group_key(action: str, words: int) -> str:
    """The first ``words`` words of an action's text."""
    return " ".join(action.split(" ")[:words])


def groups_by_prefix(actions: Sequence[str], capacity: int = MESSAGE_CAPACITY) -> dict[str, list[str]]:
    """The actions grouped by their first words, with the fewest words that give more than a
    row of groups and no more than ``capacity`` (else the most words that still fit)."""
    longest = max((len(a.split(" ")) for a in actions), default=1)
    levels: list[dict[str, list[str]]] = []
    for words in range(1, longest + 1):
        groups: dict[str, list[str]] = {}
        for action in actions:
            groups.setdefault(group_key(action, words), []).append(action)
        if len(groups) > capacity:
            break
        levels.append(groups)
        if len(groups) > ROW_WIDTH:
            return groups
    if not levels:  # even the first words differ too often: /play covers what does not fit
        return {a: [a] for a in actions}
    most = max(len(level) for level in levels)
    return next(level for level in levels if len(level) == most)


def group_label(labels: Sequence[str]) -> str:
    """The words the labels of one group share, ending in … (e.g. ``Cement factory at …``)."""
    first = labels[0]
    end = len(first)
    for other in labels[1:]:
        end = min(end, len(other))
        for i in range(end):
            if first[i] != other[i]:
                end = i
                break
    shared = first[:end]
    if end < len(first) and " " in shared:
        shared = shared[: shared.rindex(" ")]
    shared = shared.rstrip(" ,·:")
    return f"{shared} … ({len(labels)})" if shared else f"… ({len(labels)})"


def narrowed(
    actions: Sequence[str],
    label_of: Callable[[str], str],
    play: Callable[[str, str], object],
    narrow: Callable[[str, str], object],
    capacity: int = MESSAGE_CAPACITY,
) -> list[object]:
    """One choice per group of ``actions``: ``play(label, action)`` for a group of one,
    ``narrow(label, prefix)`` for a larger group. ``play``/``narrow`` build the choices."""
    out: list[object] = []
    for prefix, members in groups_by_prefix(actions, capacity).items():
        if len(members) == 1:
            out.append(play(label_of(members[0]), members[0]))
        else:
            out.append(narrow(group_label([label_of(m) for m in members]), prefix))
    return out


def members(actions: Sequence[str], prefix: str) -> list[str]:
    """The actions a narrowing choice stands for: those whose text starts with ``prefix``'s words."""
    words = prefix.split(" ")
    return [a for a in actions if a.split(" ")[: len(words)] == words]
