"""The container checks itself: the Dockerfile and both compose files carry the health check
(``tradewinds health`` against the heartbeat ``HEALTH_FILE``), the bot runs as a user of its own,
and ``.dockerignore`` keeps the secrets, the games and everything the image does not need out of
the build context while letting in what the Dockerfile copies.

The files are read as Docker reads them (the Dockerfile's instructions with their continuation
lines; the compose files as YAML), and, where the compose tool is installed (``docker compose``
or ``docker-compose``), the compose files are also resolved by the tool itself
(``config``) and the same things checked in what it prints.
"""

from __future__ import annotations

import fnmatch
import json
import shutil
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
HEALTH = ["CMD", "tradewinds", "health", "--max-age", "60"]


def instructions(dockerfile: str) -> list[tuple[str, str]]:
    """``(INSTRUCTION, arguments)`` in order: comments dropped, ``\\`` continuations joined."""
    found: list[tuple[str, str]] = []
    pending = ""
    for line in dockerfile.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        word, _, rest = whole.partition(" ")
        found.append((word.upper(), " ".join(rest.split())))
    return found


def test_the_dockerfile_checks_its_health_as_a_user_of_its_own():
    steps = instructions((DEPLOY / "Dockerfile").read_text(encoding="utf-8"))
    words = [w for w, _ in steps]
    assert words[0] == "FROM" and words[-1] == "CMD"
    assert steps[-1] == ("CMD", '["tradewinds", "run"]')
    users = [arg for w, arg in steps if w == "USER"]
    assert users == ["tradewinds"]  # one user, not root, set before the bot runs
    assert words.index("USER") > max(i for i, w in enumerate(words) if w == "RUN")  # RUNs as root
    (health,) = [arg for w, arg in steps if w == "HEALTHCHECK"]
    options, _, command = health.partition(" CMD ")
    assert json.loads(command) == HEALTH[1:]
    assert {o.split("=")[0] for o in options.split()} == {
        "--interval",
        "--timeout",
        "--start-period",
        "--retries",
    }
    env = " ".join(arg for w, arg in steps if w == "ENV")
    assert "HEALTH_FILE=/tmp/tradewinds.alive" in env  # the heartbeat the check reads
    # ... which an --env-file copied from .env.example would empty: the documented run sets it
    assert "\nHEALTH_FILE=\n" in (ROOT / ".env.example").read_text(encoding="utf-8")
    for text in (
        (DEPLOY / "Dockerfile").read_text(encoding="utf-8"),
        (ROOT / "docs" / "operating.md").read_text(encoding="utf-8"),  # the operator's guide
    ):
        runs = [line for line in text.splitlines() if "docker run -d --env-file .env" in line]
        assert runs and all("-e HEALTH_FILE=/tmp/tradewinds.alive" in line for line in runs)
    # what the image copies is in the checkout and let through by .dockerignore
    copied = [arg.split()[0] for w, arg in steps if w == "COPY"]
    sources = [s for arg in (a for w, a in steps if w == "COPY") for s in arg.split()[:-1]]
    assert copied and set(sources) == {"pyproject.toml", "README.md", "engine", "render", "bot"}
    for source in sources:
        assert (ROOT / source).exists() and not ignored(source), source


def dockerignore() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def ignored(path: str) -> bool:
    """Whether Docker leaves ``path`` (relative to the context) out: the last matching pattern
    decides, ``!`` lets a path back in, and a pattern that matches a folder takes its contents."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    verdict = False
    for pattern in dockerignore():
        negate = pattern.startswith("!")
        bare = pattern.lstrip("!").strip("/")
        candidates = [bare, bare.removeprefix("**/")]
        if any(fnmatch.fnmatchcase(p, c) for p in prefixes for c in candidates) or any(
            fnmatch.fnmatchcase(part, bare.removeprefix("**/")) for part in parts if bare.startswith("**/")
        ):
            verdict = not negate
    return verdict


def test_dockerignore_keeps_secrets_games_and_the_rest_out():
    for secret in (".env", ".env.production", "tradewinds.db", "tradewinds.db-wal", "tradewinds.db.v13.bak"):
        assert ignored(secret), secret
    for bulk in (
        ".git/HEAD",
        ".venv/bin/python",
        "tests/conftest.py",
        "bench/load.py",
        "docs/cuba-board.png",
    ):
        assert ignored(bulk), bulk
    assert ignored("bot/__pycache__/cli.cpython-311.pyc")
    assert not ignored(".env.example")
    for needed in ("pyproject.toml", "README.md", "bot/ops/cli.py", "bot/adapter/translator/locales/ja.json"):
        assert not ignored(needed), needed
    assert not ignored("render/fonts/NotoSans-Regular.ttf")


def bots(compose: dict) -> dict[str, dict]:
    """The compose file's bot services (every one built from the Dockerfile)."""
    return {
        name: service
        for name, service in compose["services"].items()
        if isinstance(service.get("build"), dict) and "Dockerfile" in service["build"].get("dockerfile", "")
    }


def check_compose(compose: dict, shards: int) -> None:
    found = bots(compose)
    assert len(found) == shards
    for name, service in found.items():
        health = service["healthcheck"]
        assert health["test"] == HEALTH, name
        assert {"interval", "timeout", "retries", "start_period"} <= set(health), name
        environment = service["environment"]
        if isinstance(environment, list):  # the tool may print KEY=value lines
            environment = dict(item.split("=", 1) for item in environment)
        assert environment["HEALTH_FILE"] == "/tmp/tradewinds.alive", name
        # the metrics endpoint (when METRICS_PORT is set) listens beyond the container's own
        # loopback, where a Prometheus on the compose network can reach it
        assert environment["METRICS_ADDRESS"] == "0.0.0.0", name
        assert service["restart"] == "unless-stopped", name


def test_both_compose_files_check_the_bots_health():
    sqlite = yaml.safe_load((DEPLOY / "compose.sqlite.yaml").read_text(encoding="utf-8"))
    check_compose(sqlite, 1)
    assert sqlite["services"]["tradewinds"]["volumes"] == ["tradewinds-data:/data"]
    sharded = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    check_compose(sharded, 2)
    assert sharded["services"]["postgres"]["healthcheck"]["test"][0] == "CMD-SHELL"
    for service in bots(sharded).values():
        assert service["depends_on"] == {"postgres": {"condition": "service_healthy"}}


def compose_tool() -> list[str] | None:
    """``docker compose`` (the plugin) or ``docker-compose``, whichever is installed."""
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_the_compose_tool_reads_both_files_as_written(tmp_path):
    """Both files in a copy of the layout they expect (``../.env`` beside ``deploy/``), resolved
    by the compose tool where one is installed: valid, and the health checks survive the
    merging of the shards' common part (``x-shard``). Without the tool, the files' YAML is
    resolved the same way here (the anchors and ``<<`` merges), so the checks still run."""
    (tmp_path / "deploy").mkdir()
    for name in ("compose.sqlite.yaml", "compose.yaml", "Dockerfile"):
        shutil.copy2(DEPLOY / name, tmp_path / "deploy" / name)
    shutil.copy2(ROOT / ".env.example", tmp_path / ".env")
    tool = compose_tool()
    for name, shards in (("compose.sqlite.yaml", 1), ("compose.yaml", 2)):
        path = tmp_path / "deploy" / name
        if tool is None:
            resolved = yaml.safe_load(path.read_text(encoding="utf-8"))
        else:
            done = subprocess.run(
                [*tool, "-f", str(path), "config"],
                capture_output=True,
                text=True,
                cwd=tmp_path / "deploy",
                env={"PATH": "/usr/local/bin:/usr/bin:/bin", "POSTGRES_PASSWORD": "pw"},
                timeout=60,
            )
            assert done.returncode == 0, done.stderr
            resolved = yaml.safe_load(done.stdout)
        check_compose(resolved, shards)
