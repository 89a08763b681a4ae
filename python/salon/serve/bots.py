"""Bot workers: bots think on a pool of threads, never on the event loop.

``Bot.step`` releases the GIL while it searches, so a few threads keep the pages of every
table responsive while MCTS bots think. Each call works on a clone of the table's state, so
the table can still be read (and drawn) while its bot thinks.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from salon import _core


@dataclass(frozen=True)
class Thought:
    """A bot's choice and what it cost."""

    action: int
    seconds: float
    simulations: int | None


def _think(bot: _core.Bot, state: _core.State) -> Thought:
    started = time.perf_counter()
    action = bot.step(state)
    stats = bot.last_stats()
    simulations = int(stats["simulations"]) if stats is not None else None
    return Thought(action, time.perf_counter() - started, simulations)


class BotWorkers:
    """A pool of threads for bots' decisions, shared by every table of the app."""

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or max(2, os.cpu_count() or 2)
        self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="salon-bot")

    async def choose(self, bot: _core.Bot, state: _core.State) -> Thought:
        """The bot's move at ``state`` (a clone the caller gives away), computed on a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _think, bot, state)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
