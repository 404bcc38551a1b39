//! Lists in words, as players write them: "ana", "ana and ben", "ana, ben and cleo".

/// Items joined with commas and `and` before the last: "A, B and C".
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    list(items, "and")
}

/// Items joined with commas and `or` before the last: "A, B or C".
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    list(items, "or")
}

fn list<S: AsRef<str>>(items: &[S], last: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_string(),
        [init @ .., end] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {last} {}", init.join(", "), end.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_then_the_last_word() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["ana"]), "ana");
        assert_eq!(and_list(&["ana", "ben"]), "ana and ben");
        assert_eq!(and_list(&["ana", "ben", "cleo"]), "ana, ben and cleo");
        assert_eq!(or_list(&["/a", "/b", "/c", "/d"]), "/a, /b, /c or /d");
    }
}
