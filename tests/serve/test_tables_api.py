"""The JSON API of `salon serve` through Starlette's TestClient: tables, moves, undo, resign,
new game, records, and a clear typed error for every bad request (the server goes on)."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import salon
from salon import records
from tests.serve.conftest import open_table, wait_turn


def _error(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    data = response.json()
    assert data["type"] == kind, data
    assert isinstance(data["error"], str) and data["error"]
    return str(data["error"])


def test_games_lists_every_game_with_its_parameters(client: TestClient) -> None:
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    assert names == salon.game_names()
    azul = data["games"][names.index("azul_sintra")]
    assert azul["parameters"]["players"]["allowed"] == [2, 3, 4]
    assert data["seats"]["kinds"] == ["human", "random", "greedy", "mcts", "network"]


def test_pages_and_files_are_served_with_a_content_security_policy(client: TestClient) -> None:
    for path in ("/", "/play/x/y", "/review/z", "/static/table.js", "/static/style.css", "/static/start.js"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "<script" in client.get("/").text
    _error(client.get("/static/nothing.js"), 404, "StaticFileNotFoundError")
    _error(client.get("/static/..%2Fapp.py"), 404, "NotFound")
    _error(client.get("/static/app.py"), 404, "StaticFileNotFoundError")
    _error(client.get("/static/..js"), 404, "StaticFileNotFoundError")
    _error(client.get("/nowhere"), 404, "NotFound")


def test_a_person_plays_a_move_and_the_bot_answers(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "greedy"], seed=1)
    view = wait_turn(client, url)
    assert view["seat"] == 0 and view["your_turn"]
    assert view["svg"].startswith("<svg")
    assert view["observation"]["game"] == "azul_sintra"
    kinds = {m["kind"] for m in view["moves"]}
    assert "take" in kinds
    ply = view["ply"]
    move = view["moves"][0]
    after = client.post(url + "/move", json={"action": move["action"], "version": view["version"]}).json()
    assert after["ply"] == ply + 1
    assert after["log"][-1] == {"actor": 0, "text": move["text"]}
    # The bot (or chance) moves on its own; the page waits for the next version.
    later = wait_turn(client, url, after)
    assert later["ply"] > ply + 1
    assert any(e["actor"] == 1 for e in later["log"])


def test_a_move_by_kind_and_fields(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "random"], seed=2)
    view = wait_turn(client, url)
    move = view["moves"][-1]
    after = client.post(url + "/move", json={"kind": move["kind"], "fields": move["fields"]}).json()
    assert after["log"][-1]["text"] == move["text"]


def test_bad_moves_are_refused_with_a_typed_error_and_change_nothing(client: TestClient) -> None:
    url = open_table(client, "atelier_canvas", ["human", "random"], seed=3)
    view = wait_turn(client, url)
    version, ply = view["version"], view["ply"]
    illegal = next(a for a in range(484) if a not in {m["action"] for m in view["moves"]})
    assert "not legal" in _error(client.post(url + "/move", json={"action": illegal}), 400, "IllegalActionError")
    _error(client.post(url + "/move", json={"action": 10**30}), 400, "IllegalActionError")
    _error(client.post(url + "/move", json={"action": True}), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"action": "1"}), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"kind": "take", "fields": {"slot": 99}}), 400, "IllegalActionError")
    _error(client.post(url + "/move", json={"kind": "take", "fields": {"slot": [1]}}), 400, "BadRequestError")
    _error(client.post(url + "/move", json={"kind": "fly"}), 400, "IllegalActionError")
    _error(client.post(url + "/move", json={}), 400, "BadRequestError")
    _error(client.post(url + "/move", json=[1, 2]), 400, "BadRequestError")
    _error(client.post(url + "/move", content=b"{not json"), 400, "BadRequestError")
    _error(client.post(url + "/move", content=b"\xff\xfe"), 400, "BadRequestError")
    _error(client.post(url + "/move", content=b"[" * 100_000), 400, "BadRequestError")
    _error(client.post(url + "/move", content=b" " * (65 * 1024)), 400, "BadRequestError")
    stale = {"action": view["moves"][0]["action"], "version": version - 1}
    assert "changed" in _error(client.post(url + "/move", json=stale), 409, "StaleViewError")
    now = client.get(url + "?wait=0").json()
    assert (now["version"], now["ply"]) == (version, ply)
    # The server goes on: the same seat still plays.
    ok = client.post(url + "/move", json={"action": view["moves"][0]["action"], "version": version})
    assert ok.status_code == 200


def test_a_seat_cannot_move_for_another(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", "human"], "seed": 4})
    seats = r.json()["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    urls = [s["url"].replace("/play/", "/api/tables/") for s in seats]
    views = [client.get(u + "?wait=2").json() for u in urls]
    while not any(v["your_turn"] for v in views):
        views = [client.get(f"{u}?after={v['version']}&wait=2").json() for u, v in zip(urls, views)]
    mover = next(i for i, v in enumerate(views) if v["your_turn"])
    waiting = 1 - mover
    assert views[waiting]["moves"] == []
    action = views[mover]["moves"][0]["action"]
    _error(client.post(urls[waiting] + "/move", json={"action": action}), 409, "NotYourTurnError")
    assert views[0]["table"] == views[1]["table"]
    assert urls[0] != urls[1]


def test_missing_tables_and_wrong_keys(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "random"])
    table_id, key = url.rsplit("/", 2)[-2:]
    _error(client.get(f"/api/tables/{table_id}/not-the-key"), 404, "TableNotFoundError")
    _error(client.get(f"/api/tables/no-table/{key}"), 404, "TableNotFoundError")
    _error(client.post(f"/api/tables/no-table/{key}/move", json={"action": 1}), 404, "TableNotFoundError")
    _error(client.post(f"/api/tables/no-table/{key}/undo"), 404, "TableNotFoundError")
    _error(client.get(f"/api/tables/no-table/{key}/record"), 404, "TableNotFoundError")
    _error(client.get(url + "?after=x"), 400, "BadRequestError")
    _error(client.get(url + "?wait=nan"), 400, "BadRequestError")
    assert len(table_id) >= 16 and len(key) >= 16


@pytest.mark.parametrize(
    ("body", "kind", "words"),
    [
        ({"game": "chess", "seats": ["human", "random"]}, "UnknownGameError", "chess"),
        ({"game": "azul_sintra", "params": {"players": 7}, "seats": ["human"] * 7}, "InvalidParameterError", "players"),
        ({"game": "azul_sintra", "params": {"colour": "red"}, "seats": ["human", "random"]}, "InvalidParameterError", "colour"),
        ({"game": "azul_sintra", "params": [2], "seats": ["human", "random"]}, "BadRequestError", "params"),
        ({"game": 3, "seats": ["human", "random"]}, "BadRequestError", "game"),
        ({"game": "azul_sintra", "seats": ["human"]}, "BadRequestError", "2 seats"),
        ({"game": "azul_sintra", "seats": ["human", "wizard"]}, "BadRequestError", "seats[1].kind"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "mcts", "seconds": 0}]}, "BadRequestError", "seats[1].seconds"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "mcts", "seconds": 1e9}]}, "BadRequestError", "seats[1].seconds"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "mcts", "seconds": "1"}]}, "BadRequestError", "seats[1].seconds"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "mcts", "simulations": 0}]}, "BadRequestError", "simulations"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "mcts", "simulations": 5, "seconds": 1}]}, "BadRequestError", "not both"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "random", "seconds": 1}]}, "BadRequestError", "only an MCTS"),
        ({"game": "azul_sintra", "seats": ["human", {"kind": "random", "colour": 1}]}, "BadRequestError", "colour"),
        ({"game": "azul_sintra", "seats": [{"kind": "human", "name": "x" * 99}, "random"]}, "BadRequestError", "name"),
        ({"game": "azul_sintra", "seats": ["human", "random"], "pace": 99}, "BadRequestError", "pace"),
        ({"game": "azul_sintra", "seats": ["human", "random"], "seed": -1}, "BadRequestError", "seed"),
        ([1], "BadRequestError", "JSON object"),
    ],
)
def test_bad_tables_are_refused_by_name(client: TestClient, body: Any, kind: str, words: str) -> None:
    assert words in _error(client.post("/api/tables", json=body), 400, kind)


def test_undo_takes_back_the_last_own_move_and_what_followed(client: TestClient) -> None:
    url = open_table(client, "atelier_studio", ["human", "random"], seed=5)
    view = wait_turn(client, url)
    assert not view["can_undo"]
    assert "no move" in _error(client.post(url + "/undo"), 409, "NothingToUndoError")
    before = view
    moved = client.post(url + "/move", json={"action": view["moves"][0]["action"]}).json()
    assert moved["can_undo"]
    later = wait_turn(client, url, moved)
    undone = client.post(url + "/undo").json()
    assert undone["ply"] == before["ply"]
    assert undone["your_turn"]
    assert [m["action"] for m in undone["moves"]] == [m["action"] for m in before["moves"]]
    assert undone["log"] == before["log"]
    assert undone["version"] > later["version"]


def test_undo_while_a_bot_thinks_forgets_its_search(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", {"kind": "mcts", "seconds": 0.5}], seed=6)
    view = wait_turn(client, url)
    while True:
        moved = client.post(url + "/move", json={"action": view["moves"][0]["action"]}).json()
        if not moved["your_turn"]:
            break
        view = moved
    ply = view["ply"]
    undone = client.post(url + "/undo").json()
    assert undone["ply"] <= ply and undone["your_turn"]
    assert undone["thinking"] is None
    time.sleep(0.7)  # the forgotten search ends; its move must not be applied
    again = client.get(url + "?wait=0").json()
    assert again["ply"] == undone["ply"] and again["your_turn"]


def test_resign_ends_the_game_and_the_record_replays(client: TestClient) -> None:
    url = open_table(client, "colors_of_paris", ["human", "greedy"], seed=7)
    view = wait_turn(client, url)
    assert "end of the game" in _error(client.get(url + "/record"), 409, "GameNotOverError")
    client.post(url + "/move", json={"action": view["moves"][0]["action"]})
    over = client.post(url + "/resign").json()
    assert over["over"] and over["result"]["resigned"] == 0 and over["result"]["winners"] == [1]
    assert over["moves"] == [] and not over["can_undo"]
    _error(client.post(url + "/move", json={"action": 0}), 409, "GameOverError")
    _error(client.post(url + "/undo"), 409, "GameOverError")
    _error(client.post(url + "/resign"), 409, "GameOverError")
    r = client.get(url + "/record")
    assert r.headers["content-disposition"].startswith('attachment; filename="salon-colors_of_paris-')
    (lineno, record), = list(records.read_records(io.StringIO(r.text)))
    assert record["resigned"] == 0 and record["players"] == ["human", "greedy"]
    state = records.replay(record)
    assert state.ply == over["ply"]


def test_a_whole_game_ends_with_scores_a_winner_and_a_record(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "random"], seed=8)
    view = wait_turn(client, url)
    while not view["over"]:
        view = client.post(url + "/move", json={"action": view["moves"][-1]["action"]}).json()
        view = wait_turn(client, url, view)
    result = view["result"]
    record = client.get(url + "/record").json()
    final = records.replay(record)
    assert final.is_terminal()
    assert result["scores"] == final.scores() == record["scores"]
    best = max(final.returns())
    assert result["winners"] == [p for p, r in enumerate(final.returns()) if r == best]


def test_new_game_deals_again_at_the_same_table(client: TestClient) -> None:
    url = open_table(client, "atelier_canvas", ["human", "random"])
    first = wait_turn(client, url)
    client.post(url + "/resign")
    fresh = client.post(url + "/new").json()
    assert fresh["games_played"] == 2 and not fresh["over"]
    assert fresh["version"] > first["version"]
    second = wait_turn(client, url, fresh)
    assert second["your_turn"]


def test_the_event_loop_answers_while_a_bot_thinks(client: TestClient) -> None:
    """Bots search on worker threads: while one thinks, the table's own page is answered
    (a bot on the event loop would block every request until its move is made)."""
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": [{"kind": "mcts", "seconds": 0.3}] * 2, "seed": 9})
    url = r.json()["url"].replace("/play/", "/api/tables/")
    view = client.get(url + "?wait=0").json()
    assert view["seat"] == -1  # a table of bots: a spectator's page, the whole table
    seen_thinking = []
    for _ in range(200):
        view = client.get(f"{url}?after={view['version']}&wait=5").json()
        if view["thinking"] is not None:
            seen_thinking.append(view["thinking"])
            view = client.get(url + "?wait=0").json()
            if view["thinking"] is not None:
                break
    assert seen_thinking and view["thinking"] is not None
    assert view["thinking"]["budget"] == {"seconds": 0.3, "simulations": None}
    later = client.get(f"{url}?after={view['version']}&wait=5").json()
    search = later["last_search"]
    assert search and all(s["simulations"] > 0 for s in search.values())


def test_tables_do_not_mix(client: TestClient) -> None:
    urls = [open_table(client, g, ["human", "random"], seed=i) for i, g in enumerate(salon.game_names() * 2)]
    ids = {u: client.get(u + "?wait=0").json()["table"] for u in urls}
    assert len(set(ids.values())) == len(urls)
    views = {u: wait_turn(client, u) for u in urls}
    for _ in range(5):
        for u in urls:
            v = views[u]
            if v["over"]:
                continue
            move = v["moves"][0]
            after = client.post(u + "/move", json={"action": move["action"], "version": v["version"]}).json()
            assert after["table"] == ids[u]
            assert after["log"][-1] == {"actor": 0, "text": move["text"]}
            views[u] = wait_turn(client, u, after)
    for u in urls:
        v = views[u]
        assert v["game"]["name"] == v["observation"]["game"]
        assert sum(e["actor"] == 0 for e in v["log"]) >= 5


def test_too_many_tables(client: TestClient) -> None:
    registry = client.app.state.tables  # type: ignore[attr-defined]
    registry.max_tables = len(registry) + 1
    open_table(client, "azul_sintra", ["random", "random"])
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", "random"]})
    _error(r, 503, "TooManyTablesError")


# ------------------------------------------------------------------ network seats and hints


def test_a_network_seat_plays_with_the_shipped_network(client: TestClient) -> None:
    data = client.get("/api/games").json()["seats"]
    assert "network" in data["kinds"] and "azul_sintra-2p" in data["networks"]
    url = open_table(client, "azul_sintra", ["human", {"kind": "network", "simulations": 16}], seed=3)
    view = wait_turn(client, url)
    assert view["players"][1]["label"] == "network bot, 16 simulations per move"
    move = view["moves"][0]
    after = client.post(url + "/move", json={"action": move["action"], "version": view["version"]}).json()
    view = wait_turn(client, url, after)
    assert view["log"][-1]["actor"] in (1, salon.CHANCE) and view["last_search"]["1"]["simulations"] == 16
    client.post(url + "/resign")
    assert client.get(url + "/record").json()["players"] == ["human", "net:16"]


def test_a_network_seat_needs_a_shipped_network_and_sound_simulations(client: TestClient) -> None:
    shipped = client.get("/api/games").json()["seats"]["networks"]
    missing = next(f"{g}-{n}p" for g in salon.game_names() for n in (2, 3) if f"{g}-{n}p" not in shipped)
    game, players = missing.rsplit("-", 1)
    n = int(players[:-1])
    r = client.post("/api/tables", json={"game": game, "params": {"players": n}, "seats": ["human"] + ["network"] * (n - 1)})
    assert "salon ships no network for " + game in _error(r, 400, "NetworkError")
    for bad in (0, -1, 10**9, "200", True, 1.5):
        _error(client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", {"kind": "network", "simulations": bad}]}),
               400, "BadRequestError")
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", {"kind": "network", "seconds": 1}]})
    assert "simulations, not seconds" in _error(r, 400, "BadRequestError")
    r = client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", {"kind": "network", "network": "/etc/passwd"}]})
    assert "unknown field 'network'" in _error(r, 400, "BadRequestError")


def test_a_hint_is_for_the_person_to_move_and_names_the_legal_moves(client: TestClient) -> None:
    url = open_table(client, "azul_sintra", ["human", "human"], seed=4)
    view = wait_turn(client, url)
    assert view["hints"] and view["can_hint"]
    _error(client.post(url.rsplit("/", 1)[0] + "/not-a-key/hint"), 404, "TableNotFoundError")
    first = client.post(url + "/hint").json()
    hint = first["hint"]
    assert first["version"] == view["version"] and hint["player"] == 0
    assert sorted(m["text"] for m in hint["moves"]) == sorted(m["text"] for m in view["moves"])
    assert hint["chosen_text"] in {m["text"] for m in view["moves"]}
    assert sum(m["visits"] for m in hint["moves"]) >= 1 and abs(sum(m["prior"] for m in hint["moves"]) - 1) < 1e-4
    assert len(hint["root_values"]) == 2 and hint["principal_variation_text"][0] == hint["chosen_text"]
    assert client.post(url + "/hint").json() == first  # once per position
    # The other seat is not to move: no hint for it, and none for the mover once it has moved.
    move = next(m for m in view["moves"] if m["text"] == hint["chosen_text"])
    after = client.post(url + "/move", json={"action": move["action"], "version": view["version"]}).json()
    assert not after["can_hint"]
    _error(client.post(url + "/hint"), 409, "NotYourTurnError")


def test_no_hint_where_salon_ships_no_network(client: TestClient) -> None:
    from salon import agents

    unshipped = [name for name in ("atelier_canvas", "colors_of_paris", "atelier_studio", "azul_sintra")
                 if f"{name}-2p" not in agents.shipped_agents()]
    if not unshipped:
        pytest.skip("salon ships a 2-player network for every game")
    url = open_table(client, unshipped[0], ["human", "random"], params={"players": 2}, seed=1)
    view = wait_turn(client, url)
    assert not view["hints"] and not view["can_hint"]
    assert "ships no network" in _error(client.post(url + "/hint"), 403, "NotAllowedError")


def test_a_hint_on_a_game_of_hidden_cards_keeps_only_the_first_move_of_its_variation(tmp_path: Any) -> None:
    """Beyond the first move, the variation is played on drawn hidden cards (guesses that may
    name a card the seat cannot see): the hint keeps the first move only."""
    from salon.serve.visibility import hint_payload
    from tests.networks.mlp import network

    game = salon.load_game("atelier_studio")
    bot = salon.Bot("network", network=network(game), simulations=64, seed=1)
    state = game.new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    analysis = bot.analyse(state)
    assert len(analysis.principal_variation) > 1
    data = hint_payload(analysis, game.perfect_information)
    assert data["principal_variation"] == analysis.principal_variation[:1]
    assert data["principal_variation_text"] == [analysis.chosen_text]
    assert len(data["moves"]) == len(state.legal_actions())
