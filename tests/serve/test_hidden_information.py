"""A seat's page never receives a card hidden from it: whole games of every title, every
payload checked (the view after each move, the long-poll answers, the error answers, the
page files), against the hidden values of the position at that moment (tests/serve/leaks.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import salon
from tests.serve.conftest import open_table
from tests.serve.leaks import Payloads, hidden_at, positions

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("azul_sintra", {}),
    ("atelier_studio", {}),
    ("atelier_studio", {"players": 3}),
    ("colors_of_paris", {"advanced": True}),
    ("colors_of_paris", {}),
    ("atelier_canvas", {}),
    ("atelier_canvas", {"expert": True, "players": 3}),
]


def _play_whole_game(client: TestClient, name: str, params: dict[str, Any], seed: int) -> tuple[Payloads, dict[str, Any]]:
    n = salon.load_game(name, **params).num_players()
    url = open_table(client, name, ["human"] + ["random"] * (n - 1), params=params, seed=seed)
    rng = random.Random(seed)
    payloads = Payloads(seat=0)
    # The page files are payloads too.
    for path in ("/", url.replace("/api/tables/", "/play/"), "/static/table.js", "/static/start.js"):
        payloads.add(0, client.get(path).text)
    view: dict[str, Any] | None = None
    version = -1
    while view is None or not view["over"]:
        if view is None or not view["your_turn"]:
            r = client.get(f"{url}?after={version}&wait=10")
            payloads.add(r.json()["ply"], r.text)
            view = r.json()
            version = view["version"]
        if view["your_turn"]:
            if rng.random() < 0.05:
                # A refused move: its error answer is a payload as well.
                bad = client.post(url + "/move", json={"action": 10**6})
                assert bad.status_code == 400
                payloads.add(view["ply"], bad.text)
            move = rng.choice(view["moves"])
            r = client.post(url + "/move", json={"action": move["action"], "version": view["version"]})
            assert r.status_code == 200, r.text
            payloads.add(r.json()["ply"], r.text)
            view = r.json()
            version = view["version"]
    record = client.get(url + "/record").json()
    return payloads, record


@pytest.mark.parametrize(("name", "params"), GAMES, ids=[f"{n}{p or ''}" for n, p in GAMES])
def test_no_payload_of_a_whole_game_names_a_hidden_card(client: TestClient, name: str, params: dict[str, Any]) -> None:
    payloads, record = _play_whole_game(client, name, params, seed=11)
    assert record["game"] == name
    assert len(payloads.bodies) > 20
    assert payloads.leaks(record) == []
    if not salon.load_game(name, **params).perfect_information:
        # The check looked for something: hidden cards existed at many positions.
        assert payloads.hidden_count(record) > 50


def test_the_leak_check_finds_a_planted_card(client: TestClient) -> None:
    """The check itself can fail: the whole position's JSON, sent to seat 0, is caught."""
    payloads, record = _play_whole_game(client, "atelier_canvas", {}, seed=5)
    states = positions(record)
    ply = len(states) // 2
    assert hidden_at(states[ply], 0)
    payloads.add(ply, json.dumps(states[ply].to_dict()))
    assert payloads.leaks(record)


def test_log_texts_hide_the_cards_dealt_to_others(client: TestClient) -> None:
    url = open_table(client, "atelier_canvas", ["human", "random"], seed=2)
    view = client.get(url + "?wait=0").json()
    while not view["your_turn"]:
        view = client.get(f"{url}?after={view['version']}&wait=10").json()
    texts = [e["text"] for e in view["log"] if e["actor"] == salon.CHANCE]
    own = [t for t in texts if t.endswith("to player 0")]
    others = [t for t in texts if "to player 1" in t and t != "deal a card to player 1"]
    assert len(own) >= 5 and "deal a card to player 0" not in own  # the seat reads its own cards
    assert others == []   # and not the opponent's
    # what the engine says seat 0 may read of the others' cards (State.action_to_string(0, a))
    assert sum(t == "deal a card to player 1" for t in texts) >= 5
