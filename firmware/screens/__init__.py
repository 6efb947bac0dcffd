"""The device's screens: pure drawing functions on any canvas.

A canvas is a firmware Display (a framebuf.FrameBuffer) or any CPython object with the
same methods (fill, pixel, fill_rect) and attributes (width, height, colour, rgb()).
Screens clear the canvas, draw one whole picture, and never call show(): the app does.
Every screen works on 8 x 8, 16 x 16, 32 x 8 matrices and a 128 x 64 OLED, and uses
colour when canvas.colour is True. docs/screens.md describes each screen.

This module holds the screens every mode needs (connected, error, scrolling text, and
waiting, which is waiting_dot's: the app draws it without this package) and imports the
game screens (screens.fits, screens.zatre, screens.forbes) only
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
    return (globals().get(kind) or __getattr__(kind))(canvas, **payload)


def __getattr__(name):
    # The hint screens (fits_hint, zatre_hint, forbes_hint: screens.hint), loaded on first
    # use; found here, not defined here, they cost the device no interned names at boot.
    # waiting (the app draws it through waiting_dot, without this package) likewise.
    if name[-5:] == "_hint":
        import sys

        __import__("screens.hint")
        return getattr(sys.modules["screens.hint"], name)
    if name == "waiting":
        from waiting_dot import waiting

        return waiting
    raise AttributeError(name)


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


def _centred(canvas, cols, c, scale):
    gw, gh = glyphs.glyph_size(cols, scale)
    glyphs.draw_glyph(canvas, (canvas.width - gw) // 2, (canvas.height - gh) // 2, cols, c, scale)


def connected(canvas):
    """Connected to the host: a green tick in the middle, as large as fits."""
    canvas.fill(0)
    _centred(canvas, glyphs.TICK, glyphs.ink(canvas, glyphs.GREEN), max(1, min(canvas.width // 8, canvas.height // 6)))


def error(canvas, code=None):
    """An error: a red cross; on wide displays the short `code` (e.g. "E3") beside it
    (left out when even the font cannot be loaded: this screen says the heap is short).

    Longer explanations go through a Scroller (message()) after this screen.
    """
    canvas.fill(0)
    c = glyphs.ink(canvas, glyphs.RED)
    h = canvas.height
    if code is None or not is_wide(canvas):
        _centred(canvas, glyphs.CROSS, c, max(1, min(canvas.width, h) // 8))
        return
    s = max(1, h // 8)
    glyphs.draw_glyph(canvas, (h - 5 * s) // 2, (h - 5 * s) // 2, glyphs.CROSS, c, s)
    t = text_scale(canvas)
    try:
        glyphs.draw_text(canvas, h + t, (h - 7 * t) // 2, str(code), c, t)
    except MemoryError:
        pass


class Scroller:
    """Text that scrolls from right to left, one step per call of step().

    `text` is a string or a list of (string, (r, g, b)) parts, each in its own colour
    (colour only on colour canvases). Text that fits is drawn still and centred.
    Each step() draws the next frame (the app then calls show()); it returns True while
    there is more to come, False when the text has finished (a still text: at once; a
    moving one: when it has left the screen, which is then blank). With loop=True a
    moving text starts again from the right for ever.

    The text is kept as character codes in a buffer that set() fills again, so a new
    text on the same scroller allocates nothing. On a canvas that can scroll (a
    framebuf.FrameBuffer), a step moves the picture left and draws only the column that
    comes in; nothing else may draw on the canvas between two steps (the app drops the
    scroller when it does).
    """

    __slots__ = ("canvas", "codes", "n", "inks", "ends", "parts", "loop", "scale", "y", "width", "pos", "drawn")

    def __init__(self, canvas, text, colour=None, loop=False):
        self.canvas = canvas
        self.codes = bytearray(32)
        self.inks = []
        self.ends = []
        self.set(text, colour, loop)

    def set(self, text, colour=None, loop=False):
        """Start again with another text (the arguments of the constructor)."""
        self.n = self.parts = 0
        if isinstance(text, str):
            self._put(text)
            self._part(glyphs.ink(self.canvas, colour))
            return self._ready(loop)
        for part in text:
            s, rgb = part
            if not isinstance(s, str):
                raise ValueError("scroller text must be a string, not %r" % (s,))
            self._put(s)
            self._part(glyphs.ink(self.canvas, rgb))
        return self._ready(loop)

    def _put(self, x):
        # The characters of a string, or the digits of a whole number ("-" first when it
        # is negative), after those already there.
        n = self.n
        if isinstance(x, int):
            neg = x < 0
            x = -x if neg else x
            k = glyphs.digits(x)
            self._room(n + k + neg)
            if neg:
                self.codes[n] = 45
                n += 1
            for i in range(n + k - 1, n - 1, -1):
                self.codes[i] = 48 + x % 10
                x //= 10
            self.n = n + k
            return
        self._room(n + len(x))
        codes = self.codes
        for ch in x:
            code = ord(ch)
            codes[n] = code if code < 127 else 63  # the font's "?"
            n += 1
        self.n = n

    def _room(self, size):
        # Grow the buffer only for a longer text than any before.
        if size > len(self.codes):
            codes = bytearray(2 * size)
            codes[: self.n] = self.codes[: self.n]
            self.codes = codes

    def _part(self, ink):
        # The text put so far ends a part drawn in `ink`.
        k = self.parts
        if k == len(self.inks):
            self.inks.append(0)
            self.ends.append(0)
        self.inks[k] = ink
        self.ends[k] = self.n
        self.parts = k + 1

    def _ready(self, loop):
        canvas = self.canvas
        self.loop = loop
        self.scale = text_scale(canvas)
        self.y = (canvas.height - 7 * self.scale) // 2
        self.width = (self.n * 6 - 1) * self.scale if self.n else 0
        self.pos = 0
        self.drawn = False
        return self

    @property
    def text(self):
        """The text as drawn (characters the font lacks as '?')."""
        return bytes(self.codes[: self.n]).decode()

    @property
    def moving(self):
        """True when the text is wider than the canvas and has to scroll."""
        return self.width > self.canvas.width

    def step(self):
        canvas = self.canvas
        w = canvas.width
        if not self.moving:
            canvas.fill(0)
            self._draw((w - self.width) // 2)
            return False
        self.pos += 1
        x = w - self.pos * self.scale
        if x + self.width <= 0:
            self.drawn = False
            if not self.loop:
                self.pos -= 1  # stay finished: later calls keep the blank frame
                canvas.fill(0)
                return False
            self.pos = 1
            x = w - self.scale
        if self.drawn and self.pos > 1 and hasattr(canvas, "scroll"):
            # The canvas holds the last step: move it and draw the column coming in, the
            # text's column pos - 1 (at scale 1), or a blank one between characters.
            import boardcore.glyphs.font as font

            s = self.scale
            canvas.scroll(-s, 0)
            canvas.fill_rect(w - s, 0, s, canvas.height, 0)
            k = (self.pos - 1) // 6
            col = self.pos - 1 - 6 * k
            if k < self.n and col < 5:
                part = 0
                while k >= self.ends[part]:
                    part += 1
                glyphs.draw_cols(canvas, w - s, self.y, font.DATA, glyphs.font_index(self.codes[k]) + col, 1,
                                 self.inks[part], s)
            return True
        canvas.fill(0)
        self._draw(x)
        self.drawn = True
        return True

    def _draw(self, x):
        canvas = self.canvas
        adv = 6 * self.scale
        part = 0
        for i in range(self.n):
            while i >= self.ends[part]:
                part += 1
            if x + adv > 0 and x < canvas.width:
                glyphs.draw_char(canvas, x, self.y, self.codes[i], self.inks[part], self.scale)
            x += adv


# A canvas shows one scrolling text at a time: message() and scores() give the scroller
# of the last one on that canvas its new text rather than making another.
_last = [None]


def _scroller(canvas):
    s = _last[0]
    if s is None or s.canvas is not canvas:
        s = _last[0] = Scroller(canvas, "")
    return s


def message(canvas, text, colour=None, loop=False):
    """A short message as a Scroller (drawn by its step())."""
    return _scroller(canvas).set(text, colour, loop)


def scores(canvas, scores, names=None, loop=True):
    """The players' `scores` as a Scroller: "P1 12  P2 7 ..." (or the given names), each
    player's entry in their FITS colour on colour canvases (players past the fourth in
    white)."""
    if names is not None and len(names) != len(scores):
        raise ValueError("%d names for %d scores" % (len(names), len(scores)))
    if not scores:
        raise ValueError("no scores to show")
    for i in range(len(scores)):
        v = scores[i]
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError("score %d must be a whole number, not %r" % (i + 1, v))
        if names and not isinstance(names[i], str):
            raise ValueError("scroller text must be a string, not %r" % (names[i],))
    s = _scroller(canvas)
    s.n = s.parts = 0
    for i in range(len(scores)):
        if i:
            s._put("  ")
        if names:
            s._put(names[i])
        else:
            s._put("P")
            s._put(i + 1)
        s._put(" ")
        s._put(scores[i])
        rgb = glyphs.PLAYER_COLOURS[i] if i < len(glyphs.PLAYER_COLOURS) else glyphs.WHITE
        s._part(glyphs.ink(canvas, rgb))
    return s._ready(loop)


# The game screens, loaded on first use (see each module for the details).


def fits_card(canvas, tile, start=False, round_no=None, player=None, board_no=None):
    """The FITS card `tile` (id such as "L3") as its shape; see screens.fits."""
    import screens.fits as m  # (`import as`: no object made at each call, as `from` would)

    m.fits_card(canvas, tile, start, round_no, player, board_no)


def forbes_hand(canvas, cards, player=None):
    """One player's Forbes cards (e.g. "SSTX"), and whose they are (the seat 1..5, as
    pips); see screens.forbes."""
    import screens.forbes as m

    m.forbes_hand(canvas, cards, player)


def forbes_stone(canvas, stone):
    """The Forbes stone just drawn (a symbol code, e.g. "T"); see screens.forbes."""
    import screens.forbes as m

    m.forbes_stone(canvas, stone)


def zatre_tiles(canvas, tiles, hint=None):
    """The Zatre tiles in hand (values 1..6) and the core's compact hint
    (boardcore.zatre.hint.compact_hint: best_sum, ways, best_points, turns); see
    screens.zatre."""
    import screens.zatre as m

    m.zatre_tiles(canvas, tiles, hint)

