//! The table as data: the position format of atelier_canvas (`docs/positions.md`), written
//! from a state (whole, or as one player sees it) and read back with every invariant checked.
//!
//! Cards are named by their id in the component file (`B01`, `D07`...). The deck and the
//! discard pile are drawn or reshuffled at random, so they are written as sorted lists.
//! A player's view has `null` for the deck's cards and for opponents' face-down hand cards
//! (with the deck epoch each was drawn in, which everyone saw).

use salon_core::position::{self as pos, invalid};
use salon_core::{ActionList, ChanceOutcomes, SalonResult, Xoshiro256StarStar};
use serde::{Deserialize, Serialize};

use crate::actions::{self, mover_can_go_on};
use crate::components::{kind_of, Kind, NUM_BASIC, NUM_BLANK, NUM_CARDS, NUM_OBJECTIVES};
use crate::holdings::{
    F_FAKE, F_KNOWN, F_TAPPED, LOC_CIRCLE, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PALETTE,
    LOC_PLAYING,
};
use crate::invariants::check_invariants;
use crate::state::{hidden_from, AtelierCanvasState, Phase, NONE, TAKE_FROM_DECK};
use crate::{game::AtelierCanvas, game::CIRCLE, game::DEAL, game::HAND_LIMIT};

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    /// Chance: the next card of the deal.
    Deal,
    /// Chance: an empty circle slot is filled from the deck.
    Refill,
    /// Draw (first take) or play a card, or pass.
    Start,
    /// The second take of a draw.
    SecondTake,
    /// Chance: a card from the deck to the current player's hand.
    DeckDraw,
    Discard,
    /// Where the card being played goes.
    Target,
    /// The next payment for the card being played.
    Pay,
    /// Play another card of the same type, or end the turn.
    More,
    End,
}

const PHASES: [(PhaseName, Phase); 10] = [
    (PhaseName::Deal, Phase::Deal),
    (PhaseName::Refill, Phase::Refill),
    (PhaseName::Start, Phase::Start),
    (PhaseName::SecondTake, Phase::Second),
    (PhaseName::DeckDraw, Phase::DeckDraw),
    (PhaseName::Discard, Phase::Discard),
    (PhaseName::Target, Phase::Target),
    (PhaseName::Pay, Phase::Pay),
    (PhaseName::More, Phase::More),
    (PhaseName::End, Phase::End),
];

/// The version of atelier_canvas positions: 2 names the rules variants one by one (version
/// 1, with a single `expert` flag, still reads).
pub const VERSION: u32 = 2;

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum JokerColours {
    Primary,
    Basic,
}

/// Checks that the rules variants a position names are the game's. Version 1 positions
/// carry `expert` alone (both expert rules); version 2 positions each rule and the joker
/// colours.
fn check_variants(game: &AtelierCanvas, p: &Position) -> SalonResult<()> {
    let same = |field: &str, given: Option<bool>, played: bool| -> SalonResult<()> {
        match given {
            None => Err(invalid(
                field,
                format!("required in version {} positions", p.version),
            )),
            Some(v) if v != played => Err(invalid(
                field,
                format!("this game is played with {field} = {played}"),
            )),
            Some(_) => Ok(()),
        }
    };
    let absent = |field: &str, given: bool| -> SalonResult<()> {
        if given {
            return Err(invalid(
                field,
                format!("not a field of version {} positions", p.version),
            ));
        }
        Ok(())
    };
    match p.version {
        1 => {
            same("expert", p.expert, game.expert())?;
            absent("expert_secondary", p.expert_secondary.is_some())?;
            absent("expert_draw", p.expert_draw.is_some())?;
            absent("joker_colours", p.joker_colours.is_some())
        }
        _ => {
            absent("expert", p.expert.is_some())?;
            same(
                "expert_secondary",
                p.expert_secondary,
                game.expert_secondary(),
            )?;
            same("expert_draw", p.expert_draw, game.expert_draw())?;
            let played = if game.jokers_pay_white_black() {
                JokerColours::Basic
            } else {
                JokerColours::Primary
            };
            match p.joker_colours {
                None => Err(invalid("joker_colours", "required in version 2 positions")),
                Some(j) if j != played => Err(invalid(
                    "joker_colours",
                    format!(
                        "this game is played with joker_colours = {}",
                        if played == JokerColours::Basic {
                            "basic"
                        } else {
                            "primary"
                        }
                    ),
                )),
                Some(_) => Ok(()),
            }
        }
    }
}

/// Basic colour units.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Basic {
    pub cyan: u8,
    pub magenta: u8,
    pub yellow: u8,
    pub white: u8,
    pub black: u8,
}

impl Basic {
    fn of(a: &[u8; NUM_BASIC]) -> Self {
        Basic {
            cyan: a[0],
            magenta: a[1],
            yellow: a[2],
            white: a[3],
            black: a[4],
        }
    }
    pub(crate) fn array(&self) -> [u8; NUM_BASIC] {
        [self.cyan, self.magenta, self.yellow, self.white, self.black]
    }
}

impl Secondary {
    pub(crate) fn array(&self) -> [u8; 4] {
        [self.grey, self.red, self.blue, self.green]
    }
}

/// Secondary colours (expert pairs).
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Secondary {
    pub grey: u8,
    pub red: u8,
    pub blue: u8,
    pub green: u8,
}

/// The unpaid cost of the card being played.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Needs {
    /// Units any source may pay (jokers only cyan, magenta and yellow).
    pub plain: Basic,
    /// Units that are halves of secondary colours (no joker).
    pub halves: Basic,
    /// Expert variant: secondary colours still to pay with a drawn-on-blank pair.
    pub pairs: Secondary,
}

/// A card in a hand.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct HandCard {
    /// `null`: hidden from the observer.
    pub card: Option<String>,
    /// Taken face up from the circle: every player knows it.
    pub known: bool,
    /// The deck epoch (reshuffles before) the card was drawn in.
    pub epoch: u16,
}

/// A card of a palette stack.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct PaletteCard {
    pub card: String,
    /// Turned this turn (its colour is used).
    pub turned: bool,
    /// A painted canvas made as a fake.
    pub fake: bool,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub hand: Vec<HandCard>,
    /// Stacks, each from its blank canvas up.
    pub palette: Vec<Vec<PaletteCard>>,
}

/// The turn in progress.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The first take of a draw: a circle slot 0..7, or 8 for the deck (`null` before it).
    pub first_take: Option<u8>,
    pub takes: u8,
    /// The kind of card played this turn (`blank`, `drawn`, `painted`), and how many.
    pub play_kind: Option<String>,
    pub played: u8,
    /// The card being played, and the blank canvas at the bottom of its target stack.
    pub playing: Option<String>,
    pub target: Option<String>,
    pub needs: Needs,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    pub version: u32,
    pub num_players: u8,
    /// Version 1 only: both expert rules (version 2 names each rule and the joker colours).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expert: Option<bool>,
    /// Expert rule 1: secondary colours only from a drawn-on-blank pair of the palette.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expert_secondary: Option<bool>,
    /// Expert rule 2: no mixed draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expert_draw: Option<bool>,
    /// What a joker pays: `primary` (cyan, magenta, yellow) or `basic` (also white, black).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker_colours: Option<JokerColours>,
    pub phase: PhaseName,
    /// True until the set-up (deal and first circle) is over.
    pub setup: bool,
    pub current_player: u8,
    /// Turns completed, all players together.
    pub turns: u16,
    pub end_triggered: bool,
    /// Consecutive forced passes.
    pub passes: u8,
    /// Reshuffles of the discard pile so far.
    pub deck_epoch: u16,
    /// The deal: the player receiving cards and how many are still to come.
    pub deal_player: u8,
    pub deal_left: u8,
    /// The circle of face-up cards, slot by slot.
    pub circle: Vec<Option<String>>,
    /// `null` entries: hidden from the observer.
    pub deck: Vec<Option<String>>,
    pub discard: Vec<String>,
    /// The owner of each objective card (in component-file order).
    pub objectives: Vec<Option<u8>>,
    pub players: Vec<Player>,
    pub turn: Turn,
}

const KIND_NAMES: [&str; 3] = ["blank", "drawn", "painted"];

fn name(game: &AtelierCanvas, c: usize) -> String {
    game.set
        .cards
        .get(c)
        .map_or_else(|| format!("#{c}"), |card| card.id.clone())
}

/// The position; `viewer: Some(q)` hides what `q` may not see.
pub(crate) fn to_position(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    viewer: Option<usize>,
) -> Position {
    let n = game.players;
    let shown = |c: usize| match viewer {
        Some(q) if hidden_from(s, c, q) => None,
        _ => Some(name(game, c)),
    };
    let players = (0..n)
        .map(|p| Player {
            hand: {
                let mut hand: Vec<HandCard> = (0..NUM_CARDS)
                    .filter(|&c| s.loc[c] == LOC_HAND + p as u8)
                    .map(|c| HandCard {
                        card: shown(c),
                        known: s.flags[c] & F_KNOWN != 0,
                        epoch: s.epoch[c],
                    })
                    .collect();
                // Hidden cards last, by epoch: their place in card order would tell their ids.
                hand.sort_by_key(|h| {
                    (h.card.is_none(), if h.card.is_none() { h.epoch } else { 0 })
                });
                hand
            },
            palette: s
                .palette(p)
                .into_iter()
                .map(|stack| {
                    stack
                        .into_iter()
                        .map(|c| PaletteCard {
                            card: name(game, c),
                            turned: s.flags[c] & F_TAPPED != 0,
                            fake: s.flags[c] & F_FAKE != 0,
                        })
                        .collect()
                })
                .collect(),
        })
        .collect();
    let opt = |c: u8| (c != NONE).then(|| name(game, c as usize));
    let mut deck: Vec<Option<String>> = (0..NUM_CARDS)
        .filter(|&c| s.loc[c] == LOC_DECK)
        .map(shown)
        .collect();
    // Hidden cards last: their place in card order would tell their ids.
    deck.sort_by_key(Option::is_none);
    Position {
        game: "atelier_canvas".into(),
        version: VERSION,
        num_players: n as u8,
        expert: None,
        expert_secondary: Some(game.expert_secondary()),
        expert_draw: Some(game.expert_draw()),
        joker_colours: Some(if game.jokers_pay_white_black() {
            JokerColours::Basic
        } else {
            JokerColours::Primary
        }),
        phase: PHASES
            .iter()
            .find(|(_, ph)| *ph == s.phase)
            .map_or(PhaseName::End, |(nm, _)| *nm),
        setup: s.setup,
        current_player: s.current,
        turns: s.turns,
        end_triggered: s.end_triggered,
        passes: s.passes,
        deck_epoch: s.epoch_now,
        deal_player: s.deal_player,
        deal_left: s.deal_left,
        circle: s.circle.iter().map(|&c| opt(c)).collect(),
        deck,
        discard: (0..NUM_CARDS)
            .filter(|&c| s.loc[c] == LOC_DISCARD)
            .map(|c| name(game, c))
            .collect(),
        objectives: s
            .objective_owner
            .iter()
            .map(|&o| (o != NONE).then_some(o))
            .collect(),
        players,
        turn: Turn {
            first_take: (s.first_take != NONE).then_some(s.first_take),
            takes: s.takes,
            play_kind: (s.play_kind != NONE)
                .then(|| KIND_NAMES[s.play_kind as usize % 3].to_string()),
            played: s.played,
            playing: opt(s.sel_card),
            target: opt(s.sel_target),
            needs: Needs {
                plain: Basic::of(&s.need_plain),
                halves: Basic::of(&s.need_comp),
                pairs: Secondary {
                    grey: s.need_pair[0],
                    red: s.need_pair[1],
                    blue: s.need_pair[2],
                    green: s.need_pair[3],
                },
            },
        },
    }
}

/// The state's phase of a position phase name.
pub(crate) fn phase_of(name: PhaseName) -> Phase {
    PHASES
        .iter()
        .find(|(nm, _)| *nm == name)
        .map_or(Phase::End, |(_, ph)| *ph)
}

pub(crate) fn position_json(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    viewer: Option<usize>,
) -> String {
    pos::write(&to_position(s, game, viewer))
}

/// Builds a state from a position. `null` cards are drawn from the cards the position does
/// not name, shuffled with `rng` (uniformly over the unseen cards: a state consistent with
/// the view; `resample_from_infostate` also respects the deck epochs a player remembers).
pub(crate) fn from_position(
    game: &AtelierCanvas,
    text: &str,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<AtelierCanvasState> {
    let p: Position = pos::parse(text)?;
    let has_unknown = p.deck.iter().any(Option::is_none)
        || p.players
            .iter()
            .flat_map(|pl| &pl.hand)
            .any(|h| h.card.is_none());
    // As `resample_from_infostate` does: a player who chose a card to play (its target, or
    // paying) is known to be able to pay it, so draws that leave that player stuck are redrawn.
    let mut result = build(game, &p, rng);
    for _ in 0..STUCK_REDRAWS {
        match &result {
            Err(salon_core::SalonError::InvalidPosition { field, .. })
                if has_unknown && field == STUCK_FIELD =>
            {
                result = build(game, &p, rng)
            }
            _ => break,
        }
    }
    result
}

const STUCK_REDRAWS: usize = 4096;
const STUCK_FIELD: &str = "phase";

fn build(
    game: &AtelierCanvas,
    p: &Position,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<AtelierCanvasState> {
    let index = pos::NameIndex::new(game.set.cards.iter().map(|c| c.id.as_str()), "card");
    let card_id = |field: &str, card: &str| index.id(field, card);
    let header = pos::Header {
        game: &p.game,
        version: p.version,
        num_players: u64::from(p.num_players),
    };
    let n = game.players;
    pos::check_header_versions(header, "atelier_canvas", n, &[1, VERSION])?;
    check_variants(game, p)?;
    let mut s = AtelierCanvasState::new(game);
    s.phase = PHASES
        .iter()
        .find(|(nm, _)| *nm == p.phase)
        .map_or(Phase::End, |(_, ph)| *ph);
    s.setup = p.setup;
    if p.setup && !matches!(s.phase, Phase::Deal | Phase::Refill) {
        return Err(invalid(
            "setup",
            "set-up is the deal and the first filling of the circle",
        ));
    }
    if s.phase == Phase::Deal && !p.setup {
        return Err(invalid("setup", "the deal is part of set-up"));
    }
    pos::player_in_range("current_player", p.current_player as u64, n)?;
    s.current = p.current_player;
    s.turns = p.turns;
    s.end_triggered = p.end_triggered;
    pos::at_most("passes", p.passes as u64, n as u64)?;
    s.passes = p.passes;
    s.epoch_now = p.deck_epoch;
    if s.phase == Phase::Deal {
        pos::player_in_range("deal_player", p.deal_player as u64, n)?;
        if p.deal_left == 0 || p.deal_left as usize > DEAL[p.deal_player as usize % DEAL.len()] {
            return Err(invalid(
                "deal_left",
                format!(
                    "player {} is dealt 1 to {} more cards",
                    p.deal_player,
                    DEAL[p.deal_player as usize % DEAL.len()]
                ),
            ));
        }
    } else if p.deal_player as usize != n || p.deal_left != 0 {
        return Err(invalid(
            "deal_player",
            format!("after the deal: deal_player {n}, deal_left 0"),
        ));
    }
    s.deal_player = p.deal_player;
    s.deal_left = p.deal_left;

    // Cards: each named card claimed once, unknown ones drawn from the rest.
    let mut seen = [false; NUM_CARDS];
    if p.circle.len() != CIRCLE {
        return Err(invalid(
            "circle",
            format!("must have {CIRCLE} slots, has {}", p.circle.len()),
        ));
    }
    let mut claim = |field: String, card: &str| -> SalonResult<usize> {
        let c = card_id(&field, card)?;
        pos::claim(&mut seen, c, &field, card)?;
        Ok(c)
    };
    s.circle = [NONE; CIRCLE];
    for (i, card) in p.circle.iter().enumerate() {
        if let Some(card) = card {
            let c = claim(format!("circle.{i}"), card)?;
            s.circle[i] = c as u8;
            s.loc[c] = LOC_CIRCLE + i as u8;
        }
    }
    for (k, card) in p.discard.iter().enumerate() {
        let c = claim(format!("discard.{k}"), card)?;
        s.loc[c] = LOC_DISCARD;
    }
    for (k, card) in p.deck.iter().enumerate() {
        if let Some(card) = card {
            claim(format!("deck.{k}"), card)?;
        }
    }
    if p.players.len() != n {
        return Err(invalid(
            "players",
            format!("must have {n} entries, has {}", p.players.len()),
        ));
    }
    for (pl, player) in p.players.iter().enumerate() {
        for (k, hc) in player.hand.iter().enumerate() {
            if let Some(card) = &hc.card {
                claim(format!("players.{pl}.hand.{k}.card"), card)?;
            }
            if hc.epoch > p.deck_epoch {
                return Err(invalid(
                    format!("players.{pl}.hand.{k}.epoch"),
                    "a card cannot come from a later deck epoch",
                ));
            }
        }
        for (k, stack) in player.palette.iter().enumerate() {
            for (h, pc) in stack.iter().enumerate() {
                claim(format!("players.{pl}.palette.{k}.{h}.card"), &pc.card)?;
            }
        }
    }
    let playing = match &p.turn.playing {
        Some(card) => Some(claim("turn.playing".into(), card)?),
        None => None,
    };
    let mut fill = pos::unseen_shuffled(&seen, rng).into_iter();
    let named = seen.iter().filter(|&&b| b).count();
    let unknown = p.deck.iter().filter(|c| c.is_none()).count()
        + p.players
            .iter()
            .flat_map(|pl| &pl.hand)
            .filter(|h| h.card.is_none())
            .count();
    if named + unknown != NUM_CARDS {
        return Err(invalid(
            "deck",
            format!(
                "the position places {} cards; the game has {NUM_CARDS}",
                named + unknown
            ),
        ));
    }
    let mut resolve = |card: &Option<String>| -> usize {
        match card {
            Some(card) => index.id("deck", card).unwrap_or(0),
            None => fill.next().unwrap_or(0),
        }
    };
    for card in &p.deck {
        s.loc[resolve(card)] = LOC_DECK;
    }
    s.paintings = 0;
    s.artworks_done = 0;
    for (pl, player) in p.players.iter().enumerate() {
        for hc in &player.hand {
            let c = resolve(&hc.card);
            s.loc[c] = LOC_HAND + pl as u8;
            s.flags[c] = if hc.known { F_KNOWN } else { 0 };
            s.epoch[c] = hc.epoch;
        }
        if player.hand.len() > HAND_LIMIT + 2 {
            return Err(invalid(
                format!("players.{pl}.hand"),
                format!(
                    "{} cards: more than a turn can bring over the limit of {}",
                    player.hand.len(),
                    HAND_LIMIT
                ),
            ));
        }
        for (k, stack) in player.palette.iter().enumerate() {
            let mut below: Option<usize> = None;
            for (h, pc) in stack.iter().enumerate() {
                let f = format!("players.{pl}.palette.{k}.{h}");
                let c = index.id("players", &pc.card).unwrap_or(0);
                s.loc[c] = LOC_PALETTE + pl as u8;
                let ok = match (below, kind_of(c)) {
                    (None, Kind::Blank) => true,
                    (Some(b), Kind::Drawn) => kind_of(b) == Kind::Blank,
                    (Some(b), Kind::Painted) => {
                        kind_of(b) == Kind::Drawn
                            && game.set.cards[b].artwork == game.set.cards[c].artwork
                    }
                    _ => false,
                };
                if !ok {
                    let problem = match below {
                        None => "a stack starts with a blank canvas".to_string(),
                        Some(b) => format!("{:?} may not lie on {:?}", pc.card, name(game, b)),
                    };
                    return Err(invalid(format!("{f}.card"), problem));
                }
                if let Some(b) = below {
                    s.on[b] = c as u8;
                }
                if pc.turned && pl != p.current_player as usize {
                    return Err(invalid(
                        format!("{f}.turned"),
                        "only the current player's cards are turned",
                    ));
                }
                if pc.fake && kind_of(c) != Kind::Painted {
                    return Err(invalid(
                        format!("{f}.fake"),
                        "only a painted canvas can be a fake",
                    ));
                }
                s.flags[c] =
                    if pc.turned { F_TAPPED } else { 0 } | if pc.fake { F_FAKE } else { 0 };
                if kind_of(c) == Kind::Painted {
                    s.paintings += 1;
                    s.artworks_done |= 1u64 << game.set.cards[c].artwork;
                }
                below = Some(c);
            }
        }
    }

    // The turn.
    let t = &p.turn;
    let in_turn = matches!(
        s.phase,
        Phase::Start
            | Phase::Second
            | Phase::DeckDraw
            | Phase::Discard
            | Phase::Target
            | Phase::Pay
            | Phase::More
    );
    match t.first_take {
        None => s.first_take = NONE,
        Some(ft) => {
            pos::at_most("turn.first_take", ft as u64, TAKE_FROM_DECK as u64)?;
            s.first_take = ft;
        }
    }
    pos::at_most("turn.takes", t.takes as u64, 2)?;
    s.takes = t.takes;
    s.play_kind = match &t.play_kind {
        None => NONE,
        Some(k) => pos::index_of(&KIND_NAMES, "turn.play_kind", k)? as u8,
    };
    s.played = t.played;
    if !in_turn
        && !s.setup
        && s.phase != Phase::End
        && (s.phase != Phase::Refill)
        && (t.takes > 0 || t.played > 0)
    {
        return Err(invalid("turn", "no turn is under way"));
    }
    let paying = matches!(s.phase, Phase::Target | Phase::Pay);
    match (paying, playing) {
        (true, Some(c)) => {
            if kind_of(c) == Kind::Joker {
                return Err(invalid(
                    "turn.playing",
                    "a joker is never played onto a palette",
                ));
            }
            s.sel_card = c as u8;
            s.loc[c] = LOC_PLAYING;
        }
        (true, None) => {
            return Err(invalid(
                "turn.playing",
                "the target and pay phases have a card being played",
            ))
        }
        (false, Some(_)) => {
            return Err(invalid(
                "turn.playing",
                "must be null outside the target and pay phases",
            ))
        }
        (false, None) => {}
    }
    s.sel_target = match &t.target {
        None => NONE,
        Some(card) => {
            let b = card_id("turn.target", card)?;
            if b >= NUM_BLANK || s.loc[b] != LOC_PALETTE + p.current_player {
                return Err(invalid(
                    "turn.target",
                    "the target is a blank canvas of the current player's palette",
                ));
            }
            b as u8
        }
    };
    if s.phase == Phase::Pay
        && s.sel_target == NONE
        && playing.is_some_and(|c| kind_of(c) != Kind::Blank)
    {
        return Err(invalid(
            "turn.target",
            "a drawn or painted canvas being paid for has its target",
        ));
    }
    s.need_plain = t.needs.plain.array();
    s.need_comp = t.needs.halves.array();
    s.need_pair = [
        t.needs.pairs.grey,
        t.needs.pairs.red,
        t.needs.pairs.blue,
        t.needs.pairs.green,
    ];
    if s.phase != Phase::Pay && !s.needs().is_zero() && s.phase != Phase::Target {
        return Err(invalid(
            "turn.needs",
            "a cost is owed only while a card is being played",
        ));
    }

    // Objectives.
    if p.objectives.len() != NUM_OBJECTIVES {
        return Err(invalid(
            "objectives",
            format!(
                "must have {NUM_OBJECTIVES} entries, has {}",
                p.objectives.len()
            ),
        ));
    }
    for (i, o) in p.objectives.iter().enumerate() {
        s.objective_owner[i] = match o {
            None => NONE,
            Some(owner) => {
                pos::player_in_range(&format!("objectives.{i}"), *owner as u64, n)?;
                *owner
            }
        };
    }

    // Counters follow from the places.
    s.deck_count = (0..NUM_CARDS).filter(|&c| s.loc[c] == LOC_DECK).count() as u8;
    s.discard_count = (0..NUM_CARDS).filter(|&c| s.loc[c] == LOC_DISCARD).count() as u8;
    for pl in 0..n {
        s.hand_count[pl] = (0..NUM_CARDS)
            .filter(|&c| s.loc[c] == LOC_HAND + pl as u8)
            .count() as u8;
    }
    if s.phase == Phase::Deal {
        let dealt_before: usize = (0..p.deal_player as usize)
            .map(|j| DEAL[j % DEAL.len()])
            .sum();
        let dealt = dealt_before + DEAL[p.deal_player as usize % DEAL.len()] - p.deal_left as usize;
        let held: usize = s.hand_count[..n].iter().map(|&k| k as usize).sum();
        if held != dealt {
            return Err(invalid(
                "players",
                format!("{held} cards in hands, but the deal has given {dealt}"),
            ));
        }
    }
    s.sync_sets();
    check_invariants(game, &s).map_err(|e| invalid("players", e))?;
    if s.phase != Phase::End {
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        actions::legal_actions(&s, game, &mut legal);
        actions::chance_outcomes(&s, &mut outcomes);
        if legal.is_empty() && outcomes.actions().is_empty() {
            return Err(invalid(
                STUCK_FIELD,
                "nothing can happen from this position (no legal move, no chance outcome)",
            ));
        }
        // A card is only offered when its whole cost can be paid: a player choosing its target
        // or paying must be able to finish (and unknown cards are redrawn until they can).
        if !mover_can_go_on(&s, game) {
            return Err(invalid(
                STUCK_FIELD,
                "the player to move cannot pay for the card being played",
            ));
        }
    }
    Ok(s)
}
