"""The package's shape (issue 18): no import circle inside ``engine.goa``; the words, the view and
the state never import the rules, nor the rules the words or the view: the registration joins
them. Read from the source, so it costs no import."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "engine" / "goa"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _graph() -> dict[str, set[str]]:
    """Module → the ``engine.goa`` modules it imports (``from pkg import sub`` imports ``sub``)."""
    files = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine.goa"):
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    deps.add(sub if sub in files else node.module)
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name.startswith("engine.goa")}
        graph[name] = deps - {name}
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph.get(name, ())
    return seen


def test_no_import_circle_inside_goa():
    graph = _graph()
    circles = sorted(name for name in graph if name in _reachable(graph, name))
    assert circles == []


def _part(module: str) -> str:
    """The part of the game a module belongs to: ``engine.goa.text.table`` → ``engine.goa.text``."""
    return ".".join(module.split(".")[:3])


def test_words_view_and_state_do_not_import_the_rules():
    graph = _graph()
    for name in graph:
        if _part(name) in ("engine.goa.text", "engine.goa.view", "engine.goa.state", "engine.goa.data"):
            assert not {d for d in _reachable(graph, name) if d.startswith("engine.goa.rules")}, name


def test_the_rules_import_neither_the_words_nor_the_view():
    graph = _graph()
    for name in graph:
        if name.startswith("engine.goa.rules"):
            assert not {"engine.goa.text", "engine.goa.view"} & {_part(d) for d in _reachable(graph, name)}, (
                name
            )


def test_the_registration_joins_rules_words_and_view():
    assert {_part(d) for d in _graph()["engine.goa"]} == {
        "engine.goa.rules",
        "engine.goa.text",
        "engine.goa.view",
    }
