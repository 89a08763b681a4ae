//! Small games implementing the `Game` and `State` traits, for the tests of tracked states
//! here and of the bots (`rust/search/tests/bots_*.rs`, which include this file by path).
//!
//! * [`Nim`]: take 1 to 3 stones, whoever takes the last one wins; 2 to 5 players. From a
//!   pile of `4k + r` stones (r > 0) in two-player play the winning move takes `r`.
//! * [`Kingmaker`]: three players; player 0's best move under max^n differs from the one
//!   random play (flat Monte Carlo) prefers.
//! * [`Gamble`]: a decision followed by a chance node with unequal weights.
//! * [`Bonus`]: a turn of two decisions where the best first decision scores little by itself.
//! * [`Parity`]: each player holds a secret card from 0..6 and guesses the parity of the
//!   other's; a correct guess scores 1 at once.

#![allow(dead_code)]

use salon_core::{
    win_shares, Action, ActionList, Actor, ChanceOutcomes, ComponentInfo, Game, GameInfo,
    ParamSpec, ParamValue, Params, Returns, SalonResult, Scores, State, Xoshiro256StarStar,
    MAX_PLAYERS,
};

macro_rules! toy_game {
    ($game:ident, $state:ident, $name:literal, players [$($p:literal),*], default $dp:literal,
     perfect $perfect:expr, actions $actions:expr, chance $chance:expr, length $len:expr) => {
        #[derive(Clone, Debug)]
        pub struct $game {
            params: Params,
            components: ComponentInfo,
            pub players: usize,
        }

        impl $game {
            pub fn with_players(n: usize) -> Self {
                <$game as Game>::with_params(&Params::new().with("players", ParamValue::Int(n as i64)), None)
                    .expect("toy game parameters")
            }
            pub fn default_game() -> Self {
                <$game as Game>::with_params(&Params::new(), None).expect("toy game parameters")
            }
        }

        impl Game for $game {
            type State = $state;
            fn info() -> GameInfo {
                let allowed = [$($p),*];
                GameInfo {
                    name: $name,
                    long_name: $name,
                    min_players: allowed[0],
                    max_players: allowed[allowed.len() - 1],
                    perfect_information: $perfect,
                }
            }
            fn param_specs() -> Vec<ParamSpec> {
                vec![ParamSpec::int_choice("players", $dp, &[$($p),*], "number of players")]
            }
            fn new(params: &Params, _components: Option<&str>) -> SalonResult<Self> {
                Ok($game {
                    params: params.clone(),
                    components: ComponentInfo::of($name, true, &()),
                    players: params.int("players") as usize,
                })
            }
            fn params(&self) -> &Params {
                &self.params
            }
            fn components(&self) -> &ComponentInfo {
                &self.components
            }
            fn num_players(&self) -> usize {
                self.players
            }
            fn num_distinct_actions(&self) -> usize {
                $actions
            }
            fn max_chance_outcomes(&self) -> usize {
                $chance
            }
            fn max_game_length(&self) -> usize {
                $len
            }
            fn observation_tensor_shape(&self) -> Vec<usize> {
                vec![8]
            }
            fn new_initial_state(&self) -> $state {
                $state::initial(self)
            }
        }
    };
}

/// The pieces of `State` that are the same for every toy.
macro_rules! toy_state_common {
    ($game:ident) => {
        fn returns(&self, game: &$game) -> Returns {
            if self.is_terminal(game) {
                win_shares(&self.scores(game)[..game.players])
            } else {
                [0.0; MAX_PLAYERS]
            }
        }
        fn action_to_string(&self, _game: &$game, action: Action) -> String {
            format!("a{action}")
        }
        fn observation_string(&self, game: &$game, player: usize) -> String {
            self.view(game, player)
        }
        fn observation_tensor(&self, game: &$game, player: usize, out: &mut [f32]) {
            for (i, b) in self.view(game, player).bytes().take(out.len()).enumerate() {
                out[i] = b as f32;
            }
        }
        fn render(&self, game: &$game) -> String {
            format!("{self:?} {}", game.players)
        }
    };
}

// ---------------------------------------------------------------------------------------
// Nim

toy_game!(Nim, NimState, "toy_nim", players [2, 3, 4, 5], default 2, perfect true, actions 3, chance 1, length 64);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimState {
    pub pile: u8,
    pub to_move: u8,
    /// The player who took the last stone, once the pile is empty.
    pub winner: Option<u8>,
}

impl NimState {
    fn initial(_game: &Nim) -> Self {
        NimState {
            pile: 10,
            to_move: 0,
            winner: None,
        }
    }
    pub fn with_pile(pile: u8) -> Self {
        NimState {
            pile,
            to_move: 0,
            winner: None,
        }
    }
    fn view(&self, _game: &Nim, _player: usize) -> String {
        format!("{self:?}")
    }
}

impl State for NimState {
    type Game = Nim;
    fn actor(&self, _game: &Nim) -> Actor {
        match self.winner {
            Some(_) => Actor::Terminal,
            None => Actor::Player(self.to_move),
        }
    }
    fn legal_actions(&self, _game: &Nim, out: &mut ActionList) {
        out.clear();
        if self.winner.is_none() {
            for a in 0..3u8 {
                if a < self.pile {
                    out.push(a as Action);
                }
            }
        }
    }
    fn chance_outcomes(&self, _game: &Nim, _out: &mut ChanceOutcomes) {}
    fn apply_unchecked(&mut self, game: &Nim, action: Action) {
        self.pile -= action as u8 + 1;
        if self.pile == 0 {
            self.winner = Some(self.to_move);
        } else {
            self.to_move = (self.to_move + 1) % game.players as u8;
        }
    }
    fn scores(&self, _game: &Nim) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        if let Some(w) = self.winner {
            s[w as usize] = 1;
        }
        s
    }
    fn information_state_string(&self, _game: &Nim, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _game: &Nim,
        _player: usize,
        _rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    toy_state_common!(Nim);
}

// ---------------------------------------------------------------------------------------
// Kingmaker

toy_game!(Kingmaker, KingmakerState, "toy_kingmaker", players [3], default 3, perfect true, actions 2, chance 1, length 3);

/// Player 0 picks A (0) or B (1), then player 1 picks 0 or 1, then player 2 makes a move
/// that changes nothing. Scores (win shares follow):
/// A0: player 1 wins; A1: player 0 wins; B0: players 0 and 1 share; B1: player 2 wins.
/// Max^n: player 1 answers A with 0 and B with 0, so B (worth 1/2) beats A (worth 0) for
/// player 0, while uniformly random replies make A worth 1/2 and B 1/4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingmakerState {
    pub moves: [u8; 3],
    pub ply: u8,
}

impl KingmakerState {
    fn initial(_game: &Kingmaker) -> Self {
        KingmakerState {
            moves: [0; 3],
            ply: 0,
        }
    }
    fn view(&self, _game: &Kingmaker, _player: usize) -> String {
        format!("{self:?}")
    }
}

impl State for KingmakerState {
    type Game = Kingmaker;
    fn actor(&self, _game: &Kingmaker) -> Actor {
        if self.ply >= 3 {
            Actor::Terminal
        } else {
            Actor::Player(self.ply)
        }
    }
    fn legal_actions(&self, _game: &Kingmaker, out: &mut ActionList) {
        out.clear();
        if self.ply < 3 {
            out.push(0);
            out.push(1);
        }
    }
    fn chance_outcomes(&self, _game: &Kingmaker, _out: &mut ChanceOutcomes) {}
    fn apply_unchecked(&mut self, _game: &Kingmaker, action: Action) {
        self.moves[self.ply as usize] = action as u8;
        self.ply += 1;
    }
    fn scores(&self, _game: &Kingmaker) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        if self.ply >= 2 {
            let table = [[[0, 1, 0], [1, 0, 0]], [[1, 1, 0], [0, 0, 1]]];
            let row = table[self.moves[0] as usize][self.moves[1] as usize];
            s[..3].copy_from_slice(&row);
        }
        s
    }
    fn information_state_string(&self, _game: &Kingmaker, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _: &Kingmaker,
        _: usize,
        _: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    toy_state_common!(Kingmaker);
}

// ---------------------------------------------------------------------------------------
// Gamble

toy_game!(Gamble, GambleState, "toy_gamble", players [2], default 2, perfect true, actions 2, chance 2, length 4);

/// A chance node first (who starts: 0 or 1, equal weights), then the starting player picks
/// safe (0: wins on a fair coin) or risky (1: wins with weight 3 against 1); the coin or the
/// biased draw is a chance node; the game ends. Risky is the better move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GambleState {
    pub stage: u8,
    pub starter: u8,
    pub choice: u8,
    pub won: bool,
}

impl GambleState {
    fn initial(_game: &Gamble) -> Self {
        GambleState {
            stage: 0,
            starter: 0,
            choice: 0,
            won: false,
        }
    }
    fn view(&self, _game: &Gamble, _player: usize) -> String {
        format!("{self:?}")
    }
}

impl State for GambleState {
    type Game = Gamble;
    fn actor(&self, _game: &Gamble) -> Actor {
        match self.stage {
            0 | 2 => Actor::Chance,
            1 => Actor::Player(self.starter),
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, _game: &Gamble, out: &mut ActionList) {
        out.clear();
        if self.stage == 1 {
            out.push(0);
            out.push(1);
        }
    }
    fn chance_outcomes(&self, _game: &Gamble, out: &mut ChanceOutcomes) {
        out.clear();
        match self.stage {
            0 => {
                out.push(0, 1);
                out.push(1, 1);
            }
            2 => {
                out.push(0, 1);
                out.push(1, if self.choice == 1 { 3 } else { 1 });
            }
            _ => {}
        }
    }
    fn apply_unchecked(&mut self, _game: &Gamble, action: Action) {
        match self.stage {
            0 => self.starter = action as u8,
            1 => self.choice = action as u8,
            _ => self.won = action == 1,
        }
        self.stage += 1;
    }
    fn scores(&self, _game: &Gamble) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        if self.stage >= 3 {
            let winner = if self.won {
                self.starter
            } else {
                1 - self.starter
            };
            s[winner as usize] = 1;
        }
        s
    }
    fn information_state_string(&self, _game: &Gamble, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _: &Gamble,
        _: usize,
        _: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    toy_state_common!(Gamble);
}

// ---------------------------------------------------------------------------------------
// Bonus

toy_game!(Bonus, BonusState, "toy_bonus", players [2], default 2, perfect true, actions 3, chance 1, length 8);

/// Each player in turn picks a slot (0, 1, 2: worth 5, 1, 3 points), then a bonus (0 or 1):
/// bonus 1 after slot 1 adds 10 points, every other bonus adds nothing. Two rounds.
/// The best turn is slot 1 then bonus 1 (11 points), though slot 1 alone is worth least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BonusState {
    pub turn: u8,
    pub slot: Option<u8>,
    pub score: [i32; 2],
}

impl BonusState {
    fn initial(_game: &Bonus) -> Self {
        BonusState {
            turn: 0,
            slot: None,
            score: [0; 2],
        }
    }
    fn view(&self, _game: &Bonus, _player: usize) -> String {
        format!("{self:?}")
    }
}

impl State for BonusState {
    type Game = Bonus;
    fn actor(&self, _game: &Bonus) -> Actor {
        if self.turn >= 4 {
            Actor::Terminal
        } else {
            Actor::Player(self.turn % 2)
        }
    }
    fn legal_actions(&self, _game: &Bonus, out: &mut ActionList) {
        out.clear();
        if self.turn < 4 {
            let n = if self.slot.is_none() { 3 } else { 2 };
            for a in 0..n {
                out.push(a);
            }
        }
    }
    fn chance_outcomes(&self, _game: &Bonus, _out: &mut ChanceOutcomes) {}
    fn apply_unchecked(&mut self, _game: &Bonus, action: Action) {
        let p = (self.turn % 2) as usize;
        match self.slot {
            None => {
                self.score[p] += [5, 1, 3][action as usize];
                self.slot = Some(action as u8);
            }
            Some(slot) => {
                if slot == 1 && action == 1 {
                    self.score[p] += 10;
                }
                self.slot = None;
                self.turn += 1;
            }
        }
    }
    fn scores(&self, _game: &Bonus) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        s[..2].copy_from_slice(&self.score);
        s
    }
    fn information_state_string(&self, _game: &Bonus, _player: usize) -> Option<String> {
        None
    }
    fn resample_from_infostate(
        &self,
        _: &Bonus,
        _: usize,
        _: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }
    toy_state_common!(Bonus);
}

// ---------------------------------------------------------------------------------------
// Parity (hidden information)

toy_game!(Parity, ParityState, "toy_parity", players [2], default 2, perfect false, actions 2, chance 6, length 4);

pub const PARITY_CARDS: u8 = 6;

/// Stage 0: chance deals player 0 a card (0..6); stage 1: chance deals player 1 another;
/// stage 2: player 0 guesses the parity of player 1's card (0 even, 1 odd); stage 3: player
/// 1 guesses player 0's. A correct guess scores 1 at once (so scores are public facts about
/// the hidden cards). Holding an even card, player 0 should guess odd (3 of the 5 other
/// cards), and the reverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParityState {
    pub stage: u8,
    pub cards: [u8; 2],
    pub guesses: [u8; 2],
    pub score: [i32; 2],
}

impl ParityState {
    fn initial(_game: &Parity) -> Self {
        ParityState {
            stage: 0,
            cards: [0; 2],
            guesses: [0; 2],
            score: [0; 2],
        }
    }

    /// What `player` knows: their own card (once dealt), the stage, the guesses and scores.
    fn view(&self, _game: &Parity, player: usize) -> String {
        let own = if (self.stage as usize) > player {
            format!("{}", self.cards[player])
        } else {
            "-".into()
        };
        format!(
            "stage {} card {own} guesses {:?} scores {:?}",
            self.stage,
            &self.guesses[..self.stage.saturating_sub(2).min(2) as usize],
            self.score
        )
    }

    /// A state that differs only in player 1's card (for the no-peeking tests).
    pub fn dealt(card0: u8, card1: u8) -> Self {
        ParityState {
            stage: 2,
            cards: [card0, card1],
            guesses: [0; 2],
            score: [0; 2],
        }
    }
}

impl State for ParityState {
    type Game = Parity;
    fn actor(&self, _game: &Parity) -> Actor {
        match self.stage {
            0 | 1 => Actor::Chance,
            2 => Actor::Player(0),
            3 => Actor::Player(1),
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, _game: &Parity, out: &mut ActionList) {
        out.clear();
        if self.stage == 2 || self.stage == 3 {
            out.push(0);
            out.push(1);
        }
    }
    fn chance_outcomes(&self, _game: &Parity, out: &mut ChanceOutcomes) {
        out.clear();
        if self.stage < 2 {
            for c in 0..PARITY_CARDS {
                if self.stage == 0 || c != self.cards[0] {
                    out.push(c as Action, 1);
                }
            }
        }
    }
    fn apply_unchecked(&mut self, _game: &Parity, action: Action) {
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
    fn scores(&self, _game: &Parity) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        s[..2].copy_from_slice(&self.score);
        s
    }
    fn information_state_string(&self, game: &Parity, player: usize) -> Option<String> {
        Some(self.view(game, player))
    }
    fn resample_from_infostate(
        &self,
        _game: &Parity,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        let other = 1 - player;
        let mut out = *self;
        if (self.stage as usize) <= other {
            // The other card is not dealt yet: nothing is hidden.
            return Some(out);
        }
        let own = if (self.stage as usize) > player {
            Some(self.cards[player])
        } else {
            None
        };
        // Only `player`'s own guess, scored on the other's card, tells anything about that
        // card: its parity, once the guess is made.
        let guessed = self.stage as usize > 2 + player;
        let consistent = |c: u8| {
            Some(c) != own
                && (!guessed || ((c % 2 == self.guesses[player]) == (self.score[player] == 1)))
        };
        let count = (0..PARITY_CARDS).filter(|&c| consistent(c)).count() as u64;
        let mut pick = rng.below(count.max(1));
        for c in 0..PARITY_CARDS {
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
    toy_state_common!(Parity);
}
