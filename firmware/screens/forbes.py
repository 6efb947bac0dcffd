"""The Forbes screens: one player's ownership cards, and the stone just drawn.

Symbols are the core's codes (boardcore.forbes.rules: S square, T triangle, C circle,
X star), drawn with boardcore.glyphs.symbols: 5 x 5 pictures where a cell has 6 pixels
or more, else 3 x 3. Colour canvases draw each symbol in its own colour
(glyphs.SYMBOL_COLOURS: square blue, triangle green, circle red, star yellow).
"""

from boardcore import glyphs


def _draw_symbol(canvas, x, y, w, h, symbol):
    # The largest symbol that leaves a 1-pixel margin in the cell: the 5 x 5 bitmap
    # scaled where the cell has 6 pixels or more, else the 3 x 3 one.
    room = min(w, h)
    size = 5 if room >= 6 else 3
    s = max(1, (room - 1) // size)
    i = glyphs.symbol_index(symbol)
    c = glyphs.ink(canvas, glyphs.SYMBOL_COLOURS[i])
    px = size * s
    glyphs.draw_glyph(canvas, x + (w - px) // 2, y + (h - px) // 2, glyphs.symbol_cols(i, size), c, s)


def forbes_hand(canvas, cards, player=None):
    """A player's cards (a string like "SSTX", or a list of codes; 1..4 cards) in a
    2 x 2 grid, or in one row on displays at least three times as wide as high; with
    `player` (a seat, 1..5), that many pips down the right edge, whose column the cards
    leave free. ValueError naming a bad card or seat before anything is drawn."""
    n = len(cards)
    if not 1 <= n <= 4:
        raise ValueError("a Forbes hand shows 1..4 cards, not %d" % n)
    for card in cards:
        glyphs.symbol_index(card)
    if player is not None and (not isinstance(player, int) or isinstance(player, bool) or not 1 <= player <= 5):
        raise ValueError("a Forbes seat is 1..5, not %r" % (player,))
    w, h = canvas.width, canvas.height
    cols = 4 if w >= 3 * h else 2
    rows = (4 + cols - 1) // cols
    cw, ch = w // cols, h // rows
    canvas.fill(0)
    for k in range(n):
        _draw_symbol(canvas, (k % cols) * cw, (k // cols) * ch, cw, ch, cards[k])
    if player is not None:
        # Pips p pixels square from the top: 2p apart where five fit so (16 pixels high
        # or more), else touching (a bar as long as the seat number).
        p = max(1, h // 16)
        pitch = 2 * p if 9 * p <= h else p
        c = glyphs.ink(canvas)
        for i in range(player):
            canvas.fill_rect(w - p, i * pitch, p, p, c)


def forbes_stone(canvas, stone):
    """The stone just drawn (a symbol code), as large as fits, in the middle."""
    glyphs.symbol_index(stone)
    canvas.fill(0)
    _draw_symbol(canvas, 0, 0, canvas.width, canvas.height, stone)
