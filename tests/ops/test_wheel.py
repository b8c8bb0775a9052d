"""The bot as a server admin installs it: the wheel, built from the sources and installed into a
fresh virtual environment, not the editable checkout the other tests import.

The wheel is built without network (``pip wheel --no-build-isolation --no-index``, with the
setuptools of the test extra) from a copy of the sources, then installed into a new venv with
``--no-deps --no-index`` — only the wheel's own contents land there. The dependencies
(discord.py, Pillow…) are reached through a ``.pth`` line naming this environment's
site-packages *directory*: a ``.pth`` line that is a directory is only appended to ``sys.path``,
so the editable install's own hook found there never runs, and ``import bot`` can only find the
installed wheel. Every check runs in that venv's interpreter, in isolated mode (``-I``: no
current folder, no ``PYTHONPATH``), from a folder holding no sources.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from bot.adapter.translator import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
#: A wheel built and installed into a fresh venv (the module's fixture): started first.
pytestmark = pytest.mark.slow
SOURCES = ("pyproject.toml", "README.md", "engine", "render", "bot")


def catalogues_in(root: Path) -> set[str]:
    """Every message catalogue under ``root`` (``bot/adapter/translator/locales/ja.json`` …)."""
    return {
        p.relative_to(root).as_posix()
        for package in ("engine", "render", "bot")
        for p in (root / package).rglob("locales/*.json")
    }


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel built from today's sources; returns its interpreter."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    wheels = base / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(wheels), str(src)],
        check=True,
        cwd=base,
    )
    (wheel,) = wheels.glob("tradewinds-*.whl")
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
        check=True,
        cwd=base,
    )
    site = Path(
        subprocess.run(
            [str(python), "-I", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def run_in(python: Path, code: str, cwd: Path) -> str:
    done = subprocess.run(
        [str(python), "-I", "-c", code], capture_output=True, text=True, cwd=cwd, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_wheel_holds_every_catalogue(installed: Path, tmp_path: Path) -> None:
    """Each ``locales/*.json`` of the sources is in the installed package, byte for byte, and
    the modules come from the venv (not from this checkout)."""
    out = run_in(
        installed,
        "import json, pathlib, bot, engine, render\n"
        "roots = {pathlib.Path(m.__file__).parent.parent for m in (bot, engine, render)}\n"
        "(root,) = roots\n"
        "files = sorted(p.relative_to(root).as_posix() for pkg in ('engine', 'render', 'bot')"
        " for p in (root / pkg).rglob('locales/*.json'))\n"
        "print(json.dumps({'root': str(root), 'files': files}))\n",
        tmp_path,
    )
    found = json.loads(out)
    root = Path(found["root"])
    assert installed.parent.parent in root.parents, f"imported from {root}, not the fresh venv"
    expected = catalogues_in(ROOT)
    assert len(expected) == 30  # 6 catalogues × 5 languages
    assert set(found["files"]) == expected
    for name in expected:
        assert (root / name).read_bytes() == (ROOT / name).read_bytes(), name


def test_the_wheel_holds_every_font_with_its_licence(installed: Path, tmp_path: Path) -> None:
    """``render/fonts`` of the sources — every face of the stack (the bold CJK one too) and each
    licence file — is in the installed package, byte for byte, and the installed stack draws
    bold Chinese from the bold CJK face."""
    out = run_in(
        installed,
        "import json, pathlib, render.faces as f\n"
        "folder = pathlib.Path(f.__file__).parent / 'fonts'\n"
        "print(json.dumps({'folder': str(folder), 'files': sorted(p.name for p in folder.iterdir()),"
        " 'bold': [face for _, face in f.runs('肉豆蔻', True)], 'bold_cjk': f.BOLD_CJK}))\n",
        tmp_path,
    )
    found = json.loads(out)
    sources = ROOT / "render" / "fonts"
    expected = sorted(p.name for p in sources.iterdir())
    assert "NotoSansCJKsc-Bold-subset.otf" in expected and "NotoSansCJK-LICENSE.txt" in expected
    assert found["files"] == expected
    for name in expected:
        assert (Path(found["folder"]) / name).read_bytes() == (sources / name).read_bytes(), name
    assert found["bold"] == [found["bold_cjk"]]


TREE_CHECK = """
import asyncio, json
import discord
from bot.adapter.client import TradewindsBot
from bot.config import Settings

async def main():
    client = TradewindsBot(Settings(), serve=False)
    await client._async_setup_hook()
    await client.setup_hook()
    payload = [await c.get_translated_payload(client.tree, client.tree.translator)
               for c in client.tree.get_commands()]
    await client.close()
    print(json.dumps(payload))

asyncio.run(main())
"""


def localisations(node: dict, path: str = "") -> dict[str, dict[str, str]]:
    """The translator's catalogue key of every name (``game.new.name``, ``game.new:game.name``)
    → its localisations, for every command, group, sub-command and option."""
    if node.get("type", 1) in (1, 2):  # a command, group or sub-command
        here = f"{path}.{node['name']}".lstrip(".")
        key = f"{here}.name"
    else:
        here, key = path, f"{path}:{node['name']}.name"
    found = {key: node.get("name_localizations") or {}}
    for option in node.get("options", []):
        found.update(localisations(option, here))
    return found


def test_the_installed_tree_speaks_every_language(installed: Path, tmp_path: Path) -> None:
    """The command tree the installed bot would register (discord.py's own translated payload,
    through the bot's translator) names every command, sub-command and option in Dutch,
    Japanese and both Chinese scripts — what an install without the translator's catalogues
    silently lost."""
    payload = json.loads(run_in(installed, TREE_CHECK, tmp_path))
    names = {}
    for command in payload:
        names.update(localisations(command))
    assert len(names) > 40
    for key, localised in names.items():
        for lang in ("nl", "ja", "zh-CN", "zh-TW"):
            # (discord.py leaves out a translation that is the English word itself: Dutch "hand")
            assert localised.get(lang, CATALOGUE.entries("en")[key]) == CATALOGUE(lang, key), (key, lang)
    game = next(c for c in payload if c["name"] == "game")
    assert game["name_localizations"]["ja"] == "ゲーム"


def test_the_installed_command_starts_as_the_readme_says(installed: Path, tmp_path: Path) -> None:
    """``tradewinds run`` of the installed script, with no token anywhere: the README's one line
    and exit status 2 (``tradewinds demo`` too plays from the installed package)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PYTHONPATH")}
    script = installed.parent / "tradewinds"
    done = subprocess.run([str(script), "run"], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "DISCORD_TOKEN is not set: put it in the environment or in a .env file (see .env.example)."
    ]
    done = subprocess.run(
        [str(script), "demo", "--game", "goa", "--players", "2", "--max-turns", "3", "--export", "g.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "g.json").read_text())["game"] == "goa"
