"""`boardlight league serve`: the league's database, its app and uvicorn, in this process."""

from __future__ import annotations

import os
from typing import Callable

import platformdirs

from boardlight.league.app import Wakeups, make_app
from boardlight.league.db import Database
from boardlight.league.service import League

DEFAULT_PORT = 8750


def default_db() -> str:
    """The embedded league of one club night: a SQLite file in the user's data folder."""
    folder = platformdirs.user_data_path("boardlight")
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "league.sqlite3")


def open_league(url: str) -> tuple[League, Wakeups]:
    wakeups = Wakeups()
    return League(Database(url), on_change=wakeups.wake), wakeups


def serve(url: str, host: str, port: int, renew_director: bool = False,
          say: Callable[[str], object] = print, token_file: str | None = None) -> None:
    """Serve the league until SIGINT or SIGTERM (uvicorn's own handling: requests being
    answered are finished, a transaction cut short is rolled back by the database)."""
    import uvicorn

    league, wakeups = open_league(url)
    try:
        token = league.director_token(renew=renew_director)
        if token is not None:
            if token_file is not None:
                # Made 0600 as it is created: never readable by others, even for a moment.
                fd = os.open(token_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as f:
                    f.write(token + "\n")
                os.chmod(token_file, 0o600)  # a file that was there before keeps its mode otherwise
                say("the director's token is in %s" % token_file)
            else:
                say("the director's token (shown once, keep it): %s" % token)
        app = make_app(league, wakeups)
        config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                                timeout_graceful_shutdown=3)
        server = uvicorn.Server(config)
        say("league %s on http://%s:%d" % (league.db.describe(), host, port))
        server.run()
    finally:
        league.db.close()
