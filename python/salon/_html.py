"""Jupyter's rich display of games, states and bots (their ``_repr_html_`` calls these).

Everything shown is escaped; the state's picture is the engine's own SVG, inline."""

from __future__ import annotations

from html import escape
from typing import Any

from salon import _core

_STYLE = "font-family: sans-serif; font-size: 13px; line-height: 1.4"
_CELL = "padding: 2px 10px 2px 0; text-align: left; vertical-align: top"


def _table(rows: list[tuple[str, str]]) -> str:
    body = "".join(f'<tr><th style="{_CELL}">{escape(k)}</th><td style="{_CELL}">{v}</td></tr>' for k, v in rows)
    return f"<table>{body}</table>"


def _spec(game: _core.Game) -> dict[str, Any]:
    for entry in _core.registered_games():
        if entry["name"] == game.name:
            return dict(entry)
    return {"parameters": {}, "min_players": game.num_players(), "max_players": game.num_players()}


def game_html(game: _core.Game) -> str:
    """Name, rules in brief, each parameter (value, default, allowed, meaning) and the component set."""
    spec = _spec(game)
    values = game.get_parameters()
    params = []
    for name, p in sorted(spec["parameters"].items()):
        allowed = f" of {', '.join(map(str, p['allowed']))}" if p.get("allowed") else ""
        changed = "" if values.get(name) == p["default"] else f" (default {p['default']})"
        params.append(
            f"<li><code>{escape(name)}={escape(str(values.get(name)))}</code>{escape(changed)}"
            f"{escape(allowed)}: {escape(p.get('doc', ''))}</li>"
        )
    comp = game.components
    origin = "substitute components, not the publisher's" if comp.get("substitute") else "user-supplied components"
    rows = [
        ("game", f"{escape(game.long_name)} <code>{escape(str(game))}</code>"),
        ("players", f"{game.num_players()} (this game takes {spec['min_players']}-{spec['max_players']})"),
        ("information", "perfect" if game.perfect_information else "hidden (each player sees only their own view)"),
        ("rules", f"docs/rules/{escape(game.name)}.md: every rule and where it comes from"),
        ("parameters", f"<ul style='margin: 0; padding-left: 18px'>{''.join(params)}</ul>" if params else "none"),
        ("components", f"{escape(comp.get('name', ''))} ({escape(origin)}), hash <code>{escape(str(comp.get('hash', '')))}</code>"),
        ("actions", f"{game.num_distinct_actions()} distinct ids; games end within {game.max_game_length()} moves"),
        ("observation", f"tensor of shape {tuple(game.observation_tensor_shape())}"),
    ]
    return f'<div style="{_STYLE}">{_table(rows)}</div>'


def _turn(state: _core.State) -> str:
    if state.is_terminal():
        scores = state.scores()
        returns = state.returns()
        per_player = ", ".join(f"P{p} {scores[p]} points (win share {returns[p]:g})" for p in range(len(scores)))
        return f"game over: {per_player}"
    if state.is_chance_node():
        return "chance to move (a draw or shuffle)"
    return f"player {state.current_player()} to move ({len(state.legal_actions())} legal moves)"


def state_html(state: _core.State) -> str:
    """The engine's picture of the full table, with the game, the move number and whose turn it is."""
    head = f"<b>{escape(str(state.game()))}</b>, move {state.ply}: {escape(_turn(state))}"
    return f'<div style="{_STYLE}"><div>{head}</div><div style="max-width: 100%; overflow-x: auto">{state.render_svg()}</div></div>'


def bot_html(bot: _core.Bot) -> str:
    """The bot's kind and settings."""
    kinds = {
        "random": "uniformly random legal moves",
        "greedy": "the move with the best score gain over the rest of the turn",
        "mcts": "Monte Carlo tree search (UCT, max^n backup; information-set MCTS with hidden information)",
    }
    rows = [("kind", f"<code>{escape(bot.kind)}</code>: {escape(kinds.get(bot.kind, ''))}")]
    if bot.kind == "mcts":
        budget = f"{bot.time_limit:g} s per move" if bot.time_limit is not None else f"{bot.simulations} simulations per move"
        rows += [("search", escape(budget)), ("exploration", f"{bot.exploration:g}")]
    rows.append(("seed", f"{bot.seed} (<code>bot.reseed(s)</code> restarts its generator)"))
    return f'<div style="{_STYLE}">{_table(rows)}</div>'
