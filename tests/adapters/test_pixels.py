"""Pixels (issue 17, point 4): every game's drawing rasterized in the engine, and the adapters'
``rgb_array`` render mode under PettingZoo's ``render_test`` and Gymnasium's ``RecordVideo``."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import salon


def _midgame(game: salon.Game, plies: int = 40) -> salon.State:
    state = game.new_initial_state(seed=5)
    rng = np.random.default_rng(5)
    while not state.is_terminal() and state.ply < plies:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _svg_size(svg: str) -> tuple[float, float]:
    head = svg[: svg.index(">")]
    width = re.search(r'\bwidth="([\d.]+)"', head)
    height = re.search(r'\bheight="([\d.]+)"', head)
    assert width and height, head
    return float(width.group(1)), float(height.group(1))


def test_every_configuration_renders_to_pixels(game: salon.Game) -> None:
    state = _midgame(game)
    w, h = _svg_size(state.render_svg())
    picture = state.render_rgb()
    assert picture.dtype == np.uint8 and picture.shape == (round(h), round(w), 3)
    small = state.render_rgb(width=400)
    assert small.shape == (round(h * 400 / w), 400, 3)
    colours = np.unique(picture[::3, ::3].reshape(-1, 3), axis=0)
    assert len(colours) > 50, "a drawing, not a blank page"
    # Text is set (embedded fonts): the title at the top left has dark glyph pixels on a light ground.
    title = picture[: int(h * 0.05), : int(w * 0.3)]
    assert (title.max(axis=2) < 80).sum() > 100
    assert (picture.min(axis=2) > 200).mean() > 0.3, "mostly light background"


def test_views_and_states_differ_and_errors_are_typed() -> None:
    game = salon.load_game("atelier_canvas", players=3)
    start, later = _midgame(game, 4), _midgame(game, 60)
    assert not np.array_equal(start.render_rgb(width=300), later.render_rgb(width=300))
    assert later.render_rgb(player=1).shape[1] == later.render_rgb().shape[1]
    with pytest.raises(salon.InvalidPlayerError):
        later.render_rgb(player=3)
    for bad in (0, 100_000, -5, "wide", True):
        with pytest.raises(salon.InvalidParameterError):
            later.render_rgb(width=bad)  # type: ignore[arg-type]


def test_pettingzoo_render_test_every_game(default_game: salon.Game) -> None:
    from pettingzoo.test import render_test

    from salon.adapters.pettingzoo_env import env

    def env_fn(render_mode: str | None = None) -> object:
        return env(default_game, render_mode=render_mode, render_width=240)

    render_test(env_fn)
    e = env(default_game, render_mode="rgb_array", render_width=240)
    e.reset(seed=1)
    frame = e.render()
    assert isinstance(frame, np.ndarray) and frame.shape[1:] == (240, 3) and frame.dtype == np.uint8


def test_gymnasium_rgb_array_and_record_video(tmp_path: Path) -> None:
    # RecordVideo writes with moviepy, which requirements/adapters.txt installs: no skip here.
    from gymnasium.wrappers import RecordVideo

    from salon.adapters.gymnasium_env import SalonGymEnv

    env = SalonGymEnv("azul_sintra", render_mode="rgb_array", render_width=320)
    frame = env.reset(seed=0) and env.render()
    assert isinstance(frame, np.ndarray) and frame.shape[1:] == (320, 3)
    recorded = RecordVideo(env, str(tmp_path / "video"), episode_trigger=lambda episode: True, disable_logger=True)
    obs, info = recorded.reset(seed=0)
    for _ in range(400):
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = recorded.step(action)
        if terminated:
            break
    assert terminated
    recorded.close()
    videos = list((tmp_path / "video").glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
