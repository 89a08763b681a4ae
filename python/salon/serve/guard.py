"""The door: who may talk to the server at all, checked before any route runs.

- ``Host`` must be the server's own address (its name and port): a page of another site whose
  name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
- A state-changing request (any method but GET, HEAD and OPTIONS) whose ``Origin`` is another
  site's (or ``null``) is refused: a page the user visits cannot drive the local server.
- Its body must be declared ``application/json`` (a record upload may say
  ``application/x-ndjson``): a browser sends such a request from another site only after asking
  the server first (a CORS preflight), which this server never grants. A plain form or
  ``text/plain`` POST, which needs no preflight, is refused.

Refusals are the app's usual JSON errors (``ForeignHostError``, ``ForeignOriginError``: 403;
``UnsupportedMediaTypeError``: 415).
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_TYPES = frozenset({"application/json"})
RECORD_TYPES = frozenset({"application/json", "application/x-ndjson", "application/jsonl"})
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return None


@dataclass(frozen=True)
class HostPolicy:
    """The ``Host`` values that name this server: ``names`` (lower case, IPv6 in brackets) on
    ``port`` (``None``: any port, for an app not bound yet). ``any_ip``: any IP address literal
    too (a server listening on every interface: an address cannot be rebound, only a name)."""

    names: frozenset[str]
    port: int | None = None
    any_ip: bool = False
    extra: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def for_bind(cls, host: str, port: int | None, extra: Iterable[str] = ()) -> HostPolicy:
        """The policy of a server listening on ``host``:``port``: this machine's own names
        (``localhost``, the loopback addresses, and for an address beyond this machine the
        address itself and the machine's host name)."""
        names = set(LOOPBACK_NAMES)
        bound = host.strip("[]").lower()
        ip = _ip(bound)
        if bound not in LOOPBACK_NAMES and not (ip is not None and ip.is_loopback):
            names.add(f"[{bound}]" if ip is not None and ip.version == 6 else bound)
            for name in (socket.gethostname(), socket.getfqdn()):
                if name:
                    names.add(name.lower())
        elif ip is not None:
            names.add(f"[{bound}]" if ip.version == 6 else bound)
        return cls(frozenset(names), port, any_ip=bound in WILDCARDS, extra=frozenset(e.lower() for e in extra))

    def allows(self, host: str) -> bool:
        """Whether a ``Host`` header names this server."""
        host = host.strip().lower()
        if not host or len(host) > 300 or not host.isascii():
            return False
        if host.startswith("["):
            end = host.find("]")
            if end < 0:
                return False
            name, rest = host[: end + 1], host[end + 1 :]
        else:
            name, _, port_text = host.partition(":")
            rest = ":" + port_text if _ else ""
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit() or len(rest) > 6:
                return False
            port: int | None = int(rest[1:])
        else:
            port = None
        if self.port is not None and (port if port is not None else 80) != self.port:
            return False
        if name in self.names or name in self.extra:
            return True
        return self.any_ip and _ip(name) is not None


def _media_type(value: str) -> str | None:
    """The media type of a Content-Type (``None`` when its charset is not UTF-8)."""
    kind, _, rest = value.partition(";")
    for part in rest.split(";"):
        key, _, val = part.strip().partition("=")
        if key.strip().lower() == "charset" and val.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return None
    return kind.strip().lower()


class Guard:
    """ASGI middleware that refuses requests from elsewhere (see the module's text)."""

    def __init__(self, app: ASGIApp, policy: HostPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, kind, message = refusal
        body = json.dumps({"error": message, "type": kind}).encode("utf-8")
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
            ],
        })
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """``(status, error type, message)`` for a request to refuse, ``None`` to serve it."""
        headers: dict[str, list[str]] = {}
        for raw_key, raw_value in scope.get("headers", []):
            headers.setdefault(raw_key.decode("latin-1").lower(), []).append(raw_value.decode("latin-1"))
        hosts = headers.get("host", [])
        if len(hosts) != 1 or not self.policy.allows(hosts[0]):
            return 403, "ForeignHostError", "this server answers only to its own address (the Host header names another)"
        path = scope.get("path", "")
        if not isinstance(path, str) or "\x00" in path:
            return 404, "NotFound", "no such page or API call"
        if scope.get("method", "GET") in SAFE_METHODS:
            return None
        origins = headers.get("origin", [])
        host = hosts[0].strip().lower()
        if origins and (len(origins) != 1 or origins[0].strip().lower() not in (f"http://{host}", f"https://{host}")):
            return 403, "ForeignOriginError", "a page of another site cannot change anything here"
        fetch_site = headers.get("sec-fetch-site", [])
        if any(v.strip().lower() == "cross-site" for v in fetch_site):
            return 403, "ForeignOriginError", "a page of another site cannot change anything here"
        types = headers.get("content-type", [])
        allowed = RECORD_TYPES if path == "/api/reviews" else JSON_TYPES
        if len(types) != 1 or _media_type(types[0]) not in allowed:
            return 415, "UnsupportedMediaTypeError", (
                "a request that changes something must send Content-Type: application/json"
                + (" (a record: application/x-ndjson)" if path == "/api/reviews" else "")
            )
        return None
