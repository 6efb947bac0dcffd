"""The FITS card screen: the tile shape of the current card, scaled to the matrix.

Layout (worked examples in docs/screens.md):
- The shape is the card's picture: the tile in orientation 1, as RULES.md draws it
  (boardcore.fits_tiles), each cell an s x s block, s as large as fits, centred.
- Square and tall displays (8 x 8, 16 x 16): the tile area is all but the rightmost
  column; that column shows the round as pips, round r lighting rows 0, 2, .., 2(r-1).
- Wide displays (32 x 8, 128 x 64): the tile fills the left H x H square and "R<round>"
  is written to the right of it in the 5 x 7 font.
- A start card is drawn inverted (lit background, dark tile): the mark that survives
  every size. Colour canvases draw in the player's FITS colour (white without a player).
"""

from boardcore import glyphs


def fits_card(canvas, tile, start=False, round_no=None, player=None):
    """Draw FITS card `tile` (e.g. "L3"); start=True marks a start card; round_no 1..4
    or None; player 1..4 (colour canvases) or None. ValueError on a bad tile, round or
    player, before anything is drawn."""
    from boardcore.fits_tiles import cells, extent

    shape = cells(tile, 1)  # ValueError naming the id if it is not a tile
    if round_no is not None and (not isinstance(round_no, int) or not 1 <= round_no <= 4):
        raise ValueError("FITS round must be 1..4, not %r" % (round_no,))
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
    if round_no is None:
        return
    if wide:
        t = max(1, h // 16)
        glyphs.draw_text(canvas, h + t, (h - 7 * t) // 2, "R%d" % round_no, fg, t)
    else:
        for i in range(round_no):
            canvas.pixel(w - 1, 2 * i, fg)
