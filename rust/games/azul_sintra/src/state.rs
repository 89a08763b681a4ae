//! The state and its transitions.
//!
//! Pieces are always somewhere: in the bag, the tower, a factory, the centre, on a strip
//! (a completed strip keeps its 5 pieces until the keep decision), in a window, or on the
//! round track. Colours are ids 0..5; a filled space or window space stores `colour + 1`
//! (0 = empty).

use salon_core::Actor;

use crate::components::{JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::{
    game::AzulSintra, game::MAX_FACTORIES, game::MAX_SEATS, game::NUM_ROUNDS,
    game::PIECES_PER_COLOUR,
};

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Chance: who starts (outcome = player).
    StartPlayer,
    /// Chance: the strip for `setup_player`'s slot `setup_slot` (outcome = strip*2 + face).
    Strips,
    /// Chance: round-track pieces; `track_step` 0..5 fills spaces II..VI (outcome = colour,
    /// uniform over the colours not placed yet), step 5 fills space I from the bag.
    RoundTrack,
    /// Chance: a draw from the bag into factory `fill_factory` (outcome = colour).
    Fill,
    /// A player picks pieces or moves the glazier back.
    Play,
    /// The player to move chooses which piece of the completed strip `keep_slot` to keep.
    Keep,
    /// The game is over (final scoring done).
    End,
}

/// One player's palace board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Board {
    /// The strip (0..8) in each slot.
    pub strip: [u8; NUM_SLOTS],
    /// The face (0 or 1) showing in each slot.
    pub face: [u8; NUM_SLOTS],
    /// Bit s set: slot s holds a strip (cleared when its window is complete).
    pub present: u8,
    /// Pieces on the strips: colour + 1, 0 = empty.
    pub filled: [[u8; STRIP_SPACES]; NUM_SLOTS],
    /// Window frame spaces (0 = top, 1 = bottom): colour + 1, 0 = empty.
    pub window: [[u8; 2]; NUM_SLOTS],
    /// The slot the glazier stands above.
    pub glazier: u8,
    /// Position of the broken-glass marker (0 = top).
    pub track: u8,
    /// Times the marker went past the last space (each cost the reset value at once).
    pub resets: u8,
    /// Score-track points.
    pub score: i16,
    /// Set-up: bit s set when strip s has been placed.
    pub placed: u8,
}

impl Board {
    const EMPTY: Board = Board {
        strip: [0; NUM_SLOTS],
        face: [0; NUM_SLOTS],
        present: 0,
        filled: [[0; STRIP_SPACES]; NUM_SLOTS],
        window: [[0; 2]; NUM_SLOTS],
        glazier: 0,
        track: 0,
        resets: 0,
        score: 0,
        placed: 0,
    };

    #[inline]
    pub fn has_strip(&self, slot: usize) -> bool {
        slot < NUM_SLOTS && self.present & (1 << slot) != 0
    }

    /// The leftmost slot still holding a strip.
    #[inline]
    pub fn leftmost(&self) -> Option<usize> {
        if self.present == 0 {
            None
        } else {
            Some(self.present.trailing_zeros() as usize)
        }
    }

    /// Pieces on all strips together.
    pub fn pieces_on_strips(&self) -> usize {
        self.filled.iter().flatten().filter(|&&v| v != 0).count()
    }

    /// Pieces in all windows.
    pub fn pieces_in_windows(&self) -> usize {
        self.window.iter().flatten().filter(|&&v| v != 0).count()
    }
}

/// The whole game state: a fixed-size value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct AzulSintraState {
    pub(crate) phase: Phase,
    pub(crate) num_players: u8,
    pub(crate) setup_player: u8,
    pub(crate) setup_slot: u8,
    pub(crate) track_step: u8,
    pub(crate) fill_factory: u8,
    pub(crate) fill_draw: u8,
    pub(crate) bag: [u8; NUM_COLOURS],
    pub(crate) tower: [u8; NUM_COLOURS],
    pub(crate) factories: [[u8; NUM_COLOURS]; MAX_FACTORIES],
    pub(crate) centre: [u8; NUM_COLOURS],
    /// The start-player tile lies in the centre (nobody took from the centre this round).
    pub(crate) tile_in_centre: bool,
    /// Who took the start-player tile this round (`NO_PLAYER` if nobody).
    pub(crate) tile_holder: u8,
    /// Round-track spaces I..VI: colour + 1, 0 = empty.
    pub(crate) round_track: [u8; NUM_ROUNDS],
    /// The round being played (0..6; 6 once the game is over).
    pub(crate) round: u8,
    pub(crate) current: u8,
    pub(crate) start_player: u8,
    /// The completed strip awaiting the keep decision (`Phase::Keep`).
    pub(crate) keep_slot: u8,
    pub(crate) boards: [Board; MAX_SEATS],
}

/// Marks "no player" in `tile_holder`.
pub const NO_PLAYER: u8 = u8::MAX;

/// The source id of the centre of the table (sources 0..9 are the factory displays).
pub const CENTRE: usize = 9;

/// Derived in `docs/rules/azul_sintra.md`: set-up chance (1 start player + 8 strips per
/// player + 6 round-track pieces), at most 4 draws per factory per round (24F over six
/// rounds), at most one take per piece dealt (24F), at most one move-back per take of the
/// same player (24F), at most 16 keep decisions per player (two completions per strip).
pub(crate) fn max_game_length(game: &AzulSintra) -> usize {
    let n = game.num_players;
    let f = game.num_factories;
    1 + 8 * n + NUM_ROUNDS + 3 * (4 * f * NUM_ROUNDS) + 2 * NUM_SLOTS * n
}

impl AzulSintraState {
    pub(crate) fn new(game: &AzulSintra) -> Self {
        AzulSintraState {
            phase: Phase::StartPlayer,
            num_players: game.num_players as u8,
            setup_player: 0,
            setup_slot: 0,
            track_step: 0,
            fill_factory: 0,
            fill_draw: 0,
            bag: [PIECES_PER_COLOUR; NUM_COLOURS],
            tower: [0; NUM_COLOURS],
            factories: [[0; NUM_COLOURS]; MAX_FACTORIES],
            centre: [0; NUM_COLOURS],
            tile_in_centre: true,
            tile_holder: NO_PLAYER,
            round_track: [0; NUM_ROUNDS],
            round: 0,
            current: 0,
            start_player: 0,
            keep_slot: 0,
            boards: [Board::EMPTY; MAX_SEATS],
        }
    }

    /// Who acts now: chance during set-up and dealing, the player to move in play and keep.
    #[inline]
    pub(crate) fn actor_kind(&self) -> Actor {
        match self.phase {
            Phase::StartPlayer | Phase::Strips | Phase::RoundTrack | Phase::Fill => Actor::Chance,
            Phase::Play | Phase::Keep => Actor::Player(self.current),
            Phase::End => Actor::Terminal,
        }
    }

    // ----- public read access (for tests, bots and the integrator) -----

    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> usize {
        self.round as usize
    }
    pub fn current_player(&self) -> usize {
        self.current as usize
    }
    pub fn start_player(&self) -> usize {
        self.start_player as usize
    }
    pub fn bag(&self) -> [u8; NUM_COLOURS] {
        self.bag
    }
    pub fn tower(&self) -> [u8; NUM_COLOURS] {
        self.tower
    }
    pub fn factory(&self, f: usize) -> [u8; NUM_COLOURS] {
        self.factories.get(f).copied().unwrap_or([0; NUM_COLOURS])
    }
    pub fn centre(&self) -> [u8; NUM_COLOURS] {
        self.centre
    }
    pub fn tile_in_centre(&self) -> bool {
        self.tile_in_centre
    }
    /// Who took the start-player tile this round.
    pub fn tile_holder(&self) -> Option<usize> {
        (self.tile_holder != NO_PLAYER).then_some(self.tile_holder as usize)
    }
    /// Round-track space `i` (0 = I): its colour, if a piece is on it.
    pub fn round_track(&self, i: usize) -> Option<usize> {
        match self.round_track.get(i) {
            Some(&v) if v != 0 => Some(v as usize - 1),
            _ => None,
        }
    }
    /// The colour of the current round (the top piece of the round track).
    pub fn round_colour(&self) -> Option<usize> {
        self.round_track(self.round as usize)
    }
    pub fn board(&self, p: usize) -> &Board {
        &self.boards[p.min(MAX_SEATS - 1)]
    }
    /// The slot awaiting a keep decision.
    pub fn keep_slot(&self) -> Option<usize> {
        (self.phase == Phase::Keep).then_some(self.keep_slot as usize)
    }
    /// Total points a player lost to broken glass (resets x reset value + marker value).
    pub fn glass_lost(&self, game: &AzulSintra, p: usize) -> i32 {
        let b = self.board(p);
        let reset = -game.track_value(game.track_last());
        b.resets as i32 * reset - game.track_value(b.track as usize)
    }

    /// The required colour (or joker) of a space of the strip in `slot` of player `p`.
    #[inline]
    pub(crate) fn space_kind(&self, game: &AzulSintra, p: usize, slot: usize, space: usize) -> u8 {
        let b = &self.boards[p];
        game.faces[b.strip[slot] as usize % NUM_SLOTS][b.face[slot] as usize & 1][space]
    }

    // ----- transitions -----

    /// Set-up: player `p` starts (and moves first in round I).
    pub(crate) fn choose_start_player(&mut self, p: u8) {
        self.start_player = p;
        self.current = p;
        self.phase = Phase::Strips;
        self.setup_player = 0;
        self.setup_slot = 0;
    }

    /// Set-up: lays `strip` with `face` up in the next slot of the player being set up.
    pub(crate) fn lay_strip(&mut self, strip: usize, face: u8) {
        let p = self.setup_player as usize % MAX_SEATS;
        let slot = self.setup_slot as usize % NUM_SLOTS;
        let b = &mut self.boards[p];
        b.strip[slot] = strip as u8;
        b.face[slot] = face;
        b.present |= 1 << slot;
        b.placed |= 1 << strip;
        self.setup_slot += 1;
        if self.setup_slot as usize >= NUM_SLOTS {
            self.setup_slot = 0;
            self.setup_player += 1;
            if self.setup_player >= self.num_players {
                self.phase = Phase::RoundTrack;
                self.track_step = 0;
            }
        }
    }

    /// Set-up: a piece of colour `c` from the bag onto the next round-track space (II..VI,
    /// then I); after space I the factories are dealt.
    pub(crate) fn place_round_track_piece(&mut self, game: &AzulSintra, c: usize) {
        self.bag[c] = self.bag[c].saturating_sub(1);
        if self.track_step < 5 {
            self.round_track[1 + self.track_step as usize] = c as u8 + 1;
            self.track_step += 1;
        } else {
            self.round_track[0] = c as u8 + 1;
            self.track_step = 0;
            self.begin_fill(game);
        }
    }

    /// Dealing: a piece of colour `c` from the bag into the factory being filled.
    pub(crate) fn draw_into_factory(&mut self, game: &AzulSintra, c: usize) {
        self.bag[c] = self.bag[c].saturating_sub(1);
        self.factories[self.fill_factory as usize % MAX_FACTORIES][c] += 1;
        self.fill_draw += 1;
        self.settle_fill(game);
    }

    /// Moves player `p`'s broken-glass marker one space down (resetting at the bottom: on
    /// the step past the last space, or with `glass_reset=at_bottom` on reaching it).
    pub(crate) fn step_down(&mut self, game: &AzulSintra, p: usize) {
        let last = game.track_last();
        let b = &mut self.boards[p];
        if game.reset_at_bottom {
            b.track += 1;
            if b.track as usize >= last {
                b.score -= (-game.track_value(last)) as i16;
                b.resets = b.resets.saturating_add(1);
                b.track = 0;
            }
        } else if b.track as usize >= last {
            b.score -= (-game.track_value(last)) as i16;
            b.resets = b.resets.saturating_add(1);
            b.track = 0;
        } else {
            b.track += 1;
        }
    }

    fn factories_and_centre_empty(&self, game: &AzulSintra) -> bool {
        self.centre.iter().all(|&n| n == 0)
            && self.factories[..game.num_factories]
                .iter()
                .all(|f| f.iter().all(|&n| n == 0))
    }

    /// Starts dealing the factories for the current round.
    pub(crate) fn begin_fill(&mut self, game: &AzulSintra) {
        self.phase = Phase::Fill;
        self.fill_factory = 0;
        self.fill_draw = 0;
        self.settle_fill(game);
    }

    /// After a draw: refills the bag from the tower when empty, ends dealing when the
    /// factories are full or both bag and tower are empty (short factories).
    fn settle_fill(&mut self, game: &AzulSintra) {
        if self.fill_draw >= 4 {
            self.fill_draw = 0;
            self.fill_factory += 1;
        }
        if self.fill_factory as usize >= game.num_factories {
            self.start_round_play(game);
            return;
        }
        if self.bag.iter().all(|&n| n == 0) {
            for c in 0..NUM_COLOURS {
                self.bag[c] += self.tower[c];
                self.tower[c] = 0;
            }
            if self.bag.iter().all(|&n| n == 0) {
                self.start_round_play(game);
            }
        }
    }

    fn start_round_play(&mut self, game: &AzulSintra) {
        self.phase = Phase::Play;
        self.fill_factory = 0;
        self.fill_draw = 0;
        self.tile_in_centre = true;
        self.tile_holder = NO_PLAYER;
        self.current = self.start_player;
        if self.factories_and_centre_empty(game) {
            // Nothing to take (every piece is on strips, windows or the round track).
            self.end_round(game);
        }
    }

    fn end_turn(&mut self, game: &AzulSintra) {
        self.phase = Phase::Play;
        if self.factories_and_centre_empty(game) {
            self.end_round(game);
        } else {
            self.current = (self.current + 1) % self.num_players;
        }
    }

    fn end_round(&mut self, game: &AzulSintra) {
        let r = self.round as usize;
        if let Some(&v) = self.round_track.get(r) {
            if v != 0 {
                self.tower[(v - 1) as usize % NUM_COLOURS] += 1;
            }
        }
        if r < NUM_ROUNDS {
            self.round_track[r] = 0;
        }
        self.round += 1;
        if self.tile_holder != NO_PLAYER {
            self.start_player = self.tile_holder;
        }
        if self.round as usize >= NUM_ROUNDS {
            // The game is over; the final scoring follows the transition that got here
            // (`scoring::score_if_over`, called by `actions::apply`).
            self.phase = Phase::End;
            self.tile_in_centre = false;
        } else {
            self.begin_fill(game);
        }
    }

    /// Action A: take `colour` from `source` (factory index, or 9 = centre) and place it
    /// on strip `dest` (or 8 = break all).
    pub(crate) fn take(&mut self, game: &AzulSintra, source: usize, colour: usize, dest: usize) {
        let p = self.current as usize;
        let count;
        if source == CENTRE {
            count = self.centre[colour];
            self.centre[colour] = 0;
            if self.tile_in_centre {
                self.tile_in_centre = false;
                self.tile_holder = p as u8;
                self.step_down(game, p);
            }
        } else {
            let f = &mut self.factories[source];
            count = f[colour];
            f[colour] = 0;
            for (centre, rest) in self.centre.iter_mut().zip(f.iter_mut()) {
                *centre += *rest;
                *rest = 0;
            }
        }
        let mut left = count;
        if dest < NUM_SLOTS {
            self.boards[p].glazier = dest as u8;
            let strip = self.boards[p].strip[dest] as usize % NUM_SLOTS;
            let face = self.boards[p].face[dest] as usize & 1;
            let layout = game.faces[strip][face];
            // Matching colour spaces first, then jokers.
            for pass_joker in [false, true] {
                let want = if pass_joker { JOKER } else { colour as u8 };
                for (&kind, space) in layout.iter().zip(self.boards[p].filled[dest].iter_mut()) {
                    if left > 0 && kind == want && *space == 0 {
                        *space = colour as u8 + 1;
                        left -= 1;
                    }
                }
            }
        }
        // The rest breaks: to the tower, one step down the track each.
        self.tower[colour] += left;
        for _ in 0..left {
            self.step_down(game, p);
        }
        if dest < NUM_SLOTS && self.boards[p].filled[dest].iter().all(|&v| v != 0) {
            self.complete_strip(game, p, dest);
        } else {
            self.end_turn(game);
        }
    }

    /// A strip is full: colour bonus now, then the keep decision (automatic when the strip
    /// holds one colour only).
    fn complete_strip(&mut self, game: &AzulSintra, p: usize, slot: usize) {
        if let Some(rc) = self.round_colour() {
            let bonus = self.boards[p].filled[slot]
                .iter()
                .filter(|&&v| v as usize == rc + 1)
                .count();
            self.boards[p].score += bonus as i16;
        }
        let first = self.boards[p].filled[slot][0];
        if self.boards[p].filled[slot].iter().all(|&v| v == first) {
            self.keep(game, p, slot, first as usize - 1);
        } else {
            self.phase = Phase::Keep;
            self.keep_slot = slot as u8;
        }
    }

    /// Keeps one piece of `colour` from the completed strip in `slot`, the rest to the
    /// tower; the kept piece goes into the window; the window is scored.
    fn keep(&mut self, game: &AzulSintra, p: usize, slot: usize, colour: usize) {
        let mut kept = false;
        for i in 0..STRIP_SPACES {
            let v = self.boards[p].filled[slot][i];
            self.boards[p].filled[slot][i] = 0;
            if v == 0 {
                continue;
            }
            if !kept && v as usize == colour + 1 {
                kept = true;
            } else {
                self.tower[(v - 1) as usize % NUM_COLOURS] += 1;
            }
        }
        let b = &mut self.boards[p];
        if b.window[slot][0] == 0 {
            b.window[slot][0] = colour as u8 + 1;
            b.face[slot] ^= 1;
        } else {
            b.window[slot][1] = colour as u8 + 1;
            b.present &= !(1u8 << slot);
        }
        let mut points = game.window_values[slot];
        for w in slot + 1..NUM_SLOTS {
            if b.window[w][0] != 0 {
                points += game.window_values[w];
            }
        }
        b.score += points as i16;
        self.end_turn(game);
    }

    /// Action B: the player to move moves the glazier back above the leftmost strip.
    pub(crate) fn move_glazier_back(&mut self, game: &AzulSintra) {
        let p = self.current as usize;
        if let Some(l) = self.boards[p].leftmost() {
            self.boards[p].glazier = l as u8;
        }
        self.end_turn(game);
    }

    /// The keep decision: the player to move keeps a piece of `colour` from the completed
    /// strip awaiting it.
    pub(crate) fn keep_chosen(&mut self, game: &AzulSintra, colour: usize) {
        let p = self.current as usize;
        self.phase = Phase::Play;
        self.keep(game, p, self.keep_slot as usize % NUM_SLOTS, colour);
    }
}
