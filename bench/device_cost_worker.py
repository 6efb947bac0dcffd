"""Runs on the MicroPython unix port for bench/device_cost.py: the firmware's cost per frame.

For every screen kind, on each display driver of the board files (buses and pins replaced by
counters that allocate nothing), it feeds the device's link the host's frame as encoded bytes
and measures, for the steady path (the kind already shown once, so imports and caches are
warm): the heap allocated (gc.mem_alloc deltas with the collector held off), the collections
the firmware asked for, the bytes sent to the display, the bytes sent to the host, and the
time, beside a fixed reference loop timed in the same run. The same for one step of
scrolling text, the waiting animation and a button press. One JSON object per line.
"""

import gc
import json
import sys
import time

import micropython

# -- counting stand-ins for machine's buses and pins: they allocate nothing --------------


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, id=0, *args, **kwargs):
        self.id = id
        self.level = 1

    def init(self, *args, **kwargs):
        pass

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def __call__(self, v=None):
        return self.value(v)


class Bus:
    """SPI and I2C: counts the bytes and the transactions."""

    def __init__(self):
        self.bytes = 0
        self.writes = 0

    def write(self, buf):
        self.bytes += len(buf)
        self.writes += 1

    def writeto(self, addr, buf, stop=True):
        self.bytes += len(buf)
        self.writes += 1

    def writevto(self, addr, vector, stop=True):
        for b in vector:
            self.bytes += len(b)
        self.writes += 1


class FakeNeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.buf = bytearray(n * bpp)
        self.bus = None

    def write(self):
        self.bus.bytes += len(self.buf)
        self.bus.writes += 1


class FakeSSD1306:
    """micropython-lib's SSD1306_I2C as far as drivers/oled.py uses it; its show() sends
    the whole buffer (1 control byte + the data), its write_cmd one command."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.pages = height // 8
        self.i2c = i2c
        self.buffer = bytearray(self.pages * width)

    def write_cmd(self, cmd):
        self.i2c.bytes += 2
        self.i2c.writes += 1

    def write_data(self, buf):
        self.i2c.bytes += 1 + len(buf)
        self.i2c.writes += 1

    def show(self):
        for cmd in range(6):  # column and page address ranges
            self.write_cmd(cmd)
        self.write_data(self.buffer)

    def contrast(self, c):
        self.write_cmd(c)

    def poweroff(self):
        pass

    def poweron(self):
        pass


class _Module:
    pass


def _install_fakes():
    machine = _Module()
    machine.Pin = Pin
    sys.modules["machine"] = machine
    neopixel = _Module()
    neopixel.NeoPixel = FakeNeoPixel
    sys.modules["neopixel"] = neopixel
    ssd1306 = _Module()
    ssd1306.SSD1306_I2C = FakeSSD1306
    sys.modules["ssd1306"] = ssd1306


_install_fakes()

import app  # noqa: E402 (after the fakes)
import link  # noqa: E402
from boardcore.protocol.codec import HOST, PROTOCOL_VERSION, encode  # noqa: E402


class CountingGc:
    """Stands in for the gc module inside app and link while allocations are counted:
    collections are counted, not made (a collection would hide what a frame allocated)."""

    def __init__(self):
        self.collects = 0
        self.real = True

    def collect(self):
        self.collects += 1
        if self.real:
            gc.collect()

    def mem_alloc(self):
        return gc.mem_alloc()

    def mem_free(self):
        return gc.mem_free()

    def threshold(self, *a):
        return gc.threshold(*a)

    def disable(self):
        gc.disable()

    def enable(self):
        gc.enable()

    def isenabled(self):
        return gc.isenabled()


GC = CountingGc()
for _mod in (app, link):
    _mod.gc = GC
try:
    import screens as _screens

    _screens.gc = GC
except (ImportError, AttributeError):
    pass


def build(kind, w, h):
    """A display of this kind and size on a counting bus: (display, bus)."""
    bus = Bus()
    if kind == "max7219":
        from drivers.max7219 import MAX7219

        d = MAX7219(bus, Pin(17), w, h, 0, 4, 15)
    elif kind == "ht16k33":
        from drivers.ht16k33 import HT16K33

        d = HT16K33(bus, 0x70, w, h, 15, 15)
    elif kind == "ssd1306":
        from drivers.oled import OLED

        d = OLED(bus, w, h, 0x3C)
    else:
        from drivers.neopixel_matrix import NeoPixelMatrix

        d = NeoPixelMatrix(Pin(5), w, h, "rows-serpentine", 64, 2000, 15, "GRB")
        d.np.bus = bus
    return d, bus


def reference_us():
    """The time of a fixed loop of integer arithmetic: the unit the frame times are given in."""
    best = None
    for _ in range(7):
        t0 = time.ticks_us()
        x = 0
        for i in range(2000):
            x = (x * 31 + i) & 0xFFFF
        t = time.ticks_diff(time.ticks_us(), t0)
        if best is None or t < best:
            best = t
    return best


# Two payloads per kind, shown in turn: the steady path is a repeat of the kind with other
# content (the second, then the first again).
FRAMES = (
    ("fits_card", {"tile": "L3", "round_no": 2, "board_no": 2}, {"tile": "W", "round_no": 2, "board_no": 2}),
    ("fits_card_start", {"tile": "Y", "start": True, "round_no": 3, "player": 1}, {"tile": "U", "start": True, "round_no": 3, "player": 2}),
    ("zatre_tiles", {"tiles": [3, 5], "hint": [11, 2, 4, 7]}, {"tiles": [6, 1, 2], "hint": [12, 3, 10, 9]}),
    ("forbes_hand", {"cards": "SCTX"}, {"cards": "TTCS"}),
    ("forbes_stone", {"stone": "C"}, {"stone": "X"}),
    ("message", {"text": "HI"}, {"text": "OK"}),
    ("message_scroll", {"text": "SCORES SCROLL BY"}, {"text": "ANOTHER TEXT HERE"}),
    ("scores", {"scores": [12, 7], "names": ["A", "B"]}, {"scores": [13, 7], "names": ["A", "B"]}),
    ("clear", None, None),
)

BOARD = {
    "name": "bench",
    "display": {"kind": "max7219", "brightness": 4},
    "buttons": {"next": 14, "menu": 15, "p1": 2, "p2": 3},
    "scanner": None,
}


class Sink:
    def __init__(self):
        self.bytes = 0

    def write(self, data):
        self.bytes += len(data)


class Host:
    """The host's side of the bench: frames prebuilt as bytes, numbered as a host would."""

    def __init__(self):
        self.seq = 0

    def frame(self, ftype, payload):
        self.seq = self.seq % 255 + 1
        return encode(HOST, self.seq, ftype, payload)


def make_app(kind, w, h):
    d, bus = build(kind, w, h)
    board = dict(BOARD)
    board["display"] = {"kind": kind, "brightness": 4}
    a = app.App(board, d)
    sink = Sink()
    a.link._write = sink.write
    if getattr(a.link, "ep", None) is not None:
        a.link.ep._write = sink.write
    hello = encode(HOST, 0, "hello", {"v": PROTOCOL_VERSION, "sid": "bench001"})
    a.link.handle(hello)
    if a.link.ep is not None:
        a.link.ep._write = sink.write
    return a, d, bus, sink


REPS = 9


def measure(fn, reps=REPS):
    """(bytes allocated, collections asked, median us) of fn() on its steady path."""
    fn()  # warm: imports, first-use caches
    fn()
    gc.collect()
    gc.disable()
    GC.real = False
    GC.collects = 0
    a0 = gc.mem_alloc()
    fn()
    alloc = gc.mem_alloc() - a0
    collects = GC.collects
    GC.real = True
    gc.enable()
    times = []
    for _ in range(reps):
        gc.collect()
        t0 = time.ticks_us()
        fn()
        times.append(time.ticks_diff(time.ticks_us(), t0))
    times.sort()
    return alloc, collects, times[len(times) // 2]


def animator_step(a, scroller):
    """What App.animate does for one step of scrolling text."""
    step = getattr(a, "scroll_step", None)
    if step is not None:
        step(scroller)
        return
    scroller.step()
    a.display.show()
    a.sample_heap()


def frame_rows(kind, w, h, ref):
    import screens

    a, d, bus, sink = make_app(kind, w, h)
    host = Host()
    out = []
    for name, p1, p2 in FRAMES:
        ftype = "fits_card" if name.startswith("fits_card") else ("message" if name.startswith("message") else name)
        # Every call takes the next of these lines: numbered in turn (a repeat of a number
        # would be a duplicate), the two payloads alternating.
        lines = [host.frame(ftype, p1 if i & 1 else p2) for i in range(REPS + 4)]
        state = [0, 0, 0]  # next line; display and host bytes of the last call

        def one():
            line = lines[state[0]]
            state[0] += 1
            bus_before = bus.bytes
            sink_before = sink.bytes
            take = getattr(a.link, "take", None)
            if take is not None:
                take(line)
            else:
                a.link.handle(line)
            state[1] = bus.bytes - bus_before
            state[2] = sink.bytes - sink_before

        alloc, collects, us = measure(one)
        spi, usb = state[1], state[2]
        # The same frame's drawing alone: its screen function on the checked payload, then
        # show(), as the app calls them once the link has decoded the frame.
        from boardcore.protocol.screens import check

        draw = getattr(screens, ftype)
        argsets = [check(ftype, p1), check(ftype, p2)]
        dstate = [0, 0]

        def drawn():
            b0 = bus.bytes
            draw(d, **argsets[dstate[0] & 1])
            dstate[0] += 1
            d.show()
            dstate[1] = bus.bytes - b0

        d_alloc, d_collects, d_us = measure(drawn)
        out.append({"display": "%s %dx%d" % (kind, w, h), "what": "frame " + name, "alloc": alloc,
                    "collects": collects, "display_bytes": spi, "host_bytes": usb, "us": us,
                    "ratio": us / ref, "draw_alloc": d_alloc, "draw_ratio": d_us / ref})
        if name in ("message_scroll", "scores"):
            s = a.scroller

            def step():
                sc = a.scroller
                if sc is None:
                    return
                b0 = bus.bytes
                animator_step(a, sc)
                state[1] = bus.bytes - b0

            if s is not None:
                alloc, collects, us = measure(step)
                out.append({"display": "%s %dx%d" % (kind, w, h), "what": "scroll step " + name, "alloc": alloc,
                            "collects": collects, "display_bytes": state[1], "host_bytes": 0, "us": us,
                            "ratio": us / ref})
    # A device that asks for pictures: the host's picture of a screen, as the raw chunks
    # boardlight.link.pictures sends (192 bytes of the frame each), two pictures in turn.
    import binascii

    fmt = "rgb565" if d.colour else "mono"
    size = w * h * 2 if d.colour else ((w + 7) // 8) * h
    pictures = (bytes(size), bytes([0x5A]) * size)

    def chunks(data):
        return [host.frame("raw", {"w": w, "h": h, "fmt": fmt, "off": off,
                                   "data": binascii.b2a_base64(data[off : off + 192]).decode().strip()})
                for off in range(0, size, 192)]

    # Two pictures' lines, sent in turn: their numbers differ from the last one taken, so
    # none is a duplicate, and the heap holds 2 sets (a 128 x 64 picture is 6 lines of 330
    # bytes), not one set per call.
    plines = [chunks(pictures[0]), chunks(pictures[1])]
    pstate = [0, 0, 0]

    def picture():
        bus_before = bus.bytes
        sink_before = sink.bytes
        for line in plines[pstate[0] & 1]:
            a.link.take(line)
        pstate[0] += 1
        pstate[1] = bus.bytes - bus_before
        pstate[2] = sink.bytes - sink_before

    alloc, collects, us = measure(picture)
    out.append({"display": "%s %dx%d" % (kind, w, h), "what": "frame picture (%d chunks)" % len(plines[0]),
                "alloc": alloc, "collects": collects, "display_bytes": pstate[1], "host_bytes": pstate[2],
                "us": us, "ratio": us / ref})
    # The waiting animation (no host): one step as the animator makes it.
    from waiting_dot import waiting

    wstate = [0, 0]

    def wait_step():
        b0 = bus.bytes
        waiting(d, wstate[0])
        wstate[0] += 1
        d.show()
        wstate[1] = bus.bytes - b0

    alloc, collects, us = measure(wait_step)
    out.append({"display": "%s %dx%d" % (kind, w, h), "what": "waiting step", "alloc": alloc,
                "collects": collects, "display_bytes": wstate[1], "host_bytes": 0, "us": us, "ratio": us / ref})
    # A button press: the "down" and the release, each sent to the host as a btn frame; the
    # host acknowledges it (outside the measure) so the next one leaves at once.
    ep = a.link.ep
    pstate = [0]
    down = ("button", "next", "down")  # the driver's event, made before the measure

    def press():
        s0 = sink.bytes
        a.emit(down)
        pstate[0] = sink.bytes - s0

    def acked_press():
        press()
        a.link.handle(encode(HOST, ep._tx_seq, "ack"))

    acked_press()
    gc.collect()
    gc.disable()
    GC.real = False
    GC.collects = 0
    a0 = gc.mem_alloc()
    press()
    alloc = gc.mem_alloc() - a0
    collects = GC.collects
    GC.real = True
    gc.enable()
    a.link.handle(encode(HOST, ep._tx_seq, "ack"))
    times = []
    for _ in range(9):
        gc.collect()
        t0 = time.ticks_us()
        press()
        times.append(time.ticks_diff(time.ticks_us(), t0))
        a.link.handle(encode(HOST, ep._tx_seq, "ack"))
    times.sort()
    us = times[4]
    out.append({"display": "%s %dx%d" % (kind, w, h), "what": "event button", "alloc": alloc,
                "collects": collects, "display_bytes": 0, "host_bytes": pstate[0], "us": us, "ratio": us / ref})
    return out, d, bus


def one_row_change(d, bus, name):
    """Display bytes for a change of one pixel row, for a frame that changes nothing, and
    for a whole new frame."""
    d.fill(0)
    d.show()
    d.pixel(1, 3, 1 if not d.colour else 0xFFFF)
    b0 = bus.bytes
    d.show()
    one = bus.bytes - b0
    b0 = bus.bytes
    d.show()
    same = bus.bytes - b0
    d.fill(1 if not d.colour else 0xFFFF)
    b0 = bus.bytes
    d.show()
    full = bus.bytes - b0
    return {"display": name, "what": "display bytes", "one_row": one, "unchanged": same, "full": full}


def main():
    """argv: a driver kind, width, height; with none, the reference figures only."""
    ref = reference_us()
    gc.collect()
    t0 = time.ticks_us()
    for _ in range(5):
        gc.collect()
    print(json.dumps({"what": "reference", "us": ref}))
    print(json.dumps({"what": "collect", "us": time.ticks_diff(time.ticks_us(), t0) / 5 / ref,
                      "heap_used": gc.mem_alloc(), "heap_free": gc.mem_free()}))
    if len(sys.argv) < 4:
        return
    kind, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rows, d, bus = frame_rows(kind, w, h, ref)
    for row in rows:
        print(json.dumps(row))
    print(json.dumps(one_row_change(d, bus, "%s %dx%d" % (kind, w, h))))
    gc.collect()
    print(json.dumps({"what": "heap", "display": "%s %dx%d" % (kind, w, h), "heap_used": gc.mem_alloc(),
                      "heap_free": gc.mem_free()}))


main()
