//! The state and its transitions: the table's data (where every card is, the turn in
//! progress), its constructor, and each step of the rules by meaning (deal, take, play, pay,
//! place, discard, end the turn) up to the end of the game.
//!
//! Which steps may be taken, and the decoding of an action id into one, are the actions
//! module's; the points, the scoring module's.

use salon_core::{Actor, MAX_PLAYERS};

use crate::components::{
    kind_of, Kind, ObjectiveKind, FIRST_JOKER, NUM_BASIC, NUM_BLANK, NUM_CARDS, NUM_OBJECTIVES,
    SECONDARY_PARTS,
};
use crate::cost::Needs;
use crate::holdings::{
    cards_at, cards_flagged, equal_bytes, Bits, Holdings, F_FAKE, F_KNOWN, F_TAPPED, LOC_CIRCLE,
    LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PALETTE, LOC_PLAYING, PLAYABLE,
};
use crate::{
    game::AtelierCanvas, game::CIRCLE, game::DEAL, game::END_PAINTINGS, game::HAND_LIMIT,
    game::MAX_ROUNDS,
};

/// "No card", "no player".
pub const NONE: u8 = 255;

/// Seats: the hand and palette codes of `LOC_HAND + player` and `LOC_PALETTE + player`.
const SEATS: usize = (LOC_PALETTE - LOC_HAND) as usize;

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
    /// The cards in the deck, in each hand and in each palette, and the palette cards turned
    /// this turn, as sets: what move generation reads most, kept with `loc` and `flags` by
    /// [`Self::move_card`] and [`Self::set_flags`] (and rebuilt by [`Self::sync_sets`] where a
    /// position is built card by card).
    pub(crate) deck_set: u128,
    pub(crate) hand_set: [u128; SEATS],
    pub(crate) palette_set: [u128; SEATS],
    pub(crate) tapped_set: u128,
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

/// True when `player` cannot see where `card` is (the deck or an opponent's face-down card):
/// the one test of the hidden-information model that positions, texts and observations share.
pub fn hidden_from(s: &AtelierCanvasState, card: usize, player: usize) -> bool {
    let l = s.loc[card];
    if l == LOC_DECK {
        return true;
    }
    (LOC_HAND..LOC_HAND + 5).contains(&l)
        && l != LOC_HAND + player as u8
        && s.flags[card] & F_KNOWN == 0
}

impl AtelierCanvasState {
    pub(crate) fn new(game: &AtelierCanvas) -> Self {
        let _ = game;
        AtelierCanvasState {
            loc: [LOC_DECK; NUM_CARDS],
            flags: [0; NUM_CARDS],
            epoch: [0; NUM_CARDS],
            on: [NONE; NUM_CARDS],
            deck_set: (1u128 << NUM_CARDS) - 1,
            hand_set: [0; SEATS],
            palette_set: [0; SEATS],
            tapped_set: 0,
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
        let mut n = Needs {
            pair: self.need_pair,
            ..Needs::default()
        };
        n.plain[..NUM_BASIC].copy_from_slice(&self.need_plain);
        n.comp[..NUM_BASIC].copy_from_slice(&self.need_comp);
        n
    }

    pub(crate) fn set_needs(&mut self, n: Needs) {
        self.need_plain.copy_from_slice(&n.plain[..NUM_BASIC]);
        self.need_comp.copy_from_slice(&n.comp[..NUM_BASIC]);
        self.need_pair = n.pair;
    }

    pub(crate) fn in_hand(&self, card: usize, player: usize) -> bool {
        self.loc[card] == LOC_HAND + player as u8
    }

    pub(crate) fn in_palette(&self, card: usize, player: usize) -> bool {
        self.loc[card] == LOC_PALETTE + player as u8
    }

    /// The empty slots of the circle: 0x80 in the byte of each (the eight slots read as one
    /// word).
    #[inline]
    fn empty_slots(&self) -> u64 {
        equal_bytes(u64::from_le_bytes(self.circle), NONE)
    }

    /// The first empty slot of the circle.
    #[inline]
    fn first_empty_slot(&self) -> Option<usize> {
        let empty = self.empty_slots();
        (empty != 0).then(|| empty.trailing_zeros() as usize / 8)
    }

    /// Cards the deck can still give (the discard pile is reshuffled when it runs out).
    pub(crate) fn deck_available(&self) -> usize {
        self.deck_count as usize + self.discard_count as usize
    }

    /// `player`'s cards as sets: hand, palette, untapped palette cards.
    #[inline]
    pub(crate) fn holdings(&self, player: usize) -> Holdings {
        let palette = self.palette_of(player);
        Holdings {
            hand: self.hand_of(player),
            palette,
            untapped: palette & !self.tapped_set,
        }
    }

    /// The cards in `player`'s hand, as a set.
    #[inline]
    pub(crate) fn hand_of(&self, player: usize) -> u128 {
        self.hand_set.get(player).copied().unwrap_or(0)
    }

    /// The cards in `player`'s palette, as a set.
    #[inline]
    pub(crate) fn palette_of(&self, player: usize) -> u128 {
        self.palette_set.get(player).copied().unwrap_or(0)
    }

    /// The cards in the deck, as a set.
    #[inline]
    pub(crate) fn deck_cards(&self) -> u128 {
        self.deck_set
    }

    /// The set of the cards at `place`, where one is kept (the deck, a hand, a palette).
    #[inline]
    fn set_at(&mut self, place: u8) -> Option<&mut u128> {
        let hand = place.wrapping_sub(LOC_HAND) as usize;
        let palette = place.wrapping_sub(LOC_PALETTE) as usize;
        if place == LOC_DECK {
            Some(&mut self.deck_set)
        } else if hand < SEATS {
            self.hand_set.get_mut(hand)
        } else if palette < SEATS {
            self.palette_set.get_mut(palette)
        } else {
            None
        }
    }

    /// Moves `card` to `place` (a `LOC_*` code), keeping the card sets.
    #[inline]
    pub(crate) fn move_card(&mut self, card: usize, place: u8) {
        let bit = 1u128 << card;
        if let Some(set) = self.set_at(self.loc[card]) {
            *set &= !bit;
        }
        if let Some(set) = self.set_at(place) {
            *set |= bit;
        }
        self.loc[card] = place;
    }

    /// Sets `card`'s `F_*` flags, keeping the set of turned cards.
    #[inline]
    pub(crate) fn set_flags(&mut self, card: usize, flags: u8) {
        let bit = 1u128 << card;
        if flags & F_TAPPED != 0 {
            self.tapped_set |= bit;
        } else {
            self.tapped_set &= !bit;
        }
        self.flags[card] = flags;
    }

    /// Rebuilds the card sets from every card's location and flags (after a position is
    /// built card by card).
    pub(crate) fn sync_sets(&mut self) {
        self.deck_set = cards_at(&self.loc, LOC_DECK);
        for p in 0..SEATS {
            self.hand_set[p] = cards_at(&self.loc, LOC_HAND + p as u8);
            self.palette_set[p] = cards_at(&self.loc, LOC_PALETTE + p as u8);
        }
        self.tapped_set = cards_flagged(&self.flags, F_TAPPED);
    }

    /// Whether the card sets agree with every card's location and flags.
    pub(crate) fn sets_in_sync(&self) -> bool {
        let mut synced = *self;
        synced.sync_sets();
        synced == *self
    }

    /// Who acts now.
    pub(crate) fn actor_now(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Refill | Phase::DeckDraw => Actor::Chance,
            Phase::End => Actor::Terminal,
            _ => Actor::Player(self.current),
        }
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

    /// The secondary colour untapped blank `b` makes with the untapped drawing on it.
    pub(crate) fn drawing_pair(&self, game: &AtelierCanvas, b: usize) -> Option<usize> {
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

    // ----- transitions ---------------------------------------------------------------

    fn reshuffle_if_needed(&mut self) {
        if self.deck_count == 0 && self.discard_count > 0 {
            for c in 0..NUM_CARDS {
                if self.loc[c] == LOC_DISCARD {
                    self.move_card(c, LOC_DECK);
                }
            }
            self.deck_count = self.discard_count;
            self.discard_count = 0;
            self.epoch_now = self.epoch_now.saturating_add(1);
        }
    }

    /// After the takes: refill the empty slots, then the hand limit, then the end of the turn.
    fn route_refill(&mut self, game: &AtelierCanvas) {
        if self.empty_slots() != 0 && self.deck_available() > 0 {
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
        for c in Bits::of(self.palette_of(p) & self.tapped_set) {
            self.set_flags(c, self.flags[c] & !F_TAPPED);
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
        self.move_card(card, LOC_HAND + p as u8);
        self.set_flags(card, if known { F_KNOWN } else { 0 });
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

    /// Deal: `card` (in the deck) to the player being dealt; then the next player's deal, or
    /// the first filling of the circle.
    pub(crate) fn deal(&mut self, game: &AtelierCanvas, card: usize) {
        self.deck_count -= 1;
        self.move_card(card, LOC_HAND + self.deal_player);
        self.epoch[card] = 0;
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

    /// Refill: `card` (in the deck) face up into the first empty circle slot.
    pub(crate) fn refill(&mut self, game: &AtelierCanvas, card: usize) {
        if let Some(slot) = self.first_empty_slot() {
            self.deck_count -= 1;
            self.move_card(card, LOC_CIRCLE + slot as u8);
            self.circle[slot] = card as u8;
        }
        self.route_refill(game);
    }

    /// The current player draws `card` (in the deck) face down.
    pub(crate) fn draw_from_deck(&mut self, game: &AtelierCanvas, card: usize) {
        self.deck_count -= 1;
        self.take_into_hand(card, false);
        self.after_take(game);
    }

    /// A take from the deck: the card itself is the chance node that follows.
    pub(crate) fn take_deck(&mut self) {
        self.passes = 0;
        if self.takes == 0 {
            self.first_take = TAKE_FROM_DECK;
        }
        self.reshuffle_if_needed();
        self.phase = Phase::DeckDraw;
    }

    /// A take of the face-up card of circle slot `slot` (nothing when it is empty).
    pub(crate) fn take_slot(&mut self, game: &AtelierCanvas, slot: usize) {
        self.passes = 0;
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

    /// A forced pass: counted, and the turn ends.
    pub(crate) fn pass(&mut self, game: &AtelierCanvas) {
        self.passes = self.passes.saturating_add(1);
        self.end_turn(game);
    }

    /// Chooses hand card `card` to play. True when it was placed at once (a blank canvas
    /// whose cost is nothing): then [`Self::after_place`] follows.
    pub(crate) fn choose_play(&mut self, game: &AtelierCanvas, card: usize) -> bool {
        self.passes = 0;
        let p = self.current as usize;
        self.move_card(card, LOC_PLAYING);
        self.set_flags(card, 0);
        self.hand_count[p] = self.hand_count[p].saturating_sub(1);
        self.sel_card = card as u8;
        self.sel_target = NONE;
        let kind = kind_of(card);
        self.play_kind = kind.index() as u8;
        self.set_needs(game.facts.needs[card]);
        if kind == Kind::Blank {
            self.phase = Phase::Pay;
            self.after_payment(game)
        } else {
            self.phase = Phase::Target;
            false
        }
    }

    /// The card being played goes on the stack of blank `b`. True when it was placed at once
    /// (nothing to pay): then [`Self::after_place`] follows.
    pub(crate) fn choose_target(&mut self, game: &AtelierCanvas, b: usize) -> bool {
        self.sel_target = b as u8;
        self.phase = Phase::Pay;
        self.after_payment(game)
    }

    /// Discards `card` down to the hand limit; the turn ends at the limit.
    pub(crate) fn discard(&mut self, game: &AtelierCanvas, card: usize) {
        self.discard_from_hand(card);
        if self.hand_count[self.current as usize] as usize <= HAND_LIMIT {
            self.end_turn(game);
        }
    }

    fn discard_from_hand(&mut self, card: usize) {
        let p = self.current as usize;
        self.move_card(card, LOC_DISCARD);
        self.set_flags(card, 0);
        self.hand_count[p] = self.hand_count[p].saturating_sub(1);
        self.discard_count += 1;
    }

    /// Pays one unit of `card`'s colour by discarding `card` from hand. True when the cost is
    /// paid and the card placed: then [`Self::after_place`] follows.
    pub(crate) fn pay_from_hand(&mut self, game: &AtelierCanvas, card: usize) -> bool {
        let mut n = self.needs();
        let c = game.facts.colour[card] as usize;
        if n.comp[c] > 0 {
            n.comp[c] -= 1;
        } else {
            n.plain[c] = n.plain[c].saturating_sub(1);
        }
        self.discard_from_hand(card);
        self.set_needs(n);
        self.after_payment(game)
    }

    /// Pays one plain unit of colour `c` by discarding a joker. True as for
    /// [`Self::pay_from_hand`].
    pub(crate) fn pay_with_joker(&mut self, game: &AtelierCanvas, c: usize) -> bool {
        let p = self.current as usize;
        let mut n = self.needs();
        if let Some(j) = (FIRST_JOKER..NUM_CARDS).find(|&j| self.in_hand(j, p)) {
            self.discard_from_hand(j);
        }
        n.plain[c] = n.plain[c].saturating_sub(1);
        self.set_needs(n);
        self.after_payment(game)
    }

    /// Pays one unit of palette card `card`'s colour by turning it. True as for
    /// [`Self::pay_from_hand`].
    pub(crate) fn pay_by_turning(&mut self, game: &AtelierCanvas, card: usize) -> bool {
        let mut n = self.needs();
        let c = game.facts.colour[card] as usize;
        if n.comp[c] > 0 {
            n.comp[c] -= 1;
        } else {
            n.plain[c] = n.plain[c].saturating_sub(1);
        }
        self.set_flags(card, self.flags[card] | F_TAPPED);
        self.set_needs(n);
        self.after_payment(game)
    }

    /// Expert: pays a secondary by turning blank `b` and the drawing on it. True as for
    /// [`Self::pay_from_hand`].
    pub(crate) fn pay_with_pair(&mut self, game: &AtelierCanvas, b: usize) -> bool {
        let p = self.current as usize;
        let mut n = self.needs();
        if let Some(s) = self.pair_secondary(game, b, p) {
            n.pair[s] = n.pair[s].saturating_sub(1);
            let d = self.on[b] as usize;
            self.set_flags(b, self.flags[b] | F_TAPPED);
            self.set_flags(d, self.flags[d] | F_TAPPED);
        }
        self.set_needs(n);
        self.after_payment(game)
    }

    /// Places the card being played when its cost is paid. True when it was placed.
    pub(crate) fn after_payment(&mut self, game: &AtelierCanvas) -> bool {
        if self.needs().is_zero() {
            self.place(game);
            return true;
        }
        false
    }

    /// Puts the paid card on the palette, scores originals and fakes, claims objectives.
    fn place(&mut self, game: &AtelierCanvas) {
        let p = self.current as usize;
        let card = self.sel_card as usize;
        self.move_card(card, LOC_PALETTE + p as u8);
        self.set_flags(card, 0);
        match kind_of(card) {
            Kind::Drawn => {
                self.on[self.sel_target as usize] = card as u8;
            }
            Kind::Painted => {
                let d = self.on[self.sel_target as usize] as usize;
                self.on[d] = card as u8;
                let art = game.facts.artwork[card] as u32;
                if self.artworks_done & (1u64 << art) != 0 {
                    self.set_flags(card, self.flags[card] | F_FAKE);
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
    }

    /// After a card is placed: another card of the same type when the player `can_play_more`
    /// (as legality says), or the turn ends.
    pub(crate) fn after_place(&mut self, game: &AtelierCanvas, can_play_more: bool) {
        if can_play_more {
            self.phase = Phase::More;
        } else {
            self.end_turn(game);
        }
    }

    fn claim_objectives(&mut self, game: &AtelierCanvas, p: usize) {
        let mut kinds = [0u8; 3];
        let mut colours = [0u8; NUM_BASIC];
        // The palette's cards (never a joker), read from the set of its cards.
        for c in Bits::of(self.palette_of(p) & PLAYABLE) {
            kinds[kind_of(c).index()] += 1;
            colours[game.facts.colour[c] as usize] += 1;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_equal_a_card_by_card_scan() {
        use crate::holdings::cards_at;
        use salon_core::playout::visit_random_states;
        use salon_core::{Game, ParamValue, Params, Xoshiro256StarStar};
        let mut rng = Xoshiro256StarStar::seed_from_u64(3);
        let mut tapped_seen = 0;
        for players in [2, 5] {
            let params = Params::new()
                .with("players", ParamValue::Int(players))
                .with("expert", ParamValue::Bool(players == 5));
            let game = AtelierCanvas::with_params(&params, None).unwrap();
            visit_random_states(&game, 3, &mut rng, |s| {
                for p in 0..players as usize {
                    let h = s.holdings(p);
                    for c in 0..NUM_CARDS {
                        let (at, flags) = (s.location(c), s.flags[c]);
                        assert_eq!(h.hand >> c & 1 == 1, at == LOC_HAND + p as u8);
                        assert_eq!(h.palette >> c & 1 == 1, at == LOC_PALETTE + p as u8);
                        assert_eq!(
                            h.untapped >> c & 1 == 1,
                            at == LOC_PALETTE + p as u8 && flags & F_TAPPED == 0
                        );
                        assert_eq!(cards_at(&s.loc, LOC_DECK) >> c & 1 == 1, at == LOC_DECK);
                        tapped_seen += (flags & F_TAPPED != 0) as usize;
                    }
                }
            });
        }
        assert!(
            tapped_seen > 100,
            "too few turned palette cards seen: {tapped_seen}"
        );
    }
}
