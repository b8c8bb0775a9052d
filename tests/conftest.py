"""Suite-wide settings: message catalogues are strict, so a missing translation fails a test
instead of quietly falling back to English."""

from hypothesis import HealthCheck, settings

from engine.i18n import Catalogue

Catalogue.strict = True

# No test counts on how fast anything is (tests/waiting.py): hypothesis's per-example deadline
# and its "too slow" health check are wall-clock thresholds, which a busy machine trips.
settings.register_profile(
    "tradewinds", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("tradewinds")


# ---------------------------------------------------------------------- the game stores under test
# (tests/backends.py): SQLite everywhere, PostgreSQL too in modules marked both_backends.

import pytest  # noqa: E402

from tests.backends import BACKENDS, Database, start_postgres  # noqa: E402


def pytest_generate_tests(metafunc):
    if "backend" not in metafunc.fixturenames:
        return
    for mark in metafunc.definition.iter_markers("parametrize"):
        if "backend" in str(mark.args[0]).replace(" ", "").split(","):
            return  # the test names its backend itself
    both = metafunc.definition.get_closest_marker("both_backends") is not None
    metafunc.parametrize("backend", BACKENDS if both else BACKENDS[:1])


@pytest.fixture(scope="session")
def postgres_server():
    """One real PostgreSQL server for the whole session (started on first use, deleted at the
    end)."""
    server = start_postgres()
    yield server
    server.stop()


@pytest.fixture
async def database(backend, tmp_path, request) -> Database:
    """A fresh, empty-of-games database of the test's backend."""
    if backend == "postgresql":
        server = request.getfixturevalue("postgres_server")
        return Database(backend, await server.new_database())
    return Database(backend, str(tmp_path / "tradewinds.db"))


# ---------------------------------------------------------------------- the long tests start first
# The README's command spreads the tests over the cores with ``--dist worksteal``: each worker
# starts on its share of the collection, and one that runs out takes half of what another still
# has queued. The tests marked ``slow`` (a whole run of processes, whole games over Discord, long
# sweeps) are moved to the front, so that they start at once and the last minutes are the short
# tests, which the workers share — never one worker on a long test while the other one idles.


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # (a stable sort)
