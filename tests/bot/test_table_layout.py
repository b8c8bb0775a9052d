"""Laying out many choices (bot/service/choices.py) and long texts (bot/service/pages.py) for Discord."""

from __future__ import annotations

from bot.adapter.components import ChoiceSelect, choices_view
from bot.service.choices import RUN, group_label, groups_by_prefix, members, narrowed, plan
from bot.service.outcome import Choice, custom_id
from bot.service.pages import pack


def test_many_actions_are_grouped_by_the_words_that_tell_them_apart():
    names = ("inn", "hotel", "dam", "shop", "sawmill", "church")
    builds = [f"build {b} at {r} {c}" for b in names for r in range(3) for c in range(4)]
    actions = [*builds, "take vp"]

    def label(action: str) -> str:
        if action == "take vp":
            return "No building · VP"
        _, b, _, r, c = action.split(" ")
        return f"{b.title()} at {'ABCD'[int(c)]}{int(r) + 1}"

    groups = groups_by_prefix(actions, 12, label)
    # per building (11 groups fit); per building and row would read "Inn at … (4)" three times
    assert list(groups) == [f"build {b}" for b in names] + ["take vp"]
    assert sum(len(g) for g in groups.values()) == len(actions)
    assert members(actions, "build dam") == [a for a in builds if a.startswith("build dam ")]
    assert members(actions, "build da") == []  # whole words only


def test_runs_of_consecutive_actions_when_no_shared_words_tell_groups_apart():
    bids = [f"bid {n}" for n in range(31)]
    made = narrowed(
        bids, str.title, lambda label, a: ("play", label, a), lambda label, k: ("narrow", label, k)
    )
    assert made == [
        ("narrow", "Bid 0–11", "bid 0-11"),
        ("narrow", "Bid 12–23", "bid 12-23"),
        ("narrow", "Bid 24–30", "bid 24-30"),
    ]
    assert members(bids, "bid 12-23") == [f"bid {n}" for n in range(12, 24)]
    assert members([*bids, "pass"], "bid 24-30") == [f"bid {n}" for n in range(24, 31)]
    # more than a dozen runs: runs of runs, their positions still counted among all the bids
    many = [f"bid {n}" for n in range(200)]
    top = groups_by_prefix(many, 12, str.title)
    assert list(top) == ["bid 0-143", "bid 144-199"]
    inner = groups_by_prefix(members(many, "bid 144-199"), 12, str.title, key="bid 144-199")
    assert list(inner)[:2] == ["bid 144-155", "bid 156-167"] and members(many, "bid 156-167")[0] == "bid 156"
    assert all(len(found) <= 12 for found in inner.values())


def test_a_long_list_of_whole_groups_is_cut_between_groups():
    """Twenty buildings the architect can afford: runs of buildings, then a building, then a field."""
    names = [f"b{k:02d}" for k in range(20)]
    builds = [f"build {b} at {r} {c}" for b in names for r in range(3) for c in range(4) if (r, c) != (0, 0)]
    actions = [*builds, "take vp"]

    def label(action: str) -> str:
        if action == "take vp":
            return "No building · VP"
        _, b, _, r, c = action.split(" ")
        return f"{b.upper()} at {'ABCD'[int(c)]}{int(r) + 1}"

    top = plan(actions, 12, label)
    assert [(k, len(found)) for k, found, _ in top] == [
        ("build 0-11", 132),
        ("build 12-19", 88),
        ("take vp", 1),
    ]
    assert narrowed(actions, label, lambda lab, a: lab, lambda lab, k: lab)[:2] == [
        "B00 at B1 – B11 at D3",
        "B12 at B1 – B19 at D3",
    ]
    per_building = plan(members(actions, "build 12-19"), 12, label, key="build 12-19")
    assert [k for k, _, _ in per_building] == [f"build {b}" for b in names[12:]]
    assert all(len(found) == 11 for _, found, _ in per_building)


def test_few_groups_take_the_level_with_most_of_them():
    actions = (
        [f"build inn at 0 {c}" for c in range(30)] + [f"build dam at 1 {c}" for c in range(30)] + ["take vp"]
    )
    assert list(groups_by_prefix(actions, capacity=25)) == ["build inn", "build dam", "take vp"]


def test_a_group_of_one_is_played_directly_and_larger_ones_narrow():
    actions = [f"use casino {n}" for n in range(40)] + ["skip"]
    made = narrowed(
        actions,
        str.upper,
        lambda label, a: ("play", label, a),
        lambda label, p: ("narrow", label, p),
        capacity=20,
    )
    assert ("play", "SKIP", "skip") in made
    # one group beside the skip: opened in place, as runs (a click less than "USE CASINO … (40)")
    assert ("narrow", "USE CASINO 0–19", "use casino 0-19") in made and len(made) == 3


def test_group_label_keeps_the_shared_words_and_says_how_many_in_words():
    assert group_label(["Cement factory at 0,1", "Cement factory at 2,2"]) == "Cement factory · 2 choices"
    assert group_label(["Bid 10", "Bid 11", "Bid 12"]) == "Bid · 3 choices"


def test_cubas_building_groups_name_the_building_and_count_its_fields_in_every_language():
    """Cuba's architect has more builds than buttons: each group is one building on any of its
    free fields, and its button says so ("Small bank · 11 choices"), never "Small bank at …
    (11)"; in Chinese and Japanese, whose labels share no words, the builds come in runs."""
    from bot.texts import CATALOGUE, t
    from engine import GAMES
    from engine.ai import player
    from engine.cuba.text import building_name

    rules = GAMES["cuba"]
    state = rules.new(["p0", "p1", "p2"], 5)
    bots = {s: player("cuba", "random", 5 + i) for i, s in enumerate(["p0", "p1", "p2"])}
    while not (
        rules.to_act(state)
        and len(rules.legal(state, rules.to_act(state)[0])) > 12
        and str(rules.legal(state, rules.to_act(state)[0])[0]).startswith("build ")
    ):
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(
            state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        )
    seat = rules.to_act(state)[0]
    for lang in ("en", "zh-CN", "zh-TW", "ja", "nl"):
        labels = rules.seat_view(state, seat, lang).labels()

        def groups(key: str = "", labels: dict = labels, lang: str = lang) -> list[tuple[str, str]]:
            """The groups' labels and keys, through the runs that hold them."""
            made = narrowed(
                members(list(labels), key) if key else list(labels),
                labels.__getitem__,
                lambda label, a: ("play", label, a),
                lambda label, k: ("narrow", label, k),
                key=key,
                count=lambda n: CATALOGUE.plural(lang, "group_count", n),
                joiners=frozenset(t("group_joiners", lang).split()),
            )
            found = []
            for kind, label, k in made:
                if kind == "narrow":
                    found += groups(k) if RUN.match(k.split(" ")[-1]) else [(label, k)]
            return found

        named = groups()
        assert named or lang not in ("en", "nl"), lang  # labels without spaces come in runs
        for label, key in named:
            assert "…" not in label, (lang, label)
            held = members(list(labels), key)
            assert label.endswith(CATALOGUE.plural(lang, "group_count", len(held))), (lang, label)
            if lang in ("en", "nl") and key.startswith("build "):  # the building, then how many
                name = building_name(key.split(" ")[1], lang)
                assert (
                    label
                    == f"{name[:1].upper()}{name[1:]} · {CATALOGUE.plural(lang, 'group_count', len(held))}"
                )


def test_pack_keeps_sections_whole_and_within_the_limit():
    sections = [f"**S{i}**\n" + "x" * 700 for i in range(6)]
    messages = pack(sections, 1900)
    assert all(len(m) <= 1900 for m in messages) and len(messages) == 3
    assert "\n\n".join(messages) == "\n\n".join(sections)
    long = "\n".join(["line " + "y" * 95] * 50)  # one section longer than a message: cut at line ends
    cut = pack([long], 1900)
    assert all(len(m) <= 1900 for m in cut) and "\n".join(cut) == long
    assert pack(["z" * 4000], 1900) == ["z" * 1900, "z" * 1900, "z" * 200]


def test_a_menu_shows_its_first_and_last_choice_when_closed():
    bids = [Choice(f"Bid {n}", custom_id("a", 5, 2, f"bid {n}"), "bid") for n in range(60)]
    view = choices_view([*bids, Choice("My hand", custom_id("h", 5, 2))])
    menus = [item for item in view.children if isinstance(item, ChoiceSelect)]
    assert [m.item.placeholder for m in menus] == ["Bid 0 … Bid 24", "Bid 25 … Bid 49", "Bid 50 … Bid 59"]
