"""The Starlette app: pages, the JSON API, and one error format for every refused request.

Every error answer is ``{"error": message, "type": exception class}`` with a 4xx status (5xx
for a bug, which is logged); the server keeps serving every other table.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from salon import _core, records
from salon.serve import games as game_setup
from salon.serve import page, views
from salon.serve.bots import BotWorkers
from salon.serve.errors import BadRequestError, RecordTooLargeError, status_of
from salon.serve.guard import Guard, HostPolicy
from salon.serve.inputs import MAX_JSON_BYTES, body, float_param, int_param, int_text, json_body
from salon.serve.review import MAX_RECORD_BYTES, MAX_REVIEW_BYTES, MAX_REVIEWS, Review, ReviewStore
from salon.agents import shipped_agents, shipped_network
from salon.serve.seats import (
    DEFAULT_NETWORK_SIMULATIONS,
    KINDS,
    MAX_SECONDS,
    MAX_SIMULATIONS,
    MIN_SECONDS,
    SeatSpec,
    parse_seat,
)
from salon.serve.tables import MAX_PACE, WATCH_SECONDS, TableRegistry

log = logging.getLogger("salon.serve")

MAX_WAIT = 25.0
MAX_LINE = 10**9
__all__ = ["MAX_JSON_BYTES", "MAX_WAIT", "create_app"]


def _error(message: str, kind: str, status: int) -> JSONResponse:
    # Messages may quote a request's text: refused at the door if it cannot be encoded, and
    # escaped here all the same, so an error answer always encodes.
    safe = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": safe, "type": kind}, status_code=status, headers={"Cache-Control": "no-store"})


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


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
    seats = {
        "kinds": list(KINDS),
        # The networks salon ships ("<game>-<players>p"): where a network seat and hints exist.
        "networks": shipped_agents(),
        "network_simulations": DEFAULT_NETWORK_SIMULATIONS,
        "mcts_seconds": [MIN_SECONDS, MAX_SECONDS],
        "mcts_simulations": [1, MAX_SIMULATIONS],
        "max_pace": MAX_PACE,
    }
    return _json({"games": out, "seats": seats})


async def create_table(request: Request) -> Response:
    data = await json_body(request)
    if not isinstance(data, dict):
        raise BadRequestError('the table is a JSON object: {"game": ..., "params": {...}, "seats": [...]}')
    unknown = sorted(set(data) - {"game", "params", "seats", "pace", "seed"})
    if unknown:
        raise BadRequestError(f"unknown field {unknown[0][:40]!r} (fields: game, params, seats, pace, seed)")
    game = game_setup.load(data)
    raw_seats = data.get("seats")
    n = game.num_players()
    if not isinstance(raw_seats, list) or len(raw_seats) != n:
        raise BadRequestError(f'"seats" must list who sits in each of the {n} seats of {game}')
    seats: list[SeatSpec] = [parse_seat(s, f"seats[{p}]") for p, s in enumerate(raw_seats)]
    if any(s.kind == "network" for s in seats):
        shipped_network(game)  # NetworkError (400) where salon ships none for this game and player count
    pace = data.get("pace", 0.0)
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
        raise BadRequestError(f'"pace" (seconds between bot moves) must be from 0 to {MAX_PACE:g}')
    seed = data.get("seed")
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
    after = int_param(request, "after", -1, -1, 2**62)
    wait = min(max(float_param(request, "wait", MAX_WAIT), 0.0), MAX_WAIT)
    await table.wait_change(after, wait)
    return _json(views.seat_payload(table, seat))


async def table_move(request: Request) -> Response:
    table, seat = _seat(request)
    table.play(seat, await json_body(request))
    return _json(views.seat_payload(table, seat))


async def _no_body(request: Request) -> None:
    """The body of a button's request: nothing, or a JSON object (read and checked, ignored)."""
    await json_body(request)


async def table_undo(request: Request) -> Response:
    table, seat = _seat(request)
    await _no_body(request)
    table.undo(seat)
    return _json(views.seat_payload(table, seat))


async def table_resign(request: Request) -> Response:
    table, seat = _seat(request)
    await _no_body(request)
    table.resign(seat)
    return _json(views.seat_payload(table, seat))


async def table_new_game(request: Request) -> Response:
    """A new deal when the game is over or every person has asked; else the ask is recorded
    (202, and the view lists who asked)."""
    table, seat = _seat(request)
    await _no_body(request)
    started = table.new_game(seat)
    return _json(views.seat_payload(table, seat), status=200 if started else 202)


async def table_stop(request: Request) -> Response:
    table, seat = _seat(request)
    await _no_body(request)
    table.stop(seat)
    return _json(views.seat_payload(table, seat))


async def table_hint(request: Request) -> Response:
    """What salon's network thinks of the position, for the person to move (``Table.hint``)."""
    table, seat = _seat(request)
    await _no_body(request)
    return _json({"version": table.version, "hint": await table.hint(seat)})


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
    await _no_body(request)
    store: ReviewStore = request.app.state.reviews
    review = store.add(Review.from_record(table.record()))
    return _json({"review": review.id, "url": f"/review/{review.id}"}, status=201)


async def upload_review(request: Request) -> Response:
    line_text = request.query_params.get("line")
    line = None if line_text is None else int_text(line_text, "line", 1, MAX_LINE)
    raw = await body(request, MAX_RECORD_BYTES, RecordTooLargeError)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise records.RecordError("the upload is not UTF-8 text (a .jsonl record file)") from None
    store: ReviewStore = request.app.state.reviews
    review = store.add(Review.from_text(text, line))
    return _json({"review": review.id, "url": f"/review/{review.id}"}, status=201)


async def review_summary(request: Request) -> Response:
    store: ReviewStore = request.app.state.reviews
    return _json(store.get(request.path_params["review"]).summary())


async def review_position(request: Request) -> Response:
    store: ReviewStore = request.app.state.reviews
    review = store.get(request.path_params["review"])
    position = int_text(request.path_params["position"], "position", 0, 10**9)
    return _json(review.position(position, int_param(request, "view", -1, -1, 1000)))


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


def create_app(
    *,
    bot_threads: int | None = None,
    max_tables: int = 500,
    idle_seconds: float = 6 * 3600,
    host: str = "127.0.0.1",
    port: int | None = None,
    allowed_hosts: Iterable[str] = (),
    move_seconds: float = MAX_SECONDS,
    watch_seconds: float = WATCH_SECONDS,
    max_reviews: int = MAX_REVIEWS,
    max_review_bytes: int = MAX_REVIEW_BYTES,
) -> Starlette:
    """The app: ``bot_threads`` worker threads for bots (default: the number of CPUs, at least
    2), at most ``max_tables`` tables, each dropped after ``idle_seconds`` unseen.

    It answers only to its own address: the names of ``host`` (where it listens) on ``port``
    (``None``: any port), and ``allowed_hosts`` (``Host`` values, ``name:port``). A search of a
    simulation budget is waited for ``move_seconds`` at most; a table of bots pauses after
    ``watch_seconds`` unseen; reviews are kept up to ``max_reviews`` and ``max_review_bytes``.
    """
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
        Route("/api/tables/{table}/{key}/stop", table_stop, methods=["POST"]),
        Route("/api/tables/{table}/{key}/hint", table_hint, methods=["POST"]),
        Route("/api/tables/{table}/{key}/record", table_record),
        Route("/api/tables/{table}/{key}/review", table_review, methods=["POST"]),
        Route("/api/reviews", upload_review, methods=["POST"]),
        Route("/api/reviews/{review}", review_summary),
        Route("/api/reviews/{review}/{position}", review_position),
    ]
    policy = HostPolicy.for_bind(host, port, allowed_hosts)
    page.files()  # every page file read now, never on a request
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(Guard, policy=policy)],
        exception_handlers={
            _core.SalonError: _salon_error,
            HTTPException: _http_error,
            OverflowError: _overflow,
            Exception: _bug,
        },
    )
    app.state.tables = TableRegistry(
        workers, max_tables=max_tables, idle_seconds=idle_seconds, move_seconds=move_seconds, watch_seconds=watch_seconds
    )
    app.state.reviews = ReviewStore(max_reviews, max_review_bytes)
    app.state.workers = workers
    app.state.host_policy = policy
    return app
