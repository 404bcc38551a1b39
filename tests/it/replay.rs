//! `replay` run as a subprocess on the records in tests/records: each exit status and its one-line message.

use crate::support::decoded::png_file_size;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn replay(file: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .args(["replay", &format!("tests/records/{file}")])
        .output()
        .unwrap()
}

fn position(file: &str) -> Value {
    let out = replay(file);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Spec §6 seen from outside: floors on the board plus reserve make each player's total.
fn check_floors(p: &Value) {
    let seats = p["players"].as_array().unwrap().len();
    let total = if seats == 2 { 40 } else { 20 };
    for player in p["players"].as_array().unwrap() {
        let seat = &player["seat"];
        let built: u64 = p["towers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| &t["seat"] == seat)
            .map(|t| t["height"].as_u64().unwrap())
            .sum();
        assert_eq!(built + player["reserve"].as_u64().unwrap(), total);
    }
}

#[test]
fn full_games_replay_to_the_end() {
    for (file, moves) in [("three-players-full.json", 39), ("four-players-full.json", 52)] {
        let p = position(file);
        assert_eq!(p["game"], "meridian");
        assert_eq!(p["moves"], moves);
        assert_eq!(p["finished"], true);
        assert_eq!(p["next"], Value::Null);
        assert!(!p["winners"].as_array().unwrap().is_empty());
        assert_eq!(p["players"][0]["name"], "ana");
        assert!(p["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|pl| pl["deck"] == 0 && pl["face_up"] == Value::Array(vec![])));
        check_floors(&p);
        // Scores agree with the islands.
        let mut scores = vec![0u64; p["players"].as_array().unwrap().len()];
        for island in p["islands"].as_array().unwrap() {
            if let Some(seat) = island["conquered_by"].as_u64() {
                scores[seat as usize] += island["cities"].as_u64().unwrap();
            }
        }
        let printed: Vec<u64> =
            p["players"].as_array().unwrap().iter().map(|pl| pl["score"].as_u64().unwrap()).collect();
        assert_eq!(printed, scores, "{file}");
        let towers = p["towers"].as_array().unwrap();
        let keys: Vec<(u64, u64)> =
            towers.iter().map(|t| (t["meridian"].as_u64().unwrap(), t["row"].as_u64().unwrap())).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "towers sorted by meridian then row");
    }
}

#[test]
fn the_rulebook_scoring_example_replays_to_its_scores() {
    let p = position("fig-d-four-players.json");
    let scores: Vec<&Value> = p["players"].as_array().unwrap().iter().map(|pl| &pl["score"]).collect();
    assert_eq!(scores, [0, 5, 3, 0]);
    assert_eq!(p["winners"], serde_json::json!([1]));
    let island = |l: &str| p["islands"].as_array().unwrap().iter().find(|i| i["island"] == l).unwrap().clone();
    assert_eq!(island("c")["conquered_by"], Value::Null, "a tie leaves it unconquered");
    assert_eq!(island("g")["conquered_by"], 1);
    assert_eq!(island("g")["cities"], 5);
}

#[test]
fn a_seeded_partial_game_says_who_is_next() {
    let p = position("two-players-seeded-partial.json");
    assert_eq!(p["moves"], 17);
    assert_eq!(p["finished"], false);
    assert_eq!(p["next"], 1);
    assert_eq!(p["winners"], serde_json::json!([]));
    assert_eq!(p["players"][0]["deck"].as_u64().unwrap() + 2 + 9, 26, "9 cards played, 2 face up");
    check_floors(&p);
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text = std::fs::read("tests/records/three-players-full.json").unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let p: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(p, position("three-players-full.json"));
}

#[test]
fn bad_records_exit_2_and_illegal_moves_exit_3_with_one_line() {
    let cases = [
        ("bad-json.json", 2, "invalid JSON at line 2, column 27: expected `,` or `]`"),
        ("unknown-card.json", 2, "decks[0][3]: unknown card \"11\""),
        (
            "wrong-deck.json",
            2,
            "decks[1]: deck of seat 1: must hold each card once (13 cards); it has 13 cards, with no 5, 2 × 8",
        ),
        ("bad-board.json", 2, "board: board row 2 has 9 characters"),
        ("board-does-not-suit.json", 2, "board: a board of 5 rows does not suit 3 players"),
        ("five-players.json", 2, "players: Meridian is played by 2 to 4 players, not 5"),
        ("unknown-game.json", 2, "game \"chess\" is not supported"),
        ("illegal-move.json", 3, "move 2: R2 distinct heights: meridian 5 already has a tower of height 11"),
        ("no-such-file.json", 1, "cannot read tests/records/no-such-file.json"),
    ];
    for (file, status, message) in cases {
        let out = replay(file);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(status), "{file}: {stderr}");
        assert!(stderr.starts_with(message), "{file}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{file}: one line");
        assert!(out.stdout.is_empty(), "{file}: nothing on standard output");
    }
}

#[test]
fn contrees_records_replay_with_the_fields_of_record_md() {
    let p = position("contrees-possession.json");
    assert_eq!(p["game"], "contrees");
    assert_eq!((p["moves"].as_u64(), p["phase"].as_u64()), (Some(24), Some(2)));
    assert_eq!((&p["finished"], &p["next"]), (&Value::Bool(true), &Value::Null));
    assert_eq!(p["winners"], serde_json::json!([0]), "seat 1 resigned");
    assert_eq!(p["lands"].as_array().unwrap().len(), 16);
    let owned: Vec<&Value> = p["lands"].as_array().unwrap().iter().filter(|l| !l["owner"].is_null()).collect();
    assert_eq!(owned, [&serde_json::json!({"at": [1, 1], "white": false, "owner": 0})]);
    // Blue's four towers around [1, 1] stand; yellow's there was demolished.
    let towers: Vec<&Value> = p["towers"].as_array().unwrap().iter().collect();
    assert!(!towers.iter().any(|t| t["at"] == serde_json::json!([1, 1, "S"])));
    assert_eq!(towers.len(), 6);
    let players = p["players"].as_array().unwrap();
    assert_eq!(
        players[0],
        serde_json::json!({"seat": 0, "name": "ana", "supply": 20, "markers": 9, "demolished": 1, "score": 1})
    );
    assert_eq!(players[1]["supply"], 21);
}

#[test]
fn contrees_illegal_moves_name_their_rule() {
    let out = replay("contrees-rebuild.json");
    assert_eq!(out.status.code(), Some(3));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("move 23: no immediate rebuild: your tower at [1, 1, S]"), "{err}");
}

/// Replays `record` with `--png` into a new folder (status 0); the folder and its files' names, sorted.
fn drawn(record: &str) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .args(["replay", record, "--png"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut files: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    (dir, files)
}

#[test]
fn contrees_positions_are_drawn_with_png() {
    let (dir, files) = drawn("tests/records/contrees-possession.json");
    // The set-up and each of the 24 moves.
    assert_eq!(files.len(), 25);
    assert_eq!((files[0].as_str(), files[24].as_str()), ("000.png", "024.png"));
    for file in [&files[0], &files[24]] {
        assert_eq!(png_file_size(&dir.path().join(file)), (1200, 800));
    }
}

#[test]
fn dragon_delta_records_replay_with_the_fields_of_record_md() {
    let p = position("dragon-delta-example.json");
    assert_eq!(p["game"], "dragon-delta");
    assert_eq!((p["moves"].as_u64(), p["round"].as_u64(), p["position"].as_u64()), (Some(7), Some(1), Some(2)));
    assert_eq!((&p["finished"], &p["winners"]), (&Value::Bool(false), &serde_json::json!([])));
    assert_eq!(p["next"], serde_json::json!([0]), "seat 0's plank is awaited");
    assert_eq!(p["stones"], serde_json::json!([5, 6, 7, 9]));
    assert_eq!(p["supply"], 23);
    assert_eq!(
        p["pawns"],
        serde_json::json!([{"seat": 0, "at": "red"}, {"seat": 1, "at": "blue"}, {"seat": 2, "at": "white"}])
    );
    let ana = &p["players"][0];
    assert_eq!(
        (&ana["name"], &ana["colour"], &ana["hand"]),
        (&serde_json::json!("ana"), &serde_json::json!("red"), &serde_json::json!(5))
    );
    assert_eq!(ana["reserve"].as_array().unwrap().len(), 6);
    assert_eq!(ana["reserve"][0], serde_json::json!({"colour": "red", "size": 1}));
    // Programmes not yet revealed never appear: the dragon at position 3 is nowhere in the output.
    let text = p.to_string();
    assert!(!text.contains("dragon-white") && !text.contains("programme"), "{text}");
}

#[test]
fn dragon_delta_refusals_exit_3_and_every_position_is_drawn() {
    let text = std::fs::read_to_string("tests/records/dragon-delta-example.json").unwrap();
    let out_of_turn = text.replace(r#"{"seat": 0, "stone": 5}"#, r#"{"seat": 1, "stone": 5}"#);
    let mut child = Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(out_of_turn.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("move 3: turn order: seat 0 is to act, not seat 1"), "{err}");
    let (dir, files) = drawn("tests/records/dragon-delta-example.json");
    // The set-up and each of the 7 moves.
    assert_eq!(files, (0..8).map(|i| format!("{i:03}.png")).collect::<Vec<_>>());
    assert_eq!(png_file_size(&dir.path().join("007.png")), (1200, 800));
}

#[test]
fn help_names_every_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_meridian-bot")).arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.starts_with("A Discord bot for asynchronous board games: Meridian, Contrées and Dragon Delta\n"),
        "{help}"
    );
}

#[test]
fn a_dragon_delta_game_stored_before_the_full_jump_reading_reaches_the_same_position() {
    // Its position as `replay` printed it under the narrower reading of the jump (landing on a village only), kept
    // beside the record: the full reading only adds landings, so a stored game replays to where it was.
    let then: Value = serde_json::from_str(
        &std::fs::read_to_string("tests/records/dragon-delta-jump-to-village.position.json").unwrap(),
    )
    .unwrap();
    assert_eq!(position("dragon-delta-jump-to-village.json"), then);
    assert_eq!((then["moves"].as_u64(), then["round"].as_u64()), (Some(211), Some(15)));
}
