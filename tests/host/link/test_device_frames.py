"""Every frame from the device is checked field by field (boardlight.link.frames) before
the link uses any of it: a bad one is refused whole, with an err frame naming the field,
and a bad info is a problem the link states, not a device the table tries to draw."""

import pytest

from boardcore.protocol.codec import DEVICE, PROTOCOL_VERSION, encode
from boardlight.link.connection import HANDSHAKE, Link, LinkError
from boardlight.link.frames import FRAMES, FrameError, check
from host.link.test_link import FakeDevice, FakeTransport, make, wait_for

INFO = {"v": PROTOCOL_VERSION, "fw": "0.1.0", "board": "pico", "display": {"kind": "max7219", "w": 32, "h": 8},
        "colour": False, "buttons": ["menu", "next", "p1"], "scanner": True, "sid": "5e3ad909",
        "boot": "0e5709c3"}


# (frame type, payload, the message's end) for payloads the table refuses.
REFUSED = [
    ("btn", [None, "down"], "btn: item 1 must be one of menu, next, p1, not None"),
    ("btn", ["next"], "btn: payload must be a list of 2 items, not ['next']"),
    ("btn", ["next", "down", "x"], "btn: payload must be a list of 2 items"),
    ("btn", ["p6", "down"], "btn: item 1 must be one of menu, next, p1, not 'p6'"),  # not on this board
    ("btn", ["next", "sideways"], "btn: item 2 must be one of down, short, long, not 'sideways'"),
    ("btn", {"name": "next"}, "btn: payload must be a list of 2 items"),
    ("btn", None, "btn: the payload is missing"),
    ("scan", {"code": 4}, "scan: code must be text of 1 to 200 printable characters, not 4"),
    ("scan", {"code": ""}, "scan: code must be text of 1 to 200 printable characters, not ''"),
    ("scan", {"code": "C\u0000D"}, "scan: code must be text of 1 to 200 printable"),
    ("scan", {}, "scan: code is missing"),
    ("scan", ["C0DE"], "scan: payload must be an object, not ['C0DE']"),
    ("status", {"applied": 1}, "status: heap_free is missing"),
    ("status", {"applied": -1, "heap_free": 1, "heap_used": 1, "heap_peak": 1, "mode": "host", "restarts": 0,
                "stats": {}},
     "status: applied must be a whole number 0..2147483647, not -1"),
    ("status", {"applied": 1, "heap_free": 1, "heap_used": 1, "heap_peak": 1, "mode": "host",
                "restarts": 0, "stats": {"sent": "many"}}, "status: stats.sent must be a whole number"),
    ("boot", {"fw": "0.1.0"}, "boot: boot is missing"),
    ("pong", {"sid": 5, "boot": "b"}, "pong: sid must be text of 0 to 16 printable characters, not 5"),
    ("err", {"code": "crc"}, "err: msg is missing"),
    ("err", {"code": "crc", "msg": "x", "seq": 256}, "err: seq must be a whole number 0..255, not 256"),
    ("info", dict(INFO, display={"kind": "virtual", "w": 0, "h": 16}), "info: display.w must be a whole number 8..128, not 0"),
    ("info", dict(INFO, display={"kind": "virtual", "w": -5, "h": 16}), "info: display.w must be a whole number 8..128, not -5"),
    ("info", dict(INFO, display={"kind": "virtual", "w": "x", "h": 16}), "info: display.w must be a whole number 8..128, not 'x'"),
    ("info", dict(INFO, display={"kind": "virtual", "w": 1000, "h": 1000}), "info: display.w must be a whole number 8..128, not 1000"),
    ("info", dict(INFO, display={"kind": "virtual", "w": 16, "h": True}), "info: display.h must be a whole number 8..64, not True"),
    ("info", dict(INFO, display={"kind": "virtual", "w": 16}), "info: display.h is missing"),
    ("info", dict(INFO, colour="yes"), "info: colour must be true or false, not 'yes'"),
    ("info", dict(INFO, buttons=["next", "next"]), "info: buttons must be a list without repeats"),
    ("info", dict(INFO, buttons=["next", "fire"]), "info: buttons.item 2 must be one of next, menu, p1"),
    ("info", dict(INFO, board=["[/]"]), "info: board must be text of 1 to 40 printable characters, not ['[/]']"),
    ("info", dict(INFO, board="x" * 41), "info: board must be text of 1 to 40 printable characters"),
    ("status", {"applied": 1, "heap_free": 1, "heap_used": 1, "heap_peak": 1, "mode": "host",
                "stats": {}}, "status: restarts is missing"),
    ("info", dict(INFO, v=1), "info: the device speaks protocol 1, this host %d" % PROTOCOL_VERSION),
    ("info", dict(INFO, faults=[{"part": "scanner", "code": "SCAN"}]), "info: faults.item 1.msg is missing"),
    ("info", dict(INFO, faults=[{"part": "[/]", "code": 7, "msg": ""}]),
     "info: faults.item 1.code must be text of 1 to 8 printable characters, not 7"),
    ("info", dict(INFO, away={"presses": 3, "games": [["chess", 2, 81237, 7]]}),
     "info: away.games.item 1.item 1 must be one of fits, zatre, forbes, not 'chess'"),
    ("info", dict(INFO, away={"presses": 3, "games": [["fits", 2, -1, 7]]}),
     "info: away.games.item 1.item 3 must be a whole number 0..9223372036854775807, not -1"),
    ("hello", {}, "hello is not a frame a device sends"),
]


@pytest.mark.parametrize("ftype, payload, message", REFUSED)
def test_the_table_refuses_each_bad_field_by_name(ftype, payload, message):
    with pytest.raises(FrameError) as got:
        check(ftype, payload, INFO)
    assert str(got.value).startswith(message)


def test_good_frames_come_back_as_they_were_and_unknown_keys_are_left_out():
    assert check("btn", ["next", "down"], INFO) == ["next", "down"]
    assert check("scan", {"code": "04A3B2C1", "rssi": 7}, INFO) == {"code": "04A3B2C1"}
    assert check("info", dict(INFO, extra=1)) == INFO
    faults = [{"part": "scanner", "code": "SCAN", "msg": "scanner mfrc522 on SPI1 did not answer"}]
    away = {"presses": 9, "games": [["fits", 2, 81237, 7]]}
    assert check("info", dict(INFO, faults=faults, away=away)) == dict(INFO, faults=faults, away=away)
    assert check("err", {"code": "crc", "msg": "checksum mismatch"}) == {"code": "crc", "msg": "checksum mismatch"}
    # Before the handshake any board button name is one.
    assert check("btn", ["p6", "long"]) == ["p6", "long"]


def test_every_frame_type_a_device_sends_is_in_the_table():
    from boardcore.protocol.codec import DEVICE_DATA_TYPES

    assert set(DEVICE_DATA_TYPES) | {"info", "boot", "pong", "err"} == set(FRAMES)


def test_a_button_frame_with_a_null_name_becomes_no_event():
    # It became the event ("button", "None", "down").
    got = []
    device = FakeDevice()
    link = Link("fake", transport=FakeTransport(device), on_event=got.append, resend_ms=50)
    with link:
        link.wait_connected(3)
        with device.lock:
            device.ep.send("btn", [None, "down"])
            device.ep.send("btn", ["next", "down"])
        wait_for(lambda: device.ep.idle())
        assert link.next_event(1) == ("button", "next", "down")
        assert link.next_event(0.1) is None
    assert got == [("button", "next", "down")]
    assert device.errors[0]["code"] == "payload"
    assert device.errors[0]["msg"].startswith("btn: item 1 must be one of menu, next, not None")
    assert link.refused[0].startswith("btn: item 1 must be one of menu, next, not None")


@pytest.mark.parametrize("display", [{"kind": "virtual", "w": 0, "h": 16}, {"kind": "virtual", "w": -5, "h": 16},
                                     {"kind": "virtual", "w": "x", "h": 16}, {"kind": "virtual", "w": 1000, "h": 1000}])
def test_a_device_whose_info_cannot_be_used_is_never_connected_and_says_why(display):
    statuses = []
    device = FakeDevice(info={"display": display})
    link = Link("fake", transport=FakeTransport(device), resend_ms=50, hello_ms=30,
                on_status=lambda state, detail: statuses.append((state, detail)))
    with link:
        with pytest.raises(LinkError) as got:
            link.wait_connected(0.5)
        assert link.info is None and link.state == HANDSHAKE
    assert "its handshake cannot be used (info: display.w must be a whole number 8..128" in str(got.value)
    # Said once, although the device answered every hello the same way.
    problems = [d for s, d in statuses if "cannot be used" in d]
    assert len(problems) == 1 and device.hellos > 3
    assert device.errors and device.errors[0]["msg"].startswith("info: display.w")


def test_a_bad_boot_or_pong_is_refused_and_a_bad_err_is_not_answered():
    link, device, states = make()
    with link:
        link.wait_connected(3)
        shaken = link.handshakes
        before = len(device.errors)
        device.to_host.put(encode(DEVICE, 0, "boot", {"fw": "t", "boot": ["b0000002"]}))
        device.to_host.put(encode(DEVICE, 0, "pong", {"sid": link.sid}))
        device.to_host.put(encode(DEVICE, 0, "err", {"code": ["crc"], "msg": "x"}))
        wait_for(lambda: len(link.refused) == 3)
        assert link.handshakes == shaken and link.connected  # neither restarted the session
        assert [e["msg"].split(":")[0] for e in device.errors[before:]] == ["boot", "pong"]
        assert link.errors == []  # the bad err frame was not kept either
