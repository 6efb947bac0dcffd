"""SVG charts of the statistics, in the style of the score charts (render.svg.chart): each
player's score over time, the spread of the scores, and a game night's standings.

Classes: ``player`` (a polyline per player, ``data-player``), ``point`` (``data-player``,
``data-game``, ``data-score``), ``bar`` (``data-player``, ``data-from``, ``data-to``,
``data-count`` in a spread; ``data-points`` in standings), ``gridline``, ``legend``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from boardlight.render.svg.chart import COLOURS, _nice_step
from boardlight.render.svg.writer import Svg

if TYPE_CHECKING:
    from boardlight.stats.load import Played

LEFT = 48
TOP = 40
PLOT_H = 220
BOTTOM = 36
RIGHT = 150
NAMES = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}


def _colour(k: int) -> str:
    return COLOURS[k % len(COLOURS)]


def _scale(values: list[int]) -> tuple[int, int, int]:
    lo, hi = min(values + [0]), max(values + [0])
    if hi == lo:
        hi = lo + 1
    step = _nice_step(hi - lo)
    return (lo // step) * step, -((-hi) // step) * step, step


def _grid(svg: Svg, lo: int, hi: int, step: int, ypos: Callable[[float], float],
          right: float) -> None:
    v = lo
    while v <= hi:
        svg.line(LEFT, ypos(v), right, ypos(v), cls="gridline",
                 stroke="#000" if v == 0 else "#ddd", stroke_width=1)
        svg.text(LEFT - 6, ypos(v), v, cls="axis", size=11, anchor="end", fill="#555")
        v += step


def timeline_svg(title: str, games: Sequence[int],
                 series: Sequence[tuple[str, Sequence[tuple[int, int]]]]) -> str:
    """Scores over time: `games` the game ids in order (the x axis), `series` [(name,
    [(index into games, score)])] for each player."""
    values = [v for _n, pts in series for _i, v in pts]
    lo, hi, step = _scale(values)
    n = max(len(games), 1)
    gap = max(8, min(60, 600 // n))

    def ypos(v: float) -> float:
        return TOP + PLOT_H - (v - lo) * PLOT_H / (hi - lo)

    def xpos(i: int) -> int:
        return LEFT + 20 + i * gap

    width = xpos(n - 1) + 20 + RIGHT
    svg = Svg(width, TOP + PLOT_H + BOTTOM, title)
    svg.rect(0, 0, width, TOP + PLOT_H + BOTTOM, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, title, cls="title", size=15)
    _grid(svg, lo, hi, step, ypos, xpos(n - 1) + 20)
    svg.text(LEFT + 20, TOP + PLOT_H + 14, "game %d" % games[0] if games else "", cls="axis",
             size=11, fill="#555")
    if len(games) > 1:
        svg.text(xpos(n - 1), TOP + PLOT_H + 14, "game %d" % games[-1], cls="axis", size=11,
                 fill="#555")
    for k, (name, pts) in enumerate(series):
        colour = _colour(k)
        if len(pts) > 1:
            svg.polyline([(xpos(i), ypos(v)) for i, v in pts], cls="player", stroke=colour,
                         stroke_width=2, data_player=name)
        for i, v in pts:
            svg.circle(xpos(i), ypos(v), 3.5, cls="point", fill=colour, data_player=name,
                       data_game=games[i], data_score=v)
        ly = TOP + 10 + k * 18
        svg.line(xpos(n - 1) + 34, ly, xpos(n - 1) + 50, ly, cls="legend", stroke=colour,
                 stroke_width=3)
        svg.text(xpos(n - 1) + 54, ly, "%s (%d)" % (name, len(pts)), cls="legend", size=12,
                 anchor="start")
    return svg.to_string()


def spread_svg(title: str, scores: Sequence[tuple[str, Sequence[int]]]) -> str:
    """How often each player scored in each range: `scores` [(name, [score, ...])]; one
    group of bars per range, a bar per player."""
    values = [v for _n, s in scores for v in s]
    lo, hi = min(values), max(values)
    size = _nice_step(max(hi - lo, 1)) if hi > lo else 1
    first = (lo // size) * size
    bins = []
    b = first
    while b <= hi:
        bins.append(b)
        b += size
    counts = [[sum(1 for v in s if start <= v < start + size) for start in bins]
              for _n, s in scores]
    top = max(max(c) for c in counts)
    step = _nice_step(top)
    hi_count = -((-top) // step) * step
    bar = max(6, 36 // max(len(scores), 1))
    group = bar * len(scores) + 10

    def ypos(v: float) -> float:
        return TOP + PLOT_H - v * PLOT_H / hi_count

    width = LEFT + 10 + group * len(bins) + RIGHT
    svg = Svg(width, TOP + PLOT_H + BOTTOM, title)
    svg.rect(0, 0, width, TOP + PLOT_H + BOTTOM, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, title, cls="title", size=15)
    _grid(svg, 0, hi_count, step, ypos, LEFT + 10 + group * len(bins))
    for j, start in enumerate(bins):
        x0 = LEFT + 10 + j * group
        svg.text(x0 + group / 2 - 5, TOP + PLOT_H + 14, start, cls="axis", size=10,
                 fill="#555")
        for k, (name, _s) in enumerate(scores):
            c = counts[k][j]
            if c:
                svg.rect(x0 + k * bar, ypos(c), bar - 1, ypos(0) - ypos(c), cls="bar",
                         fill=_colour(k), data_player=name, data_from=start,
                         data_to=start + size - 1, data_count=c)
    legend_x = LEFT + 10 + group * len(bins) + 14
    for k, (name, s) in enumerate(scores):
        ly = TOP + 10 + k * 18
        svg.rect(legend_x, ly - 5, 12, 10, cls="legend", fill=_colour(k))
        svg.text(legend_x + 18, ly, "%s (%d)" % (name, len(s)), cls="legend", size=12,
                 anchor="start")
    return svg.to_string()


def stats_pictures(played: Sequence[Played], names: Iterable[str] | None = None
                   ) -> dict[str, str]:
    """{file name: SVG}: for each game, stats-GAME-scores.svg (each player's score over
    time) and stats-GAME-spread.svg (how their scores spread)."""
    wanted = set(names) if names else None
    out = {}
    for game in ("fits", "zatre", "forbes"):
        games = [p for p in played if p.game == game
                 and any(wanted is None or s.name in wanted for s in p.seats)]
        if not games:
            continue
        series: dict[str, list[tuple[int, int]]] = {}
        for i, p in enumerate(games):
            for s in p.seats:
                if wanted is None or s.name in wanted:
                    series.setdefault(s.name, []).append((i, s.points))
        ordered = sorted(series.items())
        ids = [p.id for p in games]
        out["stats-%s-scores.svg" % game] = timeline_svg(
            "%s scores over time" % NAMES[game], ids, ordered)
        out["stats-%s-spread.svg" % game] = spread_svg(
            "%s scores: how they spread" % NAMES[game],
            [(name, [v for _i, v in pts]) for name, pts in ordered])
    return out


def standings_svg(data: dict[str, Any]) -> str:
    """A game night's standings (stats.night.standings): a bar of rank points per player."""
    rows = data["standings"]
    title = "Game night %s: standings" % data["name"]
    top = max([e["rank_points"] for e in rows] + [1])
    step = _nice_step(top)
    hi = -((-top) // step) * step
    bar_w = 380
    height = TOP + 26 * len(rows) + BOTTOM
    width = LEFT + 120 + bar_w + 80
    svg = Svg(width, height, title)
    svg.rect(0, 0, width, height, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, title, cls="title", size=15)
    x0 = LEFT + 110
    v = 0
    while v <= hi:
        x = x0 + v * bar_w / hi
        svg.line(x, TOP - 4, x, TOP + 26 * len(rows), cls="gridline", stroke="#ddd",
                 stroke_width=1)
        svg.text(x, TOP + 26 * len(rows) + 14, v, cls="axis", size=11, fill="#555")
        v += step
    for k, e in enumerate(rows):
        y = TOP + k * 26
        svg.text(x0 - 8, y + 10, e["name"], cls="legend", size=12, anchor="end")
        w = e["rank_points"] * bar_w / hi
        svg.rect(x0, y, w, 20, cls="bar", fill=_colour(k), data_player=e["name"],
                 data_points=e["rank_points"])
        svg.text(x0 + w + 6, y + 10, "%s (%d game%s)" % (
            e["rank_points"], e["games"], "" if e["games"] == 1 else "s"), cls="value",
            size=11, anchor="start")
    return svg.to_string()
