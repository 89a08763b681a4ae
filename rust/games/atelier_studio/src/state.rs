//! The state of a game of Atelier: The Painter's Studio, its queries and its transitions,
//! written by what they mean (keep a patron, place a student with a die, paint, draw a
//! patron, ...). Which moves are legal, and which id means which move, is in `actions`.

use crate::components::{Power, CYLINDERS_PER_COLOUR, NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::{game::AtelierStudio, game::DISPLAY, game::MAX_ROUNDS};

/// Seats in the state's per-player arrays.
pub const MAX_P: usize = 4;
/// Students per player.
pub const STUDENTS: u8 = 12;
/// Dice per player.
pub const DICE: u8 = 4;
/// Inspiration tokens in the game.
pub const TOKENS: u8 = 20;
/// The First Master token's value.
pub const FIRST_MASTER_POINTS: i32 = 4;
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

    /// A patron card is left to draw: in the shuffled deck or under it.
    pub(crate) fn patron_draw_possible(&self) -> bool {
        self.patron_deck_count() > 0 || self.bottom_head < self.bottom_len
    }

    /// Die 3: the player whose student may be moved now.
    pub(crate) fn move_player(&self) -> usize {
        (self.cur() + self.sub_offset as usize) % self.num_players()
    }

    /// Number of dice in `rolled`.
    fn rolled_count(&self) -> u8 {
        self.rolled.iter().sum()
    }

    fn masterpieces(&self, game: &AtelierStudio, p: usize) -> usize {
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

    fn spend_die(&mut self, face: usize) {
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

    fn collect(&mut self, p: usize) {
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
    fn paint(&mut self, game: &AtelierStudio, slot: usize) {
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
    fn continue_painting(&mut self, game: &AtelierStudio) {
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
    fn advance_move(&mut self) {
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

    // ----- the moves, by meaning (`actions::apply` decodes an id into one of these) -----

    /// Set-up: the player to move keeps patron `card`, the other one dealt to them goes under
    /// the patron deck.
    pub(crate) fn keep_patron(&mut self, card: usize) {
        let p = self.cur();
        let n = self.num_players();
        let other =
            (0..NUM_PATRONS).find(|&k| k != card && self.patron_loc[k] == PAT_DEALT + p as u8);
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

    /// Set-up: the player to move places a first student on `pile`.
    pub(crate) fn place_first_student(&mut self, pile: usize) {
        let p = self.cur();
        let n = self.num_players();
        self.place_student(p, pile);
        self.step += 1;
        if (self.step as usize) < n {
            self.current = ((self.start as usize + 2 * n - 1 - self.step as usize) % n) as u8;
        } else {
            self.round = 1;
            self.step = 0;
            self.start_round();
        }
    }

    /// Pays 1 inspiration to roll the active dice again.
    pub(crate) fn reroll(&mut self) {
        let p = self.cur();
        self.pay_tokens(p, 1);
        self.phase = Phase::Roll;
    }

    /// Option B: spends a die of face index `face` for an inspiration token.
    pub(crate) fn inspire(&mut self, face: usize) {
        let p = self.cur();
        self.spend_die(face);
        self.did_inspire = true;
        self.take_tokens(p, 1);
    }

    /// Die 1 or 2 (face index `face`): places a student on `pile`.
    pub(crate) fn place_with_die(&mut self, face: usize, pile: usize) {
        let p = self.cur();
        self.spend_die(face);
        self.did_dice_action = true;
        self.place_student(p, pile);
    }

    /// Die 3: starts moving students, one player at a time.
    pub(crate) fn move_with_die(&mut self) {
        self.spend_die(2);
        self.did_dice_action = true;
        self.sub_offset = 0;
        self.sub_moved = false;
        self.advance_move();
    }

    /// Die 4: collects paint where the player has the most students.
    pub(crate) fn collect_with_die(&mut self) {
        let p = self.cur();
        self.spend_die(3);
        self.did_dice_action = true;
        self.collect(p);
    }

    /// Die 5: paints the painting in display slot `slot`.
    pub(crate) fn paint_with_die(&mut self, game: &AtelierStudio, slot: usize) {
        self.spend_die(4);
        self.did_dice_action = true;
        self.paint(game, slot);
    }

    /// Die 6: gains a cylinder of colour `c`.
    pub(crate) fn gain_with_die(&mut self, c: usize) {
        let p = self.cur();
        self.spend_die(5);
        self.did_dice_action = true;
        self.gain_cylinder(p, c);
    }

    /// Pays 2 inspiration to paint the painting in display slot `slot`.
    pub(crate) fn paint_with_inspiration(&mut self, game: &AtelierStudio, slot: usize) {
        let p = self.cur();
        self.pay_tokens(p, 2);
        self.paint(game, slot);
    }

    /// Pays 3 inspiration to draw a patron (the draw is a chance node).
    pub(crate) fn pay_for_patron(&mut self) {
        let p = self.cur();
        self.pay_tokens(p, 3);
        self.phase = Phase::DrawPatron;
    }

    /// Marks the turn power of painting `card` used this turn (`None`: no painting to mark).
    fn use_turn_power(&mut self, card: Option<usize>) {
        if let Some(i) = card {
            self.turn_power_used |= 1u64 << i;
        }
    }

    /// Turn power of painting `power`: gives a cylinder of `give` back for one of `take`.
    pub(crate) fn swap_paint(&mut self, power: Option<usize>, give: usize, take: usize) {
        let p = self.cur();
        self.use_turn_power(power);
        if self.cyl[p][give] > 0 && self.piles[take] > 0 {
            self.cyl[p][give] -= 1;
            self.piles[give] += 1;
            self.piles[take] -= 1;
            self.cyl[p][take] += 1;
        }
    }

    /// Turn power of painting `power`: turns a rolled die of face index `face` one up or down.
    pub(crate) fn adjust_die(&mut self, power: Option<usize>, face: usize, up: bool) {
        self.use_turn_power(power);
        let to = if up { face + 1 } else { face.wrapping_sub(1) };
        if self.rolled.get(face).is_some_and(|&d| d > 0) && to < 6 {
            self.rolled[face] -= 1;
            self.rolled[to] += 1;
        }
    }

    /// Turn power of painting `power`: moves one of the player's students from `from` to `to`.
    pub(crate) fn shift_student(&mut self, power: Option<usize>, from: usize, to: usize) {
        let p = self.cur();
        self.use_turn_power(power);
        if self.students[p][from] > 0 {
            self.students[p][from] -= 1;
            self.students[p][to] += 1;
        }
    }

    /// Die 3: moves a student of the current mover from `from` to `to`.
    pub(crate) fn move_student(&mut self, from: usize, to: usize) {
        let q = self.move_player();
        if self.students[q][from] > 0 {
            self.students[q][from] -= 1;
            self.students[q][to] += 1;
        }
        self.sub_moved = true;
        self.sub_offset += 1;
        self.advance_move();
    }

    /// Die 3: moves no student of the current mover.
    pub(crate) fn skip_mover(&mut self) {
        self.sub_offset += 1;
        self.advance_move();
    }

    /// Painting: returns a student from `pile` to the player's board.
    pub(crate) fn return_student(&mut self, game: &AtelierStudio, pile: usize) {
        let p = self.cur();
        if self.students[p][pile] > 0 {
            self.students[p][pile] -= 1;
            self.pool[p] += 1;
        }
        self.sub_count = self.sub_count.saturating_sub(1);
        self.continue_painting(game);
    }

    /// Immediate power: places a student on `pile`.
    pub(crate) fn power_place(&mut self, game: &AtelierStudio, pile: usize) {
        let p = self.cur();
        self.place_student(p, pile);
        self.continue_painting(game);
    }

    /// Immediate power: takes a cylinder of colour `c`.
    pub(crate) fn power_gain(&mut self, game: &AtelierStudio, c: usize) {
        let p = self.cur();
        self.gain_cylinder(p, c);
        self.sub_count = self.sub_count.saturating_sub(1);
        if self.sub_count == 0 || self.piles.iter().all(|&x| x == 0) {
            self.sub_count = 0;
            self.continue_painting(game);
        }
    }

    // ----- chance outcomes, by meaning ------------------------------------------------

    /// Set-up: player `player` (taken modulo the player count) starts.
    pub(crate) fn choose_start(&mut self, player: usize) {
        let n = self.num_players();
        self.start = (player % n) as u8;
        self.current = self.start;
        self.phase = Phase::DealDisplay;
        self.step = 0;
    }

    /// Set-up: painting `card` goes face up in the next display slot.
    pub(crate) fn deal_display(&mut self, card: usize) {
        if let Some(slot) = self.display.get_mut(self.step as usize) {
            *slot = card as u8;
        }
        if let Some(l) = self.painting_loc.get_mut(card) {
            *l = P_DISPLAY;
        }
        self.step += 1;
        if self.step as usize >= DISPLAY {
            self.phase = Phase::DealPatrons;
            self.step = 0;
        }
    }

    /// Set-up: patron `card` is dealt to the player whose turn of the deal it is.
    pub(crate) fn deal_patron(&mut self, card: usize) {
        let n = self.num_players();
        let to = (self.start as usize + self.step as usize / 2) % n;
        if let Some(l) = self.patron_loc.get_mut(card) {
            *l = PAT_DEALT + to as u8;
        }
        self.step += 1;
        if self.step as usize >= 2 * n {
            self.phase = Phase::KeepPatron;
            self.step = 0;
            self.current = self.start;
        }
    }

    /// The turn player's dice show `faces` (counts per face; `None`: an unknown outcome leaves
    /// the dice as they are), and the turn goes on.
    pub(crate) fn roll(&mut self, faces: Option<[u8; 6]>) {
        if let Some(faces) = faces {
            self.rolled = faces;
        }
        self.phase = Phase::Main;
    }

    /// The turn player draws patron `card` (from the deck, or the next one under it).
    pub(crate) fn draw_patron(&mut self, game: &AtelierStudio, card: usize) {
        let p = self.cur();
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

    /// Painting `card` refills the display slot of the painting just painted.
    pub(crate) fn refill(&mut self, game: &AtelierStudio, card: usize) {
        let slot = self.paint_slot as usize;
        if let Some(s) = self.display.get_mut(slot) {
            *s = card as u8;
        }
        if let Some(l) = self.painting_loc.get_mut(card) {
            *l = P_DISPLAY;
        }
        self.continue_painting(game);
    }
}
