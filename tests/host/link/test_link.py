"""The host Link against a scripted device (the same Endpoint the firmware runs), over a
fake transport: handshake, resync after restarts and unplugs, events, validation."""

import queue
import threading
import time

import pytest

from boardcore.protocol.codec import DEVICE, PROTOCOL_VERSION
from boardcore.protocol.screens import HOST_DATA_TYPES
from boardcore.protocol.endpoint import Endpoint
from boardlight.link.connection import CONNECTED, HANDSHAKE, OPENING, Link, LinkError
from boardlight.link.transport import TransportClosed


class FakeDevice:
    """Answers hello with info, applies data frames, can restart and be unplugged."""

    def __init__(self, answer_hellos_from=1, version=PROTOCOL_VERSION, info=None):
        self.to_host = queue.Queue()
        self.ep = Endpoint(DEVICE, HOST_DATA_TYPES, self.to_host.put, resend_ms=50)
        self.applied = []
        self.hellos = 0
        self.answer_hellos_from = answer_hellos_from
        self.version = version
        self.info_changes = info or {}  # keys of its info answer replaced (a bad device)
        self.errors = []  # err frames from the host
        self.boot = "b0000001"
        self.sid = None
        self.lock = threading.Lock()

    def receive(self, data):
        with self.lock:
            for seq, ftype, payload in self.ep.feed(data):
                if seq:
                    self.applied.append((ftype, payload))
                elif ftype == "hello":
                    self.hellos += 1
                    if self.hellos < self.answer_hellos_from:
                        continue
                    if payload["sid"] != self.sid:
                        self.sid = payload["sid"]
                        self.ep.start_session()
                    info = {"v": self.version, "fw": "t", "board": "fake", "display": {"kind": "virtual", "w": 8, "h": 8},
                            "colour": False, "buttons": ["menu", "next"], "scanner": False, "sid": payload["sid"], "boot": self.boot}
                    info.update(self.info_changes)
                    self.ep.control("info", info)
                elif ftype == "ping":
                    self.ep.control("pong", {"sid": self.sid or "", "boot": self.boot})
                elif ftype == "err":
                    self.errors.append(payload)

    def restart(self):
        """Power cycle: a new boot id, no session, and it says so with a boot frame."""
        with self.lock:
            self.ep = Endpoint(DEVICE, HOST_DATA_TYPES, self.to_host.put, resend_ms=50)
            self.boot = "b0000002"
            self.sid = None
            self.applied = []
            self.ep.control("boot", {"fw": "t", "boot": self.boot})


class FakeTransport:
    def __init__(self, device):
        self.device = device
        self.is_open = False
        self.opens = 0
        self.unplugged = False

    def open(self):
        if self.unplugged:
            raise TransportClosed("no such port")
        self.is_open = True
        self.opens += 1

    def close(self):
        self.is_open = False

    def read(self, timeout):
        if self.unplugged:
            raise TransportClosed("unplugged")
        try:
            return self.device.to_host.get(timeout=timeout)
        except queue.Empty:
            return b""

    def write(self, data):
        if self.unplugged or not self.is_open:
            raise TransportClosed("unplugged")
        self.device.receive(data)


def make(device=None, **kw):
    device = device or FakeDevice()
    states = []
    link = Link("fake", transport=FakeTransport(device), on_status=lambda s, d: states.append(s), resend_ms=50, **kw)
    return link, device, states


def wait_for(cond, timeout=3.0):
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def test_handshake_repeats_hello_until_answered():
    link, device, states = make(FakeDevice(answer_hellos_from=3), hello_ms=30)
    with link:
        info = link.wait_connected(3)
    assert device.hellos == 3  # two unanswered hellos, resent every hello_ms
    assert info["board"] == "fake" and info["sid"] == link.sid
    assert states[:2] == [HANDSHAKE, CONNECTED]


def test_a_device_speaking_another_version_is_not_accepted():
    link, device, states = make(FakeDevice(version=1), hello_ms=30)
    with link:
        with pytest.raises(LinkError, match="no boardlight firmware answered on fake"):
            link.wait_connected(0.3)
        assert {"code": "version", "msg": "device speaks protocol 1"} in link.errors


def test_frames_sent_before_the_handshake_wait_and_only_the_latest_picture_goes():
    link, device, _ = make()
    link.show("message", text="A")
    link.brightness(3)
    link.show("fits_card", tile="L3")  # replaces "A": the device never needs to draw it
    with link:
        link.wait_connected(3)
        link.wait_idle(3)
    assert device.applied == [("bright", {"level": 3}), ("fits_card", {"tile": "L3"})]


def test_device_restart_brings_back_brightness_and_picture():
    link, device, states = make()
    with link:
        link.wait_connected(3)
        link.brightness(7)
        link.show("zatre_tiles", tiles=[2, 4], hint=(11, 1, 3, 5))
        link.wait_idle(3)
        shaken = link.handshakes
        device.restart()
        wait_for(lambda: link.handshakes == shaken + 1 and link.connected)
        link.wait_idle(3)
        assert link.info["boot"] == "b0000002"
    assert device.applied == [("bright", {"level": 7}), ("zatre_tiles", {"tiles": [2, 4], "hint": [11, 1, 3, 5]})]


def test_unplug_and_replug_reconnects():
    link, device, states = make()
    with link:
        link.wait_connected(3)
        link.show("forbes_stone", stone="T")
        link.wait_idle(3)
        link.transport.unplugged = True
        wait_for(lambda: link.state == OPENING)
        link.show("forbes_stone", stone="S")  # while unplugged: queued
        link.transport.unplugged = False
        wait_for(lambda: link.connected)
        link.wait_idle(3)
    assert link.transport.opens == 2
    # The device kept its state (no restart): it gets the new stone once.
    assert device.applied == [("forbes_stone", {"stone": "T"}), ("forbes_stone", {"stone": "S"})]
    assert states.count(CONNECTED) == 2


def test_events_arrive_once_in_order_and_bad_ones_get_an_error():
    got = []
    device = FakeDevice()
    link = Link("fake", transport=FakeTransport(device), on_event=got.append, resend_ms=50)
    with link:
        link.wait_connected(3)
        with device.lock:
            device.ep.send("btn", ["next", "down"])
            device.ep.send("btn", ["next", "short"])
            device.ep.send("btn", ["next", "sideways"])  # not an action
            device.ep.send("scan", {"code": "C0DE"})
        wait_for(lambda: device.ep.idle())
        assert [link.next_event(1) for _ in range(3)] == [("button", "next", "down"), ("button", "next", "short"), ("scan", "C0DE")]
        assert link.next_event(0.1) is None
    assert got == [("button", "next", "down"), ("button", "next", "short"), ("scan", "C0DE")]
    assert device.ep.stats_dict()["errors_in"] == 1


def test_raw_frames_are_checked_and_chunked():
    link, device, _ = make()
    with pytest.raises(LinkError, match="wait_connected"):
        link.show_raw(bytes(8))  # the frame size comes from the device's info
    with link:
        link.wait_connected(3)
        with pytest.raises(ValueError, match="a 8x8 mono frame is 8 bytes, not 9"):
            link.show_raw(bytes(9))
        link.show_raw(bytes([0x81, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0x81]), chunk=3)
        link.wait_idle(3)
    # 8 bytes in chunks of 3: offsets 0, 3, 6; base64 of 81 42 24 is "gUIk", etc.
    assert [(p["off"], p["data"]) for t, p in device.applied] == [(0, "gUIk"), (3, "GBgk"), (6, "QoE=")]
    with pytest.raises(ValueError, match="brightness must be 0..15"):
        link.brightness(16)


def test_the_host_ignores_repl_noise_but_answers_broken_frames():
    link, device, _ = make()
    with link:
        link.wait_connected(3)
        before = device.ep.stats_dict()["errors_in"]
        device.to_host.put(b"MicroPython v1.29 on 2026-07-05\r\n>>> \r\n")
        device.to_host.put(b"@4 btn [\"next\",\"down\"]*00000000\r\n")
        wait_for(lambda: device.ep.stats_dict()["errors_in"] == before + 1)
        assert "MicroPython v1.29 on 2026-07-05" in link.console
        assert link.next_event(0.1) is None
