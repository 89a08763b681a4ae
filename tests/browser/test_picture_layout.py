"""The games' pictures laid out in a real browser (issue 17, point 5): at 2, 3 and the most
players, through whole games between greedy bots, in the full view and every player's view, no
text runs past the drawing's right edge, no two visible texts overlap and no text is half hidden
under a shape drawn over it (a text wholly under a card, as in a stack of cards, is not visible). Also the HTML viewer at 1400 px."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import salon
from salon import records, viewer

REQUIRED = os.environ.get("SALON_REQUIRE_BROWSER") == "1"
CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    if REQUIRED:
        raise
    pytest.skip("playwright is not installed (scripts/install-browser.sh)", allow_module_level=True)

if CHROMIUM is None:
    if REQUIRED:
        raise RuntimeError("chromium not found: run scripts/install-browser.sh")
    pytest.skip("chromium is not installed (scripts/install-browser.sh)", allow_module_level=True)

MAX_PLAYERS = {"azul_sintra": 4, "atelier_studio": 4, "atelier_canvas": 5, "colors_of_paris": 4}
CASES = [(name, n) for name, top in MAX_PLAYERS.items() for n in sorted({2, 3, top})]

# Texts are measured in the drawing's own units; rotated ones (the wheel's labels) are left out,
# as their boxes are not axis-aligned.
LAYOUT = """() => {
  const svg = document.querySelector('svg'); const W = svg.viewBox.baseVal.width;
  const shapes = [...svg.querySelectorAll('text, rect, circle')].filter(e => !e.closest('[transform]'));
  const texts = [], covers = [];
  shapes.forEach((e, i) => { const b = e.getBBox(); const k = {x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height, i};
    if (e.tagName === 'text') { k.s = e.textContent; if (k.r > k.x) texts.push(k); }
    else if ((e.getAttribute('fill') || 'black') !== 'none') covers.push(k); });
  const past = texts.filter(t => t.r > W + 0.5).map(t => t.s);
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], c = texts[j];
    const x = Math.max(a.x, c.x), r = Math.min(a.r, c.r), y = Math.max(a.y, c.y), bt = Math.min(a.b, c.b);
    if (r - x <= 1.5 || bt - y <= 2.5) continue;
    const hidden = covers.some(k => k.i > a.i && k.i < c.i && k.x <= x + 0.5 && k.r >= r - 0.5 && k.y <= y + 0.5 && k.b >= bt - 0.5);
    if (!hidden) overlaps.push(a.s + ' / ' + c.s);
  }
  // Half hidden: a shape drawn later covers part of a text but not all of it (a fanned pile).
  const clipped = texts.filter(t => covers.some(k => k.i > t.i
      && Math.min(t.r, k.r) - Math.max(t.x, k.x) > 1.5 && Math.min(t.b, k.b) - Math.max(t.y, k.y) > 2.5
      && !(k.x <= t.x + 0.5 && k.r >= t.r - 0.5 && k.y <= t.y + 0.5 && k.b >= t.b - 0.5))).map(t => t.s);
  return {past, overlaps, clipped};
}"""


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with sync_playwright() as pw:
        browser: Browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield browser.new_page()
        browser.close()


def _layout(page: Page, svg: str) -> dict[str, Any]:
    page.set_content(svg)
    result: dict[str, Any] = page.evaluate(LAYOUT)
    return result


def test_the_check_sees_overlaps_and_overflow(page: Page) -> None:
    bad = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60" font-family="sans-serif">'
        '<text x="10" y="20" font-size="12">a long card title cut off</text><text x="60" y="22" font-size="12">8 pts</text>'
        '<text x="150" y="50" font-size="12">past the edge</text></svg>'
    )
    found = _layout(page, bad)
    assert found["overlaps"] == ["a long card title cut off / 8 pts"] and found["past"] == ["past the edge"]
    covered = bad.replace('<text x="60"', '<rect x="0" y="0" width="200" height="30" fill="#fff"/><text x="60"')
    assert _layout(page, covered)["overlaps"] == [], "a text under a card drawn over it is not visible"
    fanned = bad.replace('<text x="60"', '<rect x="40" y="0" width="200" height="30" fill="#fff"/><text x="60"')
    assert _layout(page, fanned)["clipped"] == ["a long card title cut off"], "half hidden under the next card"


def _snapshots(name: str, players: int) -> list[salon.State]:
    game = salon.load_game(name, players=players)
    state = game.new_initial_state(seed=7)
    bots = [salon.Bot("greedy", seed=p) for p in range(players)]
    shots = []
    while not state.is_terminal():
        if state.ply % 90 == 0:
            shots.append(state.clone())
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return [*shots, state]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_text_past_the_edge_or_over_another(page: Page, name: str, players: int) -> None:
    problems = []
    for state in _snapshots(name, players):
        for view in [None, *range(players)]:
            found = _layout(page, state.render_svg(view))
            if found["past"] or found["overlaps"] or found["clipped"]:
                problems.append((state.ply, view, found["past"][:3], found["overlaps"][:3], found["clipped"][:3]))
    assert not problems, problems[:5]


@pytest.mark.parametrize("name", list(MAX_PLAYERS))
def test_viewer_at_1400_px_shows_the_whole_drawing(page: Page, name: str, tmp_path: Path) -> None:
    players = MAX_PLAYERS[name]
    state = _snapshots(name, players)[-1]
    path = tmp_path / "game.html"
    viewer.write_html(records.record_of(state, [f"greedy {p}" for p in range(players)]), path)
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(path.as_uri())
    page.wait_for_selector("#board svg")
    page.fill("#jump", str(state.ply))
    page.dispatch_event("#jump", "change")
    # Every element of the drawing lies inside the board's box, which lies inside the window.
    worst = page.evaluate(
        """() => { const board = document.querySelector('#board').getBoundingClientRect();
        let worst = board.right - window.innerWidth;
        for (const e of document.querySelectorAll('#board svg text, #board svg rect')) {
            const r = e.getBoundingClientRect(); if (r.width > 0) worst = Math.max(worst, r.right - board.right); }
        return worst; }"""
    )
    assert worst <= 0.5
