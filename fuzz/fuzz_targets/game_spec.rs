//! Game-spec strings `AnyGame::load("name(k=v,...)")` from arbitrary text, and from valid
//! spec strings with edits. Never a panic; a typed error or a game that plays properly.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use salon_engine::salon_core::{Params, SalonError};
use salon_engine::AnyGame;
use salon_fuzz::*;

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let spec = if u.ratio(1u8, 2u8)? {
        let n = u.int_in_range(0..=200usize)?.min(u.len());
        String::from_utf8_lossy(u.bytes(n)?).into_owned()
    } else {
        let game = pick(&mut u, all_games())?;
        mutate_bytes(&game.spec_string(), &mut u)?
    };
    match AnyGame::load(&spec, &Params::new(), None) {
        Ok(game) => {
            let again = AnyGame::load(&game.spec_string(), &Params::new(), None)
                .unwrap_or_else(|e| panic!("spec_string {:?} does not load back: {e}", game.spec_string()));
            assert!(again == game, "spec_string {:?} loads another game", game.spec_string());
            let mut state = game.new_initial_state(u.arbitrary().unwrap_or(0));
            play_out(&mut state, &mut u, "game from a fuzzed spec");
        }
        Err(e) => assert!(
            matches!(e, SalonError::UnknownGame { .. } | SalonError::InvalidParameter { .. }),
            "spec {spec:?} rejected with {e:?}"
        ),
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
