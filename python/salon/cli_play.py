"""``salon play``: a person in the terminal against bots, and ``salon replay --step``.

The person sees the table as their seat sees it (``observation_string``: nothing hidden from
them is shown) after every move (``show="every"``) or before each of their own decisions
(``show="mine"``), chooses a move by its number in the list or by typing its text, and may type
``help``, ``undo`` (back to their previous decision) or ``quit``.
"""

from __future__ import annotations

import sys
from typing import IO, Any

import salon
from salon import records
from salon.play import make_bot

HELP = "type a move's number or its text; 'list' shows the moves again, 'undo' takes back your last move, 'quit' ends the game"


def _read(prompt: str, stdin: IO[str], stdout: IO[str]) -> str | None:
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline()
    if not line:
        return None
    return line.strip()


def _show_moves(state: salon.State, stdout: IO[str]) -> None:
    for i, move in enumerate(state.legal_moves, start=1):
        stdout.write(f"  {i:>3}. {move.text}\n")


def play(
    game: salon.Game,
    *,
    seat: int,
    bots: list[str],
    seed: int,
    name: str = "you",
    show: str = "every",
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> tuple[salon.State, dict[str, Any] | None]:
    """Plays one game; returns the final (or abandoned) state and its record when finished."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    n = game.num_players()
    if not 0 <= seat < n:
        raise salon.SalonError(f"seat {seat} is not a seat of a {n}-player game (0..{n - 1})")
    others = [bots[i % len(bots)] for i in range(n - 1)]
    seats: list[str] = []
    k = 0
    for p in range(n):
        if p == seat:
            seats.append(name)
        else:
            seats.append(others[k])
            k += 1
    players = {p: make_bot(spec, seed * 10 + p, game) for p, spec in enumerate(seats) if p != seat}
    state = game.new_initial_state(seed=seed)
    stdout.write(f"{game.long_name}: {game}; you are player {seat}; " + ", ".join(f"P{p} {s}" for p, s in enumerate(seats)) + "\n")
    stdout.write(HELP + "\n")
    dirty = True  # the table changed since it was last shown
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        p = state.current_player()
        if dirty and (show == "every" or p == seat):
            stdout.write("\n" + state.observation_string(seat) + "\n")
            dirty = False
        if p != seat:
            action = players[p].step(state)
            stdout.write(f"P{p} ({seats[p]}): {state.action_to_string(seat, action)}\n")
            state.apply_action(action)
            dirty = True
            continue
        _show_moves(state, stdout)
        while True:
            answer = _read(f"your move (1-{len(state.legal_moves)}): ", stdin, stdout)
            if answer is None or answer == "quit":
                stdout.write("game abandoned\n")
                return state, None
            if answer in ("help", "?"):
                stdout.write(HELP + "\n")
                continue
            if answer == "list":
                _show_moves(state, stdout)
                continue
            if answer == "undo":
                if not _undo_to_previous_decision(state, seat):
                    stdout.write("nothing of yours to undo\n")
                    continue
                stdout.write("\n" + state.observation_string(seat) + "\n")
                _show_moves(state, stdout)
                continue
            moves = state.legal_moves
            match = [m for m in moves if m.text == answer]
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                move = moves[int(answer) - 1]
            elif match:
                move = match[0]
            elif answer.isdigit():
                stdout.write(f"choose 1-{len(moves)}: there are {len(moves)} moves ('list' shows them)\n")
                continue
            else:
                stdout.write(f"not a legal move here: {answer!r} ({HELP})\n")
                continue
            state.apply_action(move.action)
            stdout.write(f"P{seat} (you): {move.text}\n")
            dirty = True
            break
    stdout.write("\n" + state.observation_string(seat) + "\n")
    scores = state.scores()
    stdout.write("final scores: " + ", ".join(f"P{p} {seats[p]} {scores[p]}" for p in range(n)) + "\n")
    return state, records.record_of(state, seats)


def _undo_to_previous_decision(state: salon.State, seat: int) -> bool:
    """Pops moves back to (and including) the seat's previous decision. The replayed chance
    outcomes after that decision are then drawn again by the state's own generator."""
    history = state.history()
    probe = state.game().new_initial_state(seed=state.seed)
    last = -1
    for i, action in enumerate(history):
        if not probe.is_chance_node() and probe.current_player() == seat:
            last = i
        probe.apply_action(action)
    if last < 0:
        return False
    while state.ply > last:
        state.pop()
    return True


def step_through(record: dict[str, Any], *, line: int, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Steps through a record in the terminal: Enter forward, 'b' back, a number jumps, 'q' quits."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    moves: list[tuple[int, str]] = []
    states: list[salon.State] = []
    game = records.load_record_game(record, line=line)
    start = records.start_state(record, game, line=line)
    states.append(start.clone())
    players = record.get("players") or [f"player {p}" for p in range(game.num_players())]
    for _, actor, text, state in records.replay_steps(record, line=line):
        moves.append((actor, text))
        states.append(state.clone())
    stdout.write(f"line {line}: {game}, {len(moves)} moves; verified. Enter: forward, b: back, a number: jump, q: quit\n")
    pos = 0
    while True:
        last = "start" if pos == 0 else f"{'chance' if moves[pos - 1][0] < 0 else f'P{moves[pos - 1][0]} {players[moves[pos - 1][0]]}'}: {moves[pos - 1][1]}"
        stdout.write(f"\n=== move {pos} of {len(moves)} ({last}) ===\n{states[pos]}\n")
        answer = _read("> ", stdin, stdout)
        if answer is None or answer == "q":
            return 0
        if answer == "":
            pos = min(pos + 1, len(moves))
        elif answer == "b":
            pos = max(pos - 1, 0)
        elif answer.isdigit():
            pos = max(0, min(int(answer), len(moves)))
        else:
            stdout.write("Enter: forward, b: back, a number: jump, q: quit\n")
