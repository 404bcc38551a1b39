//! What the tests share: databases on both backends, the fake Discord held to Discord's API description, playing through the service, and Meridian
//! positions built from chosen decks.

/// Tests that each play a scenario on every backend, written as a table: `let PATTERN = OPEN;` binds what `OPEN` (an
/// async fn of the backend's database) makes for each test, then each `test => scenario;` row names a test and what it
/// awaits. Not every scenario needs every part of the pattern.
macro_rules! each_backend_tests {
    (let $bind:pat = $open:path; $($test:ident => $scenario:expr;)+) => {$(
        #[tokio::test]
        async fn $test() {
            $crate::support::databases::each_backend(|db| async move {
                #[allow(unused_variables)]
                let $bind = $open(&db).await;
                $scenario.await;
            })
            .await;
        }
    )+};
}

pub mod databases;
pub mod decoded;
pub mod discord_api;
pub mod fake_discord;
// The rules tests' reading of a jump's widened landings, for the jump through menus and computers.
#[path = "../../../rules/tests/games/jump_landings.rs"]
pub mod jump_landings;
// Meridian positions from chosen decks: the rules' tests' helpers, of which the pictures' tests use a few.
#[path = "../../../rules/tests/games/meridian_positions.rs"]
#[allow(dead_code)]
pub mod meridian_positions;
pub mod playing;
pub mod webdriver;

use meridian_bot::language::{Lang, List, Text};

/// A text as an English reader reads it.
pub fn en(text: &Text) -> String {
    Lang::En.say(text)
}

/// Names joined as an English reader reads them: "ana and ben".
pub fn en_names(names: List) -> String {
    en(&meridian_bot::text!("play-lines", lines = names))
}

/// A GET over a fresh connection to one of the bot's servers (pages, the operator's): the status, the headers and the body.
pub async fn http_get(addr: &str, path: &str) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("headers end");
    let head = String::from_utf8(answer[..split].to_vec()).unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head, answer[split + 4..].to_vec())
}
