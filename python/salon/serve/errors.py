"""Typed errors of the web app; each carries the HTTP status its JSON response gets.

Engine errors (``IllegalActionError``, ``RecordError``...) are answered the same way by the app
(``status_of``): a JSON object ``{"error": message, "type": class name}``.
"""

from __future__ import annotations

from salon import _core
from salon.records import RecordError


class ServeError(_core.SalonError):
    """A request the app cannot serve; ``status`` is the HTTP status of the answer."""

    status = 400


class BadRequestError(ServeError):
    """A request body or parameter of the wrong shape (the message names the field)."""


class TableNotFoundError(ServeError):
    """No table (or no seat of it) answers to this address: never created, or expired."""

    status = 404


class ReviewNotFoundError(ServeError):
    """No uploaded record answers to this address: never uploaded, or expired."""

    status = 404


class NotYourTurnError(ServeError):
    """A move sent by a seat that is not the one to decide (or while chance or a bot acts)."""

    status = 409


class StaleViewError(ServeError):
    """A move sent from a view of the table that has changed since (another tab, a bot)."""

    status = 409


class GameOverError(ServeError):
    """A move, undo or resignation after the end of the game."""

    status = 409


class GameNotOverError(ServeError):
    """The record asked for before the end of the game (it holds every hidden card)."""

    status = 409


class UndoRefusedError(ServeError):
    """An undo that would take back a move of another person (or one made before another
    person's move): a seat takes back only its own last moves."""

    status = 409


class NotAllowedError(ServeError):
    """A seat asking for what only another may do (stopping a table of bots is for its creator)."""

    status = 403


class ForeignHostError(ServeError):
    """A request whose ``Host`` is not this server's own address (DNS rebinding)."""

    status = 403


class ForeignOriginError(ServeError):
    """A state-changing request sent by a page of another site (its ``Origin`` is not this server)."""

    status = 403


class UnsupportedMediaTypeError(ServeError):
    """A state-changing request whose body is not declared ``application/json`` (a plain form or
    ``text/plain`` POST, which another site's page could send without the browser asking first)."""

    status = 415


class RecordTooLargeError(ServeError):
    """An uploaded record above the size limit."""

    status = 413


class SearchTimeoutError(ServeError):
    """A search the server ran for a request (a hint) did not end within the server's limit."""

    status = 503


class TooManyTablesError(ServeError):
    """The server holds as many tables as it may; idle ones expire."""

    status = 503


def status_of(err: _core.SalonError) -> int:
    """The HTTP status for an error raised while serving a request."""
    if isinstance(err, ServeError):
        return err.status
    if isinstance(err, _core.NothingToUndoError):
        return 409
    if isinstance(err, RecordError):
        return 400
    return 400
