//! Action ids: dense families, legality and legal-move generation, chance outcomes, the
//! dispatch of an id to its transition, and action strings (each as every player, or one
//! player, may read it).
//!
//! A turn is split into small decisions so that the space is fixed (484 ids) and every legal
//! turn, payments included, is reachable (486 ids with `joker_colours=basic`):
//!
//! | ids | family | meaning |
//! |---|---|---|
//! | 0-7 | `TAKE_SLOT + s` | take the face-up card of circle slot `s` (first or second take) |
//! | 8 | `TAKE_DECK` | take the top card of the deck (first or second take) |
//! | 9-103 | `PLAY + c` | choose card `c` (a blank, drawn or painted canvas in hand) to play |
//! | 104-143 | `TARGET + b` | put the card being played on the stack whose blank canvas is `b` |
//! | 144-238 | `PAY_HAND + c` | pay one unit of card `c`'s colour by discarding `c` from hand |
//! | 239-241 | `PAY_JOKER + k` | pay one cyan / magenta / yellow unit by discarding a joker |
//! | 242-336 | `PAY_TURN + c` | pay one unit of palette card `c`'s colour by turning `c` |
//! | 337-376 | `PAY_PAIR + b` | expert: pay a secondary by turning blank `b` and the drawing on it |
//! | 377-481 | `DISCARD + c` | discard card `c` from hand (hand limit after a draw) |
//! | 482 | `END_TURN` | stop playing cards this turn |
//! | 483 | `PASS` | only when the player can neither draw nor play |
//! | 484-485 | `PAY_JOKER_WB + k` | `joker_colours=basic`: pay one white / black unit with a joker (appended so that the ids above keep their meaning; without the option the space ends at 484) |
//!
//! Card ids are the card table's (blank 0-39, drawn 40-69, painted 70-94, jokers 95-104).
//!
//! Draws: the first take is a slot or the deck; the second is a slot adjacent to the first
//! (the circle wraps around) or the deck after a slot, or the deck or any slot after the deck
//! (the mixed draw, either order; the expert variant allows only slot-then-adjacent-slot and
//! deck-then-deck). A first take is offered only when some second take will be possible.
//!
//! Payments: a cost is kept as unpaid units: basic colours, halves of secondary colours
//! (any card of that colour from hand or palette, never a joker) and, in the expert variant,
//! whole secondaries (one pair). A non-joker card pays a secondary half of its colour first,
//! which loses no legal payment (jokers can pay only the plain units). A payment is legal
//! only when the rest of the cost can still be paid, and a card can be chosen only when its
//! whole cost can be paid, so no decision leads to a dead end. When the cost is paid the card
//! is placed; after it the player may play another card of the same type (up to 3 blank,
//! 2 drawn or 1 painted canvas) or end the turn; the turn ends by itself when no further
//! card can be played.

use salon_core::{Action, ActionList, Actor, ChanceOutcomes, SalonError, SalonResult};

use crate::components::{
    kind_of, Kind, COLOUR_NAMES, NUM_BASIC, NUM_BLANK, NUM_CARDS, NUM_PLAYABLE, SECONDARY_PARTS,
};
use crate::cost::{Needs, Sources, COLOUR_BYTES, JOKER_UNIT};
use crate::holdings::{Bits, Holdings, BLANK_CARDS, LOC_DECK};
use crate::state::{AtelierCanvasState, Phase, NONE, TAKE_FROM_DECK};
use crate::{game::AtelierCanvas, game::CIRCLE};

pub const TAKE_SLOT: Action = 0;
pub const TAKE_DECK: Action = 8;
pub const PLAY: Action = 9;
pub const TARGET: Action = PLAY + NUM_PLAYABLE as Action;
pub const PAY_HAND: Action = TARGET + NUM_BLANK as Action;
pub const PAY_JOKER: Action = PAY_HAND + NUM_PLAYABLE as Action;
pub const PAY_TURN: Action = PAY_JOKER + 3;
pub const PAY_PAIR: Action = PAY_TURN + NUM_PLAYABLE as Action;
pub const DISCARD: Action = PAY_PAIR + NUM_BLANK as Action;
pub const END_TURN: Action = DISCARD + NUM_CARDS as Action;
pub const PASS: Action = END_TURN + 1;
pub const PAY_JOKER_WB: Action = PASS + 1;
pub const NUM_ACTIONS: usize = PAY_JOKER_WB as usize + 2;

/// The index of `action` within the family starting at `base` of `len` ids.
#[inline]
pub fn family(action: Action, base: Action, len: usize) -> Option<usize> {
    if action >= base && ((action - base) as usize) < len {
        Some((action - base) as usize)
    } else {
        None
    }
}

/// The size of the action space: the white and black joker payments are appended ids,
/// present only when jokers pay them.
pub(crate) fn num_distinct_actions(game: &AtelierCanvas) -> usize {
    if game.jokers_pay_white_black {
        NUM_ACTIONS
    } else {
        PAY_JOKER_WB as usize
    }
}

const SECONDARY_NAMES: [&str; 4] = ["grey", "red", "blue", "green"];

fn slot_ok(s: &AtelierCanvasState, slot: usize) -> bool {
    s.circle[slot % CIRCLE] != NONE
}

// ----- legality -----------------------------------------------------------------

/// The sources the player of holdings `h` can pay with now (the card being played is not in
/// hand).
pub(crate) fn sources_of(st: &AtelierCanvasState, game: &AtelierCanvas, h: &Holdings) -> Sources {
    // Counted a byte per colour in one word (no count reaches 256: there are 105 cards), the
    // jokers in the byte after the colours'; jokers are never on a palette.
    let unit = &game.facts.unit;
    let hand = Bits::of(h.hand).fold(0u64, |sum, c| sum + unit[c]);
    let palette = Bits::of(h.untapped).fold(0u64, |sum, c| sum + unit[c]);
    let mut s = Sources {
        hand: (hand & COLOUR_BYTES).to_le_bytes(),
        jokers: (hand / JOKER_UNIT) as u8,
        jokers_pay_white_black: game.jokers_pay_white_black,
        palette: (palette & COLOUR_BYTES).to_le_bytes(),
        pairs: [0; 4],
    };
    if game.expert_secondary {
        for b in h.stacks() {
            if let Some(s_idx) = pair_secondary_of(st, game, b, h) {
                s.pairs[s_idx] += 1;
            }
        }
    }
    s
}

/// The state's `pair_secondary` for a blank `b` known to be in the holdings' palette, read
/// from the holdings (so that a turn not yet made can be asked about).
fn pair_secondary_of(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    b: usize,
    h: &Holdings,
) -> Option<usize> {
    // The drawing on `b` lies in the same palette: untapped in the holdings, as `b`.
    let d = s.on[b];
    if h.untapped >> b & 1 == 0 || d == NONE || h.untapped >> d & 1 == 0 {
        return None;
    }
    let colour = &game.facts.colour;
    let (x, y) = (colour[b], colour[d as usize]);
    SECONDARY_PARTS
        .iter()
        .position(|&(a, c)| (a == x && c == y) || (a == y && c == x))
}

/// Whether `card` can go on the stack of blank `b` (a blank of the player's palette).
fn stack_takes(s: &AtelierCanvasState, game: &AtelierCanvas, card: usize, b: usize) -> bool {
    match kind_of(card) {
        Kind::Drawn => s.on[b] == NONE,
        Kind::Painted => {
            let d = s.on[b];
            let artwork = &game.facts.artwork;
            d != NONE && s.on[d as usize] == NONE && artwork[d as usize] == artwork[card]
        }
        _ => false,
    }
}

/// Where the cards of a hand could go in the player's palette, read once for all of them: a
/// drawn canvas goes on any stack of a lone blank canvas, a painted canvas on a stack topped
/// by a drawing of its artwork.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    /// Some stack is a blank canvas alone.
    drawn: bool,
    /// The artworks of the drawings on top of stacks, as a set.
    artworks: u64,
}

impl Targets {
    pub(crate) fn of(s: &AtelierCanvasState, game: &AtelierCanvas, h: &Holdings) -> Targets {
        let artwork = &game.facts.artwork;
        let mut targets = Targets {
            drawn: false,
            artworks: 0,
        };
        for b in h.stacks() {
            let d = s.on[b];
            if d == NONE {
                targets.drawn = true;
            } else if s.on[d as usize] == NONE {
                targets.artworks |= 1u64 << (artwork[d as usize] & 63);
            }
        }
        targets
    }

    /// Whether `card` has a stack to go on (a blank canvas starts its own).
    fn take(&self, game: &AtelierCanvas, card: usize) -> bool {
        match kind_of(card) {
            Kind::Blank => true,
            Kind::Drawn => self.drawn,
            Kind::Painted => self.artworks >> (game.facts.artwork[card] & 63) & 1 != 0,
            Kind::Joker => false,
        }
    }
}

/// Whether the player of holdings `h` may choose hand card `card` to play now (kind and
/// count limits, a target among `targets`, and a cost that can be paid with the other
/// sources `src`).
pub(crate) fn can_play(
    st: &AtelierCanvasState,
    game: &AtelierCanvas,
    card: usize,
    h: &Holdings,
    targets: &Targets,
    src: &Sources,
) -> bool {
    if card >= NUM_PLAYABLE || !h.holds(card) {
        return false;
    }
    let kind = kind_of(card);
    if st.play_kind != NONE && st.play_kind as usize != kind.index() {
        return false;
    }
    let limit = match kind {
        Kind::Blank => 3,
        Kind::Drawn => 2,
        _ => 1,
    };
    if st.played >= limit || !targets.take(game, card) {
        return false;
    }
    let colour = game.facts.colour[card] as usize;
    let mut s = *src;
    s.hand[colour] = s.hand[colour].saturating_sub(1);
    game.facts.needs[card].feasible(&s)
}

/// Whether the player of holdings `h` can play any card now.
pub(crate) fn can_play_any(s: &AtelierCanvasState, game: &AtelierCanvas, h: &Holdings) -> bool {
    let src = sources_of(s, game, h);
    let targets = Targets::of(s, game, h);
    h.playable_in_hand()
        .any(|c| can_play(s, game, c, h, &targets, &src))
}

// ----- generation ---------------------------------------------------------------

/// Where generated actions go: a list, or a check of one id (expensive tests of other ids
/// are skipped). Generation is compiled for each, so that listing pays for no check.
trait Sink {
    fn push(&mut self, a: Action);
    /// Actions pushed so far.
    fn count(&self) -> usize;
    /// Whether `a` may be wanted.
    fn wants(&self, a: Action) -> bool;
    /// Whether an id of the family starting at `base` may be wanted: checking one decision
    /// skips the work of the other families (a draw needs no payment sources).
    fn wants_family(&self, base: Action, len: usize) -> bool;
}

/// Every action, into a list.
struct List<'a> {
    out: &'a mut ActionList,
    start: usize,
}

impl Sink for List<'_> {
    #[inline]
    fn push(&mut self, a: Action) {
        self.out.push(a);
    }
    #[inline]
    fn count(&self) -> usize {
        self.out.len() - self.start
    }
    #[inline]
    fn wants(&self, _a: Action) -> bool {
        true
    }
    #[inline]
    fn wants_family(&self, _base: Action, _len: usize) -> bool {
        true
    }
}

/// Whether one action (`only`; every action when `None`) is among them, and how many there are.
struct Check {
    only: Option<Action>,
    found: bool,
    count: usize,
}

impl Sink for Check {
    #[inline]
    fn push(&mut self, a: Action) {
        self.count += 1;
        if self.only == Some(a) {
            self.found = true;
        }
    }
    #[inline]
    fn count(&self) -> usize {
        self.count
    }
    #[inline]
    fn wants(&self, a: Action) -> bool {
        self.only.is_none_or(|o| o == a)
    }
    #[inline]
    fn wants_family(&self, base: Action, len: usize) -> bool {
        self.only.is_none_or(|o| family(o, base, len).is_some())
    }
}

/// The legal decisions of the player to move, ascending, into `out` (cleared first).
pub(crate) fn legal_actions(s: &AtelierCanvasState, game: &AtelierCanvas, out: &mut ActionList) {
    out.clear();
    legal(s, game, out);
}

/// Legal decisions of the player to move, ascending.
pub(crate) fn legal(s: &AtelierCanvasState, game: &AtelierCanvas, out: &mut ActionList) {
    let start = out.len();
    generate(s, game, &mut List { out, start });
}

/// Whether one decision is legal, without building the whole list.
pub(crate) fn is_legal(s: &AtelierCanvasState, game: &AtelierCanvas, action: Action) -> bool {
    if action as usize >= NUM_ACTIONS {
        return false;
    }
    // "pass" depends on every other action: check it on the full list.
    let only = if action == PASS { None } else { Some(action) };
    let mut sink = Check {
        only,
        found: false,
        count: 0,
    };
    generate(s, game, &mut sink);
    if action == PASS {
        return s.phase == Phase::Start && sink.count == 1 && {
            let mut l = ActionList::new();
            legal(s, game, &mut l);
            l.contains(PASS)
        };
    }
    sink.found
}

fn generate(s: &AtelierCanvasState, game: &AtelierCanvas, out: &mut impl Sink) {
    let p = s.current as usize;
    match s.phase {
        Phase::Start => {
            let deck = s.deck_available();
            let any_slot = (0..CIRCLE).any(|i| slot_ok(s, i));
            for i in 0..CIRCLE {
                if slot_ok(s, i)
                    && (slot_ok(s, i + 1)
                        || slot_ok(s, i + CIRCLE - 1)
                        || (!game.expert_draw && deck >= 1))
                {
                    out.push(TAKE_SLOT + i as Action);
                }
            }
            if deck >= 2 || (deck >= 1 && !game.expert_draw && any_slot) {
                out.push(TAKE_DECK);
            }
            push_plays(s, game, p, out);
            if out.count() == 0 {
                out.push(PASS);
            }
        }
        Phase::Second => {
            let deck = s.deck_available();
            if s.first_take == TAKE_FROM_DECK {
                if !game.expert_draw {
                    for i in 0..CIRCLE {
                        if slot_ok(s, i) {
                            out.push(TAKE_SLOT + i as Action);
                        }
                    }
                }
                if deck >= 1 {
                    out.push(TAKE_DECK);
                }
            } else {
                let f = s.first_take as usize;
                let (a, b) = ((f + CIRCLE - 1) % CIRCLE, (f + 1) % CIRCLE);
                let (lo, hi) = (a.min(b), a.max(b));
                if slot_ok(s, lo) {
                    out.push(TAKE_SLOT + lo as Action);
                }
                if hi != lo && slot_ok(s, hi) {
                    out.push(TAKE_SLOT + hi as Action);
                }
                if !game.expert_draw && deck >= 1 {
                    out.push(TAKE_DECK);
                }
            }
        }
        Phase::More => {
            push_plays(s, game, p, out);
            out.push(END_TURN);
        }
        Phase::Target => {
            // The stacks of the player's palette (by their blank canvas) that take the card.
            let card = s.sel_card as usize;
            for b in Bits::of(s.palette_of(p) & BLANK_CARDS) {
                if stack_takes(s, game, card, b) {
                    out.push(TARGET + b as Action);
                }
            }
        }
        Phase::Pay => push_payments(s, game, p, &s.holdings(p), out),
        Phase::Discard => {
            for c in Bits::of(s.hand_of(p)) {
                out.push(DISCARD + c as Action);
            }
        }
        Phase::Deal | Phase::Refill | Phase::DeckDraw | Phase::End => {}
    }
}

fn push_plays(s: &AtelierCanvasState, game: &AtelierCanvas, p: usize, out: &mut impl Sink) {
    if !out.wants_family(PLAY, NUM_PLAYABLE) {
        return;
    }
    let h = &s.holdings(p);
    let src = sources_of(s, game, h);
    let targets = Targets::of(s, game, h);
    for c in h.playable_in_hand() {
        if out.wants(PLAY + c as Action) && can_play(s, game, c, h, &targets, &src) {
            out.push(PLAY + c as Action);
        }
    }
}

fn push_payments(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    p: usize,
    h: &Holdings,
    out: &mut impl Sink,
) {
    let src = sources_of(s, game, h);
    let colour_cards = &game.facts.colour_cards;
    // The cards of the colours in `ok`, as a set.
    let of_colours = |ok: &[bool; 5]| {
        (0..NUM_BASIC)
            .filter(|&c| ok[c])
            .fold(0u128, |set, c| set | colour_cards[c])
    };
    let needs = s.needs();
    let reduce = |n: &mut Needs, c: usize| {
        if n.comp[c] > 0 {
            n.comp[c] -= 1;
        } else {
            n.plain[c] -= 1;
        }
    };
    // Discard a coloured card from hand.
    let mut ok_hand = [false; 5];
    for (c, ok) in ok_hand.iter_mut().enumerate() {
        if out.wants_family(PAY_HAND, NUM_PLAYABLE)
            && src.hand[c] > 0
            && needs.comp[c] + needs.plain[c] > 0
        {
            let mut n = needs;
            reduce(&mut n, c);
            let mut s2 = src;
            s2.hand[c] -= 1;
            *ok = n.feasible(&s2);
        }
    }
    for card in Bits::of(h.hand & of_colours(&ok_hand)) {
        out.push(PAY_HAND + card as Action);
    }
    // A joker as cyan, magenta or yellow.
    if src.jokers > 0 && out.wants_family(PAY_JOKER, 3) {
        for c in 0..3 {
            if needs.plain[c] > 0 {
                let mut n = needs;
                n.plain[c] -= 1;
                let mut s2 = src;
                s2.jokers -= 1;
                if n.feasible(&s2) {
                    out.push(PAY_JOKER + c as Action);
                }
            }
        }
    }
    // Turn a palette card.
    let mut ok_turn = [false; 5];
    for (c, ok) in ok_turn.iter_mut().enumerate() {
        if out.wants_family(PAY_TURN, NUM_PLAYABLE)
            && src.palette[c] > 0
            && needs.comp[c] + needs.plain[c] > 0
        {
            let mut n = needs;
            reduce(&mut n, c);
            *ok = any_palette_card_keeps_feasible(s, game, p, &n, &src, c);
        }
    }
    for card in Bits::of(h.untapped & of_colours(&ok_turn)) {
        if !out.wants(PAY_TURN + card as Action)
            || (game.expert_secondary && !turn_keeps_feasible(s, game, h, &src, &needs, card))
        {
            continue;
        }
        out.push(PAY_TURN + card as Action);
    }
    // Expert: a drawn-on-blank pair for a whole secondary.
    if game.expert_secondary && out.wants_family(PAY_PAIR, NUM_BLANK) {
        for b in h.stacks() {
            if let Some(sec) = s.pair_secondary(game, b, p) {
                if needs.pair[sec] > 0 {
                    let mut n = needs;
                    n.pair[sec] -= 1;
                    let mut s2 = src;
                    let (x, y) = SECONDARY_PARTS[sec];
                    s2.pairs[sec] -= 1;
                    s2.palette[x as usize] -= 1;
                    s2.palette[y as usize] -= 1;
                    // Pairs of other secondaries are unaffected (a stack makes one pair).
                    if n.feasible(&s2) {
                        out.push(PAY_PAIR + b as Action);
                    }
                }
            }
        }
    }
    // joker_colours=basic: a joker as white or black (the last ids, so the list stays ascending).
    if src.jokers > 0 && game.jokers_pay_white_black && out.wants_family(PAY_JOKER_WB, 2) {
        for k in 0..2 {
            let c = 3 + k;
            if needs.plain[c] > 0 {
                let mut n = needs;
                n.plain[c] -= 1;
                let mut s2 = src;
                s2.jokers -= 1;
                if n.feasible(&s2) {
                    out.push(PAY_JOKER_WB + k as Action);
                }
            }
        }
    }
}

/// Outside the expert variant every untapped palette card of a colour is alike.
fn any_palette_card_keeps_feasible(
    _s: &AtelierCanvasState,
    game: &AtelierCanvas,
    _p: usize,
    n: &Needs,
    src: &Sources,
    c: usize,
) -> bool {
    if game.expert_secondary {
        return true; // checked card by card in turn_keeps_feasible
    }
    let mut s2 = *src;
    s2.palette[c] -= 1;
    n.feasible(&s2)
}

/// Expert variant: turning one card may break a pair, so the check is per card.
fn turn_keeps_feasible(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    h: &Holdings,
    src: &Sources,
    needs: &Needs,
    card: usize,
) -> bool {
    let c = game.facts.colour[card] as usize;
    let mut n = *needs;
    if n.comp[c] > 0 {
        n.comp[c] -= 1;
    } else if n.plain[c] > 0 {
        n.plain[c] -= 1;
    } else {
        return false;
    }
    // The sources of `h` with `card` turned: a unit of its colour fewer, and no pair from its
    // stack (a blank canvas, or the drawing on one); the other stacks' pairs are as they were.
    let mut turned = *src;
    turned.palette[c] -= 1;
    let stack = match kind_of(card) {
        Kind::Blank => Some(card),
        Kind::Drawn => h.stacks().find(|&b| s.on[b] as usize == card),
        _ => None,
    };
    if let Some(sec) = stack.and_then(|b| pair_secondary_of(s, game, b, h)) {
        turned.pairs[sec] -= 1;
    }
    n.feasible(&turned)
}

/// The outcomes of a chance node: every card in the deck, alike (a deal, a refill, a draw).
pub(crate) fn chance_outcomes(s: &AtelierCanvasState, out: &mut ChanceOutcomes) {
    out.clear();
    if matches!(s.phase, Phase::Deal | Phase::Refill | Phase::DeckDraw) {
        Bits::of(s.deck_cards()).for_each(|c| out.push(c as Action, 1));
    }
}

/// Whether the player to move (if any) has a legal action and, while choosing the target of
/// the card being played, a target after which its cost can still be paid. Paying keeps the
/// rest of the cost payable (only such payments are offered), so a payable cost at the
/// target is payable to the end (crash-59a03a72: a redeal left the target choice but no
/// way to pay black).
pub(crate) fn mover_can_go_on(s: &AtelierCanvasState, game: &AtelierCanvas) -> bool {
    if s.actor_now().player().is_none() {
        return true;
    }
    let mut legal = ActionList::new();
    legal_actions(s, game, &mut legal);
    if s.phase != Phase::Target {
        return !legal.is_empty();
    }
    let mut next = ActionList::new();
    legal.iter().any(|&a| {
        let mut t = *s;
        if apply_checked(&mut t, game, a).is_err() {
            return false;
        }
        if t.actor_now().player().is_none() {
            return true;
        }
        legal_actions(&t, game, &mut next);
        !next.is_empty()
    })
}

// ----- dispatch ---------------------------------------------------------------------

/// Applies a decision or chance outcome: decodes the id and takes the state's transition.
/// After a card is placed, legality says whether the player may play another.
pub(crate) fn apply(s: &mut AtelierCanvasState, game: &AtelierCanvas, action: Action) {
    let a = action as usize;
    let placed = match s.phase {
        Phase::Deal | Phase::Refill | Phase::DeckDraw => {
            if a >= NUM_CARDS || s.loc[a] != LOC_DECK {
                return;
            }
            match s.phase {
                Phase::Deal => s.deal(game, a),
                Phase::Refill => s.refill(game, a),
                _ => s.draw_from_deck(game, a),
            }
            false
        }
        Phase::Start | Phase::Second | Phase::More => {
            if action < PLAY {
                if action == TAKE_DECK {
                    s.take_deck();
                } else {
                    s.take_slot(game, (action - TAKE_SLOT) as usize % CIRCLE);
                }
                false
            } else if let Some(card) = family(action, PLAY, NUM_PLAYABLE) {
                s.choose_play(game, card)
            } else {
                if action == END_TURN {
                    s.end_turn(game);
                } else if action == PASS {
                    s.pass(game);
                }
                false
            }
        }
        Phase::Target => match family(action, TARGET, NUM_BLANK) {
            Some(b) => s.choose_target(game, b),
            None => false,
        },
        Phase::Pay => {
            if let Some(card) = family(action, PAY_HAND, NUM_PLAYABLE) {
                s.pay_from_hand(game, card)
            } else if let Some(c) = family(action, PAY_JOKER, 3)
                .or_else(|| family(action, PAY_JOKER_WB, 2).map(|k| 3 + k))
            {
                s.pay_with_joker(game, c)
            } else if let Some(card) = family(action, PAY_TURN, NUM_PLAYABLE) {
                s.pay_by_turning(game, card)
            } else if let Some(b) = family(action, PAY_PAIR, NUM_BLANK) {
                s.pay_with_pair(game, b)
            } else {
                s.after_payment(game)
            }
        }
        Phase::Discard => {
            if let Some(card) = family(action, DISCARD, NUM_CARDS) {
                s.discard(game, card);
            }
            false
        }
        Phase::End => false,
    };
    if placed {
        // Another card of the same type, or the turn ends.
        let more = can_play_any(s, game, &s.holdings(s.current as usize));
        s.after_place(game, more);
    }
}

/// Checks the action against the node, then applies it; on error the state is unchanged.
pub(crate) fn apply_checked(
    s: &mut AtelierCanvasState,
    game: &AtelierCanvas,
    action: Action,
) -> SalonResult<()> {
    match s.actor_now() {
        Actor::Terminal => return Err(SalonError::illegal(action, "the game is over")),
        Actor::Chance => {
            if action as usize >= NUM_CARDS || s.loc[action as usize] != LOC_DECK {
                return Err(SalonError::illegal(
                    action,
                    "not a possible outcome of this chance node (a card in the deck)",
                ));
            }
        }
        Actor::Player(p) => {
            if !is_legal(s, game, action) {
                return Err(SalonError::illegal(
                    action,
                    format!("not legal for player {p} here"),
                ));
            }
        }
    }
    apply(s, game, action);
    Ok(())
}

// ----- strings ------------------------------------------------------------------

fn card_name(game: &AtelierCanvas, card: usize) -> &str {
    game.set
        .cards
        .get(card)
        .map(|c| c.id.as_str())
        .unwrap_or("?")
}

fn colour_name(game: &AtelierCanvas, card: usize) -> &'static str {
    game.set
        .cards
        .get(card)
        .and_then(|c| COLOUR_NAMES.get(c.colour as usize))
        .copied()
        .unwrap_or("no colour")
}

/// A readable name for any id at this node.
pub(crate) fn to_string(s: &AtelierCanvasState, game: &AtelierCanvas, action: Action) -> String {
    let a = action as usize;
    match s.phase {
        Phase::Deal | Phase::Refill | Phase::DeckDraw => {
            if a >= NUM_CARDS {
                return format!("card #{a}");
            }
            let name = card_name(game, a);
            match s.phase {
                Phase::Deal => format!("deal {name} to player {}", s.deal_player),
                Phase::Refill => {
                    let slot = s.circle.iter().position(|&c| c == NONE).unwrap_or(0);
                    format!("reveal {name} in slot {slot}")
                }
                _ => format!("player {} draws {name}", s.current),
            }
        }
        _ => decision_string(s, game, action),
    }
}

/// The text of `action` as `player` may read it: a card dealt face down to another hand, or
/// drawn from the deck by another player, is not named (every other move is public: the
/// circle, the palettes, the card being played and the discard pile are face up).
pub(crate) fn to_string_for(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    player: usize,
    action: Action,
) -> String {
    if (action as usize) < NUM_CARDS {
        match s.phase {
            Phase::Deal if player != s.deal_player as usize => {
                return format!("deal a card to player {}", s.deal_player);
            }
            Phase::DeckDraw if player != s.current as usize => {
                return format!("player {} draws a card from the deck", s.current);
            }
            _ => {}
        }
    }
    to_string(s, game, action)
}

fn decision_string(s: &AtelierCanvasState, game: &AtelierCanvas, action: Action) -> String {
    if let Some(slot) = family(action, TAKE_SLOT, CIRCLE) {
        let c = s.circle[slot];
        return if c == NONE {
            format!("take slot {slot} (empty)")
        } else {
            format!("take slot {slot}: {}", card_name(game, c as usize))
        };
    }
    if action == TAKE_DECK {
        return "draw from the deck".to_string();
    }
    if let Some(c) = family(action, PLAY, NUM_PLAYABLE) {
        return format!(
            "play {}",
            game.set
                .cards
                .get(c)
                .map(|x| x.label.as_str())
                .unwrap_or("?")
        );
    }
    if let Some(b) = family(action, TARGET, NUM_BLANK) {
        let on = s.on[b];
        return if on == NONE {
            format!("place on {}", card_name(game, b))
        } else {
            format!(
                "place on {} under {}",
                card_name(game, b),
                card_name(game, on as usize)
            )
        };
    }
    if let Some(c) = family(action, PAY_HAND, NUM_PLAYABLE) {
        return format!(
            "pay {} by discarding {}",
            colour_name(game, c),
            card_name(game, c)
        );
    }
    if let Some(k) = family(action, PAY_JOKER, 3) {
        return format!("pay {} with a joker", COLOUR_NAMES[k]);
    }
    if let Some(k) = family(action, PAY_JOKER_WB, 2) {
        return format!("pay {} with a joker", COLOUR_NAMES[3 + k]);
    }
    if let Some(c) = family(action, PAY_TURN, NUM_PLAYABLE) {
        return format!(
            "pay {} by turning {}",
            colour_name(game, c),
            card_name(game, c)
        );
    }
    if let Some(b) = family(action, PAY_PAIR, NUM_BLANK) {
        let sec = s
            .pair_secondary(game, b, s.current as usize)
            .map(|i| SECONDARY_NAMES[i])
            .unwrap_or("a secondary");
        let on = s.on[b];
        let d = if on == NONE {
            "its drawing".to_string()
        } else {
            card_name(game, on as usize).to_string()
        };
        return format!("pay {sec} by turning {} and {d}", card_name(game, b));
    }
    if let Some(c) = family(action, DISCARD, NUM_CARDS) {
        return format!("discard {}", card_name(game, c));
    }
    if action == END_TURN {
        return "end turn".to_string();
    }
    if action == PASS {
        return "pass".to_string();
    }
    format!("action #{action}")
}

/// The action a string names, found by reading its words (then checked by printing it back);
/// `None` when the words name nothing, and the default `string_to_action` falls back to
/// comparing every string.
pub(crate) fn parse_action(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    text: &str,
) -> Option<Action> {
    let card = |name: &str| game.card_id(name);
    let word = |i: usize| text.split_whitespace().nth(i);
    let colour = |name: &str| COLOUR_NAMES.iter().position(|&c| c == name);
    let candidate = match s.phase {
        Phase::Deal => card(word(1)?)?,
        Phase::Refill => card(word(1)?)?,
        Phase::DeckDraw => card(word(3)?)?,
        _ => {
            let w0 = word(0)?;
            match w0 {
                "take" => {
                    TAKE_SLOT as usize + word(2)?.trim_end_matches(':').parse::<usize>().ok()?
                }
                "draw" => TAKE_DECK as usize,
                "play" => PLAY as usize + card(word(1)?)?,
                "place" => TARGET as usize + card(word(2)?)?,
                "discard" => DISCARD as usize + card(word(1)?)?,
                "end" => END_TURN as usize,
                "pass" => PASS as usize,
                "pay" => match (word(2)?, word(3)?) {
                    ("with", _) => match colour(word(1)?)? {
                        k @ 0..=2 => PAY_JOKER as usize + k,
                        k @ 3..=4 => PAY_JOKER_WB as usize + k - 3,
                        _ => return None,
                    },
                    ("by", "discarding") => PAY_HAND as usize + card(word(4)?)?,
                    ("by", "turning") if word(5).is_some() => PAY_PAIR as usize + card(word(4)?)?,
                    ("by", "turning") => PAY_TURN as usize + card(word(4)?)?,
                    _ => return None,
                },
                _ => return None,
            }
        }
    };
    let a = Action::try_from(candidate).ok()?;
    (to_string(s, game, a) == text).then_some(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use salon_core::playout::visit_random_states;
    use salon_core::{Game, ParamValue, Params, State, Xoshiro256StarStar};

    /// `is_legal` skips the work of families other than the one asked about; it must still
    /// agree with the full list on every id.
    #[test]
    fn checking_one_decision_agrees_with_the_list() {
        let mut rng = Xoshiro256StarStar::seed_from_u64(5);
        let mut legal = ActionList::new();
        let mut families_seen = [false; 9];
        for (players, expert) in [(2, false), (3, true)] {
            let params = Params::new()
                .with("players", ParamValue::Int(players))
                .with("expert", ParamValue::Bool(expert));
            let game = AtelierCanvas::with_params(&params, None).unwrap();
            visit_random_states(&game, 2, &mut rng, |s| {
                if s.is_chance_node(&game) || s.is_terminal(&game) {
                    return;
                }
                s.legal_actions(&game, &mut legal);
                for a in 0..NUM_ACTIONS as Action {
                    assert_eq!(
                        is_legal(s, &game, a),
                        legal.contains(a),
                        "action {a} in phase {:?}",
                        s.phase()
                    );
                }
                for &a in legal.iter() {
                    let bases = [
                        TAKE_SLOT, PLAY, TARGET, PAY_HAND, PAY_JOKER, PAY_TURN, PAY_PAIR, DISCARD,
                        END_TURN,
                    ];
                    if let Some(f) = bases.iter().rposition(|&b| a >= b) {
                        families_seen[f] = true;
                    }
                }
            });
        }
        assert!(
            families_seen.iter().all(|&x| x),
            "families not reached: {families_seen:?}"
        );
    }
}
