"""Laying out many choices (bot/choices.py) and long texts (bot/pages.py) for Discord."""

from __future__ import annotations

from bot import discord_app as app
from bot.choices import group_label, groups_by_prefix, members, narrowed
from bot.outcome import Choice, custom_id
from bot.pages import pack


def test_many_actions_are_grouped_by_the_words_that_tell_them_apart():
    builds = [
        f"build {b} at {r} {c}"
        for b in ("inn", "hotel", "dam", "shop", "sawmill", "church")
        for r in range(3)
        for c in range(6)
    ]
    actions = [*builds, "take vp"]
    groups = groups_by_prefix(actions, capacity=100)
    assert list(groups) == [
        "build inn",
        "build hotel",
        "build dam",
        "build shop",
        "build sawmill",
        "build church",
        "take vp",
    ]
    assert sum(len(g) for g in groups.values()) == len(actions)
    assert members(actions, "build dam") == [a for a in builds if a.startswith("build dam ")]
    assert members(actions, "build da") == []  # whole words only


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
    assert ("narrow", "USE CASINO … (40)", "use") in made  # the fewest words that tell the groups apart


def test_group_label_keeps_the_shared_words():
    assert group_label(["Cement factory at 0,1", "Cement factory at 2,2"]) == "Cement factory at … (2)"
    assert group_label(["Bid 10", "Bid 11", "Bid 12"]) == "Bid … (3)"


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
    view = app.choices_view([*bids, Choice("My hand", custom_id("h", 5, 2))])
    menus = [item for item in view.children if isinstance(item, app.ChoiceSelect)]
    assert [m.item.placeholder for m in menus] == ["Bid 0 … Bid 24", "Bid 25 … Bid 49", "Bid 50 … Bid 59"]
