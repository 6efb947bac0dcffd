"""The Zatre screen: the tiles in hand as die pips, and the core's compact sum hint.

The hint is boardcore.zatre.hint.compact_hint(...) = (best_sum, ways, best_points, turns).
It is written as: the best sum ("12"), "0" when no legal turn makes 10-12, "-" when the
hand must pass (no legal turn); with room, also the number of turns making the best sum
("x3") and the most points one turn scores ("+4"). Numbers are drawn digit by digit:
drawing the screen allocates nothing.

Layouts (docs/screens.md has worked examples):
- 8 pixels high: 3 x 3 faces (pips touching), 4 pixels apart.
  Square (8 x 8): two faces per row from the top-left; the best sum below them in the
  3 x 5 digits at y = 3, when the tiles take one row (three tiles leave no room for it).
  Wide (32 x 8): the faces in one row at y = 2, the hint in the 5 x 7 font after them
  ("12+4", or only "12" when that does not fit).
- 16 to 31 pixels high: 5 x 5 faces (pips 1 pixel apart), 7 pixels apart, in one row
  centred at y = 1 (three tiles on 16 wide do not fit: 3 x 3 faces, 4 apart, instead);
  the best sum in 3 x 5 digits at the bottom-left, the points ("+4") at the bottom-right.
  When the two do not fit side by side with a blank column between ("12" and "+10" on
  16 wide), the points go right-aligned on the line above the sum (y = H - 10) and the
  faces move up to y = 0, so nothing touches.
- 32 pixels high or more (128 x 64): faces of pips H // 16 wide, one row across the top;
  two lines of 5 x 7 text at scale H // 32 below: "SUM 12 X3" and "PTS 4" (or "PASS").
Colour canvases: white pips; the hint green when a sum is reachable, red for a pass.
"""

from boardcore import glyphs


def _check(tiles, hint):
    if not 1 <= len(tiles) <= 3:
        raise ValueError("a Zatre hand shows 1..3 tiles, not %d" % len(tiles))
    for v in tiles:
        glyphs.pip_cols(v)  # ValueError for anything but 1..6
    if hint is not None:
        if len(hint) != 4:
            raise ValueError("the hint is (best_sum, ways, best_points, turns), not %r" % (hint,))
        for n in hint:
            if not isinstance(n, int) or isinstance(n, bool):
                raise ValueError("not a compact Zatre hint (whole numbers): %r" % (hint,))
        best, ways, points, turns = hint
        if best not in (0, 10, 11, 12) or ways < 0 or points < 0 or turns < 0:
            raise ValueError("not a compact Zatre hint: %r" % (hint,))


def _sum(canvas, x, y, hint, c):
    # The best sum in 3 x 5 digits: "12", "0" when no turn makes 10-12, "-" for a pass.
    if not hint[3]:
        import boardcore.glyphs.small as small

        glyphs.draw_cols(canvas, x, y, small.DATA, 11 * 3, 3, c)  # "-"
        return x + 4
    return glyphs.draw_number(canvas, x, y, hint[0], c, 1, True)


def _sum_width(hint):
    return 3 if not hint[3] else 4 * glyphs.digits(hint[0]) - 1


def _hint_ink(canvas, hint):
    if not hint[3]:
        return glyphs.ink(canvas, glyphs.RED)
    return glyphs.ink(canvas, glyphs.GREEN if hint[0] else glyphs.WHITE)


def zatre_tiles(canvas, tiles, hint=None):
    """Draw the tiles in hand (1..3 values 1..6) and, if given, the compact hint.
    ValueError on a bad tile or hint before anything is drawn."""
    _check(tiles, hint)
    w, h = canvas.width, canvas.height
    canvas.fill(0)
    pip = glyphs.ink(canvas)
    n = len(tiles)
    if h < 16:
        _small(canvas, tiles, hint, pip)
        return
    p = h // 16 if h >= 32 else 1
    face = 5 * p
    pitch = face + 2 * p
    y = p
    if h < 32 and hint is not None and _stacked(w, hint):
        y = 0  # the points go on a line of their own: the faces move up to make room
    if h >= 32 or n * pitch - 2 * p <= w:
        x0 = (w - (n * pitch - 2 * p)) // 2
        for k in range(n):
            glyphs.draw_glyph(canvas, x0 + k * pitch, y, glyphs.pip_cols(tiles[k]), pip, p, p)
    else:  # too many for one row of 5 x 5 faces (3 on 16 wide): 3 x 3 faces, 4 apart
        x0 = (w - (4 * n - 1)) // 2
        for k in range(n):
            glyphs.draw_glyph(canvas, x0 + 4 * k, y, glyphs.pip_cols(tiles[k]), pip)
    if hint is None:
        return
    c = _hint_ink(canvas, hint)
    best, ways, points, turns = hint
    if h >= 32:
        t = h // 32
        top = p + pitch
        # "PASS", "SUM 0", or "SUM 12 X3" then "PTS 4", drawn without making strings.
        if not turns:
            glyphs.draw_text(canvas, p, top, "PASS", c, t)
            return
        x = glyphs.draw_text(canvas, p, top, "SUM ", c, t)
        x = glyphs.draw_number(canvas, x, top, best, c, t)
        if best:
            x += 6 * t  # " X3"
            glyphs.draw_char(canvas, x, top, 88, c, t)
            glyphs.draw_number(canvas, x + 6 * t, top, ways, c, t)
        x = glyphs.draw_text(canvas, p, top + 8 * t, "PTS ", c, t)
        glyphs.draw_number(canvas, x, top + 8 * t, points, c, t)
        return
    _sum(canvas, 0, h - 5, hint, c)
    if turns and points:
        # "+4" at the bottom right, beside the sum; when both do not fit on one line
        # ("12" and "+10" on 16 wide), on the line above it, right-aligned.
        import boardcore.glyphs.small as small

        x = w - 4 * glyphs.digits(points) - 3
        y = h - 10 if _stacked(w, hint) else h - 5
        glyphs.draw_cols(canvas, x, y, small.DATA, 12 * 3, 3, c)  # "+", the font's 13th character
        glyphs.draw_number(canvas, x + 4, y, points, c, 1, True)


def _stacked(w, hint):
    # True when the sum and "+points" do not fit side by side with a blank column between.
    best, ways, points, turns = hint
    if not (turns and points):
        return False
    return _sum_width(hint) + 1 + 4 * glyphs.digits(points) + 3 > w


def _small(canvas, tiles, hint, pip):
    # 8-pixel-high matrices: 3 x 3 faces, 4 pixels apart.
    w, h = canvas.width, canvas.height
    n = len(tiles)
    if w >= 2 * h:
        y = (h - 3) // 2
        for k in range(n):
            glyphs.draw_glyph(canvas, 4 * k, y, glyphs.pip_cols(tiles[k]), pip)
        if hint is None:
            return
        x = 4 * n + 1
        y = (h - 7) // 2
        c = _hint_ink(canvas, hint)
        best, ways, points, turns = hint
        if not turns:
            glyphs.draw_char(canvas, x, y, 45, c)  # "-"
            return
        # The sum, then "+points" when it fits ("12+4", or only "12").
        room = w - x
        width = (glyphs.digits(best) + 1 + glyphs.digits(points)) * 6 - 1
        x = glyphs.draw_number(canvas, x, y, best, c)
        if points and width <= room:
            glyphs.draw_char(canvas, x, y, 43, c)  # "+"
            glyphs.draw_number(canvas, x + 6, y, points, c)
        return
    per_row = max(1, (w + 1) // 4)
    for k in range(n):
        glyphs.draw_glyph(canvas, 4 * (k % per_row), 4 * (k // per_row), glyphs.pip_cols(tiles[k]), pip)
    if hint is not None and n <= per_row and h >= 8:
        _sum(canvas, 0, 3, hint, _hint_ink(canvas, hint))
