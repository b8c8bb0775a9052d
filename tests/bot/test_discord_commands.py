"""The slash command tree against the committed snapshot ``tests/bot/command_tree.json``: a change
to a name, an option or a description shows up here (and needs ``tradewinds sync``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.adapter.client import TradewindsBot
from bot.adapter.commands import tree_hash, tree_payload
from bot.config import Settings

SNAPSHOT = Path(__file__).with_name("command_tree.json")


def outline(command: dict[str, Any]) -> dict[str, Any]:
    """Name, description and options (recursively: type, required, choices, autocomplete)."""
    shown: dict[str, Any] = {"name": command["name"], "description": command["description"]}
    for key in ("type", "required", "autocomplete", "min_value", "max_value"):
        if key in command:
            shown[key] = command[key]
    if command.get("choices"):
        shown["choices"] = [c["value"] for c in command["choices"]]
    if command.get("options"):
        shown["options"] = [outline(o) for o in command["options"]]
    return shown


def current_tree() -> list[dict[str, Any]]:
    return [outline(c) for c in tree_payload(TradewindsBot(Settings()).tree)]


def test_command_tree_matches_the_snapshot():
    assert current_tree() == json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def test_every_command_of_the_design_is_there():
    tree = {c["name"]: c for c in current_tree()}
    assert set(tree) == {"game", "tradewinds", "admin", "play"}
    assert [o["name"] for o in tree["game"]["options"]] == [
        "new", "join", "leave", "kick", "add-bot", "replace", "rejoin", "start", "board", "status", "hand", "hint", "log",
        "history", "export", "forget-me", "undo", "abandon", "settings",
    ]  # fmt: skip
    assert [o["name"] for o in tree["tradewinds"]["options"]] == [
        "rules",
        "legend",
        "notify",
        "mine",
        "stats",
    ]
    assert [o["name"] for o in tree["admin"]["options"]] == ["pause", "resume", "end", "sync"]
    [action] = tree["play"]["options"]
    assert action["name"] == "action" and action["autocomplete"] is True and action["required"] is True
    new = next(o for o in tree["game"]["options"] if o["name"] == "new")
    assert new["options"][0]["choices"] == ["cuba", "santiago", "goa"]
    # Every description fits Discord's limit of 100 characters.
    stack = list(tree.values())
    while stack:
        node = stack.pop()
        assert 1 <= len(node["description"]) <= 100, node["name"]
        stack.extend(node.get("options", []))


def test_the_hash_follows_the_tree():
    client = TradewindsBot(Settings())
    before = tree_hash(client.tree)
    assert before == tree_hash(TradewindsBot(Settings()).tree)
    client.tree.remove_command("play")
    assert tree_hash(client.tree) != before
