"""A game's score lines as text: each part ('round 1', 'game 2', 'total') with every
player's points and the detail the session keeps (`boardlight show`, the line-based game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Sequence

if TYPE_CHECKING:
    from boardlight.sessions.base import ScoreLine


def breakdown_lines(players: Sequence[str], score_lines: Sequence[ScoreLine],
                    parts: Collection[str] | None = None) -> list[str]:
    """Lines for `score_lines` (a session's [(part, points, details)]), parts in play order
    ('round 2' before 'round 10', 'total' last); `parts` picks some of them.

    >>> lines = breakdown_lines(["Ann", "Bob"], [
    ...     ("total", [9, 4], None),
    ...     ("round 10", [1, 2], None),
    ...     ("round 2", [8, 2], [{"rows": 8, "dots": 4}, {"rows": 2, "dots": 10}])])
    >>> for line in lines: print(line)
    round 2:
      Ann     8  (dots 4, rows 8)
      Bob     2  (dots 10, rows 2)
    round 10:
      Ann     1
      Bob     2
    total:
      Ann     9
      Bob     4
    """
    scores: dict[str, list[tuple[int, dict[str, Any] | None]]] = {}
    for part, seat_points, details in score_lines:
        shown: Sequence[dict[str, Any] | None] = details or [None] * len(seat_points)
        scores[part] = list(zip(seat_points, shown))
    chosen = sorted((p for p in scores if parts is None or p in parts), key=_part_order)
    width = max(len(n) for n in players)
    lines = []
    for part in chosen:
        lines.append("%s:" % part)
        for seat, (points, detail) in enumerate(scores[part]):
            extra = ""
            if detail:
                extra = "  (" + ", ".join("%s %s" % (k, _fmt(v))
                                          for k, v in sorted(detail.items())) + ")"
            lines.append("  %-*s %5d%s" % (width, players[seat], points, extra))
    return lines


def _fmt(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_fmt(v) for v in value) + "]"
    return str(value)


def _part_order(part: str) -> tuple[int, str, int]:
    # 'round 2' before 'round 10'; 'total' (and anything without a number) last.
    name, _, num = part.rpartition(" ")
    return (0, name, int(num)) if num.isdecimal() else (1, part, 0)
