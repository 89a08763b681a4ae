"""Notebook display (issue 17, point 6): Game, Bot and State have a useful ``_repr_html_``."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import salon


class _Balanced(HTMLParser):
    """Checks that every opened element is closed in order (the SVG's own elements included)."""

    VOID = {"br", "img", "hr", "meta", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: object) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def _check(html: str) -> str:
    parser = _Balanced()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    return re.sub(r"<[^>]+>", " ", html)


def test_game_html_shows_rules_parameters_and_components() -> None:
    game = salon.load_game("colors_of_paris", players=3, advanced=True)
    text = _check(game._repr_html_())
    assert "Colors of Paris" in text and "2-4" in text and "hidden" in text
    assert "docs/rules/colors_of_paris.md" in text
    assert "players=3" in text and "advanced=True" in text and "(default False)" in text and "painter tiles" in text
    assert game.components["hash"] in text and "substitute" in text
    assert str(game.num_distinct_actions()) in text
    assert "perfect" in _check(salon.load_game("azul_sintra")._repr_html_())


def test_bot_html_shows_kind_and_settings() -> None:
    text = _check(salon.Bot("mcts", simulations=50, seed=7, exploration=0.5)._repr_html_())
    assert "mcts" in text and "50 simulations" in text and "0.5" in text and "7" in text
    timed = _check(salon.Bot("mcts", time_limit=0.25)._repr_html_())
    assert "0.25 s per move" in timed
    greedy = _check(salon.Bot("greedy", seed=3)._repr_html_())
    assert "greedy" in greedy and "simulations" not in greedy


def test_state_html_shows_the_picture_and_whose_turn() -> None:
    game = salon.load_game("atelier_studio", players=3)
    state = game.new_initial_state(seed=2)
    assert "chance to move" in _check(state._repr_html_())
    while state.is_chance_node():
        state.apply_random_chance()
    html = state._repr_html_()
    text = _check(html)
    assert f"player {state.current_player()} to move" in text and f"{len(state.legal_actions())} legal moves" in text
    assert state.render_svg() in html
    state.play_random(seed=1)
    assert "game over" in _check(state._repr_html_()) and "win share" in _check(state._repr_html_())
