"""A small SVG writer: shapes with a class (so tests and stylesheets can find them),
escaped text, and one document string. No dependency beyond the standard library."""

from __future__ import annotations

from typing import Iterable
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _num(v: object) -> str:
    # Whole numbers without ".0", others with at most 2 decimals: small, stable files.
    if isinstance(v, float):
        if v == int(v):
            return str(int(v))
        return ("%.2f" % v).rstrip("0").rstrip(".")
    return str(v)


def _attrs(attrs: dict[str, object]) -> str:
    out = []
    for key in attrs:  # insertion order: the caller's order, stable output
        value = attrs[key]
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = _num(value)
        out.append("%s=%s" % (name, quoteattr(str(value))))
    return " ".join(out)


class Svg:
    """An SVG document of width x height user units; shapes are appended in drawing order."""

    def __init__(self, width: float, height: float, title: str | None = None) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []
        if title:
            self.parts.append("<title>%s</title>" % escape(title))

    def element(self, tag: str, text: object = None, **attrs: object) -> None:
        a = _attrs(attrs)
        if text is None:
            self.parts.append("<%s %s/>" % (tag, a))
        else:
            self.parts.append("<%s %s>%s</%s>" % (tag, a, escape(str(text)), tag))

    def rect(self, x: float, y: float, w: float, h: float, cls: str | None = None,
             fill: str | None = None, stroke: str | None = None, **more: object) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, class_=cls, fill=fill, stroke=stroke, **more)

    def circle(self, cx: float, cy: float, r: float, cls: str | None = None,
               fill: str | None = None, stroke: str | None = None, **more: object) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, class_=cls, fill=fill, stroke=stroke, **more)

    def line(self, x1: float, y1: float, x2: float, y2: float, cls: str | None = None,
             stroke: str = "#000", **more: object) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, class_=cls, stroke=stroke, **more)

    def polygon(self, points: Iterable[tuple[float, float]], cls: str | None = None,
                fill: str | None = None, stroke: str | None = None, **more: object) -> None:
        pts = " ".join("%s,%s" % (_num(x), _num(y)) for x, y in points)
        self.element("polygon", points=pts, class_=cls, fill=fill, stroke=stroke, **more)

    def polyline(self, points: Iterable[tuple[float, float]], cls: str | None = None,
                 stroke: str = "#000", **more: object) -> None:
        pts = " ".join("%s,%s" % (_num(x), _num(y)) for x, y in points)
        self.element("polyline", points=pts, class_=cls, fill="none", stroke=stroke, **more)

    def text(self, x: float, y: float, content: object, cls: str | None = None, size: float = 12,
             anchor: str = "middle", fill: str = "#000", **more: object) -> None:
        self.element(
            "text", content, x=x, y=y, class_=cls, font_size=size, text_anchor=anchor,
            font_family=FONT, fill=fill, dominant_baseline="central", **more
        )

    def to_string(self) -> str:
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s" '
            'viewBox="0 0 %s %s">' % (_num(self.width), _num(self.height), _num(self.width), _num(self.height))
        )
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + head + "\n" + "\n".join(self.parts) + "\n</svg>\n"


def write(svg_text: str, path: str) -> None:
    """Write an SVG string to a file (UTF-8)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg_text)
