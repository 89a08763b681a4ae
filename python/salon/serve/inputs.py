"""Reading what a request sends, strictly: bodies by size, JSON with every text checked at the
door, and numbers in the query string of ASCII digits only.

Text that cannot be encoded (a lone surrogate such as ``"\\ud800"``, which JSON can spell) is
refused here, before it reaches a table, a seat name or an answer: every answer must encode.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from salon.serve.errors import BadRequestError

MAX_JSON_BYTES = 64 * 1024
_INT = re.compile(r"-?[0-9]{1,15}")
_LENGTH = re.compile(r"[0-9]{1,15}")
_FLOAT = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?")


def encodable(text: str) -> bool:
    """Whether ``text`` is valid Unicode (encodes as UTF-8: no lone surrogate)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_texts(value: Any, where: str, error: type[Exception] = BadRequestError) -> None:
    """Refuses (``error``) any text of a parsed JSON value, key or value, that cannot be encoded."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not encodable(item):
                raise error(f"{where} holds text that is not valid Unicode (a lone surrogate such as \\ud800)")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


async def body(request: Request, limit: int, too_large: type[Exception] = BadRequestError) -> bytes:
    """The request body, refused past ``limit`` bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not _LENGTH.fullmatch(declared):
            raise BadRequestError("Content-Length must be a number of bytes")
        if int(declared) > limit:
            raise too_large(f"the request body is larger than {limit // 1024} KiB")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(f"the request body is larger than {limit // 1024} KiB")
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(raw: bytes) -> Any:
    """A JSON body (an empty one is ``{}``), its texts checked."""
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequestError("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise BadRequestError(f"the request body is not valid JSON ({err.msg} at character {err.pos})") from None
    except (RecursionError, ValueError):
        raise BadRequestError("the request body is not valid JSON (nested too deeply or a number too long)") from None
    check_texts(data, "the request body")
    return data


async def json_body(request: Request) -> Any:
    return parse_json(await body(request, MAX_JSON_BYTES))


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    """An integer of the query string (ASCII digits, optionally signed) from ``low`` to ``high``."""
    text = request.query_params.get(name)
    if text is None:
        return default
    return int_text(text, name, low, high)


def int_text(text: str, name: str, low: int, high: int) -> int:
    if not _INT.fullmatch(text):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise BadRequestError(f"{name} must be an integer from {low} to {high}, got {shown!r}")
    value = int(text)
    if not low <= value <= high:
        raise BadRequestError(f"{name} must be an integer from {low} to {high}, got {value}")
    return value


def float_param(request: Request, name: str, default: float) -> float:
    text = request.query_params.get(name)
    if text is None:
        return default
    shown = text if len(text) <= 20 else text[:20] + "..."
    if not _FLOAT.fullmatch(text):
        raise BadRequestError(f"{name} must be a finite number such as 2.5, got {shown!r}")
    return float(text)
