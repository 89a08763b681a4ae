"""`salon serve` against a hostile client: every request of the issue "no request reaches the
server's files, no 500, and no seat can cheat another" (items 1 to 4; item 5 is
test_fairness.py), each answered by the intended typed 4xx, the server still answering
``/api/games`` within a second afterwards, and no file outside the package opened."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

import salon
from salon import records
from salon.arena import play_game
from salon.serve.app import create_app
from salon.serve.guard import HostPolicy
from salon.serve.review import MAX_RECORD_BYTES
from salon.serve.seats import MAX_SIMULATIONS
from tests.serve.conftest import BASE_URL, JSON, open_table, wait_turn
from tests.serve.live import live_server

SECRET = "SECRET-5f1c0a-do-not-show"
PACKAGE = Path(salon.__file__).resolve().parent


def _error(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    data = response.json()
    assert data["type"] == kind, data
    assert isinstance(data["error"], str) and data["error"]
    return str(data["error"])


# ------------------------------------------------------------ what the process opens

_opened: list[str] = []
_watching = threading.Event()


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _watching.is_set() and event in ("open", "os.listdir", "os.scandir", "os.mkfifo") and args:
        path = args[0]
        if isinstance(path, (str, bytes, os.PathLike)):
            _opened.append(os.fsdecode(path))


sys.addaudithook(_audit)


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """The paths this process opens (or lists) while the test runs."""
    _opened.clear()
    _watching.set()
    try:
        yield _opened
    finally:
        _watching.clear()


def _alive(url: str) -> None:
    """The server answers /api/games within a second."""
    started = time.monotonic()
    r = httpx.get(url + "/api/games", timeout=1.0)
    assert r.status_code == 200 and time.monotonic() - started < 1.0


# --------------------------------------------------------- 1: the server's own files


@pytest.fixture
def planted(tmp_path: Path) -> dict[str, str]:
    """Files a request must never reach: a FIFO (opening it blocks), a JSON file and a
    component-looking file whose contents must not appear in any answer, a folder."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"name": SECRET, "flag": SECRET}))
    components = tmp_path / "components.json"
    components.write_text(salon.load_game("azul_sintra").components_json().replace('"name":', f'"{SECRET}":', 1))
    return {"fifo": str(fifo), "secret": str(secret), "components": str(components), "folder": str(tmp_path),
            "zero": "/dev/zero", "missing": str(tmp_path / "missing.json")}


def test_a_component_path_in_a_request_is_refused_before_any_file_is_opened(
    planted: dict[str, str], opened: list[str]
) -> None:
    with live_server(bot_threads=2) as (url, _):
        client = httpx.Client(base_url=url, headers=JSON, timeout=5.0)
        answers = []
        for path in planted.values():
            for key in ("components", "components_json", "path"):
                body = {"game": "azul_sintra", "params": {key: path}, "seats": ["human", "human"]}
                r = client.post("/api/tables", json=body)
                answers.append(r.text)
                assert key in _error(r, 400, "InvalidParameterError")
            # An OpenSpiel-style name is not a way in either.
            r = client.post("/api/tables", json={"game": f"azul_sintra(components={path})", "seats": ["human"] * 2})
            answers.append(r.text)
            _error(r, 400, "UnknownGameError")
        # The component set's JSON text itself, and any other keyword of load_game.
        text = salon.load_game("azul_sintra").components_json()
        for params in ({"components": text}, {"name": "x"}, {"components": {"a": 1}}, {"seed": 3}):
            r = client.post("/api/tables", json={"game": "azul_sintra", "params": params, "seats": ["human"] * 2})
            answers.append(r.text)
            _error(r, 400, "InvalidParameterError")
        _alive(url)
        client.close()
    assert not any(SECRET in a for a in answers)
    assert not any(a.find("exist") >= 0 or a.find("folder") >= 0 or a.find("directory") >= 0 for a in answers)
    tmp = str(Path(planted["fifo"]).parent)
    assert [p for p in opened if p.startswith(tmp) or p.startswith("/dev/")] == []
    # Nothing outside the package and Python's own files (lazily imported modules) at all.
    roots = tuple(str(Path(r).resolve()) for r in {sys.prefix, sys.base_prefix, sys.exec_prefix, str(PACKAGE)})
    # Python's import machinery lists the directories of sys.path (the checkout's root among
    # them, wherever it is cloned): listing them reads no file.
    search_path = {str(Path(p).resolve()) for p in sys.path if p} | {str(Path.cwd().resolve())}
    assert [p for p in opened if not str(Path(p).resolve()).startswith(roots) and str(Path(p).resolve()) not in search_path] == []


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": "2"}, "an integer, got a text"),
        ({"players": True}, "an integer, got a boolean"),
        ({"players": 2.0}, "an integer, got float"),
        ({"players": 9}, "must be one of 2, 3, 4"),
        ({"side": "C"}, "must be one of A, B"),
        ({"side": ["A"]}, "a text, got list"),
        ({"players": None}, "an integer, got NoneType"),
    ],
)
def test_parameters_have_the_declared_types_and_values(client: TestClient, params: dict[str, Any], words: str) -> None:
    r = client.post("/api/tables", json={"game": "azul_sintra", "params": params, "seats": ["human"] * 2})
    assert words in _error(r, 400, "InvalidParameterError")


def test_declared_parameters_still_work(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "atelier_canvas", "params": {"players": 3, "expert": True},
                                         "seats": ["human", "random", "random"]})
    assert r.status_code == 201, r.text
    view = client.get(str(r.json()["url"]).replace("/play/", "/api/tables/") + "?wait=0").json()
    assert "expert" in view["game"]["spec"] and len(view["players"]) == 3


def test_page_files_are_read_once_never_on_a_request(client: TestClient, opened: list[str]) -> None:
    for path in ("/", "/static/table.js", "/static/style.css", "/static/nothing.js", "/static/..%2F__init__.py",
                 "/static/table.js%00.css", "/static/%ED%A0%80.js", "/static/" + "a" * 5000 + ".js"):
        assert client.get(path).status_code in (200, 404)
    assert opened == []


# ------------------------------------------------------------ 2: cross-site requests


def test_a_cross_site_text_plain_post_is_refused(bare: TestClient) -> None:
    registry = bare.app.state.tables  # type: ignore[attr-defined]
    body = json.dumps({"game": "azul_sintra", "seats": ["human", "random"]})
    # As the issue sent it: a foreign Origin and Host, text/plain.
    r = bare.post("/api/tables", content=body, headers={"Content-Type": "text/plain", "Origin": "http://evil.example",
                                                        "Host": "evil.example"})
    _error(r, 403, "ForeignHostError")
    # Our Host (a DNS rebinding would not have it), but a foreign Origin.
    for origin in ("http://evil.example", "null", "http://127.0.0.1:8000.evil.example", "http://localhost:8000"):
        r = bare.post("/api/tables", content=body, headers={"Content-Type": "application/json", "Origin": origin})
        _error(r, 403, "ForeignOriginError")
    r = bare.post("/api/tables", content=body, headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"})
    _error(r, 403, "ForeignOriginError")
    # Our Origin, but a body a page of another site could send without a preflight.
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "",
                 "application/json; charset=latin-1", "text/json"):
        r = bare.post("/api/tables", content=body, headers={"Content-Type": kind, "Origin": BASE_URL})
        _error(r, 415, "UnsupportedMediaTypeError")
    r = bare.post("/api/tables", content=body)  # no Content-Type at all
    _error(r, 415, "UnsupportedMediaTypeError")
    assert len(registry) == 0
    # The page's own request is served.
    ok = bare.post("/api/tables", content=body, headers={"Content-Type": "application/json; charset=utf-8", "Origin": BASE_URL})
    assert ok.status_code == 201, ok.text
    assert len(registry) == 1


def test_every_state_changing_route_needs_json_and_our_origin(client: TestClient, bare: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "random"], seed=1)
    table_id, key = url.rsplit("/", 2)[-2:]
    routes = [f"/api/tables/{table_id}/{key}/{action}" for action in ("move", "undo", "resign", "new", "stop", "hint", "review")]
    routes += ["/api/tables", "/api/reviews"]
    for route in routes:
        _error(bare.post(route, content=b"{}", headers={"Content-Type": "text/plain"}), 415, "UnsupportedMediaTypeError")
        _error(bare.post(route, content=b"{}"), 415, "UnsupportedMediaTypeError")
        _error(bare.post(route, json={}, headers={"Origin": "https://evil.example"}), 403, "ForeignOriginError")
    before = client.get(url + "?wait=0").json()
    assert not before["over"] and before["games_played"] == 1


def test_the_page_declares_json_on_every_post() -> None:
    """The page's own requests pass the door: every POST of its scripts names a JSON type."""
    from salon.serve import page

    posts = 0
    for name in ("table.js", "start.js"):
        text = page.files()[name].decode()
        for at in [i for i in range(len(text)) if text.startswith('method: "POST"', i)]:
            options = text[at : text.index("}", text.index("body", at) if "body" in text[at : at + 200] else at)]
            assert '"Content-Type": "application/' in options, f"{name}: {options!r}"
            posts += 1
    assert posts >= 4


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example:8000", "localhost.:8000",
                                  "127.0.0.1:8000:1", "[::1", "", "192.168.1.20:8000", "l\u00f6calhost:8000"])
def test_a_foreign_host_is_refused_even_for_reading(bare: TestClient, host: str) -> None:
    raw = host.encode("latin-1")  # as bytes: a client may send any
    _error(bare.get("/api/games", headers={"Host": raw}), 403, "ForeignHostError")
    _error(bare.get("/", headers={"Host": raw}), 403, "ForeignHostError")


def test_the_host_must_name_the_port_the_server_listens_on() -> None:
    with TestClient(create_app(bot_threads=2, port=8765), base_url="http://127.0.0.1:8765") as c:
        assert c.get("/api/games").status_code == 200
        assert c.get("/api/games", headers={"Host": "localhost:8765"}).status_code == 200
        _error(c.get("/api/games", headers={"Host": "127.0.0.1:8000"}), 403, "ForeignHostError")
        _error(c.get("/api/games", headers={"Host": "127.0.0.1"}), 403, "ForeignHostError")


def test_host_policies_of_the_addresses_a_server_listens_on() -> None:
    loopback = HostPolicy.for_bind("127.0.0.1", 8000)
    assert loopback.allows("127.0.0.1:8000") and loopback.allows("LOCALHOST:8000") and loopback.allows("[::1]:8000")
    assert not loopback.allows("192.168.1.20:8000") and not loopback.allows("evil.example:8000")
    everywhere = HostPolicy.for_bind("0.0.0.0", 8000)
    assert everywhere.allows("192.168.1.20:8000") and everywhere.allows("[fe80::1]:8000")
    assert not everywhere.allows("evil.example:8000") and not everywhere.allows("192.168.1.20:8001")
    one = HostPolicy.for_bind("192.168.1.20", 80)
    assert one.allows("192.168.1.20") and one.allows("192.168.1.20:80") and not one.allows("10.0.0.1")
    assert HostPolicy.for_bind("127.0.0.1", 8000, ["salon.lan"]).allows("salon.lan:8000")


# -------------------------------------------------------------------- 3: no 500


def _raw(client: TestClient, path: str, raw: bytes, **headers: str) -> Any:
    return client.post(path, content=raw, headers={"Content-Type": "application/json", **headers})


def test_text_that_cannot_be_encoded_is_refused_at_the_door(bare: TestClient) -> None:
    registry = bare.app.state.tables  # type: ignore[attr-defined]
    surrogate = b'"\\ud800"'
    for body in (
        b'{"game": "azul_sintra", "seats": [{"kind": "human", "name": ' + surrogate + b'}, "random"]}',
        b'{"game": "azul_sintra", "seats": ["human", "random"], ' + surrogate + b': 1}',
        b'{"game": "azul_sintra", "params": {"side": ' + surrogate + b'}, "seats": ["human", "random"]}',
        b'{"game": ' + surrogate + b', "seats": ["human", "random"]}',
    ):
        assert "Unicode" in _error(_raw(bare, "/api/tables", body), 400, "BadRequestError")
    assert len(registry) == 0  # nothing counts against the table cap


def test_bad_moves_are_4xx(client: TestClient) -> None:
    url = open_table(client, "atelier_canvas", ["human", "random"], seed=3)
    view = wait_turn(client, url)
    for body in (
        b'{"kind": "\\ud800"}',
        b'{"kind": "take", "fields": {"\\udfff": 1}}',
        b'{"kind": "take", "fields": {"source": "\\ud800"}}',
        b'{"action": 1, "version": "\\ud800"}',
    ):
        assert "Unicode" in _error(_raw(client, url + "/move", body), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"kind": "take", "fields": {"kind": 1}}), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"kind": "x" * 10_000}), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"kind": "take", "fields": {"slot": 10**40}}), 400, "IllegalActionError")
    now = client.get(url + "?wait=0").json()
    assert (now["version"], now["ply"]) == (view["version"], view["ply"])
    assert now["players"][0]["label"] == "a person"


def _record(name: str = "atelier_canvas", seed: int = 3) -> dict[str, Any]:
    game = salon.load_game(name)
    return records.record_of(play_game(game, ["greedy", "random"], seed), ["greedy", "random"])


def _upload(client: TestClient, text: str | bytes, query: str = "") -> Any:
    return client.post("/api/reviews" + query, content=text, headers={"Content-Type": "application/x-ndjson"})


def test_uploaded_records_with_text_that_cannot_be_encoded_are_refused(client: TestClient) -> None:
    text = json.dumps(_record())
    player = text.replace('"players": ["greedy", "random"]', '"players": ["greedy", "\\ud800"]')
    label = text.replace(', "', ', "\\udbff', 1)  # a key
    action = json.loads(text)
    action["actions"][3][1] = "SURROGATE"
    move = json.dumps(action).replace("SURROGATE", "\\udc00")
    for bad in (player, label, move):
        assert bad != text
        assert "Unicode" in _error(_upload(client, bad), 400, "RecordError")
    assert len(client.app.state.reviews) == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("line", ["\u00b2", "9" * 5000, "-1", "0", "1.5", "\u0661", " 1", "0x1", "1e3"])
def test_line_numbers_are_ascii_digits(client: TestClient, line: str) -> None:
    text = json.dumps(_record()) + "\n"
    assert "line" in _error(_upload(client, text, f"?line={line}"), 400, "BadRequestError")


@pytest.mark.parametrize("query", ["after=\u00b2", "after=" + "9" * 5000, "after=1e3", "wait=\u00b2", "wait=" + "9" * 5000,
                                   "wait=inf", "wait=1_0"])
def test_query_numbers_are_refused_by_name(client: TestClient, query: str) -> None:
    url = open_table(client, "azul_sintra", ["human", "random"], seed=2)
    _error(client.get(f"{url}?{query}"), 400, "BadRequestError")


def test_review_positions_and_views_are_strict(client: TestClient) -> None:
    rid = _upload(client, json.dumps(_record())).json()["review"]
    for bad in ("\u00b2", "9" * 5000, "1.0", "-1", "0x1"):
        _error(client.get(f"/api/reviews/{rid}/{bad}"), 400, "BadRequestError")
    for view in ("\u00b2", "9" * 5000, "x"):
        _error(client.get(f"/api/reviews/{rid}/0?view={view}"), 400, "BadRequestError")


def test_keys_of_any_text_are_404s(client: TestClient) -> None:
    """A seat key is compared in constant time; a key that is not ASCII is no key (found by
    test_property.py: compare_digest raised TypeError)."""
    url = open_table(client, "azul_sintra", ["human", "random"], seed=2)
    table_id = url.rsplit("/", 2)[-2]
    for key in ("%C2%80", "%ED%A0%80", "\u00e9t\u00e9", "%00"):
        r = client.get(f"/api/tables/{table_id}/{key}?wait=0")
        assert r.status_code == 404, r.text
        r = client.post(f"/api/tables/{table_id}/{key}/undo")
        assert r.status_code == 404, r.text


def test_page_file_names_are_404s(client: TestClient) -> None:
    for path in ("/static/table.js%00.css", "/static/%00", "/static/table.js%00", "/static/%ED%A0%80.css"):
        _error(client.get(path), 404, "StaticFileNotFoundError" if "%00" not in path else "NotFound")


def test_bad_content_lengths_are_4xx(bare: TestClient) -> None:
    for length in ("abc", "9" * 5000, "-1"):
        r = bare.post("/api/reviews", content=b"{}", headers={"Content-Type": "application/json", "Content-Length": length})
        assert 400 <= r.status_code < 500, r.text


# ------------------------------------------------------------------ 4: bounded cost


def test_a_padded_record_is_not_kept_whole(client: TestClient) -> None:
    record = _record()
    plain = json.dumps(record)
    pad = (MAX_RECORD_BYTES - len(plain) - 100) // 3
    padded = json.dumps({**record, "padding": [{}] * pad}, separators=(",", ":"))
    assert MAX_RECORD_BYTES - 4096 < len(padded) <= MAX_RECORD_BYTES
    store = client.app.state.reviews  # type: ignore[attr-defined]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ids = [_upload(client, padded).json()["review"] for _ in range(8)]
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(store) == 8
    one = store.get(ids[0]).cost
    assert one < 200 * 1024  # the moves and texts, not the 2 MiB upload
    assert kept < 8 * one + 2 * 1024 * 1024  # what the 8 reviews keep (plus the app's own noise)
    assert store.bytes == 8 * one


def test_review_costs_are_not_underestimated(client: TestClient) -> None:
    """The store's byte bound is honest: what the reviews really keep is below their cost."""
    texts = [json.dumps(_record(name, seed)) for name in salon.game_names() for seed in (1, 2)]
    store = client.app.state.reviews  # type: ignore[attr-defined]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ids = [_upload(client, t).json()["review"] for t in texts]
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 0 < kept <= sum(store.get(i).cost for i in ids)


def test_reviews_are_bounded_by_bytes() -> None:
    text = json.dumps(_record())
    with TestClient(create_app(bot_threads=2, max_review_bytes=300 * 1024), base_url=BASE_URL, headers=JSON) as c:
        store = c.app.state.reviews  # type: ignore[attr-defined]
        ids = [_upload(c, text).json()["review"] for _ in range(10)]
        assert store.bytes <= 300 * 1024 and 1 <= len(store) < 10
        _error(c.get(f"/api/reviews/{ids[0]}"), 404, "ReviewNotFoundError")  # the oldest went first
        assert c.get(f"/api/reviews/{ids[-1]}").status_code == 200
    with TestClient(create_app(bot_threads=2, max_review_bytes=1024), base_url=BASE_URL, headers=JSON) as c:
        _error(_upload(c, text), 413, "RecordTooLargeError")


def test_simulations_are_capped(client: TestClient) -> None:
    body = {"game": "atelier_canvas", "seats": ["human", {"kind": "mcts", "simulations": 1_000_000}]}
    assert str(MAX_SIMULATIONS) in _error(client.post("/api/tables", json=body), 400, "BadRequestError")


def test_a_bot_move_is_bounded_by_time_whatever_its_budget() -> None:
    """A search of a simulation budget that runs past the server's limit is not waited for:
    the table plays the greedy bot's move and goes on (``cut``)."""
    with TestClient(create_app(bot_threads=2, move_seconds=0.02), base_url=BASE_URL, headers=JSON) as c:
        url = open_table(c, "atelier_canvas", ["human", {"kind": "mcts", "simulations": 10_000}], seed=4)
        view = wait_turn(c, url)
        replies = []
        while not any(s["cut"] for s in replies):
            assert len(replies) < 10 and not view["over"]
            moved = c.post(url + "/move", json={"action": view["moves"][0]["action"], "version": view["version"]}).json()
            view = wait_turn(c, url, moved)
            if "1" in view["last_search"]:
                replies.append(view["last_search"]["1"])
        # Never a whole search of 10,000 simulations waited for (a search with one legal move is 0).
        assert all(s["cut"] or s["simulations"] == 0 for s in replies)
        cut = next(s for s in replies if s["cut"])
        assert cut["simulations"] is None
        assert any(e["actor"] == 1 for e in view["log"]) and view["your_turn"]


def test_a_fast_bot_never_waits_behind_searches_of_other_tables() -> None:
    """Two tables of MCTS bots only (4 s a move) and bot workers for two: a random bot's and a
    small MCTS bot's replies at other tables come while the first long search still runs."""
    with TestClient(create_app(bot_threads=2), base_url=BASE_URL, headers=JSON) as c:
        workers = c.app.state.workers  # type: ignore[attr-defined]
        long = {"kind": "mcts", "seconds": 4.0}
        watched = [open_table(c, "azul_sintra", [long, long], seed=s) for s in (1, 2)]
        deadline = time.monotonic() + 20
        while not (workers.running == 1 and workers.waiting == 1):  # tables of bots: half the workers
            assert time.monotonic() < deadline, (workers.running, workers.waiting)
            time.sleep(0.01)
        searches = len(workers.started_log)
        first = [c.get(u + "?wait=0").json() for u in watched]
        plies = [v["ply"] for v in first]
        for bot in ({"kind": "random"}, {"kind": "greedy"}, {"kind": "mcts", "simulations": 30}):
            url = open_table(c, "azul_sintra", ["human", bot], seed=5)
            view = wait_turn(c, url)
            for _ in range(3):
                moved = c.post(url + "/move", json={"action": view["moves"][0]["action"], "version": view["version"]}).json()
                view = wait_turn(c, url, moved)
                assert view["your_turn"] and any(e["actor"] == 1 for e in view["log"])
        # No long search ended meanwhile: the replies did not wait for one.
        assert [c.get(u + "?wait=0").json()["ply"] for u in watched] == plies
        # One table of bots searched, the other waited its turn; the small bot's searches ran beside.
        log = list(workers.started_log)
        assert set(log[:searches]) == {first[0]["table"]} or set(log[:searches]) == {first[1]["table"]}
        assert len(log) > searches and not set(log[searches:]) & {v["table"] for v in first}
        for u in watched:
            stopped = c.post(u + "/stop").json()
            assert stopped["over"] and stopped["result"]["stopped"]


def test_the_creator_of_a_table_of_bots_stops_it(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["random", "random"], "pace": 0.5, "seed": 1})
    url = str(r.json()["url"]).replace("/play/", "/api/tables/")
    assert len(r.json()["seats"]) == 1  # one key, the creator's
    view = client.get(url + "?wait=0").json()
    assert view["can_stop"] and view["bot_only"]
    stopped = client.post(url + "/stop").json()
    assert stopped["over"] and stopped["result"]["stopped"] and stopped["result"]["winners"] == []
    ply = stopped["ply"]
    time.sleep(0.6)  # a bot would have moved by now (pace 0.5 s)
    assert client.get(url + "?wait=0").json()["ply"] == ply
    _error(client.post(url + "/stop"), 409, "GameOverError")
    record = client.get(url + "/record").json()
    assert record["stopped"] is True and records.replay(record).ply == ply
    fresh = client.post(url + "/new").json()
    assert fresh["games_played"] == 2 and not fresh["over"]
    # At a table with a person, stop is not a seat's: a person resigns.
    person = open_table(client, "azul_sintra", ["human", "random"])
    assert "resigns" in _error(client.post(person + "/stop"), 403, "NotAllowedError")


def test_a_table_of_bots_nobody_watches_pauses() -> None:
    with TestClient(create_app(bot_threads=2, watch_seconds=0.3), base_url=BASE_URL, headers=JSON) as c:
        bot = {"kind": "mcts", "simulations": 200}  # a game of these outlasts the watch window many times
        r = c.post("/api/tables", json={"game": "atelier_canvas", "seats": [bot, bot], "seed": 3})
        url = str(r.json()["url"]).replace("/play/", "/api/tables/")
        table = next(iter(c.app.state.tables._tables.values()))  # type: ignore[attr-defined]

        def paused_after(ply: int) -> int:
            deadline = time.monotonic() + 30
            while not (table.paused and table.state.ply > ply):
                assert time.monotonic() < deadline and not table.over
                time.sleep(0.01)
            return int(table.state.ply)

        ply = paused_after(0)
        time.sleep(0.5)
        assert table.state.ply == ply and table.paused  # unseen: no bot moves
        seen = c.get(url + "?wait=0").json()
        assert not seen["paused"]  # a look resumes it...
        assert paused_after(ply) > ply  # ...and it pauses again once unseen
        assert not table.over


def test_the_server_answers_after_the_hostile_requests(planted: dict[str, str]) -> None:
    """A live server: every hostile request of the issue in a row, then /api/games answers
    within a second."""
    with live_server(bot_threads=2) as (url, app):
        client = httpx.Client(base_url=url, headers=JSON, timeout=5.0)
        statuses = []
        for path in (planted["fifo"], planted["zero"], planted["secret"]):
            statuses.append(client.post("/api/tables", json={"game": "azul_sintra", "params": {"components": path},
                                                             "seats": ["human", "human"]}).status_code)
        statuses.append(client.post("/api/tables", json={"game": "azul_sintra", "params": {"name": "x"},
                                                         "seats": ["human", "human"]}).status_code)
        statuses.append(client.post("/api/tables", content=b'{"game": "azul_sintra", "seats": [{"kind": "human", "name": "\\ud800"}, "human"]}').status_code)
        statuses.append(client.post("/api/tables", content=b"{}", headers={"Content-Type": "text/plain", "Origin": "http://evil.example"}).status_code)
        statuses.append(httpx.get(url + "/api/games", headers={"Host": "evil.example"}, timeout=5).status_code)
        statuses.append(client.get("/static/table.js%00.css").status_code)
        statuses.append(client.post("/api/reviews?line=%C2%B2", content=b"{}").status_code)
        statuses.append(client.post("/api/reviews?line=" + "9" * 5000, content=b"{}").status_code)
        statuses.append(client.post("/api/tables", json={"game": "atelier_canvas", "seats": ["human", {"kind": "mcts", "simulations": 1_000_000}]}).status_code)
        assert statuses == [400, 400, 400, 400, 400, 403, 403, 404, 400, 400, 400]
        assert len(app.state.tables) == 0
        _alive(url)
        client.close()
