"""Laying out a decision's choices so that no message shows more than about a dozen.

A phone shows a dozen buttons at a glance; a long list (Cuba's architect: every building on
every free field; a bid of up to 30 ducats) is grouped instead. Up to :data:`MESSAGE_CAPACITY`
plays go under one message as buttons; beyond that :func:`narrowed` makes *narrowing* choices,
each standing for a group of the actions: pressing one answers, only to the presser, with the
actions of that group (grouped again if they are still too many) — so every legal action stays
reachable by buttons, and ``/play`` still takes any of them typed.

A group is named by a *key* (it travels in the button's custom_id, ``bot/service/outcome.py``):

* the first words the group's actions share, when that tells the groups apart in the words of
  their labels: ``build inn`` is "Inn · 11 choices", then one button per field;
* otherwise a run: the key's last word ``i-j`` picks, among the actions its other words
  select, those whose next word is the ``i``-th to the ``j``-th of the different words they
  have there — ``bid 0-11`` (labelled "Bid 0–11") are the first twelve bids, ``build 0-10``
  the builds of the first eleven buildings (then one button per building, then per field);
* before both, the game's own groups when it names them (:meth:`engine.core.GamePresentation.
  choice_group`): ``_g top`` is Goa's flag places on the top edge, labelled with the group's
  name ("Flag on the top edge: A0 B0 C0") — a board is cut where its players see it cut.

No label is ever clipped: a run is named by the words its first and last labels share and the
word where they differ ("Drive 1–12"), a group by the words its labels share and how many it holds ("Found · 4 choices").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engine.core import ChoiceGroup

#: Plays shown under one message (the My turn / My hand buttons come on top).
MESSAGE_CAPACITY = 12
#: The last word of a key that names a run of actions by position: ``3-14``.
RUN = re.compile(r"^(\d+)-(\d+)$")
#: The longest label Discord shows on a button.
MAX_LABEL = 80
#: The first word of a key that names one of the game's own groups: ``_g top``.
GAME_GROUP = "_g"

#: The game's group of an action text (None: the game does not group it).
GroupOf = Callable[[str], ChoiceGroup | None]


def group_key(action: str, words: int) -> str:
    """The first ``words`` words of an action's text."""
    return " ".join(action.split(" ")[:words])


def _split(key: str) -> tuple[list[str], tuple[int, int] | None]:
    """A key's words and, when its last word names a run, the run's first and last position."""
    words = key.split(" ") if key else []
    if words and (m := RUN.match(words[-1])):
        return words[:-1], (int(m[1]), int(m[2]))
    return words, None


def _word(action: str, at: int) -> str:
    words = action.split(" ")
    return words[at] if len(words) > at else ""


def _values(actions: Sequence[str], at: int) -> list[str]:
    """The different words the actions have at position ``at``, in order of appearance."""
    return list(dict.fromkeys(_word(a, at) for a in actions))


def game_group_key(key: str) -> str | None:
    """The game's group a key names (``_g top`` → ``top``), or None for a key of words."""
    first, _, rest = key.partition(" ")
    return rest if first == GAME_GROUP and rest else None


def members(actions: Sequence[str], key: str, group_of: GroupOf | None = None) -> list[str]:
    """The actions a narrowing choice stands for: those whose text starts with the key's words
    (whole words, in any case: custom_ids are lower case); when its last word names a run ``i-j``, of those only the ones whose next
    word is the ``i``-th to the ``j``-th of the different words they have there. A key of the
    game's own group (``_g top``) stands for the actions ``group_of`` puts in that group."""
    wanted = game_group_key(key)
    if wanted is not None:
        return [
            a for a in actions if group_of is not None and (g := group_of(a)) is not None and g.key == wanted
        ]
    words, run = _split(key.lower())
    found = [a for a in actions if a.lower().split(" ")[: len(words)] == words]
    if run is not None:
        chosen = set(_values(found, len(words))[run[0] : run[1] + 1])
        found = [a for a in found if _word(a, len(words)) in chosen]
    return found


def _common_start(labels: Sequence[str]) -> str:
    """The whole words every label starts with (a label without spaces is one word)."""
    first = labels[0]
    end = min(len(x) for x in labels)
    for other in labels[1:]:
        end = next((i for i in range(end) if first[i] != other[i]), end)
    shared = first[:end]
    at_word_end = shared.endswith(" ") or all(len(x) == end or x[end] == " " for x in labels)
    if not at_word_end:
        shared = shared[: shared.rindex(" ")] if " " in shared else ""
    return shared.strip().rstrip(" ,·:→").strip()


def _shared(labels: Sequence[str]) -> tuple[str, str]:
    """The whole words every label starts with, and (only when there are none) those every
    label ends with."""
    prefix = _common_start(labels)
    if prefix or len(set(labels)) < 2:
        return prefix, ""
    return "", _common_start([x[::-1] for x in labels])[::-1].lstrip(" ,·:→").strip()


#: The words a group's name drops at its end in English ("Small bank at" → "Small bank").
ENGLISH_JOINERS = frozenset(["at", "on", "to", "in", "into", "for", "of", "from", "with", "by"])


def english_count(n: int) -> str:
    return f"{n} choice" if n == 1 else f"{n} choices"


def group_label(
    labels: Sequence[str],
    count: Callable[[int], str] = english_count,
    joiners: frozenset[str] = ENGLISH_JOINERS,
) -> str:
    """The words the labels of one group share and, in words, how many it holds: ``Small bank
    · 11 choices`` for "Small bank at A1" … "Small bank at D3" (a last word of ``joiners``, such
    as "at", dropped). ``count`` says the number in the reader's language."""
    prefix, suffix = _shared(labels)
    if prefix:
        words = prefix.split(" ")
        if len(words) > 1 and words[-1].lower() in joiners:
            prefix = " ".join(words[:-1])
    shared = prefix or suffix
    return f"{shared} · {count(len(labels))}" if shared else count(len(labels))


#: Where a label's first part ends ("Drive 1 → Conchita: …" is a drive of 1 first).
_PART_ENDS = re.compile(r" → | · |: |：|（| \(")


def run_label(first: str, last: str) -> str:
    """The label of a run of actions, whole: the words its first and last labels share and the
    word where they differ (``Bid 0–11``, ``Trade for A1–B4``, ``Drive 1–12``); when they share no
    first word, their first parts (``Flag A0 – Flag Z2``); when even those are too long for a
    button, the first part of the first label and the count of the others."""
    a, b = first.split(" "), last.split(" ")
    shared = 0
    while shared < min(len(a), len(b)) - 1 and a[shared] == b[shared]:
        shared += 1
    ends = 0
    while ends < min(len(a), len(b)) - 1 and a[-1 - ends] == b[-1 - ends]:
        ends += 1
    ranged = ""
    ordered = any(ch.isdigit() for ch in a[shared]) and any(ch.isdigit() for ch in b[shared])
    if shared and ordered:  # numbers and board places run in order; goods do not
        ranged = " ".join([*a[:shared], f"{a[shared].rstrip(':,')}–{b[shared].rstrip(':,')}"])
    elif ends and len(a) == len(b) == ends + 1:  # "1 VP" … "12 VP": "1–12 VP"
        ranged = " ".join([f"{a[0]}–{b[0]}", *a[1:]])
    if ranged and len(ranged) <= MAX_LABEL:
        return ranged
    heads = f"{_head(first)} – {_head(last)}"
    return heads if len(heads) <= MAX_LABEL else _head(first)[:MAX_LABEL]


def _head(label: str) -> str:
    """A label's first part: up to its first separator (the whole label when it has none)."""
    return _PART_ENDS.split(label, 1)[0].strip()


def _by_prefix(actions: Sequence[str], words: int) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for action in actions:
        groups.setdefault(group_key(action, words), []).append(action)
    return groups


def _told_apart(groups: dict[str, list[str]], label_of: Callable[[str], str] | None) -> bool:
    """Whether the groups' labels name them: every larger group's labels share some words, and
    no two groups read the same (their counts aside: "Deliver · 5 choices" and "Deliver · 7 choices" do)."""
    if label_of is None:
        return True
    names: list[tuple[str, str] | str] = []
    for group in groups.values():
        labels = [label_of(a) for a in group]
        if len(group) > 1 and _shared(labels) == ("", ""):
            return False
        names.append(_shared(labels) if len(group) > 1 else labels[0])
    return len(set(names)) == len(names)


def _runs(actions: Sequence[str], capacity: int, key: str) -> list[tuple[str, list[str], bool]]:
    """The actions in runs: by the different words they have at the first position where they
    differ (within the key's run, if it names one), at most ``capacity`` runs."""
    shared, run = _split(key)
    at, offset = len(shared), run[0] if run else 0
    while len(_values(actions, at)) == 1 and _word(actions[0], at):  # all alike there: look further
        at += 1
        shared, offset = actions[0].split(" ")[:at], 0
    values = _values(actions, at)
    size = 1
    while len(values) > size * capacity:
        size *= capacity
    out: list[tuple[str, list[str], bool]] = []
    for i in range(0, len(values), size):
        chosen = values[i : i + size]
        found = [a for a in actions if _word(a, at) in chosen]
        key_of_run = " ".join([*shared, f"{offset + i}-{offset + i + len(chosen) - 1}"])
        out.append((found[0], found, False) if len(found) == 1 else (key_of_run, found, True))
    return out


def _game_groups(
    actions: Sequence[str], capacity: int, group_of: GroupOf | None
) -> list[tuple[str, list[str], bool]] | None:
    """The game's own groups of ``actions`` (an action it does not group stands alone), when
    it groups some and they fit."""
    if group_of is None:
        return None
    by_key: dict[str, list[str]] = {}
    for action in actions:
        group = group_of(action)
        by_key.setdefault(f"{GAME_GROUP} {group.key}" if group is not None else action, []).append(action)
    if len(by_key) > capacity or all(len(v) == 1 for v in by_key.values()):
        return None
    return [((k if len(v) > 1 else v[0]), v, False) for k, v in by_key.items()]


def plan(
    actions: Sequence[str],
    capacity: int = MESSAGE_CAPACITY,
    label_of: Callable[[str], str] | None = None,
    key: str = "",
    group_of: GroupOf | None = None,
) -> list[tuple[str, list[str], bool]]:
    """``actions`` (those ``key`` stands for; all of a decision's for ``""``) as at most
    ``capacity`` groups: (key, members, whether it is a run) each; a group of one is keyed by
    its action.

    The groups are the game's own (``group_of``, when it groups every action) or else the
    actions sharing their first words — the level (number of words) with the most groups that
    fit and that the labels tell apart, the fewest words on a tie — or, when no level does,
    runs of them (:func:`_runs`)."""
    if len(actions) <= capacity:
        return [(a, [a], False) for a in actions]
    if game_group_key(key) is not None:  # one of the game's groups, still too long: by words
        key = ""
    elif _split(key)[1] is None and (own := _game_groups(actions, capacity, group_of)) is not None:
        return own  # the game's groups, of all the moves or of those its first words name
    groups = _level(actions, capacity, label_of, key)
    # One group beside single plays, and room left: open it in place (a pass beside runs of
    # bids rather than beside "Bid · 60 choices").
    larger = [i for i, (_k, found, _r) in enumerate(groups) if len(found) > 1]
    if len(larger) == 1:
        group_key_, found, _ = groups[larger[0]]
        inner = plan(found, capacity, label_of, group_key_)
        if len(groups) - 1 + len(inner) <= capacity:
            groups[larger[0] : larger[0] + 1] = inner
    return groups


def _level(
    actions: Sequence[str], capacity: int, label_of: Callable[[str], str] | None, key: str
) -> list[tuple[str, list[str], bool]]:
    """One level of grouping of more than ``capacity`` actions (see :func:`plan`)."""
    words, _run = _split(key)
    longest = max(len(a.split(" ")) for a in actions)
    best: dict[str, list[str]] | None = None
    for count in range(len(words) + 1, longest + 1):
        groups = _by_prefix(actions, count)
        if len(groups) > capacity:
            break
        if len(groups) > (len(best) if best else 1) and _told_apart(groups, label_of):
            best = groups
    if best is not None:
        return [((k if len(v) > 1 else v[0]), v, False) for k, v in best.items()]
    return _runs(actions, capacity, key)


def groups_by_prefix(
    actions: Sequence[str],
    capacity: int = MESSAGE_CAPACITY,
    label_of: Callable[[str], str] | None = None,
    key: str = "",
    group_of: GroupOf | None = None,
) -> dict[str, list[str]]:
    """:func:`plan` as key → members."""
    return {k: found for k, found, _ in plan(actions, capacity, label_of, key, group_of)}


def narrowed(
    actions: Sequence[str],
    label_of: Callable[[str], str],
    play: Callable[[str, str], object],
    narrow: Callable[[str, str], object],
    capacity: int = MESSAGE_CAPACITY,
    key: str = "",
    group_of: GroupOf | None = None,
    count: Callable[[int], str] = english_count,
    joiners: frozenset[str] = ENGLISH_JOINERS,
) -> list[object]:
    """One choice per group of ``actions`` (those ``key`` stands for): ``play(label, action)``
    for a group of one, ``narrow(label, key)`` for a larger one. ``play``/``narrow`` build the
    choices; ``count`` and ``joiners`` name a group in the reader's language (:func:`group_label`)."""
    out: list[object] = []
    for group, found, _ in plan(actions, capacity, label_of, key, group_of):
        if len(found) == 1:
            out.append(play(label_of(found[0]), found[0]))
        else:
            out.append(narrow(narrowing_label(found, group, label_of, group_of, count, joiners), group))
    return out


def narrowing_label(
    found: Sequence[str],
    key: str,
    label_of: Callable[[str], str],
    group_of: GroupOf | None = None,
    count: Callable[[int], str] = english_count,
    joiners: frozenset[str] = ENGLISH_JOINERS,
) -> str:
    """The label of the narrowing choice ``key`` for its actions ``found``: the game's name of
    its group (``Flag on the top edge: A0 B0``), a run's range (``Bid 0–11``), or the words a
    group's labels share and how many it holds (``Inn · 11 choices``); ``count`` and ``joiners``
    in the reader's language (:func:`group_label`)."""
    if game_group_key(key) is not None and group_of is not None and (own := group_of(found[0])) is not None:
        return own.name
    if _split(key)[1] is not None:
        return run_label(label_of(found[0]), label_of(found[-1]))
    return group_label([label_of(a) for a in found], count, joiners)
