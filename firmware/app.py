"""The device program: owns the asyncio loop, the display, the inputs and the link.

At boot, and whenever the host goes away, the display shows the waiting animation. A
host's hello makes it show "connected"; from then on the host's frames say what to draw
(docs/protocol.md) and input events go to the host. With no host, the first button press
starts the standalone dealer, which takes the events and draws.
The screens (firmware/screens/) draw; only this module calls display.show().
"""

import gc

import asyncio
from boardcore.protocol.codec import PROTOCOL_VERSION, ProtocolError

import config

GAMES = ("fits", "zatre", "forbes")
import screens
from link import DeviceLink, StdinClosed


def _raw_format(display):
    return "rgb565" if display.colour else "mono"


class App:
    """`board` is the loaded board configuration (a dict, see board_config.py)."""

    def __init__(self, board, display):
        self.board = board
        self.display = display
        self.buttons = board_buttons(board)
        self.link = DeviceLink(self.info, self.on_frame, self.on_host, on_low_memory=self.low_memory)
        self.scroller = None  # the text being scrolled, stepped by the animator
        self.waiting = 0  # the waiting animation's step; -1 once something else is shown
        self.applied = 0  # data frames from the host applied to the display
        self.raw = None  # a raw frame being assembled from chunks
        self.standalone = None
        self.tasks = []
        self.heap_peak = 0  # the most heap alive after a frame, an event or a scroll step
        display.brightness(board["display"].get("brightness", 15))

    # -- the handshake ----------------------------------------------------------------

    def info(self):
        d = self.board["display"]
        return {
            "v": PROTOCOL_VERSION,
            "fw": config.FIRMWARE_VERSION,
            "board": self.board["name"],
            "display": {"kind": d["kind"], "w": self.display.width, "h": self.display.height},
            "colour": bool(self.display.colour),
            "buttons": self.buttons,
            "scanner": bool(self.board.get("scanner")),
        }

    def on_host(self, present, was_present):
        if present:
            if not was_present:
                self.scroller = None
                self.waiting = -1
                self.standalone = None
                _unload_games()
                screens.connected(self.display)
                self.display.show()
        else:
            # The host is gone: wait for it again; a press deals standalone meanwhile.
            self.scroller = None
            self.waiting = 0

    # -- events from the inputs ---------------------------------------------------------

    def emit(self, event):
        """The callback every input driver is given."""
        if self.link.connected:
            try:
                self.link.send_event(event)
            except (ProtocolError, ValueError) as e:
                self.link.error("event", str(e))
            except MemoryError:
                gc.collect()
                self.link.error("memory", "out of memory queueing an event")
        elif self.standalone is None:
            if event[0] == "button" and event[2] != "down":
                self.start_standalone()  # no host (or after an error): deal on our own
        else:
            self.scroller = None
            try:
                self.standalone.handle(event)
            except MemoryError:
                # Dealing ran out of heap: drop the dealer and its games to get the memory
                # back, say so on the matrix, and keep taking input.
                mode = self.standalone.mode
                self.standalone = None
                _unload_games()
                self.show_error("MEM")
                print("boardlight: out of memory dealing", mode)
            except ValueError:
                self.show_error("ERR")
        self.sample_heap()

    def low_memory(self):
        """The link ran out of heap: the standalone dealer's game goes (a press deals again)."""
        if self.standalone is not None:
            self.standalone = None
            _unload_games()
            self.show_error("MEM")

    def show_error(self, code):
        self.scroller = None
        screens.error(self.display, code)
        self.display.show()

    def start_standalone(self):
        import standalone

        self.scroller = None
        self.waiting = -1
        self.standalone = standalone.Standalone(self.display, self.show, self.set_scroller)
        self.standalone.start()

    def show(self):
        self.display.show()

    def set_scroller(self, scroller):
        self.scroller = scroller
        if scroller is not None:
            scroller.step()
            self.display.show()

    # -- frames from the host ---------------------------------------------------------

    def on_frame(self, ftype, payload, seq):
        from boardcore.protocol.screens import KINDS, check  # loaded with the host's hello

        if ftype in KINDS:
            # A screen: its payload checked against the one table of screens, then drawn
            # as the host's mirror draws it.
            self.scroller = None
            self.waiting = -1
            args = check(ftype, payload)
            scroller = screens.draw(ftype, self.display, **args)
            if scroller is not None:
                scroller.step()
                self.scroller = scroller if scroller.moving else None
            self.display.show()
        else:
            handler = getattr(self, "f_" + ftype, None)
            if handler is None:
                raise ValueError("no handler")
            if ftype != "query" and ftype != "raw":
                self.scroller = None
                self.waiting = -1
            if handler(payload or {}) is not False:
                self.display.show()
        self.applied += 1
        self.sample_heap()

    def sample_heap(self):
        # Collect first, so the figure is what is alive (not garbage waiting), and the
        # heap is tidied between frames, which keeps it from fragmenting.
        gc.collect()
        used = gc.mem_alloc()
        if used > self.heap_peak:
            self.heap_peak = used

    def f_bright(self, p):
        self.display.brightness(p["level"])

    def f_query(self, p):
        self.sample_heap()
        gc.collect()
        self.link.send_status(
            {
                "applied": self.applied,
                "heap_free": gc.mem_free(),
                "heap_used": gc.mem_alloc(),
                "heap_peak": self.heap_peak,
                "mode": "host",
                "stats": self.link.stats(),
            }
        )
        return False

    def f_raw(self, p):
        # One frame of the display's own buffer, base64, possibly in chunks at offsets.
        import binascii
        import framebuf

        d = self.display
        if p["w"] != d.width or p["h"] != d.height or p["fmt"] != _raw_format(d):
            raise ValueError("raw frame must be %dx%d %s" % (d.width, d.height, _raw_format(d)))
        data = binascii.a2b_base64(p["data"])
        off = p.get("off", 0)
        size = len(d.buffer)
        if off < 0 or off + len(data) > size:
            raise ValueError("raw chunk %d+%d is outside the %d-byte frame" % (off, len(data), size))
        if off == 0:
            self.raw = bytearray(size)
        elif self.raw is None:
            raise ValueError("raw chunk at %d without the chunk at 0" % off)
        self.raw[off : off + len(data)] = data
        if off + len(data) < size:
            return False
        if d.colour or d.format == framebuf.MONO_HLSB:
            d.buffer[:] = self.raw
        else:
            # "mono" on the wire is MONO_HLSB; the HT16K33 (MONO_HMSB) and SSD1306
            # (MONO_VLSB) canvases lay pixels out otherwise: blit converts pixel by pixel.
            d.blit(framebuf.FrameBuffer(self.raw, d.width, d.height, framebuf.MONO_HLSB), 0, 0)
        self.raw = None
        self.scroller = None
        self.waiting = -1
        return True

    # -- the loop ---------------------------------------------------------------------

    async def animate(self):
        while True:
            if self.scroller is not None:
                await asyncio.sleep_ms(config.SCROLL_MS)
                s = self.scroller
                if s is not None:
                    more = s.step()
                    self.display.show()
                    self.sample_heap()
                    if not more:
                        self.scroller = None
            elif self.waiting >= 0 and not self.link.connected and self.standalone is None:
                screens.waiting(self.display, self.waiting)
                self.display.show()
                self.waiting += 1
                await asyncio.sleep_ms(config.WAIT_MS)
            else:
                await asyncio.sleep_ms(config.SCROLL_MS)

    async def run(self, input_tasks=()):
        self.link.announce()
        tasks = [asyncio.create_task(self.link.ticker()), asyncio.create_task(self.animate())]
        for coro in input_tasks:
            tasks.append(asyncio.create_task(coro))
        self.tasks = tasks
        try:
            await self.link.reader()
        finally:
            for t in tasks:
                t.cancel()


def _unload_games():
    # With a host the dealer's games are not needed: their modules (5-20 KB each) go, and
    # the screens import what a frame needs again.
    from unload import unload

    unload(("standalone",) + tuple(p + g for p in ("boardcore.", "screens.") for g in GAMES))
    gc.collect()


def board_buttons(board):
    """The board's button names, sorted (MicroPython's dict order is not stable)."""
    b = board.get("buttons") or {}
    return sorted(b)


def load_board(path=None):
    import sys

    import board_config

    board = board_config.load(path or config.BOARD_FILE)
    # The validator is only needed at boot: give its ~20 KB of heap back to the games.
    for name in ("board_config", "board_check"):
        sys.modules.pop(name, None)
    del board_config
    gc.collect()
    return board


def build_hardware(board):
    """(display, attach): attach(emit) starts the input drivers and returns asyncio tasks."""
    if board["display"]["kind"] == "virtual":
        from sim import setup as sim_setup

        return sim_setup.build(board)
    from hw import setup as hw_setup

    return hw_setup.build(board)


def main():
    """Boot: load the board file, build the hardware, run until interrupted."""
    board = load_board()
    display, attach = build_hardware(board)
    app = App(board, display)
    gc.collect()
    # Collect after every 8 KB allocated rather than only when the heap is full: the
    # heap stays less fragmented, so a game's large tables still find room.
    gc.threshold(8192)
    try:
        asyncio.run(app.run(attach(app.emit)))
    except StdinClosed:
        pass  # unix port: the bridge went away; a board's stdin never closes
