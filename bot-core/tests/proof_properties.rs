//! R-FAIR (issue 11), as properties: `verify` accepts the record of every game the engine
//! plays with provably fair dice, and rejects it with one die changed, one throw left out or
//! another server seed.

use bot_core::engine::fair::DrawnThrow;
use bot_core::engine::proof::{GameRecord, Mismatch, RecordedThrow};
use bot_core::engine::{FairDice, Game, RuleSet, ServerSeed, ai};
use proptest::prelude::*;

/// Plays a whole game of computer players on fair dice; its record.
fn played(seed: [u8; 32], client: &str, players: usize) -> GameRecord {
    let server = ServerSeed::from_bytes(&seed);
    let mut dice = FairDice::new(server.clone(), client.to_string(), 0);
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let (mut game, _) = Game::start(RuleSet::standard(), &names, &mut dice).expect("start");
    ai::play_out(&mut game, &mut dice);
    assert!(game.is_over());
    let throws = dice
        .take_drawn()
        .into_iter()
        .map(|t: DrawnThrow| RecordedThrow {
            n: t.n,
            player: t.seat.map(|s| names[s.index()].clone()).unwrap_or_default(),
            dice: t.dice,
        })
        .collect();
    GameRecord {
        commitment: server.commitment(),
        server_seed: server.reveal().to_string(),
        client_seed: client.to_string(),
        throw_count: Some(dice.throws_made()),
        throws,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn r_fair_every_played_game_verifies(
        seed in any::<[u8; 32]>(),
        client in "[a-zA-Z0-9 :äöü]{1,20}",
        players in 2usize..=6,
    ) {
        let record = played(seed, &client, players);
        prop_assert!(record.throws.len() > players);
        prop_assert_eq!(record.verify(), Ok(record.throws.len()));
        // Written and read back as the file players get, it still verifies.
        let back: GameRecord = serde_json::from_str(&record.to_json()).expect("json");
        prop_assert_eq!(back.verify(), Ok(record.throws.len()));
    }

    #[test]
    fn r_fair_a_changed_record_is_rejected(
        seed in any::<[u8; 32]>(),
        other in any::<[u8; 32]>(),
        players in 2usize..=4,
        pick in any::<prop::sample::Index>(),
        die in any::<prop::sample::Index>(),
        bump in 1u8..=5,
    ) {
        let record = played(seed, "Stammtisch", players);
        let at = pick.index(record.throws.len());

        let mut changed = record.clone();
        let dice = &mut changed.throws[at].dice;
        let d = die.index(dice.len());
        dice[d] = (dice[d] - 1 + bump) % 6 + 1;
        prop_assert!(
            matches!(changed.verify(), Err(Mismatch::Dice { n, .. }) if n == at as u64 + 1),
            "one die changed",
        );

        let mut left_out = record.clone();
        left_out.throws.remove(at);
        prop_assert_eq!(left_out.verify(), Err(Mismatch::Missing { n: at as u64 + 1 }));

        prop_assume!(other != seed);
        let mut reseeded = record.clone();
        reseeded.server_seed = ServerSeed::from_bytes(&other).reveal().to_string();
        prop_assert_eq!(reseeded.verify(), Err(Mismatch::Commitment));
    }
}
