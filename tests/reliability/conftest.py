"""The reliability tests send themselves Ctrl-C (SIGINT) to stop long native calls."""

from __future__ import annotations

import signal
import threading
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _ctrl_c_raises() -> Any:
    """Ctrl-C as a terminal gives it: a shell without job control starts background commands
    with SIGINT ignored, and Python then never installs its handler, so the signal these tests
    send would be dropped and the long calls would run on for hours."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, previous)
