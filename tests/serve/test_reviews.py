"""Uploaded records: validated by replay, size-limited, typed errors; reviewed position by position."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

import salon
from salon import records
from salon.arena import play_game
from salon.serve.review import MAX_RECORD_BYTES


def _record_text(name: str = "atelier_canvas", seed: int = 3) -> str:
    game = salon.load_game(name)
    state = play_game(game, ["greedy", "random"], seed)
    return json.dumps(records.record_of(state, ["greedy", "random"])) + "\n"


def _error(response: object, status: int, kind: str) -> str:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    data = response.json()  # type: ignore[attr-defined]
    assert data["type"] == kind, data
    return str(data["error"])


def test_an_uploaded_record_is_reviewed_move_by_move(client: TestClient) -> None:
    text = _record_text()
    made = client.post("/api/reviews", content=text)
    assert made.status_code == 201
    rid = made.json()["review"]
    assert made.json()["url"] == f"/review/{rid}"
    summary = client.get(f"/api/reviews/{rid}").json()
    record = json.loads(text)
    assert len(summary["moves"]) == len(record["actions"])
    assert [m["text"] for m in summary["moves"]] == [t for _, t in record["actions"]]
    assert summary["scores"] == record["scores"] and summary["terminal"]
    final = records.replay(record)
    last = client.get(f"/api/reviews/{rid}/{len(record['actions'])}").json()
    assert last["svg"] == final.render_svg()
    mine = client.get(f"/api/reviews/{rid}/{len(record['actions'])}?view=1").json()
    assert mine["svg"] == final.render_svg(1)
    assert client.get(f"/api/reviews/{rid}/0").json()["svg"] == records.start_state(record, final.game()).render_svg()


def test_the_second_record_of_a_file_by_line(client: TestClient) -> None:
    text = _record_text(seed=1) + _record_text("azul_sintra", seed=2)
    rid = client.post("/api/reviews?line=2", content=text).json()["review"]
    assert client.get(f"/api/reviews/{rid}").json()["game"]["name"] == "azul_sintra"
    assert "line 3" in _error(client.post("/api/reviews?line=3", content=text), 400, "RecordError")
    _error(client.post("/api/reviews?line=x", content=text), 400, "BadRequestError")


def _tampered(text: str) -> str:
    record = json.loads(text)
    action, label = record["actions"][40]
    record["actions"][40] = [action + 1000, label]
    return json.dumps(record)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda t: "", "no record"),
        (lambda t: "{not json", "not valid JSON"),
        (lambda t: "[1, 2]", "JSON object"),
        (lambda t: t.replace('"format":"salon-record/1"', '"format":"salon-record/9"').replace('"format": "salon-record/1"', '"format": "salon-record/9"'), "format"),
        (lambda t: t.replace('"game": "atelier_canvas"', '"game": "chess"'), "chess"),
        (_tampered, "move 40"),
        (lambda t: json.dumps({**json.loads(t), "scores": [999, 0]}), "final scores"),
        (lambda t: json.dumps({**json.loads(t), "seed": -3}), "seed"),
        (lambda t: json.dumps({**json.loads(t), "actions": "all"}), "actions must be a list"),
        (lambda t: '{"a": 1, "a": 2}', "duplicate key"),
    ],
)
def test_bad_records_are_refused_with_the_reason(client: TestClient, make: object, words: str) -> None:
    text = make(_record_text())  # type: ignore[operator]
    message = _error(client.post("/api/reviews", content=text), 400, "RecordError")
    assert words in message, message


def test_uploads_are_size_limited_and_utf8(client: TestClient) -> None:
    big = b" " * (MAX_RECORD_BYTES + 1)
    assert "2048 KiB" in _error(client.post("/api/reviews", content=big), 413, "RecordTooLargeError")
    _error(client.post("/api/reviews", content=b"\xff\xfe\x00"), 400, "RecordError")


def test_missing_reviews_and_bad_positions(client: TestClient) -> None:
    _error(client.get("/api/reviews/nothing"), 404, "ReviewNotFoundError")
    _error(client.get("/api/reviews/nothing/3"), 404, "ReviewNotFoundError")
    rid = client.post("/api/reviews", content=_record_text()).json()["review"]
    total = len(client.get(f"/api/reviews/{rid}").json()["moves"])
    _error(client.get(f"/api/reviews/{rid}/{total + 1}"), 400, "BadRequestError")
    _error(client.get(f"/api/reviews/{rid}/0?view=2"), 400, "BadRequestError")
    _error(client.get(f"/api/reviews/{rid}/0?view=-2"), 400, "BadRequestError")
    _error(client.get(f"/api/reviews/{rid}/-1"), 400, "BadRequestError")
    _error(client.get(f"/api/reviews/{rid}/" + "9" * 5000), 400, "BadRequestError")
    _error(client.get(f"/api/reviews/{rid}/\u00b2"), 400, "BadRequestError")


def test_a_finished_table_opens_as_a_review(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", "random"], "seed": 4})
    url = r.json()["url"].replace("/play/", "/api/tables/")
    _error(client.post(url + "/review"), 409, "GameNotOverError")
    client.post(url + "/resign")
    rid = client.post(url + "/review").json()["review"]
    summary = client.get(f"/api/reviews/{rid}").json()
    assert summary["resigned"] == 0 and summary["players"] == ["human", "random"]
