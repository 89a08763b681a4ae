"""The first-layer report (benches/first_layer_report.py) runs as written, so it cannot rot."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_report_measures_a_game() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    out = subprocess.run([sys.executable, str(ROOT / "benches" / "first_layer_report.py"), "azul_sintra(players=2)"],
                         capture_output=True, text=True, timeout=300, check=True, env=env).stdout
    line = re.fullmatch(r"azul_sintra\(players=2\): evaluate ([0-9.]+)k rows/s; self-play 64 games ([0-9.]+) s, "
                        r"([0-9]+) examples/s\n", out)
    assert line, out
    assert float(line[1]) > 0 and int(line[3]) > 0
