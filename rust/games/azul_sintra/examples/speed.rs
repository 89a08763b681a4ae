//! Random-playout speed: `cargo run --release -p salon-azul-sintra --example speed`.

use salon_azul_sintra::AzulSintra;
use salon_core::{
    ActionList, Actor, ChanceOutcomes, Game, ParamValue, Params, State, Xoshiro256StarStar,
};

fn main() {
    for players in 2..=4 {
        let params = Params::new().with("players", ParamValue::Int(players));
        let g = AzulSintra::with_params(&params, None).expect("valid parameters");
        let mut rng = Xoshiro256StarStar::seed_from_u64(1);
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        let start = std::time::Instant::now();
        let mut moves = 0u64;
        let mut longest = 0u64;
        let games = 20_000;
        for _ in 0..games {
            let before = moves;
            let mut s = g.new_initial_state();
            loop {
                match s.actor(&g) {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        s.chance_outcomes(&g, &mut outcomes);
                        let a = outcomes.sample(&mut rng).unwrap_or(0);
                        s.apply_unchecked(&g, a);
                    }
                    Actor::Player(_) => {
                        s.legal_actions(&g, &mut legal);
                        let a = legal[rng.below(legal.len() as u64) as usize];
                        s.apply_unchecked(&g, a);
                    }
                }
                moves += 1;
            }
            longest = longest.max(moves - before);
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{players} players: {games} random games, {:.1} plies/game (longest {longest}, bound {}), {:.0} ns/ply, {:.2} M plies/s, state {} bytes",
            moves as f64 / games as f64,
            g.max_game_length(),
            secs * 1e9 / moves as f64,
            moves as f64 / secs / 1e6,
            std::mem::size_of_val(&g.new_initial_state())
        );
    }
}
