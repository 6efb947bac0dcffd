"""The hint screens: the engine's best move, or a computer player's move, for a person to
put on the real board (boardcore.protocol.screens: fits_hint, zatre_hint, forbes_hint).

- fits_hint: the board as a box of its 6 columns, the walls in the outermost pixel columns
  (units of s = H // 8 pixels: 1 on 8 and 32 x 8, 2 on 16 x 16, 8 on the OLED), and the tile
  in its orientation standing on the bottom at its column, one unit a cell. Set aside (no
  orientation): the tile's card picture crossed out by a diagonal. Wide displays put the
  box in the left square and "C<column>" (or "PASS") beside it.
- zatre_hint: the turn as scrolling text, each tile "V@R,C", the value white and its cell
  green (on colour canvases); "PASS" in red for a pass.
- forbes_hint: the 4 x 4 board in the (left) square, cells H // 4 pixels: the stones
  already placed a dot each, the cell to use the stone's symbol (a lit block on 8 pixels);
  wide displays write "R<row>C<col>" beside it.
Colour canvases: the box blue, the FITS tile white, the Forbes symbol in its colour.
"""

from boardcore import glyphs


def _label(canvas, text, c):
    # Beside the left square of a wide display, in the 5 x 7 font as large as it fits.
    h = canvas.height
    room = canvas.width - h
    t = max(1, h // 16)
    while t > 1 and glyphs.text_width(text, t) + t > room:
        t -= 1
    glyphs.draw_text(canvas, h + t, (h - 7 * t) // 2, text, c, t)


def fits_hint(canvas, tile, orientation=None, column=None):
    """Draw FITS tile `tile` in `orientation` (1..8) at `column` (1..6, its leftmost cell),
    or set aside when both are None. ValueError on a bad tile, orientation or column
    (one that puts the tile past the right edge), before anything is drawn."""
    from boardcore.fits.tiles import cells, extent

    if (orientation is None) != (column is None):
        raise ValueError("a FITS hint gives the orientation and the column, or neither (set aside)")
    shape = cells(tile, 1 if orientation is None else orientation)
    rows, cols = extent(shape)
    if column is not None and (not isinstance(column, int) or isinstance(column, bool)
                               or column < 1 or column + cols - 1 > 6):
        raise ValueError("tile %s in orientation %d takes columns 1..%d, not %r" % (
            tile, orientation, 7 - cols, column))
    w, h = canvas.width, canvas.height
    wide = w >= 2 * h
    side = h if wide else w
    canvas.fill(0)
    fg = glyphs.ink(canvas)
    if column is None:
        # The card's picture in the square, crossed out: not placed.
        s = min(side // cols, h // rows)
        ox = (side - cols * s) // 2
        oy = (h - rows * s) // 2
        for r, c in shape:
            canvas.fill_rect(ox + c * s, oy + (rows - 1 - r) * s, s, s, fg)
        red = glyphs.ink(canvas, glyphs.RED)
        n = min(side, h)
        for k in range(n):
            canvas.pixel(k, n - 1 - k, red)
        if wide:
            _label(canvas, "PASS", red)
        return
    s = max(1, min(side, h) // 8)
    box = glyphs.ink(canvas, glyphs.BLUE)
    canvas.fill_rect(0, 0, s, 8 * s, box)
    canvas.fill_rect(7 * s, 0, s, 8 * s, box)
    for r, c in shape:
        canvas.fill_rect((column + c) * s, (7 - r) * s, s, s, fg)
    if wide:
        _label(canvas, "C%d" % column, fg)


def zatre_hint(canvas, tiles, rows, cols):
    """The Zatre turn: tile k is value tiles[k] on (rows[k], cols[k]) (0..14), in the order
    to play; no tiles is a pass. Returns the Scroller that draws it (screens.Scroller).
    ValueError on a bad value or cell, before anything is drawn."""
    from screens import Scroller

    n = len(tiles)
    if n > 3 or len(rows) != n or len(cols) != n:
        raise ValueError("a Zatre turn is up to 3 tiles, each with its row and column")
    parts = []
    for k in range(n):
        v, r, c = tiles[k], rows[k], cols[k]
        glyphs.pip_cols(v)  # ValueError for anything but 1..6
        for x in (r, c):
            if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 14:
                raise ValueError("a Zatre cell is row and column 0..14, not %r" % (x,))
        parts.append(("%s%d" % (" " if k else "", v), glyphs.WHITE))
        parts.append(("@%d,%d" % (r, c), glyphs.GREEN))
    if not parts:
        parts.append(("PASS", glyphs.RED))
    return Scroller(canvas, parts, loop=True)


def forbes_hint(canvas, stone, row, col, board=None):
    """The Forbes stone `stone` (a symbol code) for the cell (row, col), 0..3 from the
    top-left; `board` (16 codes, "." empty) draws the stones already placed. ValueError
    on a bad stone, cell or board, before anything is drawn."""
    from screens.forbes import _draw_symbol

    i = glyphs.symbol_index(stone)
    for x in (row, col):
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 3:
            raise ValueError("a Forbes cell is row and column 0..3, not %r" % (x,))
    if board is not None:
        if len(board) != 16:
            raise ValueError("a Forbes board is 16 codes, not %r" % (board,))
        for code in board:
            if code != ".":
                glyphs.symbol_index(code)
    w, h = canvas.width, canvas.height
    wide = w >= 2 * h
    cell = (h if wide else min(w, h)) // 4
    canvas.fill(0)
    dot = glyphs.ink(canvas)
    if board is not None:
        for k in range(16):
            if board[k] != ".":
                canvas.pixel((k % 4) * cell + (cell - 1) // 2, (k // 4) * cell + (cell - 1) // 2, dot)
    x, y = col * cell, row * cell
    if cell < 4:
        canvas.fill_rect(x, y, cell, cell, glyphs.ink(canvas, glyphs.SYMBOL_COLOURS[i]))
    else:
        _draw_symbol(canvas, x, y, cell, cell, stone)
    if wide:
        _label(canvas, "R%dC%d" % (row, col), dot)
