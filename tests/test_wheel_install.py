"""Installing salon into another environment (issue 17, point 10): the wheel of `make wheel`
installs into a fresh virtual environment with no Rust toolchain on PATH and plays a game.

Part of `make test` (marked ``wheel``): the release build is the one `make build` already made,
so maturin only packs it; the new environment gets numpy from pip's usual sources."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.wheel

PLAY = """
import sys, salon
assert salon.__file__.startswith(sys.prefix), salon.__file__     # the installed copy, not the checkout
game = salon.load_game("colors_of_paris", players=3)
state = game.new_initial_state(seed=11)
bots = [salon.Bot("greedy", seed=p) for p in range(3)]
while not state.is_terminal():
    if state.is_chance_node():
        state.apply_random_chance()
    else:
        state.apply_action(bots[state.current_player()].step(state))
picture = state.render_rgb(width=200)
print(state.scores(), sum(state.returns()), picture.shape, picture.dtype)
"""


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kwargs)  # type: ignore[call-overload]
    assert out.returncode == 0, (cmd, out.stdout[-2000:], out.stderr[-3000:])
    return out  # type: ignore[no-any-return]


SERVE_FILES = "from importlib import resources; print(sorted(p.name for p in resources.files('salon.serve').joinpath('static').iterdir()))"


def test_wheel_installs_and_plays_without_rust(tmp_path: Path) -> None:
    maturin = shutil.which("maturin", path=str(Path(sys.executable).parent))
    assert maturin, "maturin comes with requirements/test.txt"
    build_env = {**os.environ, "VIRTUAL_ENV": sys.prefix}
    _run([maturin, "build", "--release", "--locked", "--out", str(tmp_path / "dist")], cwd=ROOT, env=build_env)
    [wheel] = (tmp_path / "dist").glob("salon-*.whl")
    assert "-abi3-" in wheel.name and "manylinux" in wheel.name, wheel.name

    venv = tmp_path / "fresh"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    # No Rust toolchain: only the new environment and the system's own programs on PATH.
    path = os.pathsep.join([str(venv / "bin"), "/usr/local/bin", "/usr/bin", "/bin"])
    for tool in ("cargo", "rustc", "maturin"):
        assert shutil.which(tool, path=path) is None, f"{tool} is on the clean PATH"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("CARGO", "RUSTUP", "PYTHON", "VIRTUAL_ENV"))}
    clean["PATH"] = path
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", str(wheel)], env=clean)
    played = _run([str(python), "-c", PLAY], cwd=tmp_path, env=clean)
    assert "1.0" in played.stdout and "uint8" in played.stdout and "200, 3)" in played.stdout, played.stdout
    games = _run([str(venv / "bin" / "salon"), "games"], cwd=tmp_path, env=clean)
    assert "colors_of_paris" in games.stdout
    # The browser app's page files ship in the wheel; without the serve extra, `salon serve`
    # says how to install it.
    pages = _run([str(python), "-c", SERVE_FILES], cwd=tmp_path, env=clean)
    assert "index.html" in pages.stdout and "table.js" in pages.stdout, pages.stdout
    serve = subprocess.run([str(venv / "bin" / "salon"), "serve"], cwd=tmp_path, env=clean, capture_output=True, text=True)
    assert serve.returncode == 2 and "pip install 'starlette>=1.10' 'uvicorn>=0.54'" in serve.stderr, serve.stderr
