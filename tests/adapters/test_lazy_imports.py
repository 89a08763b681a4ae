"""The core install stays light: importing salon or salon.adapters pulls in none of the extras."""

from __future__ import annotations

import subprocess
import sys


def test_import_salon_needs_no_extras() -> None:
    code = (
        "import sys, salon, salon.adapters, salon.adapters.policies\n"
        "heavy = [m for m in ('gymnasium', 'pettingzoo', 'pyspiel', 'ray') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert 'SalonAECEnv' in dir(salon.adapters)\n"
        "from salon.adapters import SalonGymEnv\n"
        "assert 'gymnasium' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
