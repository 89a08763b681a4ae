"""The agents' cost report (benches/agent_cost.py) runs as written, so it cannot rot."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_report_times_a_shipped_agent_against_mcts() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    out = subprocess.run([sys.executable, str(ROOT / "benches" / "agent_cost.py"), "--agents", "azul_sintra-2p",
                          "--positions", "2", "--simulations", "16", "--mcts", "50"],
                         capture_output=True, text=True, timeout=300, check=True, env=env).stdout
    row = re.search(r"^azul_sintra-2p +([0-9.]+) \(([0-9.]+)x\) +([0-9.]+) \(([0-9.]+)x\) +([0-9.]+)  \(mix 0, 1 a leaf\)$",
                    out, re.M)
    assert row, out
    assert all(float(x) > 0 for x in row.groups())
