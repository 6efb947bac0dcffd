"""`boardlight play ... --web`: the game's web pages beside the table UI.

    server = start_pages(session, lan=False, echo=click.echo)   # prints the links
    run_table(session, ..., table=server.table)                 # every action through it
    stop_pages(server, echo=click.echo)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlight.sessions.table import Table
from boardlight.web.links import show_links
from boardlight.web.server import LAN, LOCAL, WebServer

if TYPE_CHECKING:
    from boardlight.sessions.base import Session


def start_pages(session: Session, lan: bool, echo: Callable[[str], object],
                wait: Callable[[str], object] | None = None, port: int = 0) -> WebServer:
    """Serve `session`'s pages (on the local network with `lan`) and print their links
    (one at a time with `wait`, see links.show_links). The UI acts through the returned
    server's `table`. WebError if the server cannot start."""
    server = WebServer(Table(session), host=LAN if lan else LOCAL, port=port).start()
    try:
        show_links(server, echo, wait)
    except BaseException:
        server.stop()
        raise
    return server


def stop_pages(server: WebServer, echo: Callable[[str], object]) -> None:
    """Stop serving; say what went wrong inside the server, if anything did."""
    server.stop()
    if server.errors:
        echo("The web pages met %d error%s: %s" % (
            len(server.errors), "" if len(server.errors) == 1 else "s",
            "; ".join(server.errors[:3])))
