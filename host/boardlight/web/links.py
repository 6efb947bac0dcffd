"""The pages' links for the people at the table: as text, and as a QR code a phone's camera
reads off the terminal (segno draws it in text, two rows of modules per line)."""

from __future__ import annotations

import io
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import segno

if TYPE_CHECKING:
    from boardlight.web.server import WebServer


def qr_text(url: str) -> str:
    """The QR code of `url` in block characters, a margin around it."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not 127.x), best guess first; []
    when none is found. Reads the interfaces (Linux) or the host name's addresses; sends
    nothing anywhere."""
    found: list[str] = []
    try:
        import fcntl
        import struct

        for _index, name in socket.if_nameindex():
            probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
                found.append(socket.inet_ntoa(packed[20:24]))
            except OSError:
                pass  # an interface without an IPv4 address
            finally:
                probe.close()
    except (ImportError, OSError, AttributeError):
        pass
    if not found:
        try:
            found = [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                               socket.AF_INET)]
        except OSError:
            found = []
    out: list[str] = []
    for address in found:
        if not address.startswith("127.") and address not in out:
            out.append(address)
    return out


def where_text(server: WebServer, address: str | None) -> str:
    """One sentence on who can reach the pages."""
    if not server.lan:
        return ("The web pages listen on this computer only (127.0.0.1, port %d): open them"
                " here, or add --web-lan for phones on this network." % server.port)
    return ("The web pages listen on the LOCAL NETWORK (--web-lan): every device on it can"
            " reach port %d of %s, and a page opens only with its own link." % (
                server.port, address or "this computer"))


def show_links(server: WebServer, echo: Callable[..., Any],
               wait: Callable[[str], object] | None = None) -> list[tuple[str, str]]:
    """Print every page's link and QR code. With `wait` (a function that returns when
    the person is ready), one page at a time, each replaced by the next, so that a seat's
    code is on the screen only while its player scans it."""
    address = None
    if server.lan:
        addresses = lan_addresses()
        address = addresses[0] if addresses else None
    links = server.links(address or (None if not server.lan else "THIS-COMPUTER"))

    def where() -> None:
        echo(where_text(server, address))
        if server.lan and address is None:
            echo("(No network address found: put this computer's address where the links"
                 " say THIS-COMPUTER.)")

    if wait is None:
        where()
    for label, url in links:
        if wait is not None:
            echo("\x1b[2J\x1b[H", nl=False)  # a clear screen: only this page's code
            where()
        echo("")
        echo("%s: %s" % (label, url))
        echo(qr_text(url), nl=False)
        if wait is not None:
            wait("%s: scan this with your phone, then press Enter" % (
                "Spectators" if label == "spectators" else label.split(", ", 1)[1]))
    if wait is not None:
        echo("\x1b[2J\x1b[H", nl=False)
    return links
