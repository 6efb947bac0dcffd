"""The league server's web app (Starlette): the tables' pushes, the director's admin calls,
and the pages everybody reads, live.

Each request's database work runs in a worker thread (League's methods are blocking);
the event loop only waits. A change of a tournament wakes its live pages: each sends the
new standings within a quarter of a second (changes that come faster are sent together).

Tokens come as `Authorization: Bearer TOKEN`: a table's for /api/push and /api/held, the
director's for the admin calls. Refusals are JSON {"error": "..."} with the status that
says why (400 malformed, 401 token, 404, 409 conflict with what the league holds, 413 too
large, 422 damaged, out of its chain or illegal).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from boardlight.league import pages
from boardlight.league.db import LeagueDbError
from boardlight.league.push import LeagueError
from boardlight.league.rankings import rankings
from boardlight.league.service import League

MAX_BODY = 4 * 1024 * 1024
COALESCE_S = 0.25
HEARTBEAT_S = 15.0


class Wakeups:
    """Live pages waiting for a tournament to change; `wake` may be called from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[int, set[asyncio.Event]] = {}

    def wake(self, tid: int) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._set, tid)

    def _set(self, tid: int) -> None:
        for event in self._waiting.get(tid, ()):
            event.set()

    def listen(self, tid: int) -> asyncio.Event:
        event = asyncio.Event()
        self._waiting.setdefault(tid, set()).add(event)
        return event

    def leave(self, tid: int, event: asyncio.Event) -> None:
        self._waiting.get(tid, set()).discard(event)


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    return value[7:].strip() if value.lower().startswith("bearer ") else None


async def _body(request: Request) -> Any:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise LeagueError(413, "a request body is at most %d bytes" % MAX_BODY)
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise LeagueError(413, "a request body is at most %d bytes" % MAX_BODY)
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise LeagueError(400, "the body is not JSON: %s" % exc) from None


def _tid(request: Request) -> int:
    text = request.path_params["tid"]
    if not text.isdecimal() or len(text) > 12:
        raise LeagueError(404, "no tournament %r" % text)
    return int(text)


Handler = Callable[[Request], Awaitable[Response]]


def _refusals(handler: Handler) -> Handler:
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except LeagueError as exc:
            return JSONResponse({**exc.details, "error": str(exc)}, status_code=exc.status)
        except LeagueDbError as exc:
            # What went wrong is the server's to know (it names hosts and paths): logged there.
            logging.getLogger("boardlight.league").error("%s: %s", request.url.path, exc)
            return JSONResponse({"error": "the league's database is out of reach: try again soon"}, status_code=503)
        except RecursionError:
            return JSONResponse({"error": "the body is nested too deep to be a push or a request"}, status_code=400)
    wrapped.__name__ = handler.__name__
    return wrapped


def make_app(league: League, wakeups: Wakeups) -> Starlette:
    """The app over an open league (whose on_change is wakeups.wake)."""

    def blocking(fn: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        return run_in_threadpool(fn, *args)

    drawn: dict[int, tuple[int, str]] = {}  # tid -> (version, fragment): drawn once per change

    def fragment(tid: int, view: dict[str, Any]) -> str:
        held = drawn.get(tid)
        if held is None or held[0] != view["version"]:
            held = drawn[tid] = (view["version"], pages.fragment(view))
        return held[1]

    # -- tables ---------------------------------------------------------------------

    @_refusals
    async def push(request: Request) -> Response:
        body = await _body(request)
        return JSONResponse(await blocking(league.push, _bearer(request), body))

    @_refusals
    async def held(request: Request) -> Response:
        text = request.query_params.get("game", "")
        if not text.isdecimal() or len(text) > 19 or int(text) >= 1 << 63:
            raise LeagueError(400, "held?game=N: N is the table's game number")
        return JSONResponse(await blocking(league.held, _bearer(request), int(text)))

    # -- the director ---------------------------------------------------------------

    async def _director(request: Request) -> Any:
        await blocking(league.check_director, _bearer(request))
        return await _body(request)

    @_refusals
    async def add_table(request: Request) -> Response:
        body = await _director(request)
        name = body.get("name") if isinstance(body, dict) else None
        if isinstance(body, dict) and body.get("renew"):
            return JSONResponse({"name": name, "token": await blocking(league.new_table_token, name)})
        return JSONResponse({"name": name, "token": await blocking(league.add_table, name)}, status_code=201)

    @_refusals
    async def new_tournament(request: Request) -> Response:
        body = await _director(request)
        return JSONResponse({"id": await blocking(league.new_tournament, body)}, status_code=201)

    @_refusals
    async def enter(request: Request) -> Response:
        body = await _director(request)
        return JSONResponse(await blocking(league.enter, _tid(request), body), status_code=201)

    @_refusals
    async def withdraw(request: Request) -> Response:
        body = await _director(request)
        name = body.get("name") if isinstance(body, dict) else None
        return JSONResponse(await blocking(league.withdraw, _tid(request), name))

    @_refusals
    async def pair(request: Request) -> Response:
        await _director(request)
        return JSONResponse(await blocking(league.pair_next, _tid(request)), status_code=201)

    # -- what everybody reads -------------------------------------------------------

    @_refusals
    async def view(request: Request) -> Response:
        return JSONResponse(await blocking(league.view, _tid(request)))

    @_refusals
    async def events(request: Request) -> Response:
        tid = _tid(request)
        event = wakeups.listen(tid)  # before the first view: no change falls between the two
        try:
            first = await blocking(league.view, tid)  # a 404 before the stream starts
        except BaseException:
            wakeups.leave(tid, event)
            raise

        async def stream() -> AsyncIterator[str]:
            try:
                sent = -1
                current = first
                while True:
                    if current["version"] != sent:
                        sent = current["version"]
                        yield "data: %s\n\n" % json.dumps({"version": sent, "html": fragment(tid, current)})
                    try:
                        await asyncio.wait_for(event.wait(), HEARTBEAT_S)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        if league.version(tid) != sent:
                            current = await blocking(league.view, tid)
                        continue
                    await asyncio.sleep(COALESCE_S)
                    event.clear()
                    current = await blocking(league.view, tid)
            finally:
                wakeups.leave(tid, event)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    @_refusals
    async def live(request: Request) -> Response:
        return HTMLResponse(pages.live_page(await blocking(league.view, _tid(request))))

    @_refusals
    async def printable(request: Request) -> Response:
        return HTMLResponse(pages.print_page(await blocking(league.view, _tid(request))))

    @_refusals
    async def results_csv(request: Request) -> Response:
        tid = _tid(request)
        text = pages.results_csv(await blocking(league.view, tid))
        return PlainTextResponse(text, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": "attachment; filename=tournament-%d.csv" % tid})

    @_refusals
    async def results_json(request: Request) -> Response:
        tid = _tid(request)
        return Response(pages.results_json(await blocking(league.view, tid)), media_type="application/json",
                        headers={"Content-Disposition": "attachment; filename=tournament-%d.json" % tid})

    ranked: dict[str | None, tuple[int, dict[str, Any]]] = {}  # season -> (league.changes, rankings)

    async def _rankings(season: str | None) -> dict[str, Any]:
        # Worked out again only after a change: a page anybody may reload costs nothing more.
        held = ranked.get(season)
        if held is None or held[0] != league.changes:
            changes = league.changes
            if len(ranked) > 100:
                ranked.clear()
            held = ranked[season] = (changes, await blocking(lambda: rankings(league.finished_games(season))))
        return held[1]

    def _season(request: Request) -> str | None:
        season = request.query_params.get("season") or None
        if season is not None and len(season) > 40:
            raise LeagueError(400, "a season is a short name, e.g. 2026")
        return season

    @_refusals
    async def ranking_data(request: Request) -> Response:
        season = _season(request)
        return JSONResponse(await _rankings(season))

    @_refusals
    async def ranking_page(request: Request) -> Response:
        season = _season(request)
        return HTMLResponse(pages.rankings_page(await _rankings(season), season))

    @_refusals
    async def index(request: Request) -> Response:
        return HTMLResponse(pages.index_page(await blocking(league.tournaments)))

    @_refusals
    async def tournaments(request: Request) -> Response:
        return JSONResponse(await blocking(league.tournaments))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        wakeups.loop = asyncio.get_running_loop()
        yield

    routes = [
        Route("/", index),
        Route("/t/{tid}", live),
        Route("/t/{tid}/print", printable),
        Route("/t/{tid}/results.csv", results_csv),
        Route("/t/{tid}/results.json", results_json),
        Route("/rankings", ranking_page),
        Route("/api/push", push, methods=["POST"]),
        Route("/api/held", held),
        Route("/api/tables", add_table, methods=["POST"]),
        Route("/api/tournaments", tournaments),
        Route("/api/tournaments", new_tournament, methods=["POST"]),
        Route("/api/t/{tid}", view),
        Route("/api/t/{tid}/events", events),
        Route("/api/t/{tid}/entrants", enter, methods=["POST"]),
        Route("/api/t/{tid}/withdraw", withdraw, methods=["POST"]),
        Route("/api/t/{tid}/rounds", pair, methods=["POST"]),
        Route("/api/rankings", ranking_data),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
