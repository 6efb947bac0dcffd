"""A line-based terminal game of Zatre: `boardlight play zatre` (the plain mode).

Each turn shows the board, the player to move and their tiles; the player types the
placements as VALUE@ROW,COL (RULES.md coordinates: row and column from the top-left, 0-14),
in the order the tiles go down, or one of the commands below. The loop reads lines from
`read` and writes text with `write`, so a test or another front end can drive it.
"""

from boardcore.digits import is_digits
from boardcore.errors import FormatError
from boardcore.zatre.board import PLAYABLE, SIZE, START, index
from boardcore.zatre.errors import ZatreError
from boardcore.zatre.record import format_record, parse_turn

from boardlight.render.json.zatre import cell_entries, turn_entries
from boardcore.zatre.hint import compact_hint

# Help texts stay within 80 columns: wider lines wrap mid-word on a standard terminal.
LEGEND = ("Board: rows and columns 0-14 from the top-left; '.' an empty cell,\n"
          "'+' an empty grey square (x2: a tile goes there only when its row or column\n"
          "makes 10-12), '*' the red start square (7,7), a digit a tile.")

HELP = """\
Commands:
  5@7,8 3@7,9   place a 5 at row 7, column 8, then a 3 at row 7, column 9
  pass          keep your tiles (only when none of them fits anywhere)
  hint          the compact hint: best sum within reach, in how many ways, and
                the best turn's points
  hints [N]     the N best legal turns (default 5)
  cells         per cell: the values that make 10/11/12 there, and the values
                forbidden there
  board         show the board again
  sheets        show every score sheet
  help          this text
  quit          stop (the record so far is kept when --record was given)
""" + LEGEND


def render_board(board):
    """The board with row and column numbers: digits are tiles, '.' empty, '+' an empty
    grey square, '*' the empty red start square; cells outside the 193 are blank."""
    lines = ["   " + "".join("%3d" % c for c in range(SIZE))]
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            i = index(r, c)
            v = board.cells[i]
            if not PLAYABLE[i]:
                row.append(" ")
            elif v:
                row.append(str(v))
            elif i == START:
                row.append("*")
            elif board.grey[i]:
                row.append("+")
            else:
                row.append(".")
        lines.append("%3d" % r + "".join("%3s" % x for x in row))
    return "\n".join(lines)


def render_sheet(name, sheet, held=None):
    """A score sheet as text: x2 | 10 | 11 | 12 | bonus | total, one line per sheet row."""
    # The name on a line of its own, so the column heads stand over their boxes whatever its length.
    lines = ["%s's sheet:" % name, "%-8s %2s %4s %4s %4s %6s %6s" % ("", "x2", "10", "11", "12", "bonus", "total")]
    for k, (cross, e10, e11, e12, bonus, total) in enumerate(sheet.rows()):
        cells = ["" if x is None else x for x in (e10, e11, e12)]
        lines.append("  row %2d %2s %4s %4s %4s %6s %6d" % (k + 1, "X" if cross else "", cells[0], cells[1], cells[2], bonus or "", total))
    tail = "  total %d" % sheet.total()
    if held:
        tail += ", held tiles %s: -%d" % (" ".join(str(v) for v in held), sum(held))
    lines.append(tail)
    return "\n".join(lines)


def _turn_text(t):
    tiles = " ".join("%d@%d,%d" % (x["value"], x["row"], x["col"]) for x in t["tiles"])
    sums = ", ".join(str(s) for s in t["sums"]) or "none"
    extra = " +%d cross" % t["crosses"] if t["crosses"] else ""
    order = "" if t["order"] == "any" or len(t["tiles"]) < 2 else " (in this order)"
    # Points first: "sums 12, 11, 8 points" read as if 8 were one more sum.
    return "%s%s: %d point%s%s (sums: %s)" % (tiles, order, t["points"], "" if t["points"] == 1 else "s", extra, sums)


def play(game, read=input, write=print, record_path=None):
    """Run the game until it ends or the player quits; returns the game."""

    def save():
        if record_path:
            try:
                with open(record_path, "w", encoding="utf-8") as f:
                    f.write(format_record(game))
            except OSError as exc:
                # A full disk or a vanished folder must not end the game at the table.
                write("Could not write the record to %s (%s); the game goes on." % (record_path, exc.strerror or exc))

    if game.opening:
        for k, draws in enumerate(game.opening):
            write("Opening draw %d: %s" % (k + 1, ", ".join("%s %d" % (game.players[p], v) for p, v in draws)))
    write("%s starts." % game.players[game.first])
    write(render_board(game.board))
    write(LEGEND)
    shown = True
    while not game.over:
        name = game.players[game.current]
        need = game.must_place()
        hand = game.hand()
        if not shown:
            write(render_board(game.board))
        shown = True
        write(
            "\n%s to move; tiles: %s; bag: %d; place %d%s"
            % (name, " ".join(str(v) for v in hand) or "none", len(game.bag), need,
               "\n(first turn: one on the red square (7,7))" if game.first_turn else "")
        )
        if need == 0:
            write("%s cannot place any tile and passes." % name)
            game.play([])
            save()
            continue
        try:
            line = read("> ").strip()
        except EOFError:
            write("input closed: stopping")
            break
        word = line.split(" ")[0].lower() if line else ""
        if not line:
            continue
        if word in ("quit", "exit"):
            break
        if word == "help":
            write(HELP)
        elif word == "board":
            shown = False
        elif word == "sheets":
            # Mid-game a hand is the tiles just drawn, not a penalty: held tiles are
            # subtracted only at the end (RULES.md), where the final sheets show them.
            for p in range(len(game.players)):
                write(render_sheet(game.players[p], game.sheets[p]))
        elif word == "hint":
            best_sum, ways, best_points, n = compact_hint(game.board, hand, game.first_turn, game.strict)
            if best_sum:
                write("best sum %d in %d way%s; best turn %d points; %d legal turns" % (best_sum, ways, "" if ways == 1 else "s", best_points, n))
            else:
                write("no 10, 11 or 12 within reach; %d legal turns" % n)
        elif word == "hints":
            parts = line.split()
            count = 5
            if len(parts) > 1:
                if len(parts) > 2 or not is_digits(parts[1]) or int(parts[1]) < 1:
                    write("type 'hints' for the 5 best turns, or 'hints N' for the N best (N from 1)")
                    continue
                count = int(parts[1])
            for t in turn_entries(game.board, hand, game.first_turn, game.strict)[:count]:
                write("  " + _turn_text(t))
        elif word == "cells":
            for c in cell_entries(game.board):
                made = ["%s: %s" % (s, ",".join(str(v) for v in c["complete"][s])) for s in ("10", "11", "12") if c["complete"][s]]
                if made or c["forbidden"]:
                    write(
                        "  (%d,%d)%s %s%s"
                        % (c["row"], c["col"], " grey" if c["grey"] else "", "  ".join(made),
                           ("  forbidden: " + ",".join(str(v) for v in c["forbidden"])) if c["forbidden"] else "")
                    )
        else:
            try:
                placements = [] if word == "pass" else parse_turn(line)
                result = game.play(placements)
            except (FormatError, ZatreError) as exc:
                write("not played: %s" % exc)
                continue
            save()
            write(
                "%s scores %d point%s%s (sums: %s)"
                % (name, result.points, "" if result.points == 1 else "s",
                   ", %d cross" % result.crosses if result.crosses else "",
                   ", ".join(str(s) for s in result.sums) or "none")
            )
            shown = False
    if game.over:
        write(render_board(game.board))
        write("\nThe game is over.")
        for p in range(len(game.players)):
            write(render_sheet(game.players[p], game.sheets[p], game.hand(p)))
        scores = game.final_scores()
        write("Final: " + ", ".join("%s %d" % (game.players[p], scores[p]) for p in range(len(scores))))
        write("Winner%s: %s" % ("s" if len(game.winners()) > 1 else "", ", ".join(game.players[p] for p in game.winners())))
    save()
    return game
