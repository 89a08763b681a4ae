"""The bot workers' sharing rules, on the scheduler itself with searches that end when the test
says so (no clock): one search per table at a time, tables served in the order they asked
(round robin), tables of bots only held to half the workers, a person's table never waiting
behind them."""

from __future__ import annotations

import asyncio
import threading

import pytest

from salon.serve.bots import BotWorkers, Thought


class Searches:
    """Searches that block on their own event until released."""

    def __init__(self) -> None:
        self.release: dict[str, threading.Event] = {}

    def work(self, name: str) -> object:
        event = self.release.setdefault(name, threading.Event())

        def run() -> Thought:
            assert event.wait(30), f"{name} was never released"
            return Thought(action=len(name), seconds=0.0, simulations=1)

        return run


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_round_robin_between_tables_and_half_the_workers_for_bots_only() -> None:
    async def scenario() -> None:
        workers = BotWorkers(threads=2)
        searches = Searches()
        assert workers.bot_only_threads == 1
        started: list[str] = []

        async def ask(name: str, table: str, bot_only: bool) -> Thought:
            done = await workers.search(searches.work(name), table=table, bot_only=bot_only)  # type: ignore[arg-type]
            started.append(name)
            return await done

        # Three tables of bots only ask first, then a table with a person.
        tasks = [asyncio.create_task(ask(f"{t}1", t, True)) for t in ("A", "B", "C")]
        await _settle()
        person = asyncio.create_task(ask("P1", "P", False))
        await _settle()
        # One search of a table of bots runs; the person's runs beside it at once.
        assert started == ["A1", "P1"] and workers.running == 2 and workers.waiting == 2
        # A asks again before B and C are served: it waits behind them (round robin).
        searches.release["A1"].set()
        assert (await tasks[0]).action == 2
        again = asyncio.create_task(ask("A2", "A", True))
        await _settle()
        assert started == ["A1", "P1", "B1"]
        for name, task in (("B1", tasks[1]), ("C1", tasks[2])):
            searches.release[name].set()
            await task
            await _settle()
        assert started == ["A1", "P1", "B1", "C1", "A2"]
        searches.release["A2"].set()
        searches.release["P1"].set()
        await asyncio.gather(again, person)
        assert workers.running == 0 and workers.waiting == 0
        workers.shutdown()

    asyncio.run(scenario())


def test_a_table_has_one_search_at_a_time() -> None:
    """A search given up on (cut by its time) keeps its worker; the table's next one waits
    for it, while another table's search runs."""

    async def scenario() -> None:
        workers = BotWorkers(threads=2)
        searches = Searches()
        first = await workers.search(searches.work("T1"), table="T", bot_only=False)  # type: ignore[arg-type]
        second = asyncio.create_task(workers.search(searches.work("T2"), table="T", bot_only=False))  # type: ignore[arg-type]
        other = asyncio.create_task(workers.search(searches.work("U1"), table="U", bot_only=False))  # type: ignore[arg-type]
        await _settle()
        assert other.done() and not second.done() and workers.running == 2
        searches.release["T1"].set()
        await first
        started = await second  # T1 over: T2 starts
        searches.release["T2"].set()
        searches.release["U1"].set()
        await started
        await (await other)
        workers.shutdown()

    asyncio.run(scenario())


def test_a_search_waiting_for_a_worker_can_be_given_up() -> None:
    async def scenario() -> None:
        workers = BotWorkers(threads=2)
        searches = Searches()
        running = await workers.search(searches.work("A1"), table="A", bot_only=True)  # type: ignore[arg-type]
        waiting = asyncio.create_task(workers.search(searches.work("B1"), table="B", bot_only=True))  # type: ignore[arg-type]
        await _settle()
        assert workers.waiting == 1
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert workers.waiting == 0
        searches.release["A1"].set()
        await running
        assert workers.running == 0
        workers.shutdown()

    asyncio.run(scenario())
