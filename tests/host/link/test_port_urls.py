"""Ports given as pyserial URLs: loop:// under the transport, and socket:// to the virtual
board behind a TCP bridge (a board on the network, an emulator) for the link and deploy."""

import os
import selectors
import socket
import threading
import time

import pytest

from boardlight import deploy
from boardlight.link.connection import CONNECTED, Link, LinkError
from boardlight.link.transport import SerialTransport, TransportClosed
from boardlight.vboard.board import VirtualBoard


class TcpBridge:
    """The virtual board's serial port served over TCP on 127.0.0.1, one client at a time,
    as ser2net or an ESP-Link would serve a board's UART. drop() cuts the client off."""

    def __init__(self, device_port):
        self._listen = socket.create_server(("127.0.0.1", 0))
        self.url = "socket://127.0.0.1:%d" % self._listen.getsockname()[1]
        self._device = os.open(device_port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self._client = None
        self._stop = threading.Event()
        self.clients = 0
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        sel = selectors.DefaultSelector()
        sel.register(self._listen, selectors.EVENT_READ, "listen")
        sel.register(self._device, selectors.EVENT_READ, "device")
        while not self._stop.is_set():
            for key, _ in sel.select(0.1):
                try:
                    if key.data == "listen":
                        conn, _ = self._listen.accept()
                        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                        if self._client is not None:
                            sel.unregister(self._client)
                            self._client.close()
                        self._client = conn
                        self.clients += 1
                        sel.register(conn, selectors.EVENT_READ, "client")
                    elif key.data == "device":
                        data = os.read(self._device, 4096)
                        if self._client is not None:
                            self._client.sendall(data)  # no client: lost, as on a bare UART
                    else:
                        data = key.fileobj.recv(4096)
                        if not data:
                            sel.unregister(key.fileobj)
                            key.fileobj.close()
                            if self._client is key.fileobj:
                                self._client = None
                            continue
                        os.write(self._device, data)
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    if key.data == "client":  # the client went away mid-write
                        sel.unregister(key.fileobj)
                        key.fileobj.close()
                        if self._client is key.fileobj:
                            self._client = None

    def drop(self):
        client, self._client = self._client, None
        if client is not None:
            client.shutdown(socket.SHUT_RDWR)

    def close(self):
        self._stop.set()
        self._thread.join(2)
        self._listen.close()
        os.close(self._device)


@pytest.fixture()
def bridged():
    with VirtualBoard() as board:
        board.wait_firmware(15)
        bridge = TcpBridge(board.port)
        try:
            yield board, bridge
        finally:
            bridge.close()


def test_loop_url_reads_what_was_written_and_waits_its_timeout():
    t = SerialTransport("loop://")
    t.open()
    try:
        t.write(b"#1 hello {}*0\n")
        assert t.read(0.5) == b"#1 hello {}*0\n"
        started = time.monotonic()
        assert t.read(0.2) == b""  # nothing: the read waits its timeout, not a busy loop
        assert 0.15 <= time.monotonic() - started < 5.0  # waited, and returned (a busy machine may be slow)
    finally:
        t.close()
    with pytest.raises(TransportClosed):
        t.read(0.01)


def test_a_url_pyserial_cannot_open_is_a_closed_transport_and_a_one_line_link_error():
    t = SerialTransport("nosuch://127.0.0.1:1")
    with pytest.raises(TransportClosed, match="nosuch"):
        t.open()
    with Link("nosuch://127.0.0.1:1") as link, pytest.raises(LinkError, match="nosuch://127.0.0.1:1"):
        link.wait_connected(0.5)


def test_the_link_over_socket_url_drives_the_board(bridged):
    board, bridge = bridged
    with Link(bridge.url) as link:
        info = link.wait_connected(10)
        assert info["board"] == "virtual"
        seen = board.frames_seen
        link.show("fits_card", tile="O4")
        link.wait_idle()
        # O4 is "##/##" on 16 x 16: x 0..13, y 1..14 (tests/e2e/test_link_over_pty.py).
        frame = board.wait_frame(lambda f: f.lit(0, 1) and f.lit(13, 14) and not f.lit(0, 0), newer_than=seen)
        assert sum(frame.lit(x, y) for y in range(16) for x in range(16)) == 14 * 14
        board.press("next")
        assert link.next_event(3) == ("button", "next", "down")
        assert link.next_event(3) == ("button", "next", "short")


def test_a_dropped_network_connection_reconnects_and_resends_the_picture(bridged):
    board, bridge = bridged
    states = []
    with Link(bridge.url, on_status=lambda s, d: states.append(s)) as link:
        link.wait_connected(10)
        link.show("fits_card", tile="O4")
        link.wait_idle()
        seen = board.frames_seen
        bridge.drop()
        end = time.monotonic() + 10
        while bridge.clients < 2 or not link.connected:
            assert time.monotonic() < end, "no reconnection: %r" % states
            time.sleep(0.02)
        assert states.count(CONNECTED) >= 2 and "opening" in states
        # The new session sends the last picture again, and the board draws it.
        board.wait_frame(lambda f: f.lit(0, 1) and f.lit(13, 14) and not f.lit(0, 0), newer_than=seen)
        board.press("menu")
        assert link.next_event(3) == ("button", "menu", "down")


def test_deploy_reads_and_resets_a_board_over_socket_url(bridged):
    # deploy's own steps on the port: it reads the board file already there (mpremote,
    # which opens URLs itself) and resets the board (boardlight's soft_reset). The copy
    # in between is mpremote's fs cp, as over a pty (tests/host/deploy/test_deploy.py),
    # only slower here: mpremote polls a port that is not a pty every 10 ms.
    board, bridge = bridged
    assert deploy.board_on_device(bridge.url) == "virtual"
    starts = board.starts
    deploy.soft_reset(bridge.url)
    board.wait_firmware(15)
    assert board.starts == starts + 1
    with Link(bridge.url) as link:
        assert link.wait_connected(10)["board"] == "virtual"
