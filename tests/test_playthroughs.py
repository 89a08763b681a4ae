"""Golden playthroughs: every configuration's file is regenerated and diffed line by line."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import salon
from salon.testing.configurations import all_configurations
from salon.testing.playthrough import file_name, playthrough

GOLDEN_DIR = Path(__file__).parent / "playthroughs"
CONFIGS = all_configurations()


def test_every_configuration_has_a_golden_file() -> None:
    expected = {file_name(salon.load_game(n, **p)) for n, p in CONFIGS}
    present = {p.name for p in GOLDEN_DIR.glob("*.txt")}
    assert sorted(expected - present) == [], "missing golden files: run `make goldens`"
    assert sorted(present - expected) == [], "golden files for configurations that no longer exist"


@pytest.mark.parametrize("name,params", CONFIGS, ids=[f"{n}{sorted(p.items())}" for n, p in CONFIGS])
def test_golden_playthrough_replays_identically(name: str, params: dict[str, object]) -> None:
    game = salon.load_game(name, **params)  # type: ignore[arg-type]
    path = GOLDEN_DIR / file_name(game)
    if not path.exists():
        pytest.fail(f"missing golden file {path.name}: run `make goldens`")
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough(game).splitlines()
    if actual != expected:
        diff = "\n".join(list(difflib.unified_diff(expected, actual, "golden", "now", lineterm=""))[:40])
        pytest.fail(f"{path.name} differs from the engine's behaviour:\n{diff}")
