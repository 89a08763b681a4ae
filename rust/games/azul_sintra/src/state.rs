//! The state and its transitions.
//!
//! Pieces are always somewhere: in the bag, the tower, a factory, the centre, on a strip
//! (a completed strip keeps its 5 pieces until the keep decision), in a window, or on the
//! round track. Colours are ids 0..5; a filled space or window space stores `colour + 1`
//! (0 = empty).

use salon_core::{
    win_shares, Action, ActionList, Actor, ChanceOutcomes, Returns, SalonError, SalonResult,
    Scores, State, Xoshiro256StarStar,
};

use crate::actions::{self, Decoded};
use crate::components::{JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::{AzulSintra, MAX_FACTORIES, MAX_SEATS, NUM_ROUNDS, PIECES_PER_COLOUR};

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

    /// Counts of pieces everywhere (bag, tower, factories, centre, strips, windows, round track).
    pub fn piece_census(&self) -> [usize; NUM_COLOURS] {
        let mut out = [0usize; NUM_COLOURS];
        for c in 0..NUM_COLOURS {
            out[c] += self.bag[c] as usize + self.tower[c] as usize + self.centre[c] as usize;
            for f in &self.factories {
                out[c] += f[c] as usize;
            }
        }
        let mut add = |v: u8| {
            if v != 0 {
                out[(v - 1) as usize % NUM_COLOURS] += 1;
            }
        };
        for &v in &self.round_track {
            add(v);
        }
        for b in &self.boards {
            for &v in b.filled.iter().flatten() {
                add(v);
            }
            for &v in b.window.iter().flatten() {
                add(v);
            }
        }
        out
    }

    // ----- transitions -----

    /// The required colour (or joker) of a space of the strip in `slot` of player `p`.
    #[inline]
    pub(crate) fn space_kind(&self, game: &AzulSintra, p: usize, slot: usize, space: usize) -> u8 {
        let b = &self.boards[p];
        game.faces[b.strip[slot] as usize % NUM_SLOTS][b.face[slot] as usize & 1][space]
    }

    /// True when the strip in `slot` has an empty space of `colour` or an empty joker space.
    #[inline]
    pub(crate) fn can_take(&self, game: &AzulSintra, p: usize, slot: usize, colour: usize) -> bool {
        let b = &self.boards[p];
        if b.present & (1 << slot) == 0 {
            return false;
        }
        let layout = &game.faces[b.strip[slot] as usize % NUM_SLOTS][b.face[slot] as usize & 1];
        (0..STRIP_SPACES)
            .any(|i| b.filled[slot][i] == 0 && (layout[i] == colour as u8 || layout[i] == JOKER))
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
            self.phase = Phase::End;
            self.tile_in_centre = false;
            crate::scoring::final_scoring(self, game);
        } else {
            self.begin_fill(game);
        }
    }

    /// Action A: take `colour` from `source` (factory index, or 9 = centre) and place it
    /// on strip `dest` (or 8 = break all).
    fn take(&mut self, game: &AzulSintra, source: usize, colour: usize, dest: usize) {
        let p = self.current as usize;
        let count;
        if source == actions::CENTRE {
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

    /// True when the player to move may move the glazier back.
    #[inline]
    pub(crate) fn can_move_back(&self, p: usize) -> bool {
        let b = &self.boards[p];
        matches!(b.leftmost(), Some(l) if (b.glazier as usize) > l)
    }
}

impl State for AzulSintraState {
    type Game = AzulSintra;

    fn actor(&self, _game: &AzulSintra) -> Actor {
        match self.phase {
            Phase::StartPlayer | Phase::Strips | Phase::RoundTrack | Phase::Fill => Actor::Chance,
            Phase::Play | Phase::Keep => Actor::Player(self.current),
            Phase::End => Actor::Terminal,
        }
    }

    fn legal_actions(&self, game: &AzulSintra, out: &mut ActionList) {
        out.clear();
        actions::legal_actions(self, game, out);
    }

    fn chance_outcomes(&self, game: &AzulSintra, out: &mut ChanceOutcomes) {
        out.clear();
        actions::chance_outcomes(self, game, out);
    }

    fn apply_unchecked(&mut self, game: &AzulSintra, action: Action) {
        match self.phase {
            Phase::StartPlayer => {
                let p = (action as u8) % self.num_players;
                self.start_player = p;
                self.current = p;
                self.phase = Phase::Strips;
                self.setup_player = 0;
                self.setup_slot = 0;
            }
            Phase::Strips => {
                let strip = (action / 2) as usize % NUM_SLOTS;
                let face = (action % 2) as u8;
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
            Phase::RoundTrack => {
                let c = action as usize % NUM_COLOURS;
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
            Phase::Fill => {
                let c = action as usize % NUM_COLOURS;
                self.bag[c] = self.bag[c].saturating_sub(1);
                self.factories[self.fill_factory as usize % MAX_FACTORIES][c] += 1;
                self.fill_draw += 1;
                self.settle_fill(game);
            }
            Phase::Play => match actions::decode(action) {
                Decoded::Take {
                    source,
                    colour,
                    dest,
                } => self.take(game, source, colour, dest),
                Decoded::MoveBack => {
                    let p = self.current as usize;
                    if let Some(l) = self.boards[p].leftmost() {
                        self.boards[p].glazier = l as u8;
                    }
                    self.end_turn(game);
                }
                Decoded::Keep(_) | Decoded::Invalid => {}
            },
            Phase::Keep => {
                if let Decoded::Keep(c) = actions::decode(action) {
                    let p = self.current as usize;
                    self.phase = Phase::Play;
                    self.keep(game, p, self.keep_slot as usize % NUM_SLOTS, c);
                }
            }
            Phase::End => {}
        }
    }

    fn scores(&self, game: &AzulSintra) -> Scores {
        let mut out = [0; salon_core::MAX_PLAYERS];
        for (p, o) in out.iter_mut().enumerate().take(game.num_players) {
            *o = self.boards[p].score as i32;
        }
        out
    }

    fn returns(&self, game: &AzulSintra) -> Returns {
        if self.phase != Phase::End {
            return [0.0; salon_core::MAX_PLAYERS];
        }
        let mut keys = [(0i32, 0i32); MAX_SEATS];
        for (p, k) in keys.iter_mut().enumerate().take(game.num_players) {
            *k = (self.boards[p].score as i32, -self.glass_lost(game, p));
        }
        win_shares(&keys[..game.num_players])
    }

    fn action_to_string(&self, game: &AzulSintra, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }

    /// Parses decision strings directly (linear in the legal list instead of formatting
    /// every legal action); chance outcomes are matched by their strings.
    fn string_to_action(&self, game: &AzulSintra, text: &str) -> SalonResult<Action> {
        let wanted = text.trim();
        let unknown = || SalonError::UnknownActionString {
            text: text.to_string(),
        };
        match self.actor(game) {
            Actor::Player(_) => {
                let a = actions::parse_decision(wanted).ok_or_else(unknown)?;
                let mut legal = ActionList::new();
                self.legal_actions(game, &mut legal);
                if legal.contains(a) && self.action_to_string(game, a) == wanted {
                    Ok(a)
                } else {
                    Err(unknown())
                }
            }
            Actor::Chance => {
                let mut outcomes = ChanceOutcomes::new();
                self.chance_outcomes(game, &mut outcomes);
                outcomes
                    .actions()
                    .iter()
                    .copied()
                    .find(|&a| self.action_to_string(game, a) == wanted)
                    .ok_or_else(unknown)
            }
            Actor::Terminal => Err(unknown()),
        }
    }

    fn observation_string(&self, game: &AzulSintra, player: usize) -> String {
        crate::observation::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AzulSintra, player: usize, out: &mut [f32]) {
        crate::observation::observation_tensor(self, game, player, out);
    }

    fn information_state_string(&self, _game: &AzulSintra, _player: usize) -> Option<String> {
        None
    }

    fn resample_from_infostate(
        &self,
        _game: &AzulSintra,
        _player: usize,
        _rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }

    fn position_json(&self, game: &AzulSintra) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game))
    }

    /// Perfect information: every player sees the whole position.
    fn observation_json(&self, game: &AzulSintra, _player: usize) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game))
    }

    fn from_position(
        game: &AzulSintra,
        text: &str,
        _rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        crate::position::from_position(game, text)
    }

    fn render(&self, game: &AzulSintra) -> String {
        crate::render::render(self, game)
    }

    fn render_svg(&self, game: &Self::Game, viewer: Option<usize>) -> String {
        crate::svg::render(self, game, viewer)
    }
}
