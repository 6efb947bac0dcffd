"""The FITS card screen: the tile shape of the current card, scaled to the matrix.

Layout (worked examples in docs/screens.md):
- The shape is the card's picture: the tile in orientation 1, as printed
  (boardcore.fits.shapes), each cell an s x s block, s as large as fits, centred.
- Square and tall displays (8 x 8, 16 x 16): the tile area is all but the rightmost
  column; that column shows the round as pips, round r lighting rows 0, 2, .., 2(r-1),
  and, 16 or more pixels high, the board as pips from the bottom: board b lights rows
  H-1, H-3, .., H-2b+1 (8 pixels high have no room for the board).
- Wide displays (32 x 8, 128 x 64): the tile fills the left H x H square and "R<round>"
  (then "B<board>", on the same line if it fits, else on a second line) is written to
  the right of it in the 5 x 7 font.
- A start card is drawn inverted (lit background, dark tile): the mark that survives
  every size. Colour canvases draw in the player's FITS colour (white without a player).
"""

from boardcore import glyphs


def _check(what, n):
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 4):
        raise ValueError("FITS %s must be 1..4, not %r" % (what, n))


def _label(canvas, x, y, letter, n, c, t):
    # "R2" / "B3" in the 5 x 7 font, drawn without making the string.
    glyphs.draw_char(canvas, x, y, letter, c, t)
    return glyphs.draw_number(canvas, x + 6 * t, y, n, c, t)


def fits_card(canvas, tile, start=False, round_no=None, player=None, board_no=None):
    """Draw FITS card `tile` (e.g. "L3"); start=True marks a start card; round_no and
    board_no 1..4 or None; player 1..4 (colour canvases) or None. ValueError on a bad
    tile, round, board or player, before anything is drawn."""
    import boardcore.fits.shapes as shapes

    shape = shapes.SHAPES[shapes.index(tile)]  # ValueError naming the id if it is not a tile
    _check("round", round_no)
    _check("board", board_no)
    rgb = glyphs.WHITE if player is None else glyphs.player_colour(player)
    fg = glyphs.ink(canvas, rgb)
    bg = 0
    if start:
        fg, bg = bg, fg
    w, h = canvas.width, canvas.height
    canvas.fill(bg)
    wide = w >= 2 * h
    aw = h if wide else w - 1
    # The shape's rows and columns, counted in place (a helper returning both would make
    # a tuple at every card).
    rows = 1
    cols = c = 0
    for ch in shape:
        if ch == "/":
            rows += 1
            c = 0
        else:
            c += 1
            if c > cols:
                cols = c
    s = min(aw // cols, h // rows)
    ox = (aw - cols * s) // 2
    oy = (h - rows * s) // 2
    r = c = 0
    for ch in shape:
        if ch == "/":
            r += 1
            c = 0
            continue
        if ch == "#":
            canvas.fill_rect(ox + c * s, oy + r * s, s, s, fg)
        c += 1
    if wide:
        t = max(1, h // 16)
        x = h + t
        if round_no is None and board_no is None:
            return
        if round_no is None or board_no is None:
            if board_no is None:
                _label(canvas, x, (h - 7 * t) // 2, 82, round_no, fg, t)  # "R"
            else:
                _label(canvas, x, (h - 7 * t) // 2, 66, board_no, fg, t)  # "B"
            return
        # "R2B3" on one line if it fits, else R over B.
        if x + 23 * t <= w:
            _label(canvas, _label(canvas, x, (h - 7 * t) // 2, 82, round_no, fg, t), (h - 7 * t) // 2, 66, board_no, fg, t)
        else:
            y = (h - 15 * t) // 2
            _label(canvas, x, y, 82, round_no, fg, t)
            _label(canvas, x, y + 8 * t, 66, board_no, fg, t)
        return
    if round_no is not None:
        for i in range(round_no):
            canvas.pixel(w - 1, 2 * i, fg)
    if board_no is not None and h >= 16:
        for i in range(board_no):
            canvas.pixel(w - 1, h - 1 - 2 * i, fg)
