//! The fake Discord itself: a request as Discord describes it passes; one that Discord's API description or its
//! limits refuse is answered 400, as Discord answers, and noted, so that the test whose bot sent it fails.

use crate::support::fake_discord::Fake;
use serde_json::{json, Value};

/// Sends `method path` with a JSON body to the fake over a fresh connection; returns the status and the answer.
async fn send(fake: &Fake, method: &str, path: &str, body: &Value) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("headers end");
    let status = String::from_utf8_lossy(&answer[..split]).split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_slice(&answer[split + 4..]).unwrap_or(Value::Null))
}

/// A message with one select menu whose option is `option`.
fn with_option(option: Value) -> Value {
    json!({"content": "choose", "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "menu", "options": [option]}
    ]}]})
}

#[tokio::test]
async fn requests_as_discord_describes_them_pass() {
    let fake = Fake::start().await;
    let post = json!({"content": "hello", "allowed_mentions": {"parse": []}, "nonce": "o1", "enforce_nonce": true});
    assert_eq!(send(&fake, "POST", "/channels/100/messages", &post).await.0, 200);
    let menu = with_option(json!({"label": "x".repeat(100), "value": "v"}));
    assert_eq!(send(&fake, "POST", "/channels/100/messages", &menu).await.0, 200, "100 characters are allowed");
    // serenity's one looseness, allowed: an attachment's id as the integer 0.
    let kept = json!({"content": "kept", "attachments": [{"id": 0, "filename": "board.png"}]});
    assert_eq!(
        send(&fake, "PATCH", "/channels/100/messages/1", &kept).await.0,
        404,
        "through to the fake: no message 1"
    );
    assert_eq!(fake.take_violations(), Vec::<String>::new());
}

#[tokio::test]
async fn requests_discord_would_refuse_are_answered_400_and_noted() {
    let fake = Fake::start().await;
    let cases = [
        (
            "a select option's label of 101 characters",
            "POST",
            "/channels/100/messages",
            with_option(json!({"label": "x".repeat(101), "value": "v"})),
            "/components/0",
        ),
        (
            "an unknown component type",
            "POST",
            "/channels/100/messages",
            json!({"components": [{"type": 1, "components": [{"type": 99, "custom_id": "x"}]}]}),
            "/components/0",
        ),
        (
            "a flag the route does not take (ephemeral, in a channel)",
            "POST",
            "/channels/100/messages",
            json!({"content": "psst", "flags": 64}),
            "flags",
        ),
        ("a route Discord does not have", "POST", "/channels/100/fanfare", json!({"content": "tada"}), "no such route"),
        (
            "an attachment's id that is not a snowflake",
            "PATCH",
            "/channels/100/messages/1",
            json!({"attachments": [{"id": "board"}]}),
            "/attachments/0/id",
        ),
    ];
    for (what, method, path, body, said) in cases {
        let (status, answer) = send(&fake, method, path, &body).await;
        assert_eq!((status, answer["code"].as_u64()), (400, Some(50035)), "{what}: {answer}");
        let noted = fake.take_violations();
        assert!(noted.len() == 1 && noted[0].contains(said), "{what}: {noted:?}");
    }
    assert!(fake.state().messages.is_empty(), "nothing refused was stored");
}

#[tokio::test]
async fn a_test_whose_bot_sent_a_refused_request_fails() {
    let fake = Fake::start().await;
    send(&fake, "POST", "/channels/100/fanfare", &json!({})).await;
    let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(fake)));
    let message = ended.expect_err("the fake's end fails the test");
    let message = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.contains("requests Discord would refuse") && message.contains("/channels/100/fanfare"),
        "{message}"
    );
}

#[tokio::test]
async fn the_request_log_has_a_line_for_every_request() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("discord.jsonl");
    let fake = Fake::start_logging(Some(path.clone())).await;
    send(&fake, "POST", "/channels/100/messages", &json!({"content": "hello"})).await;
    send(&fake, "POST", "/channels/100/fanfare", &json!({"content": "tada"})).await;
    fake.take_violations();
    let lines: Vec<Value> =
        std::fs::read_to_string(&path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let said: Vec<(&str, &str, &Value)> =
        lines.iter().map(|l| (l["http"].as_str().unwrap(), l["path"].as_str().unwrap(), &l["body"])).collect();
    assert_eq!(
        said,
        [
            ("POST", "/channels/100/messages", &json!({"content": "hello"})),
            ("POST", "/channels/100/fanfare", &json!({"content": "tada"}))
        ]
    );
    assert!(lines.iter().all(|l| l["fake"] == json!(fake.base) && l["ms"].is_u64()), "{lines:?}");
}
