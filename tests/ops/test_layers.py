"""The house's arrows point one way (issue 32): ``bot`` → ``render`` → ``engine``, and inside ``bot``
the operator's tools → the Discord adapter → the service → the store protocol, with the
infrastructure at ``bot/``'s top below them all. Each package's docstring says what it may
import; this reads every import of the source (those inside functions and under
``TYPE_CHECKING`` too) and fails on an arrow the wrong way. Read from the source, so it costs no
import."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: What each part of ``bot`` may import of ``bot``, besides itself and the infrastructure.
ALLOWED: dict[str, set[str]] = {
    "bot.ops": {"bot.adapter", "bot.service", "bot.stores", "bot.stores.port"},
    "bot.adapter": {"bot.service", "bot.stores.port"},
    "bot.service": {"bot.stores.port"},
    "bot.stores": {"bot.stores.port"},
    "bot.stores.port": set(),
    "bot.infra": set(),
}
#: The stores' modules the service and the adapter may see: the protocol and its plain rows.
PORT = {"bot.stores.protocol", "bot.stores.rows"}


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def imports(package: str) -> dict[str, set[str]]:
    """Module of ``package`` → every module it names in an import (``from a import b`` names
    ``a.b`` when that is a module of the house, else ``a``), at any depth of the code."""
    files = {_module(p): p for p in (ROOT / package).rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in files.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.add(
                        sub
                        if (ROOT / sub.replace(".", "/")).with_suffix(".py").exists()
                        or (ROOT / sub.replace(".", "/")).is_dir()
                        else node.module
                    )
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        out[name] = found
    return out


def part(module: str) -> str | None:
    """The part of the house a module of ``bot`` belongs to (None outside ``bot``)."""
    if module != "bot" and not module.startswith("bot."):
        return None
    if module in PORT:
        return "bot.stores.port"
    for package in ("bot.ops", "bot.adapter", "bot.service", "bot.stores"):
        if module == package or module.startswith(package + "."):
            return package
    return "bot.infra"


def wrong_arrows(graph: dict[str, set[str]]) -> list[str]:
    """Every ``importer -> imported`` of ``graph`` that its part may not have."""
    wrong = []
    for importer, imported in sorted(graph.items()):
        mine = part(importer)
        if mine is None:
            continue
        for target in sorted(imported):
            theirs = part(target)
            if theirs is None or theirs == mine or theirs in ALLOWED[mine]:
                continue
            if theirs == "bot.infra" and mine != "bot.infra":
                continue  # the infrastructure is below every part
            if mine == "bot.stores.port" and theirs == "bot.stores":
                continue  # the protocol's open_store picks an implementation, imported in the call
            wrong.append(f"{importer} -> {target}")
    return wrong


def test_the_arrows_inside_bot_point_one_way():
    assert wrong_arrows(imports("bot")) == []


def test_a_wrong_arrow_is_seen():
    """The check itself: a store reaching into the service, the service into the adapter and the
    infrastructure into the service or the stores are each named."""
    graph = {
        "bot.stores.sqlite": {"bot.service.tables", "bot.stores.rows", "bot.metrics"},
        "bot.service.presenter": {"bot.adapter.client", "bot.stores.protocol", "bot.texts"},
        "bot.config": {"bot.service.front", "bot.stores.rows"},
        "bot.service.acting": {"bot.stores.queries"},
        "bot.adapter.commands": {"bot.service.front", "bot.stores.rows", "discord"},
    }
    assert wrong_arrows(graph) == [
        "bot.config -> bot.service.front",
        "bot.config -> bot.stores.rows",
        "bot.service.acting -> bot.stores.queries",
        "bot.service.presenter -> bot.adapter.client",
        "bot.stores.sqlite -> bot.service.tables",
    ]


def discord_outside_the_adapter(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Module of ``bot`` outside the adapter → what of discord.py it imports (none may)."""
    found = {
        name: {m for m in imported if m == "discord" or m.startswith("discord.")}
        for name, imported in graph.items()
        if not name.startswith("bot.adapter.")
    }
    return {name: mods for name, mods in found.items() if mods}


def test_only_the_adapter_imports_discord():
    graph = imports("bot")
    assert discord_outside_the_adapter(graph) == {}
    assert any(
        m.startswith("discord")
        for name, found in graph.items()
        for m in found
        if name.startswith("bot.adapter.")
    )


def test_discord_outside_the_adapter_is_seen():
    planted = {
        "bot.names": {"discord.utils", "re"},
        "bot.service.presenter": {"discord", "bot.texts"},
        "bot.adapter.delivery": {"discord"},
    }
    assert discord_outside_the_adapter(planted) == {
        "bot.names": {"discord.utils"},
        "bot.service.presenter": {"discord"},
    }


def test_nothing_imports_the_operators_tools():
    for name, found in imports("bot").items():
        if not name.startswith("bot.ops"):
            assert not {m for m in found if m.startswith("bot.ops")}, name


def test_render_never_imports_bot_and_the_engine_neither():
    for package, forbidden in (("render", ("bot",)), ("engine", ("bot", "render"))):
        for name, found in imports(package).items():
            assert not {m for m in found if m.split(".")[0] in forbidden}, name


TITLES = ("cuba", "santiago", "goa")


def _title(module: str) -> str | None:
    """``render.goa.board`` → ``goa``; None for the shared kit."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "render" and parts[1] in TITLES else None


def test_a_title_draws_with_its_own_package_and_the_shared_kit():
    """``render/<title>/`` imports no other title's package."""
    for name, found in imports("render").items():
        if _title(name) is None:
            continue
        titles = {_title(m) for m in found} - {None, _title(name)}
        assert titles == set(), name


def kit_reaching_titles(graph: dict[str, set[str]]) -> list[str]:
    """Every ``kit module -> title module`` of ``graph``: the shared kit at ``render/``'s top finds
    a title's module through the title's name (``render.GAME_MODULES``), never by an import."""
    return sorted(
        f"{name} -> {m}"
        for name, found in graph.items()
        if name.startswith("render") and _title(name) is None
        for m in found
        if _title(m) is not None
    )


def title_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles among one title's modules (each module importing, through the others, itself),
    each as its modules sorted."""
    circles: list[list[str]] = []
    for title in TITLES:
        inside = {
            n: {m for m in found if _title(m) == title} for n, found in graph.items() if _title(n) == title
        }
        seen: set[str] = set()
        for start in sorted(inside):
            if start not in seen and start in _reached(inside, start):
                loop = sorted(n for n in _reached(inside, start) if start in _reached(inside, n))
                seen |= set(loop)
                circles.append(loop)
    return circles


def _reached(inside: dict[str, set[str]], start: str) -> set[str]:
    reach, todo = set(), [start]
    while todo:
        for nxt in inside.get(todo.pop(), set()):
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    return reach


def test_the_shared_kit_imports_no_title_and_no_title_imports_itself_round():
    graph = imports("render")
    assert kit_reaching_titles(graph) == []
    assert title_circles(graph) == []


def test_the_kit_reaching_a_title_and_a_title_circle_are_seen():
    planted = {
        "render.phone_layout": {"render.santiago.board", "render.stacking"},
        "render.goa.board": {"render.goa.decision", "render.icons"},
        "render.goa.decision": {"render.goa.board"},
        "render.goa.legend": {"render.goa.board", "render.goa.glyphs"},
        "render.cuba.legend": {"render.cuba.board"},
        "render.cuba.board": {"render.phone_layout"},
    }
    assert kit_reaching_titles(planted) == ["render.phone_layout -> render.santiago.board"]
    assert title_circles(planted) == [["render.goa.board", "render.goa.decision"]]
