"""The device program: owns the asyncio loop, the display, the inputs and the link.

At boot, and whenever the host goes away, the display shows the waiting animation. A
host's hello makes it show "connected"; from then on the host's frames say what to draw
(docs/protocol.md) and input events go to the host. With no host, the first button press
starts the standalone dealer, which takes the events and draws; after a host was lost,
the first press shows "HOST LOST" instead (the players meant it for the host) and the
next one deals. What the device did meanwhile goes to the host that comes back, in its
"info" ("away"). The screens (firmware/screens/) draw; only this module calls
display.show().

Cost: a frame or an event is handled without a garbage collection; the heap is collected
when the device has been idle for IDLE_GC_MS (or by gc.threshold in a long burst).
Scrolling text steps every SCROLL_MS however long a step takes. Every task restarts
itself if it fails, and says so (on the console and in an "err" frame "task").
"""

import gc
import time

import asyncio
from boardcore import glyphs
from boardcore.protocol.codec import ProtocolError

import config

GAMES = ("fits", "zatre", "forbes")
import screens
from link import DeviceLink, StdinClosed


class App:
    """`board` is the loaded board configuration (a dict, see board_config.py); its
    "faults" (set by the hardware setup) are the optional parts that did not answer."""

    def __init__(self, board, display):
        self.board = board
        self.display = display
        self.buttons = board_buttons(board)
        self.faults = board.get("faults") or []
        self.link = DeviceLink(self)
        self.scroller = None  # the text being scrolled, stepped by the animator
        self.scroll_at = 0  # ticks of its next step
        self.waiting = 0  # the waiting animation's step; -1 once something else is shown
        self.applied = 0  # data frames from the host applied to the display
        self.raw = None  # a raw frame being assembled from chunks
        self.standalone = None
        self.game = None  # the game whose screens a host's frames loaded
        self.tasks = []
        self.restarts = 0  # tasks started again after they failed
        self.heap_peak = 0  # the most heap alive after an idle collection
        self.busy_at = time.ticks_ms()  # the last frame or event
        self.after_gc = 0  # heap in use after the last collection
        self.notice = None  # a part's message, scrolled once its error screen has been seen
        self.notice_at = 0
        self.lost = False  # a host was lost and no press has been told so yet
        # What the device did without a host, for the next one: [presses, games], the
        # games as the dealer's log ([game, players, seed, screens shown]).
        self.away = None
        self.heard_away = None  # the record the host in session was sent
        display.brightness(board["display"].get("brightness", 15))

    # -- the handshake ----------------------------------------------------------------

    def info(self):
        import hosted

        return hosted.info(self)

    def away_record(self):
        if self.away is None:
            return None
        games = self.away[1]
        if self.standalone is not None:
            games = self.standalone.log
        return [self.away[0], games]

    def host_coming(self):
        """A new host session is being made: drop the dealer (keeping its log) to give
        its heap to the session."""
        self._keep_log()
        self.standalone = None
        self.scroller = None
        unload_games()

    def on_host(self, present, was_present):
        if present:
            self.lost = False
            self.notice = None
            self.heard_away = self.away
            if not was_present:
                self.waiting = -1
                self.game = None
                self._show(screens.connected)
        else:
            # The host is gone: wait for it again; the next press says so, the one after
            # deals standalone, and what is done meanwhile is kept for the next host.
            self.scroller = None
            self.waiting = 0
            self.lost = True
            if self.away is None:
                self.away = [0, []]

    def host_heard(self):
        """The host in session has what its info said: that record is done with."""
        if self.away is not None and self.away is self.heard_away:
            self.away = None
        self.heard_away = None

    def _keep_log(self):
        if self.standalone is not None and self.away is not None:
            self.away[1] = self.standalone.log

    # -- events from the inputs ---------------------------------------------------------

    def emit(self, event):
        """The callback every input driver is given. Nothing it does may stop the input
        task: every failure is reported and the next event is taken."""
        self._busy()
        try:
            if self.link.connected:
                self._send(event)
            else:
                self._alone(event)
        except MemoryError:
            self._out_of_memory("handling an event")
        except Exception as e:  # noqa: BLE001 (reported; the buttons go on)
            self.link.error("event", "%s: %s" % (type(e).__name__, e))

    def _send(self, event):
        try:
            self.link.send_event(event)
        except (ProtocolError, ValueError) as e:
            self.link.error("event", str(e))
        except MemoryError:
            gc.collect()
            try:
                self.link.send_event(event)  # again, with the garbage gone
            except MemoryError:
                self.link.error("memory", "out of memory sending an event")

    def _alone(self, event):
        press = event[0] == "button" and event[2] != "down"
        if press and self.away is not None:
            self.away[0] += 1
        if self.standalone is None:
            if not press:
                return
            if self.lost:
                # The players pressed for a host that has gone: tell them before dealing.
                self.lost = False
                self.waiting = -1
                self.set_scroller(screens.message(self.display, "HOST LOST", glyphs.RED, True))
                return
            self.start_standalone()
            return
        self.scroller = None
        try:
            self.standalone.handle(event)
        except MemoryError:
            # Dealing ran out of heap: drop the dealer and its games to get the memory
            # back, say so on the matrix, and keep taking input.
            mode = self.standalone.mode
            self._keep_log()
            self.standalone = None
            unload_games()
            self.show_error("MEM")
            print("boardlight: out of memory dealing", mode)
        except ValueError:
            self.show_error("ERR")

    def low_memory(self):
        """The link ran out of heap: the standalone dealer's game goes (a press deals again)."""
        if self.standalone is not None:
            self._keep_log()
            self.standalone = None
            unload_games()
            self.show_error("MEM")

    def _out_of_memory(self, what):
        gc.collect()
        self.link.error("memory", "out of memory " + what)

    def show_error(self, code):
        self.scroller = None
        screens.error(self.display, code)
        self.display.show()

    def start_standalone(self):
        import standalone

        self.scroller = None
        self.waiting = -1
        self.notice = None
        self.standalone = standalone.Standalone(self.display, self.show, self.set_scroller)
        self.standalone.start()
        self._keep_log()

    def show(self):
        self.display.show()

    def set_scroller(self, scroller):
        """Show a Scroller's first step now and hand it to the animator (if it moves)."""
        self.scroller = None
        if scroller is None:
            return
        more = scroller.step()
        self.display.show()
        if more:
            self.scroller = scroller
            self.scroll_at = time.ticks_add(time.ticks_ms(), config.SCROLL_MS)

    def _show(self, draw):
        self.scroller = None
        draw(self.display)
        self.display.show()

    def _busy(self):
        self.busy_at = time.ticks_ms()

    # -- frames from the host (firmware/hosted.py, loaded only with a host) ------------

    def on_frame(self, ftype, payload, seq):
        self._busy()
        import hosted

        hosted.frame(self, ftype, payload)

    # -- the heap ---------------------------------------------------------------------

    def sample_heap(self):
        used = gc.mem_alloc()
        self.after_gc = used
        if used > self.heap_peak:
            self.heap_peak = used

    def idle_collect(self, now):
        """Collect the garbage once the device has been idle for IDLE_GC_MS and at least
        IDLE_GC_BYTES of it has built up: the collection (tens of ms on a microcontroller)
        then delays no frame and no press."""
        if (time.ticks_diff(now, self.busy_at) >= config.IDLE_GC_MS
                and gc.mem_alloc() - self.after_gc >= config.IDLE_GC_BYTES):
            gc.collect()
            self.sample_heap()

    # -- the loop ---------------------------------------------------------------------

    def scroll_step(self, scroller):
        """One step of the scrolling text, shown (the animator's job, on time)."""
        more = scroller.step()
        self.display.show()
        if not more:
            self.scroller = None

    async def animate(self):
        wait_at = time.ticks_ms()
        while True:
            now = time.ticks_ms()
            s = self.scroller
            if s is not None:
                due = time.ticks_diff(self.scroll_at, now)
                if due > 0:
                    await asyncio.sleep_ms(due)
                    continue
                self.scroll_step(s)
                # The next step is SCROLL_MS after this one was due, not after it was
                # drawn, unless the device fell a whole step behind.
                self.scroll_at = time.ticks_add(self.scroll_at, config.SCROLL_MS)
                if time.ticks_diff(self.scroll_at, now) <= 0:
                    self.scroll_at = time.ticks_add(now, config.SCROLL_MS)
                self.idle_collect(now)
                continue
            if self.notice is not None and time.ticks_diff(now, self.notice_at) >= 0:
                text = self.notice
                self.notice = None
                self.waiting = 0  # once the message has gone
                self.set_scroller(screens.message(self.display, text, glyphs.RED))
                continue
            if self.waiting >= 0 and not self.link.connected and self.standalone is None:
                due = time.ticks_diff(wait_at, now)
                if due > 0:
                    await asyncio.sleep_ms(min(due, config.TICK_MS))
                    continue
                screens.waiting(self.display, self.waiting)
                self.display.show()
                self.waiting += 1
                wait_at = time.ticks_add(now, config.WAIT_MS)
            self.idle_collect(now)
            await asyncio.sleep_ms(config.TICK_MS)

    async def keep(self, name, start):
        """Run the task `start()` makes, and start it again whenever it fails; say so."""
        while True:
            try:
                await start()
                return
            except (StdinClosed, KeyboardInterrupt):
                raise
            except Exception as e:  # noqa: BLE001 (reported, then the task starts again)
                self.restarts += 1
                self._failed(name, e)
                await asyncio.sleep_ms(config.RESTART_MS)

    def _failed(self, name, e):
        gc.collect()
        try:
            text = "%s task stopped (%s: %s), started again" % (name, type(e).__name__, e)
            print("boardlight: " + text)
            self.link.error("task", text)
        except MemoryError:
            self.link.error("memory", "out of memory")

    async def run(self, input_tasks=()):
        self.link.announce()
        self.boot_notice()
        tasks = [asyncio.create_task(self.keep("link timer", self.link.ticker)),
                 asyncio.create_task(self.keep("display", self.animate))]
        for task in input_tasks:
            if callable(task):  # a task maker: kept running
                tasks.append(asyncio.create_task(self.keep("input", task)))
            else:  # a coroutine made once: run as it is
                tasks.append(asyncio.create_task(task))
        self.tasks = tasks
        try:
            await self.keep("link reader", self.link.reader)
        finally:
            for t in tasks:
                t.cancel()

    def boot_notice(self):
        """A part that did not answer at boot: its error screen with its short code for
        NOTICE_MS, then "NO <PART>" scrolled once, then the waiting animation."""
        if not self.faults:
            return
        part, code, msg = self.faults[0]
        self.waiting = -1
        self.show_error(code)
        print("boardlight: " + msg)
        self.notice = "NO " + part.upper()
        self.notice_at = time.ticks_add(time.ticks_ms(), config.NOTICE_MS)


def unload_games():
    # With a host the dealer's games are not needed: their modules (5-20 KB each) go, and
    # the screens import what a frame needs again.
    from unload import unload

    try:
        unload(("standalone",) + tuple(p + g for p in ("boardcore.", "screens.") for g in GAMES))
    except MemoryError:
        pass  # they stay loaded: heap, not harm
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
    """(display, attach): attach(emit) starts the input drivers and returns their tasks
    (coroutines, or callables that make one, which are started again if they fail)."""
    if board["display"]["kind"] == "virtual":
        from sim import setup as sim_setup

        return sim_setup.build(board)
    from hw import setup as hw_setup

    return hw_setup.build(board)


def main(board=None):
    """Boot: load the board file (unless main.py did), build the hardware, run until
    interrupted."""
    if board is None:
        board = load_board()
    display, attach = build_hardware(board)
    app = App(board, display)
    gc.collect()
    # Between idle collections, collect after every GC_THRESHOLD bytes allocated rather
    # than only when the heap is full: the heap stays less fragmented, so a game's large
    # tables still find room.
    gc.threshold(config.GC_THRESHOLD)
    try:
        asyncio.run(app.run(attach(app.emit)))
    except StdinClosed:
        pass  # unix port: the bridge went away; a board's stdin never closes
