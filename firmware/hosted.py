"""What the app does for a host: the handshake's "info", and the host's data frames (the
screens, brightness, status, raw frames). Loaded with the host's hello and dropped with
the host, so a device dealing on its own keeps this heap for its games. A device that
asks for pictures (app.pictures) takes raw frames, brightness and queries only, and never
loads the screens or their table while the host is there."""

import gc

import config
from boardcore.protocol.codec import PROTOCOL_VERSION

GAMES = ("fits", "zatre", "forbes")


def info(app):
    """The "info" payload (docs/protocol.md 4.1): what the board is, the optional parts
    that did not answer, and what the device did while no host was there."""
    board = app.board
    d = board["display"]
    missing = [part for part, _, _ in app.faults]
    out = {
        "v": PROTOCOL_VERSION,
        "fw": config.FIRMWARE_VERSION,
        "board": board["name"],
        "display": {"kind": d["kind"], "w": app.display.width, "h": app.display.height},
        "colour": bool(app.display.colour),
        "buttons": app.buttons,
        "scanner": bool(board.get("scanner")) and "scanner" not in missing,
    }
    if app.pictures:
        out["pictures"] = True
    if app.faults:
        out["faults"] = [{"part": part, "code": code, "msg": msg[:100]} for part, code, msg in app.faults]
    if app.away is not None:
        out["away"] = {"presses": app.away[0], "games": app.away[1]}
    return out


def frame(app, ftype, payload):
    """Apply one data frame from the host; ValueError (or any error) for one that cannot
    be, which the link reports to the host."""
    d = app.display
    if ftype == "raw":
        if _raw(d, app, payload or {}):
            app.scroller = None
            app.waiting = -1
            d.show()
    elif ftype == "bright":
        p = payload or {}
        app.scroller = None
        app.waiting = -1
        d.brightness(p["level"])
        d.show()
    elif ftype == "query":
        _status(app)
    else:
        _screen(app, ftype, payload)
    app.applied += 1


def _screen(app, ftype, payload):
    import boardcore.protocol.screens as table  # loaded with the host's hello
    import screens

    d = app.display
    if ftype in table.KINDS:
        # A screen: its payload checked against the one table of screens, then drawn as
        # the host's mirror draws it (screens.draw's own function, called here without
        # the keyword dict draw() would make).
        app.scroller = None
        app.waiting = -1
        args = table.check(ftype, payload)
        _screens_of(app, ftype)
        scroller = getattr(screens, ftype)(d, **args)
        if scroller is None:
            d.show()
        else:
            app.set_scroller(scroller)
    else:
        raise ValueError("no handler")


def _screens_of(app, kind):
    # A host plays one game: the screens of another game that an earlier frame loaded go
    # when this game's first frame comes, as they do for the standalone dealer.
    for game in GAMES:
        if kind.startswith(game) and game != app.game:
            if app.game is not None:
                from app import unload_games

                unload_games()
            app.game = game


def _status(app):
    gc.collect()
    app.sample_heap()
    app.link.send_status(
        {
            "applied": app.applied,
            "heap_free": gc.mem_free(),
            "heap_used": gc.mem_alloc(),
            "heap_peak": app.heap_peak,
            "mode": "host",
            "restarts": app.restarts,
            "stats": app.link.stats(),
        }
    )


def _raw(d, app, p):
    # One frame of the display's own buffer, base64, possibly in chunks at offsets; True
    # once the chunk that reaches the end is in.
    import binascii
    import framebuf

    fmt = "rgb565" if d.colour else "mono"
    off = p.get("off", 0)
    if off == 0:
        app.raw = None  # a new picture: nothing of an unfinished one goes into it
    if p["w"] != d.width or p["h"] != d.height or p["fmt"] != fmt:
        raise ValueError("raw frame must be %dx%d %s" % (d.width, d.height, fmt))
    data = binascii.a2b_base64(p["data"])
    size = len(d.buffer)
    if off < 0 or off + len(data) > size:
        raise ValueError("raw chunk %d+%d is outside the %d-byte frame" % (off, len(data), size))
    direct = d.colour or d.format == framebuf.MONO_HLSB  # the wire's layout is the display's
    if off == 0 and len(data) == size and direct:
        whole = data  # the frame in one chunk: no copy of it
        app.raw = None
    else:
        if off == 0:
            app.raw = bytearray(size)
        elif app.raw is None:
            raise ValueError("raw chunk at %d without the chunk at 0" % off)
        app.raw[off : off + len(data)] = data
        if off + len(data) < size:
            return False
        whole = app.raw
        app.raw = None
    if direct:
        d.buffer[:] = whole
    else:
        # "mono" on the wire is MONO_HLSB; the HT16K33 (MONO_HMSB) and SSD1306 (MONO_VLSB)
        # canvases lay pixels out otherwise: blit converts pixel by pixel.
        d.blit(framebuf.FrameBuffer(whole, d.width, d.height, framebuf.MONO_HLSB), 0, 0)
    return True
