"""SVG chart of players' scores across FITS rounds or Forbes games: one line per player
through the running totals after each round/game, each point labelled with that
round's points, and an optional target line (Forbes' 100).

Classes: ``player`` (one polyline per player, ``data-player``), ``point`` (one circle
per player per round, ``data-player``, ``data-round``, ``data-total``), ``gridline``,
``target`` (the target line), ``legend``.
"""

from __future__ import annotations

from typing import Sequence

from boardlight.render.svg.writer import Svg

COLOURS = ("#d62728", "#2ca02c", "#1f77b4", "#ff7f0e", "#9467bd", "#8c564b")  # FITS red/green/blue/yellow first
LEFT = 48
RIGHT = 130
TOP = 40
PLOT_H = 220
STEP = 70
BOTTOM = 36


def running_totals(points: Sequence[int]) -> list[int]:
    """[3, -2, 5] -> [3, 1, 6]."""
    out = []
    total = 0
    for p in points:
        total += p
        out.append(total)
    return out


def _nice_step(span: float) -> int:
    # A grid step of 1, 2 or 5 times a power of ten giving at most ~8 lines.
    step = 1
    while True:
        for m in (1, 2, 5):
            if span / (step * m) <= 8:
                return step * m
        step *= 10


# The least distance between two value labels of the same round (their text is 10 high).
LABEL_GAP = 12


def spread(label_y: list[list[float]], i: int) -> None:
    """Move round i's labels (label_y[player][i]) apart by at least LABEL_GAP where they
    are closer: each group of labels that would touch is spaced evenly around the middle
    of where its labels wanted to be, in the same order; a label alone stays put."""
    order = sorted(range(len(label_y)), key=lambda k: (label_y[k][i], k))
    groups: list[list[float]] = []  # [wanted y of each member, top to bottom]

    def top(group: list[float]) -> float:
        return sum(group) / len(group) - (len(group) - 1) * LABEL_GAP / 2

    for k in order:
        groups.append([label_y[k][i]])
        while len(groups) > 1 and top(groups[-2]) + len(groups[-2]) * LABEL_GAP > top(groups[-1]):
            last = groups.pop()
            groups[-1].extend(last)
    j = 0
    for group in groups:
        first = top(group)
        for n in range(len(group)):
            label_y[order[j]][i] = first + n * LABEL_GAP
            j += 1


def chart_svg(players: Sequence[str], points: Sequence[Sequence[int]], unit: str = "round",
              title: str | None = None, target: int | None = None) -> str:
    """The SVG text of a score chart.

    players: names; points: for each player, their points per round/game (equal lengths,
    at least one); unit: "round" (FITS) or "game" (Forbes), for the axis labels;
    target: a total to draw as a dashed line (e.g. 100 for a Forbes match), or None.
    """
    if not players or len(players) != len(points):
        raise ValueError("need one list of points per player (%d players, %d lists)" % (len(players), len(points)))
    if len(players) > len(COLOURS):
        raise ValueError("at most %d players in a chart, not %d" % (len(COLOURS), len(players)))
    n = len(points[0])
    if n == 0 or any(len(p) != n for p in points):
        raise ValueError("every player needs the same number (>= 1) of %ss" % unit)
    totals = [running_totals(p) for p in points]
    values = [0] + [v for t in totals for v in t] + ([target] if target is not None else [])
    lo, hi = min(values), max(values)
    if hi == lo:
        hi = lo + 1
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step

    def ypos(v: float) -> float:
        return TOP + PLOT_H - (v - lo) * PLOT_H / (hi - lo)

    def xpos(i: int) -> int:  # i = 0 is the start (0 points), i = k after round k
        return LEFT + i * STEP

    width = LEFT + n * STEP + RIGHT
    height = TOP + PLOT_H + BOTTOM
    head = title or "Scores by %s" % unit
    svg = Svg(width, height, head)
    svg.rect(0, 0, width, height, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, head, cls="title", size=15)
    v = lo
    while v <= hi:
        svg.line(LEFT, ypos(v), xpos(n), ypos(v), cls="gridline", stroke="#000" if v == 0 else "#ddd",
                 stroke_width=1)
        svg.text(LEFT - 6, ypos(v), v, cls="axis", size=11, anchor="end", fill="#555")
        v += step
    for i in range(n + 1):
        svg.text(xpos(i), TOP + PLOT_H + 14, "start" if i == 0 else "%s %d" % (unit, i), cls="axis", size=11, fill="#555")
    if target is not None:
        svg.line(LEFT, ypos(target), xpos(n), ypos(target), cls="target", stroke="#b00",
                 stroke_dasharray="6 4", stroke_width=1.5)
        svg.text(LEFT + 4, ypos(target) - 8, "target %d" % target, cls="target-label", size=11, anchor="start", fill="#b00")
    # Each round's value labels, one per player above their point, moved apart where
    # points lie close (two players' -18 and -14 were drawn over each other).
    label_y = [[ypos(t) - 10 for t in totals[k]] for k in range(len(players))]
    for i in range(n):
        spread(label_y, i)
    for k, name in enumerate(players):
        colour = COLOURS[k]
        pts = [(xpos(0), ypos(0))] + [(xpos(i + 1), ypos(t)) for i, t in enumerate(totals[k])]
        svg.polyline(pts, cls="player", stroke=colour, stroke_width=2.5, data_player=name)
        for i, t in enumerate(totals[k]):
            x, y = xpos(i + 1), ypos(t)
            svg.circle(x, y, 4, cls="point", fill=colour, data_player=name, data_round=i + 1, data_total=t)
            svg.text(x, label_y[k][i], "%+d" % points[k][i], cls="point-label", size=10,
                     fill=colour, data_player=name)
        ly = TOP + 10 + k * 18
        svg.line(xpos(n) + 14, ly, xpos(n) + 30, ly, cls="legend", stroke=colour, stroke_width=3)
        svg.text(xpos(n) + 34, ly, "%s %d" % (name, totals[k][-1]), cls="legend", size=12, anchor="start")
    return svg.to_string()
