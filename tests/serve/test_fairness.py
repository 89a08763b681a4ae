"""No seat can cheat another: two people at one table of a hidden-information game
(atelier_canvas). Undo takes back only the asking seat's own last moves while no other person
has moved since; a new game during a game needs every person's ask; chance outcomes drawn stay
drawn across an undo (drawing from the deck and undoing again and again shows the same card)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

import salon

GAME = "atelier_canvas"


def _error(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    data = response.json()
    assert data["type"] == kind, data
    return str(data["error"])


def _two_people(client: TestClient, seed: int) -> list[str]:
    r = client.post("/api/tables", json={"game": GAME, "seats": ["human", "human"], "seed": seed})
    assert r.status_code == 201, r.text
    return [str(s["url"]).replace("/play/", "/api/tables/") for s in r.json()["seats"]]


def _views(client: TestClient, urls: list[str]) -> list[dict[str, Any]]:
    """Both seats' views once one of them is to move."""
    views = [client.get(u + "?wait=0").json() for u in urls]
    while not any(v["your_turn"] or v["over"] for v in views):
        views = [client.get(f"{u}?after={v['version']}&wait=2").json() for u, v in zip(urls, views)]
    return [client.get(u + "?wait=0").json() for u in urls]


def _play_one(client: TestClient, urls: list[str], pick: int = 0) -> int:
    """The seat to move plays one move (its ``pick``-th legal move that is not a deck draw)."""
    views = _views(client, urls)
    seat = next(i for i, v in enumerate(views) if v["your_turn"])
    moves = [m for m in views[seat]["moves"] if m["fields"].get("source") != "deck"] or views[seat]["moves"]
    move = moves[pick % len(moves)]
    r = client.post(urls[seat] + "/move", json={"action": move["action"], "version": views[seat]["version"]})
    assert r.status_code == 200, r.text
    return seat


def test_undo_takes_back_only_the_own_last_moves(client: TestClient) -> None:
    urls = _two_people(client, seed=1)
    first = _play_one(client, urls)
    other = 1 - first
    assert "no move" in _error(client.post(urls[other] + "/undo"), 409, "NothingToUndoError")
    # Play until the other person has moved too.
    movers = [first]
    while other not in movers:
        movers.append(_play_one(client, urls))
    # The first person's move is followed by another person's: it stays.
    before = client.get(urls[first] + "?wait=0").json()
    assert not before["can_undo"]
    assert "another person" in _error(client.post(urls[first] + "/undo"), 409, "UndoRefusedError")
    after = client.get(urls[first] + "?wait=0").json()
    assert (after["version"], after["ply"]) == (before["version"], before["ply"])
    # The one who moved last takes back their own last move, and only it.
    last = client.get(urls[other] + "?wait=0").json()
    assert last["can_undo"]
    log_len = len(last["log"])
    own_index = max(i for i, e in enumerate(last["log"]) if e["actor"] == other)
    undone = client.post(urls[other] + "/undo").json()
    assert len(undone["log"]) == own_index < log_len
    assert [e["actor"] for e in undone["log"]][: own_index] == [e["actor"] for e in last["log"]][: own_index]
    assert any(e["actor"] == first for e in undone["log"])  # the first person's move is still there


def test_a_person_cannot_undo_the_other_persons_move(client: TestClient) -> None:
    urls = _two_people(client, seed=2)
    first = _play_one(client, urls)
    other = 1 - first
    views = _views(client, urls)
    ply = views[first]["ply"]
    # Whoever is to move now, the other seat has nothing of its own to take back.
    if other not in {e["actor"] for e in views[other]["log"]}:
        _error(client.post(urls[other] + "/undo"), 409, "NothingToUndoError")
    assert client.get(urls[first] + "?wait=0").json()["ply"] == ply


def test_a_new_game_needs_every_person_during_a_game(client: TestClient) -> None:
    urls = _two_people(client, seed=3)
    _play_one(client, urls)
    asked = client.post(urls[1] + "/new")
    assert asked.status_code == 202
    assert asked.json()["games_played"] == 1 and asked.json()["new_game_asked"] == [1]
    again = client.post(urls[1] + "/new")  # asking twice is still one person
    assert again.status_code == 202 and again.json()["games_played"] == 1
    seen = client.get(urls[0] + "?wait=0").json()
    assert seen["new_game_asked"] == [1] and seen["games_played"] == 1 and not seen["over"]
    both = client.post(urls[0] + "/new")
    assert both.status_code == 200
    fresh = both.json()
    assert fresh["games_played"] == 2 and fresh["new_game_asked"] == [] and not fresh["over"]
    assert all(e["actor"] == salon.CHANCE for e in fresh["log"])


def test_after_the_end_one_person_deals_again(client: TestClient) -> None:
    urls = _two_people(client, seed=4)
    _play_one(client, urls)
    over = client.post(urls[0] + "/resign").json()
    assert over["over"]
    r = client.post(urls[1] + "/new")
    assert r.status_code == 200 and r.json()["games_played"] == 2


def _deck_draw(view: dict[str, Any]) -> dict[str, Any] | None:
    return next((m for m in view["moves"] if m["fields"].get("source") == "deck"), None)


def test_chance_stays_drawn_across_undo(client: TestClient) -> None:
    """Drawing from the deck and undoing four times shows the same card each time."""
    urls = _two_people(client, seed=5)
    views = _views(client, urls)
    seat = next(i for i, v in enumerate(views) if v["your_turn"])
    view = views[seat]
    draw = _deck_draw(view)
    assert draw is not None
    hands = []
    texts = []
    for _ in range(5):
        r = client.post(urls[seat] + "/move", json={"action": draw["action"], "version": view["version"]})
        assert r.status_code == 200, r.text
        drawn = r.json()
        while drawn["chance"]:  # the table deals the card
            drawn = client.get(f"{urls[seat]}?after={drawn['version']}&wait=5").json()
        assert drawn["ply"] > view["ply"] + 1  # the draw and its chance outcome
        hands.append(drawn["observation"]["players"][seat])
        texts.append([e["text"] for e in drawn["log"][len(view["log"]):]])
        undone = client.post(urls[seat] + "/undo").json()
        assert undone["ply"] == view["ply"] and undone["observation"] == view["observation"]
        view = undone
    assert hands[0] != view["observation"]["players"][seat]  # a card was drawn
    assert all(h == hands[0] for h in hands) and all(t == texts[0] for t in texts)
    # The other person's view of it is the same each time too.
    other = client.get(urls[1 - seat] + "?wait=0").json()
    assert other["ply"] == view["ply"]


def test_chance_is_fresh_in_a_new_game(client: TestClient) -> None:
    """Remembered outcomes belong to one game: a new deal is a new shuffle."""
    urls = _two_people(client, seed=6)
    first = _views(client, urls)
    client.post(urls[0] + "/resign")
    client.post(urls[0] + "/new")
    second = _views(client, urls)
    assert [e["text"] for e in first[0]["log"]] != [e["text"] for e in second[0]["log"]]
