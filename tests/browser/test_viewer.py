"""The HTML replay viewer in a real headless browser (Debian's chromium driven by playwright).

Set up by ``scripts/install-browser.sh`` (apt chromium, pip playwright; ``playwright install``
is never run: the system executable is used). Without them the tests skip, unless
``SALON_REQUIRE_BROWSER=1`` (set by CI), where a missing browser fails.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import salon
from salon import records, viewer
from salon.arena import play_game

REQUIRED = os.environ.get("SALON_REQUIRE_BROWSER") == "1"


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    if REQUIRED:
        raise
    pytest.skip("playwright is not installed (scripts/install-browser.sh)", allow_module_level=True)

if _chromium() is None:
    if REQUIRED:
        raise RuntimeError("chromium not found: run scripts/install-browser.sh")
    pytest.skip("chromium is not installed (scripts/install-browser.sh)", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=_chromium(), args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def _record(name: str, players: int, seed: int = 4, **params: Any) -> dict[str, Any]:
    game = salon.load_game(name, players=players, **params)
    state = play_game(game, ["greedy", "random", "greedy", "random"][:players], seed)
    return records.record_of(state, [f"bot {p}" for p in range(players)])


HIDDEN_MARKS = ("face-down card", "bonus card (face down)", "patron card (face down)")


def _first_hidden_position(rec: dict[str, Any], viewer_seat: int) -> int:
    """The first position where the seat's own view shows a card back."""
    for i, _, _, state in records.replay_steps(rec):
        if any(m in state.render_svg(viewer_seat) for m in HIDDEN_MARKS):
            return i + 1
    raise AssertionError("no position with hidden cards in this game")


def _open(browser: Browser, path: Path) -> Page:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=20_000)
    assert not errors, errors
    return page


def _status(page: Page) -> str:
    return page.inner_text("#status")


@pytest.mark.parametrize("name", ["colors_of_paris", "atelier_canvas", "atelier_studio"])
def test_click_through_a_game(browser: Browser, tmp_path: Path, name: str) -> None:
    # Seeds where another seat holds hidden cards that player 1 may not see.
    params: dict[str, Any] = {"advanced": True} if name == "colors_of_paris" else {}
    rec = _record(name, 3, seed=0, **params)
    out = tmp_path / "game.html"
    viewer.write_html(rec, out)
    page = _open(browser, out)
    total = len(rec["actions"])
    assert page.inner_text("#title")
    assert _status(page).startswith(f"move 0 of {total}")
    assert page.locator("#board svg").count() == 1
    assert page.locator("#actions li").count() == total + 1

    # Forward three times, back once.
    for _ in range(3):
        page.click("#next")
    assert _status(page).startswith(f"move 3 of {total}")
    page.click("#prev")
    assert _status(page).startswith(f"move 2 of {total}")
    assert "current" in (page.locator("#actions li").nth(2).get_attribute("class") or "")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("body", "data-pos") == "3"

    # Jump to a move by number; the shown move text is the record's.
    k = total // 2
    page.fill("#jump", str(k))
    page.press("#jump", "Enter")
    assert _status(page).startswith(f"move {k} of {total} (")
    assert rec["actions"][k - 1][1] in _status(page)
    # Jump by clicking the action list; then the end.
    page.locator("#actions li").nth(5).click()
    assert page.get_attribute("body", "data-pos") == "5"
    page.click("#last")
    assert _status(page).startswith(f"move {total} of {total}")
    final = page.inner_html("#board")
    assert "game over" in final

    # Full table against each player's own view: the views differ where cards are hidden.
    k = _first_hidden_position(rec, viewer_seat=1)
    page.locator("#actions li").nth(k).click()
    assert page.get_attribute("body", "data-pos") == str(k)
    full = page.inner_html("#board")
    assert "full table" in full
    page.select_option("#view", "1")
    own = page.inner_html("#board")
    assert "view of player 1" in own and "(you)" in own
    assert own != full
    assert any(m in own for m in HIDDEN_MARKS) and not any(m in full for m in HIDDEN_MARKS)
    assert page.get_attribute("body", "data-view") == "1"
    page.select_option("#view", "-1")
    assert page.get_attribute("body", "data-view") == "full"
    assert page.inner_html("#board") == full
    page.close()


def test_perfect_information_game_and_first_last(browser: Browser, tmp_path: Path) -> None:
    rec = _record("azul_sintra", 2)
    out = tmp_path / "azul.html"
    viewer.write_html(rec, out)
    page = _open(browser, out)
    total = len(rec["actions"])
    page.click("#last")
    assert page.get_attribute("body", "data-pos") == str(total)
    page.click("#next")  # past the end stays at the end
    assert page.get_attribute("body", "data-pos") == str(total)
    page.click("#first")
    assert page.get_attribute("body", "data-pos") == "0"
    page.click("#prev")
    assert page.get_attribute("body", "data-pos") == "0"
    assert "Azul" in page.inner_html("#board")
    page.close()


def test_record_text_is_escaped(browser: Browser, tmp_path: Path) -> None:
    rec = _record("azul_sintra", 2)
    evil = "<script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\">"
    rec["players"] = [evil, "P&amp;<b>bold</b>"]
    out = tmp_path / "evil.html"
    viewer.write_html(rec, out)
    page_text = out.read_text(encoding="utf-8")
    assert "<script>window.__pwned" not in page_text and "<img src=x" not in page_text
    page = _open(browser, out)
    assert page.evaluate("window.__pwned === undefined")
    assert evil in page.inner_text("#meta")
    assert "<b>bold</b>" in page.inner_text("#meta")
    assert page.locator("#meta b").count() == 0 and page.locator("img").count() == 0
    options = page.locator("#view option").all_inner_texts()
    assert any(evil in o for o in options)
    page.close()
