use super::placing::{places_of, Ranking};
use super::*;
use rules::SeatSet;

fn seats(list: &[u8]) -> SeatSet {
    let mut set = SeatSet::EMPTY;
    list.iter().for_each(|&s| set.insert(s));
    set
}

#[test]
fn meridian_ranks_by_score_with_ties_and_resignations_last() {
    // Seat 1 won on 14; seats 0 and 3 tied on 9; seat 2 resigned while leading on points.
    let places = places_of(Ranking::Scores, 4, seats(&[1]), &[9, 14, 20, 9], seats(&[2]));
    assert_eq!(places, vec![1, 0, 2, 1]);
    // Two winners tied on top; the others by score.
    let places = places_of(Ranking::Scores, 4, seats(&[0, 2]), &[12, 7, 12, 3], SeatSet::EMPTY);
    assert_eq!(places, vec![0, 1, 0, 2]);
}

#[test]
fn win_loss_puts_the_winner_first_and_the_rest_tied() {
    let places = places_of(Ranking::WinLoss, 5, seats(&[3]), &[], seats(&[0]));
    assert_eq!(places, vec![1, 1, 1, 0, 1]);
}

#[test]
fn keys_read_back() {
    for who in [Rated::Person(81_234_567_890_123_456), Rated::Computer(Level::Strong)] {
        assert_eq!(Rated::of_key(&who.key()), Some(who));
    }
    assert_eq!(Rated::of_key("computer-genius"), None);
    assert_eq!(Rated::of_key("ana"), None);
}

#[test]
fn a_rating_is_provisional_for_its_first_five_games() {
    let mut ledger = Ledger::default();
    let (ana, ben) = (Rated::Person(1), Rated::Person(2));
    for game in 1..=5 {
        let changes = ledger.play(Model::Glicko2, &[(ana, 0), (ben, 1)]);
        let shown = Shown::of(&changes[0].1, Model::Glicko2);
        assert_eq!(shown.provisional, game < 5, "after game {game}");
    }
    let shown = Shown::of(&ledger.get(Model::Glicko2, ana), Model::Glicko2);
    assert_eq!(shown.to_string(), shown.points.to_string());
    assert!(Shown::of(&Rating::new(Model::WengLin), Model::WengLin).to_string().ends_with('?'));
}

#[test]
fn everyone_starts_at_1500_on_both_scales() {
    assert_eq!(Rating::new(Model::Glicko2).shown(Model::Glicko2), 1500);
    assert_eq!(Rating::new(Model::WengLin).shown(Model::WengLin), 1500);
}

fn glicko(rating: f64, deviation: f64) -> Rating {
    Rating { rating, deviation, volatility: 0.06, games: 0 }
}

/// The Glicko-2 examples the crate publishes (0.28: its documentation of `glicko2` and its tests), through [`rate`].
#[test]
fn glicko2_matches_the_crates_published_examples() {
    let after = rate(Model::Glicko2, &[glicko(1500.0, 350.0), glicko(1500.0, 350.0)], &[0, 1]);
    assert_eq!((after[0].rating.round(), after[0].deviation.round()), (1662.0, 290.0));
    assert_eq!((after[1].rating.round(), after[1].deviation.round()), (1338.0, 290.0));
    assert_eq!(after[0].volatility, 0.059_999_675_372_338_14);
    let after = rate(Model::Glicko2, &[glicko(1520.0, 350.0), glicko(1420.0, 350.0)], &[0, 1]);
    assert_eq!((after[0].rating.round(), after[0].deviation.round()), (1653.0, 292.0));
    assert_eq!((after[1].rating.round(), after[1].deviation.round()), (1287.0, 292.0));
    // A draw between a newcomer and a settled player.
    let after = rate(Model::Glicko2, &[glicko(1600.0, 350.0), glicko(1500.0, 50.0)], &[0, 0]);
    assert_eq!((after[0].rating.round(), after[0].deviation.round()), (1550.0, 253.0));
    assert_eq!((after[1].rating.round(), after[1].deviation.round()), (1501.0, 51.0));
    // Order does not matter: the loser first.
    let after = rate(Model::Glicko2, &[glicko(1420.0, 350.0), glicko(1520.0, 350.0)], &[1, 0]);
    assert_eq!((after[0].rating.round(), after[1].rating.round()), (1287.0, 1653.0));
    assert_eq!(after.iter().map(|r| r.games).collect::<Vec<_>>(), vec![1, 1]);
}

fn weng_lin(rating: f64, uncertainty: f64) -> Rating {
    Rating { rating, deviation: uncertainty, volatility: 0.0, games: 0 }
}

/// The Weng-Lin examples the crate publishes for two players (its `weng_lin` tests), through [`rate`]'s
/// free-for-all with one player a team: the same numbers to the last bit.
#[test]
fn weng_lin_matches_the_crates_published_examples() {
    let new = Rating::new(Model::WengLin);
    let after = rate(Model::WengLin, &[new, new], &[0, 1]);
    assert_eq!((after[0].rating, after[0].deviation), (27.635_231_383_473_65, 8.065_506_316_323_548));
    assert_eq!((after[1].rating, after[1].deviation), (22.364_768_616_526_35, 8.065_506_316_323_548));
    let strong = weng_lin(42.0, 1.3);
    let after = rate(Model::WengLin, &[strong, new], &[0, 1]);
    assert_eq!((after[0].rating, after[0].deviation), (42.026_412_401_802_894, 1.299_823_053_277_078_3));
    assert_eq!((after[1].rating, after[1].deviation), (23.914_677_769_440_46, 8.029_022_445_649_298));
    let after = rate(Model::WengLin, &[strong, new], &[1, 0]);
    assert_eq!((after[0].rating, after[1].rating), (41.862_153_998_286_94, 30.664_283_436_598_35));
    let after = rate(Model::WengLin, &[strong, new], &[0, 0]);
    assert_eq!((after[0].rating, after[1].rating), (41.944_283_200_044_92, 27.289_480_603_019_403));
}

/// A Dragon Delta of four newcomers: the winner gains, the three others lose the same; the points shown add up to
/// what they were (every pair's exchange is zero-sum while the uncertainties are equal).
#[test]
fn a_race_of_four_rates_the_winner_up_and_the_rest_alike() {
    let new = Rating::new(Model::WengLin);
    let after = rate(Model::WengLin, &[new; 4], &[1, 0, 1, 1]);
    let shown: Vec<i64> = after.iter().map(|r| r.shown(Model::WengLin)).collect();
    assert!(shown[1] > 1500 && shown[0] < 1500, "{shown:?}");
    assert!(shown[0] == shown[2] && shown[2] == shown[3], "{shown:?}");
    let total: f64 = after.iter().map(|r| r.rating).sum();
    assert!((total - 4.0 * new.rating).abs() < 1e-9, "{total}");
}

/// The README's promise: on both scales, 400 points between two settled players are 10-to-1 odds (the crate's own
/// expected scores, deviations near zero).
#[test]
fn four_hundred_points_are_ten_to_one_on_both_scales() {
    use skillratings::glicko2::{expected_score as glicko2_odds, Glicko2Rating};
    use skillratings::weng_lin::{expected_score as weng_lin_odds, WengLinConfig, WengLinRating};
    let ten_to_one = 10.0 / 11.0;
    let settled = |rating| Glicko2Rating { rating, deviation: 1e-9, volatility: 0.06 };
    let (odds, _) = glicko2_odds(&settled(1900.0), &settled(1500.0));
    assert!((odds - ten_to_one).abs() < 1e-3, "Glicko-2: {odds}");
    let settled = |rating| WengLinRating { rating, uncertainty: 1e-9 };
    let (odds, _) = weng_lin_odds(&settled(25.0 + 400.0 / ELO_PER_WENG_LIN), &settled(25.0), &WengLinConfig::new());
    assert!((odds - ten_to_one).abs() < 1e-9, "Weng-Lin: {odds}");
}
