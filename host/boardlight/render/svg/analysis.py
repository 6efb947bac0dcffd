"""SVG chart of a game's analysis (boardlight.computer.analysis): one line per player through
their expected loss added up move after move, their three costliest moves marked and
labelled with what each lost. In the style of the score chart (render.svg.chart): the same
writer, colours, grid and legend.

Classes: ``player`` (one polyline per player, ``data-player``), ``costly`` (a circle on a
costly move, ``data-player``, ``data-move``, ``data-loss``), ``gridline``, ``legend``.
"""

from __future__ import annotations

from typing import Sequence

from boardlight.render.svg.chart import COLOURS, _nice_step
from boardlight.render.svg.writer import Svg

LEFT = 56
RIGHT = 150
TOP = 40
PLOT_H = 220
BOTTOM = 36
WIDTH = 720  # the plot's width, whatever the number of moves


def loss_chart_svg(players: Sequence[str], losses: Sequence[Sequence[float]],
                   costly: Sequence[Sequence[int]], title: str, unit: str = "points") -> str:
    """The SVG text of the chart. players: names; losses: per player, the loss of each of
    their moves in play order; costly: per player, the indexes (0-based, into their
    losses) of the moves to mark; unit: what the losses are in, for the axis."""
    if not players or len(players) != len(losses) or len(losses) != len(costly):
        raise ValueError("need the losses and the costly moves of every player")
    if len(players) > len(COLOURS):
        raise ValueError("at most %d players in a chart, not %d" % (len(COLOURS), len(players)))
    n = max([len(moves) for moves in losses] + [1])
    totals: list[list[float]] = []
    for moves in losses:
        run, total = [], 0.0
        for loss in moves:
            total += loss
            run.append(total)
        totals.append(run)
    hi = max([0.0] + [t[-1] for t in totals if t])
    if hi <= 0:
        hi = 1.0
    step = _nice_step(hi)
    top = -(-hi // step) * step

    def ypos(v: float) -> float:
        return TOP + PLOT_H - v * PLOT_H / top

    def xpos(i: int) -> float:  # i = 0 before the first move, i = k after move k
        return LEFT + i * WIDTH / n

    width = LEFT + WIDTH + RIGHT
    height = TOP + PLOT_H + BOTTOM
    svg = Svg(width, height, title)
    svg.rect(0, 0, width, height, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, title, cls="title", size=15)
    v = 0
    while v <= top:
        svg.line(LEFT, ypos(v), xpos(n), ypos(v), cls="gridline", stroke="#000" if v == 0 else "#ddd",
                 stroke_width=1)
        svg.text(LEFT - 6, ypos(v), v, cls="axis", size=11, anchor="end", fill="#555")
        v += step
    svg.text(LEFT - 6, TOP - 12, "expected loss (%s)" % unit, cls="axis", size=11, anchor="start", fill="#555")
    svg.text(xpos(0), TOP + PLOT_H + 14, "start", cls="axis", size=11, fill="#555")
    svg.text(xpos(n), TOP + PLOT_H + 14, "move %d" % n, cls="axis", size=11, fill="#555")
    for k, name in enumerate(players):
        colour = COLOURS[k]
        pts = [(xpos(0), ypos(0))] + [(xpos(i + 1), ypos(t)) for i, t in enumerate(totals[k])]
        svg.polyline(pts, cls="player", stroke=colour, stroke_width=2.5, data_player=name)
        for i in costly[k]:
            x, y = xpos(i + 1), ypos(totals[k][i])
            svg.circle(x, y, 5, cls="costly", fill=colour, data_player=name, data_move=i + 1,
                       data_loss=round(losses[k][i], 2))
            svg.text(x, y - 9, "-%.1f" % losses[k][i], cls="costly-label", size=10, fill=colour,
                     data_player=name)
        ly = TOP + 10 + k * 18
        svg.line(xpos(n) + 14, ly, xpos(n) + 30, ly, cls="legend", stroke=colour, stroke_width=3)
        svg.text(xpos(n) + 34, ly, "%s -%.1f" % (name, totals[k][-1] if totals[k] else 0.0), cls="legend",
                 size=12, anchor="start")
    return svg.to_string()
