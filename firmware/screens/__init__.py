"""The device's screens: pure drawing functions on any canvas.

A canvas is a firmware Display (a framebuf.FrameBuffer) or any CPython object with the
same methods (fill, pixel, fill_rect) and attributes (width, height, colour, rgb()).
Screens clear the canvas, draw one whole picture, and never call show(): the app does.
Every screen works on 8 x 8, 16 x 16, 32 x 8 matrices and a 128 x 64 OLED, and uses
colour when canvas.colour is True. docs/screens.md describes each screen.

This module holds the screens every mode needs (waiting, connected, error, scrolling
text) and imports the game screens (screens.fits, screens.zatre, screens.forbes) only
when one of them is first drawn, to keep the device's heap small.

The screens a host sends are drawn through draw(kind, canvas, **payload), the kinds and
keys of boardcore.protocol.screens: the device's app, the host's mirror of a device and
the standalone dealer make the same call.
"""

from boardcore import glyphs


def draw(kind, canvas, **payload):
    """Draw screen `kind` of boardcore.protocol.screens with its payload, the keys being
    the arguments of the function of that name below. Returns what that function
    returns: a Scroller (not yet stepped) for message, scores and zatre_hint, else None.
    The kind and payload are taken as they are: a frame from outside goes through
    boardcore.protocol.screens.check() first (the standalone dealer needs no check, and
    without a host the device keeps that table out of its heap)."""
    return globals()[kind](canvas, **payload)


def clear(canvas):
    """A blank display."""
    canvas.fill(0)


def is_wide(canvas):
    """True for displays at least twice as wide as high (32 x 8, 128 x 64): they put a
    picture in the left square and text beside it."""
    return canvas.width >= 2 * canvas.height


def text_scale(canvas):
    """The scale of 5 x 7 text on this canvas: 1 up to 31 pixels high, then H // 16."""
    return max(1, canvas.height // 16)


def waiting(canvas, step=0):
    """Waiting for the host: one dot walking clockwise round the edge, from the
    top-left corner; the app advances `step` by one per timer tick."""
    w, h = canvas.width, canvas.height
    canvas.fill(0)
    k = step % (2 * (w + h) - 4)
    if k < w - 1:
        x, y = k, 0
    elif k < w + h - 2:
        x, y = w - 1, k - (w - 1)
    elif k < 2 * w + h - 3:
        x, y = w - 1 - (k - (w + h - 2)), h - 1
    else:
        x, y = 0, h - 1 - (k - (2 * w + h - 3))
    canvas.pixel(x, y, glyphs.ink(canvas, glyphs.BLUE))


def _centred(canvas, cols, c, scale):
    gw, gh = glyphs.glyph_size(cols, scale)
    glyphs.draw_glyph(canvas, (canvas.width - gw) // 2, (canvas.height - gh) // 2, cols, c, scale)


def connected(canvas):
    """Connected to the host: a green tick in the middle, as large as fits."""
    from boardcore.glyphs.symbols import TICK

    canvas.fill(0)
    _centred(canvas, TICK, glyphs.ink(canvas, glyphs.GREEN), max(1, min(canvas.width // 8, canvas.height // 6)))


def error(canvas, code=None):
    """An error: a red cross; on wide displays the short `code` (e.g. "E3") beside it.

    Longer explanations go through a Scroller (message()) after this screen.
    """
    from boardcore.glyphs.symbols import CROSS

    canvas.fill(0)
    c = glyphs.ink(canvas, glyphs.RED)
    h = canvas.height
    if code is None or not is_wide(canvas):
        _centred(canvas, CROSS, c, max(1, min(canvas.width, h) // 8))
        return
    s = max(1, h // 8)
    glyphs.draw_glyph(canvas, (h - 5 * s) // 2, (h - 5 * s) // 2, CROSS, c, s)
    t = text_scale(canvas)
    glyphs.draw_text(canvas, h + t, (h - 7 * t) // 2, str(code), c, t)


class Scroller:
    """Text that scrolls from right to left, one step per call of step().

    `text` is a string or a list of (string, (r, g, b)) parts, each in its own colour
    (colour only on colour canvases). Text that fits is drawn still and centred.
    Each step() clears the canvas and draws the next frame (the app then calls show());
    it returns True while there is more to come, False when the text has finished
    (a still text: at once; a moving one: when it has left the screen, which is then
    blank). With loop=True a moving text starts again from the right for ever.
    """

    __slots__ = ("canvas", "text", "_inks", "_ends", "loop", "scale", "y", "width", "pos")

    def __init__(self, canvas, text, colour=None, loop=False):
        if isinstance(text, str):
            text = [(text, colour)]
        chars = ""
        inks = []
        ends = []
        for part in text:
            s, rgb = part
            if not isinstance(s, str):
                raise ValueError("scroller text must be a string, not %r" % (s,))
            chars += s
            inks.append(glyphs.ink(canvas, rgb))
            ends.append(len(chars))
        self.canvas = canvas
        self.text = chars
        self._inks = inks
        self._ends = ends
        self.loop = loop
        self.scale = text_scale(canvas)
        self.y = (canvas.height - 7 * self.scale) // 2
        self.width = glyphs.text_width(chars, self.scale)
        self.pos = 0

    @property
    def moving(self):
        """True when the text is wider than the canvas and has to scroll."""
        return self.width > self.canvas.width

    def step(self):
        canvas = self.canvas
        w = canvas.width
        canvas.fill(0)
        if not self.moving:
            self._draw((w - self.width) // 2)
            return False
        self.pos += 1
        x = w - self.pos * self.scale
        if x + self.width <= 0:
            if not self.loop:
                self.pos -= 1  # stay finished: later calls keep the blank frame
                return False
            self.pos = 1
            x = w - self.scale
        self._draw(x)
        return True

    def _draw(self, x):
        canvas = self.canvas
        adv = 6 * self.scale
        part = 0
        i = 0
        for ch in self.text:
            while i >= self._ends[part]:
                part += 1
            if x + adv > 0 and x < canvas.width:
                glyphs.draw_glyph(canvas, x, self.y, glyphs.char_cols(ch), self._inks[part], self.scale)
            x += adv
            i += 1


def message(canvas, text, colour=None, loop=False):
    """A short message as a Scroller (drawn by its step())."""
    return Scroller(canvas, text, colour, loop)


def scores(canvas, scores, names=None, loop=True):
    """The players' `scores` as a Scroller: "P1 12  P2 7 ..." (or the given names), each
    player's entry in their FITS colour on colour canvases (players past the fourth in
    white)."""
    if names is not None and len(names) != len(scores):
        raise ValueError("%d names for %d scores" % (len(names), len(scores)))
    parts = []
    for i in range(len(scores)):
        v = scores[i]
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError("score %d must be a whole number, not %r" % (i + 1, v))
        name = names[i] if names else "P%d" % (i + 1)
        rgb = glyphs.PLAYER_COLOURS[i] if i < len(glyphs.PLAYER_COLOURS) else glyphs.WHITE
        parts.append(("%s%s %d" % ("  " if i else "", name, v), rgb))
    if not parts:
        raise ValueError("no scores to show")
    return Scroller(canvas, parts, loop=loop)


# The game screens, loaded on first use (see each module for the details).


def fits_card(canvas, tile, start=False, round_no=None, player=None, board_no=None):
    """The FITS card `tile` (id such as "L3") as its shape; see screens.fits."""
    from screens.fits import fits_card as draw

    draw(canvas, tile, start, round_no, player, board_no)


def forbes_hand(canvas, cards):
    """One player's Forbes cards (e.g. "SSTX"); see screens.forbes."""
    from screens.forbes import forbes_hand as draw

    draw(canvas, cards)


def forbes_stone(canvas, stone):
    """The Forbes stone just drawn (a symbol code, e.g. "T"); see screens.forbes."""
    from screens.forbes import forbes_stone as draw

    draw(canvas, stone)


def zatre_tiles(canvas, tiles, hint=None):
    """The Zatre tiles in hand (values 1..6) and the core's compact hint
    (boardcore.zatre.hint.compact_hint: best_sum, ways, best_points, turns); see
    screens.zatre."""
    from screens.zatre import zatre_tiles as draw

    draw(canvas, tiles, hint)


def fits_hint(canvas, tile, orientation=None, column=None):
    """A FITS move to make: `tile` in `orientation` at `column`, or set aside; see screens.hint."""
    from screens.hint import fits_hint as draw

    draw(canvas, tile, orientation, column)


def zatre_hint(canvas, tiles, rows, cols):
    """A Zatre turn to play, each value and its cell, as a Scroller; see screens.hint."""
    from screens.hint import zatre_hint as draw

    return draw(canvas, tiles, rows, cols)


def forbes_hint(canvas, stone, row, col, board=None):
    """The cell for a Forbes stone; see screens.hint."""
    from screens.hint import forbes_hint as draw

    draw(canvas, stone, row, col, board)
