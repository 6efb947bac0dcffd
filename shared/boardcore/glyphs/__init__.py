"""Glyphs shared by the device and the host: text, symbols, pips and colours.

Everything draws on a canvas with FrameBuffer's methods (`pixel`, `fill_rect`) and the
Display attributes `width`, `height`, `colour`, `rgb(r, g, b)`: a framebuf-backed
Display on the device, or any CPython object with the same methods on the host. Drawing
is clipped to the canvas here, so a canvas whose `pixel` does not clip works too.

The bitmaps live in glyphs.font (5 x 7 text), glyphs.small (3 x 5 digits) and
glyphs.symbols (Forbes symbols, Zatre pips), imported only when first drawn; the two
status icons are here.
Drawing allocates nothing (numbers are drawn digit by digit, bitmaps from where they
are, the bitmap modules reached with `import a.b as c`, which unlike `from a import b`
makes no object at each call), so a device can redraw a screen without feeding its
garbage collector.
"""

# Colours as (r, g, b), 0..255. FITS player colours, in player order 1..4.
RED = (255, 0, 0)
GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
YELLOW = (255, 255, 0)
WHITE = (255, 255, 255)
PLAYER_COLOURS = (RED, GREEN, BLUE, YELLOW)
# Forbes symbols on colour displays, index as glyph_symbols.SYMBOL_NAMES.
SYMBOL_COLOURS = (BLUE, GREEN, RED, YELLOW)

# The status icons, in column bytes (bit 0 = top row), here rather than in glyphs.symbols
# so that drawing them never loads a module: the error screen is the one that must show
# when the heap is full.
# Connected: a tick, 7 x 5.      Error: a cross, 5 x 5.
#   ......#                       #...#
#   .....#.                       .#.#.
#   #...#..                       ..#..
#   .#.#...                       .#.#.
#   ..#....                       #...#
TICK = b"\x04\x08\x10\x08\x04\x02\x01"
CROSS = b"\x11\x0a\x04\x0a\x11"


def player_colour(number):
    """The (r, g, b) colour of FITS player 1..4."""
    if not isinstance(number, int) or not 1 <= number <= len(PLAYER_COLOURS):
        raise ValueError("FITS player must be 1..4, not %r" % (number,))
    return PLAYER_COLOURS[number - 1]


def ink(canvas, rgb=WHITE):
    """The pixel value to draw `rgb` with on this canvas (1 on a mono canvas)."""
    if rgb is None:
        rgb = WHITE
    return canvas.rgb(rgb[0], rgb[1], rgb[2])


def block(canvas, x, y, w, h, c):
    """fill_rect clipped to the canvas."""
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    if x + w > canvas.width:
        w = canvas.width - x
    if y + h > canvas.height:
        h = canvas.height - y
    if w > 0 and h > 0:
        canvas.fill_rect(x, y, w, h, c)


# A scratch 8 x 8 MONO_VLSB frame (one column byte per column, bit 0 at the top: the layout
# of every bitmap here) and a 2-entry palette, made on first use on a framebuf canvas: a
# glyph at scale 1 is copied in and blitted in C, with no allocation and no Python loop.
_blit = []  # type: list


def draw_cols(canvas, x, y, data, start, n, c, scale=1, gap=0):
    """Draw the `n` column bytes of `data` from index `start` with their top-left at
    (x, y): each lit bit a scale x scale block, `gap` blank pixels between neighbouring
    blocks (so die pips stay apart when scaled). Returns the width drawn. Allocates
    nothing: bitmaps are drawn from where they are."""
    if n <= 0:
        return 0
    if scale == 1 and gap == 0 and n <= 8 and hasattr(canvas, "blit"):
        if not _blit:
            import framebuf

            cols = bytearray(8)
            _blit.append(cols)
            _blit.append(framebuf.FrameBuffer(cols, 8, 8, framebuf.MONO_VLSB))
            _blit.append(framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565))
        cols, fb, pal = _blit
        for i in range(n):
            cols[i] = data[start + i]
        for i in range(n, 8):
            cols[i] = 0
        # The palette maps lit bits to the ink and dark ones to another value, the key
        # that blit leaves out: the canvas keeps its pixels there (c itself may be 0).
        pal.pixel(1, 0, c)
        pal.pixel(0, 0, c ^ 1)
        canvas.blit(fb, x, y, c ^ 1, pal)
        return n
    step = scale + gap
    for i in range(n):
        bits = data[start + i]
        row = 0
        while bits:
            if bits & 1:
                run = 1
                if not gap:  # a run of lit bits is one block
                    while bits & (1 << run):
                        run += 1
                block(canvas, x + i * step, y + row * step, scale, run * scale, c)
                bits >>= run
                row += run
            else:
                bits >>= 1
                row += 1
    return n * step - gap


def draw_glyph(canvas, x, y, cols, c, scale=1, gap=0):
    """Draw a column-byte bitmap with its top-left at (x, y).

    Each lit bit is a scale x scale block; `gap` blank pixels separate neighbouring
    blocks (so die pips stay apart when scaled). Returns the width drawn.
    """
    return draw_cols(canvas, x, y, cols, 0, len(cols), c, scale, gap)


def glyph_size(cols, scale=1, gap=0):
    """(width, height) of a column-byte bitmap drawn at this scale and gap."""
    rows = 0
    for b in cols:
        n = 0
        while b:
            b >>= 1
            n += 1
        if n > rows:
            rows = n
    step = scale + gap
    return (len(cols) * step - gap if cols else 0, rows * step - gap if rows else 0)


def font_index(code):
    """The index in glyphs.font.DATA of a character code's 5 columns: lower case drawn as
    capitals, '?' for codes the font lacks."""
    import boardcore.glyphs.font as f

    if 97 <= code <= 122:
        code -= 32
    if not f.FIRST <= code <= f.LAST:
        code = 63  # '?'
    return (code - f.FIRST) * f.WIDTH


def char_cols(ch):
    """The 5 column bytes of one character of the 5 x 7 font ('?' for unknown ones)."""
    import boardcore.glyphs.font as f

    i = font_index(ord(ch))
    return f.DATA[i : i + f.WIDTH]


def draw_char(canvas, x, y, code, c, scale=1):
    """Draw the character with code `code` (an int, as ord() gives) in the 5 x 7 font."""
    import boardcore.glyphs.font as f

    draw_cols(canvas, x, y, f.DATA, font_index(code), f.WIDTH, c, scale)


def text_width(text, scale=1):
    """Pixels taken by `text` in the 5 x 7 font: 5 columns plus 1 blank per character."""
    if not text:
        return 0
    return (len(text) * 6 - 1) * scale


def draw_text(canvas, x, y, text, c, scale=1):
    """Draw text in the 5 x 7 font, top-left at (x, y); returns the x after it.

    Characters wholly outside the canvas are skipped, so long scrolling text costs
    only what is visible.
    """
    adv = 6 * scale
    for ch in text:
        if x + adv > 0 and x < canvas.width:
            draw_char(canvas, x, y, ord(ch), c, scale)
        x += adv
    return x


def digits(n):
    """How many decimal digits a whole number >= 0 has."""
    k = 1
    while n >= 10:
        n //= 10
        k += 1
    return k


def draw_number(canvas, x, y, n, c, scale=1, small=False):
    """Draw a whole number >= 0 in the 5 x 7 font, or with small=True in the 3 x 5 one at
    scale 1 (as draw_text or draw_small of str(n) would, without making the string);
    returns the x after it."""
    if small:
        import boardcore.glyphs.small as f

        zero, width, adv, scale = 0, 3, 4, 1
    else:
        import boardcore.glyphs.font as f

        zero, width, adv = 48 - f.FIRST, 5, 6 * scale
    p = 1
    for _ in range(digits(n) - 1):
        p *= 10
    while p:
        draw_cols(canvas, x, y, f.DATA, (n // p % 10 + zero) * width, width, c, scale)
        x += adv
        p //= 10
    return x


def small_width(text):
    """Pixels taken by `text` in the 3 x 5 font: 3 columns plus 1 blank per character."""
    return len(text) * 4 - 1 if text else 0


def draw_small(canvas, x, y, text, c):
    """Draw digits (and ' ', '-', '+') in the 3 x 5 font; other characters raise ValueError."""
    import boardcore.glyphs.small as f

    for ch in text:
        i = f.CHARS.find(ch)
        if i < 0:
            raise ValueError("the small font has no %r (only %s)" % (ch, f.CHARS))
        draw_cols(canvas, x, y, f.DATA, i * 3, 3, c)
        x += 4
    return x


def symbol_index(symbol):
    """Index 0..3 of a Forbes symbol: its index, its name ("star") or the core's code ("X").

    The codes are forbes_rules.SYMBOLS (glyph_symbols.SYMBOL_CODES holds a copy): S
    square, T triangle, C circle, X star.
    """
    import boardcore.glyphs.symbols as g

    if isinstance(symbol, int) and not isinstance(symbol, bool) and 0 <= symbol < 4:
        return symbol
    if isinstance(symbol, str):
        if len(symbol) == 1:
            i = g.SYMBOL_CODES.find(symbol)
            if i < 0:
                raise ValueError("unknown symbol %r: use S (square), T (triangle), C (circle) or X (star)" % (symbol,))
            return i
        s = symbol.lower()
        for i in range(4):
            if s == g.SYMBOL_NAMES[i]:
                return i
    raise ValueError("unknown Forbes symbol %r (S square, T triangle, C circle, X star)" % (symbol,))


def symbol_cols(symbol, size):
    """The bitmap of a Forbes symbol at size 3 or 5 (pixels square)."""
    import boardcore.glyphs.symbols as g

    i = symbol_index(symbol)
    if size == 5:
        return g.SYMBOLS5[i]
    if size == 3:
        return g.SYMBOLS3[i]
    raise ValueError("symbols come in sizes 3 and 5, not %r" % (size,))


def pip_cols(value):
    """The 3 x 3 die-pip bitmap of a Zatre tile value 1..6."""
    import boardcore.glyphs.symbols as g

    if not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError("a Zatre tile is 1..6, not %r" % (value,))
    return g.PIPS[value - 1]
