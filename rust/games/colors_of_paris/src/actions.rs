//! Actions: the id encoding, legality (what may be done, as methods on the state) with the
//! generation of legal decisions and chance outcomes, the dispatch of an id to the state's
//! transition (`apply`), and action strings (whole, and as one player may read them) with
//! their parsing.
//!
//! Decision ids (`NUM_ACTIONS` = 833 in all). Spaces `s` are numbered: bottom placement
//! spaces `0..24` (only the first `num_bottom_spaces` of the component set exist), then
//! `24` first-player, `25` copy, `26` rotate, `27` white (the central space).
//!
//! | family | ids | meaning |
//! |---|---|---|
//! | place | `0 + s` (28) | phase 1: place an assistant on space `s` |
//! | use | `28 + s` (28) | phase 2: lay down the assistant on `s` and perform its action |
//! | forgo | `56 + s` (28) | phase 2: lay down the assistant on `s` without acting |
//! | copy | `84 + b` (24) | copy: perform the action of occupied bottom space `b` |
//! | upgrade | `108 + tool*28 + pair` (84) | upgrade tube/palette/brush paying an unordered pigment pair (see [`PAIRS`]) |
//! | hire | `192` | development bonus: a new assistant from the next round |
//! | token | `193` | development bonus: the 6-point token |
//! | easel | `194 + e` (4) | take the painting on easel `e` |
//! | take bonus | `198` | advanced: take a bonus card instead (pay white) |
//! | paint | `199 + card*18 + square*2 + white` (576) | put one pigment (the square's colour, or white) on a square |
//! | stop | `775` | stop painting (a paint action places up to the brush level) |
//! | rotate | `776 + k` (2) | phase 3: rotate the wheel 0 (`k=0`) or 2 (`k=1`) steps |
//! | discard | `778 + c` (7) | phase 3: discard one pigment of colour `c` (red..white) |
//! | keep | `785 + b` (24) | phase 3: leave the assistant on bottom space `b` for the next round |
//! | upgrade with black | `809 + tool*8 + c` (24) | upgrade paying colour `c` (red..black) and a black, for component files whose upgrade cost accepts black (appended so that the ids above keep their meaning) |
//!
//! Chance ids (`NUM_CHANCE_OUTCOMES` = 59): `0 + card` painting drawn onto an easel,
//! `32 + b` bonus card drawn, `47 + t` painter tile dealt, `55 + p` first player.

use salon_core::{Action, ActionList, Actor, ChanceOutcomes};

use crate::components::*;
use crate::game::ColorsOfParis;
use crate::state::*;

pub const PLACE_BASE: usize = 0;
pub const USE_BASE: usize = PLACE_BASE + NUM_SPACES;
pub const FORGO_BASE: usize = USE_BASE + NUM_SPACES;
pub const COPY_BASE: usize = FORGO_BASE + NUM_SPACES;
pub const UPGRADE_BASE: usize = COPY_BASE + MAX_BOTTOM_SPACES;
/// Pairs over red..white (the first 28) then `(c, black)` for c in red..black (8 more).
pub const NUM_PAIRS: usize = 36;
/// Pairs without black, encoded in the first upgrade family.
pub const NUM_PLAIN_PAIRS: usize = 28;
pub const HIRE: usize = UPGRADE_BASE + 3 * NUM_PLAIN_PAIRS;
pub const TOKEN: usize = HIRE + 1;
pub const EASEL_BASE: usize = TOKEN + 1;
pub const TAKE_BONUS: usize = EASEL_BASE + MAX_EASELS;
pub const PAINT_BASE: usize = TAKE_BONUS + 1;
pub const STOP_PAINT: usize = PAINT_BASE + NUM_PAINTINGS * 18;
pub const ROTATE_BASE: usize = STOP_PAINT + 1;
pub const DISCARD_BASE: usize = ROTATE_BASE + 2;
pub const KEEP_BASE: usize = DISCARD_BASE + 7;
pub const BLACK_UPGRADE_BASE: usize = KEEP_BASE + MAX_BOTTOM_SPACES;
pub const NUM_ACTIONS: usize = BLACK_UPGRADE_BASE + 3 * (NUM_PAIRS - NUM_PLAIN_PAIRS);

pub const CH_PAINTING: usize = 0;
pub const CH_BONUS: usize = CH_PAINTING + NUM_PAINTINGS;
pub const CH_PAINTER: usize = CH_BONUS + NUM_BONUS;
pub const CH_FIRST: usize = CH_PAINTER + NUM_PAINTERS;
pub const NUM_CHANCE_OUTCOMES: usize = CH_FIRST + MAX_P;

/// Unordered pigment pairs `(a, b)`, `a <= b`: over red..white (colours 0..7) in order, then
/// `(c, black)` for c in red..black.
pub const PAIRS: [(u8, u8); NUM_PAIRS] = {
    let mut out = [(0u8, 0u8); NUM_PAIRS];
    let mut k = 0;
    let mut a = 0u8;
    while a < 7 {
        let mut b = a;
        while b < 7 {
            out[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    let mut c = 0u8;
    while c < 8 {
        out[k] = (c, BLACK);
        k += 1;
        c += 1;
    }
    out
};

/// The id of upgrading `tool` with pair index `pair`.
pub fn upgrade_pair_id(tool: usize, pair: usize) -> usize {
    if pair < NUM_PLAIN_PAIRS {
        UPGRADE_BASE + tool * NUM_PLAIN_PAIRS + pair
    } else {
        BLACK_UPGRADE_BASE + tool * (NUM_PAIRS - NUM_PLAIN_PAIRS) + pair - NUM_PLAIN_PAIRS
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    Place(usize),
    Use(usize),
    Forgo(usize),
    Copy(usize),
    Upgrade(usize, usize),
    Hire,
    Token,
    Easel(usize),
    TakeBonus,
    /// card, square, white
    Paint(usize, usize, bool),
    StopPaint,
    Rotate(u8),
    Discard(u8),
    Keep(usize),
    Invalid,
}

pub fn decode(a: usize) -> Decoded {
    if a < USE_BASE {
        Decoded::Place(a - PLACE_BASE)
    } else if a < FORGO_BASE {
        Decoded::Use(a - USE_BASE)
    } else if a < COPY_BASE {
        Decoded::Forgo(a - FORGO_BASE)
    } else if a < UPGRADE_BASE {
        Decoded::Copy(a - COPY_BASE)
    } else if a < HIRE {
        let k = a - UPGRADE_BASE;
        Decoded::Upgrade(k / NUM_PLAIN_PAIRS, k % NUM_PLAIN_PAIRS)
    } else if a == HIRE {
        Decoded::Hire
    } else if a == TOKEN {
        Decoded::Token
    } else if a < TAKE_BONUS {
        Decoded::Easel(a - EASEL_BASE)
    } else if a == TAKE_BONUS {
        Decoded::TakeBonus
    } else if a < STOP_PAINT {
        let k = a - PAINT_BASE;
        Decoded::Paint(k / 18, (k % 18) / 2, k % 2 == 1)
    } else if a == STOP_PAINT {
        Decoded::StopPaint
    } else if a < DISCARD_BASE {
        Decoded::Rotate(if a == ROTATE_BASE { 0 } else { 2 })
    } else if a < KEEP_BASE {
        Decoded::Discard((a - DISCARD_BASE) as u8)
    } else if a < BLACK_UPGRADE_BASE {
        Decoded::Keep(a - KEEP_BASE)
    } else if a < NUM_ACTIONS {
        let k = a - BLACK_UPGRADE_BASE;
        let per_tool = NUM_PAIRS - NUM_PLAIN_PAIRS;
        Decoded::Upgrade(k / per_tool, NUM_PLAIN_PAIRS + k % per_tool)
    } else {
        Decoded::Invalid
    }
}

pub fn paint_id(card: usize, square: usize, white: bool) -> Action {
    (PAINT_BASE + card * 18 + square * 2 + white as usize) as Action
}

pub fn upgrade_id(tool: usize, a: u8, b: u8) -> Action {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let pair = PAIRS.iter().position(|&x| x == (a, b)).unwrap_or(0);
    upgrade_pair_id(tool, pair) as Action
}

/// The size of the decision-id space: the black-paying upgrade ids exist only for a component
/// file whose upgrade cost accepts black; otherwise the action space ends before them.
pub(crate) fn num_distinct_actions(g: &ColorsOfParis) -> usize {
    if g.data.upgrade_cost.iter().any(|c| c.accepts(BLACK)) {
        NUM_ACTIONS
    } else {
        BLACK_UPGRADE_BASE
    }
}

// ------------------------------------------------------------ legality

/// What may be done: the checks that move generation (and the end of a paint action in
/// `apply`) asks.
impl ColorsOfParisState {
    pub(crate) fn is_open(&self, p: usize, s: usize) -> bool {
        if s == SP_WHITE {
            self.white_open[p] > 0
        } else {
            self.occ[s] == p as u8 && self.done & (1 << s) == 0
        }
    }

    pub(crate) fn can_place_pigment(
        &self,
        g: &ColorsOfParis,
        p: usize,
        card: usize,
        sq: usize,
        white: bool,
    ) -> bool {
        if card >= NUM_PAINTINGS || sq >= 9 || self.card_loc[card] != LOC_HELD + p as u8 {
            return false;
        }
        let bit = 1u16 << sq;
        if self.fill[card] & bit != 0 {
            return false;
        }
        if white {
            self.pig[p][WHITE as usize] > 0 && self.whites[card].count_ones() < 3
        } else {
            let c = g.data.paintings[card].grid[sq];
            self.pig[p][c as usize] > 0
        }
    }

    pub(crate) fn can_paint_any(&self, g: &ColorsOfParis, p: usize) -> bool {
        (0..NUM_PAINTINGS).any(|card| {
            self.card_loc[card] == LOC_HELD + p as u8
                && (0..9).any(|sq| {
                    self.can_place_pigment(g, p, card, sq, false)
                        || self.can_place_pigment(g, p, card, sq, true)
                })
        })
    }

    pub(crate) fn upgrade_ok(&self, g: &ColorsOfParis, p: usize, tool: usize, pair: usize) -> bool {
        let lvl = self.tools[p][tool] as usize;
        if !(1..TRACK_LEN).contains(&lvl) || pair >= NUM_PAIRS {
            return false;
        }
        let kind = g.data.upgrade_cost[lvl - 1];
        let (a, b) = PAIRS[pair];
        if !kind.accepts(a) || !kind.accepts(b) {
            return false;
        }
        if a == b {
            self.pig[p][a as usize] >= 2
        } else {
            self.pig[p][a as usize] >= 1 && self.pig[p][b as usize] >= 1
        }
    }

    pub(crate) fn can_take_bonus(&self, g: &ColorsOfParis, p: usize) -> bool {
        self.advanced
            && self.bonus_deck_len() > 0
            && self.pig[p][WHITE as usize] >= g.data.bonus_card_white_cost
    }

    pub(crate) fn can_use_kind(&self, g: &ColorsOfParis, p: usize, kind: WheelAction) -> bool {
        let pg = &self.pig[p];
        match kind {
            WheelAction::Acquire(c) => self.supply[c as usize] > 0,
            WheelAction::Mix(c) => {
                let (a, b) = mix_inputs(c);
                pg[a as usize] > 0 && pg[b as usize] > 0 && self.supply[c as usize] > 0
            }
            WheelAction::Black => {
                pg[ORANGE as usize] > 0
                    && pg[GREEN as usize] > 0
                    && pg[VIOLET as usize] > 0
                    && self.blacks_taken() < BLACK_END
            }
            WheelAction::Upgrade => {
                (0..3).any(|t| (0..NUM_PAIRS).any(|k| self.upgrade_ok(g, p, t, k)))
            }
            WheelAction::TakePainting => {
                self.easel[..g.num_easels].iter().any(|&c| c != NONE) || self.can_take_bonus(g, p)
            }
            WheelAction::Paint => self.can_paint_any(g, p),
        }
    }

    /// Whether bottom space `s` can be copied, `usable` answering [`Self::can_use_kind`] for the
    /// player (move generation asks it once per kind instead of once per space).
    pub(crate) fn can_copy_with(
        &self,
        g: &ColorsOfParis,
        s: usize,
        usable: &mut impl FnMut(WheelAction) -> bool,
    ) -> bool {
        s < g.data.num_bottom_spaces && self.occ[s] != NONE && usable(self.kind_at(g, s))
    }

    /// Whether the player can use space `s`, `usable` as in [`Self::can_copy_with`].
    pub(crate) fn can_use_space_with(
        &self,
        g: &ColorsOfParis,
        s: usize,
        usable: &mut impl FnMut(WheelAction) -> bool,
    ) -> bool {
        match s {
            SP_FIRST | SP_ROTATE => true,
            SP_COPY => (0..g.data.num_bottom_spaces).any(|b| self.can_copy_with(g, b, usable)),
            SP_WHITE => self.supply[WHITE as usize] > 0,
            _ => usable(self.kind_at(g, s)),
        }
    }

    pub(crate) fn can_place(&self, g: &ColorsOfParis, p: usize, s: usize) -> bool {
        match s {
            SP_WHITE => true,
            SP_FIRST => self.occ[s] == NONE && self.first != p as u8,
            SP_COPY | SP_ROTATE => self.occ[s] == NONE,
            _ => s < g.data.num_bottom_spaces && !g.is_covered(s) && self.occ[s] == NONE,
        }
    }
}

/// `can_use_kind` for one player, each wheel action worked out at most once (several spaces
/// show the same action, and paint or upgrade checks scan every card or tool).
struct KindMemo<'a> {
    st: &'a ColorsOfParisState,
    g: &'a ColorsOfParis,
    p: usize,
    known: u16,
    usable: u16,
}

impl<'a> KindMemo<'a> {
    fn new(st: &'a ColorsOfParisState, g: &'a ColorsOfParis, p: usize) -> Self {
        KindMemo {
            st,
            g,
            p,
            known: 0,
            usable: 0,
        }
    }

    fn get(&mut self, kind: WheelAction) -> bool {
        let bit = 1u16 << kind.index();
        if self.known & bit == 0 {
            self.known |= bit;
            if self.st.can_use_kind(self.g, self.p, kind) {
                self.usable |= bit;
            }
        }
        self.usable & bit != 0
    }
}

/// Legal decisions of the player to move, ascending.
pub(crate) fn legal(st: &ColorsOfParisState, g: &ColorsOfParis, out: &mut ActionList) {
    let p = st.mover();
    let nb = g.data.num_bottom_spaces;
    match st.phase {
        PH_PLACE => {
            for s in (0..nb).chain(SP_FIRST..NUM_SPACES) {
                if st.can_place(g, p, s) {
                    out.push((PLACE_BASE + s) as Action);
                }
            }
        }
        PH_RESOLVE => match st.sub {
            SUB_NONE => {
                let mut open = [0u8; NUM_SPACES];
                let mut count = 0;
                for s in (0..nb).chain(SP_FIRST..NUM_SPACES) {
                    if st.is_open(p, s) {
                        open[count] = s as u8;
                        count += 1;
                    }
                }
                let mut usable = KindMemo::new(st, g, p);
                for &s in &open[..count] {
                    if st.can_use_space_with(g, s as usize, &mut |k| usable.get(k)) {
                        out.push(USE_BASE as Action + s as Action);
                    }
                }
                for &s in &open[..count] {
                    out.push(FORGO_BASE as Action + s as Action);
                }
            }
            SUB_COPY => {
                let mut usable = KindMemo::new(st, g, p);
                for b in 0..nb {
                    if st.can_copy_with(g, b, &mut |k| usable.get(k)) {
                        out.push((COPY_BASE + b) as Action);
                    }
                }
            }
            SUB_UPGRADE => {
                // Ascending ids: the plain pairs of every tool, then the black ones.
                for (pairs, t_range) in [
                    (0..NUM_PLAIN_PAIRS, 0..3),
                    (NUM_PLAIN_PAIRS..NUM_PAIRS, 0..3),
                ] {
                    for t in t_range {
                        for k in pairs.clone() {
                            if st.upgrade_ok(g, p, t, k) {
                                out.push(upgrade_pair_id(t, k) as Action);
                            }
                        }
                    }
                }
            }
            SUB_DEV_BONUS => {
                if st.assistants[p] + st.hired[p] < MAX_ASSISTANTS {
                    out.push(HIRE as Action);
                }
                if st.tokens[st.sub_arg as usize % 3] > 0 {
                    out.push(TOKEN as Action);
                }
            }
            SUB_TAKE => {
                for e in 0..g.num_easels {
                    if st.easel[e] != NONE {
                        out.push((EASEL_BASE + e) as Action);
                    }
                }
                if st.can_take_bonus(g, p) {
                    out.push(TAKE_BONUS as Action);
                }
            }
            SUB_PAINT => {
                for card in 0..NUM_PAINTINGS {
                    if st.card_loc[card] != LOC_HELD + p as u8 {
                        continue;
                    }
                    for sq in 0..9 {
                        for white in [false, true] {
                            if st.can_place_pigment(g, p, card, sq, white) {
                                out.push(paint_id(card, sq, white));
                            }
                        }
                    }
                }
                out.push(STOP_PAINT as Action);
            }
            _ => {}
        },
        PH_ROTATE => {
            out.push(ROTATE_BASE as Action);
            out.push((ROTATE_BASE + 1) as Action);
        }
        PH_DISCARD => {
            for c in 0..7 {
                if st.pig[p][c] > 0 {
                    out.push((DISCARD_BASE + c) as Action);
                }
            }
        }
        PH_KEEP => {
            for b in 0..nb {
                if st.occ[b] == p as u8 {
                    out.push((KEEP_BASE + b) as Action);
                }
            }
        }
        _ => {}
    }
}

/// `State::legal_actions`: the decisions of the player to move (none at chance and terminal
/// nodes).
pub(crate) fn legal_actions(st: &ColorsOfParisState, g: &ColorsOfParis, out: &mut ActionList) {
    out.clear();
    if let Actor::Player(_) = st.actor_kind() {
        legal(st, g, out);
    }
}

/// `State::chance_outcomes`: the draws of a chance node, all equally likely.
pub(crate) fn chance_outcomes(st: &ColorsOfParisState, out: &mut ChanceOutcomes) {
    out.clear();
    if st.actor_kind() == Actor::Chance {
        chance_list(st, out);
    }
}

fn chance_list(st: &ColorsOfParisState, out: &mut ChanceOutcomes) {
    match st.phase {
        PH_FIRST_PLAYER => {
            for p in 0..st.np() {
                out.push((CH_FIRST + p) as Action, 1);
            }
        }
        PH_PAINTER => {
            for t in 0..NUM_PAINTERS {
                if !st.painter[..st.np()].contains(&(t as u8)) {
                    out.push((CH_PAINTER + t) as Action, 1);
                }
            }
        }
        PH_REFILL => {
            for c in 0..NUM_PAINTINGS {
                if st.card_loc[c] == LOC_DECK {
                    out.push((CH_PAINTING + c) as Action, 1);
                }
            }
        }
        PH_RESOLVE if st.sub == SUB_DRAW_BONUS => {
            for b in 0..NUM_BONUS {
                if st.bonus_loc[b] == 0 {
                    out.push((CH_BONUS + b) as Action, 1);
                }
            }
        }
        _ => {}
    }
}

// ------------------------------------------------------------ dispatch

/// Applies a decision or chance outcome (`State::apply_unchecked`): decodes the id and calls
/// the state's transition. Nothing happens once the game is over.
pub(crate) fn apply(st: &mut ColorsOfParisState, g: &ColorsOfParis, action: Action) {
    if st.phase == PH_OVER {
        return;
    }
    let a = action as usize;
    if st.actor_kind() == Actor::Chance {
        match st.phase {
            PH_FIRST_PLAYER => st.choose_first_player(g, a.saturating_sub(CH_FIRST) as u8 % st.n),
            PH_PAINTER => st.deal_painter(g, a.saturating_sub(CH_PAINTER).min(NUM_PAINTERS - 1)),
            PH_REFILL => st.refill_easel(g, a.min(NUM_PAINTINGS - 1)),
            // SUB_DRAW_BONUS
            _ => st.draw_bonus(g, a.saturating_sub(CH_BONUS).min(NUM_BONUS - 1)),
        }
        return;
    }
    let p = st.mover();
    match decode(a) {
        Decoded::Place(s) => st.place(g, p, s),
        Decoded::Use(s) => st.use_space(g, p, s),
        Decoded::Forgo(s) => st.forgo(g, p, s),
        Decoded::Copy(s) => st.copy(g, p, s),
        Decoded::Upgrade(t, pair) => {
            let (x, y) = PAIRS[pair];
            st.upgrade(g, p, t, x, y);
        }
        Decoded::Hire => st.hire(g, p),
        Decoded::Token => st.take_token(g, p),
        Decoded::Easel(e) => st.take_painting(g, p, e),
        Decoded::TakeBonus => st.pay_for_bonus(g, p),
        Decoded::Paint(card, sq, white) => {
            st.paint(g, p, card, sq, white);
            // The paint action ends with its last pigment, or when nothing more can be put.
            if st.paint_left == 0 || !st.can_paint_any(g, p) {
                st.end_assistant(g);
            }
        }
        Decoded::StopPaint => st.end_assistant(g),
        Decoded::Rotate(k) => st.rotate(g, k),
        Decoded::Discard(c) => st.discard(g, p, c),
        Decoded::Keep(s) => st.keep(g, s),
        Decoded::Invalid => {}
    }
}

// ------------------------------------------------------------ strings

fn space_name(st: &ColorsOfParisState, g: &ColorsOfParis, s: usize) -> String {
    match s {
        SP_FIRST => "first player".to_string(),
        SP_COPY => "copy".to_string(),
        SP_ROTATE => "rotate".to_string(),
        SP_WHITE => "white".to_string(),
        _ => format!("space {s} ({})", st.kind_at(g, s).name()),
    }
}

fn card_name(g: &ColorsOfParis, card: usize) -> &str {
    g.data
        .paintings
        .get(card)
        .map(|p| p.name.as_str())
        .unwrap_or("?")
}

/// A readable, unique name of an action (or chance outcome) at this node.
pub(crate) fn to_string(st: &ColorsOfParisState, g: &ColorsOfParis, action: Action) -> String {
    let a = action as usize;
    if st.actor_kind() == Actor::Chance {
        return match st.phase {
            PH_FIRST_PLAYER => format!("first player: player {}", a.saturating_sub(CH_FIRST)),
            PH_PAINTER => {
                let t = a.saturating_sub(CH_PAINTER);
                let name = g
                    .data
                    .painters
                    .get(t)
                    .map(|x| x.name.as_str())
                    .unwrap_or("?");
                format!("deal painter {t} ({name}) to player {}", st.cursor)
            }
            PH_REFILL => format!(
                "draw painting {a} ({}) onto easel {}",
                card_name(g, a),
                st.cursor
            ),
            _ => {
                let b = a.saturating_sub(CH_BONUS);
                let name = g
                    .data
                    .bonus_cards
                    .get(b)
                    .map(|x| x.name.as_str())
                    .unwrap_or("?");
                format!("draw bonus card {b} ({name})")
            }
        };
    }
    match decode(a) {
        Decoded::Place(s) => format!("place on {}", space_name(st, g, s)),
        Decoded::Use(s) => format!("use {}", space_name(st, g, s)),
        Decoded::Forgo(s) => format!("forgo {}", space_name(st, g, s)),
        Decoded::Copy(b) => format!("copy {}", space_name(st, g, b)),
        Decoded::Upgrade(t, k) => {
            let (x, y) = PAIRS[k];
            format!(
                "upgrade {} paying {}+{}",
                TOOL_NAMES[t], COLOUR_NAMES[x as usize], COLOUR_NAMES[y as usize]
            )
        }
        Decoded::Hire => "bonus: hire an assistant".to_string(),
        Decoded::Token => "bonus: 6-point token".to_string(),
        Decoded::Easel(e) => {
            let c = st.easel.get(e).copied().unwrap_or(NONE);
            if c == NONE {
                format!("take painting from easel {e}")
            } else {
                format!(
                    "take painting {c} ({}) from easel {e}",
                    card_name(g, c as usize)
                )
            }
        }
        Decoded::TakeBonus => format!(
            "take a bonus card paying {} white",
            g.data.bonus_card_white_cost
        ),
        Decoded::Paint(card, sq, white) => {
            let colour = if white {
                WHITE
            } else {
                g.data.paintings.get(card).map(|p| p.grid[sq]).unwrap_or(0)
            };
            format!(
                "paint {} on painting {card} square {sq}",
                COLOUR_NAMES[colour as usize]
            )
        }
        Decoded::StopPaint => "stop painting".to_string(),
        Decoded::Rotate(k) => format!("rotate {k} steps"),
        Decoded::Discard(c) => format!("discard {}", COLOUR_NAMES[c as usize]),
        Decoded::Keep(b) => format!("keep assistant on {}", space_name(st, g, b)),
        Decoded::Invalid => format!("invalid action {a}"),
    }
}

/// The text of `action` as `player` may read it (`State::action_to_string_for`). A bonus card
/// is drawn face down: a player other than the one drawing it reads only that a card is drawn
/// (`draw a bonus card for player 1`). Every other move and draw is public (paintings on
/// easels and tables, painter tiles, the first player), and reads as [`to_string`].
pub(crate) fn to_string_for(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    player: usize,
    action: Action,
) -> String {
    if st.actor_kind() == Actor::Chance
        && st.phase == PH_RESOLVE
        && st.sub == SUB_DRAW_BONUS
        && player != st.to_move as usize
    {
        return format!("draw a bonus card for player {}", st.to_move);
    }
    to_string(st, g, action)
}

fn parse_space(rest: &str) -> Option<usize> {
    match rest {
        "first player" => Some(SP_FIRST),
        "copy" => Some(SP_COPY),
        "rotate" => Some(SP_ROTATE),
        "white" => Some(SP_WHITE),
        _ => {
            let r = rest.strip_prefix("space ")?;
            let n: usize = r.split(' ').next()?.parse().ok()?;
            (n < MAX_BOTTOM_SPACES).then_some(n)
        }
    }
}

fn parse_colour(s: &str) -> Option<u8> {
    COLOUR_NAMES.iter().position(|&c| c == s).map(|c| c as u8)
}

fn number_after(text: &str, word: &str) -> Option<usize> {
    let i = text.find(word)? + word.len();
    text[i..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The candidate id a string names (checked by the caller against the node), without
/// formatting every legal action.
pub(crate) fn parse(st: &ColorsOfParisState, text: &str) -> Option<usize> {
    if st.actor_kind() == Actor::Chance {
        return match st.phase {
            PH_FIRST_PLAYER => Some(CH_FIRST + number_after(text, "first player: player ")?),
            PH_PAINTER => Some(CH_PAINTER + number_after(text, "deal painter ")?),
            PH_REFILL => Some(CH_PAINTING + number_after(text, "draw painting ")?),
            _ => Some(CH_BONUS + number_after(text, "draw bonus card ")?),
        };
    }
    if let Some(r) = text.strip_prefix("place on ") {
        return Some(PLACE_BASE + parse_space(r)?);
    }
    if let Some(r) = text.strip_prefix("use ") {
        return Some(USE_BASE + parse_space(r)?);
    }
    if let Some(r) = text.strip_prefix("forgo ") {
        return Some(FORGO_BASE + parse_space(r)?);
    }
    if let Some(r) = text.strip_prefix("copy ") {
        let s = parse_space(r)?;
        return (s < MAX_BOTTOM_SPACES).then_some(COPY_BASE + s);
    }
    if let Some(r) = text.strip_prefix("keep assistant on ") {
        let s = parse_space(r)?;
        return (s < MAX_BOTTOM_SPACES).then_some(KEEP_BASE + s);
    }
    if let Some(r) = text.strip_prefix("upgrade ") {
        let (tool, pay) = r.split_once(" paying ")?;
        let t = TOOL_NAMES.iter().position(|&x| x == tool)?;
        let (a, b) = pay.split_once('+')?;
        return Some(upgrade_id(t, parse_colour(a)?, parse_colour(b)?) as usize);
    }
    if let Some(r) = text.strip_prefix("paint ") {
        let colour = r.split(' ').next()?;
        return Some(paint_id(
            number_after(r, "painting ")?,
            number_after(r, " square ")?,
            colour == "white",
        ) as usize);
    }
    if let Some(r) = text.strip_prefix("discard ") {
        return Some(DISCARD_BASE + parse_colour(r)? as usize);
    }
    if text.starts_with("take painting") {
        return Some(EASEL_BASE + number_after(text, "from easel ")?);
    }
    match text {
        "bonus: hire an assistant" => Some(HIRE),
        "bonus: 6-point token" => Some(TOKEN),
        "stop painting" => Some(STOP_PAINT),
        "rotate 0 steps" => Some(ROTATE_BASE),
        "rotate 2 steps" => Some(ROTATE_BASE + 1),
        _ if text.starts_with("take a bonus card") => Some(TAKE_BONUS),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_dense_and_decode_round_trips() {
        assert_eq!(NUM_ACTIONS, 833);
        assert_eq!(BLACK_UPGRADE_BASE, 809);
        assert_eq!(NUM_CHANCE_OUTCOMES, 59);
        for card in 0..NUM_PAINTINGS {
            for sq in 0..9 {
                for w in [false, true] {
                    assert_eq!(
                        decode(paint_id(card, sq, w) as usize),
                        Decoded::Paint(card, sq, w)
                    );
                }
            }
        }
        for t in 0..3 {
            for (k, &(a, b)) in PAIRS.iter().enumerate() {
                assert_eq!(decode(upgrade_id(t, b, a) as usize), Decoded::Upgrade(t, k));
            }
        }
        assert_eq!(decode(NUM_ACTIONS), Decoded::Invalid);
    }
}
