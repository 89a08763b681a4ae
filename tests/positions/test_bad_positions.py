"""A catalogue of malformed positions, at least 20 per game: each is refused with a
`PositionError` that names the broken field.

Each case starts from a real position (a decision node well into a seeded random game),
breaks one thing, and names the field the error must point at. The message has the form
``invalid position: <field>: <problem>``.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

import pytest

import salon

Position = dict[str, Any]
Case = tuple[str, Callable[[Position], None], str]


def base_position(name: str, min_ply: int, phase: str) -> Position:
    """The first node at or after `min_ply` in the given phase of a seeded random game."""
    game = salon.load_game(name)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.ply >= min_ply and state.to_dict()["phase"] == phase:
                return state.to_dict()
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {phase} node found")


def setitem(path: str, value: Any) -> Callable[[Position], None]:
    def mutate(d: Position) -> None:
        *parents, last = path.split(".")
        node: Any = d
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def delitem(key: str) -> Callable[[Position], None]:
    return lambda d: d.pop(key)


def both(*mutations: Callable[[Position], None]) -> Callable[[Position], None]:
    def mutate(d: Position) -> None:
        for m in mutations:
            m(d)

    return mutate


def common_cases(other_game: str) -> list[Case]:
    return [
        ("another game", setitem("game", other_game), "game"),
        ("a future version", setitem("version", 99), "version"),
        ("another player count", setitem("num_players", 5), "num_players"),
        ("an unknown field", setitem("colour_of_the_sky", "blue"), "colour_of_the_sky"),
        ("a phase no one has heard of", setitem("phase", "tea_break"), "phase"),
    ]


# ----- azul_sintra -----------------------------------------------------------------------

def azul_cases() -> list[Case]:
    def move_bag_piece_to_factory(d: Position) -> None:
        # Five pieces on one factory (taken from the bag so that every piece is still there once).
        d["factories"][0] = {"blue": 5, "yellow": 0, "red": 0, "green": 0, "violet": 0}

    def duplicate_strip(d: Position) -> None:
        d["boards"][0]["slots"][1]["strip"] = d["boards"][0]["slots"][0]["strip"]

    def bottom_window_only(d: Position) -> None:
        d["boards"][1]["slots"][6]["window"] = [None, "red"]

    def left_but_holding(d: Position) -> None:
        d["boards"][0]["slots"][0]["present"] = False

    return common_cases("atelier_studio") + [
        ("one piece too many in the bag", lambda d: d["bag"].__setitem__("blue", d["bag"]["blue"] + 1), "bag"),
        ("a negative count", setitem("bag.red", -1), "bag.red"),
        ("a count that is not a number", setitem("tower.green", "two"), "tower.green"),
        ("five pieces on a factory", move_bag_piece_to_factory, "factories.0"),
        ("too few factories", lambda d: d["factories"].pop(), "factories"),
        ("round 7", setitem("round", 7), "round"),
        ("a player to move who does not exist", setitem("to_move", 4), "to_move"),
        ("no player to move while playing", setitem("to_move", None), "to_move"),
        ("no start player after set-up", setitem("start_player", None), "start_player"),
        ("the tile both in the centre and held", setitem("start_tile", {"in_centre": True, "holder": 0}), "start_tile.holder"),
        ("a piece on a spent round-track space", setitem("round_track.0", "blue"), "round_track.0"),
        ("one strip laid twice on a board", duplicate_strip, "boards.0.slots.1.strip"),
        ("the glazier beyond the last slot", setitem("boards.0.glazier", 8), "boards.0.glazier"),
        ("the marker off the track", setitem("boards.1.broken_glass", 99), "boards.1.broken_glass"),
        ("a window's bottom filled before its top", bottom_window_only, "boards.1.slots.6.window"),
        ("a strip gone although its window is open", left_but_holding, "boards.0.slots.0.present"),
        ("a score that is not an integer", setitem("boards.0.score", 1.5), "boards.0.score"),
        ("a keep slot outside the keep phase", setitem("pending.keep_slot", 2), "pending.keep_slot"),
        ("the keep phase without its slot", setitem("phase", "keep"), "pending.keep_slot"),
        ("a missing centre", delitem("centre"), "centre"),
        ("a piece of a colour the game does not have", setitem("round_track.5", "pink"), "round_track.5"),
    ]


# ----- atelier_studio --------------------------------------------------------------------

def studio_cases() -> list[Case]:
    def painting_twice(d: Position) -> None:
        d["players"][0]["paintings"].append(d["display"][0])

    def patron_twice(d: Position) -> None:
        d["players"][0]["patrons"].append(d["patron_deck"][0])

    def drawn_out_of_order(d: Position) -> None:
        d["patrons_under_deck"][1]["drawn_by"] = 0

    def dealt_in_play(d: Position) -> None:
        d["players"][0]["dealt_patrons"] = [d["patron_deck"].pop()]

    return common_cases("azul_sintra") + [
        ("a painting in two places", painting_twice, "players.0.paintings"),
        ("a painting nowhere", lambda d: d["painting_deck"].pop(), "painting_deck"),
        ("a painting the game does not have", setitem("display.0", "Mona Lisa"), "display.0"),
        ("a patron in two places", patron_twice, "players.0.patrons"),
        ("a patron the game does not have", setitem("patron_deck.0", "The Pope"), "patron_deck.0"),
        ("a start player who does not exist", setitem("start_player", 7), "start_player"),
        ("a current player who does not exist", setitem("current_player", 2), "current_player"),
        ("round 0 during play", setitem("round", 0), "round"),
        ("a round beyond the cap", setitem("round", 99), "round"),
        ("five dice", setitem("players.0.dice", 5), "players.0.dice"),
        ("five faces", setitem("turn.rolled", [0, 0, 0, 0, 1]), "turn.rolled"),
        ("more dice rolled than the player has", setitem("turn.rolled", [0, 0, 0, 0, 5, 0]), "turn.rolled"),
        ("a die-3 mover outside die 3", setitem("pending.move_offset", 1), "pending.move_offset"),
        ("students to return outside a painting", setitem("pending.count", 2), "pending.count"),
        ("a cylinder too many", lambda d: d["paint_piles"].__setitem__("blue", d["paint_piles"]["blue"] + 1), "paint_piles.blue"),
        ("an inspiration token too many", lambda d: d.__setitem__("inspiration_supply", d["inspiration_supply"] + 1), "inspiration_supply"),
        ("a student too many", lambda d: d["players"][0].__setitem__("students_on_board", d["players"][0]["students_on_board"] + 1), "players.0.students_on_board"),
        ("a First Master without the end triggered", setitem("first_master", 0), "last_round"),
        ("a turn power of a painting the player does not own", setitem("turn.turn_powers_used", ["Lilac Garden"]), "turn.turn_powers_used.0"),
        ("the second patron under the deck drawn before the first", drawn_out_of_order, "patrons_under_deck.1.drawn_by"),
        ("dealt patrons during play", dealt_in_play, "players.0.dealt_patrons"),
        ("a negative count of paint", setitem("players.1.paint.red", -2), "players.1.paint.red"),
    ]


# ----- colors_of_paris -------------------------------------------------------------------

def paris_cases() -> list[Case]:
    def painting_twice(d: Position) -> None:
        d["painting_deck"].append(d["easels"][0])

    def bonus_in_hand(d: Position) -> None:
        d["players"][0]["bonus_cards"] = [d["bonus_deck"].pop()]

    def laid_down_empty(d: Position) -> None:
        k = next(i for i, s in enumerate(d["spaces"]) if s["occupant"] is None)
        d["spaces"][k]["laid_down"] = True
        d["_expected"] = f"spaces.{k}.laid_down"

    return common_cases("azul_sintra") + [
        ("advanced rules the game is not played with", setitem("advanced", True), "advanced"),
        ("a painting in two places", painting_twice, "painting_deck"),
        ("a painting nowhere", lambda d: d["painting_deck"].pop(), "painting_deck"),
        ("a painting the game does not have", setitem("easels.0", "Guernica"), "easels.0"),
        ("a wheel rotation beyond its sectors", setitem("wheel_rotation", 99), "wheel_rotation"),
        ("a first player who does not exist", setitem("first_player", 9), "first_player"),
        ("a player to move who does not exist", setitem("to_move", 9), "to_move"),
        ("a red pigment too many", lambda d: d["supply"].__setitem__("red", d["supply"]["red"] + 1), "supply"),
        ("nine prestige tokens on a tool", setitem("prestige_tokens.tube", 9), "prestige_tokens.tube"),
        ("a tool off its track", setitem("players.0.tools.tube", 0), "players.0.tools.tube"),
        ("nine assistants", setitem("players.0.assistants", 9), "players.0.assistants"),
        ("a sub-decision outside resolution", setitem("pending.sub_decision", "copy"), "pending.sub_decision"),
        ("an easel too many", lambda d: d["easels"].append(None), "easels"),
        ("a space too few", lambda d: d["spaces"].pop(), "spaces"),
        ("an assistant of a player who does not exist", setitem("spaces.0.occupant", 7), "spaces.0.occupant"),
        ("a bonus card in hand without the advanced rules", bonus_in_hand, "players.0.bonus_cards"),
        ("a bonus card the game does not have", setitem("bonus_deck.0", "Lottery Win"), "bonus_deck.0"),
        ("a development-bonus tool that does not exist", setitem("pending.tool", 5), "pending.tool"),
        ("a rotating player who does not exist", setitem("pending.rotating_player", 9), "pending.rotating_player"),
        ("round 0 during play", setitem("round", 0), "round"),
        ("a development state no one has heard of", setitem("players.1.development.brush", "gilded"), "players.1.development.brush"),
        ("an assistant laid down on an empty space", laid_down_empty, "_expected"),
    ]


# ----- atelier_canvas --------------------------------------------------------------------

def canvas_cases() -> list[Case]:
    def card_twice(d: Position) -> None:
        d["discard"].append(next(c for c in d["circle"] if c))

    def first_of_kind(d: Position, prefix: str) -> str:
        card: str = next(c for c in d["deck"] if c.startswith(prefix))
        d["deck"].remove(card)
        return card

    def stack_on_drawn(d: Position) -> None:
        drawn = first_of_kind(d, "D")
        d["players"][0]["palette"].append([{"card": drawn, "turned": False, "fake": False}])
        d["_expected"] = f"players.0.palette.{len(d['players'][0]['palette']) - 1}.0.card"

    def turned_out_of_turn(d: Position) -> None:
        blank = first_of_kind(d, "B")
        other = 1 - d["current_player"]
        d["players"][other]["palette"].append([{"card": blank, "turned": True, "fake": False}])
        d["_expected"] = f"players.{other}.palette.{len(d['players'][other]['palette']) - 1}.0.turned"

    def fake_blank(d: Position) -> None:
        blank = first_of_kind(d, "B")
        d["players"][0]["palette"].append([{"card": blank, "turned": False, "fake": True}])
        d["_expected"] = f"players.0.palette.{len(d['players'][0]['palette']) - 1}.0.fake"

    def future_epoch(d: Position) -> None:
        d["players"][0]["hand"][0]["epoch"] = d["deck_epoch"] + 1

    def target_drawn(d: Position) -> None:
        d["turn"]["target"] = next(c for c in d["deck"] if c.startswith("D"))

    return common_cases("azul_sintra") + [
        ("the expert rules the game is not played with", setitem("expert_secondary", True), "expert_secondary"),
        ("the expert draw the game is not played with", setitem("expert_draw", True), "expert_draw"),
        ("jokers paying colours they do not pay in this game", setitem("joker_colours", "basic"), "joker_colours"),
        ("the version 1 expert flag in a version 2 position", setitem("expert", False), "expert"),
        ("a version 1 position without its expert flag", setitem("version", 1), "expert"),
        ("a circle of seven", lambda d: d["circle"].pop(), "circle"),
        ("a card in two places", card_twice, "discard"),
        ("a card the game does not have", setitem("circle.0", "Z99"), "circle.0"),
        ("a card nowhere", lambda d: d["deck"].pop(), "deck"),
        ("a current player who does not exist", setitem("current_player", 9), "current_player"),
        ("more passes than players", setitem("passes", 9), "passes"),
        ("cards still to deal after the deal", setitem("deal_left", 3), "deal_player"),
        ("set-up during a turn", setitem("setup", True), "setup"),
        ("a hand card from a later epoch", future_epoch, "players.0.hand.0.epoch"),
        ("a stack on a drawn canvas", stack_on_drawn, "_expected"),
        ("a card turned outside its owner's turn", turned_out_of_turn, "_expected"),
        ("a fake blank canvas", fake_blank, "_expected"),
        ("a card being played at the start of a turn", setitem("turn.playing", "B01"), "turn.playing"),
        ("a first take from slot 9", setitem("turn.first_take", 9), "turn.first_take"),
        ("three takes", setitem("turn.takes", 3), "turn.takes"),
        ("a kind of card no one has heard of", setitem("turn.play_kind", "sculpture"), "turn.play_kind"),
        ("an objective of a player who does not exist", setitem("objectives.0", 9), "objectives.0"),
        ("four objectives", lambda d: d["objectives"].pop(), "objectives"),
        ("a drawn canvas as the target", target_drawn, "turn.target"),
        ("a missing turn", delitem("turn"), "turn"),
    ]


CATALOGUE: dict[str, tuple[Callable[[], list[Case]], int, str]] = {
    "azul_sintra": (azul_cases, 60, "play"),
    "atelier_studio": (studio_cases, 60, "main"),
    "colors_of_paris": (paris_cases, 40, "placement"),
    "atelier_canvas": (canvas_cases, 40, "start"),
}


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_catalogue_has_twenty_cases_per_game(name: str) -> None:
    cases, _, _ = CATALOGUE[name]
    assert len(cases()) >= 20


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_the_base_positions_are_accepted(name: str) -> None:
    _, ply, phase = CATALOGUE[name]
    game = salon.load_game(name)
    position = base_position(name, ply, phase)
    assert game.state_from_dict(position, seed=0).to_dict() == position


@pytest.mark.parametrize(
    "name,index", [(n, i) for n, (cases, _, _) in sorted(CATALOGUE.items()) for i in range(len(cases()))]
)
def test_bad_position_is_refused_naming_the_field(name: str, index: int) -> None:
    cases, ply, phase = CATALOGUE[name]
    description, mutate, field = cases()[index]
    game = salon.load_game(name)
    position = copy.deepcopy(base_position(name, ply, phase))
    mutate(position)
    if field == "_expected":
        field = position.pop("_expected")
    with pytest.raises(salon.PositionError) as raised:
        game.state_from_dict(position, seed=0)
    message = str(raised.value)
    assert message.startswith("invalid position: "), message
    named = message[len("invalid position: ") :].split(": ", 1)[0]
    assert named == field or named.startswith(field + "."), f"{description}: {message}"
