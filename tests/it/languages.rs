//! The real bot binary against the fake Discord, in French and in Dutch: a whole game of each game played by a
//! French-speaking player on a French server (against a computer), and a whole game of Meridian by a Dutch-speaking
//! player who chose Dutch for the game on an English server. Everything the bot sends them — thread posts, the
//! lobby, DMs, answers, refusals, buttons, menus and placeholders — is checked against the English catalogue: no
//! English sentence is left. And the commands reach Discord with their French and Dutch names.

use crate::support::fake_discord;

use fake_discord::*;
use fluent_syntax::ast;
use meridian_bot::discord::discord_name;
use meridian_bot::language::Lang;
use meridian_bot::service::Service;
use meridian_bot::store::Status;
use serde_json::{json, Value};
use std::cell::Cell;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };

/// The plain words of a pattern (outside its placeables), in every variant.
fn words_of(pattern: &ast::Pattern<&str>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.extend(value.lines().map(str::to_string)),
            ast::PatternElement::Placeable { expression: ast::Expression::Select { variants, .. } } => {
                variants.iter().for_each(|v| words_of(&v.value, out))
            }
            ast::PatternElement::Placeable { .. } => {}
        }
    }
}

/// The runs of words a catalogue says, each at least two words and seven characters long (shorter runs, such as
/// a lone "Board", may be the same in another language).
fn phrases(lang: Lang) -> HashSet<String> {
    let mut out = Vec::new();
    for &source in lang.sources() {
        let resource = fluent_syntax::parser::parse(source).expect("the catalogue parses");
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                m.value.iter().for_each(|p| words_of(p, &mut out));
                m.attributes.iter().for_each(|a| words_of(&a.value, &mut out));
            }
        }
    }
    let trim = |s: &str| s.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    out.iter().map(|s| trim(s)).filter(|s| s.contains(' ') && s.chars().count() >= 7).collect()
}

/// The English phrases found in `texts`, with the text each was found in; phrases the language's own catalogue
/// says too are not English only.
fn english_in(texts: &[String], lang: Lang) -> Vec<(String, String)> {
    let own = phrases(lang);
    let english: Vec<String> = phrases(Lang::En).into_iter().filter(|p| !own.contains(p)).collect();
    let mut found = Vec::new();
    for text in texts {
        for phrase in english.iter().filter(|p| text.contains(p.as_str())) {
            found.push((phrase.clone(), text.clone()));
        }
    }
    found
}

/// Every word the bot sent: contents, pictures' alt texts, button labels, menu placeholders and options.
fn everything_sent(s: &State) -> Vec<String> {
    let mut texts = Vec::new();
    for m in &s.messages {
        texts.push(m.content.clone());
        texts.extend(m.files.iter().filter_map(|f| f.description.clone()));
        let mut stack = vec![&m.components];
        while let Some(v) = stack.pop() {
            match v {
                Value::Object(o) => {
                    for key in ["label", "placeholder", "description"] {
                        texts.extend(o.get(key).and_then(Value::as_str).map(String::from));
                    }
                    stack.extend(o.values());
                }
                Value::Array(a) => stack.extend(a),
                _ => {}
            }
        }
    }
    texts.retain(|t| !t.is_empty());
    texts
}

/// Waits for the game to move past `version` (or end).
async fn moved_past(referee: &Service, version: i64) {
    let since = Instant::now();
    loop {
        let table = referee.game(1).await.unwrap();
        if table.row().version > version || table.row().status != Status::Active {
            return;
        }
        assert!(since.elapsed() < Duration::from_secs(30), "nobody moved from version {version}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays a whole game of `root` as ana, speaking `locale`, against an easy computer (every move of hers through
/// the menus of her DMs, picking options by a fixed pseudo-random walk), with a few commands and a refusal on the
/// way; after `resign_after` moves of hers (if given) she resigns, which ends a two-player game. Returns everything
/// the bot sent.
async fn whole_game(
    root: &str,
    locale: &str,
    guild_locale: &str,
    language: Option<u64>,
    resign_after: Option<usize>,
) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    fake.set_locale(ANA, locale);
    fake.set_guild_locale(GUILD_ID, guild_locale);
    // On a clock read from a file, the turn clock looks every 50 ms: the computer moves at once.
    let clock = TestClock::new(dir.path(), 1_700_000_000_000);
    let _bot = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    let mut start = vec![opt("computer", 4, json!(1)), opt("level", 4, json!(0))];
    start.extend(language.map(|choice| opt("language", 4, json!(choice))));
    fake.answer(fake.slash_under(root, CHANNEL, ANA, "start", Value::Array(start))).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    let referee = referee(dir.path()).await;
    for (sub, options) in [("rules", json!([])), ("status", json!([])), ("games", json!([]))] {
        fake.answer(fake.slash_under(root, thread, ANA, sub, options)).await;
    }
    // A refusal: a game that does not exist.
    fake.answer(fake.slash_under(root, thread, ANA, "status", json!([opt("game", 4, json!(99))]))).await;

    let walk = Cell::new(7u64);
    let pick = |n: usize| {
        walk.set(walk.get().wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407));
        (walk.get() >> 33) as usize % n
    };
    let mut played_from = None;
    let mut moves = 0;
    loop {
        let table = referee.game(1).await.unwrap();
        if table.row().status != Status::Active {
            break;
        }
        let ana_due = table.due().iter().any(|s| table.seat_row(s).unwrap().user_id == ANA.id as i64);
        if !ana_due {
            moved_past(&referee, table.row().version).await;
            continue;
        }
        // Her newest DM with controls sent after the one she last played from (another sent at that version may
        // arrive after she chose, and is stale once she has moved: the computer answers at once).
        let version = |m: &Msg| -> Option<i64> {
            m.components[0]["components"][0]["custom_id"].as_str()?.split(':').nth(2)?.parse().ok()
        };
        let dm = fake
            .wait(15, "a DM with controls", |s| {
                s.dms(ANA.id).into_iter().filter(|m| version(m) > played_from).map(|m| m.id).max()
            })
            .await;
        played_from = version(fake.state().message(dm).unwrap());
        let preview = fake.choose_until_preview(ANA, dm, pick).await;
        fake.confirm(ANA, &preview).await;
        moves += 1;
        if moves == 3 {
            fake.answer(fake.slash_under(root, thread, ANA, "log", json!([]))).await;
        }
        if Some(moves) == resign_after {
            fake.answer(fake.slash_under(root, thread, ANA, "resign", json!([]))).await;
        }
        assert!(moves < 400, "the game ends");
    }
    // The result, in the thread and to her.
    fake.wait(20, "the result in the thread and by DM", |s| {
        let result = |m: &&Msg| m.files.iter().any(|f| f.name == "result.png");
        (s.posts(thread).iter().any(result) && s.dms(ANA.id).iter().any(result)).then_some(())
    })
    .await;
    fake.answer(fake.slash_under(root, thread, ANA, "status", json!([]))).await;
    assert_eq!(fake.take_violations(), Vec::<String>::new());
    let s = fake.state();
    assert_eq!(s.undescribed(), [], "every picture has its alt text");
    let pictures = |messages: Vec<&Msg>, name: &str| -> Vec<Vec<u8>> {
        messages.iter().flat_map(|m| m.files.iter().filter(|f| f.name == name).map(|f| f.bytes.clone())).collect()
    };
    Played {
        sent: everything_sent(&s),
        boards: pictures(s.posts(thread), "board.png"),
        hands: pictures(s.dms(ANA.id), "hand.png"),
    }
}

/// What a game sent: every word, and the pictures of the thread's boards and of ana's hand, in order.
struct Played {
    sent: Vec<String>,
    boards: Vec<Vec<u8>>,
    hands: Vec<Vec<u8>>,
}

/// With SCREENSHOTS=dir, keeps a picture from the middle of a game there, for the docs.
fn keep_for_docs(name: &str, pictures: &[Vec<u8>]) {
    if let Some(dir) = std::env::var_os("SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(name), &pictures[pictures.len() / 2]).unwrap();
    }
}

fn no_english(texts: &[String], lang: Lang) {
    let found = english_in(texts, lang);
    assert!(found.is_empty(), "English left in {}: {found:#?}", lang.code());
}

/// Dragon Delta's English colour words in `texts`, as whole words: a village, a pawn or a label such as `red-5`
/// (the menus' values, which stay the record's labels, are not among the texts).
fn english_colours(texts: &[String]) -> Vec<&String> {
    let colours = ["red", "black", "blue", "green", "white", "yellow"];
    let english = |t: &&String| t.split(|c: char| !c.is_alphabetic()).any(|w| colours.contains(&w));
    texts.iter().filter(english).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_meridian_in_french() {
    let played = whole_game("meridian", "fr", "fr", None, None).await;
    no_english(&played.sent, Lang::Fr);
    assert!(played.sent.iter().any(|t| t.starts_with("La partie #1 commence")), "{:#?}", played.sent);
    assert!(
        played.sent.iter().any(|t| t.starts_with("Meridian, coup 2\u{a0}: à ")),
        "the boards' alt texts, in French"
    );
    keep_for_docs("fr-board.png", &played.boards);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_contrees_in_french() {
    no_english(&whole_game("contrees", "fr", "fr", None, None).await.sent, Lang::Fr);
}

/// A race whose pawn is moved at random seldom reaches its goal (dragon-delta.md §5: play may never end): after
/// three rounds (programmes and choices: 24 moves of hers), ana resigns, which ends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_dragon_delta_in_french() {
    let played = whole_game("delta", "fr", "fr", None, Some(24)).await;
    no_english(&played.sent, Lang::Fr);
    assert_eq!(english_colours(&played.sent), Vec::<&String>::new(), "places and planks said in French");
    let french = ["rouge", "noir", "bleu", "vert", "blanc", "jaune"];
    let named = played.sent.iter().filter(|t| t.split(|c: char| !c.is_alphabetic()).any(|w| french.contains(&w)));
    assert!(named.count() > 0, "the game names its villages and planks, in French");
}

/// On an English server, the Dutch player starts the game in Dutch (`language`: its third choice).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_meridian_in_dutch() {
    let played = whole_game("meridian", "nl", "en-US", Some(2), None).await;
    no_english(&played.sent, Lang::Nl);
    assert!(played.sent.iter().any(|t| t.starts_with("Meridian, zet 2: ")), "the boards' alt texts, in Dutch");
    keep_for_docs("nl-hand.png", &played.hands);
}

/// The commands as registered with Discord: every command, subcommand and option with a French and a Dutch name and
/// description (within Discord's rules), every choice with its French and Dutch names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_reach_discord_named_in_french_and_dutch() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let _bot = fake.bot_command(dir.path()).spawn().unwrap();
    fake.connected(1).await;
    let commands = fake.state().commands.clone();
    let mut stack: Vec<&Value> = commands.iter().collect();
    let mut checked = 0;
    while let Some(c) = stack.pop() {
        for code in ["fr", "nl"] {
            let name = c["name_localizations"][code].as_str().unwrap_or_else(|| panic!("no {code} name: {c}"));
            assert!(discord_name(name), "{code} name {name:?}");
            let said = c["description_localizations"][code].as_str().unwrap_or_else(|| panic!("no {code}: {c}"));
            assert!((1..=100).contains(&said.chars().count()), "{said:?}");
            for choice in c["choices"].as_array().into_iter().flatten() {
                assert!(choice["name_localizations"][code].as_str().is_some_and(|n| !n.is_empty()), "{choice}");
            }
        }
        checked += 1;
        stack.extend(c["options"].as_array().into_iter().flatten());
    }
    assert!(checked > 100, "{checked} commands and options");
    let meridian = commands.iter().find(|c| c["name"] == "meridian").unwrap();
    let start = meridian["options"].as_array().unwrap().iter().find(|o| o["name"] == "start").unwrap();
    assert_eq!(start["name_localizations"], json!({"fr": "créer", "nl": "aanmaken"}));

    // ana's Discord speaks English; she chooses French (the second choice) for what the bot writes to her.
    let chosen = fake.slash_under("settings", CHANNEL, ANA, "language", json!([opt("language", 4, json!(1))]));
    let said = meridian_bot::text!("discord-language", language = Lang::Fr.word("language-name"));
    assert_eq!(fake.answer(chosen).await.content, Lang::Fr.say(&said));
    // From then on the bot answers her in French, though her Discord still says English.
    let games = fake.answer(fake.slash_under("meridian", CHANNEL, ANA, "games", json!([]))).await;
    assert_eq!(games.content, Lang::Fr.word("discord-no-game-here"));
}

/// The longest name Discord gives a user (32 characters), wide letters.
fn longest_name(seat: usize) -> String {
    format!("{seat}{}", "W".repeat(31))
}

/// Every menu, move and standing of random games of every game at its most players, with the longest names, said
/// in every language: no label, value or placeholder over Discord's 100 characters (the menus page anything over
/// 25 options into rows of 25), no line over a message's 2,000. (Every message of the catalogues alone, at its
/// longest arguments: `language::tests`.)
#[test]
fn every_word_fits_discords_limits_in_every_language() {
    use meridian_bot::rules::seed::Shuffler;
    use meridian_bot::rules::Due;
    use meridian_bot::service::game::adapter::{Choice, MENU_OPTIONS};
    use meridian_bot::service::game::Kind;
    const LABEL: usize = 100;
    const CONTENT: usize = 2000;
    let fits = |text: &meridian_bot::language::Text, limit: usize, what: &str| {
        for lang in Lang::ALL {
            let said = lang.say(text);
            assert!(said.chars().count() <= limit, "{} {what} over {limit}: {said}", lang.code());
        }
    };
    for &kind in Kind::ALL {
        let players = *kind.players().end();
        let names: Vec<String> = (0..players).map(longest_name).collect();
        for seed in 0..3 {
            let mut game = kind.start("{}", seed, players).unwrap();
            let mut chooser = Shuffler::new(seed);
            let mut moves = 0;
            while let Due::Seats(due) = game.due() {
                let seats: Vec<_> = due.iter().collect();
                let seat = seats[chooser.below(seats.len() as u64) as usize];
                let mut path: Vec<String> = Vec::new();
                let actions = loop {
                    let refs: Vec<&str> = path.iter().map(String::as_str).collect();
                    match game.choices(seat, &refs).unwrap() {
                        Choice::Done(actions) => break actions,
                        Choice::Menu { prompt, options } => {
                            fits(&prompt, LABEL, "placeholder");
                            assert!(options.len() <= 5 * MENU_OPTIONS);
                            for o in &options {
                                fits(&o.label, LABEL, "label");
                                assert!(o.value.chars().count() <= LABEL, "{}", o.value);
                            }
                            path.push(options[chooser.below(options.len() as u64) as usize].value.clone());
                        }
                    }
                };
                for action in actions {
                    let played = game.apply(seat, &action, &names).unwrap();
                    fits(&played.line, CONTENT, "move");
                }
                for standing in game.standings() {
                    fits(&standing, CONTENT, "standing");
                }
                moves += 1;
                if moves > 400 {
                    break; // a race may not end; enough of it was said
                }
            }
        }
    }
}

/// Two games dealt alike, one on a French server and one on an English one: ben, whose Discord speaks Dutch, is
/// written to in Dutch in both (his hand's words too), while each thread speaks its game's language; the stored
/// moves and the exported records are the same byte for byte.
#[tokio::test]
async fn a_french_game_is_followed_in_dutch_and_its_record_speaks_no_language() {
    use crate::support::databases::TestDb;
    use crate::support::playing::{drain, play_meridian};
    use meridian_bot::clock::FakeClock;
    use meridian_bot::service::game::games::meridian::Options;
    use meridian_bot::service::{Place, Target, User};
    use meridian_bot::store::Backend;

    let db = TestDb::new(Backend::Sqlite).await;
    // Both games are dealt from seed 5.
    let svc = Service::new(db.open().await, Arc::new(FakeClock::at(1_700_000_000_000)), Arc::new(|| 5));
    let (ana, ben) = (User { id: 1, name: "ana".into() }, User { id: 2, name: "ben".into() });
    // Discord said French, then Dutch: the last said counts, and a choice outlasts what Discord says.
    svc.seen_locale(ben.id, Lang::Fr).await.unwrap();
    svc.seen_locale(ben.id, Lang::Nl).await.unwrap();
    assert_eq!(reads_in(&svc, ben.id).await, Some(Lang::Nl));
    svc.choose_language(ben.id, Some(Lang::Fr)).await.unwrap();
    svc.seen_locale(ben.id, Lang::Nl).await.unwrap();
    assert_eq!(reads_in(&svc, ben.id).await, Some(Lang::Fr));
    svc.choose_language(ben.id, None).await.unwrap();
    assert_eq!(reads_in(&svc, ben.id).await, Some(Lang::Nl));
    assert_eq!(reads_in(&svc, ana.id).await, None, "never heard from: she reads each game's language");
    let mut games = Vec::new();
    for (channel, lang) in [(100, Lang::Fr), (200, Lang::En)] {
        let place = Place { guild_id: Some(7), channel_id: channel, lang };
        let id = svc.open_lobby(place, &ana, Options::default(), &[], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        svc.join(id, &ben).await.unwrap();
        svc.start(id, ana.id).await.unwrap();
        play_meridian(&svc, id, 6).await;
        games.push((id, lang));
    }
    let sent = drain(&svc).await;
    for &(id, lang) in &games {
        let of_game: Vec<_> = sent.iter().filter(|p| p.game_id == id).collect();
        let thread = of_game.iter().filter(|p| matches!(p.target, Target::Thread(_)));
        assert!(thread.clone().all(|p| p.lang == lang), "game #{id}'s thread speaks {}", lang.code());
        let begins = meridian_bot::text!("lobby-begins", game = id, order = "", first = "", count = 1);
        let opening = lang.say(&begins);
        let head = opening.split("#").next().unwrap();
        assert!(thread.clone().any(|p| p.text.starts_with(head)), "game #{id} begins in {}", lang.code());
        let to_ben: Vec<_> = of_game.iter().filter(|p| p.target == Target::Direct(ben.id)).collect();
        assert!(!to_ben.is_empty() && to_ben.iter().all(|p| p.lang == Lang::Nl && p.text.contains(&format!("#{id}"))));
        assert!(to_ben.iter().any(|p| p.text.contains("aan de beurt")), "{to_ben:?}");
        let to_ana = of_game.iter().filter(|p| p.target == Target::Direct(ana.id));
        assert!(to_ana.clone().count() > 0 && to_ana.clone().all(|p| p.lang == lang), "ana reads the game's language");
    }
    // The same moves stored, the same record (names, seed, moves) whatever the languages.
    let [(french, _), (english, _)] = games[..] else { unreachable!() };
    assert_eq!(stored_moves(&svc, french).await, stored_moves(&svc, english).await);
    play_meridian(&svc, french, 100).await;
    play_meridian(&svc, english, 100).await;
    assert_eq!(svc.export(french).await.unwrap().json, svc.export(english).await.unwrap().json);
}

/// The language a player reads in, as stored: the one they chose, else the one Discord last said.
async fn reads_in(svc: &Service, user: i64) -> Option<Lang> {
    let mut tx = svc.store().read().await.unwrap();
    meridian_bot::store::players::get(&mut tx, user).await.unwrap().lang()
}

/// A game's moves as stored: the JSON of each.
async fn stored_moves(svc: &Service, id: i64) -> Vec<String> {
    let table = svc.game(id).await.unwrap();
    let mut tx = svc.store().read().await.unwrap();
    meridian_bot::store::moves::of_game(&mut tx, id, table.row().version)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.action)
        .collect()
}
