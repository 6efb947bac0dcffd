"""The app without a host: input events go to the standalone dealer (standalone.py),
which the first press starts, or, after a host was lost, to "HOST LOST" first. Presses
and what the dealer deals are counted in app.away for the next host. Loaded on the first
event with no host, dropped with the dealer when a host comes."""

import gc

import screens


def event(app, ev):
    press = ev[0] == "button" and ev[2] != "down"
    if press and app.away is not None:
        app.away[0] += 1
    if app.standalone is None:
        if not press:
            return
        if app.lost:
            # The players pressed for a host that has gone: tell them before dealing.
            from boardcore.glyphs import RED

            app.lost = False
            app.waiting = -1
            app.set_scroller(screens.message(app.display, "HOST LOST", RED, True))
            return
    app.scroller = None
    try:
        if app.standalone is None:
            start(app)
        else:
            app.standalone.handle(ev)
    except MemoryError:
        # Dealing ran out of heap: drop the dealer and its games to get the memory back,
        # say so on the matrix, and keep taking input (the next press deals again).
        drop(app, "MEM")
        print("boardlight: out of memory dealing")
    except ValueError:
        app.show_error("ERR")


def start(app):
    app.link.rest()  # no host: the link's codec gives the dealer its heap
    import standalone

    app.scroller = None
    app.waiting = -1
    app.notice = None
    # The dealer logs its games in the record's list, which outlives it.
    log = app.away[1] if app.away is not None else None
    app.standalone = standalone.Standalone(app.display, app.show, app.set_scroller, log=log, buttons=app.buttons)
    app.standalone.start()


def drop(app, code=None):
    """The dealer and its games' modules go (their heap back); with `code`, its error
    screen says why."""
    app.standalone = None
    from app import unload_games

    unload_games()
    gc.collect()
    if code is not None:
        app.show_error(code)
