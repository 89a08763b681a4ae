//! Observation tensor and string. The game is perfect information: every player sees the
//! whole table, so there is no information-state string and no resampling.
//!
//! Tensor layout (1-D, `136 + 3n + n * (627 + T)` floats for `n` players and a broken-glass
//! track of `T` spaces; 1 = set in one-hot blocks, raw counts elsewhere):
//!
//! Global part:
//! - factories: 9 x 5 piece counts (unused factories 0) — 45
//! - centre: 5 counts, start-player tile in the centre — 6
//! - bag: 5 counts; tower: 5 counts — 10
//! - round track spaces I..VI: one-hot colour each (all 0 = empty) — 30
//! - round number one-hot (0..5, 6 = over) — 7
//! - phase one-hot (start player, strips, round track, fill, play, keep, end) — 7
//! - player to move, relative to the observer, one-hot — n
//! - start player, relative, one-hot — n
//! - pending keep decision: slot one-hot (on the board of the player to move) — 8
//! - set-up progress: player being set up (relative) n, slot 8, round-track step 6, factory being filled 9
//!
//! Then one block per player, the observer first, then the others in seat order after him:
//! - per slot (8 x 76): strip present 1, strip id one-hot 8, face one-hot 2, per space (5):
//!   required colour one-hot 5 + joker 1, filled colour one-hot 5; window top and bottom: colour one-hot 5 each
//! - glazier slot one-hot 8
//! - broken-glass marker position one-hot T
//! - resets, score, holds the start-player tile (this round) — 3
//! - strips placed during set-up, one flag per strip id — 8

use std::fmt::Write;

use salon_core::TensorWriter;

use crate::components::{JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::state::{AzulSintraState, Phase};
use crate::{game::AzulSintra, game::MAX_FACTORIES, game::NUM_ROUNDS};

const PER_SLOT: usize =
    1 + NUM_SLOTS + 2 + STRIP_SPACES * (NUM_COLOURS + 1 + NUM_COLOURS) + 2 * NUM_COLOURS;

fn player_block_size(game: &AzulSintra) -> usize {
    NUM_SLOTS * PER_SLOT + NUM_SLOTS + game.track_len + 3 + NUM_SLOTS
}

fn global_size(n: usize) -> usize {
    MAX_FACTORIES * NUM_COLOURS
        + (NUM_COLOURS + 1)
        + 2 * NUM_COLOURS
        + NUM_ROUNDS * NUM_COLOURS
        + (NUM_ROUNDS + 1)
        + 7
        + n
        + n
        + NUM_SLOTS
        + n
        + NUM_SLOTS
        + 6
        + MAX_FACTORIES
}

pub(crate) fn tensor_size(game: &AzulSintra) -> usize {
    global_size(game.num_players) + game.num_players * player_block_size(game)
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::StartPlayer => 0,
        Phase::Strips => 1,
        Phase::RoundTrack => 2,
        Phase::Fill => 3,
        Phase::Play => 4,
        Phase::Keep => 5,
        Phase::End => 6,
    }
}

pub(crate) fn observation_tensor(
    s: &AzulSintraState,
    game: &AzulSintra,
    player: usize,
    out: &mut [f32],
) {
    let n = game.num_players;
    let rel = |p: usize| (p + n - player % n) % n;
    let mut w = TensorWriter::new(out);
    for f in 0..MAX_FACTORIES {
        for c in 0..NUM_COLOURS {
            w.put(s.factories[f][c] as f32);
        }
    }
    for c in 0..NUM_COLOURS {
        w.put(s.centre[c] as f32);
    }
    w.put(if s.tile_in_centre { 1.0 } else { 0.0 });
    for c in 0..NUM_COLOURS {
        w.put(s.bag[c] as f32);
    }
    for c in 0..NUM_COLOURS {
        w.put(s.tower[c] as f32);
    }
    for i in 0..NUM_ROUNDS {
        w.one_hot_opt(NUM_COLOURS, s.round_track(i));
    }
    w.one_hot_opt(NUM_ROUNDS + 1, Some(s.round as usize));
    w.one_hot_opt(7, Some(phase_index(s.phase)));
    let playing = matches!(s.phase, Phase::Play | Phase::Keep);
    w.one_hot_opt(n, playing.then(|| rel(s.current as usize)));
    w.one_hot_opt(n, Some(rel(s.start_player as usize)));
    w.one_hot_opt(NUM_SLOTS, s.keep_slot());
    w.one_hot_opt(
        n,
        (s.phase == Phase::Strips).then(|| rel(s.setup_player as usize)),
    );
    w.one_hot_opt(
        NUM_SLOTS,
        (s.phase == Phase::Strips).then_some(s.setup_slot as usize),
    );
    w.one_hot_opt(
        6,
        (s.phase == Phase::RoundTrack).then_some(s.track_step as usize),
    );
    w.one_hot_opt(
        MAX_FACTORIES,
        (s.phase == Phase::Fill).then_some(s.fill_factory as usize),
    );
    for k in 0..n {
        let p = (player + k) % n;
        let b = s.board(p);
        for slot in 0..NUM_SLOTS {
            let present = b.has_strip(slot);
            w.put(if present { 1.0 } else { 0.0 });
            w.one_hot_opt(NUM_SLOTS, present.then_some(b.strip[slot] as usize));
            w.one_hot_opt(2, present.then_some(b.face[slot] as usize));
            for i in 0..STRIP_SPACES {
                let kind = present.then(|| s.space_kind(game, p, slot, i) as usize);
                w.one_hot_opt(
                    NUM_COLOURS + 1,
                    kind.map(|k| if k == JOKER as usize { NUM_COLOURS } else { k }),
                );
                let v = b.filled[slot][i];
                w.one_hot_opt(NUM_COLOURS, (v != 0).then(|| v as usize - 1));
            }
            for j in 0..2 {
                let v = b.window[slot][j];
                w.one_hot_opt(NUM_COLOURS, (v != 0).then(|| v as usize - 1));
            }
        }
        w.one_hot_opt(NUM_SLOTS, Some(b.glazier as usize));
        w.one_hot_opt(game.track_len, Some(b.track as usize));
        w.put(b.resets as f32);
        w.put(b.score as f32);
        w.put(if s.tile_holder as usize == p {
            1.0
        } else {
            0.0
        });
        for strip in 0..NUM_SLOTS {
            w.put(if b.placed & (1 << strip) != 0 {
                1.0
            } else {
                0.0
            });
        }
    }
    debug_assert_eq!(w.position(), tensor_size(game));
}

pub(crate) fn observation_string(s: &AzulSintraState, game: &AzulSintra, player: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "observer: player {player} (perfect information: the whole table)"
    );
    out.push_str(&crate::render::render(s, game));
    out
}
