"""What the host link keeps from a device is bounded, and a device that floods is told
apart from one that is merely fast: it sends a data frame before the ack of the last."""

from boardcore.protocol.codec import DEVICE, encode
from boardlight.link.connection import EVENTS_KEPT, STATUSES_KEPT, Link
from boardlight.link.inbox import Inbox
from host.link.test_link import FakeDevice, FakeTransport, make, wait_for

STATUS = {"applied": 1, "heap_free": 1000, "heap_used": 2000, "heap_peak": 3000, "mode": "host", "stats": {}}


def flood(ftype, payloads):
    """Data frames numbered as a device that never waits for an ack numbers them."""
    return b"".join(encode(DEVICE, i % 255 + 1, ftype, p) for i, p in enumerate(payloads))


def test_a_device_ignoring_stop_and_wait_fills_nothing():
    # 20,000 unsolicited status frames and 2,000 presses, written without waiting for acks:
    # every one was kept (20,000 statuses, 2,000 events).
    link, device, _ = make()
    with link:
        link.wait_connected(3)
        for start in range(0, 20000, 500):
            device.to_host.put(flood("status", [dict(STATUS, applied=n) for n in range(start, start + 500)]))
        device.to_host.put(flood("btn", [["next", "down"], ["next", "short"]] * 1000))
        wait_for(lambda: device.to_host.empty() and link.dropped >= 21000, 20)
        assert link.statuses.qsize() <= STATUSES_KEPT
        assert link.events.qsize() <= EVENTS_KEPT
        assert link.flooding()
        assert link.connected  # the flood is dropped; the link itself carries on


def test_events_nobody_reads_are_bounded_and_the_newest_are_kept():
    # An honest device (one frame per ack) pressing faster than anyone reads.
    link, device, _ = make()
    with link:
        link.wait_connected(3)
        with device.lock:
            for i in range(100):
                device.ep.send("scan", {"code": "C%d" % i})
        wait_for(lambda: device.ep.idle(), 10)
        assert link.events.qsize() == EVENTS_KEPT
        assert link.dropped == 100 - EVENTS_KEPT and link.flooding()
        assert link.next_event(0) == ("scan", "C%d" % (100 - EVENTS_KEPT))


def test_an_honest_device_does_not_flood():
    got = []
    device = FakeDevice()
    link = Link("fake", transport=FakeTransport(device), on_event=got.append, resend_ms=50)
    with link:
        link.wait_connected(3)
        with device.lock:
            for i in range(40):
                device.ep.send("btn", ["next", "down" if i % 2 == 0 else "short"])
        wait_for(lambda: len(got) == 40, 10)
        assert link.dropped == 0 and not link.flooding()
        assert [link.next_event(0) for _ in range(40)] == got


def test_the_console_and_the_errors_are_bounded_too():
    link, device, _ = make()
    with link:
        link.wait_connected(3)
        for i in range(200):
            device.to_host.put(b"Traceback line %d\r\n" % i)
            device.to_host.put(encode(DEVICE, 0, "err", {"code": "crc", "msg": "checksum mismatch %d" % i}))
        wait_for(lambda: device.to_host.empty() and link.console[-1:] == ["Traceback line 199"])
        wait_for(lambda: link.errors[-1:] == [{"code": "crc", "msg": "checksum mismatch 199"}])
        assert len(link.console) == 50 and len(link.errors) == 50


def test_an_inbox_drops_the_oldest_and_counts():
    box = Inbox(3)
    for i in range(5):
        box.put(i)
    assert box.qsize() == 3 and box.dropped == 2
    assert [box.get(0) for _ in range(3)] == [2, 3, 4]
    assert box.empty()
