//! The state and its transitions, scoring and the end of the game.

use salon_core::{
    win_shares, Action, ActionList, Actor, ChanceOutcomes, Returns, SalonError, SalonResult,
    Scores, State, Xoshiro256StarStar, MAX_PLAYERS,
};

use crate::actions::{self, *};
use crate::components::{
    kind_of, Kind, ObjectiveKind, FIRST_JOKER, NUM_BASIC, NUM_BLANK, NUM_CARDS, NUM_OBJECTIVES,
    NUM_PLAYABLE, SECONDARY_PARTS,
};
use crate::holdings::{
    cards_at, cards_flagged, Bits, Holdings, BLANK_CARDS, DRAWN_CARDS, PAINTED_CARDS,
};
use crate::{AtelierCanvas, CIRCLE, DEAL, END_PAINTINGS, HAND_LIMIT, MAX_ROUNDS};

/// "No card", "no player".
pub const NONE: u8 = 255;

// Card locations.
pub const LOC_DECK: u8 = 0;
pub const LOC_DISCARD: u8 = 1;
/// `LOC_HAND + player`.
pub const LOC_HAND: u8 = 2;
/// `LOC_PALETTE + player`.
pub const LOC_PALETTE: u8 = 7;
/// `LOC_CIRCLE + slot`.
pub const LOC_CIRCLE: u8 = 12;
/// Chosen to be played this turn, its cost not yet paid.
pub const LOC_PLAYING: u8 = 20;

// Card flags.
/// A hand card every player knows (it was taken face up from the circle).
pub const F_KNOWN: u8 = 1;
/// A palette card turned this turn (its colour is used).
pub const F_TAPPED: u8 = 2;
/// A painted canvas that is a fake.
pub const F_FAKE: u8 = 4;

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance: the next card of the deal.
    Deal,
    /// Chance: an empty circle slot is filled from the deck.
    Refill,
    /// Decision: draw (first take) or play a card, or pass when neither is possible.
    Start,
    /// Decision: the second take of a draw.
    Second,
    /// Chance: a card from the deck to the current player's hand.
    DeckDraw,
    /// Decision: discard down to the hand limit.
    Discard,
    /// Decision: where the card being played goes.
    Target,
    /// Decision: the next payment for the card being played.
    Pay,
    /// Decision: play another card of the same type, or end the turn.
    More,
    /// The game is over.
    End,
}

/// The whole table. A fixed-size value: cloning is a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtelierCanvasState {
    /// Location of each card (`LOC_*`).
    pub(crate) loc: [u8; NUM_CARDS],
    /// `F_*` flags of each card.
    pub(crate) flags: [u8; NUM_CARDS],
    /// For a hand card drawn face down: the deck epoch (number of reshuffles before) it came from.
    pub(crate) epoch: [u16; NUM_CARDS],
    /// For a palette card: the card lying on it (`NONE` when uncovered).
    pub(crate) on: [u8; NUM_CARDS],
    /// The circle of face-up cards (`NONE` for an empty slot).
    pub(crate) circle: [u8; CIRCLE],
    pub(crate) hand_count: [u8; MAX_PLAYERS],
    pub(crate) deck_count: u8,
    pub(crate) discard_count: u8,
    /// Reshuffles of the discard pile so far.
    pub(crate) epoch_now: u16,
    /// Owner of each objective (`NONE` while unclaimed).
    pub(crate) objective_owner: [u8; NUM_OBJECTIVES],
    /// Artworks already painted once (the next painting of one is a fake).
    pub(crate) artworks_done: u64,
    /// Paintings made so far, all players together.
    pub(crate) paintings: u8,
    pub(crate) phase: Phase,
    pub(crate) current: u8,
    /// Turns completed, all players together.
    pub(crate) turns: u16,
    pub(crate) end_triggered: bool,
    /// Consecutive forced passes.
    pub(crate) passes: u8,
    /// True until the setup is finished.
    pub(crate) setup: bool,
    /// Deal: the player receiving cards and how many are still to come.
    pub(crate) deal_player: u8,
    pub(crate) deal_left: u8,
    /// Draw: the first take (`0..8` a slot, `TAKE_FROM_DECK`, `NONE` before it) and takes done.
    pub(crate) first_take: u8,
    pub(crate) takes: u8,
    /// Play: the kind played this turn (`NONE` before the first card), cards placed.
    pub(crate) play_kind: u8,
    pub(crate) played: u8,
    /// The card being played and its target stack (the blank canvas at its bottom).
    pub(crate) sel_card: u8,
    pub(crate) sel_target: u8,
    /// Unpaid cost: basic units any source may pay (jokers only cyan, magenta, yellow).
    pub(crate) need_plain: [u8; NUM_BASIC],
    /// Unpaid basic units that are halves of secondary colours (no joker).
    pub(crate) need_comp: [u8; NUM_BASIC],
    /// Expert variant: unpaid secondary colours (each from one drawn-on-blank pair).
    pub(crate) need_pair: [u8; 4],
}

/// `first_take` value for a first card taken from the deck.
pub const TAKE_FROM_DECK: u8 = 8;

/// Counts of the sources a player can pay with now.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sources {
    pub hand: [u8; NUM_BASIC],
    pub jokers: u8,
    /// `joker_colours=basic`: jokers pay white and black units too.
    pub jokers_pay_white_black: bool,
    pub palette: [u8; NUM_BASIC],
    pub pairs: [u8; 4],
}

/// Needs still to pay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    pub plain: [u8; NUM_BASIC],
    pub comp: [u8; NUM_BASIC],
    pub pair: [u8; 4],
}

impl Needs {
    pub fn is_zero(&self) -> bool {
        self.plain
            .iter()
            .chain(self.comp.iter())
            .chain(self.pair.iter())
            .all(|&x| x == 0)
    }

    /// The needs of a card's cost.
    pub fn of_cost(cost: &[u8; 9], expert: bool) -> Needs {
        let mut n = Needs::default();
        n.plain.copy_from_slice(&cost[..NUM_BASIC]);
        for (s, &(a, b)) in SECONDARY_PARTS.iter().enumerate() {
            let k = cost[NUM_BASIC + s];
            if expert {
                n.pair[s] += k;
            } else {
                n.comp[a as usize] += k;
                n.comp[b as usize] += k;
            }
        }
        n
    }

    /// Whether the sources can pay these needs: non-joker cards of a colour pay halves of
    /// secondaries first, jokers only pay plain cyan, magenta or yellow units, expert pairs
    /// pay their secondary (using up both cards' colours).
    pub fn feasible(&self, src: &Sources) -> bool {
        let mut palette = src.palette;
        for (s, &(a, b)) in SECONDARY_PARTS.iter().enumerate() {
            let k = self.pair[s];
            if k > src.pairs[s] {
                return false;
            }
            palette[a as usize] = palette[a as usize].saturating_sub(k);
            palette[b as usize] = palette[b as usize].saturating_sub(k);
        }
        let mut jokers_needed = 0u32;
        for c in 0..NUM_BASIC {
            let have = src.hand[c] as u32 + palette[c] as u32;
            if (self.comp[c] as u32) > have {
                return false;
            }
            let left = have - self.comp[c] as u32;
            let deficit = (self.plain[c] as u32).saturating_sub(left);
            if deficit > 0 {
                if c >= 3 && !src.jokers_pay_white_black {
                    return false; // white and black: no joker (the default reading)
                }
                jokers_needed += deficit;
            }
        }
        jokers_needed <= src.jokers as u32
    }
}

impl AtelierCanvasState {
    pub(crate) fn new(game: &AtelierCanvas) -> Self {
        let _ = game;
        AtelierCanvasState {
            loc: [LOC_DECK; NUM_CARDS],
            flags: [0; NUM_CARDS],
            epoch: [0; NUM_CARDS],
            on: [NONE; NUM_CARDS],
            circle: [NONE; CIRCLE],
            hand_count: [0; MAX_PLAYERS],
            deck_count: NUM_CARDS as u8,
            discard_count: 0,
            epoch_now: 0,
            objective_owner: [NONE; NUM_OBJECTIVES],
            artworks_done: 0,
            paintings: 0,
            phase: Phase::Deal,
            current: 0,
            turns: 0,
            end_triggered: false,
            passes: 0,
            setup: true,
            deal_player: 0,
            deal_left: DEAL[0] as u8,
            first_take: NONE,
            takes: 0,
            play_kind: NONE,
            played: 0,
            sel_card: NONE,
            sel_target: NONE,
            need_plain: [0; NUM_BASIC],
            need_comp: [0; NUM_BASIC],
            need_pair: [0; 4],
        }
    }

    // ----- small queries -------------------------------------------------------------

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn current_player(&self) -> usize {
        self.current as usize
    }

    /// Card ids in `player`'s hand, ascending.
    pub fn hand(&self, player: usize) -> Vec<usize> {
        (0..NUM_CARDS)
            .filter(|&c| self.loc[c] == LOC_HAND + player as u8)
            .collect()
    }

    /// The stacks of `player`'s palette, bottom card first, by blank canvas id.
    pub fn palette(&self, player: usize) -> Vec<Vec<usize>> {
        (0..NUM_BLANK)
            .filter(|&b| self.loc[b] == LOC_PALETTE + player as u8)
            .map(|b| {
                let mut stack = vec![b];
                let mut top = b;
                while self.on[top] != NONE {
                    top = self.on[top] as usize;
                    stack.push(top);
                }
                stack
            })
            .collect()
    }

    pub fn circle(&self) -> [Option<usize>; CIRCLE] {
        self.circle
            .map(|c| if c == NONE { None } else { Some(c as usize) })
    }

    pub fn deck_size(&self) -> usize {
        self.deck_count as usize
    }

    pub fn discard_pile(&self) -> Vec<usize> {
        (0..NUM_CARDS)
            .filter(|&c| self.loc[c] == LOC_DISCARD)
            .collect()
    }

    pub fn paintings(&self) -> usize {
        self.paintings as usize
    }

    pub fn end_triggered(&self) -> bool {
        self.end_triggered
    }

    pub fn turns(&self) -> usize {
        self.turns as usize
    }

    /// The owner of each objective card.
    pub fn objective_owners(&self) -> [Option<usize>; NUM_OBJECTIVES] {
        self.objective_owner
            .map(|o| if o == NONE { None } else { Some(o as usize) })
    }

    /// True for a painted canvas that was made as a fake.
    pub fn is_fake(&self, card: usize) -> bool {
        card < NUM_CARDS && self.flags[card] & F_FAKE != 0
    }

    /// True for a palette card turned this turn.
    pub fn is_turned(&self, card: usize) -> bool {
        card < NUM_CARDS && self.flags[card] & F_TAPPED != 0
    }

    /// True for a hand card every player knows.
    pub fn is_public_in_hand(&self, card: usize) -> bool {
        card < NUM_CARDS && self.flags[card] & F_KNOWN != 0
    }

    /// Where a card is (the `LOC_*` code).
    pub fn location(&self, card: usize) -> u8 {
        self.loc[card.min(NUM_CARDS - 1)]
    }

    pub(crate) fn needs(&self) -> Needs {
        Needs {
            plain: self.need_plain,
            comp: self.need_comp,
            pair: self.need_pair,
        }
    }

    pub(crate) fn set_needs(&mut self, n: Needs) {
        self.need_plain = n.plain;
        self.need_comp = n.comp;
        self.need_pair = n.pair;
    }

    pub(crate) fn in_hand(&self, card: usize, player: usize) -> bool {
        self.loc[card] == LOC_HAND + player as u8
    }

    pub(crate) fn in_palette(&self, card: usize, player: usize) -> bool {
        self.loc[card] == LOC_PALETTE + player as u8
    }

    /// Cards the deck can still give (the discard pile is reshuffled when it runs out).
    pub(crate) fn deck_available(&self) -> usize {
        self.deck_count as usize + self.discard_count as usize
    }

    /// The sources `player` can pay with now (the card being played is not in hand).
    pub(crate) fn sources(&self, game: &AtelierCanvas, player: usize) -> Sources {
        self.sources_of(game, &Holdings::of(self, player))
    }

    /// [`Self::sources`] from the player's gathered holdings.
    pub(crate) fn sources_of(&self, game: &AtelierCanvas, h: &Holdings) -> Sources {
        let colour = &game.facts.colour;
        let mut s = Sources::default();
        for c in Bits(h.hand) {
            if c >= FIRST_JOKER {
                s.jokers += 1;
            } else {
                s.hand[colour[c] as usize] += 1;
            }
        }
        for c in Bits(h.untapped) {
            s.palette[colour[c] as usize] += 1;
        }
        s.jokers_pay_white_black = game.jokers_pay_white_black;
        if game.expert_secondary {
            for b in h.stacks() {
                if let Some(s_idx) = self.pair_secondary_of(game, b, h) {
                    s.pairs[s_idx] += 1;
                }
            }
        }
        s
    }

    /// The secondary colour an untapped drawn-on-blank pair on blank `b` of `player` makes.
    pub(crate) fn pair_secondary(
        &self,
        game: &AtelierCanvas,
        b: usize,
        player: usize,
    ) -> Option<usize> {
        if b >= NUM_BLANK || !self.in_palette(b, player) || self.flags[b] & F_TAPPED != 0 {
            return None;
        }
        self.drawing_pair(game, b)
    }

    /// [`Self::pair_secondary`] for a blank `b` known to be in the holdings' palette.
    fn pair_secondary_of(&self, game: &AtelierCanvas, b: usize, h: &Holdings) -> Option<usize> {
        if h.untapped >> b & 1 == 0 {
            return None;
        }
        self.drawing_pair(game, b)
    }

    /// The secondary colour untapped blank `b` makes with the untapped drawing on it.
    fn drawing_pair(&self, game: &AtelierCanvas, b: usize) -> Option<usize> {
        let d = self.on[b];
        if d == NONE || self.flags[d as usize] & F_TAPPED != 0 {
            return None;
        }
        let colour = &game.facts.colour;
        let (x, y) = (colour[b], colour[d as usize]);
        SECONDARY_PARTS
            .iter()
            .position(|&(a, c)| (a == x && c == y) || (a == y && c == x))
    }

    /// The target stacks (blank canvas ids) a card could go on in `player`'s palette.
    pub(crate) fn target_ok(
        &self,
        game: &AtelierCanvas,
        card: usize,
        b: usize,
        player: usize,
    ) -> bool {
        if b >= NUM_BLANK || !self.in_palette(b, player) {
            return false;
        }
        self.stack_takes(game, card, b)
    }

    /// Whether `card` can go on the stack of blank `b` (a blank of the player's palette).
    fn stack_takes(&self, game: &AtelierCanvas, card: usize, b: usize) -> bool {
        match kind_of(card) {
            Kind::Drawn => self.on[b] == NONE,
            Kind::Painted => {
                let d = self.on[b];
                let artwork = &game.facts.artwork;
                d != NONE && self.on[d as usize] == NONE && artwork[d as usize] == artwork[card]
            }
            _ => false,
        }
    }

    fn has_target(&self, game: &AtelierCanvas, card: usize, h: &Holdings) -> bool {
        match kind_of(card) {
            Kind::Blank => true,
            Kind::Joker => false,
            _ => h.stacks().any(|b| self.stack_takes(game, card, b)),
        }
    }

    /// Whether the player of holdings `h` may choose hand card `card` to play now (kind and
    /// count limits, a target, and a cost that can be paid with the other sources `src`).
    pub(crate) fn can_play(
        &self,
        game: &AtelierCanvas,
        card: usize,
        h: &Holdings,
        src: &Sources,
    ) -> bool {
        if card >= NUM_PLAYABLE || !h.holds(card) {
            return false;
        }
        let kind = kind_of(card);
        if self.play_kind != NONE && self.play_kind as usize != kind.index() {
            return false;
        }
        let limit = match kind {
            Kind::Blank => 3,
            Kind::Drawn => 2,
            _ => 1,
        };
        if self.played >= limit || !self.has_target(game, card, h) {
            return false;
        }
        let colour = game.facts.colour[card] as usize;
        let mut s = *src;
        s.hand[colour] = s.hand[colour].saturating_sub(1);
        game.facts.needs[card].feasible(&s)
    }

    /// Whether the player of holdings `h` can play any card now.
    pub(crate) fn can_play_any(&self, game: &AtelierCanvas, h: &Holdings) -> bool {
        let src = self.sources_of(game, h);
        h.playable_in_hand()
            .any(|c| self.can_play(game, c, h, &src))
    }

    // ----- transitions ---------------------------------------------------------------

    fn reshuffle_if_needed(&mut self) {
        if self.deck_count == 0 && self.discard_count > 0 {
            for c in 0..NUM_CARDS {
                if self.loc[c] == LOC_DISCARD {
                    self.loc[c] = LOC_DECK;
                }
            }
            self.deck_count = self.discard_count;
            self.discard_count = 0;
            self.epoch_now = self.epoch_now.saturating_add(1);
        }
    }

    /// After the takes: refill the empty slots, then the hand limit, then the end of the turn.
    fn route_refill(&mut self, game: &AtelierCanvas) {
        if self.circle.contains(&NONE) && self.deck_available() > 0 {
            self.reshuffle_if_needed();
            self.phase = Phase::Refill;
            return;
        }
        if self.setup {
            self.setup = false;
            self.current = 0;
            self.start_turn();
            return;
        }
        if self.hand_count[self.current as usize] as usize > HAND_LIMIT {
            self.phase = Phase::Discard;
        } else {
            self.end_turn(game);
        }
    }

    fn start_turn(&mut self) {
        self.phase = Phase::Start;
        self.first_take = NONE;
        self.takes = 0;
        self.play_kind = NONE;
        self.played = 0;
        self.sel_card = NONE;
        self.sel_target = NONE;
        self.set_needs(Needs::default());
    }

    pub(crate) fn end_turn(&mut self, game: &AtelierCanvas) {
        let p = self.current as usize;
        for c in 0..NUM_CARDS {
            if self.in_palette(c, p) {
                self.flags[c] &= !F_TAPPED;
            }
        }
        self.turns = self.turns.saturating_add(1);
        let n = game.players;
        let last_of_round = p == n - 1;
        if (last_of_round && (self.end_triggered || self.turns as usize >= MAX_ROUNDS * n))
            || self.passes as usize >= n
        {
            self.phase = Phase::End;
            self.current = 0;
            self.start_turn();
            self.phase = Phase::End;
            return;
        }
        self.current = ((p + 1) % n) as u8;
        self.start_turn();
    }

    fn take_into_hand(&mut self, card: usize, known: bool) {
        let p = self.current as usize;
        self.loc[card] = LOC_HAND + p as u8;
        self.flags[card] = if known { F_KNOWN } else { 0 };
        self.epoch[card] = self.epoch_now;
        self.hand_count[p] += 1;
    }

    fn after_take(&mut self, game: &AtelierCanvas) {
        self.takes += 1;
        if self.takes >= 2 {
            self.route_refill(game);
        } else {
            self.phase = Phase::Second;
        }
    }

    fn take(&mut self, game: &AtelierCanvas, action: Action) {
        if action == TAKE_DECK {
            if self.takes == 0 {
                self.first_take = TAKE_FROM_DECK;
            }
            self.reshuffle_if_needed();
            self.phase = Phase::DeckDraw;
            return;
        }
        let slot = (action - TAKE_SLOT) as usize % CIRCLE;
        let card = self.circle[slot];
        if card == NONE {
            return;
        }
        self.circle[slot] = NONE;
        if self.takes == 0 {
            self.first_take = slot as u8;
        }
        self.take_into_hand(card as usize, true);
        self.after_take(game);
    }

    fn choose_play(&mut self, game: &AtelierCanvas, card: usize) {
        let p = self.current as usize;
        self.loc[card] = LOC_PLAYING;
        self.flags[card] = 0;
        self.hand_count[p] = self.hand_count[p].saturating_sub(1);
        self.sel_card = card as u8;
        self.sel_target = NONE;
        let kind = kind_of(card);
        self.play_kind = kind.index() as u8;
        self.set_needs(game.facts.needs[card]);
        if kind == Kind::Blank {
            self.phase = Phase::Pay;
            self.after_payment(game);
        } else {
            self.phase = Phase::Target;
        }
    }

    fn discard_from_hand(&mut self, card: usize) {
        let p = self.current as usize;
        self.loc[card] = LOC_DISCARD;
        self.flags[card] = 0;
        self.hand_count[p] = self.hand_count[p].saturating_sub(1);
        self.discard_count += 1;
    }

    fn pay(&mut self, game: &AtelierCanvas, action: Action) {
        let p = self.current as usize;
        let mut n = self.needs();
        if let Some(card) = actions::family(action, PAY_HAND, NUM_PLAYABLE) {
            let c = game.facts.colour[card] as usize;
            if n.comp[c] > 0 {
                n.comp[c] -= 1;
            } else {
                n.plain[c] = n.plain[c].saturating_sub(1);
            }
            self.discard_from_hand(card);
        } else if let Some(c) = actions::family(action, PAY_JOKER, 3)
            .or_else(|| actions::family(action, actions::PAY_JOKER_WB, 2).map(|k| 3 + k))
        {
            if let Some(j) = (FIRST_JOKER..NUM_CARDS).find(|&j| self.in_hand(j, p)) {
                self.discard_from_hand(j);
            }
            n.plain[c] = n.plain[c].saturating_sub(1);
        } else if let Some(card) = actions::family(action, PAY_TURN, NUM_PLAYABLE) {
            let c = game.facts.colour[card] as usize;
            if n.comp[c] > 0 {
                n.comp[c] -= 1;
            } else {
                n.plain[c] = n.plain[c].saturating_sub(1);
            }
            self.flags[card] |= F_TAPPED;
        } else if let Some(b) = actions::family(action, PAY_PAIR, NUM_BLANK) {
            if let Some(s) = self.pair_secondary(game, b, p) {
                n.pair[s] = n.pair[s].saturating_sub(1);
                let d = self.on[b] as usize;
                self.flags[b] |= F_TAPPED;
                self.flags[d] |= F_TAPPED;
            }
        }
        self.set_needs(n);
        self.after_payment(game);
    }

    fn after_payment(&mut self, game: &AtelierCanvas) {
        if self.needs().is_zero() {
            self.place(game);
        }
    }

    /// Puts the paid card on the palette, scores originals and fakes, claims objectives.
    fn place(&mut self, game: &AtelierCanvas) {
        let p = self.current as usize;
        let card = self.sel_card as usize;
        self.loc[card] = LOC_PALETTE + p as u8;
        self.flags[card] = 0;
        match kind_of(card) {
            Kind::Drawn => {
                self.on[self.sel_target as usize] = card as u8;
            }
            Kind::Painted => {
                let d = self.on[self.sel_target as usize] as usize;
                self.on[d] = card as u8;
                let art = game.facts.artwork[card] as u32;
                if self.artworks_done & (1u64 << art) != 0 {
                    self.flags[card] |= F_FAKE;
                } else {
                    self.artworks_done |= 1u64 << art;
                }
                self.paintings += 1;
                if self.paintings as usize >= END_PAINTINGS[game.players] {
                    self.end_triggered = true;
                }
            }
            _ => {}
        }
        self.claim_objectives(game, p);
        self.played += 1;
        self.sel_card = NONE;
        self.sel_target = NONE;
        self.set_needs(Needs::default());
        // Another card of the same type, or the turn ends.
        if self.can_play_any(game, &Holdings::of(self, p)) {
            self.phase = Phase::More;
        } else {
            self.end_turn(game);
        }
    }

    fn claim_objectives(&mut self, game: &AtelierCanvas, p: usize) {
        let mut kinds = [0u8; 3];
        let mut colours = [0u8; NUM_BASIC];
        for c in 0..NUM_PLAYABLE {
            if self.in_palette(c, p) {
                kinds[kind_of(c).index()] += 1;
                colours[game.facts.colour[c] as usize] += 1;
            }
        }
        for (i, o) in game.set.objectives.iter().enumerate() {
            if self.objective_owner[i] != NONE {
                continue;
            }
            let value = match o.kind {
                ObjectiveKind::BlankCanvases => kinds[0],
                ObjectiveKind::DrawnCanvases => kinds[1],
                ObjectiveKind::PaintedCanvases => kinds[2],
                ObjectiveKind::DistinctColours => colours.iter().filter(|&&x| x > 0).count() as u8,
                ObjectiveKind::SameColour => colours.iter().copied().max().unwrap_or(0),
            };
            if value >= o.count {
                self.objective_owner[i] = p as u8;
            }
        }
    }

    // ----- scoring -------------------------------------------------------------------

    /// Score and tie-break counts of a player: (points, originals, fakes, visible drawings).
    pub(crate) fn tally(&self, game: &AtelierCanvas, p: usize) -> (i32, i32, i32, i32) {
        self.tallies(game).get(p).copied().unwrap_or_default()
    }

    /// [`Self::tally`] of every seat (observations need all of them at every step).
    ///
    /// Counted, not walked: every stack has one blank at its bottom, a painted canvas always
    /// lies on a drawing, and nothing lies on a painted canvas, so a palette scores 1 per stack
    /// plus 3 per original and 2 per fake on top, and its visible drawings are its drawings
    /// minus its paintings.
    pub(crate) fn tallies(&self, game: &AtelierCanvas) -> [(i32, i32, i32, i32); MAX_PLAYERS] {
        let mut all = [(0, 0, 0, 0); MAX_PLAYERS];
        let fake = cards_flagged(self, F_FAKE);
        for (p, t) in all.iter_mut().enumerate().take(game.players) {
            let palette = cards_at(self, LOC_PALETTE + p as u8);
            let stacks = (palette & BLANK_CARDS).count_ones() as i32;
            let drawings = (palette & DRAWN_CARDS).count_ones() as i32;
            let paintings = palette & PAINTED_CARDS;
            let fakes = (paintings & fake).count_ones() as i32;
            let originals = paintings.count_ones() as i32 - fakes;
            *t = (
                stacks + 3 * originals + 2 * fakes,
                originals,
                fakes,
                drawings - originals - fakes,
            );
        }
        for (i, o) in game.set.objectives.iter().enumerate() {
            if let Some(t) = all.get_mut(self.objective_owner[i] as usize) {
                t.0 += o.points as i32;
            }
        }
        all
    }
}

impl State for AtelierCanvasState {
    type Game = AtelierCanvas;

    fn actor(&self, _game: &AtelierCanvas) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Refill | Phase::DeckDraw => Actor::Chance,
            Phase::End => Actor::Terminal,
            _ => Actor::Player(self.current),
        }
    }

    fn legal_actions(&self, game: &AtelierCanvas, out: &mut ActionList) {
        out.clear();
        actions::legal(self, game, out);
    }

    fn chance_outcomes(&self, _game: &AtelierCanvas, out: &mut ChanceOutcomes) {
        out.clear();
        if matches!(self.phase, Phase::Deal | Phase::Refill | Phase::DeckDraw) {
            for c in Bits(cards_at(self, LOC_DECK)) {
                out.push(c as Action, 1);
            }
        }
    }

    fn apply_unchecked(&mut self, game: &AtelierCanvas, action: Action) {
        let a = action as usize;
        match self.phase {
            Phase::Deal => {
                if a >= NUM_CARDS || self.loc[a] != LOC_DECK {
                    return;
                }
                self.deck_count -= 1;
                self.loc[a] = LOC_HAND + self.deal_player;
                self.epoch[a] = 0;
                self.hand_count[self.deal_player as usize] += 1;
                self.deal_left -= 1;
                if self.deal_left == 0 {
                    self.deal_player += 1;
                    if self.deal_player as usize >= game.players {
                        self.route_refill(game);
                    } else {
                        self.deal_left = DEAL[self.deal_player as usize] as u8;
                    }
                }
            }
            Phase::Refill => {
                if a >= NUM_CARDS || self.loc[a] != LOC_DECK {
                    return;
                }
                if let Some(slot) = self.circle.iter().position(|&c| c == NONE) {
                    self.deck_count -= 1;
                    self.loc[a] = LOC_CIRCLE + slot as u8;
                    self.circle[slot] = a as u8;
                }
                self.route_refill(game);
            }
            Phase::DeckDraw => {
                if a >= NUM_CARDS || self.loc[a] != LOC_DECK {
                    return;
                }
                self.deck_count -= 1;
                self.take_into_hand(a, false);
                self.after_take(game);
            }
            Phase::Start | Phase::Second | Phase::More => {
                if action < PLAY {
                    self.passes = 0;
                    self.take(game, action);
                } else if let Some(card) = actions::family(action, PLAY, NUM_PLAYABLE) {
                    self.passes = 0;
                    self.choose_play(game, card);
                } else if action == END_TURN {
                    self.end_turn(game);
                } else if action == PASS {
                    self.passes = self.passes.saturating_add(1);
                    self.end_turn(game);
                }
            }
            Phase::Target => {
                if let Some(b) = actions::family(action, TARGET, NUM_BLANK) {
                    self.sel_target = b as u8;
                    self.phase = Phase::Pay;
                    self.after_payment(game);
                }
            }
            Phase::Pay => self.pay(game, action),
            Phase::Discard => {
                if let Some(card) = actions::family(action, DISCARD, NUM_CARDS) {
                    self.discard_from_hand(card);
                    if self.hand_count[self.current as usize] as usize <= HAND_LIMIT {
                        self.end_turn(game);
                    }
                }
            }
            Phase::End => {}
        }
    }

    fn scores(&self, game: &AtelierCanvas) -> Scores {
        let all = self.tallies(game);
        let mut s = [0; MAX_PLAYERS];
        for (v, t) in s.iter_mut().zip(&all).take(game.players) {
            *v = t.0;
        }
        s
    }

    fn returns(&self, game: &AtelierCanvas) -> Returns {
        if self.phase != Phase::End {
            return [0.0; MAX_PLAYERS];
        }
        let all = self.tallies(game);
        win_shares(&all[..game.players.min(MAX_PLAYERS)])
    }

    fn action_to_string(&self, game: &AtelierCanvas, action: Action) -> String {
        actions::to_string(self, game, action)
    }

    fn apply_action(&mut self, game: &AtelierCanvas, action: Action) -> SalonResult<()> {
        match self.actor(game) {
            Actor::Terminal => return Err(SalonError::illegal(action, "the game is over")),
            Actor::Chance => {
                if action as usize >= NUM_CARDS || self.loc[action as usize] != LOC_DECK {
                    return Err(SalonError::illegal(
                        action,
                        "not a possible outcome of this chance node (a card in the deck)",
                    ));
                }
            }
            Actor::Player(p) => {
                if !actions::is_legal(self, game, action) {
                    return Err(SalonError::illegal(
                        action,
                        format!("not legal for player {p} here"),
                    ));
                }
            }
        }
        self.apply_unchecked(game, action);
        Ok(())
    }

    fn string_to_action(&self, game: &AtelierCanvas, text: &str) -> SalonResult<Action> {
        let wanted = text.trim();
        if let Some(a) = actions::parse(self, game, wanted) {
            let ok = match self.actor(game) {
                Actor::Chance => (a as usize) < NUM_CARDS && self.loc[a as usize] == LOC_DECK,
                Actor::Player(_) => actions::is_legal(self, game, a),
                Actor::Terminal => false,
            };
            if ok {
                return Ok(a);
            }
        }
        // Fall back to comparing every legal action's string.
        let mut list = ActionList::new();
        if self.is_chance_node(game) {
            let mut outcomes = ChanceOutcomes::new();
            self.chance_outcomes(game, &mut outcomes);
            for &a in outcomes.actions() {
                list.push(a);
            }
        } else {
            self.legal_actions(game, &mut list);
        }
        list.iter()
            .copied()
            .find(|&a| self.action_to_string(game, a) == wanted)
            .ok_or_else(|| SalonError::UnknownActionString {
                text: text.to_string(),
            })
    }

    fn observation_string(&self, game: &AtelierCanvas, player: usize) -> String {
        crate::render::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AtelierCanvas, player: usize, out: &mut [f32]) {
        crate::observation::observation_tensor(self, game, player, out)
    }

    fn information_state_string(&self, game: &AtelierCanvas, player: usize) -> Option<String> {
        Some(crate::observation::information_state_string(
            self, game, player,
        ))
    }

    fn resample_from_infostate(
        &self,
        game: &AtelierCanvas,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        Some(crate::observation::resample(self, game, player, rng))
    }

    fn position_json(&self, game: &AtelierCanvas) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game, None))
    }

    fn observation_json(&self, game: &AtelierCanvas, player: usize) -> SalonResult<String> {
        Ok(crate::position::position_json(self, game, Some(player)))
    }

    fn from_position(
        game: &AtelierCanvas,
        text: &str,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        crate::position::from_position(game, text, rng)
    }

    fn render(&self, game: &AtelierCanvas) -> String {
        crate::render::render(self, game)
    }

    fn render_svg(&self, game: &Self::Game, viewer: Option<usize>) -> String {
        crate::svg::render(self, game, viewer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joker_cannot_pay_secondary_halves() {
        let mut cost = [0u8; 9];
        cost[6] = 1; // red = yellow + magenta
        let needs = Needs::of_cost(&cost, false);
        let src = Sources {
            jokers: 2,
            ..Sources::default()
        };
        assert!(!needs.feasible(&src));
        let mut src = Sources {
            jokers: 2,
            ..Sources::default()
        };
        src.hand[YELLOW_I] = 1;
        src.palette[MAGENTA_I] = 1;
        assert!(needs.feasible(&src));
    }

    /// The scoring rule read literally: every stack of a palette scores by its top card.
    fn tallies_by_walking_stacks(
        s: &AtelierCanvasState,
        game: &AtelierCanvas,
    ) -> [(i32, i32, i32, i32); MAX_PLAYERS] {
        let mut all = [(0, 0, 0, 0); MAX_PLAYERS];
        for b in 0..NUM_BLANK {
            let Some(owner) = (0..game.players).find(|&p| s.loc[b] == LOC_PALETTE + p as u8) else {
                continue;
            };
            let t = &mut all[owner];
            let mut top = b;
            while s.on[top] != NONE {
                top = s.on[top] as usize;
            }
            match kind_of(top) {
                Kind::Painted if s.flags[top] & F_FAKE != 0 => (t.0, t.2) = (t.0 + 3, t.2 + 1),
                Kind::Painted => (t.0, t.1) = (t.0 + 4, t.1 + 1),
                Kind::Drawn => (t.0, t.3) = (t.0 + 1, t.3 + 1),
                _ => t.0 += 1,
            }
        }
        for (i, o) in game.set.objectives.iter().enumerate() {
            if let Some(t) = all.get_mut(s.objective_owner[i] as usize) {
                t.0 += o.points as i32;
            }
        }
        all
    }

    #[test]
    fn counted_tallies_equal_stack_by_stack_scoring() {
        use salon_core::playout::visit_random_states;
        use salon_core::{Game, ParamValue, Params};
        let mut rng = Xoshiro256StarStar::seed_from_u64(11);
        let mut checked_with_paintings = 0;
        for players in 2..=5 {
            for expert in [false, true] {
                let params = Params::new()
                    .with("players", ParamValue::Int(players))
                    .with("expert", ParamValue::Bool(expert));
                let game = AtelierCanvas::with_params(&params, None).unwrap();
                visit_random_states(&game, 3, &mut rng, |s| {
                    assert_eq!(s.tallies(&game), tallies_by_walking_stacks(s, &game));
                    checked_with_paintings += (s.paintings > 0) as usize;
                });
            }
        }
        assert!(
            checked_with_paintings > 1000,
            "too few states with paintings: {checked_with_paintings}"
        );
    }

    const YELLOW_I: usize = 2;
    const MAGENTA_I: usize = 1;

    #[test]
    fn joker_pays_primary_but_not_white() {
        let mut cost = [0u8; 9];
        cost[0] = 1;
        let src = Sources {
            jokers: 1,
            ..Sources::default()
        };
        assert!(Needs::of_cost(&cost, false).feasible(&src));
        let mut cost = [0u8; 9];
        cost[3] = 1;
        assert!(!Needs::of_cost(&cost, false).feasible(&src));
    }
}
