use bot_core::engine::{Game, RuleSet, ai};
use rand::SeedableRng;
fn main() {
    for preset in [
        "standard",
        "wikipedia",
        "moin-moin",
        "muensterland",
        "dortmund",
        "jule",
    ] {
        let rules = RuleSet::preset(preset).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let t = std::time::Instant::now();
        let mut rounds = 0;
        let mut actions = 0;
        for _ in 0..2000 {
            let names: Vec<String> = ["A", "B", "C", "D"].iter().map(|s| s.to_string()).collect();
            let (mut g, _) = Game::start(rules.clone(), &names, &mut rng).unwrap();
            actions += ai::play_out(&mut g, &mut rng);
            assert!(
                g.is_over(),
                "{preset} not over: {:?}",
                g.view_for(bot_core::engine::Viewer::Public)
            );
            rounds += g.rounds_played();
        }
        let el = t.elapsed();
        println!(
            "{preset}: rounds {rounds} actions {actions} {:.0} rounds/s",
            rounds as f64 / el.as_secs_f64()
        );
    }
}
