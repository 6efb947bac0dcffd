"""Running out of heap anywhere on the handshake, send, receive or draw path leaves the
device answering: MemoryError is raised at each call, in turn, of every function those
paths go through (the codec, the Endpoint, the link, the app, the screens, the display,
the modules imported on the way, json as the codec calls it), on
the MicroPython unix port, one run of a whole session per call: once with that call alone
failing, once with every later call of the same function failing too (a heap that stays
short). After each run the link is
either connected with its Endpoint or not connected at all, no error escaped the reader
or an input driver's callback, and the device still answers: a new host's hello gets its
info, a frame is acknowledged and drawn, a press reaches the host. Both for a device that
draws its screens and for one that asks for pictures (raw frames only, its screens
unloaded when the host comes).

`make test` runs a fixed sample of the calls (the same every run: every SAMPLE_STRIDE-th
call, from the first, and the first call of every function, so that each function on the
paths fails at least once, alone and from then on); `make test-all` (pytest --exhaustive)
fails every call in turn."""

import json

import pytest

from conftest import FIGURES, exhaustive
from fw_helpers import run_fw

HARNESS = r"""
import builtins
import gc
import json
import sys

import app
import link
import screens
from boardcore import glyphs
from boardcore.protocol import codec
from boardcore.protocol.codec import DEVICE, HOST, PROTOCOL_VERSION, encode

# -- the injector: the k-th call of any wrapped function raises MemoryError ----------

# arm: the call number that fails (0: count only, -1: nothing); on: a function whose first
# call fails (whatever its number); with sticky, every later call of the function hit
# fails too, as when the heap stays short.
STATE = {"count": 0, "arm": 0, "on": None, "hit": None, "sticky": False}
CALLS = {}  # name -> calls in the clean run


def check_point(name):
    STATE["count"] += 1
    if STATE["arm"] == 0:
        CALLS[name] = CALLS.get(name, 0) + 1
    elif (STATE["count"] == STATE["arm"] or (STATE["on"] == name and STATE["hit"] is None)
          or (STATE["sticky"] and STATE["hit"] == name)):
        STATE["hit"] = name
        raise MemoryError("injected at " + name)


def wrap(owner, attr, name):
    real = getattr(owner, attr)
    if getattr(real, "_injector", False):
        return

    def wrapped(*args, **kwargs):
        check_point(name)
        return real(*args, **kwargs)

    try:
        wrapped._injector = True
    except AttributeError:
        pass  # functions without attributes: wrapped again is harmless, checked by name
    setattr(owner, attr, wrapped)


class JsonProxy:
    def loads(self, text):
        check_point("json.loads")
        return json.loads(text)

    def dumps(self, value, separators=None):
        check_point("json.dumps")
        return json.dumps(value, separators=separators)


WRAPPED = set()


def wrap_all():
    # Module functions and class methods on the paths, under the names the callers use.
    # The codec as loaded now: the link lets it go while the dealer deals (rest()) and
    # imports it again for the next line.
    c = sys.modules.get("boardcore.protocol.codec") or codec
    targets = [
        (c, "codec", ("encode", "decode", "crc_hex", "_ascii_json")),
        (c.LineBuffer, "LineBuffer", ("feed",)),
        (link.DeviceLink, "DeviceLink", ("handle", "_unconnected", "_control", "_hello", "_heard", "control",
                                         "error", "send_event", "send_status", "stats", "_host_gone", "rest")),
        (app.App, "App", ("info", "on_frame", "host_coming", "on_host", "host_heard", "set_scroller",
                          "show_error", "low_memory", "sample_heap")),
        (screens, "screens", ("fits_card", "zatre_tiles", "forbes_hand", "forbes_stone", "message", "scores",
                              "clear", "connected", "error", "waiting", "_scroller")),
        (screens.Scroller, "Scroller", ("set", "_put", "_part", "_ready", "step")),
        (glyphs, "glyphs", ("ink", "draw_char", "draw_number")),
    ]
    for mod in ("boardcore.protocol.endpoint", "boardcore.protocol.screens", "boardcore.protocol.strict_json",
                "hosted", "alone", "unload"):
        m = sys.modules.get(mod)
        if m is None or (mod == "boardcore.protocol.endpoint" and not hasattr(m, "Endpoint")):
            continue  # not loaded, or still being imported (its own import of the codec)
        if mod == "boardcore.protocol.endpoint":
            targets.append((m, "endpoint", ("encode", "decode")))
            targets.append((m.Endpoint, "Endpoint", ("send", "control", "error", "_pump", "tick", "start_session",
                                                     "feed", "receive_line", "stats_dict")))
        elif mod == "boardcore.protocol.screens":
            targets.append((m, "protocol.screens", ("check", "keys")))
        elif mod == "boardcore.protocol.strict_json":
            # It reads every payload (then json.loads, imported where it is called).
            targets.append((m, "strict_json", ("loads", "problem", "ascii_text")))
        elif mod == "hosted":
            targets.append((m, "hosted", ("info", "frame", "_screens_of", "_status", "_raw")))
        elif mod == "unload":
            targets.append((m, "unload", ("unload",)))
        else:
            targets.append((m, "alone", ("event", "start", "drop")))
    for owner, label, names in targets:
        for attr in names:
            if not hasattr(owner, attr):
                continue  # a module still being imported: wrapped once its import is done
            key = (id(owner), attr)
            if key in WRAPPED and getattr(owner, attr).__name__ == "wrapped":
                continue
            wrap(owner, attr, label + "." + attr)
            WRAPPED.add(key)
    c.json = JsonProxy()


REAL_IMPORT = builtins.__import__
WATCHED = ("boardcore.protocol.codec", "boardcore.protocol.endpoint", "boardcore.protocol.screens", "boardcore.protocol.strict_json", "hosted", "alone", "unload",
           "screens.fits", "screens.zatre", "screens.forbes", "boardcore.fits.shapes", "boardcore.glyphs.symbols")


def importing(name, *args):
    if name in WATCHED and name not in sys.modules:
        check_point("import " + name)
    mod = REAL_IMPORT(name, *args)
    if name in WATCHED:
        wrap_all()  # what was just loaded gets its wrappers too
    return mod


builtins.__import__ = importing

# -- a device on a recording display and a byte sink ---------------------------------


class Display(RecordingDisplay):
    def show(self):
        check_point("display.show")
        self.shows += 1


OUT = []


def sink(data):
    OUT.append(bytes(data))


BOARD = {"name": "test", "display": {"kind": "virtual", "brightness": 8},
         "buttons": {"menu": 15, "next": 14, "p1": 2}, "scanner": None}


def fresh():
    app.unload_games()
    from unload import unload

    unload(("boardcore.protocol.endpoint", "boardcore.protocol.screens", "hosted"))
    screens._last[0] = None
    a = app.App(BOARD, Display(16, 16, True))
    a.pictures = PICTURES  # a device short of heap: raw pictures only, its screens unloaded
    a.link._write = sink
    return a


def lines(sid):
    # The host's side of one session, made before anything is armed.
    out = [("hello", encode(HOST, 0, "hello", {"v": PROTOCOL_VERSION, "sid": sid}))]
    frames = [("bright", {"level": 5}), ("query", None)] if PICTURES else [
        ("fits_card", {"tile": "L3", "round_no": 2, "board_no": 2}),
        ("zatre_tiles", {"tiles": [6, 1, 2], "hint": [12, 3, 10, 9]}),
        ("forbes_hand", {"cards": "SCTX", "player": 2}),
        ("forbes_stone", {"stone": "C"}),
        ("message", {"text": "SCROLLING ALONG", "colour": [255, 255, 0]}),
        ("scores", {"scores": [12, -7], "names": ["A", "B"]}),
        ("clear", None),
        ("bright", {"level": 5}),
        ("query", None),
    ]
    seq = 0
    for ftype, payload in frames:
        seq += 1
        out.append((ftype, encode(HOST, seq, ftype, payload)))
    data = bytes(16 * 16 * 2)
    import binascii
    for off in (0, 384):
        seq += 1
        part = binascii.b2a_base64(data[off:off + 384]).decode().strip()
        out.append(("raw", encode(HOST, seq, "raw", {"w": 16, "h": 16, "fmt": "rgb565", "off": off, "data": part})))
    out.append(("ping", encode(HOST, 0, "ping")))
    return out


ACKS = [encode(HOST, n, "ack") for n in range(1, 12)]
SESSION_A = lines("aaaa0001")
SESSION_B = lines("bbbb0002")
PROBE_HELLO = encode(HOST, 0, "hello", {"v": PROTOCOL_VERSION, "sid": "probe001"})
if PICTURES:  # a whole picture in one chunk: a red diagonal
    import binascii
    _red = bytearray(16 * 16 * 2)
    for _i in range(16):
        _red[(_i * 16 + _i) * 2 + 1] = 0xF8
    PROBE_FRAME = encode(HOST, 1, "raw", {"w": 16, "h": 16, "fmt": "rgb565", "off": 0,
                                          "data": binascii.b2a_base64(_red).decode().strip()})
else:
    PROBE_FRAME = encode(HOST, 1, "fits_card", {"tile": "W"})
DOWN = ("button", "next", "down")
SHORT = ("button", "next", "short")


def task(fn, *args):
    # A task's step (the animator, the link timer): keep() restarts a task that fails.
    try:
        fn(*args)
    except MemoryError:
        pass


HALF = []  # the link seen half set during a run


def settled(a):
    # After every step: a session id only with its Endpoint, an Endpoint only with its id.
    if (a.link.sid is None) != (a.link.ep is None):
        HALF.append("link half set: sid %r, endpoint %r" % (a.link.sid, a.link.ep))


def scenario(a):
    # Standalone first (a press deals), then a host; events, every frame, a scroll;
    # the host goes away (a press says HOST LOST, the next deals) and another comes.
    for ev in (DOWN, SHORT, SHORT):
        a.emit(ev)
        settled(a)
    for session in (SESSION_A, SESSION_B):
        for kind, line in session:
            a.link.take(line)
            settled(a)
            if a.scroller is not None:
                task(a.scroller.step)
        a.emit(DOWN)
        a.emit(SHORT)
        for ack in ACKS:
            a.link.take(ack)
            settled(a)
        task(a.link._host_gone)
        settled(a)
        a.emit(SHORT)
        a.emit(SHORT)


def frames_out(since):
    out = []
    for data in OUT[since:]:
        try:
            out.append(codec.decode(data, DEVICE))
        except Exception:
            pass
    return out


def probe(a):
    # The device still answers: a new host's hello, a frame, a press.
    problems = HALF[:1]
    start = len(OUT)
    a.link.take(PROBE_HELLO)
    got = frames_out(start)
    if not any(t == "info" and p.get("sid") == "probe001" for _, t, p in got):
        problems.append("no info for a new hello: %r" % (got,))
    start = len(OUT)
    shows = a.display.shows
    a.link.take(PROBE_FRAME)
    got = frames_out(start)
    if not any(t == "ack" and s == 1 for s, t, _ in got):
        problems.append("frame not acknowledged: %r" % (got,))
    if a.display.shows == shows:
        problems.append("frame not drawn")
    start = len(OUT)
    a.emit(SHORT)
    for ack in ACKS:  # the host acknowledges what was queued before the press, in turn
        a.link.take(ack)
    got = frames_out(start)
    if not any(t == "btn" and p == ["next", "short"] for _, t, p in got):
        problems.append("press not sent: %r" % (got,))
    return problems


def run(arm, sticky=False, on=None):
    STATE["arm"] = -1  # making the device is not on the paths
    STATE["on"] = None
    STATE["hit"] = None
    STATE["sticky"] = sticky
    del OUT[:]
    del HALF[:]
    a = fresh()
    wrap_all()
    STATE["count"] = 0
    STATE["arm"] = arm
    STATE["on"] = on
    escaped = None
    try:
        scenario(a)
    except Exception as e:
        escaped = "%s: %s" % (type(e).__name__, e)
    hit = STATE["hit"]
    STATE["arm"] = -1  # nothing more is injected: the probe sees the device as it is left
    STATE["on"] = None
    STATE["sticky"] = False
    problems = probe(a)
    if escaped:
        problems.insert(0, "escaped " + escaped)
    return hit, problems


wrap_all()
run(0)  # the clean run: how many calls there are
total = sum(CALLS.values())
# The runs, one failing call each: every call in turn (STRIDE 1); or every STRIDE-th call
# from the first, then the first call of each function (so that each one fails at least
# once; by name, as the calls' numbers move with what earlier runs left loaded).
arms = [(k, None) for k in range(1, total + 1, STRIDE)]
if STRIDE > 1:
    arms += [(-1, name) for name in sorted(CALLS)]
clean_hit, clean_problems = run(0)
failures = []
if clean_problems:
    failures.append([0, None, clean_problems])
hits = {}
for sticky in (False, True):
    for k, on in arms:
        hit, problems = run(k, sticky, on)
        if hit is not None:
            hits[hit] = hits.get(hit, 0) + 1
        if problems:
            failures.append([k if on is None else on, sticky, hit, problems])
print("RESULT " + json.dumps({"total": total, "armed": len(arms), "points": sorted(CALLS), "hits": hits,
                              "failures": failures[:20], "failed": len(failures)}))
"""


# Points every run must reach; a device that asks for pictures draws no screen with a host.
POINTS = ("import boardcore.protocol.endpoint", "import hosted", "codec.encode", "codec.decode", "strict_json.loads",
          "import boardcore.protocol.strict_json", "import boardcore.protocol.codec", "DeviceLink.rest",
          "Endpoint.receive_line", "DeviceLink._hello", "App.info", "hosted.frame", "hosted._raw", "display.show")
DRAWING = ("protocol.screens.check", "screens.fits_card", "Scroller.step")


# `make test`: every 16th call and each function's first (about a fifth of the runs: 30 s
# of the 200 the exhaustive pair takes on the unix port); `make test-all`: every call.
SAMPLE_STRIDE = 16


@pytest.mark.exhaustive
@pytest.mark.parametrize("pictures", [False, True], ids=["drawing", "pictures"])
def test_memory_error_at_every_call_of_the_paths_leaves_the_device_answering(tmp_path, pictures, request):
    every = exhaustive(request.config)
    stride = 1 if every else SAMPLE_STRIDE
    run = run_fw(tmp_path, "PICTURES = %r\nSTRIDE = %d\n" % (pictures, stride) + HARNESS, interpreter="micropython",
                 timeout=600)
    line = next(line for line in run.lines if line.startswith("RESULT "))
    result = json.loads(line[7:])
    assert result["failed"] == 0, json.dumps(result["failures"], indent=1)
    if every:
        assert result["armed"] == result["total"]
    else:  # a sample, and not a thin one: each function's first call and every 16th
        assert len(result["points"]) <= result["armed"] < result["total"]
        assert result["armed"] >= result["total"] // SAMPLE_STRIDE
    # The injection reached every kind of point named, on both handshakes and all frames.
    assert result["total"] > (400 if pictures else 500)  # fewer calls: a host draws the screens
    for point in POINTS + (() if pictures else DRAWING):
        assert point in result["hits"], point
    if pictures:
        assert "App.info" in result["hits"] and "unload.unload" in result["hits"]
    if every:
        failed = "each one failed in its own run"
    else:
        failed = "%d of them (every %dth and each function's first; --exhaustive: all) failed, each in its own run" % (
            result["armed"], SAMPLE_STRIDE)
    FIGURES["MemoryError injection (unix port, %s)" % ("pictures" if pictures else "drawing")] = "%d calls of %d functions on the handshake, frame, event and draw paths: %s (alone, and from then on), the device answered after every one" % (
        result["total"], len(result["points"]), failed)
