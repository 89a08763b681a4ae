"""Smoke test of the long-run check (benches/long_runs.py) with tiny sizes: every check runs
on every game, memory stays within the bound and threaded play equals sequential play."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import salon

PATH = Path(__file__).resolve().parents[2] / "benches" / "long_runs.py"


def _module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("salon_long_runs", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_long_runs_tiny() -> None:
    long_runs = _module()
    figures = long_runs.run(scale=0.002, threads=3, log=None)
    assert {f.game for f in figures} == set(salon.game_names())
    assert len(figures) == 6 * len(salon.game_names())
    for f in figures:
        assert f.ok, long_runs.format_row(f)
        assert f.count > 0


def test_rss_is_read() -> None:
    assert _module().rss_mib() > 0
