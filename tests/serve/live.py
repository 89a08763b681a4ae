"""A live `salon serve` in this process: uvicorn on 127.0.0.1 (a free port) in a thread, so a
test can watch what the server's process does (audit hooks) and whether its event loop still
answers while a hostile request is served."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from salon.serve.app import create_app
from salon.serve.server import bind


@contextmanager
def live_server(**options: Any) -> Iterator[tuple[str, Any]]:
    """Yields ``(base URL, app)`` of a server answering on 127.0.0.1:<free port>."""
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(port=port, **options)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the live server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
