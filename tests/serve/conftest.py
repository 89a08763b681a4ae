from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from salon.serve.app import create_app


BASE_URL = "http://127.0.0.1:8000"
# What the page sends with every POST (the server refuses a state-changing request of another type).
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A client as the page is one: the server's own address, JSON bodies."""
    with TestClient(create_app(bot_threads=2), base_url=BASE_URL, headers=JSON, raise_server_exceptions=True) as c:
        yield c


@pytest.fixture
def bare() -> Iterator[TestClient]:
    """A client that sends only the headers a test gives (for the door's refusals); no
    exception of the app is raised into the test: a bug is a 500 answer, as a client sees it."""
    with TestClient(create_app(bot_threads=2), base_url=BASE_URL, raise_server_exceptions=False) as c:
        yield c


def open_table(client: TestClient, game: str, seats: list[Any], **extra: Any) -> str:
    """Creates a table; returns the API address of its first seat."""
    body = {"game": game, "seats": seats, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["url"]).replace("/play/", "/api/tables/")


def wait_turn(client: TestClient, url: str, view: dict[str, Any] | None = None) -> dict[str, Any]:
    """The seat's view once it is to move or the game is over."""
    if view is None:
        view = client.get(url + "?wait=0").json()
    while not (view["your_turn"] or view["over"]):
        view = client.get(f"{url}?after={view['version']}&wait=10").json()
    return view
