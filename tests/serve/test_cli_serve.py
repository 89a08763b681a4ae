"""`salon serve` on the command line: prints its address and serves; a missing extra or a busy
port is one clear line, not a traceback."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

import salon.serve
from salon.__main__ import main


def test_without_the_extra_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(salon.serve, "missing_dependencies", lambda: ["starlette", "uvicorn"])
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("salon: error: `salon serve` needs starlette and uvicorn")
    assert "pip install 'starlette>=1.10' 'uvicorn>=0.54'" in err and "Traceback" not in err


def test_a_busy_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"salon: error: cannot listen on 127.0.0.1:{port}")


def test_bad_port_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be from 0 to 65535" in capsys.readouterr().err


def test_it_prints_its_address_and_serves() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "salon", "serve", "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        with urllib.request.urlopen(found.group(0) + "api/games", timeout=20) as r:
            games = json.load(r)["games"]
        assert [g["name"] for g in games] == salon.game_names()
        # It answers only to its own address, the port it really listens on included.
        for host in ("evil.example", f"localhost:{int(found.group(1)) + 1}"):
            request = urllib.request.Request(found.group(0) + "api/games", headers={"Host": host})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=20)
            assert refused.value.code == 403 and json.load(refused.value)["type"] == "ForeignHostError"
        request = urllib.request.Request(found.group(0) + "api/games", headers={"Host": f"localhost:{found.group(1)}"})
        with urllib.request.urlopen(request, timeout=20) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)
