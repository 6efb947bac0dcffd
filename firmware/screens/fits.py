"""The FITS card screen: the tile shape of the current card, scaled to the matrix.

Layout (worked examples in docs/screens.md):
- The shape is the card's picture: the tile in orientation 1, as RULES.md draws it
  (boardcore.fits.tiles), each cell an s x s block, s as large as fits, centred.
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


def fits_card(canvas, tile, start=False, round_no=None, player=None, board_no=None):
    """Draw FITS card `tile` (e.g. "L3"); start=True marks a start card; round_no and
    board_no 1..4 or None; player 1..4 (colour canvases) or None. ValueError on a bad
    tile, round, board or player, before anything is drawn."""
    from boardcore.fits.tiles import cells, extent

    shape = cells(tile, 1)  # ValueError naming the id if it is not a tile
    for what, n in (("round", round_no), ("board", board_no)):
        if n is not None and (not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 4):
            raise ValueError("FITS %s must be 1..4, not %r" % (what, n))
    rgb = glyphs.WHITE if player is None else glyphs.player_colour(player)
    fg = glyphs.ink(canvas, rgb)
    bg = 0
    if start:
        fg, bg = bg, fg
    w, h = canvas.width, canvas.height
    canvas.fill(bg)
    wide = w >= 2 * h
    aw = h if wide else w - 1
    rows, cols = extent(shape)
    s = min(aw // cols, h // rows)
    ox = (aw - cols * s) // 2
    oy = (h - rows * s) // 2
    for r, c in shape:
        # fits_tiles counts rows upwards from the tile's bottom; the screen counts down.
        canvas.fill_rect(ox + c * s, oy + (rows - 1 - r) * s, s, s, fg)
    if wide:
        t = max(1, h // 16)
        lines = []
        if round_no is not None:
            lines.append("R%d" % round_no)
        if board_no is not None:
            lines.append("B%d" % board_no)
        x = h + t
        if len(lines) == 2 and x + glyphs.text_width(lines[0] + lines[1], t) <= w:
            lines = [lines[0] + lines[1]]
        y = (h - (8 * len(lines) - 1) * t) // 2
        for line in lines:
            glyphs.draw_text(canvas, x, y, line, fg, t)
            y += 8 * t
        return
    if round_no is not None:
        for i in range(round_no):
            canvas.pixel(w - 1, 2 * i, fg)
    if board_no is not None and h >= 16:
        for i in range(board_no):
            canvas.pixel(w - 1, h - 1 - 2 * i, fg)
