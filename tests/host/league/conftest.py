"""Fixtures of the league's tests: a throwaway PostgreSQL (tests/pg_helpers.py), and a
league on it or on SQLite."""

import itertools

import pytest

from boardlight.league.db import Database
from boardlight.league.service import League
from pg_helpers import Postgres, need_postgres

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    need_postgres()
    server = Postgres()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def league_url(request, tmp_path):
    """A new, empty league database: a SQLite file, and a database of the PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "league.sqlite3")
    return request.getfixturevalue("postgres").new_database("league_%d" % next(_names))


@pytest.fixture
def league(league_url):
    db = Database(league_url)
    yield League(db)
    db.close()


def pytest_collection_modifyitems(items):
    # The tests on the PostgreSQL server are marked so (`-m "not postgres"` leaves them out).
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if params.get("league_url") == "postgresql" or "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
