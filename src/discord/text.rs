//! Texts as Discord takes them: at most [`CONTENT_LIMIT`] characters (longer answers are cut at a line, saying how
//! many lines were left out), pictures with their alt text, and error texts with the tokens of interaction URLs
//! blanked before they are logged.

use crate::language::Lang;
use crate::service::Picture;
use poise::serenity_prelude as serenity;

/// Discord's limit on a message's content, in characters.
pub const CONTENT_LIMIT: usize = crate::language::MESSAGE_CHARS;

/// A picture as a file to post, its alt text as the attachment's description (what Discord shows, and screen
/// readers say, in its place).
pub fn attachment(picture: Picture, name: &str) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(picture.image, name).description(picture.alt)
}

/// `text` cut to fit a message (`lang` says how many lines were left out).
pub fn fit(text: &str, lang: Lang) -> String {
    fit_in(text, CONTENT_LIMIT, lang)
}

/// `text` in at most `room` characters: whole lines from the first, then "…and N more" (in `lang`) for the lines
/// left out (or, for a first line alone too long, that line cut with "…").
pub fn fit_in(text: &str, room: usize, lang: Lang) -> String {
    if text.chars().count() <= room {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    let mut used = 0;
    for (i, line) in lines.iter().enumerate() {
        let more = format!("\n{}", lang.say(&crate::text!("discord-and-more", count = lines.len() - i)));
        let need = line.chars().count() + usize::from(i > 0);
        if used + need + more.chars().count() > room {
            if i == 0 {
                return text.chars().take(room.saturating_sub(1)).chain(['…']).collect();
            }
            out.push_str(&more);
            return out;
        }
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line);
        used += need;
    }
    out
}

/// `lines` in as few messages as hold them all, whole lines each (a line too long alone is cut): a position in words
/// is said whole, never "…and N more".
pub fn in_messages(lines: &[String], lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        match out.last_mut() {
            Some(last) if last.chars().count() + 1 + line.chars().count() <= CONTENT_LIMIT => {
                last.push('\n');
                last.push_str(line);
            }
            _ => out.push(fit(line, lang)),
        }
    }
    out
}

/// The last of `lines` that fit a message, oldest first, after a first line saying how many earlier ones were
/// left out (a log's newest moves matter most).
pub fn fit_newest(lines: &[String], earlier: impl Fn(usize) -> String) -> String {
    let total: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
    if total <= CONTENT_LIMIT + 1 {
        return lines.join("\n");
    }
    let mut kept = 0;
    let mut used = 0;
    for line in lines.iter().rev() {
        let head = earlier(lines.len() - kept - 1).chars().count() + 1;
        let need = line.chars().count() + 1;
        if used + need + head > CONTENT_LIMIT {
            break;
        }
        used += need;
        kept += 1;
    }
    let start = lines.len() - kept;
    std::iter::once(earlier(start)).chain(lines[start..].iter().cloned()).collect::<Vec<_>>().join("\n")
}

/// `text` with the tokens of webhook and interaction URLs (`/webhooks/ID/TOKEN`, `/interactions/ID/TOKEN`) blanked:
/// an interaction's token lets anyone answer for the bot for 15 minutes, so it never reaches a log.
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let found = ["/webhooks/", "/interactions/"].iter().filter_map(|p| rest.find(p).map(|i| (i, p.len()))).min();
        let Some((at, len)) = found else {
            out.push_str(rest);
            return out;
        };
        let (before, after) = rest.split_at(at + len);
        out.push_str(before);
        let id_len = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let (id, after) = after.split_at(id_len);
        out.push_str(id);
        match after.strip_prefix('/') {
            Some(token) if id_len > 0 => {
                let end = token.find(['/', '?', ' ', ')', '"', '\'', '\n']).unwrap_or(token.len());
                out.push_str("/***");
                rest = &token[end..];
            }
            _ => rest = after,
        }
    }
}

/// A log writer that blanks tokens (see [`redact`]) in everything written through it, the log lines of serenity and
/// poise included.
pub struct Redacting<W>(pub W);

impl<W: std::io::Write> std::io::Write for Redacting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // A log line arrives whole: tracing writes each event with one call.
        self.0.write_all(redact(&String::from_utf8_lossy(buf)).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Who a message may ping: exactly these users, never @everyone or a role.
pub fn pinging(users: &[i64]) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(users.iter().map(|&u| serenity::UserId::new(u as u64)))
}

/// Discord's 100 characters for a label.
pub fn fit_label(text: &str, lang: Lang) -> String {
    fit_in(text, 100, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_at_a_line_and_say_how_much_is_left_out() {
        let lines: Vec<String> = (0..100).map(|i| format!("line {i:03} {}", "x".repeat(40))).collect();
        let text = lines.join("\n");
        let cut = fit(&text, Lang::En);
        assert!(cut.chars().count() <= CONTENT_LIMIT);
        let kept = cut.lines().count() - 1;
        assert_eq!(cut.lines().last().unwrap(), format!("…and {} more", 100 - kept));
        assert!(text.starts_with(cut.rsplit_once('\n').unwrap().0));
        assert_eq!(fit("short", Lang::En), "short");
        let one = "y".repeat(6000);
        assert_eq!(fit(&one, Lang::En), "y".repeat(1999) + "…");
        let newest = fit_newest(&lines, |n| format!("({n} earlier)"));
        assert!(newest.chars().count() <= CONTENT_LIMIT);
        assert!(newest.ends_with(&lines[99]));
        let first = newest.lines().next().unwrap();
        assert_eq!(first, format!("({} earlier)", 100 - (newest.lines().count() - 1)));
    }

    #[test]
    fn a_long_text_goes_in_as_few_messages_as_hold_its_whole_lines() {
        let lines: Vec<String> = (0..30).map(|i| format!("{i:02} {}", "x".repeat(97))).collect();
        let messages = in_messages(&lines, Lang::En);
        // 100 characters a line: 19 with their 18 breaks (20 would take 2,019), then the other 11.
        assert_eq!(messages.iter().map(|m| m.chars().count()).collect::<Vec<_>>(), [1_918, 1_110]);
        assert_eq!(messages.join("\n"), lines.join("\n"), "every line, in order");
        assert_eq!(in_messages(&["short".into()], Lang::En), ["short"]);
        assert_eq!(in_messages(&[], Lang::En), Vec::<String>::new());
    }

    #[test]
    fn tokens_in_urls_are_blanked() {
        let e = "error sending request for url (http://127.0.0.1:9/api/v10/webhooks/900/aW50ZXJhY3Rpb24/messages/@original)";
        assert_eq!(
            redact(e),
            "error sending request for url (http://127.0.0.1:9/api/v10/webhooks/900/***/messages/@original)"
        );
        let i = "POST /api/v10/interactions/1234/tok1234/callback: 500";
        assert_eq!(redact(i), "POST /api/v10/interactions/1234/***/callback: 500");
        assert_eq!(redact("/webhooks/ and /webhooks/x/y"), "/webhooks/ and /webhooks/x/y");
        let mut log = Redacting(Vec::new());
        std::io::Write::write_all(
            &mut log,
            b"WARN couldn't send autocomplete response: /interactions/5/tok5/callback\n",
        )
        .unwrap();
        assert_eq!(log.0, b"WARN couldn't send autocomplete response: /interactions/5/***/callback\n");
    }
}
