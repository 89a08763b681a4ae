"""Runs the app with uvicorn on a socket bound first, so a busy port is a one-line error and
port 0 picks a free port (the address printed is the real one)."""

from __future__ import annotations

import socket
import sys

import uvicorn

from salon.serve.app import create_app

# Open connections (long polls included: one per open table page) past which uvicorn answers 503.
MAX_CONNECTIONS = 1000


def bind(host: str, port: int) -> socket.socket:
    """A listening socket; ``OSError`` (for example the port is taken) otherwise."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, *, bot_threads: int | None = None, quiet: bool = False) -> None:
    """Serves until interrupted (Ctrl+C)."""
    sock = bind(host, port)
    shown_host = f"[{host}]" if ":" in host else host
    actual_port = sock.getsockname()[1]
    print(f"salon serve: open http://{shown_host}:{actual_port}/ in a browser (Ctrl+C stops)", flush=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        print("salon serve: listening beyond this machine: anyone who can reach it can open tables", file=sys.stderr)
    config = uvicorn.Config(
        # The app answers only to this address (its Host check) on the port really bound.
        create_app(bot_threads=bot_threads, host=host, port=actual_port),
        log_level="warning" if quiet else "info",
        access_log=False,
        timeout_graceful_shutdown=2,
        limit_concurrency=MAX_CONNECTIONS,
    )
    uvicorn.Server(config).run(sockets=[sock])
