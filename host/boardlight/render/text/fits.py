"""Text pictures of FITS things, the one drawing of FITS boards for every front end: the
table UI's board panel (one character a cell, coloured by its caller) and the line-based
game (a cell three characters wide: tile ids and signed values, no colour needed), a tile's
orientations, a round's score breakdown. Rows 1..12 from the bottom (row 12 printed
first), columns 1..6 from the left, as everywhere in boardlight. A tile that sticks out
above the top shows there too, in rows 13 and up: it blocks its columns as the real
tile does, and a refusal that names such a row must agree with the picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from boardcore.fits import tiles as fits_tiles
from boardcore.fits.board import COLS, ROWS

from boardlight.render.fits_overhang import overhang, top_row

if TYPE_CHECKING:
    from boardcore.fits.board import Board
    from boardcore.fits.layouts import Layout

    # {(row, column): tile id} of the cells above row 12 (fits_overhang.overhang).
    Overhang = dict[tuple[int, int], str]

CELL = 3  # characters per cell: tile ids and special values are at most 2 wide

# The board panel's inside at 80 columns: 38 columns less the border and the padding.
BOARD_WIDTH = 34


def cell(board: Board, layout: Layout, row: int, col: int, above: Overhang | None = None
         ) -> tuple[str, str]:
    """What one cell holds, as (kind, text): ("tile", id) when covered ('#' for a tile not
    known, as in a position file), ("special", token) for an open special space ('1', '+2',
    '-5', 'A'), ("dot", ".") for an open ordinary dot. Above row 12 (`above`: the board's
    overhang()), ("tile", id) where a tile sticks out, else ("air", " ")."""
    if row > ROWS:
        tile = (above if above is not None else overhang(board)).get((row, col))
        return ("air", " ") if tile is None else ("tile", tile)
    tile = board.tile_at(row, col)
    if tile is not None:  # covered
        return "tile", "#" if tile == "?" else tile
    token = layout.token(row, col)
    if token is None:
        return "dot", "."
    return "special", token


def board_lines(board: Board, layout: Layout, top: int | None = None) -> list[str]:
    """One board as text lines: covered cells show their tile id, open ordinary dots
    '.', open special spaces their value or symbol; row labels left, columns below. Rows
    above 12 are drawn up to `top` (default: as high as a tile of this board sticks out)."""
    above = overhang(board)
    top = top_row([board]) if top is None else top
    out = []
    for r in range(top, 0, -1):
        cells = [cell(board, layout, r, c, above)[1].rjust(CELL) for c in range(1, COLS + 1)]
        out.append("%2d" % r + "".join(cells))
    out.append("  " + "".join(str(c).rjust(CELL) for c in range(1, COLS + 1)))
    return out


# An open special space that costs points, in one character: the negative circled digits
# 1..9 (a minus sign would not fit with the digit, and colour alone does not tell them apart).
NEGATIVE_DIGITS = "❶❷❸❹❺❻❼❽❾"


def narrow_cell(kind: str, text: str) -> str:
    """A cell in one character: '#' covered, '·' an open dot, ' ' above the board where no
    tile sticks out; a special space its symbol or value: '2' for +2 (or 2), '❺' for -5,
    '+' and '-' for values of 10 or more either way (special_legend says which).

    >>> [narrow_cell("tile", ""), narrow_cell("dot", ""), narrow_cell("air", "")]
    ['#', '·', ' ']
    >>> [narrow_cell("special", t) for t in ("+2", "-5", "C", "12")]
    ['2', '❺', 'C', '+']
    """
    if kind == "tile":
        return "#"
    if kind == "dot":
        return "·"
    if kind == "air":
        return " "
    if text.isalpha():
        return text
    value = int(text)
    if abs(value) > 9:
        return "+" if value > 0 else "-"
    return NEGATIVE_DIGITS[-value - 1] if value < 0 else str(value)


def special_legend(layout: Layout) -> str:
    """What the one-character special spaces of a layout stand for, when the character
    alone does not say ('❺ = -5'); '' for layouts of positive digits and symbols only."""
    seen: dict[str, list[str]] = {}
    for row, col, _value in layout.spaces:
        token = layout.token(row, col)
        if token is None:  # not a special space: the layout has none there
            continue
        char = narrow_cell("special", token)
        if char != token.lstrip("+"):
            seen.setdefault(char, []).append(token)
    return ", ".join("%s = %s" % (char, "/".join(sorted(set(tokens), key=int)))
                     for char, tokens in sorted(seen.items()))


def panel_lines(names: Sequence[str], boards: Sequence[Board], layout: Layout,
                starts: Sequence[str], mark: Callable[[str, str], str] = narrow_cell,
                width: int = BOARD_WIDTH, line: Callable[[str], str] = str,
                note: str | None = None, room: int | None = None) -> list[str]:
    """Every player's board side by side in `width` columns (the table UI's board panel):
    names (shortened to 6) over the boards, one row label column (rows above 12 when a
    tile sticks out there), column numbers below, the start tiles on one line, then
    `note` (a line about the layout) if given. `mark(kind, text)` draws a cell in one
    character (the table UI colours it; see narrow_cell); `line` is the type the cells are
    joined as (the table UI's markup, whose joins keep the cells' styles). With `room`
    lines only, the start tiles go first, then the note, the column numbers and the
    names, so that every row of the boards stays in the picture."""
    gap = line(" " * (3 if len(names) < 4 else 1))  # four boards must fit 34 columns
    above = [overhang(b) for b in boards]
    rows = []
    for r in range(top_row(boards), 0, -1):
        rows.append("%2d " % r + gap.join(
            line("").join(mark(*cell(b, layout, r, c, a)) for c in range(1, COLS + 1))
            for b, a in zip(boards, above)))
    head = "   " + gap.join("%-6s" % n[:6] for n in names)
    columns = "   " + gap.join("123456" for _ in names)
    start = start_line(names, starts, width)
    # (line, how soon it goes when the room is short: 0 never)
    parts = [(head, 4)] + [(r, 0) for r in rows] + [(columns, 3), (start, 1)]
    if note:
        parts.append((note, 2))
    if room is not None:
        for drop in (1, 2, 3, 4):
            if len(parts) <= room:
                break
            parts = [p for p in parts if p[1] != drop]
    return [text for text, _ in parts]


def start_line(names: Sequence[str], tiles: Sequence[str], width: int = BOARD_WIDTH) -> str:
    """'start: Ann U  Bob Y ...' on one line of `width`: names are shortened as much as
    needed (the board panel has no line to spare for a second one).

    >>> start_line(["Ann", "Bob"], ["U", "Y"])
    'start: Ann U  Bob Y'
    >>> start_line(["Annabel", "Bernadette", "Christophe", "Dominique"], ["P", "T5", "U", "Y"])
    'start: Ann P  Ber T5  Chr U  Dom Y'
    """
    for chars in (6, 5, 4, 3, 2, 1):
        for sep in ("  ", " "):
            line = "start: " + sep.join("%s %s" % (n[:chars], t) for n, t in zip(names, tiles))
            if len(line) <= width:
                return line
    return line


def wide_lines(names: Sequence[str], boards: Sequence[Board], layout: Layout,
               starts: Sequence[str], max_width: int = 80) -> list[str]:
    """Every player's board with three characters a cell (board_lines), side by side in
    bands of `max_width` columns (the line-based game), then each player's start tile."""
    top = top_row(boards)
    lines = side_by_side([board_lines(b, layout, top) for b in boards], names,
                         max_width=max_width).split("\n")
    lines.append("start tiles: " + ", ".join("%s %s" % (n, t) for n, t in zip(names, starts)))
    return lines


def side_by_side(blocks: Sequence[Sequence[str]], titles: Sequence[str], gap: int = 4,
                 bottom: bool = False, max_width: int = 80) -> str:
    """Text blocks (lists of lines) next to each other under their titles; bottom=True
    lines the blocks up at their last line (tiles drawn as they would rest). Blocks that
    would pass `max_width` columns go on a new band below (four boards do not fit 80
    columns side by side: the terminal wrapped every row into two)."""
    blocks = [list(b) for b in blocks]
    titles = list(titles)
    width = [max([len(t)] + [len(line) for line in b]) for b, t in zip(blocks, titles)]
    bands = []
    start = 0
    used = 0
    for k in range(len(blocks)):
        if k > start and used + width[k] > max_width:
            bands.append((start, k))
            start, used = k, 0
        used += width[k] + gap
    bands.append((start, len(blocks)))
    if len(bands) > 1:
        return "\n\n".join(
            _band(blocks[a:b], titles[a:b], width[a:b], gap, bottom) for a, b in bands)
    return _band(blocks, titles, width, gap, bottom)


def _band(blocks: Sequence[Sequence[str]], titles: Sequence[str], width: Sequence[int], gap: int,
          bottom: bool) -> str:
    height = max(len(b) for b in blocks)
    if bottom:
        blocks = [[""] * (height - len(b)) + list(b) for b in blocks]
    rows = ["".join(t.ljust(w + gap) for t, w in zip(titles, width)).rstrip()]
    for i in range(height):
        parts = []
        for b, w in zip(blocks, width):
            parts.append((b[i] if i < len(b) else "").ljust(w + gap))
        rows.append("".join(parts).rstrip())
    return "\n".join(rows)


def orientation_lines(tile: str) -> str:
    """All orientations of a tile drawn side by side, numbered as the core numbers them."""
    n = fits_tiles.orientation_count(tile)
    blocks: list[list[str]] = []
    titles: list[str] = []
    for o in range(1, n + 1):
        blocks.append([line.replace(".", " ") for line in fits_tiles.picture(tile, o)])
        titles.append(str(o))
    return side_by_side(blocks, titles, gap=3, bottom=True)


def orientation_strip(tile: str, width: int = 38) -> str:
    """Every orientation of a tile, numbered, side by side: as many to a line-block as fit
    in `width` columns (the card panel's inside), so all 8 orientations of a pentomino fit
    in one block of 5 lines even when the device's mirror leaves the panel 6 lines."""
    count = fits_tiles.orientation_count(tile)
    pics = [(o, fits_tiles.picture(tile, o)) for o in range(1, count + 1)]
    rows: list[list[tuple[int, list[str], int]]] = []
    row: list[tuple[int, list[str], int]] = []
    used = 0
    for o, pic in pics:
        w = max(2, max(len(r) for r in pic))
        if row and used + 2 + w > width:
            rows.append(row)
            row, used = [], 0
        used += (2 if row else 0) + w
        row.append((o, pic, w))
    rows.append(row)
    blocks: list[str] = []
    for row in rows:
        height = max(len(p) for _, p, _ in row)
        lines = ["  ".join("%-*s" % (w, str(o)) for o, _, w in row).rstrip()]
        for i in range(height):
            lines.append("  ".join("%-*s" % (w, (p[i] if i < len(p) else "")
                                              .replace(".", " ").replace("#", "█"))
                                   for _, p, w in row).rstrip())
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def score_summary(name: str, breakdown: dict[str, Any]) -> str:
    """A player's round breakdown in one line (the table UI's card panel wraps it):
    'Ann -4: 7 open dots -7; specials +3 (open: +2 +1)' (score_lines has every space)."""
    b = breakdown
    parts = ["%d open dot%s %+d" % (b["open_dots"], "" if b["open_dots"] == 1 else "s",
                                     b["dots"])]
    if b["board"] == 1:
        parts.append("%d full row%s %+d" % (b["full_rows"], "" if b["full_rows"] == 1 else "s",
                                             b["rows"]))
    if "specials" in b:
        scored = [s for s in b["specials"] if not s["covered"]]
        if scored:
            parts.append("specials %+d (open: %s)" % (sum(s["points"] for s in scored), " ".join(
                "%+d" % v for v in sorted((s["value"] for s in scored), reverse=True))))
        else:
            parts.append("every special space covered")
    if "pairs" in b:
        parts.append("pairs %s" % ", ".join("%s %+d" % (p["symbol"], p["points"])
                                              for p in b["pairs"]))
    return "%s %+d: %s" % (name, b["total"], "; ".join(parts))


def score_lines(name: str, breakdown: dict[str, Any]) -> list[str]:
    """A player's round breakdown as readable lines."""
    b = breakdown
    out = ["%s: %+d on board %d" % (name, b["total"], b["board"])]
    out.append("  open dots: %d (%+d)" % (b["open_dots"], b["dots"]))
    if b["board"] == 1:
        out.append("  full rows: %d (%+d)" % (b["full_rows"], b["rows"]))
    for s in b.get("specials", ()):
        state = "covered" if s["covered"] else "open"
        out.append("  special %+d at row %d column %d: %s (%+d)" % (s["value"], s["row"], s["column"], state, s["points"]))
    for p in b.get("pairs", ()):
        cells = " and ".join("row %d column %d" % (r, c) for r, c in p["cells"])
        out.append("  symbol %s (%s): %d open (%+d)" % (p["symbol"], cells, p["open"], p["points"]))
    return out
