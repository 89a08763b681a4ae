//! The table as data: the position format of atelier_studio (`docs/positions.md`), written
//! from a state (whole, or as one player sees it) and read back with every invariant checked.
//!
//! Cards are named by their component-file names. The painting deck and the shuffled patron
//! deck are drawn at random (any card of them), so they are written as sorted lists; the
//! patrons put under the deck are a queue, written in order.

use salon_core::position::{self as pos, invalid};
use salon_core::{ActionList, ChanceOutcomes, SalonResult, Xoshiro256StarStar};
use serde::{Deserialize, Serialize};

use crate::actions;
use crate::components::{CYLINDERS_PER_COLOUR, NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::invariants::check_conservation;
use crate::observation::{known_location, Known};
use crate::state::{
    AtelierStudioState, Phase, MAX_P, NONE, PAT_BOTTOM, PAT_DEALT, PAT_DECK, P_DECK, P_DISPLAY,
    STAGE_NONE, STAGE_POWER, STAGE_REFILL, STAGE_RETURN, STUDENTS, TOKENS,
};
use crate::{game::AtelierStudio, game::DISPLAY, game::MAX_ROUNDS};

/// Cylinders (or students) per paint colour.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Paint {
    pub blue: u8,
    pub green: u8,
    pub red: u8,
    pub yellow: u8,
}

impl Paint {
    fn of(a: &[u8; NUM_COLOURS]) -> Self {
        Paint {
            blue: a[0],
            green: a[1],
            red: a[2],
            yellow: a[3],
        }
    }
    pub(crate) fn array(&self) -> [u8; NUM_COLOURS] {
        [self.blue, self.green, self.red, self.yellow]
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    ChooseStart,
    DealDisplay,
    DealPatrons,
    KeepPatron,
    PlaceInitial,
    Roll,
    Main,
    MoveStudents,
    ReturnStudents,
    PowerPlace,
    PowerGain,
    DrawPatron,
    Refill,
    End,
}

const PHASES: [(PhaseName, Phase); 14] = [
    (PhaseName::ChooseStart, Phase::ChooseStart),
    (PhaseName::DealDisplay, Phase::DealDisplay),
    (PhaseName::DealPatrons, Phase::DealPatrons),
    (PhaseName::KeepPatron, Phase::KeepPatron),
    (PhaseName::PlaceInitial, Phase::PlaceInitial),
    (PhaseName::Roll, Phase::Roll),
    (PhaseName::Main, Phase::Main),
    (PhaseName::MoveStudents, Phase::MoveStudents),
    (PhaseName::ReturnStudents, Phase::ReturnStudents),
    (PhaseName::PowerPlace, Phase::PowerPlace),
    (PhaseName::PowerGain, Phase::PowerGain),
    (PhaseName::DrawPatron, Phase::DrawPatron),
    (PhaseName::Refill, Phase::Refill),
    (PhaseName::End, Phase::Terminal),
];

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Dice this player has for the round (for the turn player: dice rolled this turn).
    pub dice: u8,
    pub paint: Paint,
    pub students_on_piles: Paint,
    pub students_on_board: u8,
    pub inspiration: u8,
    /// Paintings painted, by name (sorted by card order).
    pub paintings: Vec<String>,
    /// Patron cards held, except those drawn from under the deck (`patrons_under_deck`);
    /// `null`: hidden from the observer.
    pub patrons: Vec<Option<String>>,
    /// Set-up: the two patrons dealt, before keeping one.
    pub dealt_patrons: Vec<Option<String>>,
    /// Patrons drawn during play (public count).
    pub patrons_drawn: u8,
}

/// The turn player's dice and what they used this turn.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Rolled, unspent dice: how many show each face 1..6.
    pub rolled: Vec<u8>,
    pub dice_action_used: bool,
    pub inspiration_die_used: bool,
    /// Owned paintings whose turn power was used this turn.
    pub turn_powers_used: Vec<String>,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    ReturnStudents,
    Power,
    Refill,
}

/// A painting being painted: where it came from and what of it is left to resolve.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Painting {
    pub card: String,
    pub slot: u8,
    pub stage: Stage,
}

/// Sub-decisions in progress.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// Set-up: cards dealt / players who chose or placed so far.
    pub setup_step: u8,
    /// Die 3: the mover, counted clockwise from the turn player.
    pub move_offset: Option<u8>,
    /// Die 3: whether a student was moved in the current (or last) die-3 action.
    pub moved: bool,
    /// Students still to return, or cylinders still to take (power).
    pub count: u8,
    pub painting: Option<Painting>,
}

/// One patron put under the deck at set-up.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct UnderDeck {
    /// `null`: hidden from the observer.
    pub patron: Option<String>,
    /// The player who drew it (they hold it now), or `null` while it is under the deck.
    pub drawn_by: Option<u8>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    pub version: u32,
    pub num_players: u8,
    pub phase: PhaseName,
    /// 0 during set-up, then 1, 2, ...
    pub round: u8,
    /// The last round once the end is triggered.
    pub last_round: Option<u8>,
    pub start_player: u8,
    /// Whose turn or set-up step it is (also at the chance nodes of their turn).
    pub current_player: u8,
    pub paint_piles: Paint,
    pub inspiration_supply: u8,
    /// The seven face-up painting slots.
    pub display: Vec<Option<String>>,
    pub painting_deck: Vec<String>,
    pub first_master: Option<u8>,
    /// The shuffled patron deck (`null` entries: cards hidden from the observer).
    pub patron_deck: Vec<Option<String>>,
    /// Patrons put under the deck at set-up, in keeping order (drawn in that order once the
    /// shuffled deck is empty); a drawn one is held by `drawn_by`.
    pub patrons_under_deck: Vec<UnderDeck>,
    pub players: Vec<Player>,
    pub turn: Turn,
    pub pending: Pending,
}

fn painting_name(game: &AtelierStudio, i: usize) -> String {
    game.data
        .paintings
        .get(i)
        .map_or_else(|| format!("#{i}"), |c| c.name.clone())
}

fn patron_name(game: &AtelierStudio, i: usize) -> String {
    game.data
        .patrons
        .get(i)
        .map_or_else(|| format!("#{i}"), |c| c.name.clone())
}

/// The position; `viewer: Some(q)` hides the patrons `q` does not know.
/// Named cards in card order, then the hidden ones: a hidden card's place among the named
/// ones would tell its id.
fn hidden_last(mut cards: Vec<Option<String>>) -> Vec<Option<String>> {
    cards.sort_by_key(Option::is_none);
    cards
}

pub(crate) fn to_position(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    viewer: Option<usize>,
) -> Position {
    let n = s.num_players();
    let shown = |c: usize| -> Option<String> {
        match viewer {
            None => Some(patron_name(game, c)),
            Some(q) => known_location(s, q, c).map(|_: Known| patron_name(game, c)),
        }
    };
    let players = (0..n)
        .map(|p| Player {
            dice: s.active[p],
            paint: Paint::of(&s.cyl[p]),
            students_on_piles: Paint::of(&s.students[p]),
            students_on_board: s.pool[p],
            inspiration: s.tokens[p],
            paintings: (0..NUM_PAINTINGS)
                .filter(|&i| s.painting_loc[i] as usize == p)
                .map(|i| painting_name(game, i))
                .collect(),
            patrons: hidden_last(
                (0..NUM_PATRONS)
                    .filter(|&c| {
                        s.patron_loc[c] as usize == p
                            && !s.bottom[..s.bottom_head as usize].contains(&(c as u8))
                    })
                    .map(shown)
                    .collect(),
            ),
            dealt_patrons: hidden_last(
                (0..NUM_PATRONS)
                    .filter(|&c| s.patron_loc[c] == PAT_DEALT + p as u8)
                    .map(shown)
                    .collect(),
            ),
            patrons_drawn: s.patron_draws[p],
        })
        .collect();
    // Internally the stage says what comes next: "refill" after the power, nothing once the
    // refill draw is pending. Written as what is being resolved now.
    let stage = match s.paint_stage {
        STAGE_RETURN => Stage::ReturnStudents,
        STAGE_POWER | STAGE_REFILL => Stage::Power,
        _ => Stage::Refill,
    };
    let painting = (s.paint_card != NONE).then(|| Painting {
        card: painting_name(game, s.paint_card as usize),
        slot: s.paint_slot,
        stage,
    });
    let moving = s.phase == Phase::MoveStudents;
    Position {
        game: "atelier_studio".into(),
        version: pos::POSITION_VERSION,
        num_players: n as u8,
        phase: PHASES
            .iter()
            .find(|(_, ph)| *ph == s.phase)
            .map_or(PhaseName::End, |(name, _)| *name),
        round: s.round,
        last_round: (s.end_round != 0).then_some(s.end_round),
        start_player: s.start,
        current_player: s.current,
        paint_piles: Paint::of(&s.piles),
        inspiration_supply: s.token_supply,
        display: s
            .display
            .iter()
            .map(|&d| (d != NONE).then(|| painting_name(game, d as usize)))
            .collect(),
        painting_deck: (0..NUM_PAINTINGS)
            .filter(|&i| s.painting_loc[i] == P_DECK)
            .map(|i| painting_name(game, i))
            .collect(),
        first_master: (s.first_master != NONE).then_some(s.first_master),
        patron_deck: hidden_last(
            (0..NUM_PATRONS)
                .filter(|&c| s.patron_loc[c] == PAT_DECK)
                .map(shown)
                .collect(),
        ),
        patrons_under_deck: (0..s.bottom_len as usize)
            .map(|i| {
                let c = s.bottom[i] as usize;
                UnderDeck {
                    patron: shown(c),
                    drawn_by: (i < s.bottom_head as usize).then(|| s.patron_loc[c]),
                }
            })
            .collect(),
        players,
        turn: Turn {
            rolled: s.rolled.to_vec(),
            dice_action_used: s.did_dice_action,
            inspiration_die_used: s.did_inspire,
            turn_powers_used: (0..NUM_PAINTINGS)
                .filter(|&i| s.turn_power_used & (1u64 << i) != 0)
                .map(|i| painting_name(game, i))
                .collect(),
        },
        pending: Pending {
            setup_step: s.step,
            move_offset: moving.then_some(s.sub_offset),
            moved: s.sub_moved,
            count: s.sub_count,
            painting,
        },
    }
}

/// The first round's start player: the patrons under the deck were put there in keeping
/// order, from this player clockwise (the start player moves one seat each round).
pub(crate) fn first_start_player(p: &Position, n: usize) -> usize {
    (p.start_player as usize + n * MAX_ROUNDS as usize - (p.round.max(1) as usize - 1)) % n.max(1)
}

/// The player who decides now: the turn player, or in a die-3 action the student mover.
pub(crate) fn acting(p: &Position) -> usize {
    let n = p.players.len().max(1);
    (p.current_player as usize + p.pending.move_offset.unwrap_or(0) as usize) % n
}

/// The state's phase of a position phase name.
pub(crate) fn phase_of(name: PhaseName) -> Phase {
    PHASES
        .iter()
        .find(|(nm, _)| *nm == name)
        .map_or(Phase::Terminal, |(_, ph)| *ph)
}

pub(crate) fn position_json(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    viewer: Option<usize>,
) -> String {
    pos::write(&to_position(s, game, viewer))
}

fn painting_id(game: &AtelierStudio, field: &str, name: &str) -> SalonResult<usize> {
    game.data
        .paintings
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| invalid(field, format!("{name:?} is not a painting of this game")))
}

fn patron_id(game: &AtelierStudio, field: &str, name: &str) -> SalonResult<usize> {
    game.data
        .patrons
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| invalid(field, format!("{name:?} is not a patron of this game")))
}

/// Builds a state from a position. `null` patrons are drawn from the patrons the position
/// does not name, shuffled with `rng`.
pub(crate) fn from_position(
    game: &AtelierStudio,
    text: &str,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<AtelierStudioState> {
    let p: Position = pos::parse(text)?;
    pos::check_header(
        pos::Header {
            game: &p.game,
            version: p.version,
            num_players: p.num_players as u64,
        },
        "atelier_studio",
        game.players,
    )?;
    let n = game.players;
    let mut s = AtelierStudioState::new(game);
    s.phase = PHASES
        .iter()
        .find(|(name, _)| *name == p.phase)
        .map(|(_, ph)| *ph)
        .unwrap_or(Phase::Terminal);
    let in_setup = matches!(
        s.phase,
        Phase::ChooseStart
            | Phase::DealDisplay
            | Phase::DealPatrons
            | Phase::KeepPatron
            | Phase::PlaceInitial
    );
    pos::at_most("round", p.round as u64, MAX_ROUNDS as u64)?;
    if in_setup != (p.round == 0) {
        return Err(invalid(
            "round",
            "round 0 is set-up; play starts in round 1",
        ));
    }
    s.round = p.round;
    if let Some(last) = p.last_round {
        if last < 2 || last > p.round + 1 {
            return Err(invalid("last_round", format!("the end triggered in round r makes round r+1 the last; {last} does not fit round {}", p.round)));
        }
        s.end_round = last;
    }
    pos::player_in_range("start_player", p.start_player as u64, n)?;
    pos::player_in_range("current_player", p.current_player as u64, n)?;
    s.start = p.start_player;
    s.current = p.current_player;
    s.piles = p.paint_piles.array();
    s.token_supply = p.inspiration_supply;
    s.step = p.pending.setup_step;
    let setup_limit = match s.phase {
        Phase::DealDisplay => DISPLAY - 1,
        Phase::DealPatrons => 2 * n - 1,
        Phase::KeepPatron | Phase::PlaceInitial => n - 1,
        _ => 0,
    };
    pos::at_most("pending.setup_step", s.step as u64, setup_limit as u64)?;

    // Paintings: each exactly once, in the deck, on the display or owned.
    let mut seen = [false; NUM_PAINTINGS];
    if p.display.len() != DISPLAY {
        return Err(invalid(
            "display",
            format!("must have {DISPLAY} slots, has {}", p.display.len()),
        ));
    }
    for (slot, name) in p.display.iter().enumerate() {
        if let Some(name) = name {
            let field = format!("display.{slot}");
            let i = painting_id(game, &field, name)?;
            pos::claim(&mut seen, i, &field, name)?;
            s.display[slot] = i as u8;
            s.painting_loc[i] = P_DISPLAY;
        }
    }
    for (k, name) in p.painting_deck.iter().enumerate() {
        let field = format!("painting_deck.{k}");
        let i = painting_id(game, &field, name)?;
        pos::claim(&mut seen, i, &field, name)?;
    }
    if p.players.len() != n {
        return Err(invalid(
            "players",
            format!("must have {n} entries, has {}", p.players.len()),
        ));
    }
    for (pl, player) in p.players.iter().enumerate() {
        for (k, name) in player.paintings.iter().enumerate() {
            let field = format!("players.{pl}.paintings.{k}");
            let i = painting_id(game, &field, name)?;
            pos::claim(&mut seen, i, &field, name)?;
            s.painting_loc[i] = pl as u8;
        }
    }
    if let Some(missing) = seen.iter().position(|&b| !b) {
        return Err(invalid(
            "painting_deck",
            format!("painting {:?} is nowhere", painting_name(game, missing)),
        ));
    }

    // Patrons: named ones claimed, unknown ones drawn from the rest.
    let mut seen = [false; NUM_PATRONS];
    let mut claim_all = |list: &[Option<String>], field: &str| -> SalonResult<()> {
        for (k, name) in list.iter().enumerate() {
            if let Some(name) = name {
                let f = format!("{field}.{k}");
                let c = patron_id(game, &f, name)?;
                pos::claim(&mut seen, c, &f, name)?;
            }
        }
        Ok(())
    };
    claim_all(&p.patron_deck, "patron_deck")?;
    let under: Vec<Option<String>> = p
        .patrons_under_deck
        .iter()
        .map(|u| u.patron.clone())
        .collect();
    claim_all(&under, "patrons_under_deck")?;
    for (pl, player) in p.players.iter().enumerate() {
        claim_all(&player.patrons, &format!("players.{pl}.patrons"))?;
        claim_all(
            &player.dealt_patrons,
            &format!("players.{pl}.dealt_patrons"),
        )?;
    }
    let mut fill = pos::unseen_shuffled(&seen, rng).into_iter();
    let total = p.patron_deck.len()
        + p.patrons_under_deck.len()
        + p.players
            .iter()
            .map(|pl| pl.patrons.len() + pl.dealt_patrons.len())
            .sum::<usize>();
    if total != NUM_PATRONS {
        return Err(invalid(
            "patron_deck",
            format!("the position places {total} patrons; the game has {NUM_PATRONS}"),
        ));
    }
    let mut resolve = |name: &Option<String>| -> usize {
        match name {
            Some(name) => game
                .data
                .patrons
                .iter()
                .position(|c| &c.name == name)
                .unwrap_or(0),
            None => fill.next().unwrap_or(0),
        }
    };
    for name in &p.patron_deck {
        s.patron_loc[resolve(name)] = PAT_DECK;
    }
    if p.patrons_under_deck.len() > n {
        return Err(invalid(
            "patrons_under_deck",
            format!("each player puts one patron under the deck: at most {n}"),
        ));
    }
    let drawn = p
        .patrons_under_deck
        .iter()
        .take_while(|u| u.drawn_by.is_some())
        .count();
    let first_start = first_start_player(&p, n);
    s.bottom_len = p.patrons_under_deck.len() as u8;
    s.bottom_head = drawn as u8;
    let mut drawn_by_player = [0usize; MAX_P];
    for (i, u) in p.patrons_under_deck.iter().enumerate() {
        let c = resolve(&u.patron);
        s.bottom[i] = c as u8;
        // The keeping order is the first round's start player's, clockwise (the start
        // player moves one seat each round).
        s.returned[(first_start + i) % n] = c as u8;
        match u.drawn_by {
            Some(by) if i < drawn => {
                pos::player_in_range(&format!("patrons_under_deck.{i}.drawn_by"), by as u64, n)?;
                s.patron_loc[c] = by;
                drawn_by_player[by as usize] += 1;
            }
            Some(_) => {
                return Err(invalid(
                    format!("patrons_under_deck.{i}.drawn_by"),
                    "the cards under the deck are drawn in order",
                ))
            }
            None => s.patron_loc[c] = PAT_BOTTOM + i as u8,
        }
    }
    let mut kept_count = 0;
    for (pl, player) in p.players.iter().enumerate() {
        let f = |rest: &str| format!("players.{pl}.{rest}");
        for name in &player.patrons {
            s.patron_loc[resolve(name)] = pl as u8;
        }
        for name in &player.dealt_patrons {
            s.patron_loc[resolve(name)] = PAT_DEALT + pl as u8;
        }
        pos::at_most(&f("dice"), player.dice as u64, 4)?;
        s.active[pl] = player.dice;
        s.cyl[pl] = player.paint.array();
        s.students[pl] = player.students_on_piles.array();
        s.pool[pl] = player.students_on_board;
        s.tokens[pl] = player.inspiration;
        s.patron_draws[pl] = player.patrons_drawn;
        let dealt = player.dealt_patrons.len();
        let dealt_ok = match s.phase {
            Phase::DealPatrons => {
                let got = (0..s.step as usize)
                    .filter(|k| (p.start_player as usize + k / 2) % n == pl)
                    .count();
                dealt == got
            }
            Phase::KeepPatron => {
                let kept = (0..s.step as usize).any(|k| (p.start_player as usize + k) % n == pl);
                dealt == if kept { 0 } else { 2 }
            }
            _ => dealt == 0,
        };
        if !dealt_ok {
            return Err(invalid(
                f("dealt_patrons"),
                format!("{dealt} dealt patrons do not fit the set-up step"),
            ));
        }
        let kept = match s.phase {
            Phase::ChooseStart | Phase::DealDisplay | Phase::DealPatrons => false,
            Phase::KeepPatron => {
                (0..s.step as usize).any(|k| (p.start_player as usize + k) % n == pl)
            }
            _ => true,
        };
        let held = player.patrons.len() + drawn_by_player[pl];
        if held != usize::from(kept) + player.patrons_drawn as usize {
            return Err(invalid(
                f("patrons"),
                format!(
                    "holds {held} patrons: the kept one plus {} drawn",
                    player.patrons_drawn
                ),
            ));
        }
        kept_count += usize::from(kept);
    }
    if p.patrons_under_deck.len() != kept_count {
        return Err(invalid(
            "patrons_under_deck",
            format!("{kept_count} players kept a patron and put the other under the deck"),
        ));
    }
    // The turn.
    if p.turn.rolled.len() != 6 {
        return Err(invalid("turn.rolled", "six counts, one per face"));
    }
    for (i, &k) in p.turn.rolled.iter().enumerate() {
        s.rolled[i] = k;
    }
    let in_turn = matches!(
        s.phase,
        Phase::Roll
            | Phase::Main
            | Phase::MoveStudents
            | Phase::ReturnStudents
            | Phase::PowerPlace
            | Phase::PowerGain
            | Phase::DrawPatron
            | Phase::Refill
    );
    let rolled: u32 = p.turn.rolled.iter().map(|&k| k as u32).sum();
    if rolled > s.active[s.current as usize] as u32 {
        return Err(invalid(
            "turn.rolled",
            format!(
                "{rolled} unspent dice but the turn player rolled {}",
                s.active[s.current as usize]
            ),
        ));
    }
    if !in_turn
        && (rolled > 0
            || p.turn.dice_action_used
            || p.turn.inspiration_die_used
            || !p.turn.turn_powers_used.is_empty())
    {
        return Err(invalid("turn", "no turn is under way in this phase"));
    }
    s.did_dice_action = p.turn.dice_action_used;
    s.did_inspire = p.turn.inspiration_die_used;
    for (k, name) in p.turn.turn_powers_used.iter().enumerate() {
        let field = format!("turn.turn_powers_used.{k}");
        let i = painting_id(game, &field, name)?;
        if s.painting_loc[i] != s.current {
            return Err(invalid(
                field,
                format!("{name:?} is not a painting of the turn player"),
            ));
        }
        s.turn_power_used |= 1u64 << i;
    }

    // Sub-decisions.
    let moving = s.phase == Phase::MoveStudents;
    s.sub_moved = p.pending.moved;
    match (moving, p.pending.move_offset) {
        (true, Some(o)) => {
            pos::at_most("pending.move_offset", o as u64, n as u64 - 1)?;
            s.sub_offset = o;
            if s.on_piles(s.move_player()) == 0 {
                return Err(invalid(
                    "pending.move_offset",
                    "the player moving a student has none on the piles",
                ));
            }
        }
        (true, None) => {
            return Err(invalid(
                "pending.move_offset",
                "required in the move_students phase",
            ))
        }
        (false, None) => {}
        (false, Some(_)) => {
            return Err(invalid(
                "pending.move_offset",
                "must be null outside the move_students phase",
            ))
        }
    }
    s.sub_count = p.pending.count;
    let count_phase = matches!(s.phase, Phase::ReturnStudents | Phase::PowerGain);
    if count_phase != (s.sub_count > 0) {
        return Err(invalid(
            "pending.count",
            "positive exactly in the return_students and power_gain phases",
        ));
    }
    match &p.pending.painting {
        None => {
            if matches!(
                s.phase,
                Phase::ReturnStudents | Phase::PowerPlace | Phase::PowerGain | Phase::Refill
            ) {
                return Err(invalid(
                    "pending.painting",
                    "this phase resolves a painting",
                ));
            }
        }
        Some(pt) => {
            let i = painting_id(game, "pending.painting.card", &pt.card)?;
            if s.painting_loc[i] != s.current {
                return Err(invalid(
                    "pending.painting.card",
                    "the painting being resolved belongs to the turn player",
                ));
            }
            pos::at_most("pending.painting.slot", pt.slot as u64, DISPLAY as u64 - 1)?;
            s.paint_card = i as u8;
            s.paint_slot = pt.slot;
            let stage_ok = match s.phase {
                Phase::ReturnStudents => pt.stage == Stage::ReturnStudents,
                Phase::PowerPlace | Phase::PowerGain | Phase::DrawPatron => {
                    pt.stage == Stage::Power
                }
                Phase::Refill => pt.stage == Stage::Refill,
                _ => false,
            };
            if !stage_ok {
                return Err(invalid("pending.painting.stage", "does not fit the phase"));
            }
            s.paint_stage = match pt.stage {
                Stage::ReturnStudents => STAGE_RETURN,
                Stage::Power => STAGE_REFILL,
                Stage::Refill => STAGE_NONE,
            };
            if s.phase == Phase::Refill && s.display[pt.slot as usize] != NONE {
                return Err(invalid(
                    "pending.painting.slot",
                    "the slot to refill must be empty",
                ));
            }
        }
    }
    if s.phase == Phase::Refill && p.pending.painting.is_none() {
        return Err(invalid("pending.painting", "a refill follows a painting"));
    }

    match p.first_master {
        None => {}
        Some(fm) => {
            pos::player_in_range("first_master", fm as u64, n)?;
            if p.last_round.is_none() {
                return Err(invalid(
                    "last_round",
                    "taking the First Master token triggers the end",
                ));
            }
            s.first_master = fm;
        }
    }

    // Every cylinder, student and token in exactly one place.
    for (c, colour) in crate::components::COLOUR_NAMES.iter().enumerate() {
        let total = s.piles[c] as usize + (0..n).map(|pl| s.cyl[pl][c] as usize).sum::<usize>();
        if total != CYLINDERS_PER_COLOUR as usize {
            return Err(invalid(
                format!("paint_piles.{colour}"),
                format!("{total} {colour} cylinders in all; the game has {CYLINDERS_PER_COLOUR}"),
            ));
        }
    }
    for pl in 0..n {
        let total = s.pool[pl] as usize + s.students[pl].iter().map(|&k| k as usize).sum::<usize>();
        if total != STUDENTS as usize {
            return Err(invalid(
                format!("players.{pl}.students_on_board"),
                format!("{total} students in all; each player has {STUDENTS}"),
            ));
        }
    }
    let tokens = s.token_supply as usize + s.tokens[..n].iter().map(|&k| k as usize).sum::<usize>();
    if tokens != TOKENS as usize {
        return Err(invalid(
            "inspiration_supply",
            format!("{tokens} inspiration tokens in all; the game has {TOKENS}"),
        ));
    }
    check_conservation(game, &s).map_err(|e| invalid("players", e))?;
    for (i, &d) in s.display.iter().enumerate() {
        let should_be_full = match s.phase {
            Phase::ChooseStart => false,
            Phase::DealDisplay => i < s.step as usize,
            _ => true,
        };
        let refilling = matches!(
            s.phase,
            Phase::Refill
                | Phase::PowerPlace
                | Phase::PowerGain
                | Phase::DrawPatron
                | Phase::ReturnStudents
        ) && p
            .pending
            .painting
            .as_ref()
            .is_some_and(|pt| pt.slot as usize == i);
        if should_be_full && d == NONE && !refilling && s.painting_loc.contains(&P_DECK) {
            return Err(invalid(
                format!("display.{i}"),
                "an empty slot is refilled from the deck at once",
            ));
        }
        if !should_be_full && d != NONE {
            return Err(invalid(
                format!("display.{i}"),
                "not dealt yet at this set-up step",
            ));
        }
    }
    if s.phase != Phase::Terminal {
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        actions::legal_actions(&s, game, &mut legal);
        actions::chance_outcomes(&s, game, &mut outcomes);
        if legal.is_empty() && outcomes.actions().is_empty() {
            return Err(invalid(
                "phase",
                "nothing can happen from this position (no legal move, no chance outcome)",
            ));
        }
    }
    Ok(s)
}
