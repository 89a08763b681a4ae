"""Training examples from games of MCTS with random rollouts: an expert for a network to start
from (expert iteration: the apprentice first imitates the expert, then improves by self-play).

Every seat is played by ``salon.Bot("mcts", simulations=N)``; at each decision the example keeps
what the player to move saw, its legal actions, the share of the root's simulations through each
action (the policy target) and, once the game ends, its final win shares (the value target; the
search's root values of the other seats are not known to this bot, so ``root_values`` repeats the
final win shares and ``--value-mix`` has no effect on these examples). The output is a
``salon-selfplay/1`` directory (shards, records, manifest) that ``examples/alphazero.py
--pretrain-shards DIR`` trains on before its first self-play iteration:

    python examples/mcts_teacher.py --game 'atelier_studio(players=3)' --games 400 --simulations 1000 \\
        --jobs 2 --seed 7 --out runs/teacher-atelier_studio-3p

Games are split over ``--jobs`` processes by game id; the same seed, game ids and simulations
give the same examples whatever the number of jobs. Stopped early (Ctrl-C or ``kill``), it finishes
the game it waits for and writes the games finished so far, which are the first ones by game id.
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

import salon
from salon.records import record_of
from salon.selfplay import Examples, write_shards
from salon._splitmix import SplitMix64


def game_seed(seed: int, game_id: int) -> int:
    return SplitMix64(seed ^ (game_id * 0x9E3779B97F4A7C15)).next_u64()


def teacher_game(spec: str, game_id: int, simulations: int, seed: int) -> Examples:
    """One game of MCTS(``simulations``) in every seat, as examples."""
    game = salon.load_game(spec)
    state = game.new_initial_state(seed=game_seed(seed, game_id))
    num_players = game.num_players()
    bot_seed = game_seed(seed + 1, game_id)
    bots = [salon.Bot("mcts", simulations=simulations, seed=(bot_seed + p) % 2**63) for p in range(num_players)]
    actions_count = game.num_distinct_actions()
    observations, masks, policies, players, plies, actions = [], [], [], [], [], []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        player = state.current_player()
        mask = np.zeros(actions_count, np.bool_)
        mask[state.legal_actions()] = True
        observations.append(np.asarray(state.observation_tensor(player), np.float32))
        action = bots[player].step(state)
        stats = bots[player].last_stats()
        target = np.zeros(actions_count, np.float32)
        if stats is not None:
            for move in stats["root"]:
                target[int(move["action"])] = float(move["visits"])
        if target.sum() <= 0.0:  # a forced move is not searched: it is the whole policy
            target[action] = 1.0
        masks.append(mask)
        policies.append(target / target.sum())
        players.append(player)
        plies.append(len(state.history()))
        actions.append(action)
        state.apply_action(action)
    n = len(players)
    returns = np.tile(np.asarray(state.returns(), np.float32), (n, 1))
    record = record_of(state, [f"mcts:{simulations}"] * num_players)
    record["game_id"] = game_id
    return Examples(
        observations=np.asarray(observations, np.float32).reshape(n, *game.observation_tensor_shape()),
        masks=np.asarray(masks, np.bool_).reshape(n, actions_count),
        policies=np.asarray(policies, np.float32).reshape(n, actions_count),
        players=np.asarray(players, np.int32),
        returns=returns,
        root_values=returns.copy(),
        game_ids=np.full(n, game_id, np.int64),
        plies=np.asarray(plies, np.int32),
        actions=np.asarray(actions, np.int64),
        records=[record],
    )


def _one(job: tuple[str, int, int, int]) -> Examples:
    return teacher_game(*job)


def _worker_start() -> None:
    # Ctrl-C reaches the whole process group: the main process decides when to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def teacher_games(spec: str, games: int, simulations: int, seed: int, jobs: int) -> Iterator[Examples]:
    """The games' examples in game-id order (``jobs`` processes play them)."""
    work = [(spec, game_id, simulations, seed) for game_id in range(games)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_worker_start) as pool:
        yield from pool.imap(_one, work)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, help="game spec, e.g. 'atelier_studio(players=3)'")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--simulations", type=int, default=1000, help="MCTS simulations per move")
    p.add_argument("--jobs", type=int, default=1, help="processes playing games")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--shard-size", type=int, default=65536)
    p.add_argument("--out", required=True, help="directory for the shards (must not hold a manifest yet)")
    args = p.parse_args(argv)
    if args.games < 1 or args.simulations < 1 or args.jobs < 1:
        sys.exit("--games, --simulations and --jobs must be at least 1")
    try:
        game = salon.load_game(args.game)
    except salon.SalonError as e:
        sys.exit(f"--game {args.game!r}: {e}")
    out = Path(args.out)
    if (out / "manifest.json").exists():
        sys.exit(f"{out} already holds shards: choose another --out")
    started = time.monotonic()

    stop: list[int] = []

    def stop_after_this_game(signum: int, _frame: object) -> None:
        stop.append(signum)

    # Ctrl-C or kill: the game being played is finished, then the games so far are written.
    previous = {sig: signal.signal(sig, stop_after_this_game) for sig in (signal.SIGINT, signal.SIGTERM)}

    def progress() -> Iterator[Examples]:
        moves = 0
        for done, ex in enumerate(teacher_games(args.game, args.games, args.simulations, args.seed, args.jobs), 1):
            yield ex
            moves += len(ex)
            print(f"{done}/{args.games} games, {moves} examples, {moves / (time.monotonic() - started):.1f} per s",
                  flush=True)
            if stop:
                print("stopped: writing the games finished so far", flush=True)
                return

    settings = {"teacher": f"mcts:{args.simulations}", "games": args.games, "seed": args.seed}
    try:
        manifest = write_shards(progress(), out, shard_size=args.shard_size, game=game, settings=settings)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(f"{manifest['examples']} examples of {manifest['games']} games written to {out} "
          f"in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
