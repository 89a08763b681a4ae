"""The command line's help texts and error answers read right (issue 17, point 7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import salon


def _salon(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "salon", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


def test_help_texts_show_percent_signs_and_describe_every_command(tmp_path: Path) -> None:
    top = _salon("--help", cwd=tmp_path).stdout
    assert "95% confidence" in top and "%%" not in top
    for command in ("games", "play", "arena", "replay", "view", "bench", "demo"):
        out = _salon(command, "--help", cwd=tmp_path)
        assert out.returncode == 0 and "%%" not in out.stdout, command
        # A description paragraph between the usage and the arguments.
        head = out.stdout.split("\n\n")
        assert len(head) > 2 and not head[1].lstrip().startswith(("positional", "options")), (command, out.stdout)
    assert "95% Wilson" in _salon("arena", "--help", cwd=tmp_path).stdout
    assert "checkout" in _salon("bench", "--help", cwd=tmp_path).stdout


def test_bench_outside_a_checkout_says_so(tmp_path: Path) -> None:
    """An installed package (no benches/ beside it) run outside a clone: one plain sentence."""
    from salon import __main__ as cli

    fake = tmp_path / "site" / "salon" / "__main__.py"
    fake.parent.mkdir(parents=True)
    original, cwd = cli.__file__, os.getcwd()
    try:
        cli.__file__ = str(fake)
        os.chdir(tmp_path)
        try:
            cli._bench_dir()
        except cli.UserError as err:
            message = str(err)
        else:
            raise AssertionError("no checkout here, yet benches/ was found")
    finally:
        cli.__file__ = original
        os.chdir(cwd)
    assert "needs a checkout" in message and "not part of the installed package" in message


def test_play_number_out_of_range_names_the_range(tmp_path: Path) -> None:
    state = salon.load_game("azul_sintra").new_initial_state(seed=4)
    while state.is_chance_node():
        state.apply_random_chance()
    n = len(state.legal_moves)
    out = _salon("play", "azul_sintra", "--bots", "random", "--seed", "4", cwd=tmp_path, stdin=f"{n + 1}\n0\nquit\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(f"choose 1-{n}") == 2 and "not a legal move" not in out.stdout


def test_bool_parameter_error_says_true_or_false(tmp_path: Path) -> None:
    for args in (["-p", "advanced=yes"], []):
        game = "colors_of_paris" if args else "colors_of_paris(advanced=yes)"
        out = _salon("play", game, *args, cwd=tmp_path, stdin="quit\n")
        assert out.returncode == 2 and "Traceback" not in out.stderr
        assert "true or false" in out.stderr and "advanced" in out.stderr, out.stderr
    out = _salon("play", "colors_of_paris", "-p", "advanced=TRUE", "--bots", "random", cwd=tmp_path, stdin="quit\n")
    assert out.returncode == 0 and "advanced=true" in out.stdout, out.stdout[:300]
