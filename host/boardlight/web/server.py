"""The web server of one game: uvicorn in a thread of its own, beside the table UI.

Its event loop only reads pictures and passes moves to the table (web.app); the table's
lock keeps the UI and the pages from ever using the session at the same moment. Nothing
is printed on the terminal the UI draws on: what goes wrong inside the server is kept in
`errors` for the table to report when the game is left.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from typing import TYPE_CHECKING

import uvicorn

from boardlight.web.access import Access
from boardlight.web.app import make_app

if TYPE_CHECKING:
    from boardlight.sessions.table import Table

LOCAL = "127.0.0.1"
LAN = "0.0.0.0"


class WebError(Exception):
    """The web server could not start (the message says why)."""


class _Errors(logging.Handler):
    """uvicorn's error log, kept in a list instead of printed on the UI's terminal."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.errors = errors

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.append(record.getMessage())


class WebServer:
    """The pages of `table`'s game, served on `host`:`port` (0: any free port).

    `access` (web.access.Access) holds the pages' tokens: a new one for a new game; a
    server restarted for the same game may be given the old one, so that the phones'
    links keep working."""

    def __init__(self, table: Table, host: str = LOCAL, port: int = 0,
                 access: Access | None = None) -> None:
        self.table = table
        self.host = host
        if access is None:
            from boardlight.computer import seats

            session = table.session
            access = Access(session.players, seats.levels(session.players, session.row.options))
        self.access = access
        self.errors: list[str] = []
        self._port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose, for port 0)."""
        return self._port

    @property
    def lan(self) -> bool:
        return self.host != LOCAL

    def start(self, timeout: float = 10.0) -> WebServer:
        """Listen and serve in the background; WebError if the port cannot be had."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self._port))
        except OSError as exc:
            sock.close()
            raise WebError("cannot listen on %s port %d for the web pages (%s)"
                           % (self.host, self._port, exc.strerror or exc)) from None
        self._socket = sock
        self._port = sock.getsockname()[1]
        app = make_app(self.table, self.access, self.errors)
        logger = logging.getLogger("uvicorn.error")
        logger.propagate = False
        if not any(isinstance(h, _Errors) and h.errors is self.errors for h in logger.handlers):
            logger.addHandler(_Errors(self.errors))
        config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="off",
                                ws="websockets-sansio", ws_max_size=65536,
                                timeout_graceful_shutdown=2, server_header=False)
        server = self._server = uvicorn.Server(config)
        ready = threading.Event()

        async def main() -> None:
            app.live.start(asyncio.get_running_loop())
            ready.set()
            try:
                await server.serve(sockets=[sock])
            finally:
                app.live.stop()

        def run() -> None:
            try:
                asyncio.run(main())
            except Exception as exc:  # the table goes on without its pages
                self.errors.append("the web server stopped: %s" % exc)
                ready.set()

        thread = self._thread = threading.Thread(target=run, name="boardlight-web", daemon=True)
        thread.start()
        ready.wait(timeout)
        deadline = time.monotonic() + timeout
        while not server.started and thread.is_alive() \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        if not server.started:
            self.stop()
            raise WebError("the web server did not start: %s"
                           % ("; ".join(self.errors) or "no answer in %g s" % timeout))
        return self

    def stop(self) -> None:
        """Close every page's connection and stop listening."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        if self._socket is not None:
            self._socket.close()

    def __enter__(self) -> WebServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def links(self, address: str | None = None) -> list[tuple[str, str]]:
        """[(label, URL)] of every page: each seat in seat order, then the spectators'.
        `address`: the host to put in the links (default: this server's own)."""
        where = address or (LOCAL if not self.lan else self.host)
        out: list[tuple[str, str]] = []
        for token, audience in self.access.pages():
            label = "spectators" if audience.seat is None else "seat %d, %s" % (audience.seat + 1,
                                                                             audience.name)
            out.append((label, "http://%s:%d/t/%s/" % (where, self.port, token)))
        return out
