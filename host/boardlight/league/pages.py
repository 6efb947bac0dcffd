"""The league's pages, drawn on the server from League.view(): the live standings and
pairings (one fragment, which the page's script swaps in whole at every change), the
printable results, the club rankings and the list of tournaments. Every name is escaped:
an entrant called `<b>Ann</b>` shows as typed.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from boardlight.web.html import el, esc

STYLE = """
:root { font-family: system-ui, sans-serif; background: #111; color: #eee; }
body { margin: 0; padding: 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; } h2 { font-size: 1.2rem; margin: 1rem 0 .3rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1rem; }
th, td { padding: .3rem .5rem; text-align: left; border-bottom: 1px solid #333; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.layout { display: grid; grid-template-columns: 3fr 2fr; gap: 2rem; }
.muted { color: #999; } .live { color: #7c7; } .withdrawn { color: #999; text-decoration: line-through; }
nav a { color: #9cf; margin-right: 1rem; }
@media (max-width: 700px) {
  body { padding: .5rem; } .layout { display: block; }
  th, td { padding: .25rem .3rem; } .wide { display: none; }
}
@media (min-width: 1400px) { :root { font-size: 22px; } }
@media print {
  :root { background: #fff; color: #000; } nav, .live { display: none; }
  th, td { border-bottom: 1px solid #999; } .layout { display: block; }
}
"""

SCRIPT = """
const main = document.getElementById("live");
function listen() {
  const source = new EventSource(main.dataset.events);
  source.onmessage = (event) => {
    const view = JSON.parse(event.data);
    main.innerHTML = view.html;  // drawn and escaped by the server
    main.dataset.version = view.version;
  };
  source.onerror = () => { document.getElementById("state").textContent = "reconnecting..."; };
  source.onopen = () => { document.getElementById("state").textContent = "live"; };
}
listen();
"""


def page(title: str, body: str, script: str = "") -> str:
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>%s</title><style>%s</style></head><body>%s%s</body></html>"
            % (esc(title), STYLE, body, "<script>%s</script>" % script if script else ""))


def _num(value: float) -> str:
    return ("%g" % value) if isinstance(value, float) else str(value)


def standings_table(view: dict[str, Any]) -> str:
    swiss = view["tournament"]["system"] == "swiss"
    head = ["#", "Player", "MP", "Diff", "H2H"] + (["Buchholz"] if swiss else []) + ["Points", "Games"]
    cls = ["n", "", "n", "n", "n wide"] + (["n wide"] if swiss else []) + ["n wide", "n wide"]
    rows = [el("tr", "".join(el("th", esc(h), class_=c or None) for h, c in zip(head, cls)))]
    for s in view["standings"]:
        cells = [str(s["place"]), esc(s["name"]), _num(s["match_points"]), "%+d" % s["score_difference"],
                 _num(s["head_to_head"])] + ([_num(s["buchholz"])] if swiss else []) + [
                 str(s["points"]), str(s["games"]) + (" +%d bye" % s["byes"] if s["byes"] else "")]
        rows.append(el("tr", "".join(el("td", c, class_=k or None) for c, k in zip(cells, cls)),
                       class_="withdrawn" if s["withdrawn"] else None))
    return el("table", "".join(rows), class_="standings")


def round_table(r: dict[str, Any]) -> str:
    rows = [el("tr", el("th", "Table") + el("th", "Players") + el("th", "Result", class_="n"))]
    for t in r["tables"]:
        if t["points"] is not None:
            result = " : ".join(str(p) for p in t["points"])
        elif t["status"] == "playing":
            result = el("span", "playing, %d moves" % t["actions"], class_="live")
        else:
            result = el("span", "to start", class_="muted")
        rows.append(el("tr", el("td", esc(t["at"])) + el("td", " &ndash; ".join(esc(p) for p in t["players"]))
                       + el("td", result, class_="n")))
    for name in r["byes"]:
        rows.append(el("tr", el("td", "bye") + el("td", esc(name)) + el("td", "", class_="n")))
    state = "locked" if r["status"] == "locked" else "being played"
    return el("h2", "Round %d (%s)" % (r["round"], state)) + el("table", "".join(rows), class_="round")


def teams_tables(view: dict[str, Any]) -> str:
    out = []
    for by, rows in sorted(view["teams"].items()):
        lines = [el("tr", el("th", "#") + el("th", by.title()) + el("th", "MP", class_="n")
                    + el("th", "Diff", class_="n") + el("th", "Members", class_="wide"))]
        for t in rows:
            lines.append(el("tr", el("td", str(t["place"])) + el("td", esc(t["team"]))
                            + el("td", _num(t["match_points"]), class_="n")
                            + el("td", "%+d" % t["score_difference"], class_="n")
                            + el("td", esc(", ".join(t["members"])), class_="wide")))
        out.append(el("h2", "Team cup by %s" % by) + el("table", "".join(lines), class_="teams"))
    return "".join(out)


def fragment(view: dict[str, Any]) -> str:
    """The live part of the standings page: standings, team cups, then the rounds, the
    one being played first."""
    t = view["tournament"]
    played = sum(1 for r in view["rounds"] if r["status"] == "locked")
    title = el("h1", esc(t["name"])) + el(
        "p", "%s, %s, round %d of %d" % (esc(t["game"].title()), "Swiss" if t["system"] == "swiss" else "round robin",
                                         len(view["rounds"]), t["rounds"]) + (" &middot; %d locked" % played),
        class_="muted")
    left = el("h2", "Standings") + standings_table(view) + teams_tables(view)
    right = "".join(round_table(r) for r in reversed(view["rounds"])) or el("p", "No round paired yet.", class_="muted")
    return title + el("div", el("section", left) + el("section", right), class_="layout")


def live_page(view: dict[str, Any]) -> str:
    tid = view["tournament"]["id"]
    nav = el("nav", el("a", "print", href="/t/%d/print" % tid) + el("a", "CSV", href="/t/%d/results.csv" % tid)
             + el("a", "JSON", href="/t/%d/results.json" % tid) + el("a", "rankings", href="/rankings")
             + el("span", "connecting...", id="state", class_="live"))
    main = el("main", fragment(view), id="live", data_events="/api/t/%d/events" % tid,
              data_version=str(view["version"]))
    return page(view["tournament"]["name"], nav + main, SCRIPT)


def print_page(view: dict[str, Any]) -> str:
    return page(view["tournament"]["name"] + " (results)", fragment(view))


def index_page(tournaments: list[dict[str, Any]]) -> str:
    rows = [el("tr", el("th", "Tournament") + el("th", "Game") + el("th", "Season"))]
    for t in tournaments:
        rows.append(el("tr", el("td", el("a", esc(t["name"]), href="/t/%d" % t["id"])) + el("td", esc(t["game"]))
                       + el("td", esc(t["season"]))))
    return page("League", el("h1", "Tournaments") + el("table", "".join(rows))
                + el("nav", el("a", "club rankings", href="/rankings")))


def rankings_page(table: dict[str, list[dict[str, Any]]], season: str | None) -> str:
    parts = [el("h1", "Club rankings" + (" " + esc(season) if season else ", all seasons"))]
    for game, rows in table.items():
        lines = [el("tr", el("th", "#") + el("th", "Player") + el("th", "Rating", class_="n")
                    + el("th", "Games", class_="n"))]
        for r in rows:
            lines.append(el("tr", el("td", str(r["place"])) + el("td", esc(r["name"]))
                            + el("td", "%.1f" % r["rating"], class_="n") + el("td", str(r["games"]), class_="n")))
        parts.append(el("h2", esc(game.title())) + el("table", "".join(lines)))
    if not table:
        parts.append(el("p", "No finished game yet.", class_="muted"))
    return page("Club rankings", "".join(parts))


def results_csv(view: dict[str, Any]) -> str:
    """One line per seat of every game of the tournament, then the standings."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["section", "round", "table", "seat", "player", "points", "status"])
    for r in view["rounds"]:
        for t in r["tables"]:
            for seat, name in enumerate(t["players"]):
                w.writerow(["game", r["round"], t["table"], seat + 1, _cell(name),
                            "" if t["points"] is None else t["points"][seat], t["status"]])
        for name in r["byes"]:
            w.writerow(["bye", r["round"], "", "", _cell(name), "", ""])
    w.writerow([])
    w.writerow(["place", "player", "match_points", "score_difference", "head_to_head", "buchholz", "points",
                "games", "byes", "withdrawn"])
    for s in view["standings"]:
        w.writerow([s["place"], _cell(s["name"]), _num(s["match_points"]), s["score_difference"],
                    _num(s["head_to_head"]), _num(s["buchholz"]), s["points"], s["games"], s["byes"],
                    "yes" if s["withdrawn"] else ""])
    return out.getvalue()


def _cell(text: str) -> str:
    # A name that a spreadsheet would read as a formula is written as text.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def results_json(view: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "version"}, indent=1, sort_keys=True)
