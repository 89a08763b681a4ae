//! Small games whose observation tensors say something, for the batched-search tests
//! (included with `#[macro_use] mod bots_toys; mod search_toys;`).
//!
//! * [`Race`]: take 1 to 3 stones, whoever takes the last one wins (two players). The
//!   observation is `[pile, player 0 to move, player 1 to move, ...]`, so a test evaluator can
//!   play perfectly: a pile that is a multiple of 4 loses for the player to move.
//! * [`Pick`]: player 0 picks once among three actions: 0 wins, 1 loses, 2 shares; the game
//!   ends. Small enough to work the search out by hand.
//! * [`Cards`]: Parity (see `bots_toys`) with an observation tensor that shows the observer's
//!   own card: stage, own card (one-hot), guesses made, scores.

#![allow(dead_code)]

use salon_core::{
    win_shares, Action, ActionList, Actor, ChanceOutcomes, ComponentInfo, Game, GameInfo,
    ParamSpec, ParamValue, Params, Returns, SalonResult, Scores, State, Xoshiro256StarStar,
    MAX_PLAYERS,
};

toy_game!(Race, RaceState, "toy_race", players [2], default 2, perfect true, actions 3, chance 1, length 64);
toy_game!(Pick, PickState, "toy_pick", players [2], default 2, perfect true, actions 3, chance 1, length 1);
toy_game!(Cards, CardsState, "toy_cards", players [2], default 2, perfect false, actions 2, chance 6, length 4);

fn shares_at_end(terminal: bool, scores: &Scores, players: usize) -> Returns {
    if terminal {
        win_shares(&scores[..players])
    } else {
        [0.0; MAX_PLAYERS]
    }
}

// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceState {
    pub pile: u8,
    pub to_move: u8,
    pub winner: Option<u8>,
}

impl RaceState {
    fn initial(_game: &Race) -> Self {
        RaceState {
            pile: 10,
            to_move: 0,
            winner: None,
        }
    }
    pub fn with_pile(pile: u8, to_move: u8) -> Self {
        RaceState {
            pile,
            to_move,
            winner: None,
        }
    }
}

/// The perfect value of a Race observation for each player: the player to move wins unless
/// the pile is a multiple of 4.
pub fn race_values(obs: &[f32]) -> [f32; 2] {
    let pile = obs[0] as u32;
    let mover = if obs[1] > 0.5 { 0 } else { 1 };
    let mover_wins = pile % 4 != 0;
    let mut v = [0.0; 2];
    v[mover] = if mover_wins { 1.0 } else { 0.0 };
    v[1 - mover] = 1.0 - v[mover];
    v
}

impl State for RaceState {
    type Game = Race;
    fn actor(&self, _game: &Race) -> Actor {
        match self.winner {
            Some(_) => Actor::Terminal,
            None => Actor::Player(self.to_move),
        }
    }
    fn legal_actions(&self, _game: &Race, out: &mut ActionList) {
        out.clear();
        if self.winner.is_none() {
            for a in 0..3u8 {
                if a < self.pile {
                    out.push(a as Action);
                }
            }
        }
    }
    fn chance_outcomes(&self, _game: &Race, _out: &mut ChanceOutcomes) {}
    fn apply_unchecked(&mut self, _game: &Race, action: Action) {
        self.pile -= action as u8 + 1;
        if self.pile == 0 {
            self.winner = Some(self.to_move);
        } else {
            self.to_move = 1 - self.to_move;
        }
    }
    fn scores(&self, _game: &Race) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        if let Some(w) = self.winner {
            s[w as usize] = 1;
        }
        s
    }
    fn returns(&self, game: &Race) -> Returns {
        shares_at_end(self.winner.is_some(), &self.scores(game), 2)
    }
    fn action_to_string(&self, _game: &Race, action: Action) -> String {
        format!("take {}", action + 1)
    }
    fn observation_string(&self, _game: &Race, _player: usize) -> String {
        format!("{self:?}")
    }
    fn observation_tensor(&self, _game: &Race, _player: usize, out: &mut [f32]) {
        out[0] = self.pile as f32;
        out[1 + self.to_move as usize] = 1.0;
    }
    fn information_state_string(&self, _game: &Race, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _: &Race,
        _: usize,
        _: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    fn render(&self, _game: &Race) -> String {
        format!("{self:?}")
    }
}

// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickState {
    pub picked: Option<u8>,
}

impl PickState {
    fn initial(_game: &Pick) -> Self {
        PickState { picked: None }
    }
}

impl State for PickState {
    type Game = Pick;
    fn actor(&self, _game: &Pick) -> Actor {
        if self.picked.is_some() {
            Actor::Terminal
        } else {
            Actor::Player(0)
        }
    }
    fn legal_actions(&self, _game: &Pick, out: &mut ActionList) {
        out.clear();
        if self.picked.is_none() {
            for a in 0..3 {
                out.push(a);
            }
        }
    }
    fn chance_outcomes(&self, _game: &Pick, _out: &mut ChanceOutcomes) {}
    fn apply_unchecked(&mut self, _game: &Pick, action: Action) {
        self.picked = Some(action as u8);
    }
    fn scores(&self, _game: &Pick) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        match self.picked {
            Some(0) => s[0] = 1,
            Some(1) => s[1] = 1,
            _ => {}
        }
        s
    }
    fn returns(&self, game: &Pick) -> Returns {
        shares_at_end(self.picked.is_some(), &self.scores(game), 2)
    }
    fn action_to_string(&self, _game: &Pick, action: Action) -> String {
        format!("pick {action}")
    }
    fn observation_string(&self, _game: &Pick, _player: usize) -> String {
        format!("{self:?}")
    }
    fn observation_tensor(&self, _game: &Pick, _player: usize, out: &mut [f32]) {
        out[0] = self.picked.map_or(-1.0, |p| p as f32);
    }
    fn information_state_string(&self, _game: &Pick, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _: &Pick,
        _: usize,
        _: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    fn render(&self, _game: &Pick) -> String {
        format!("{self:?}")
    }
}

// ---------------------------------------------------------------------------------------

pub const CARDS: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardsState {
    pub stage: u8,
    pub cards: [u8; 2],
    pub guesses: [u8; 2],
    pub score: [i32; 2],
}

impl CardsState {
    fn initial(_game: &Cards) -> Self {
        CardsState {
            stage: 0,
            cards: [0; 2],
            guesses: [0; 2],
            score: [0; 2],
        }
    }
    pub fn dealt(card0: u8, card1: u8) -> Self {
        CardsState {
            stage: 2,
            cards: [card0, card1],
            guesses: [0; 2],
            score: [0; 2],
        }
    }
}

/// Where a `Cards` observation keeps the observer's own card: `obs[1]` is the card plus 1
/// (0 before the deal).
pub const CARDS_OWN_SLOT: usize = 1;

impl State for CardsState {
    type Game = Cards;
    fn actor(&self, _game: &Cards) -> Actor {
        match self.stage {
            0 | 1 => Actor::Chance,
            2 => Actor::Player(0),
            3 => Actor::Player(1),
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, _game: &Cards, out: &mut ActionList) {
        out.clear();
        if self.stage == 2 || self.stage == 3 {
            out.push(0);
            out.push(1);
        }
    }
    fn chance_outcomes(&self, _game: &Cards, out: &mut ChanceOutcomes) {
        out.clear();
        if self.stage < 2 {
            for c in 0..CARDS {
                if self.stage == 0 || c != self.cards[0] {
                    out.push(c as Action, 1);
                }
            }
        }
    }
    fn apply_unchecked(&mut self, _game: &Cards, action: Action) {
        match self.stage {
            0 | 1 => self.cards[self.stage as usize] = action as u8,
            2 | 3 => {
                let p = (self.stage - 2) as usize;
                self.guesses[p] = action as u8;
                if self.cards[1 - p] % 2 == action as u8 {
                    self.score[p] += 1;
                }
            }
            _ => {}
        }
        self.stage += 1;
    }
    fn scores(&self, _game: &Cards) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        s[..2].copy_from_slice(&self.score);
        s
    }
    fn returns(&self, game: &Cards) -> Returns {
        shares_at_end(self.stage >= 4, &self.scores(game), 2)
    }
    fn action_to_string(&self, _game: &Cards, action: Action) -> String {
        format!("guess {action}")
    }
    fn observation_string(&self, _game: &Cards, player: usize) -> String {
        let mut t = [0.0; 8];
        self.observation_tensor(_game, player, &mut t);
        format!("{t:?}")
    }
    fn observation_tensor(&self, _game: &Cards, player: usize, out: &mut [f32]) {
        out[0] = self.stage as f32;
        if self.stage as usize > player {
            out[CARDS_OWN_SLOT] = self.cards[player] as f32 + 1.0;
        }
        let made = self.stage.saturating_sub(2).min(2) as usize;
        for p in 0..made {
            out[2 + p] = self.guesses[p] as f32 + 1.0;
        }
        out[4] = self.score[0] as f32;
        out[5] = self.score[1] as f32;
    }
    fn information_state_string(&self, game: &Cards, player: usize) -> Option<String> {
        Some(self.observation_string(game, player))
    }
    fn resample_from_infostate(
        &self,
        _game: &Cards,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        let other = 1 - player;
        let mut out = *self;
        if (self.stage as usize) <= other {
            return Some(out);
        }
        let own = if (self.stage as usize) > player {
            Some(self.cards[player])
        } else {
            None
        };
        let guessed = self.stage as usize > 2 + player;
        let consistent = |c: u8| {
            Some(c) != own
                && (!guessed || ((c % 2 == self.guesses[player]) == (self.score[player] == 1)))
        };
        let count = (0..CARDS).filter(|&c| consistent(c)).count() as u64;
        let mut pick = rng.below(count.max(1));
        for c in 0..CARDS {
            if consistent(c) {
                if pick == 0 {
                    out.cards[other] = c;
                    break;
                }
                pick -= 1;
            }
        }
        Some(out)
    }
    fn render(&self, _game: &Cards) -> String {
        format!("{self:?}")
    }
}
