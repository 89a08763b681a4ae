//! The state (a fixed-size `Copy` value), its layout constants, and its transitions, each
//! named by what happens at the table (place, use a space, upgrade, paint, rotate, discard,
//! keep ...). Which transition an action id means, and whether it may be done, is in `actions`.
//!
//! A round is: placement (phase 1), resolution (phase 2, with sub-decisions for copy,
//! upgrade, development bonus, take and paint), then preparation (phase 3: rotation, easel
//! refill as chance draws, discards down to 12, keeping one assistant). Set-up is a chance
//! draw of the first player, of the painter tiles (advanced) and of the easel cards.

use salon_core::Actor;

use crate::components::*;
use crate::game::ColorsOfParis;

pub const MAX_P: usize = 4;
pub const NONE: u8 = 0xFF;
/// Spaces: bottom placement spaces `0..24`, then the four top-board spaces.
pub const SP_FIRST: usize = MAX_BOTTOM_SPACES;
pub const SP_COPY: usize = MAX_BOTTOM_SPACES + 1;
pub const SP_ROTATE: usize = MAX_BOTTOM_SPACES + 2;
pub const SP_WHITE: usize = MAX_BOTTOM_SPACES + 3;
pub const NUM_SPACES: usize = MAX_BOTTOM_SPACES + 4;
/// Engine cap on rounds (the rule document has none; see the rules doc).
pub const MAX_ROUNDS: u8 = 40;
pub const PIGMENT_LIMIT: u8 = 12;
/// Pigments in the box: red, yellow, blue, orange, green, violet, white, black.
pub const SUPPLY: [u8; NUM_COLOURS] = [30, 30, 30, 25, 25, 25, 40, 6];
pub const START_ASSISTANTS: u8 = 3;
pub const MAX_ASSISTANTS: u8 = 6;
/// Prestige tokens per tool (12 in all, 6 on one face and 10 on the other).
pub const TOKENS_PER_TOOL: u8 = 4;
/// The black pigment whose taking ends the game, and the last one that can be made: the rule
/// document's "el quinto y último pigmento negro" (the box holds 6; the sixth stays unused).
pub const BLACK_END: u8 = 5;
pub const MAX_EASELS: usize = 4;
pub const FULL: u16 = 0x1FF;

// Card locations.
pub const LOC_DECK: u8 = 0;
pub const LOC_EASEL: u8 = 1;
pub const LOC_REMOVED: u8 = 2;
/// `LOC_HELD + p`: on player p's table, being painted.
pub const LOC_HELD: u8 = 3;
/// `LOC_DONE + p`: finished by player p.
pub const LOC_DONE: u8 = 7;

// Development-bonus state of a tool row.
pub const DEV_NONE: u8 = 0;
pub const DEV_HIRED: u8 = 1;
pub const DEV_TOKEN6: u8 = 2;
pub const DEV_TEN_HIRED: u8 = 3;
pub const DEV_TEN_FLIPPED: u8 = 4;

// Phases.
pub const PH_FIRST_PLAYER: u8 = 0;
pub const PH_PAINTER: u8 = 1;
pub const PH_REFILL: u8 = 2;
pub const PH_PLACE: u8 = 3;
pub const PH_RESOLVE: u8 = 4;
pub const PH_ROTATE: u8 = 5;
pub const PH_DISCARD: u8 = 6;
pub const PH_KEEP: u8 = 7;
pub const PH_OVER: u8 = 8;
pub const PHASE_NAMES: [&str; 9] = [
    "set-up: first player",
    "set-up: painters",
    "easel refill",
    "phase 1: placement",
    "phase 2: resolution",
    "phase 3: rotation",
    "phase 3: discard",
    "phase 3: keep an assistant",
    "game over",
];

// Sub-decisions of phase 2.
pub const SUB_NONE: u8 = 0;
pub const SUB_COPY: u8 = 1;
pub const SUB_UPGRADE: u8 = 2;
pub const SUB_DEV_BONUS: u8 = 3;
pub const SUB_TAKE: u8 = 4;
pub const SUB_PAINT: u8 = 5;
pub const SUB_DRAW_BONUS: u8 = 6;
pub const SUB_NAMES: [&str; 7] = [
    "choose an assistant",
    "copy: choose a space",
    "upgrade: tool and payment",
    "development bonus",
    "take: choose an easel",
    "paint",
    "bonus card draw",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ColorsOfParisState {
    pub(crate) n: u8,
    pub(crate) advanced: bool,
    pub(crate) phase: u8,
    pub(crate) sub: u8,
    /// The tool of a pending development bonus.
    pub(crate) sub_arg: u8,
    pub(crate) paint_left: u8,
    pub(crate) round: u8,
    /// Wheel sector `w` faces bottom sector `(w + rot) % sectors`.
    pub(crate) rot: u8,
    pub(crate) first: u8,
    pub(crate) to_move: u8,
    /// Position in turn order during phase 3 steps; the easel being filled; the player
    /// receiving a painter tile.
    pub(crate) cursor: u8,
    pub(crate) half_turn: bool,
    pub(crate) end_triggered: bool,
    pub(crate) rotate_player: u8,
    pub(crate) fp_claim: u8,
    pub(crate) kept: u32,
    pub(crate) supply: [u8; NUM_COLOURS],
    pub(crate) pig: [[u8; NUM_COLOURS]; MAX_P],
    /// Tool spaces, 1..=8: tube, palette, brush.
    pub(crate) tools: [[u8; 3]; MAX_P],
    pub(crate) dev: [[u8; 3]; MAX_P],
    pub(crate) tokens: [u8; 3],
    pub(crate) assistants: [u8; MAX_P],
    pub(crate) hired: [u8; MAX_P],
    pub(crate) to_place: [u8; MAX_P],
    pub(crate) unresolved: [u8; MAX_P],
    /// Occupant of each space (the white space uses the counters below).
    pub(crate) occ: [u8; NUM_SPACES],
    /// Spaces whose assistant has been laid down this round.
    pub(crate) done: u32,
    pub(crate) white_placed: [u8; MAX_P],
    pub(crate) white_open: [u8; MAX_P],
    pub(crate) card_loc: [u8; NUM_PAINTINGS],
    pub(crate) fill: [u16; NUM_PAINTINGS],
    pub(crate) whites: [u16; NUM_PAINTINGS],
    pub(crate) easel: [u8; MAX_EASELS],
    /// 0 in the deck, `1 + p` held face down by player p.
    pub(crate) bonus_loc: [u8; NUM_BONUS],
    pub(crate) painter: [u8; MAX_P],
    pub(crate) finished: [u8; MAX_P],
    pub(crate) whites_used: [u8; MAX_P],
}

impl ColorsOfParisState {
    pub fn new(g: &ColorsOfParis) -> Self {
        let d = &g.data;
        let n = g.num_players;
        let mut st = ColorsOfParisState {
            n: n as u8,
            advanced: g.advanced,
            phase: PH_FIRST_PLAYER,
            sub: SUB_NONE,
            sub_arg: 0,
            paint_left: 0,
            round: 0,
            rot: ((d.first_forbidden + d.num_sectors - d.red_sector) % d.num_sectors) as u8,
            first: 0,
            to_move: 0,
            cursor: 0,
            half_turn: false,
            end_triggered: false,
            rotate_player: NONE,
            fp_claim: NONE,
            kept: 0,
            supply: SUPPLY,
            pig: [[0; NUM_COLOURS]; MAX_P],
            tools: [[0; 3]; MAX_P],
            dev: [[DEV_NONE; 3]; MAX_P],
            tokens: [TOKENS_PER_TOOL; 3],
            assistants: [0; MAX_P],
            hired: [0; MAX_P],
            to_place: [0; MAX_P],
            unresolved: [0; MAX_P],
            occ: [NONE; NUM_SPACES],
            done: 0,
            white_placed: [0; MAX_P],
            white_open: [0; MAX_P],
            card_loc: [LOC_DECK; NUM_PAINTINGS],
            fill: [0; NUM_PAINTINGS],
            whites: [0; NUM_PAINTINGS],
            easel: [NONE; MAX_EASELS],
            bonus_loc: [0; NUM_BONUS],
            painter: [NONE; MAX_P],
            finished: [0; MAX_P],
            whites_used: [0; MAX_P],
        };
        for p in 0..n {
            st.tools[p] = [1, 1, 1];
            st.assistants[p] = START_ASSISTANTS;
            for c in [RED, YELLOW, BLUE] {
                st.pig[p][c as usize] = 1;
                st.supply[c as usize] -= 1;
            }
        }
        st
    }

    // ------------------------------------------------------------ queries

    pub(crate) fn np(&self) -> usize {
        self.n as usize
    }

    /// The wheel action a bottom placement space faces now.
    pub(crate) fn kind_at(&self, g: &ColorsOfParis, space: usize) -> WheelAction {
        let d = &g.data;
        let n = d.num_sectors;
        let sector = d.space_sector[space.min(MAX_BOTTOM_SPACES - 1)] as usize;
        d.wheel[(sector + n - self.rot as usize % n) % n]
    }

    pub(crate) fn tool_value(&self, g: &ColorsOfParis, p: usize, t: usize) -> u8 {
        let lvl = self.tools[p][t].clamp(1, TRACK_LEN as u8) as usize;
        g.data.tracks[t][lvl - 1]
    }

    pub(crate) fn painter_ability(&self, g: &ColorsOfParis, p: usize) -> Option<Ability> {
        if !self.advanced {
            return None;
        }
        g.data
            .painters
            .get(self.painter[p] as usize)
            .map(|x| x.ability)
    }

    fn colour_bonus(&self, g: &ColorsOfParis, p: usize, c: u8) -> u8 {
        match self.painter_ability(g, p) {
            Some(Ability::AcquireBonus { colour, amount }) if colour == c => amount,
            _ => 0,
        }
    }

    pub(crate) fn brush_amount(&self, g: &ColorsOfParis, p: usize) -> u8 {
        let bonus = match self.painter_ability(g, p) {
            Some(Ability::BrushBonus { amount }) => amount,
            _ => 0,
        };
        self.tool_value(g, p, BRUSH) + bonus
    }

    /// Pigments counting towards the limit of 12 (black excluded).
    pub(crate) fn pigment_count(&self, p: usize) -> u32 {
        self.pig[p][..7].iter().map(|&x| x as u32).sum()
    }

    pub(crate) fn blacks_taken(&self) -> u8 {
        SUPPLY[BLACK as usize] - self.supply[BLACK as usize]
    }

    pub(crate) fn bonus_deck_len(&self) -> usize {
        self.bonus_loc.iter().filter(|&&l| l == 0).count()
    }

    pub(crate) fn deck_len(&self) -> usize {
        self.card_loc.iter().filter(|&&l| l == LOC_DECK).count()
    }

    /// The player to act at a decision node.
    pub(crate) fn mover(&self) -> usize {
        match self.phase {
            PH_ROTATE => self.rotate_player as usize,
            _ => self.to_move as usize,
        }
    }

    fn find_from(&self, start: usize, pred: impl Fn(usize) -> bool) -> Option<usize> {
        let n = self.np();
        (0..n).map(|k| (start + k) % n).find(|&q| pred(q))
    }

    pub(crate) fn actor_kind(&self) -> Actor {
        match self.phase {
            PH_FIRST_PLAYER | PH_PAINTER | PH_REFILL => Actor::Chance,
            PH_OVER => Actor::Terminal,
            PH_RESOLVE if self.sub == SUB_DRAW_BONUS => Actor::Chance,
            _ => Actor::Player(self.mover() as u8),
        }
    }

    // ------------------------------------------------------------ pigment moves

    fn gain(&mut self, p: usize, c: u8, amount: u8) {
        let k = amount.min(self.supply[c as usize]);
        self.supply[c as usize] -= k;
        self.pig[p][c as usize] += k;
    }

    fn pay(&mut self, p: usize, c: u8) {
        if self.pig[p][c as usize] > 0 {
            self.pig[p][c as usize] -= 1;
            self.supply[c as usize] += 1;
        }
    }

    // ------------------------------------------------------------ flow

    pub(crate) fn begin_round(&mut self, g: &ColorsOfParis) {
        self.round += 1;
        let n = self.np();
        for p in 0..n {
            let kept = self.occ[..MAX_BOTTOM_SPACES]
                .iter()
                .filter(|&&o| o == p as u8)
                .count() as u8;
            self.to_place[p] = self.assistants[p].saturating_sub(kept);
            self.unresolved[p] = kept;
        }
        self.phase = PH_PLACE;
        self.sub = SUB_NONE;
        match self.find_from(self.first as usize, |q| self.to_place[q] > 0) {
            Some(q) => self.to_move = q as u8,
            None => self.start_phase2(g),
        }
    }

    fn start_phase2(&mut self, g: &ColorsOfParis) {
        self.phase = PH_RESOLVE;
        self.sub = SUB_NONE;
        match self.find_from(self.first as usize, |q| self.unresolved[q] > 0) {
            Some(q) => self.to_move = q as u8,
            None => self.end_phase2(g),
        }
    }

    /// The assistant's action is over: the next player with an assistant standing resolves,
    /// or phase 2 ends.
    pub(crate) fn end_assistant(&mut self, g: &ColorsOfParis) {
        self.sub = SUB_NONE;
        self.paint_left = 0;
        match self.find_from(self.to_move as usize + 1, |q| self.unresolved[q] > 0) {
            Some(q) => self.to_move = q as u8,
            None => self.end_phase2(g),
        }
    }

    fn end_phase2(&mut self, g: &ColorsOfParis) {
        if self.end_triggered || self.round >= MAX_ROUNDS {
            self.phase = PH_OVER;
            return;
        }
        if self.rotate_player != NONE {
            self.phase = PH_ROTATE;
        } else {
            self.rotate(g, 1);
        }
    }

    /// The wheel turns `steps` sectors (the rotate space's choice, else 1).
    pub(crate) fn rotate(&mut self, g: &ColorsOfParis, steps: u8) {
        let d = &g.data;
        let n = d.num_sectors;
        self.half_turn = false;
        for _ in 0..steps {
            self.rot = ((self.rot as usize + 1) % n) as u8;
            let red_at = (d.red_sector + self.rot as usize) % n;
            if d.bottom[red_at] == 0 {
                self.half_turn = true;
            }
        }
        if self.half_turn {
            for e in 0..g.num_easels {
                let c = self.easel[e];
                if c != NONE {
                    self.card_loc[c as usize] = LOC_REMOVED;
                    self.easel[e] = NONE;
                }
            }
        }
        self.next_refill(g);
    }

    fn next_refill(&mut self, g: &ColorsOfParis) {
        let empty = (0..g.num_easels).find(|&e| self.easel[e] == NONE);
        match empty {
            Some(e) if self.deck_len() > 0 => {
                self.phase = PH_REFILL;
                self.cursor = e as u8;
            }
            _ => {
                if self.round == 0 {
                    self.begin_round(g);
                } else {
                    self.phase = PH_DISCARD;
                    self.cursor = 0;
                    self.next_discarder(g);
                }
            }
        }
    }

    fn next_discarder(&mut self, g: &ColorsOfParis) {
        let n = self.np();
        while (self.cursor as usize) < n {
            let p = (self.first as usize + self.cursor as usize) % n;
            if self.pigment_count(p) > PIGMENT_LIMIT as u32 {
                self.to_move = p as u8;
                return;
            }
            self.cursor += 1;
        }
        self.phase = PH_KEEP;
        self.cursor = 0;
        self.kept = 0;
        self.next_keeper(g);
    }

    fn next_keeper(&mut self, g: &ColorsOfParis) {
        let n = self.np();
        while (self.cursor as usize) < n {
            let p = (self.first as usize + self.cursor as usize) % n;
            if self.occ[..MAX_BOTTOM_SPACES].contains(&(p as u8)) {
                self.to_move = p as u8;
                return;
            }
            self.cursor += 1;
        }
        self.finish_round(g);
    }

    fn finish_round(&mut self, g: &ColorsOfParis) {
        for s in 0..NUM_SPACES {
            if self.kept & (1 << s) == 0 {
                self.occ[s] = NONE;
            }
        }
        self.kept = 0;
        self.done = 0;
        self.white_placed = [0; MAX_P];
        self.white_open = [0; MAX_P];
        if self.fp_claim != NONE {
            self.first = self.fp_claim;
        }
        self.fp_claim = NONE;
        self.rotate_player = NONE;
        self.half_turn = false;
        for p in 0..self.np() {
            self.assistants[p] = (self.assistants[p] + self.hired[p]).min(MAX_ASSISTANTS);
            self.hired[p] = 0;
        }
        self.begin_round(g);
    }

    /// Performs a wheel action for `p` (from its own space or through the copy space).
    fn start_kind(&mut self, g: &ColorsOfParis, p: usize, kind: WheelAction) {
        match kind {
            WheelAction::Acquire(c) => {
                let k = self.tool_value(g, p, TUBE) + self.colour_bonus(g, p, c);
                self.gain(p, c, k);
                self.end_assistant(g);
            }
            WheelAction::Mix(c) => {
                let (a, b) = mix_inputs(c);
                self.pay(p, a);
                self.pay(p, b);
                let k = self.tool_value(g, p, PALETTE) + self.colour_bonus(g, p, c);
                self.gain(p, c, k);
                self.end_assistant(g);
            }
            WheelAction::Black => {
                self.pay(p, ORANGE);
                self.pay(p, GREEN);
                self.pay(p, VIOLET);
                self.gain(p, BLACK, 1);
                if self.blacks_taken() >= BLACK_END {
                    self.end_triggered = true;
                }
                self.end_assistant(g);
            }
            WheelAction::Upgrade => self.sub = SUB_UPGRADE,
            WheelAction::TakePainting => self.sub = SUB_TAKE,
            WheelAction::Paint => {
                self.sub = SUB_PAINT;
                self.paint_left = self.brush_amount(g, p);
            }
        }
    }

    fn lay_down(&mut self, p: usize, s: usize) {
        if s == SP_WHITE {
            self.white_open[p] = self.white_open[p].saturating_sub(1);
        } else {
            self.done |= 1 << s;
        }
        self.unresolved[p] = self.unresolved[p].saturating_sub(1);
    }

    fn finish_painting(&mut self, g: &ColorsOfParis, p: usize, card: usize) {
        let grid = g.data.paintings[card].grid;
        for (sq, &c) in grid.iter().enumerate() {
            let colour = if self.whites[card] & (1 << sq) != 0 {
                WHITE
            } else {
                c
            };
            self.supply[colour as usize] += 1;
        }
        self.card_loc[card] = LOC_DONE + p as u8;
        self.finished[p] += 1;
        self.whites_used[p] += self.whites[card].count_ones() as u8;
        if self.finished[p] >= 2 {
            self.end_triggered = true;
        }
    }

    // ------------------------------------------------------------ set-up draws (chance)

    /// The drawn first player starts; painter tiles are dealt next (advanced), else the
    /// easels are filled.
    pub(crate) fn choose_first_player(&mut self, g: &ColorsOfParis, first: u8) {
        self.first = first;
        if self.advanced {
            self.phase = PH_PAINTER;
            self.cursor = 0;
        } else {
            self.next_refill(g);
        }
    }

    /// Painter tile `t` is dealt to the player at the cursor.
    pub(crate) fn deal_painter(&mut self, g: &ColorsOfParis, t: usize) {
        let p = self.cursor as usize % MAX_P;
        self.painter[p] = t as u8;
        if let Some(Ability::StartTool { tool }) = g.data.painters.get(t).map(|x| x.ability) {
            self.tools[p][tool as usize % 3] = 2;
        }
        self.cursor += 1;
        if self.cursor >= self.n {
            self.next_refill(g);
        }
    }

    /// Painting `c` is drawn from the deck onto the easel being refilled.
    pub(crate) fn refill_easel(&mut self, g: &ColorsOfParis, c: usize) {
        self.card_loc[c] = LOC_EASEL;
        self.easel[self.cursor as usize % MAX_EASELS] = c as u8;
        self.next_refill(g);
    }

    /// Bonus card `b` is drawn face down by the player to move, whose assistant is done.
    pub(crate) fn draw_bonus(&mut self, g: &ColorsOfParis, b: usize) {
        self.bonus_loc[b] = 1 + self.to_move;
        self.end_assistant(g);
    }

    // ------------------------------------------------------------ decisions

    /// Phase 1: `p` places an assistant on space `s`; the next player with assistants left
    /// places, or resolution starts.
    pub(crate) fn place(&mut self, g: &ColorsOfParis, p: usize, s: usize) {
        if s == SP_WHITE {
            self.white_placed[p] += 1;
            self.white_open[p] += 1;
        } else {
            self.occ[s] = p as u8;
        }
        self.to_place[p] = self.to_place[p].saturating_sub(1);
        self.unresolved[p] += 1;
        match self.find_from(p + 1, |q| self.to_place[q] > 0) {
            Some(q) => self.to_move = q as u8,
            None => self.start_phase2(g),
        }
    }

    /// Phase 2: `p` lays down the assistant on space `s` and performs its action.
    pub(crate) fn use_space(&mut self, g: &ColorsOfParis, p: usize, s: usize) {
        self.lay_down(p, s);
        match s {
            SP_FIRST => {
                self.gain(p, WHITE, 1);
                self.fp_claim = p as u8;
                self.end_assistant(g);
            }
            SP_COPY => self.sub = SUB_COPY,
            SP_ROTATE => {
                self.rotate_player = p as u8;
                self.end_assistant(g);
            }
            SP_WHITE => {
                let k = self.tool_value(g, p, TUBE) + self.colour_bonus(g, p, WHITE);
                self.gain(p, WHITE, k);
                self.end_assistant(g);
            }
            _ => {
                let kind = self.kind_at(g, s);
                self.start_kind(g, p, kind);
            }
        }
    }

    /// Phase 2: `p` lays down the assistant on space `s` without acting.
    pub(crate) fn forgo(&mut self, g: &ColorsOfParis, p: usize, s: usize) {
        self.lay_down(p, s);
        self.end_assistant(g);
    }

    /// Copy: `p` performs the action of occupied bottom space `s`.
    pub(crate) fn copy(&mut self, g: &ColorsOfParis, p: usize, s: usize) {
        self.sub = SUB_NONE;
        let kind = self.kind_at(g, s);
        self.start_kind(g, p, kind);
    }

    /// Upgrade: `p` pays pigments `x` and `y` and moves tool `t` one space up; reaching the
    /// bonus space opens the development bonus, reaching the end flips a 6-point token to 10.
    pub(crate) fn upgrade(&mut self, g: &ColorsOfParis, p: usize, t: usize, x: u8, y: u8) {
        self.pay(p, x);
        self.pay(p, y);
        self.tools[p][t] += 1;
        let lvl = self.tools[p][t];
        if lvl == BONUS_SPACE {
            self.sub = SUB_DEV_BONUS;
            self.sub_arg = t as u8;
        } else {
            if lvl as usize == TRACK_LEN {
                match self.dev[p][t] {
                    DEV_HIRED => {
                        self.tokens[t] = self.tokens[t].saturating_sub(1);
                        self.dev[p][t] = DEV_TEN_HIRED;
                    }
                    DEV_TOKEN6 => self.dev[p][t] = DEV_TEN_FLIPPED,
                    _ => {}
                }
            }
            self.end_assistant(g);
        }
    }

    /// Development bonus: `p` hires an assistant (from the next round).
    pub(crate) fn hire(&mut self, g: &ColorsOfParis, p: usize) {
        self.hired[p] += 1;
        self.dev[p][self.sub_arg as usize % 3] = DEV_HIRED;
        self.end_assistant(g);
    }

    /// Development bonus: `p` takes the 6-point token of the tool.
    pub(crate) fn take_token(&mut self, g: &ColorsOfParis, p: usize) {
        let t = self.sub_arg as usize % 3;
        self.tokens[t] = self.tokens[t].saturating_sub(1);
        self.dev[p][t] = DEV_TOKEN6;
        self.end_assistant(g);
    }

    /// Take: `p` takes the painting on easel `e` onto their table.
    pub(crate) fn take_painting(&mut self, g: &ColorsOfParis, p: usize, e: usize) {
        let c = self.easel[e];
        if c != NONE {
            self.card_loc[c as usize] = LOC_HELD + p as u8;
            self.easel[e] = NONE;
        }
        self.end_assistant(g);
    }

    /// Take (advanced): `p` pays the whites of a bonus card, which is drawn next (chance).
    pub(crate) fn pay_for_bonus(&mut self, g: &ColorsOfParis, p: usize) {
        for _ in 0..g.data.bonus_card_white_cost {
            self.pay(p, WHITE);
        }
        self.sub = SUB_DRAW_BONUS;
    }

    /// Paint: `p` puts one pigment (the square's colour, or white) on square `sq` of their
    /// painting `card`; a full painting is finished. Whether the paint action goes on is
    /// decided by the caller (`actions::apply`).
    pub(crate) fn paint(
        &mut self,
        g: &ColorsOfParis,
        p: usize,
        card: usize,
        sq: usize,
        white: bool,
    ) {
        let bit = 1u16 << sq;
        if white {
            self.pig[p][WHITE as usize] -= 1;
            self.whites[card] |= bit;
        } else {
            let c = g.data.paintings[card].grid[sq];
            self.pig[p][c as usize] -= 1;
        }
        self.fill[card] |= bit;
        self.paint_left = self.paint_left.saturating_sub(1);
        if self.fill[card] == FULL {
            self.finish_painting(g, p, card);
        }
    }

    /// Phase 3: `p` discards one pigment of colour `c`; at the limit the next player over it
    /// discards.
    pub(crate) fn discard(&mut self, g: &ColorsOfParis, p: usize, c: u8) {
        self.pay(p, c);
        if self.pigment_count(p) <= PIGMENT_LIMIT as u32 {
            self.cursor += 1;
            self.next_discarder(g);
        }
    }

    /// Phase 3: the assistant on bottom space `s` stays for the next round.
    pub(crate) fn keep(&mut self, g: &ColorsOfParis, s: usize) {
        self.kept |= 1 << s;
        self.cursor += 1;
        self.next_keeper(g);
    }
}

/// The bound of `Game::max_game_length` (see `docs/rules/colors_of_paris.md`):
/// set-up (first player, painters, easels) plus, per round (at most `MAX_ROUNDS`):
/// placements (6 per player), per assistant at most 2 choices (use, copy target) plus the
/// longest action (a paint action: max brush placements and a stop; an upgrade: 2; a
/// take: 2 with the bonus draw), the rotation choice, easel draws, discards (never more
/// than all pigments of the game) and the keep choices.
pub(crate) fn max_game_length(g: &ColorsOfParis) -> usize {
    let n = g.num_players;
    let setup = 1 + n + g.num_easels;
    let assistants = MAX_ASSISTANTS as usize * n;
    let per_assistant = 2 + (g.data.max_brush() + 1).max(2);
    let pigments: usize = SUPPLY[..7].iter().map(|&x| x as usize).sum();
    let per_round = assistants + assistants * per_assistant + 1 + g.num_easels + pigments + n;
    setup + MAX_ROUNDS as usize * per_round
}
