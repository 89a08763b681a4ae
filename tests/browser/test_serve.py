"""`salon serve` in a real headless browser (Debian's chromium driven by playwright): a whole game
of every title played to the end against the random bot, by clicking on the board wherever the
game's SVG marks the fields of a move (``data-field``/``data-value``, docs/pictures.md) and from
the list of legal moves otherwise; undo; the record downloaded replays with ``salon replay``;
an uploaded record is reviewed in the same page; no console error; no hidden card in any answer
the page received. Each game's table is photographed into docs/images/serve-<game>.png.

Set up by ``scripts/install-browser.sh``; skipped without it, unless ``SALON_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from salon import records
from tests.serve.leaks import Payloads

REQUIRED = os.environ.get("SALON_REQUIRE_BROWSER") == "1"
CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"

try:
    from playwright.sync_api import Browser, Page, Request, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    if REQUIRED:
        raise
    pytest.skip("playwright is not installed (scripts/install-browser.sh)", allow_module_level=True)

if CHROMIUM is None:
    if REQUIRED:
        raise RuntimeError("chromium not found: run scripts/install-browser.sh")
    pytest.skip("chromium is not installed (scripts/install-browser.sh)", allow_module_level=True)

pytest.importorskip("starlette")

START_PAGE = {"/", "/api/games", "/api/tables", "/static/start.js", "/static/style.css"}

# The next board element to click for a move: the clickable one naming the most fields of the
# move that no click has named yet. It is marked for playwright to click; false when none.
NEXT_CLICK = """(move) => {
  const text = v => typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v);
  const board = document.getElementById('board');
  document.querySelectorAll('[data-test-next]').forEach(e => e.removeAttribute('data-test-next'));
  const done = new Set();
  window.salonPage.clicks.forEach(c => Object.entries(c).forEach(([k, v]) => done.add(k + '=' + v)));
  let best = null, bestScore = 0;
  board.querySelectorAll('[data-field].salon-clickable').forEach(el => {
    if (!window.salonPage.keeps(move, el)) return;
    let score = 0;
    for (const [k, v] of Object.entries(window.salonPage.pairsOf(el))) {
      if (k in move.fields && text(move.fields[k]) === v && !done.has(k + '=' + v)) score += 1;
    }
    if (score > bestScore) { best = el; bestScore = score; }
  });
  if (!best) return null;
  best.setAttribute('data-test-next', '1');
  best.scrollIntoView({block: 'center', inline: 'center'});
  // A point of the element not covered by another one: a real mouse click there; none (a card
  // under others of its stack): the click event on the element itself.
  const r = best.getBoundingClientRect();
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === best || best.contains(hit))) return {x, y};
  }
  return {x: null, y: null};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("serve") / "server.log"
    with open(log, "w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "salon", "serve", "--port", "0", "--quiet"],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline())
        assert found, log.read_text()
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    text = log.read_text()
    assert "Traceback" not in text and "internal error" not in text, text


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


class Session:
    """A page with its console errors and the answers of the server it received."""

    def __init__(self, browser: Browser) -> None:
        self.page = browser.new_page(viewport={"width": 1400, "height": 900}, accept_downloads=True)
        self.errors: list[str] = []
        self.requests: list[Request] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("requestfinished", lambda r: self.requests.append(r))

    def view(self) -> dict[str, Any]:
        """The parts of the page's view the test reads (the whole one holds the drawing)."""
        data: dict[str, Any] = self.page.evaluate(
            "() => { const v = window.salonPage.view; return {version: v.version, ply: v.ply, moves: v.moves, "
            "your_turn: v.your_turn, own: v.log.filter(e => e.actor === v.seat).map(e => e.text)}; }"
        )
        return data

    def wait(self, condition: str, seconds: float) -> None:
        """Polls a condition (``page.wait_for_function`` evaluates strings, which the page's
        Content-Security-Policy forbids; ``evaluate`` goes through the debugger protocol)."""
        deadline = time.monotonic() + seconds
        while not self.page.evaluate(condition):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {condition}")
            time.sleep(0.01)

    def wait_version_above(self, version: int) -> None:
        self.wait(f"() => Number(document.body.dataset.version) > {version} && !window.salonPage.busy", 30)

    def wait_for_turn(self, after_version: int = -1) -> str:
        """Waits for a version above ``after_version`` where the seat is to move or the game over."""
        self.wait(
            f"() => Number(document.body.dataset.version) > {after_version} && "
            "['you', 'over'].includes(document.body.dataset.turn) && !window.salonPage.busy",
            60,
        )
        return str(self.page.evaluate("document.body.dataset.turn"))

    def payloads(self, seat: int, undo: tuple[int, int] | None = None) -> Payloads:
        """Every answer of the API and page the browser received, with the ply it was made at
        (pages and error answers at the ply of the answer before them); the record is left out,
        and so are the answers about the moves an undo took back (``undo``: the table's version
        and ply right after it): they are not positions of the recorded game."""
        out = Payloads(seat=seat)
        ply = 0
        for req in self.requests:
            if "/record" in req.url or "/api/reviews" in req.url or "/review" in req.url:
                continue
            response = req.response()
            if response is None:
                continue
            try:
                body = response.text()
            except Exception:
                # Bodies of the start page are gone once the page moved to the table.
                assert urlparse(req.url).path in START_PAGE, req.url
                continue
            try:
                data = json.loads(body)
            except ValueError:
                data = None
            if isinstance(data, dict) and isinstance(data.get("ply"), int):
                ply = data["ply"]
            if undo is not None and isinstance(data, dict) and data.get("version", undo[0]) < undo[0] and ply > undo[1]:
                continue
            out.add(ply, body)
        out.add(ply, self.page.content())
        return out


def _open_table(session: Session, server: str, name: str, opponent: str = "random") -> None:
    page = session.page
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.locator("input[name=game]").count() == 4
    page.check(f"#game-{name}")
    page.select_option("#param-players", "2")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", opponent)
    page.select_option("#pace", "0")
    page.click("#sit")
    page.wait_for_url(re.compile(r".*/play/[^/]+/[^/]+$"))
    page.wait_for_selector("body[data-ready='1']", state="attached")


def _play_by_board(session: Session, move: dict[str, Any], version: int) -> bool:
    """Clicks on the board until the move is played; False when the board cannot express it
    (the choice is left for the list)."""
    page = session.page
    for _ in range(6):
        point = page.evaluate(NEXT_CLICK, move)
        if point is None:
            return False
        target = page.locator("[data-test-next='1']")
        if os.environ.get("DEBUG_CLICKS"):
            print("click", move["text"], target.evaluate("e => e.outerHTML.slice(0, 80)"), page.evaluate("window.salonPage.clicks"),
                  page.evaluate("window.salonPage.view.version"), page.evaluate("window.salonPage.view.moves.map(m => m.text).join('|')"))
        if point["x"] is not None:
            page.mouse.click(point["x"], point["y"])
        else:
            target.dispatch_event("click", timeout=5000)
        if os.environ.get("DEBUG_CLICKS"):
            print("after", page.evaluate("[window.salonPage.busy, document.body.dataset.version, window.salonPage.clicks]"), version)
        # One evaluation: the answer may arrive between two.
        if page.evaluate(f"() => Number(document.body.dataset.version) > {version} || window.salonPage.busy"):
            return True
        left = page.locator(f"#choice-list button[data-action='{move['action']}']")
        if left.count() and page.locator("#choice-list button").count() == 1:
            return False
    return False


def _play_from_list(session: Session, move: dict[str, Any]) -> None:
    page = session.page
    button = page.locator(f"#choice-list button[data-action='{move['action']}']")
    if not button.count() or not button.first.is_visible():
        if os.environ.get("DEBUG_CLICKS"):
            print("list", move, page.evaluate("[window.salonPage.view.version, window.salonPage.view.your_turn, window.salonPage.view.moves.map(m => m.text).join('|')]"))
        page.evaluate(f"document.querySelector(\"#moves button[data-action='{move['action']}']\").closest('details').open = true")
        button = page.locator(f"#moves button[data-action='{move['action']}']")
    button.first.click()


@pytest.mark.parametrize("name", ["azul_sintra", "atelier_studio", "colors_of_paris", "atelier_canvas"])
def test_a_whole_game_by_clicking_against_a_bot(browser: Browser, server: str, tmp_path: Path, name: str) -> None:
    session = Session(browser)
    page = session.page
    _open_table(session, server, name)
    rng = random.Random(name)
    board_moves = list_moves = own_moves = 0
    annotated = False
    undone = photographed = False
    undo: tuple[int, int] | None = None
    last: tuple[int, str] | None = None  # the version before our last move, and its text
    while session.wait_for_turn(last[0] if last else -1) == "you":
        view = session.view()
        if last is not None:
            assert view["own"][-1] == last[1]  # the move the clicks meant is the one played
        annotated = annotated or page.locator("#board [data-field]").count() > 0
        if not photographed and own_moves >= 6:
            IMAGES.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(IMAGES / f"serve-{name}.png"))
            photographed = True
        if not undone and own_moves == 3:
            page.click("#undo")
            session.wait_version_above(view["version"])
            after = session.view()
            assert after["ply"] < view["ply"] and after["your_turn"]
            assert after["own"] == view["own"][:-1]
            undo = (after["version"], after["ply"])
            undone = True
            view = after
        move = rng.choice(view["moves"])
        if _play_by_board(session, move, view["version"]):
            board_moves += 1
        else:
            _play_from_list(session, move)
            list_moves += 1
        own_moves += 1
        last = (view["version"], move["text"])
    assert last is not None and session.view()["own"][-1] == last[1]

    # The end: scores, the winner, the record.
    assert page.locator("#result").is_visible()
    assert re.search(r"wins|a tie", page.inner_text("#result-text"))
    assert page.locator("#scores tr").count() == 3
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "game.jsonl"
    download.value.save_as(path)
    replayed = subprocess.run([sys.executable, "-m", "salon", "replay", str(path)], capture_output=True, text=True)
    assert replayed.returncode == 0 and "1 records verified" in replayed.stdout, replayed.stderr
    (_, record), = list(records.read_records(path))
    assert record["game"] == name and record["players"] == ["human", "random"]
    assert photographed and undone and own_moves > 10
    if annotated:
        assert board_moves > 0, f"{name}: {list_moves} moves from the list, none by the board"
    assert session.errors == []
    assert session.payloads(seat=0, undo=undo).leaks(record) == []
    print(f"{name}: {own_moves} own moves, {board_moves} on the board, {list_moves} from the list")

    # The record reviewed in the same page, move by move.
    page.set_input_files("#upload", str(path))
    page.wait_for_selector("body[data-mode='review'][data-pos='0']", state="attached")
    total = len(record["actions"])
    assert page.inner_text("#rv-status").startswith(f"move 0 of {total}")
    page.click("#rv-next")
    page.click("#rv-next")
    page.wait_for_selector("body[data-pos='2']", state="attached")
    page.click("#rv-last")
    page.wait_for_selector(f"body[data-pos='{total}']", state="attached")
    page.select_option("#rv-view", "0")
    session.wait("() => document.querySelector('#board svg') !== null", 10)
    assert session.errors == []
    page.close()


def test_a_whole_game_against_the_network_seat_with_hints(browser: Browser, server: str, tmp_path: Path) -> None:
    """The network bot as a seat (the network salon ships for azul_sintra at 2 players), and
    the hint panel asked on several turns: its moves are the legal ones of the position, its
    choice is one of them, and no answer names a card the seat cannot see."""
    session = Session(browser)
    page = session.page
    _open_table(session, server, "azul_sintra", opponent="network")
    rng = random.Random(5)
    hints = own_moves = 0
    last = -1
    while session.wait_for_turn(last) == "you":
        view = session.view()
        if own_moves % 4 == 0:
            assert page.locator("#hint").is_enabled()
            page.click("#hint")
            page.wait_for_selector("#hint-box:not(.hidden)")
            rows = page.locator("#hint-moves tbody tr")
            legal = {m["text"] for m in view["moves"]}
            shown = {rows.nth(i).locator("td").first.inner_text() for i in range(rows.count())}
            assert shown == legal
            chosen = page.locator("#hint-moves tr.chosen td").first.inner_text()
            assert chosen in legal and chosen in page.inner_text("#hint-text")
            hints += 1
            move = next(m for m in view["moves"] if m["text"] == chosen)
        else:
            move = rng.choice(view["moves"])
        _play_from_list(session, move)
        own_moves += 1
        last = view["version"]
    assert page.locator("#result").is_visible()
    assert page.locator("#hint").is_disabled()
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "game.jsonl"
    download.value.save_as(path)
    (_, record), = list(records.read_records(path))
    assert record["players"] == ["human", "net:200"]
    assert hints >= 3 and session.errors == []
    assert session.payloads(seat=0).leaks(record) == []
    page.close()


def test_bad_uploads_and_missing_tables_show_a_message(browser: Browser, server: str, tmp_path: Path) -> None:
    session = Session(browser)
    page = session.page
    page.goto(server + "/play/no-such-table/no-key")
    page.wait_for_selector("#message:not(.hidden)")
    assert "no such table" in page.inner_text("#message")
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "salon-record/1", "game": "chess", "params": {}}\n')
    page.set_input_files("#upload", str(bad))
    page.wait_for_selector("#message:not(.hidden)")
    assert "chess" in page.inner_text("#message") and "RecordError" in page.inner_text("#message")
    # The failed requests are the only console errors.
    assert all("status of 4" in e for e in session.errors), session.errors
    page.close()
