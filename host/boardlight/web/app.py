"""The web pages of one game as an ASGI application (Starlette).

Every path starts with a page's token: /t/TOKEN/ is the page, /t/TOKEN/live its WebSocket,
/t/TOKEN/state its picture as JSON, /t/TOKEN/act where its moves go, and app.js and
style.css beside them. Any path without a valid token answers 403 with the same few
bytes, whatever the path or method, so it tells nothing about the game or the tokens.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.datastructures import Headers as RequestHeaders
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from boardlight.web import assets
from boardlight.web.pages import Pictures, Refused, document, make_move, picture

if TYPE_CHECKING:
    from boardlight.sessions.table import Change, Table
    from boardlight.web.access import Access, Audience

METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
BODY_LIMIT = 8192  # bytes: a move is a few dozen

# Sent with every answer, the 403s included.
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self';"
                               " img-src 'self' data:; connect-src 'self'; base-uri 'none';"
                               " form-action 'none'; frame-ancestors 'none'",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


class Headers:
    """ASGI middleware: HEADERS on every HTTP answer."""

    live: Live  # the app's WebSocket pages, set by make_app

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + self.raw
            await send(message)

        return await self.app(scope, receive, send_with_headers)


def forbidden() -> Response:
    return PlainTextResponse("403 forbidden\n", status_code=403)


class Live:
    """The pages connected over WebSocket: each is woken after every committed action and
    sent its audience's picture of the game."""

    def __init__(self, table: Table, pictures: Pictures) -> None:
        self.table = table
        self.pictures = pictures
        self.loop: asyncio.AbstractEventLoop | None = None
        self.wakers: set[asyncio.Event] = set()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._unsubscribe = self.table.subscribe(self._changed)

    def stop(self) -> None:
        self._unsubscribe()

    def _changed(self, _change: Change) -> None:
        # In the acting thread, the table held: only wake the server's loop.
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self) -> None:
        for wake in self.wakers:
            wake.set()


def make_app(table: Table, access: Access, errors: list[str] | None = None) -> Headers:
    """The ASGI app of `table`'s pages, opened by the tokens of `access` (web.access).
    `errors`: a list that gets one line per request that failed inside the server."""
    pictures = Pictures(table)
    live = Live(table, pictures)
    errors = errors if errors is not None else []

    def audience_of(request: Request) -> Audience | None:
        return access.audience(request.path_params.get("token", ""))

    def same_origin(headers: RequestHeaders) -> bool:
        # Browsers send Origin with every POST and WebSocket: a page of another site that
        # somehow knew a token still may not use it.
        origin = headers.get("origin")
        if origin is None:
            return True
        host = headers.get("host", "")
        return origin in ("http://" + host, "https://" + host)

    async def page(request: Request) -> Response:
        audience = audience_of(request)
        if audience is None:
            return forbidden()
        if request.method not in ("GET", "HEAD"):
            return PlainTextResponse("405 a page is only read\n", status_code=405)
        now = table.read(picture, audience)
        return Response(document(table.session, audience, now), media_type="text/html")

    async def slash(request: Request) -> Response:
        # /t/TOKEN without its slash: the page's own files are beside it, so add it.
        if audience_of(request) is None:
            return forbidden()
        return RedirectResponse("%s/" % request.url.path, status_code=307)

    async def asset(request: Request) -> Response:
        if audience_of(request) is None:
            return forbidden()
        name = request.path_params["name"]
        found = assets.ASSETS.get(name)
        if found is None or request.method not in ("GET", "HEAD"):
            return PlainTextResponse("404 not here\n", status_code=404)
        text, media = found
        return Response(text, media_type=media)

    async def state(request: Request) -> Response:
        audience = audience_of(request)
        if audience is None:
            return forbidden()
        return Response(pictures.message(audience), media_type="application/json")

    async def act(request: Request) -> Response:
        audience = audience_of(request)
        if audience is None:
            return forbidden()
        if request.method != "POST":
            return PlainTextResponse("405 moves are POSTed\n", status_code=405)
        if not same_origin(request.headers):
            return forbidden()
        body = await request.body()
        answer: dict[str, Any]
        try:
            if len(body) > BODY_LIMIT:
                raise Refused("a move is a few dozen bytes, not %d" % len(body), status=413)
            try:
                data = json.loads(body)
            except ValueError:
                raise Refused("a move is JSON: {\"seen\": N, \"move\": {...}}")
            # The move, the log's fsync and the subscribers' news: off the server's loop,
            # so the other pages keep being served meanwhile.
            status, answer = await asyncio.to_thread(make_move, table, audience, data)
        except Refused as exc:
            answer = {"ok": False, "refused": str(exc)}
            status = exc.status
            if status != 403:
                answer.update(table.read(picture, audience))
        return JSONResponse(answer, status_code=status)

    async def socket(websocket: WebSocket) -> None:
        audience = access.audience(websocket.path_params.get("token", ""))
        if audience is None or not same_origin(websocket.headers):
            await websocket.close(code=1008)  # before accept: the client gets HTTP 403
            return
        await websocket.accept()
        wake = asyncio.Event()
        pongs: list[int] = []

        async def sender() -> None:
            sent = None
            while True:
                await wake.wait()
                wake.clear()
                text = pictures.message(audience)
                if text != sent:
                    await websocket.send_text(text)
                    sent = text
                while pongs:
                    pongs.pop()
                    await websocket.send_text('{"pong": true}')

        live.wakers.add(wake)
        wake.set()  # the picture of now, at once: that is how a page catches up
        task = asyncio.create_task(sender())
        try:
            while True:
                text = await websocket.receive_text()
                if text == "ping":
                    pongs.append(1)
                    wake.set()
        except WebSocketDisconnect:
            pass
        finally:
            live.wakers.discard(wake)
            task.cancel()

    async def everything_else(request: Request) -> Response:
        return forbidden()

    async def server_error(request: Request, exc: Exception) -> Response:
        # The path without its token: this line may be printed at the table.
        path = request.url.path.replace(request.path_params.get("token") or "\0", "TOKEN")
        errors.append("%s %s: %s: %s" % (request.method, path, type(exc).__name__, exc))
        return PlainTextResponse("500 the server failed on this request\n", status_code=500)

    routes = [
        Route("/t/{token}/", page, methods=METHODS),
        Route("/t/{token}", slash, methods=METHODS),
        Route("/t/{token}/state", state, methods=METHODS),
        Route("/t/{token}/act", act, methods=METHODS),
        WebSocketRoute("/t/{token}/live", socket),
        Route("/t/{token}/{name}", asset, methods=METHODS),
        Route("/{rest:path}", everything_else, methods=METHODS),
    ]
    app = Headers(Starlette(routes=routes, exception_handlers={Exception: server_error}))
    app.live = live
    return app
