//! The search of one root, advanced one lock step at a time by the driver.
//!
//! Each simulation starts from a copy of the root (or, when information is hidden, from a
//! state drawn with `resample_from_infostate` for the root's player: once per simulation,
//! or once per search) and descends:
//!
//! * at a decision node, by the root rule or the interior rule of the policy, among the
//!   children legal in the current state (under hidden information the legal actions are
//!   listed again at each node, and the node's children that are not legal now sit out);
//! * at a chance node, by sampling the outcome with its exact weight: chance is in the tree
//!   (closed loop), one child per outcome met;
//! * until an unexpanded decision node (a leaf: its observation for the player to move and
//!   its legal mask go to the evaluator, and the answer expands it), or a terminal state
//!   (its returns are backed up at once, with no evaluation).
//!
//! A simulation that reaches a node whose kind or player differs in this determinization,
//! or where none of the node's children is legal, stops there: the state (after sampling
//! any chance nodes up to a decision) is evaluated for its value only.
//!
//! Backup adds the value vector (one value per player, win shares) to every node of the
//! path (max^n: each node's mover reads their own component). Visits are counted when a
//! leaf is selected, its value when it is evaluated: with several leaves per step, the
//! leaves in flight act as a virtual loss on their path.

use super::config::{RootPolicy, SearchConfig};
use super::search_node::{Node, NodeKind, SearchArena};
use super::{gumbel, noise, puct};
use salon_core::action::{Action, ActionList, MAX_LEGAL_ACTIONS};
use salon_core::actor::{Actor, MAX_PLAYERS};
use salon_core::chance::ChanceOutcomes;
use salon_core::game::{Game, State};
use salon_core::playout::random_playout;
use salon_core::rng::Xoshiro256StarStar;

/// The error of a game that hides information but gives no determinization (as MCTS says it).
fn cannot_resample<S: State>(player: usize) -> String {
    format!(
        "{} declares hidden information but resample_from_infostate gave no state for player {player}: \
         the search cannot draw what the player may believe",
        <S::Game as Game>::info().name
    )
}

/// What every tree of a step shares.
pub(crate) struct Context<'a, G: Game> {
    pub game: &'a G,
    pub config: &'a SearchConfig,
    /// `considered[m]`: the considered-visits sequence for `m` actions (Gumbel).
    pub considered: &'a [Vec<u32>],
    pub obs_size: usize,
    pub num_actions: usize,
    pub players: usize,
    pub perfect: bool,
}

/// A leaf waiting for its evaluation.
#[derive(Clone)]
struct Pending<S> {
    state: S,
    player: usize,
    legal: ActionList,
    /// The leaf's path: `paths[start..end]`, root first.
    start: u32,
    end: u32,
    /// False when the evaluation only gives a value (the node is not expanded).
    expand: bool,
}

#[derive(Clone)]
pub(crate) struct TreeSearch<S> {
    arena: SearchArena,
    root: Option<S>,
    /// The determinization of a search that draws one.
    world: Option<S>,
    player: usize,
    rng: Xoshiro256StarStar,
    /// Simulations selected so far (the root's own evaluation not counted).
    started: u32,
    pending: Vec<Pending<S>>,
    pending_len: usize,
    paths: Vec<u32>,
    candidates: Vec<u32>,
    scratch: Vec<f32>,
    legal: Box<ActionList>,
    outcomes: Box<ChanceOutcomes>,
    /// The root's Gumbel variables, one per root child (Gumbel policy).
    gumbel: Vec<f32>,
    /// This tree's rows in the step's leaf batch.
    pub row_offset: usize,
    /// A problem met while searching (a game listing no legal action, say).
    pub error: Option<String>,
}

impl<S: State> TreeSearch<S> {
    pub fn new() -> Self {
        TreeSearch {
            arena: SearchArena::default(),
            root: None,
            world: None,
            player: 0,
            rng: Xoshiro256StarStar::seed_from_u64(0),
            started: 0,
            pending: Vec::new(),
            pending_len: 0,
            paths: Vec::new(),
            candidates: Vec::with_capacity(MAX_LEGAL_ACTIONS),
            scratch: Vec::with_capacity(MAX_LEGAL_ACTIONS),
            legal: Box::new(ActionList::new()),
            outcomes: Box::new(ChanceOutcomes::new()),
            gumbel: Vec::with_capacity(64),
            row_offset: 0,
            error: None,
        }
    }

    /// The leaves waiting for an evaluation (this tree's rows in the step).
    pub fn rows(&self) -> usize {
        self.pending_len
    }

    pub fn arena(&self) -> &SearchArena {
        &self.arena
    }

    /// The player to move at the root.
    pub fn player(&self) -> usize {
        self.player
    }

    /// Starts a search of `root` (a decision node of `player`): the first leaf is the root.
    pub fn begin(
        &mut self,
        cx: &Context<'_, S::Game>,
        root: &S,
        player: usize,
        rng: Xoshiro256StarStar,
    ) {
        self.arena.reset(Node::root());
        self.player = player;
        self.rng = rng;
        self.started = 0;
        self.pending_len = 0;
        self.paths.clear();
        self.error = None;
        self.world = None;
        if !cx.perfect && cx.config.one_determinization {
            self.world = root.resample_from_infostate(cx.game, player, &mut self.rng);
            if self.world.is_none() {
                self.error = Some(cannot_resample::<S>(player));
                return;
            }
        }
        self.root = Some(root.clone());
        self.arena.node_mut(0).visits = 1;
        self.paths.push(0);
        self.push_pending(cx, root.clone(), player, 0, true);
    }

    /// Backs up the evaluation of the leaves of the last step (`logits` and `values` hold
    /// the whole batch; this tree's rows start at `row_offset`), then selects the leaves of
    /// the next step.
    pub fn advance(&mut self, cx: &Context<'_, S::Game>, logits: &[f32], values: &[f32]) {
        if self.root.is_none() || self.error.is_some() {
            self.pending_len = 0;
            return;
        }
        for i in 0..self.pending_len {
            let row = self.row_offset + i;
            let l = &logits[row * cx.num_actions..(row + 1) * cx.num_actions];
            let v = &values[row * cx.players..(row + 1) * cx.players];
            self.absorb(cx, i, l, v);
        }
        self.pending_len = 0;
        self.paths.clear();
        if self.arena.node(0).kind != NodeKind::Decision {
            return;
        }
        let per_step = cx.config.leaves_per_step as usize;
        while self.pending_len < per_step
            && self.started < cx.config.simulations
            && self.error.is_none()
        {
            self.started += 1;
            self.simulate(cx);
        }
    }

    /// Writes the observation and legal mask of each waiting leaf into its rows
    /// (`obs` and `masks` start at this tree's first row).
    /// The player to move at each leaf of the step, in row order.
    pub fn leaf_players(&self) -> impl Iterator<Item = usize> + '_ {
        self.pending[..self.pending_len].iter().map(|p| p.player)
    }

    pub fn write_rows(&self, cx: &Context<'_, S::Game>, obs: &mut [f32], masks: &mut [bool]) {
        for (i, p) in self.pending[..self.pending_len].iter().enumerate() {
            let o = &mut obs[i * cx.obs_size..(i + 1) * cx.obs_size];
            o.fill(0.0);
            p.state.observation_tensor(cx.game, p.player, o);
            let m = &mut masks[i * cx.num_actions..(i + 1) * cx.num_actions];
            m.fill(false);
            for &a in p.legal.iter() {
                if let Some(slot) = m.get_mut(a as usize) {
                    *slot = true;
                }
            }
        }
    }

    fn push_pending(
        &mut self,
        cx: &Context<'_, S::Game>,
        state: S,
        player: usize,
        start: usize,
        expand: bool,
    ) {
        let i = self.pending_len;
        let end = self.paths.len() as u32;
        if i == self.pending.len() {
            self.pending.push(Pending {
                state,
                player,
                legal: ActionList::new(),
                start: start as u32,
                end,
                expand,
            });
        } else {
            let p = &mut self.pending[i];
            p.state = state;
            p.player = player;
            p.start = start as u32;
            p.end = end;
            p.expand = expand;
        }
        let p = &mut self.pending[i];
        p.legal.clear();
        p.state.legal_actions(cx.game, &mut p.legal);
        p.legal.sort();
        if p.legal.is_empty() {
            self.error = Some(format!(
                "player {player} has no legal action at a decision node"
            ));
        }
        self.pending_len += 1;
    }

    fn absorb(&mut self, cx: &Context<'_, S::Game>, i: usize, logits: &[f32], values: &[f32]) {
        let (start, end, expand, player) = {
            let p = &self.pending[i];
            (p.start as usize, p.end as usize, p.expand, p.player)
        };
        let mut v = [0.0f32; MAX_PLAYERS];
        v[..cx.players].copy_from_slice(&values[..cx.players]);
        let mix = cx.config.rollout_mix;
        if mix > 0.0 {
            let n = cx.config.rollouts_per_leaf.max(1);
            let mut mean = [0.0f32; MAX_PLAYERS];
            for _ in 0..n {
                let mut s = self.pending[i].state.clone();
                random_playout(cx.game, &mut s, &mut self.rng);
                for (m, r) in mean.iter_mut().zip(s.returns(cx.game)).take(cx.players) {
                    *m += r as f32;
                }
            }
            for (x, m) in v.iter_mut().zip(mean).take(cx.players) {
                *x = (1.0 - mix) * *x + mix * m / n as f32;
            }
        }
        let leaf = self.paths[end - 1] as usize;
        if expand && self.arena.node(leaf).kind == NodeKind::Leaf {
            let legal = &self.pending[i].legal;
            // Priors: the softmax of the logits over the legal actions.
            self.scratch.clear();
            let hi = legal
                .iter()
                .map(|&a| logits[a as usize])
                .fold(f32::NEG_INFINITY, f32::max);
            let mut total = 0.0f32;
            for &a in legal.iter() {
                let e = if hi.is_finite() {
                    (logits[a as usize] - hi).exp()
                } else {
                    1.0
                };
                total += e;
                self.scratch.push(e);
            }
            let norm = if total > 0.0 && total.is_finite() {
                1.0 / total
            } else {
                0.0
            };
            for p in &mut self.scratch {
                *p = if norm > 0.0 {
                    *p * norm
                } else {
                    1.0 / legal.len() as f32
                };
            }
            self.arena
                .expand_decision(leaf, player, v[player], legal, &self.scratch);
            if leaf == 0 {
                self.prepare_root(cx);
            }
        }
        self.add_value(start, end, &v);
    }

    /// Root noise: Dirichlet for PUCT, the Gumbel variables for Gumbel.
    fn prepare_root(&mut self, cx: &Context<'_, S::Game>) {
        let n = self.arena.children(0).len();
        match cx.config.policy {
            RootPolicy::Puct => {
                let fraction = cx.config.dirichlet_fraction;
                if fraction > 0.0 && n > 1 {
                    let alpha = cx
                        .config
                        .dirichlet_alpha
                        .map(f64::from)
                        .unwrap_or(10.0 / n as f64);
                    self.scratch.clear();
                    self.scratch.resize(n, 0.0);
                    noise::dirichlet(alpha, &mut self.scratch, &mut self.rng);
                    puct::add_noise(&mut self.arena, 0, &self.scratch, fraction);
                }
            }
            RootPolicy::Gumbel => {
                self.gumbel.clear();
                for _ in 0..n {
                    let g = cx.config.gumbel_scale * noise::gumbel(&mut self.rng);
                    self.gumbel.push(g);
                }
            }
        }
    }

    fn add_value(&mut self, start: usize, end: usize, v: &[f32; MAX_PLAYERS]) {
        for &i in &self.paths[start..end] {
            let node = self.arena.node_mut(i as usize);
            for (s, x) in node.value.iter_mut().zip(v) {
                *s += x;
            }
        }
    }

    fn visit(&mut self, node: usize) {
        self.paths.push(node as u32);
        let n = self.arena.node_mut(node);
        n.visits = n.visits.saturating_add(1);
    }

    /// One simulation: descends to a leaf, and either backs up a terminal value at once or
    /// leaves the leaf waiting for the evaluator.
    fn simulate(&mut self, cx: &Context<'_, S::Game>) {
        let game = cx.game;
        let Some(root) = self.root.as_ref() else {
            return;
        };
        let mut s = if cx.perfect {
            root.clone()
        } else if let Some(w) = &self.world {
            w.clone()
        } else {
            // Searching the true state instead would read what the player cannot see.
            match root.resample_from_infostate(game, self.player, &mut self.rng) {
                Some(s) => s,
                None => {
                    self.error = Some(cannot_resample::<S>(self.player));
                    return;
                }
            }
        };
        let start = self.paths.len();
        self.visit(0);
        let mut node = 0usize;
        loop {
            let kind = self.arena.node(node).kind;
            match s.actor(game) {
                Actor::Terminal => {
                    if kind == NodeKind::Leaf {
                        self.arena.node_mut(node).kind = NodeKind::Terminal;
                    }
                    return self.back_up_returns(cx, &s, start);
                }
                Actor::Chance => {
                    match kind {
                        NodeKind::Leaf => self.arena.mark_chance(node),
                        NodeKind::Chance => {}
                        _ => return self.value_only(cx, s, start),
                    }
                    self.outcomes.clear();
                    s.chance_outcomes(game, &mut self.outcomes);
                    let Some(a) = self.outcomes.sample(&mut self.rng) else {
                        self.error = Some("a chance node lists no outcome".into());
                        return;
                    };
                    let p = self.outcome_probability(a);
                    let child = self.arena.chance_child(node, a, p);
                    s.apply_unchecked(game, a);
                    self.visit(child);
                    node = child;
                }
                Actor::Player(q) => {
                    let q = q as usize;
                    match kind {
                        NodeKind::Leaf => return self.push_pending(cx, s, q, start, true),
                        NodeKind::Decision if self.arena.node(node).mover as usize == q => {}
                        _ => return self.value_only(cx, s, start),
                    }
                    self.list_candidates(cx, &s, node);
                    let Some(child) = self.select(cx, node) else {
                        return self.value_only(cx, s, start);
                    };
                    s.apply_unchecked(game, self.arena.node(child).action);
                    self.visit(child);
                    node = child;
                }
            }
        }
    }

    fn outcome_probability(&self, a: Action) -> f32 {
        let total = self.outcomes.total_weight().max(1) as f32;
        self.outcomes
            .actions()
            .iter()
            .zip(self.outcomes.weights())
            .find(|(&x, _)| x == a)
            .map(|(_, &w)| w as f32 / total)
            .unwrap_or(0.0)
    }

    /// The children of decision node `node` legal in `s` (all of them under perfect
    /// information, where a node always stands for the same state).
    fn list_candidates(&mut self, cx: &Context<'_, S::Game>, s: &S, node: usize) {
        self.candidates.clear();
        let range = self.arena.children(node);
        if cx.perfect {
            self.candidates.extend(range.map(|c| c as u32));
            return;
        }
        self.legal.clear();
        s.legal_actions(cx.game, &mut self.legal);
        self.legal.sort();
        let legal = self.legal.as_slice();
        let mut k = 0;
        for c in range {
            let a = self.arena.node(c).action;
            while k < legal.len() && legal[k] < a {
                k += 1;
            }
            if k < legal.len() && legal[k] == a {
                self.candidates.push(c as u32);
            }
        }
    }

    fn select(&mut self, cx: &Context<'_, S::Game>, node: usize) -> Option<usize> {
        if self.candidates.is_empty() {
            return None;
        }
        let c = cx.config;
        self.scratch.clear();
        self.scratch.resize(self.candidates.len(), 0.0);
        match (c.policy, node == 0) {
            (RootPolicy::Puct, _) => {
                puct::select(&self.arena, node, &self.candidates, c.c_init, c.c_base)
            }
            (RootPolicy::Gumbel, false) => gumbel::select_interior(
                &self.arena,
                node,
                &self.candidates,
                c.c_visit,
                c.c_scale,
                &mut self.scratch,
            ),
            (RootPolicy::Gumbel, true) => {
                let considered = self.considered_visit(cx);
                let g = self.gather_root_gumbel();
                gumbel::select_root(
                    &self.arena,
                    0,
                    &self.candidates,
                    &self.gumbel[g],
                    considered,
                    c.c_visit,
                    c.c_scale,
                    &mut self.scratch,
                )
                .or_else(|| {
                    // A root action dropped by this determinization can leave no action
                    // at the considered count: fall back to the interior rule.
                    gumbel::select_interior(
                        &self.arena,
                        0,
                        &self.candidates,
                        c.c_visit,
                        c.c_scale,
                        &mut self.scratch,
                    )
                })
            }
        }
    }

    /// The visit count an action needs to receive the next root simulation.
    fn considered_visit(&self, cx: &Context<'_, S::Game>) -> u32 {
        let m = (cx.config.max_considered_actions as usize).min(self.arena.children(0).len());
        let index: u32 = self
            .arena
            .children(0)
            .map(|c| self.arena.node(c).visits)
            .sum();
        let table = &cx.considered[m.min(cx.considered.len() - 1)];
        table
            .get(index as usize)
            .copied()
            .unwrap_or_else(|| table.last().copied().unwrap_or(0))
    }

    /// Where in `gumbel` the root's Gumbel variables of the current candidates are: the
    /// first `n` entries when every root child is a candidate (always, under perfect
    /// information), otherwise a copy gathered after them.
    fn gather_root_gumbel(&mut self) -> std::ops::Range<usize> {
        let n = self.arena.children(0).len();
        if self.candidates.len() == n {
            return 0..n;
        }
        self.gumbel.truncate(n);
        let first = self.arena.children(0).start;
        for k in 0..self.candidates.len() {
            let g = self.gumbel[self.candidates[k] as usize - first];
            self.gumbel.push(g);
        }
        n..self.gumbel.len()
    }

    /// Ends a simulation at a state met in a node of another kind: samples any chance nodes
    /// up to a decision, then waits for a value-only evaluation (or backs up the returns).
    fn value_only(&mut self, cx: &Context<'_, S::Game>, mut s: S, start: usize) {
        loop {
            match s.actor(cx.game) {
                Actor::Terminal => return self.back_up_returns(cx, &s, start),
                Actor::Player(q) => return self.push_pending(cx, s, q as usize, start, false),
                Actor::Chance => {
                    self.outcomes.clear();
                    s.chance_outcomes(cx.game, &mut self.outcomes);
                    let Some(a) = self.outcomes.sample(&mut self.rng) else {
                        self.error = Some("a chance node lists no outcome".into());
                        return;
                    };
                    s.apply_unchecked(cx.game, a);
                }
            }
        }
    }

    fn back_up_returns(&mut self, cx: &Context<'_, S::Game>, s: &S, start: usize) {
        let r = s.returns(cx.game);
        let mut v = [0.0f32; MAX_PLAYERS];
        for (x, y) in v.iter_mut().zip(&r).take(cx.players) {
            *x = *y as f32;
        }
        let end = self.paths.len();
        self.add_value(start, end, &v);
        self.paths.truncate(start);
    }

    /// The search's answer: the chosen action, the root children's visits and the policy
    /// target (dense over the action space), and the root value of every player.
    pub fn write_result(
        &mut self,
        cx: &Context<'_, S::Game>,
        visits: &mut [u32],
        policy: &mut [f32],
        value: &mut [f32],
    ) -> i64 {
        visits.fill(0);
        policy.fill(0.0);
        value.fill(0.0);
        if self.root.is_none() || self.arena.node(0).kind != NodeKind::Decision {
            return -1;
        }
        let root = *self.arena.node(0);
        for (p, v) in value.iter_mut().enumerate() {
            *v = root.q(p);
        }
        self.candidates.clear();
        self.candidates
            .extend(self.arena.children(0).map(|c| c as u32));
        let mut total = 0u32;
        for &c in &self.candidates {
            let n = self.arena.node(c as usize);
            visits[n.action as usize] = n.visits;
            total += n.visits;
        }
        let c = cx.config;
        let chosen = match c.policy {
            RootPolicy::Puct => {
                for &i in &self.candidates {
                    let n = self.arena.node(i as usize);
                    policy[n.action as usize] = if total > 0 {
                        n.visits as f32 / total as f32
                    } else {
                        n.prior
                    };
                }
                puct::most_visited(&self.arena, &self.candidates)
            }
            RootPolicy::Gumbel => {
                self.scratch.clear();
                self.scratch.resize(self.candidates.len(), 0.0);
                let most = self
                    .candidates
                    .iter()
                    .map(|&i| self.arena.node(i as usize).visits)
                    .max()
                    .unwrap_or(0);
                let chosen = gumbel::select_root(
                    &self.arena,
                    0,
                    &self.candidates,
                    &self.gumbel[..self.candidates.len()],
                    most,
                    c.c_visit,
                    c.c_scale,
                    &mut self.scratch,
                );
                gumbel::transformed_q(
                    &self.arena,
                    0,
                    &self.candidates,
                    c.c_visit,
                    c.c_scale,
                    &mut self.scratch,
                );
                gumbel::improved_policy(&self.arena, &self.candidates, &mut self.scratch);
                for (&i, &pi) in self.candidates.iter().zip(&self.scratch) {
                    policy[self.arena.node(i as usize).action as usize] = pi;
                }
                chosen
            }
        };
        chosen
            .map(|i| self.arena.node(i).action as i64)
            .unwrap_or(-1)
    }
}
