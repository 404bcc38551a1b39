//! Just enough of the W3C WebDriver protocol to drive chromedriver: a session, a page, scripts, keys, clicks and the
//! window's size. Plain HTTP/1.1 to 127.0.0.1, one connection a command: a WebDriver client crate (fantoccini)
//! added some thirty crates to every test build for these few requests.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The key codes WebDriver gives the keys the page answers to.
#[derive(Debug, Clone, Copy)]
pub enum Key {
    Home,
    End,
    Left,
    Right,
}

impl Key {
    fn code(self) -> &'static str {
        match self {
            Key::End => "\u{E010}",
            Key::Home => "\u{E011}",
            Key::Left => "\u{E012}",
            Key::Right => "\u{E014}",
        }
    }
}

/// A WebDriver session; `close` ends it.
pub struct Session {
    driver: String,
    id: String,
}

impl Session {
    /// Opens a session on the driver at `driver` (`127.0.0.1:port`) with these capabilities.
    pub async fn new(driver: &str, capabilities: Value) -> Session {
        let answer =
            command(driver, "POST", "/session", Some(json!({ "capabilities": { "alwaysMatch": capabilities } }))).await;
        let id = answer["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}")).to_string();
        Session { driver: driver.to_string(), id }
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        command(&self.driver, "POST", &format!("/session/{}{path}", self.id), Some(body)).await
    }

    pub async fn goto(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    pub async fn refresh(&self) {
        self.post("/refresh", json!({})).await;
    }

    /// Runs `script` in the page and gives what it returns.
    pub async fn execute(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": [] })).await
    }

    /// Runs `script`, which calls its last argument with the result.
    pub async fn execute_async(&self, script: &str) -> Value {
        self.post("/execute/async", json!({ "script": script, "args": [] })).await
    }

    /// Presses and releases `key`.
    pub async fn press(&self, key: Key) {
        let strokes =
            [json!({ "type": "keyDown", "value": key.code() }), json!({ "type": "keyUp", "value": key.code() })];
        self.post("/actions", json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": strokes }] })).await;
    }

    /// Clicks the element with this id, as a person would (WebDriver's element click).
    pub async fn click(&self, id: &str) {
        let found = self.post("/element", json!({ "using": "css selector", "value": format!("#{id}") })).await;
        // The W3C name of an element reference.
        let element = found["element-6066-11e4-a52e-4f735466cecf"].as_str().unwrap_or_else(|| panic!("#{id}: {found}"));
        self.post(&format!("/element/{element}/click"), json!({})).await;
    }

    /// Waits until an element matches the CSS `selector`.
    pub async fn wait_for(&self, selector: &str, at_most: Duration) {
        let deadline = Instant::now() + at_most;
        let script = format!("return document.querySelector({}) !== null;", json!(selector));
        while self.execute(&script).await != true {
            assert!(Instant::now() < deadline, "nothing matched {selector}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The page as it shows now, as PNG bytes.
    pub async fn screenshot(&self) -> Vec<u8> {
        let answer = command(&self.driver, "GET", &format!("/session/{}/screenshot", self.id), None).await;
        base64(answer.as_str().expect("a screenshot"))
    }

    pub async fn set_window_size(&self, width: u32, height: u32) {
        self.post("/window/rect", json!({ "width": width, "height": height })).await;
    }

    pub async fn close(self) {
        command(&self.driver, "DELETE", &format!("/session/{}", self.id), None).await;
    }
}

/// Standard base64 read into bytes (what WebDriver sends screenshots as).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let bits = chunk.iter().enumerate().fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        out.extend(bits.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

/// One command: the answer's `value`, or a panic with the driver's error.
async fn command(driver: &str, method: &str, path: &str, body: Option<Value>) -> Value {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {driver}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(driver).await.expect("chromedriver answers");
    stream.write_all(request.as_bytes()).await.unwrap();
    // chromedriver says `Connection: close` but keeps the connection open: the body is as long as it says.
    let mut answer = Vec::new();
    let mut chunk = [0; 16 * 1024];
    let (head, length) = loop {
        let read = stream.read(&mut chunk).await.unwrap();
        assert!(read > 0, "{method} {path}: the connection closed before the answer's headers");
        answer.extend_from_slice(&chunk[..read]);
        if let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8(answer[..end].to_vec()).expect("UTF-8 headers");
            let length = head
                .lines()
                .find_map(|line| line.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("content-length")))
                .map(|(_, value)| value.trim().parse::<usize>().expect("a length"))
                .unwrap_or_else(|| panic!("{method} {path}: no Content-Length in {head}"));
            answer.drain(..end + 4);
            break (head, length);
        }
    };
    while answer.len() < length {
        let read = stream.read(&mut chunk).await.unwrap();
        assert!(read > 0, "{method} {path}: the connection closed inside the answer");
        answer.extend_from_slice(&chunk[..read]);
    }
    let status = head.split(' ').nth(1).unwrap_or_default();
    let value: Value = serde_json::from_slice(&answer[..length])
        .unwrap_or_else(|e| panic!("{method} {path}: {e}: {}", String::from_utf8_lossy(&answer)));
    assert_eq!(status, "200", "{method} {path}: {}", value["value"]);
    value["value"].clone()
}
