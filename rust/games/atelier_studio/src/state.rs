//! The state of a game of Atelier: The Painter's Studio and its transitions.

use salon_core::{
    win_shares, Action, ActionList, Actor, ChanceOutcomes, Returns, SalonError, SalonResult,
    Scores, State, Xoshiro256StarStar, MAX_PLAYERS,
};

use crate::actions as act;
use crate::components::{
    Condition, Power, CYLINDERS_PER_COLOUR, NUM_CATEGORIES, NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS,
};
use crate::AtelierStudio;

/// Seats in the state's per-player arrays.
pub const MAX_P: usize = 4;
/// Face-up paintings.
pub const DISPLAY: usize = 7;
/// Students per player.
pub const STUDENTS: u8 = 12;
/// Dice per player.
pub const DICE: u8 = 4;
/// Inspiration tokens in the game.
pub const TOKENS: u8 = 20;
/// The First Master token's value.
pub const FIRST_MASTER_POINTS: i32 = 4;
/// Engine safety limit: the game ends after this many rounds even if the end was never
/// triggered (documented in docs/rules/atelier_studio.md).
pub const MAX_ROUNDS: u8 = 30;
/// "No card / no player".
pub const NONE: u8 = 255;

// Painting locations: a player index (owned), or:
pub const P_DECK: u8 = 100;
pub const P_DISPLAY: u8 = 101;

// Patron locations: a player index (held), or:
/// Dealt to player `p` at setup, not yet chosen: `P_DEALT + p`.
pub const PAT_DEALT: u8 = 10;
/// In the shuffled part of the patron deck.
pub const PAT_DECK: u8 = 20;
/// Under the deck, at queue position `i`: `PAT_BOTTOM + i`.
pub const PAT_BOTTOM: u8 = 30;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Chance: the start player.
    ChooseStart,
    /// Chance: the 7 face-up paintings, one by one.
    DealDisplay,
    /// Chance: 2 patrons to each player, one by one.
    DealPatrons,
    /// Each player keeps 1 of their 2 patrons (from the start player, clockwise).
    KeepPatron,
    /// Each player places a first student (from the start player's right, anticlockwise).
    PlaceInitial,
    /// Chance: the player to move rolls all their active dice.
    Roll,
    /// The player's turn: dice actions, inspiration actions, turn powers, end turn.
    Main,
    /// Die 3: for each player in turn, move 0-1 of their students.
    MoveStudents,
    /// Painting: choose the pile each returned student comes from.
    ReturnStudents,
    /// Immediate power: place a student.
    PowerPlace,
    /// Immediate power: take cylinders of chosen colours.
    PowerGain,
    /// Chance: the top patron card.
    DrawPatron,
    /// Chance: refill a display slot from the painting deck.
    Refill,
    Terminal,
}

pub const NUM_PHASES: usize = 14;

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Phase::ChooseStart => "choose start player",
            Phase::DealDisplay => "deal paintings",
            Phase::DealPatrons => "deal patrons",
            Phase::KeepPatron => "keep a patron",
            Phase::PlaceInitial => "place first students",
            Phase::Roll => "roll",
            Phase::Main => "turn",
            Phase::MoveStudents => "move students",
            Phase::ReturnStudents => "return students",
            Phase::PowerPlace => "power: place a student",
            Phase::PowerGain => "power: gain paint",
            Phase::DrawPatron => "draw a patron",
            Phase::Refill => "refill the display",
            Phase::Terminal => "game over",
        }
    }
}

// Stages of a painting in progress.
pub const STAGE_NONE: u8 = 0;
pub const STAGE_RETURN: u8 = 1;
pub const STAGE_POWER: u8 = 2;
pub const STAGE_REFILL: u8 = 3;

/// A complete state: fixed size, no heap data.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct AtelierStudioState {
    pub(crate) phase: Phase,
    pub(crate) n: u8,
    pub(crate) start: u8,
    /// The player to move (the turn player in a turn; the chooser or placer in setup).
    pub(crate) current: u8,
    /// Round number, 1 from the first round (0 during setup).
    pub(crate) round: u8,
    /// Setup counter (cards dealt, players who chose or placed).
    pub(crate) step: u8,
    /// The last round of the game once the end is triggered (0: not triggered).
    pub(crate) end_round: u8,
    pub(crate) active: [u8; MAX_P],
    /// The turn player's rolled, unspent dice, by face (index 0 = face 1).
    pub(crate) rolled: [u8; 6],
    /// The turn player has spent a die on a dice action (option A) this turn.
    pub(crate) did_dice_action: bool,
    /// The turn player has spent a die for an inspiration token (option B) this turn.
    pub(crate) did_inspire: bool,
    /// Paintings whose turn power was used this turn (bit per painting).
    pub(crate) turn_power_used: u64,
    pub(crate) piles: [u8; NUM_COLOURS],
    pub(crate) cyl: [[u8; NUM_COLOURS]; MAX_P],
    /// Students on the paint piles: `[player][pile]`.
    pub(crate) students: [[u8; NUM_COLOURS]; MAX_P],
    /// Students on each player's board.
    pub(crate) pool: [u8; MAX_P],
    pub(crate) tokens: [u8; MAX_P],
    pub(crate) token_supply: u8,
    pub(crate) display: [u8; DISPLAY],
    pub(crate) painting_loc: [u8; NUM_PAINTINGS],
    pub(crate) first_master: u8,
    pub(crate) patron_loc: [u8; NUM_PATRONS],
    /// Patrons put under the deck at setup, in order; `bottom_head` is the next to draw.
    pub(crate) bottom: [u8; MAX_P],
    pub(crate) bottom_len: u8,
    pub(crate) bottom_head: u8,
    /// The patron each player put under the deck at setup.
    pub(crate) returned: [u8; MAX_P],
    /// Patrons drawn during play, per player (public).
    pub(crate) patron_draws: [u8; MAX_P],
    // Sub-decisions.
    /// Die 3: offset (from the turn player, clockwise) of the player whose student is moved.
    pub(crate) sub_offset: u8,
    /// Die 3: some student was moved already.
    pub(crate) sub_moved: bool,
    /// Students still to return / cylinders still to take.
    pub(crate) sub_count: u8,
    pub(crate) paint_card: u8,
    pub(crate) paint_slot: u8,
    pub(crate) paint_stage: u8,
}

impl AtelierStudioState {
    pub(crate) fn new(game: &AtelierStudio) -> Self {
        let n = game.players as u8;
        AtelierStudioState {
            phase: Phase::ChooseStart,
            n,
            start: 0,
            current: 0,
            round: 0,
            step: 0,
            end_round: 0,
            active: [0; MAX_P],
            rolled: [0; 6],
            did_dice_action: false,
            did_inspire: false,
            turn_power_used: 0,
            piles: [CYLINDERS_PER_COLOUR; NUM_COLOURS],
            cyl: [[0; NUM_COLOURS]; MAX_P],
            students: [[0; NUM_COLOURS]; MAX_P],
            pool: std::array::from_fn(|p| if p < n as usize { STUDENTS } else { 0 }),
            tokens: std::array::from_fn(|p| (p < n as usize) as u8),
            token_supply: TOKENS - n,
            display: [NONE; DISPLAY],
            painting_loc: [P_DECK; NUM_PAINTINGS],
            first_master: NONE,
            patron_loc: [PAT_DECK; NUM_PATRONS],
            bottom: [NONE; MAX_P],
            bottom_len: 0,
            bottom_head: 0,
            returned: [NONE; MAX_P],
            patron_draws: [0; MAX_P],
            sub_offset: 0,
            sub_moved: false,
            sub_count: 0,
            paint_card: NONE,
            paint_slot: NONE,
            paint_stage: STAGE_NONE,
        }
    }

    // ----- queries -------------------------------------------------------------------

    pub fn num_players(&self) -> usize {
        self.n as usize
    }

    pub(crate) fn cur(&self) -> usize {
        self.current as usize
    }

    pub(crate) fn on_piles(&self, p: usize) -> u8 {
        self.students[p].iter().sum()
    }

    pub(crate) fn deck_count(&self) -> usize {
        self.painting_loc.iter().filter(|&&l| l == P_DECK).count()
    }

    pub(crate) fn patron_deck_count(&self) -> usize {
        self.patron_loc.iter().filter(|&&l| l == PAT_DECK).count()
    }

    pub(crate) fn patron_draw_possible(&self) -> bool {
        self.patron_deck_count() > 0 || self.bottom_head < self.bottom_len
    }

    pub(crate) fn can_afford(&self, game: &AtelierStudio, p: usize, card: u8) -> bool {
        match game.data.paintings.get(card as usize) {
            Some(c) => (0..NUM_COLOURS).all(|k| self.cyl[p][k] >= c.cost[k]),
            None => false,
        }
    }

    /// Number of dice in `rolled`.
    pub(crate) fn rolled_count(&self) -> u8 {
        self.rolled.iter().sum()
    }

    /// An owned painting with turn power `power` not yet used this turn.
    pub(crate) fn unused_turn_power(
        &self,
        game: &AtelierStudio,
        p: usize,
        power: Power,
    ) -> Option<usize> {
        (0..NUM_PAINTINGS).find(|&i| {
            self.painting_loc[i] as usize == p
                && self.turn_power_used & (1u64 << i) == 0
                && game.data.paintings.get(i).map(|c| c.power) == Some(power)
        })
    }

    pub(crate) fn masterpieces(&self, game: &AtelierStudio, p: usize) -> usize {
        (0..NUM_PAINTINGS)
            .filter(|&i| {
                self.painting_loc[i] as usize == p
                    && game.data.paintings.get(i).is_some_and(|c| c.masterpiece)
            })
            .count()
    }

    pub(crate) fn paintings_of(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        (0..NUM_PAINTINGS).filter(move |&i| self.painting_loc[i] as usize == p)
    }

    /// Points visible to everyone: paintings and the First Master token.
    pub(crate) fn public_score(&self, game: &AtelierStudio, p: usize) -> i32 {
        let mut s: i32 = self
            .paintings_of(p)
            .map(|i| game.data.paintings.get(i).map_or(0, |c| c.points as i32))
            .sum();
        if self.first_master as usize == p {
            s += FIRST_MASTER_POINTS;
        }
        s
    }

    /// Points of one patron card for player `p` at the current position.
    pub(crate) fn patron_points(&self, game: &AtelierStudio, p: usize, patron: usize) -> i32 {
        let Some(card) = game.data.patrons.get(patron) else {
            return 0;
        };
        let mut per_cat = [0i32; NUM_CATEGORIES];
        let mut masters = 0i32;
        let mut colour_cost = [0i32; NUM_COLOURS];
        let mut count = 0i32;
        for i in self.paintings_of(p) {
            if let Some(c) = game.data.paintings.get(i) {
                per_cat[c.category as usize % NUM_CATEGORIES] += 1;
                masters += c.masterpiece as i32;
                for k in 0..NUM_COLOURS {
                    colour_cost[k] += c.cost[k] as i32;
                }
                count += 1;
            }
        }
        match card.condition {
            Condition::PerCategory { category, points } => {
                per_cat[category as usize % NUM_CATEGORIES] * points as i32
            }
            Condition::PerSet { points } => {
                per_cat.iter().copied().min().unwrap_or(0) * points as i32
            }
            Condition::PerMasterpiece { points } => masters * points as i32,
            Condition::ColourCost { colour, points } => {
                colour_cost[colour as usize % NUM_COLOURS] * points as i32
            }
            Condition::PaintingsAtLeast {
                count: need,
                points,
            } => {
                if count >= need as i32 {
                    points as i32
                } else {
                    0
                }
            }
            Condition::MajorityPiles { points } => {
                let n = self.num_players();
                let piles = (0..NUM_COLOURS)
                    .filter(|&c| {
                        let mine = self.students[p][c];
                        mine > 0 && (0..n).all(|q| q == p || self.students[q][c] < mine)
                    })
                    .count() as i32;
                piles * points as i32
            }
            Condition::Inspiration { points } => self.tokens[p] as i32 * points as i32,
        }
    }

    pub(crate) fn full_score(&self, game: &AtelierStudio, p: usize) -> i32 {
        let mut s = self.public_score(game, p);
        for k in 0..NUM_PATRONS {
            if self.patron_loc[k] as usize == p {
                s += self.patron_points(game, p, k);
            }
        }
        s
    }

    pub(crate) fn paint_total(&self, p: usize) -> u32 {
        self.cyl[p].iter().map(|&x| x as u32).sum()
    }

    // ----- transitions ---------------------------------------------------------------

    fn start_turn(&mut self, p: usize) {
        self.current = p as u8;
        self.did_dice_action = false;
        self.did_inspire = false;
        self.turn_power_used = 0;
        self.rolled = [0; 6];
        self.phase = Phase::Roll;
    }

    fn start_round(&mut self) {
        let n = self.num_players();
        for p in 0..n {
            self.active[p] = DICE;
        }
        let s = self.start as usize;
        self.start_turn(s);
    }

    pub(crate) fn end_turn(&mut self) {
        let n = self.num_players();
        let cur = self.cur();
        self.active[cur] = self.rolled_count();
        self.rolled = [0; 6];
        self.did_dice_action = false;
        self.did_inspire = false;
        self.turn_power_used = 0;
        for k in 1..=n {
            let p = (cur + k) % n;
            if self.active[p] > 0 {
                self.start_turn(p);
                return;
            }
        }
        self.end_of_round();
    }

    fn end_of_round(&mut self) {
        if (self.end_round != 0 && self.round >= self.end_round) || self.round >= MAX_ROUNDS {
            self.phase = Phase::Terminal;
            return;
        }
        self.round += 1;
        self.start = (self.start + 1) % self.n;
        self.start_round();
    }

    fn trigger_end(&mut self) {
        if self.end_round == 0 {
            self.end_round = self.round.max(1) + 1;
        }
    }

    pub(crate) fn spend_die(&mut self, face: usize) {
        if let Some(d) = self.rolled.get_mut(face) {
            *d = d.saturating_sub(1);
        }
    }

    fn gain_cylinder(&mut self, p: usize, c: usize) {
        if self.piles[c] > 0 {
            self.piles[c] -= 1;
            self.cyl[p][c] += 1;
        }
    }

    fn place_student(&mut self, p: usize, pile: usize) {
        if self.pool[p] > 0 {
            self.pool[p] -= 1;
            self.students[p][pile] += 1;
        }
    }

    pub(crate) fn collect(&mut self, p: usize) {
        let n = self.num_players();
        for c in 0..NUM_COLOURS {
            let mine = self.students[p][c];
            if mine == 0 {
                continue;
            }
            let best_other = (0..n)
                .filter(|&q| q != p)
                .map(|q| self.students[q][c])
                .max()
                .unwrap_or(0);
            if mine > best_other || (n == 4 && mine == best_other) {
                self.gain_cylinder(p, c);
            }
        }
    }

    fn take_tokens(&mut self, p: usize, k: u8) {
        let k = k.min(self.token_supply);
        self.token_supply -= k;
        self.tokens[p] += k;
    }

    fn pay_tokens(&mut self, p: usize, k: u8) {
        let k = k.min(self.tokens[p]);
        self.tokens[p] -= k;
        self.token_supply += k;
    }

    /// Paints the painting in display slot `slot` for the turn player.
    pub(crate) fn paint(&mut self, game: &AtelierStudio, slot: usize) {
        let p = self.cur();
        let card = self.display[slot];
        let Some(c) = game.data.paintings.get(card as usize) else {
            return;
        };
        for k in 0..NUM_COLOURS {
            let pay = c.cost[k].min(self.cyl[p][k]);
            self.cyl[p][k] -= pay;
            self.piles[k] += pay;
        }
        self.painting_loc[card as usize] = p as u8;
        self.display[slot] = NONE;
        if c.masterpiece && self.first_master == NONE && self.masterpieces(game, p) >= 3 {
            self.first_master = p as u8;
            self.trigger_end();
        }
        self.paint_card = card;
        self.paint_slot = slot as u8;
        self.paint_stage = STAGE_RETURN;
        self.sub_count = c.students;
        self.continue_painting(game);
    }

    /// Runs the automatic steps of a painting in progress until a decision or chance node.
    pub(crate) fn continue_painting(&mut self, game: &AtelierStudio) {
        let p = self.cur();
        loop {
            match self.paint_stage {
                STAGE_RETURN => {
                    if self.sub_count > 0 && self.on_piles(p) > 0 {
                        let with: u8 = (0..NUM_COLOURS)
                            .filter(|&c| self.students[p][c] > 0)
                            .count() as u8;
                        if with == 1 {
                            // Only one pile to return from: no choice to make.
                            let c = (0..NUM_COLOURS)
                                .find(|&c| self.students[p][c] > 0)
                                .unwrap_or(0);
                            let k = self.sub_count.min(self.students[p][c]);
                            self.students[p][c] -= k;
                            self.pool[p] += k;
                            self.sub_count -= k;
                            continue;
                        }
                        self.phase = Phase::ReturnStudents;
                        return;
                    }
                    self.sub_count = 0;
                    self.paint_stage = STAGE_POWER;
                }
                STAGE_POWER => {
                    self.paint_stage = STAGE_REFILL;
                    let power = game
                        .data
                        .paintings
                        .get(self.paint_card as usize)
                        .map_or(Power::None, |c| c.power);
                    match power {
                        Power::Inspiration(k) => self.take_tokens(p, k),
                        Power::Paint { colour, amount } => {
                            for _ in 0..amount {
                                self.gain_cylinder(p, colour as usize % NUM_COLOURS);
                            }
                        }
                        Power::AnyPaint(k) if self.piles.iter().any(|&x| x > 0) => {
                            self.sub_count = k;
                            self.phase = Phase::PowerGain;
                            return;
                        }
                        Power::PlaceStudent if self.pool[p] > 0 => {
                            self.phase = Phase::PowerPlace;
                            return;
                        }
                        Power::DrawPatron if self.patron_draw_possible() => {
                            self.phase = Phase::DrawPatron;
                            return;
                        }
                        _ => {}
                    }
                }
                STAGE_REFILL => {
                    self.paint_stage = STAGE_NONE;
                    if self.deck_count() > 0 {
                        self.phase = Phase::Refill;
                        return;
                    }
                    // The painting deck is exhausted: the slot stays empty and the end is
                    // triggered (interpretation, see the rules document).
                    self.trigger_end();
                }
                _ => {
                    self.paint_card = NONE;
                    self.paint_slot = NONE;
                    self.phase = Phase::Main;
                    return;
                }
            }
        }
    }

    /// Die 3: moves on to the next player (from `sub_offset`) with a student on a pile.
    pub(crate) fn advance_move(&mut self) {
        let n = self.num_players();
        while (self.sub_offset as usize) < n {
            let q = (self.cur() + self.sub_offset as usize) % n;
            if self.on_piles(q) > 0 {
                self.phase = Phase::MoveStudents;
                return;
            }
            self.sub_offset += 1;
        }
        self.phase = Phase::Main;
    }

    pub(crate) fn move_player(&self) -> usize {
        (self.cur() + self.sub_offset as usize) % self.num_players()
    }

    /// True when a player after the current die-3 player still has a student on a pile.
    pub(crate) fn later_mover_exists(&self) -> bool {
        let n = self.num_players();
        ((self.sub_offset as usize + 1)..n).any(|o| self.on_piles((self.cur() + o) % n) > 0)
    }

    fn apply_decision(&mut self, game: &AtelierStudio, a: Action) {
        let p = self.cur();
        let n = self.num_players();
        match act::decode(a) {
            act::Decoded::Keep(card) => {
                let other = (0..NUM_PATRONS)
                    .find(|&k| k != card && self.patron_loc[k] == PAT_DEALT + p as u8);
                self.patron_loc[card] = p as u8;
                if let Some(o) = other {
                    let pos = self.bottom_len;
                    self.patron_loc[o] = PAT_BOTTOM + pos;
                    self.bottom[pos as usize] = o as u8;
                    self.bottom_len += 1;
                    self.returned[p] = o as u8;
                }
                self.step += 1;
                if (self.step as usize) < n {
                    self.current = ((self.start as usize + self.step as usize) % n) as u8;
                } else {
                    self.phase = Phase::PlaceInitial;
                    self.step = 0;
                    self.current = ((self.start as usize + n - 1) % n) as u8;
                }
            }
            act::Decoded::PlaceInitial(pile) => {
                self.place_student(p, pile);
                self.step += 1;
                if (self.step as usize) < n {
                    self.current =
                        ((self.start as usize + 2 * n - 1 - self.step as usize) % n) as u8;
                } else {
                    self.round = 1;
                    self.step = 0;
                    self.start_round();
                }
            }
            act::Decoded::Reroll => {
                self.pay_tokens(p, 1);
                self.phase = Phase::Roll;
            }
            act::Decoded::InspireDie(face) => {
                self.spend_die(face);
                self.did_inspire = true;
                self.take_tokens(p, 1);
            }
            act::Decoded::Place(face, pile) => {
                self.spend_die(face);
                self.did_dice_action = true;
                self.place_student(p, pile);
            }
            act::Decoded::MoveDie => {
                self.spend_die(2);
                self.did_dice_action = true;
                self.sub_offset = 0;
                self.sub_moved = false;
                self.advance_move();
            }
            act::Decoded::Collect => {
                self.spend_die(3);
                self.did_dice_action = true;
                self.collect(p);
            }
            act::Decoded::PaintDie(slot) => {
                self.spend_die(4);
                self.did_dice_action = true;
                self.paint(game, slot);
            }
            act::Decoded::Gain(c) => {
                self.spend_die(5);
                self.did_dice_action = true;
                self.gain_cylinder(p, c);
            }
            act::Decoded::PaintInspiration(slot) => {
                self.pay_tokens(p, 2);
                self.paint(game, slot);
            }
            act::Decoded::DrawPatron => {
                self.pay_tokens(p, 3);
                self.phase = Phase::DrawPatron;
            }
            act::Decoded::Swap(give, take) => {
                if let Some(i) = self.unused_turn_power(game, p, Power::SwapPaint) {
                    self.turn_power_used |= 1u64 << i;
                }
                if self.cyl[p][give] > 0 && self.piles[take] > 0 {
                    self.cyl[p][give] -= 1;
                    self.piles[give] += 1;
                    self.piles[take] -= 1;
                    self.cyl[p][take] += 1;
                }
            }
            act::Decoded::Adjust(face, up) => {
                if let Some(i) = self.unused_turn_power(game, p, Power::AdjustDie) {
                    self.turn_power_used |= 1u64 << i;
                }
                let to = if up { face + 1 } else { face.wrapping_sub(1) };
                if self.rolled.get(face).is_some_and(|&d| d > 0) && to < 6 {
                    self.rolled[face] -= 1;
                    self.rolled[to] += 1;
                }
            }
            act::Decoded::Shift(from, to) => {
                if let Some(i) = self.unused_turn_power(game, p, Power::ShiftStudent) {
                    self.turn_power_used |= 1u64 << i;
                }
                if self.students[p][from] > 0 {
                    self.students[p][from] -= 1;
                    self.students[p][to] += 1;
                }
            }
            act::Decoded::EndTurn => self.end_turn(),
            act::Decoded::MoveStep(from, to) => {
                let q = self.move_player();
                if self.students[q][from] > 0 {
                    self.students[q][from] -= 1;
                    self.students[q][to] += 1;
                }
                self.sub_moved = true;
                self.sub_offset += 1;
                self.advance_move();
            }
            act::Decoded::MoveSkip => {
                self.sub_offset += 1;
                self.advance_move();
            }
            act::Decoded::Return(pile) => {
                if self.students[p][pile] > 0 {
                    self.students[p][pile] -= 1;
                    self.pool[p] += 1;
                }
                self.sub_count = self.sub_count.saturating_sub(1);
                self.continue_painting(game);
            }
            act::Decoded::PowerPlace(pile) => {
                self.place_student(p, pile);
                self.continue_painting(game);
            }
            act::Decoded::PowerGain(c) => {
                self.gain_cylinder(p, c);
                self.sub_count = self.sub_count.saturating_sub(1);
                if self.sub_count == 0 || self.piles.iter().all(|&x| x == 0) {
                    self.sub_count = 0;
                    self.continue_painting(game);
                }
            }
            act::Decoded::Invalid => {}
        }
    }

    fn apply_chance(&mut self, game: &AtelierStudio, a: Action) {
        let n = self.num_players();
        match self.phase {
            Phase::ChooseStart => {
                self.start = (a as usize % n) as u8;
                self.current = self.start;
                self.phase = Phase::DealDisplay;
                self.step = 0;
            }
            Phase::DealDisplay => {
                if let Some(slot) = self.display.get_mut(self.step as usize) {
                    *slot = a as u8;
                }
                if let Some(l) = self.painting_loc.get_mut(a as usize) {
                    *l = P_DISPLAY;
                }
                self.step += 1;
                if self.step as usize >= DISPLAY {
                    self.phase = Phase::DealPatrons;
                    self.step = 0;
                }
            }
            Phase::DealPatrons => {
                let to = (self.start as usize + self.step as usize / 2) % n;
                if let Some(l) = self.patron_loc.get_mut(a as usize) {
                    *l = PAT_DEALT + to as u8;
                }
                self.step += 1;
                if self.step as usize >= 2 * n {
                    self.phase = Phase::KeepPatron;
                    self.step = 0;
                    self.current = self.start;
                }
            }
            Phase::Roll => {
                let k = self.active[self.cur()] as usize;
                if let Some((faces, _)) = game.rolls.get(k).and_then(|t| t.get(a as usize)) {
                    self.rolled = *faces;
                }
                self.phase = Phase::Main;
            }
            Phase::DrawPatron => {
                let p = self.cur();
                let card = a as usize;
                if self.patron_loc.get(card) == Some(&PAT_DECK) {
                    self.patron_loc[card] = p as u8;
                } else if self.bottom_head < self.bottom_len
                    && self.bottom[self.bottom_head as usize] as usize == card
                {
                    self.patron_loc[card] = p as u8;
                    self.bottom_head += 1;
                }
                self.patron_draws[p] += 1;
                if self.paint_stage != STAGE_NONE {
                    self.continue_painting(game);
                } else {
                    self.phase = Phase::Main;
                }
            }
            Phase::Refill => {
                let slot = self.paint_slot as usize;
                if let Some(s) = self.display.get_mut(slot) {
                    *s = a as u8;
                }
                if let Some(l) = self.painting_loc.get_mut(a as usize) {
                    *l = P_DISPLAY;
                }
                self.continue_painting(game);
            }
            _ => {}
        }
    }

    /// The player's ranking key: score, then paint held, then the First Master token.
    fn rank_key(&self, game: &AtelierStudio, p: usize) -> (i32, u32, bool) {
        (
            self.full_score(game, p),
            self.paint_total(p),
            self.first_master as usize == p,
        )
    }
}

impl State for AtelierStudioState {
    type Game = AtelierStudio;

    fn actor(&self, _game: &AtelierStudio) -> Actor {
        match self.phase {
            Phase::ChooseStart
            | Phase::DealDisplay
            | Phase::DealPatrons
            | Phase::Roll
            | Phase::DrawPatron
            | Phase::Refill => Actor::Chance,
            Phase::Terminal => Actor::Terminal,
            _ => Actor::Player(self.current),
        }
    }

    fn legal_actions(&self, game: &AtelierStudio, out: &mut ActionList) {
        out.clear();
        act::legal_actions(self, game, out);
    }

    fn chance_outcomes(&self, game: &AtelierStudio, out: &mut ChanceOutcomes) {
        out.clear();
        match self.phase {
            Phase::ChooseStart => {
                for p in 0..self.num_players() {
                    out.push(p as Action, 1);
                }
            }
            Phase::DealDisplay | Phase::Refill => {
                for i in 0..NUM_PAINTINGS {
                    if self.painting_loc[i] == P_DECK {
                        out.push(i as Action, 1);
                    }
                }
            }
            Phase::DealPatrons => {
                for i in 0..NUM_PATRONS {
                    if self.patron_loc[i] == PAT_DECK {
                        out.push(i as Action, 1);
                    }
                }
            }
            Phase::DrawPatron => {
                if self.patron_deck_count() > 0 {
                    for i in 0..NUM_PATRONS {
                        if self.patron_loc[i] == PAT_DECK {
                            out.push(i as Action, 1);
                        }
                    }
                } else if self.bottom_head < self.bottom_len {
                    out.push(self.bottom[self.bottom_head as usize] as Action, 1);
                }
            }
            Phase::Roll => {
                let k = self.active[self.cur()] as usize;
                if let Some(table) = game.rolls.get(k) {
                    for (i, (_, w)) in table.iter().enumerate() {
                        out.push(i as Action, *w);
                    }
                }
            }
            _ => {}
        }
    }

    fn apply_unchecked(&mut self, game: &AtelierStudio, action: Action) {
        match self.actor(game) {
            Actor::Chance => self.apply_chance(game, action),
            Actor::Player(_) => self.apply_decision(game, action),
            Actor::Terminal => {}
        }
    }

    fn scores(&self, game: &AtelierStudio) -> Scores {
        let mut s = [0; MAX_PLAYERS];
        let terminal = self.phase == Phase::Terminal;
        for (p, v) in s.iter_mut().enumerate().take(self.num_players()) {
            *v = if terminal {
                self.full_score(game, p)
            } else {
                self.public_score(game, p)
            };
        }
        s
    }

    fn returns(&self, game: &AtelierStudio) -> Returns {
        if self.phase != Phase::Terminal {
            return [0.0; MAX_PLAYERS];
        }
        let keys: Vec<(i32, u32, bool)> = (0..self.num_players())
            .map(|p| self.rank_key(game, p))
            .collect();
        win_shares(&keys)
    }

    fn action_to_string(&self, game: &AtelierStudio, action: Action) -> String {
        act::action_to_string(self, game, action)
    }

    fn string_to_action(&self, game: &AtelierStudio, text: &str) -> SalonResult<Action> {
        let wanted = text.trim();
        if self.phase == Phase::Roll {
            // 126 outcomes: parse instead of comparing every outcome's string.
            return act::parse_roll(self, game, wanted).ok_or_else(|| {
                SalonError::UnknownActionString {
                    text: text.to_string(),
                }
            });
        }
        salon_core::game::match_action_string(self, game, text)
    }

    fn observation_string(&self, game: &AtelierStudio, player: usize) -> String {
        crate::render::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AtelierStudio, player: usize, out: &mut [f32]) {
        crate::observation::observation_tensor(self, game, player, out)
    }

    fn information_state_string(&self, game: &AtelierStudio, player: usize) -> Option<String> {
        Some(crate::render::information_state_string(self, game, player))
    }

    fn resample_from_infostate(
        &self,
        game: &AtelierStudio,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        Some(crate::observation::resample(self, game, player, rng))
    }

    fn position_json(&self, game: &AtelierStudio) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game, None))
    }

    fn observation_json(&self, game: &AtelierStudio, player: usize) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game, Some(player)))
    }

    fn from_position(
        game: &AtelierStudio,
        text: &str,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        crate::position::from_position(game, text, rng)
    }

    fn render(&self, game: &AtelierStudio) -> String {
        crate::render::render(self, game)
    }

    fn render_svg(&self, game: &Self::Game, viewer: Option<usize>) -> String {
        crate::svg::render(self, game, viewer)
    }
}
