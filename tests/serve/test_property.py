"""A property-based run over the whole API (hypothesis): a few thousand generated requests to
every route, with real and made-up table keys and review ids, JSON bodies of every shape
(lone surrogates included), raw bytes, records, query numbers, foreign Hosts and Origins and
every Content-Type. The properties: no answer is a 500; every answer encodes (its body is
UTF-8, an API answer and every error parse as JSON, an error is ``{"error", "type"}``); the
server's memory stays flat and its stores stay within their bounds.

``SALON_SERVE_FUZZ_EXAMPLES`` sets the number of examples (each 1 to 10 requests; default 300,
about 1,700 generated requests, sent twice: about 3,400 answers).
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import psutil
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import salon
from salon import records
from salon.arena import play_game
from salon.serve.app import create_app
from tests.serve.conftest import BASE_URL

EXAMPLES = int(os.environ.get("SALON_SERVE_FUZZ_EXAMPLES", "300"))
MAX_TABLES = 30
MAX_REVIEWS = 8


class World:
    """The app under test and the real addresses the requests may use."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.tables: list[tuple[str, str]] = []
        self.reviews: list[str] = []
        self.record = json.dumps(records.record_of(play_game(salon.load_game("azul_sintra"), ["random", "random"], 1),
                                                   ["random", "random"]))
        self.answers = 0
        self.statuses: dict[int, int] = {}
        headers = {"Content-Type": "application/json"}
        for seats in (["human", "random"], ["human", "human"], ["random", {"kind": "mcts", "simulations": 20}]):
            r = client.post("/api/tables", json={"game": "atelier_canvas", "seats": seats, "seed": 1}, headers=headers)
            assert r.status_code == 201, r.text
            for s in r.json()["seats"]:
                self.tables.append(tuple(str(s["url"]).split("/")[2:4]))  # type: ignore[arg-type]
        # A game salon ships a network for: a network seat, and hints asked for on the person's turns.
        r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", {"kind": "network", "simulations": 8}],
                                             "seed": 1}, headers=headers)
        assert r.status_code == 201, r.text
        self.tables.append(tuple(str(r.json()["url"]).split("/")[2:4]))  # type: ignore[arg-type]
        r = client.post("/api/reviews", content=self.record, headers={"Content-Type": "application/x-ndjson"})
        assert r.status_code == 201, r.text
        self.reviews.append(r.json()["review"])


# ------------------------------------------------------------------- strategies

# Text of every kind, lone surrogates included (JSON can spell them: "\ud800").
any_text = st.text(max_size=30)
plain_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)
numbers = st.one_of(st.integers(), st.integers(-3, 600), st.floats(allow_nan=True, allow_infinity=True))
scalars = st.one_of(st.none(), st.booleans(), numbers, any_text)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(any_text, inner, max_size=4)), max_leaves=12)

games = st.one_of(st.sampled_from(salon.game_names()), any_text, scalars)
param_values = st.one_of(st.sampled_from([2, 3, 4, 5, 9, "A", "B", True, False, "basic", "primary"]), scalars,
                         st.just("/etc/passwd"), st.just("/dev/zero"))
param_names = st.one_of(st.sampled_from(["players", "side", "expert", "advanced", "glass_reset", "joker_colours",
                                         "components", "name", "seed"]), any_text)
params = st.one_of(st.dictionaries(param_names, param_values, max_size=3), json_values)
seat = st.one_of(
    st.sampled_from(["human", "random", "greedy", "wizard", {"kind": "human", "name": "ada"}]),
    st.builds(lambda s: {"kind": "mcts", "seconds": s}, st.one_of(st.floats(0.05, 0.2), numbers, any_text)),
    st.builds(lambda n: {"kind": "mcts", "simulations": n}, st.one_of(st.integers(1, 50), st.integers(), any_text)),
    st.builds(lambda n: {"kind": "network", "simulations": n}, st.one_of(st.integers(1, 20), st.integers(), any_text)),
    st.dictionaries(st.sampled_from(["kind", "seconds", "simulations", "name", "x"]), scalars, max_size=3),
    json_values,
)
valid_tables = st.one_of(
    st.builds(
        lambda game, seats, seed: {"game": game, "seats": seats, "seed": seed},
        st.sampled_from(salon.game_names()),
        st.lists(st.sampled_from(["human", "random", "greedy", {"kind": "mcts", "simulations": 10}]), min_size=2, max_size=2),
        st.integers(0, 2**63 - 1),
    ),
    # The game salon ships a network for at two players: network seats are valid there.
    st.builds(
        lambda seats, seed: {"game": "azul_sintra", "seats": seats, "seed": seed},
        st.lists(st.sampled_from(["human", "random", {"kind": "network", "simulations": 10}]), min_size=2, max_size=2),
        st.integers(0, 2**63 - 1),
    ),
)
table_bodies = st.fixed_dictionaries(
    {"game": games},
    optional={"params": params, "seats": st.one_of(st.lists(seat, max_size=5), json_values),
              "pace": st.one_of(st.floats(0, 0.01), numbers, any_text), "seed": st.one_of(st.integers(), scalars)},
)
fields = st.dictionaries(st.one_of(st.sampled_from(["slot", "source", "card", "colour", "kind", "with"]), any_text),
                         st.one_of(st.sampled_from(["deck", "B05", 0, 1, 3]), scalars, json_values), max_size=3)
move_bodies = st.one_of(
    st.fixed_dictionaries({"action": st.one_of(st.integers(-5, 600), st.integers(), scalars)},
                          optional={"version": st.one_of(st.integers(0, 50), scalars)}),
    st.fixed_dictionaries({"kind": st.one_of(st.sampled_from(["take", "play", "pass"]), any_text, scalars)},
                          optional={"fields": st.one_of(fields, json_values)}),
    json_values,
)


@st.composite
def records_text(draw: st.DrawFn, world: World) -> bytes:
    """A record upload: the real one, one with a field changed, or junk."""
    record = json.loads(world.record)
    choice = draw(st.integers(0, 3))
    if choice == 1:
        record[draw(st.sampled_from(sorted(record)))] = draw(json_values)
    elif choice == 2:
        i = draw(st.integers(0, len(record["actions"]) - 1))
        record["actions"][i] = draw(st.one_of(json_values, st.builds(lambda a, t: [a, t], numbers, any_text)))
    elif choice == 3:
        return draw(st.one_of(st.binary(max_size=200), st.builds(lambda v: json.dumps(v).encode(), json_values)))
    return (json.dumps(record) + "\n").encode()


@st.composite
def path_part(draw: st.DrawFn, real: list[str]) -> str:
    if real and draw(st.integers(0, 3)) > 0:
        return draw(st.sampled_from(real))
    raw = draw(st.one_of(plain_text.filter(bool), st.binary(min_size=1, max_size=12).map(lambda b: b.decode("latin-1")),
                         st.sampled_from(["..", "%00", "\u00b2", "9" * 5000, "-1", "0"])))
    return quote(raw, safe="")


ACTIONS = ["", "/move", "/undo", "/resign", "/new", "/stop", "/hint", "/record", "/review", "/x"]


@st.composite
def requests(draw: st.DrawFn, world: World) -> dict[str, Any]:
    """One request: method, path, query, headers and body."""
    kind = draw(st.sampled_from(["page", "static", "games", "create", "table", "upload", "review", "position", "random"]))
    table, key = draw(st.sampled_from(world.tables))
    if draw(st.integers(0, 4)) == 0:
        table = draw(path_part([table]))
    if draw(st.integers(0, 4)) == 0:
        key = draw(path_part([key]))
    review = draw(path_part(world.reviews))
    method = "GET"
    query: dict[str, str] = {}
    body: bytes | None = None
    if kind == "page":
        path = draw(st.sampled_from(["/", f"/play/{table}/{key}", f"/review/{review}"]))
    elif kind == "static":
        path = "/static/" + draw(path_part(["table.js", "start.js", "style.css", "index.html", "table.html", "app.py"]))
    elif kind == "games":
        path = "/api/games"
    elif kind == "create":
        method, path = "POST", "/api/tables"
        body = json.dumps(draw(st.one_of(valid_tables, table_bodies, json_values))).encode()
    elif kind == "table":
        action = draw(st.sampled_from(ACTIONS))
        path = f"/api/tables/{table}/{key}{action}"
        method = "GET" if action in ("", "/record") else "POST"
        if action == "":
            query["wait"] = draw(st.sampled_from(["0", "0.01", "x", "\u00b2", "inf", "-1", "1e400"]))
            if draw(st.booleans()):
                query["after"] = draw(st.one_of(st.integers(-3, 60).map(str), plain_text, st.just("9" * 5000)))
        if action == "/move":
            body = json.dumps(draw(move_bodies)).encode()
        elif method == "POST":
            body = draw(st.one_of(st.just(b""), st.just(b"{}"), st.builds(lambda v: json.dumps(v).encode(), json_values)))
    elif kind == "upload":
        method, path = "POST", "/api/reviews"
        body = draw(records_text(world))
        if draw(st.booleans()):
            query["line"] = draw(st.one_of(st.integers(-2, 3).map(str), plain_text, st.just("9" * 5000), st.just("\u00b2")))
    elif kind == "review":
        path = f"/api/reviews/{review}"
    elif kind == "position":
        position = draw(st.one_of(st.integers(-2, 300).map(str), path_part([])))
        path = f"/api/reviews/{review}/{position}"
        if draw(st.booleans()):
            query["view"] = draw(st.one_of(st.integers(-3, 3).map(str), plain_text))
    else:
        path = "/" + "/".join(draw(st.lists(path_part(["api", "tables", "reviews", "static", table, key]), max_size=5)))
    if draw(st.integers(0, 9)) == 0:
        method = draw(st.sampled_from(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "GET", "POST"]))
    headers: dict[str, str] = {}
    content_type = draw(st.sampled_from(["application/json", "application/json", "application/x-ndjson", "text/plain",
                                         "application/x-www-form-urlencoded", None, "application/json; charset=latin-1"]))
    if content_type is not None:
        headers["Content-Type"] = content_type
    origin = draw(st.sampled_from([None, None, BASE_URL, "http://evil.example", "null"]))
    if origin is not None:
        headers["Origin"] = origin
    if draw(st.integers(0, 14)) == 0:
        headers["Host"] = draw(st.sampled_from(["evil.example", "127.0.0.1:9", "localhost:8000", "[::1]:8000"]))
    return {"method": method, "url": path, "params": query, "headers": headers, "content": body}


# ------------------------------------------------------------------- the run


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    app = create_app(bot_threads=2, max_tables=MAX_TABLES, max_reviews=MAX_REVIEWS, watch_seconds=1.0)
    with TestClient(app, base_url=BASE_URL, raise_server_exceptions=False) as client:
        yield World(client)


def _send(world: World, request: dict[str, Any]) -> None:
    r = world.client.request(**request)
    world.answers += 1
    world.statuses[r.status_code] = world.statuses.get(r.status_code, 0) + 1
    where = f"{request['method']} {request['url'][:120]} {request['params']} {request['headers']}"
    # No 5xx, but the one a full server gives: the table cap (503, typed, "try again later").
    full = r.status_code == 503 and r.json().get("type") == "TooManyTablesError"
    assert r.status_code < 500 or full, f"{where}: {r.status_code} {r.text[:300]}"
    text = r.content.decode("utf-8")  # every answer encodes
    if request["method"] == "HEAD":
        return
    if r.status_code >= 400:
        error = json.loads(text)
        assert isinstance(error["error"], str) and isinstance(error["type"], str), where
    elif r.url.path.startswith("/api/") and not r.url.path.endswith("/record"):
        json.loads(text)  # the path as sent (the client removes dot segments)
    if r.headers.get("content-type", "").startswith("application/json"):
        json.loads(text)


def test_generated_requests_never_get_a_500_and_memory_stays_flat(world: World) -> None:
    """The generated requests, then the same requests again: the second pass measures the
    server's memory (the first fills the stores; hypothesis's own bookkeeping, which grows
    with every example, is over by then)."""
    process = psutil.Process()
    app = world.client.app
    sent: list[dict[str, Any]] = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        for request in data.draw(st.lists(requests(world), min_size=1, max_size=10)):
            sent.append(request)
            _send(world, request)

    run()
    first_pass = world.answers
    gc.collect()
    samples: list[float] = []
    for i, request in enumerate(sent):
        _send(world, request)
        if i % 25 == 0:
            samples.append(process.memory_info().rss / 2**20)
    assert first_pass >= 4 * EXAMPLES and world.answers >= 2 * first_pass
    assert len(app.state.tables) <= MAX_TABLES  # type: ignore[attr-defined]
    assert len(app.state.reviews) <= MAX_REVIEWS  # type: ignore[attr-defined]
    assert app.state.reviews.bytes <= app.state.reviews.max_bytes  # type: ignore[attr-defined]
    # Flat: the last quarter of the second pass is where its second quarter was.
    quarter = len(samples) // 4
    second, last = sum(samples[quarter : 2 * quarter]) / quarter, sum(samples[-quarter:]) / quarter
    assert last < second + 5, f"RSS (MiB): second pass from {samples[0]:.1f}, second quarter {second:.1f}, last {last:.1f}"
    ok = sum(n for s, n in world.statuses.items() if s < 300)
    assert ok > world.answers // 20, world.statuses  # the run reached the routes, not only the door
    assert world.statuses.get(201, 0) > 10, world.statuses  # tables and reviews were made
    print(f"{world.answers} answers ({first_pass} generated, then again), statuses {sorted(world.statuses.items())}; "
          f"RSS of the second pass (MiB): start {samples[0]:.1f}, second quarter {second:.1f}, "
          f"last quarter {last:.1f}, max {max(samples):.1f}")
