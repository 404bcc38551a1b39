//! Discord's own description of its HTTP API, held against every request the bot sends to the fake Discord.
//!
//! `../shared/discord-api-spec/openapi.json` is Discord's official OpenAPI 3.1 description (from the public
//! repository discord/discord-api-spec, MIT licence, its LICENSE beside it). It is read at test time and never copied
//! into this repository. A request's route and method must be one the description has, and its body (a JSON body, or
//! the `payload_json` part of an upload) must match the schema of that route and method's JSON request body. Schemas
//! are JSON Schema 2020-12, checked with the `jsonschema` crate; each is compiled once, when a test first meets it.
//!
//! Beyond the schemas, which leave a message's `flags` as any integer, the flags each route takes are checked as
//! Discord's documentation lists them.

use jsonschema::Validator;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Where the description is, beside this repository.
const DESCRIPTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/discord-api-spec/openapi.json");

/// The part of each route's path the description's server address holds.
pub const PREFIX: &str = "/api/v10";

/// One route and method of the description.
struct Operation {
    /// The path's segments; `None` for a parameter (`{channel_id}`).
    segments: Vec<Option<String>>,
    method: String,
    /// The JSON request body's schema, if the operation takes one.
    body: Option<Value>,
}

/// The description, read once per test process.
pub struct Api {
    operations: Vec<Operation>,
    components: Value,
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

/// The description, read on first use; a missing file fails the test that needs it, saying where it was looked for.
pub fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| {
        let text = std::fs::read_to_string(DESCRIPTION)
            .unwrap_or_else(|e| panic!("Discord's API description is read at {DESCRIPTION}: {e}"));
        Api::new(serde_json::from_str(&text).expect("Discord's API description is JSON"))
    })
}

impl Api {
    fn new(mut description: Value) -> Api {
        let mut operations = Vec::new();
        for (path, item) in description["paths"].as_object().expect("paths") {
            let segments = path
                .split('/')
                .filter(|s| !s.is_empty())
                .map(|s| (!s.starts_with('{')).then(|| s.to_string()))
                .collect::<Vec<_>>();
            for (method, operation) in item.as_object().expect("a path item") {
                if method == "parameters" {
                    continue;
                }
                let body = operation["requestBody"]["content"]["application/json"]["schema"].clone();
                operations.push(Operation {
                    segments: segments.clone(),
                    method: method.to_uppercase(),
                    body: (!body.is_null()).then_some(body),
                });
            }
        }
        Api { operations, components: description["components"].take(), validators: Mutex::default() }
    }

    /// The operation of `method` on `path` (without [`PREFIX`]): of the routes that match, the one with the most
    /// literal segments (`/messages/@original` before `/messages/{message_id}`).
    fn operation(&self, method: &str, path: &str) -> Option<&Operation> {
        let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        self.operations
            .iter()
            .filter(|o| o.method == method && o.segments.len() == parts.len())
            .filter(|o| o.segments.iter().zip(&parts).all(|(s, p)| s.as_deref().is_none_or(|s| s == *p)))
            .max_by_key(|o| o.segments.iter().filter(|s| s.is_some()).count())
    }

    /// Checks one request: its route and method are Discord's, and its body matches their schema. `Err` says what
    /// is wrong, as a test would want to read it.
    pub fn check(&self, method: &str, path: &str, body: Option<&Value>) -> Result<(), String> {
        let operation =
            self.operation(method, path).ok_or_else(|| format!("{method} {path}: Discord has no such route"))?;
        let Some(body) = body.filter(|b| !b.is_null()) else { return Ok(()) };
        let Some(schema) = &operation.body else {
            return Err(format!("{method} {path}: Discord's route takes no JSON body, and one was sent"));
        };
        let mut body = body.clone();
        tolerate_serenity(&mut body);
        let validator = self.validator(schema)?;
        let errors: Vec<String> = validator.iter_errors(&body).map(|e| format!("{}: {e}", e.instance_path())).collect();
        if !errors.is_empty() {
            return Err(format!("{method} {path}: not as Discord describes it: {}", errors.join("; ")));
        }
        flags_taken(method, path, &body)
    }

    /// The compiled schema, compiled on first use: the schema with the description's components beside it, so
    /// that its `#/components/…` references resolve.
    fn validator(&self, schema: &Value) -> Result<Arc<Validator>, String> {
        let key = schema.to_string();
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return Ok(v.clone());
        }
        let whole = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": self.components,
            "allOf": [schema],
        });
        let validator = Arc::new(jsonschema::draft202012::new(&whole).map_err(|e| format!("a schema: {e}"))?);
        self.validators.lock().unwrap().insert(key, validator.clone());
        Ok(validator)
    }
}

/// The one looseness allowed: serenity 0.12 sends an attachment's `id` as the integer `0` (its placeholder for a
/// new file), where the description wants a snowflake string; Discord accepts it. Nothing else is relaxed.
fn tolerate_serenity(body: &mut Value) {
    for attachment in body.get_mut("attachments").and_then(Value::as_array_mut).into_iter().flatten() {
        if let Some(id) = attachment.get("id").and_then(Value::as_u64) {
            attachment["id"] = json!(id.to_string());
        }
    }
}

/// Message flags each route takes (Discord's documentation; the description leaves `flags` as any integer):
/// a new message or an edit may suppress embeds and notifications; an interaction's answer may also be ephemeral.
fn flags_taken(method: &str, path: &str, body: &Value) -> Result<(), String> {
    const SUPPRESS_EMBEDS: u64 = 1 << 2;
    const EPHEMERAL: u64 = 1 << 6;
    const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
    let interaction = path.starts_with("/interactions/") || path.starts_with("/webhooks/");
    let taken = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | if interaction { EPHEMERAL } else { 0 };
    let flags = body.get("flags").or_else(|| body.get("data").and_then(|d| d.get("flags")));
    match flags.and_then(Value::as_u64) {
        Some(f) if f & !taken != 0 => {
            Err(format!("{method} {path}: flags {f:#b} include some this route does not take ({taken:#b})"))
        }
        _ => Ok(()),
    }
}
