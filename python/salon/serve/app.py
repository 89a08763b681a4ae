"""The Starlette app: pages, the JSON API, and one error format for every refused request.

Every error answer is ``{"error": message, "type": exception class}`` with a 4xx status (5xx
for a bug, which is logged); the server keeps serving every other table.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import salon
from salon import _core, records
from salon.serve import page, views
from salon.serve.bots import BotWorkers
from salon.serve.errors import BadRequestError, RecordTooLargeError, status_of
from salon.serve.review import MAX_RECORD_BYTES, Review, ReviewStore
from salon.serve.seats import MAX_SECONDS, MIN_SECONDS, SeatSpec, parse_seat
from salon.serve.tables import MAX_PACE, TableRegistry

log = logging.getLogger("salon.serve")

MAX_JSON_BYTES = 64 * 1024
MAX_WAIT = 25.0


def _error(message: str, kind: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message, "type": kind}, status_code=status, headers={"Cache-Control": "no-store"})


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


async def _body(request: Request, limit: int, too_large: type[Exception] = BadRequestError) -> bytes:
    """The request body, refused past ``limit`` bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large(f"the request body is larger than {limit // 1024} KiB")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(f"the request body is larger than {limit // 1024} KiB")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json_body(request: Request) -> Any:
    raw = await _body(request, MAX_JSON_BYTES)
    if not raw.strip():
        return {}
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequestError("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise BadRequestError(f"the request body is not valid JSON ({err.msg} at character {err.pos})") from None
    except (RecursionError, ValueError):
        raise BadRequestError("the request body is not valid JSON (nested too deeply or a number too long)") from None


def _int_param(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        raise BadRequestError(f"{name} must be an integer, got {text!r}") from None


def _float_param(request: Request, name: str, default: float) -> float:
    text = request.query_params.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise BadRequestError(f"{name} must be a number, got {text!r}") from None
    if not math.isfinite(value):
        raise BadRequestError(f"{name} must be a finite number, got {text!r}")
    return value


# ------------------------------------------------------------------------------ pages


async def start_page(request: Request) -> Response:
    return page.static_file("index.html")


async def table_page(request: Request) -> Response:
    return page.static_file("table.html")


async def static(request: Request) -> Response:
    return page.static_file(request.path_params["name"])


# -------------------------------------------------------------------------------- API


async def games(request: Request) -> Response:
    out = []
    for entry in _core.registered_games():
        out.append({
            "name": entry["name"],
            "title": entry["long_name"],
            "min_players": entry["min_players"],
            "max_players": entry["max_players"],
            "perfect_information": entry["perfect_information"],
            "parameters": entry["parameters"],
        })
    seats = {"kinds": ["human", "random", "greedy", "mcts"], "mcts_seconds": [MIN_SECONDS, MAX_SECONDS], "max_pace": MAX_PACE}
    return _json({"games": out, "seats": seats})


def _load_game(body: dict[str, Any]) -> _core.Game:
    name = body.get("game")
    if not isinstance(name, str):
        raise BadRequestError('"game" must name a game, for example "azul_sintra"')
    params = body.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(v, (bool, int, str)) for v in params.values()):
        raise BadRequestError('"params" must be an object of texts, integers and booleans')
    return salon.load_game(name, **params)


async def create_table(request: Request) -> Response:
    body = await _json_body(request)
    if not isinstance(body, dict):
        raise BadRequestError('the table is a JSON object: {"game": ..., "params": {...}, "seats": [...]}')
    game = _load_game(body)
    raw_seats = body.get("seats")
    n = game.num_players()
    if not isinstance(raw_seats, list) or len(raw_seats) != n:
        raise BadRequestError(f'"seats" must list who sits in each of the {n} seats of {game}')
    seats: list[SeatSpec] = [parse_seat(s, f"seats[{p}]") for p, s in enumerate(raw_seats)]
    pace = body.get("pace", 0.0)
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
        raise BadRequestError(f'"pace" (seconds between bot moves) must be from 0 to {MAX_PACE:g}')
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
        raise BadRequestError('"seed" must be an integer from 0 to 2^63 - 1, or absent')
    registry: TableRegistry = request.app.state.tables
    table = registry.create(game, seats, pace=float(pace), seed=seed)
    links = [{"seat": seat, "url": f"/play/{table.id}/{key}"} for key, seat in sorted(table.keys.items(), key=lambda kv: kv[1])]
    return _json({"table": table.id, "seats": links, "url": links[0]["url"]}, status=201)


def _seat(request: Request) -> tuple[Any, int]:
    registry: TableRegistry = request.app.state.tables
    return registry.seat(request.path_params["table"], request.path_params["key"])


async def table_view(request: Request) -> Response:
    table, seat = _seat(request)
    after = _int_param(request, "after", -1)
    wait = min(max(_float_param(request, "wait", MAX_WAIT), 0.0), MAX_WAIT)
    await table.wait_change(after, wait)
    return _json(views.seat_payload(table, seat))


async def table_move(request: Request) -> Response:
    table, seat = _seat(request)
    table.play(seat, await _json_body(request))
    return _json(views.seat_payload(table, seat))


async def table_undo(request: Request) -> Response:
    table, seat = _seat(request)
    table.undo(seat)
    return _json(views.seat_payload(table, seat))


async def table_resign(request: Request) -> Response:
    table, seat = _seat(request)
    table.resign(seat)
    return _json(views.seat_payload(table, seat))


async def table_new_game(request: Request) -> Response:
    table, seat = _seat(request)
    table.new_game()
    return _json(views.seat_payload(table, seat))


async def table_record(request: Request) -> Response:
    table, _ = _seat(request)
    text = json.dumps(table.record(), separators=(",", ":")) + "\n"
    name = f"salon-{table.game.name}-{table.id[:8]}-game{table.games_played}.jsonl"
    return Response(
        text,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
    )


async def table_review(request: Request) -> Response:
    table, _ = _seat(request)
    store: ReviewStore = request.app.state.reviews
    review = store.add(Review.from_record(table.record()))
    return _json({"review": review.id, "url": f"/review/{review.id}"}, status=201)


async def upload_review(request: Request) -> Response:
    raw = await _body(request, MAX_RECORD_BYTES, RecordTooLargeError)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise records.RecordError("the upload is not UTF-8 text (a .jsonl record file)") from None
    line = request.query_params.get("line")
    if line is not None and not line.isdigit():
        raise BadRequestError(f"line must be a line number, got {line!r}")
    store: ReviewStore = request.app.state.reviews
    review = store.add(Review.from_text(text, None if line is None else int(line)))
    return _json({"review": review.id, "url": f"/review/{review.id}"}, status=201)


async def review_summary(request: Request) -> Response:
    store: ReviewStore = request.app.state.reviews
    return _json(store.get(request.path_params["review"]).summary())


async def review_position(request: Request) -> Response:
    store: ReviewStore = request.app.state.reviews
    review = store.get(request.path_params["review"])
    return _json(review.position(request.path_params["position"], _int_param(request, "view", -1)))


# ----------------------------------------------------------------------------- errors


async def _salon_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, _core.SalonError)
    return _error(" ".join(str(exc).split()) or type(exc).__name__, type(exc).__name__, status_of(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    kind = "NotFound" if exc.status_code == 404 else "HTTPError"
    message = "no such page or API call" if exc.status_code == 404 else str(exc.detail)
    return _error(message, kind, exc.status_code)


async def _overflow(request: Request, exc: Exception) -> Response:
    return _error(f"a number is out of range: {exc}", "BadRequestError", 400)


async def _bug(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error(f"internal error ({type(exc).__name__}); the server goes on", "InternalError", 500)


def create_app(*, bot_threads: int | None = None, max_tables: int = 500, idle_seconds: float = 6 * 3600) -> Starlette:
    """The app: ``bot_threads`` worker threads for bots (default: the number of CPUs, at least
    2), at most ``max_tables`` tables, each dropped after ``idle_seconds`` unseen."""
    workers = BotWorkers(bot_threads)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        app.state.tables.close()
        workers.shutdown()

    routes = [
        Route("/", start_page),
        Route("/play/{table}/{key}", table_page),
        Route("/review/{review}", table_page),
        Route("/static/{name}", static),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}/{key}", table_view),
        Route("/api/tables/{table}/{key}/move", table_move, methods=["POST"]),
        Route("/api/tables/{table}/{key}/undo", table_undo, methods=["POST"]),
        Route("/api/tables/{table}/{key}/resign", table_resign, methods=["POST"]),
        Route("/api/tables/{table}/{key}/new", table_new_game, methods=["POST"]),
        Route("/api/tables/{table}/{key}/record", table_record),
        Route("/api/tables/{table}/{key}/review", table_review, methods=["POST"]),
        Route("/api/reviews", upload_review, methods=["POST"]),
        Route("/api/reviews/{review}", review_summary),
        Route("/api/reviews/{review}/{position:int}", review_position),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            _core.SalonError: _salon_error,
            HTTPException: _http_error,
            OverflowError: _overflow,
            Exception: _bug,
        },
    )
    app.state.tables = TableRegistry(workers, max_tables=max_tables, idle_seconds=idle_seconds)
    app.state.reviews = ReviewStore()
    app.state.workers = workers
    return app
