"""Bot workers: bots think on threads, never on the event loop, shared fairly between tables.

``Bot.step`` releases the GIL while it searches, so a few threads keep the pages of every
table responsive while MCTS bots think. Each call works on a clone of the table's state, so
the table can still be read (and drawn) while its bot thinks.

Sharing (all bookkeeping on the event loop's thread):

- Random and greedy bots answer in milliseconds: they have threads of their own (the *fast
  lane*, as many threads as the workers) and never wait behind a search.
- Searches (MCTS and network bots, and hints) run on ``threads`` workers. A table has at most one search running; the tables
  waiting for a worker are served in the order they asked (each table asks again only once its
  search is over: round robin between tables).
- Tables of bots only (nobody seated) run at most ``bot_only_threads`` searches at once (half
  the workers, at least one), so they never hold every worker while a person waits for a bot.
- A bot's move is bounded by time whatever its budget says: when a search has not answered
  within its limit (``SeatSpec.move_seconds``), the table plays the greedy bot's move instead
  and goes on (``Thought.cut``). The engine cannot stop a search from another thread, so that
  search keeps its worker, and its table's next search waits, until it ends (its simulations
  are capped, ``seats.MAX_SIMULATIONS``).
"""

from __future__ import annotations

import asyncio
import functools
import os
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from salon import _core

T = TypeVar("T")


@dataclass(frozen=True)
class Thought:
    """A bot's choice and what it cost; ``cut``: the search ran past its time and the move is
    the greedy bot's."""

    action: int
    seconds: float
    simulations: int | None
    cut: bool = False


def _think(bot: _core.Bot, state: _core.State) -> Thought:
    started = time.perf_counter()
    action = bot.step(state)
    stats = bot.last_stats()
    simulations = int(stats["simulations"]) if stats is not None else None
    return Thought(action, time.perf_counter() - started, simulations)


@dataclass(eq=False)
class _Job:
    table: str
    bot_only: bool
    work: Callable[[], Any]
    started: asyncio.Future[None]
    done: asyncio.Future[Any]
    queued_at: float = field(default_factory=time.monotonic)


class BotWorkers:
    """The threads for bots' decisions, shared by every table of the app (see the module)."""

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or max(2, os.cpu_count() or 2)
        self.bot_only_threads = max(1, self.threads // 2)
        self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="salon-bot")
        self._fast = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="salon-fast-bot")
        self._waiting: deque[_Job] = deque()
        self._running: dict[str, _Job] = {}
        # The tables in the order their searches started (for the tests of fairness).
        self.started_log: deque[str] = deque(maxlen=1000)

    @property
    def running(self) -> int:
        return len(self._running)

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def _dispatch(self) -> None:
        """Starts the waiting searches that may start, in the order they were asked for."""
        loop = asyncio.get_running_loop()
        for job in list(self._waiting):
            if len(self._running) >= self.threads:
                break
            if job.table in self._running:
                continue  # the table's previous search (cut by its limit) still runs
            if job.bot_only and sum(j.bot_only for j in self._running.values()) >= self.bot_only_threads:
                continue
            self._waiting.remove(job)
            self._running[job.table] = job
            self.started_log.append(job.table)
            future = loop.run_in_executor(self._pool, job.work)
            future.add_done_callback(functools.partial(self._finished, job))
            if not job.started.done():
                job.started.set_result(None)

    def _finished(self, job: _Job, future: asyncio.Future[Any]) -> None:
        if self._running.get(job.table) is job:
            del self._running[job.table]
        if not job.done.done():
            if future.cancelled():
                job.done.cancel()
            elif future.exception() is not None:
                job.done.set_exception(future.exception())  # type: ignore[arg-type]
            else:
                job.done.set_result(future.result())
        elif not future.cancelled():
            future.exception()  # retrieved: a cut search's error is not "never retrieved"
        self._dispatch()

    async def search(self, work: Callable[[], T], *, table: str, bot_only: bool) -> asyncio.Future[T]:
        """Queues a search (``work``, run on a worker thread: a bot's move or a hint) and
        returns, once it has started, the future of its result (shielded: giving up on it
        leaves the search to its end)."""
        loop = asyncio.get_running_loop()
        job = _Job(table, bot_only, work, loop.create_future(), loop.create_future())
        self._waiting.append(job)
        self._dispatch()
        try:
            await job.started
        except asyncio.CancelledError:
            if job in self._waiting:
                self._waiting.remove(job)
            raise
        return job.done

    async def choose(
        self,
        bot: _core.Bot,
        state: _core.State,
        *,
        table: str = "",
        bot_only: bool = False,
        limit: float | None = None,
    ) -> Thought:
        """The bot's move at ``state`` (a clone the caller gives away), computed on a worker
        thread; a search not done ``limit`` seconds after it started gives the greedy bot's move."""
        loop = asyncio.get_running_loop()
        if bot.kind in ("random", "greedy"):
            return await loop.run_in_executor(self._fast, _think, bot, state)
        # Read before the search holds the bot and the state (one call at a time each).
        seed = bot.seed
        spare = state.clone() if limit is not None else None
        done = await self.search(lambda: _think(bot, state), table=table, bot_only=bot_only)
        began = time.perf_counter()
        try:
            return await asyncio.wait_for(asyncio.shield(done), limit)
        except asyncio.TimeoutError:
            pass
        assert spare is not None
        fallback = _core.Bot("greedy", seed=seed)
        thought = await loop.run_in_executor(self._fast, _think, fallback, spare)
        return Thought(thought.action, time.perf_counter() - began, None, cut=True)

    def shutdown(self) -> None:
        for job in self._waiting:
            job.started.cancel()
        self._waiting.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._fast.shutdown(wait=False, cancel_futures=True)
