"""The device program: owns the asyncio loop, the display, the inputs and the link.

At boot, and whenever the host goes away, the display shows the waiting animation. A
host's hello makes it show "connected"; from then on the host's frames say what to draw
(docs/protocol.md, handled by hosted.py, loaded with the host) and input events go to the
host. A device short of heap (under config.PICTURES_BELOW) asks the host for pictures:
with a host it then draws nothing itself, and the screens' modules go when it comes.
With no host, the inputs go to alone.py: the first button press starts the
standalone dealer; after a host was lost, the first press shows "HOST LOST" instead (the
players meant it for the host) and the next one deals. What the device did meanwhile goes
to the host that comes back, in its "info" ("away"). The screens (firmware/screens/) draw;
only the app's modules call display.show().

Cost: a frame or an event is handled without a garbage collection; the heap is collected
once the device has been idle for _IDLE_GC_MS (or by gc.threshold in a long burst).
Scrolling text steps every SCROLL_MS however long a step takes. Every task restarts
itself if it fails, and says so (on the console and in an "err" frame "task").
"""

import gc
import time

import asyncio
from micropython import const

import config
from link import DeviceLink, StdinClosed

_IDLE_GC_MS = const(200)  # this long without a frame or an event is idle: collect then,
_IDLE_GC_BYTES = const(2048)  # ... if at least this much was allocated since the last time
_GC_THRESHOLD = const(8192)  # bytes allocated that force a collection even in a burst
_RESTART_MS = const(100)  # a task that failed is started again after this
_NOTICE_MS = const(3000)  # how long a part's error screen shows at boot before its message


class App:
    """`board` is the loaded board configuration (a dict, see board_config.py); its
    "faults" (set by the hardware setup) are the optional parts that did not answer,
    as (part, short code, message)."""

    def __init__(self, board, display):
        self.board = board
        self.display = display
        self.buttons = sorted(board.get("buttons") or {})  # MicroPython's dict order varies
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
        self.heap_peak = 0  # the most heap alive after a collection
        self.busy_at = time.ticks_ms()  # the last frame or event
        self.after_gc = 0  # heap in use after the last collection
        self.notice = None  # a part's message, scrolled at scroll_at (its error screen first)
        self.lost = False  # a host was lost and no press has been told so yet
        # What the device did without a host, for the next one: [presses, games], the
        # games as the dealer's log ([game, players, seed, screens shown]).
        self.away = None
        # A device short of heap asks the host for pictures (its info says "pictures"):
        # with a host it then draws none itself, and its screens' heap is free.
        self.pictures = gc.mem_free() + gc.mem_alloc() < config.PICTURES_BELOW
        display.brightness(board["display"].get("brightness", 15))

    # -- the link's owner (DeviceLink) ------------------------------------------------

    def info(self):
        import hosted

        return hosted.info(self)

    def on_frame(self, ftype, payload, seq):
        self.busy_at = time.ticks_ms()
        import hosted

        hosted.frame(self, ftype, payload)

    def host_coming(self):
        """A new host session is being made: drop the dealer (its log kept) and the
        no-host module, which a press that only said "HOST LOST" may have loaded, to give
        their heap to the session."""
        self.standalone = None
        self.scroller = None
        unload_games()
        if self.pictures:
            unload_screens()

    def on_host(self, present, was_present):
        if present:
            self.lost = False
            self.notice = None
            if not was_present:
                self.waiting = -1
                self.game = None
                self.scroller = None
                try:
                    if self.pictures:
                        self.display.fill(0)  # the host's first picture is on its way
                    else:
                        import screens

                        screens.connected(self.display)
                    self.display.show()
                except MemoryError:
                    pass  # the session is set; the host's first frame draws the display
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
        self.away = None

    def low_memory(self):
        """The link ran out of heap: the standalone dealer's game goes (a press deals again)."""
        if self.standalone is not None:
            import alone

            alone.drop(self, "MEM")

    # -- events from the inputs ---------------------------------------------------------

    def emit(self, event):
        """The callback every input driver is given. Nothing it does may stop the input
        task: every failure is reported and the next event is taken."""
        self.busy_at = time.ticks_ms()
        try:
            if self.link.connected:
                self.link.send_event(event)
            else:
                import alone

                alone.event(self, event)
        except MemoryError:
            gc.collect()
            try:
                if self.link.connected:
                    self.link.send_event(event)  # again, with the garbage gone
                    return
            except MemoryError:
                pass
            self.link.error("memory", "out of memory handling an event")
        except ValueError as e:  # an event no frame can carry (a scan code too long)
            self.link.error("event", str(e))
        except Exception as e:  # noqa: BLE001 (reported; the inputs go on)
            self.link.error("event", "%s: %s" % (type(e).__name__, e))

    # -- the display ------------------------------------------------------------------

    def show(self):
        self.display.show()

    def show_error(self, code):
        import screens

        self.scroller = None
        screens.error(self.display, code)
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

    # -- the heap ---------------------------------------------------------------------

    def sample_heap(self):
        used = gc.mem_alloc()
        self.after_gc = used
        if used > self.heap_peak:
            self.heap_peak = used

    def idle_collect(self, now):
        """Collect the garbage once the device has been idle for _IDLE_GC_MS and at least
        _IDLE_GC_BYTES of it has built up: the collection (tens of ms on a
        microcontroller) then delays no frame and no press."""
        if time.ticks_diff(now, self.busy_at) >= _IDLE_GC_MS and gc.mem_alloc() - self.after_gc >= _IDLE_GC_BYTES:
            gc.collect()
            self.sample_heap()

    # -- the tasks --------------------------------------------------------------------

    async def animate(self):
        # Imported once, here: an import inside the loop allocates at every step.
        from waiting_dot import waiting

        wait_at = time.ticks_ms()
        while True:
            now = time.ticks_ms()
            s = self.scroller
            if s is not None:
                due = time.ticks_diff(self.scroll_at, now)
                if due > 0:
                    await asyncio.sleep_ms(due)
                    continue
                if not s.step():
                    self.scroller = None
                self.display.show()
                # The next step is SCROLL_MS after this one was due, not after it was
                # drawn, unless the device fell a whole step behind.
                self.scroll_at = time.ticks_add(self.scroll_at, config.SCROLL_MS)
                if time.ticks_diff(self.scroll_at, now) <= 0:
                    self.scroll_at = time.ticks_add(now, config.SCROLL_MS)
            elif self.notice is not None and time.ticks_diff(now, self.scroll_at) >= 0:
                import screens
                from boardcore.glyphs import RED

                text = self.notice
                self.notice = None
                self.waiting = 0  # once the message has gone
                self.set_scroller(screens.message(self.display, text, RED))
                continue
            elif self.waiting >= 0 and not self.link.connected and self.standalone is None:
                if time.ticks_diff(wait_at, now) <= 0:
                    waiting(self.display, self.waiting)
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
                gc.collect()
                try:
                    text = "%s task stopped (%s: %s), started again" % (name, type(e).__name__, e)
                    print("boardlight: " + text)
                    self.link.error("task", text)
                except MemoryError:
                    self.link.error("memory", "out of memory")
                await asyncio.sleep_ms(_RESTART_MS)

    def show_faults(self):
        """A part that did not answer at boot: its error screen with its short code for
        _NOTICE_MS, then "NO <PART>" scrolled once, then the waiting animation."""
        if self.faults:
            part, code, msg = self.faults[0]
            self.waiting = -1
            self.show_error(code)
            print("boardlight: " + msg)
            self.notice = "NO " + part.upper()
            self.scroll_at = time.ticks_add(time.ticks_ms(), _NOTICE_MS)

    async def run(self, input_tasks=()):
        self.link.announce()
        self.show_faults()
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


def unload_games():
    # With a host the dealer's games are not needed: their modules (5-20 KB each) go, and
    # the screens import what a frame needs again.
    from unload import unload

    try:
        unload(("standalone", "alone", "boardcore.fits", "boardcore.zatre", "boardcore.forbes",
                "screens.fits", "screens.zatre", "screens.forbes"))
    except MemoryError:
        pass  # they stay loaded: heap, not harm
    gc.collect()


def unload_screens():
    # A device that asks for pictures draws nothing itself while a host is there: the
    # screens and their glyphs (about 15 KB) go; its own next screen imports them again.
    from unload import unload

    try:
        unload(("screens", "boardcore.glyphs"))
    except MemoryError:
        pass  # they stay loaded: heap, not harm
    gc.collect()


def load_board(path=None):
    """The checked board file, the checker's heap given back (main.py does this itself,
    before the app is loaded)."""
    import sys

    import board_config

    board = board_config.load(path or config.BOARD_FILE, None if path else config.CHECKED_FILE)
    for name in ("board_config", "board_check"):
        sys.modules.pop(name, None)
    del board_config
    gc.collect()
    return board


def main(board=None):
    """Boot: load the board file (unless main.py did), build the hardware (attach(emit)
    starts the input drivers and returns their tasks: coroutines, or callables that make
    one, started again if they fail), run until interrupted."""
    if board is None:
        board = load_board()
    if board["display"]["kind"] == "virtual":
        from sim import setup
    else:
        from hw import setup
    display, attach = setup.build(board)
    del setup
    app = App(board, display)
    gc.collect()
    # Between idle collections, collect after every _GC_THRESHOLD bytes allocated rather
    # than only when the heap is full: the heap stays less fragmented, so a game's large
    # tables still find room.
    gc.threshold(_GC_THRESHOLD)
    try:
        asyncio.run(app.run(attach(app.emit)))
    except StdinClosed:
        pass  # unix port: the bridge went away; a board's stdin never closes
