//! The code's layout as the README's Layout says it: files that build on one another one way (no import circle
//! between files of `src/`), read from their `use` lines and the paths written in their code.
//!
//! A `use` names an item; the item lives in the file that defines it, found by following the re-exports of the
//! module it is named through (`pub use` lines are a module's face, not a dependency of its own). An edge goes from
//! the file with the `use` to the file defining the item; a circle is a set of files each reachable from the others.
//! A folder's `mod.rs` is made of the files of its folder (it holds what they share, and they build on it), so what
//! it takes from them is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One file of the crate: its module path (`crate::service::seat::play`), its private uses and its re-exports.
struct Source {
    file: String,
    uses: Vec<Vec<String>>,
    reexports: BTreeMap<String, Vec<String>>,
    defines: BTreeSet<String>,
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// The module path of a file of `src/` (`src/service/mod.rs` is `crate::service`).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = vec!["crate".into()];
    parts.extend(relative.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()));
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The `use` statements of `code` (outside tests), each as its text between `use` and `;`, and whether it is public.
fn use_statements(code: &str) -> Vec<(bool, String)> {
    let code = code.split("#[cfg(test)]").next().unwrap_or(code);
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let lead = before[line_start..].trim();
        // A `use` starts its line, alone or after `pub`/`pub(…)`: "use " inside a word or a comment ("because ")
        // is passed over, not taken for a statement (which would skip the real one after it).
        let public = match lead {
            "" => false,
            l if l == "pub" || l.starts_with("pub(") && l.ends_with(')') => true,
            _ => {
                rest = &rest[at + 4..];
                continue;
            }
        };
        let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
        found.push((public, rest[at + 4..end].split_whitespace().collect::<String>()));
        rest = &rest[end.min(rest.len() - 1) + 1..];
    }
    found
}

/// The paths written in `code` outside `use` lines and comments (`super::turn_clock::thread_link(…)`), each cut
/// before a generic or a call.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let code = code.split("#[cfg(test)]").next().unwrap_or(code);
    let is_use = |l: &str| l.starts_with("use ") || l.starts_with("pub") && l.contains(" use ");
    let lines = code.lines().map(str::trim_start).filter(|l| !l.starts_with("//") && !is_use(l));
    let mut found = Vec::new();
    for line in lines {
        for start in ["crate::", "super::"] {
            for (at, _) in line.match_indices(start) {
                let boundary = line[..at].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
                let path: String =
                    line[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
                if boundary {
                    found.push(path.split("::").filter(|s| !s.is_empty()).map(String::from).collect());
                }
            }
        }
    }
    found
}

/// A use tree (`super::{a::B, C as D}`) expanded into its paths, aliases dropped.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap().split("as").next().unwrap();
        return vec![path.split("::").filter(|s| !s.is_empty()).map(String::from).collect()];
    };
    let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let expanded = parts.into_iter().filter(|p| !p.is_empty()).flat_map(expand);
    expanded.map(|tail| prefix.iter().cloned().chain(tail.into_iter().filter(|t| t != "self")).collect()).collect()
}

/// `path` made absolute (`crate::…`) from module `at`.
fn absolute(at: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base = at.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => return Some(path.to_vec()),
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        // A path from a child module of `at` (`use outbox::effect::Effect` in `service/mod.rs`); another crate's
        // path read this way names no module of this one and falls back to `at` itself, which is no edge.
        _ => {}
    }
    Some(base.into_iter().chain(rest.iter().cloned()).collect())
}

/// The items a file defines at its top level.
fn definitions(code: &str) -> BTreeSet<String> {
    let kinds = ["fn ", "struct ", "enum ", "trait ", "type ", "const ", "static ", "mod ", "macro_rules! "];
    let mut found = BTreeSet::new();
    for line in code.lines().filter(|l| !l.starts_with(' ')) {
        let line = line.trim_start_matches("pub(crate) ").trim_start_matches("pub(super) ").trim_start_matches("pub ");
        let line = line.trim_start_matches("async ");
        if let Some(kind) = kinds.iter().find(|k| line.starts_with(**k)) {
            let name: String = line[kind.len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.insert(name);
        }
    }
    found
}

/// Every file of `src/`, by module path.
fn sources(src: &Path) -> BTreeMap<Vec<String>, Source> {
    let mut all = BTreeMap::new();
    for path in files(src).into_iter().filter(|p| !p.ends_with("main.rs")) {
        let code = std::fs::read_to_string(&path).unwrap();
        let relative = path.strip_prefix(src).unwrap();
        let module = module_of(relative);
        let (mut uses, mut reexports) = (Vec::new(), BTreeMap::new());
        for (public, tree) in use_statements(&code) {
            for path in expand(&tree).iter().filter_map(|p| absolute(&module, p)) {
                match public {
                    true => _ = reexports.insert(path.last().unwrap().clone(), path),
                    false => uses.push(path),
                }
            }
        }
        uses.extend(inline_paths(&code).iter().filter_map(|p| absolute(&module, p)));
        let file = relative.display().to_string();
        all.insert(module, Source { file, uses, reexports, defines: definitions(&code) });
    }
    all
}

/// The file that defines the item at `path`, following re-exports (at most a few steps).
fn defining(all: &BTreeMap<Vec<String>, Source>, path: &[String], steps: usize) -> Option<String> {
    let split = (1..=path.len()).rev().find(|&n| all.contains_key(&path[..n]))?;
    let (module, rest) = (&all[&path[..split]], &path[split..]);
    let Some(item) = rest.first() else { return Some(module.file.clone()) };
    if let Some(target) = module.reexports.get(item).filter(|_| steps > 0 && !module.defines.contains(item)) {
        let target: Vec<String> = target.iter().cloned().chain(rest[1..].iter().cloned()).collect();
        return defining(all, &target, steps - 1).or_else(|| Some(module.file.clone()));
    }
    Some(module.file.clone())
}

/// The sets of two or more files that import one another, in a circle (Tarjan's strongly connected components).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        for u in w.edges.get(v).into_iter().flatten() {
            if !w.index.contains_key(u.as_str()) {
                visit(w, u);
                w.low.insert(v, w.low[v].min(w.low[u.as_str()]));
            } else if w.stack.contains(&u.as_str()) {
                w.low.insert(v, w.low[v].min(w.index[u.as_str()]));
            }
        }
        if w.low[v] == w.index[v] {
            let at = w.stack.iter().rposition(|&s| s == v).unwrap();
            let component: Vec<String> = w.stack.drain(at..).map(String::from).collect();
            if component.len() > 1 {
                w.found.push(component);
            }
        }
    }
    let mut w = Walk { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.found
}

/// The import edges between the files of `src/`.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let all = sources(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in all.values() {
        let targets = source.uses.iter().filter_map(|p| defining(&all, p, 4));
        // A folder's mod.rs is made of its files: what it takes from them is composition, not an import.
        let folder = source.file.strip_suffix("mod.rs").filter(|f| !f.is_empty());
        let inside = |t: &String| folder.is_some_and(|f| t.starts_with(f));
        edges.entry(source.file.clone()).or_default().extend(targets.filter(|t| *t != source.file && !inside(t)));
    }
    edges
}

#[test]
fn the_files_of_src_import_one_another_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = imports(&src);
    // The reader finds what it must: play.rs's Service is mod.rs's, its Effect effect.rs's (re-exported there).
    let play = &edges["service/seat/play.rs"];
    assert!(play.contains("service/mod.rs") && play.contains("service/outbox/effect.rs"), "{play:?}");
    // And finds a circle where there is one: a → b → a, c apart.
    let made = |pairs: &[(&str, &str)]| {
        let mut e: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        pairs.iter().for_each(|(from, to)| _ = e.entry(from.to_string()).or_default().insert(to.to_string()));
        e
    };
    assert_eq!(circles(&made(&[("a", "b"), ("b", "a"), ("c", "a")])).len(), 1);
    let found = circles(&edges);
    assert_eq!(found, Vec::<Vec<String>>::new());
}

#[test]
fn a_use_after_words_that_hold_use_is_still_read() {
    let code = "// because it is used\nuse crate::a::B;\npub(super) use crate::c::D;\nfn f() { reuse(); }\n";
    assert_eq!(use_statements(code), [(false, "crate::a::B".to_string()), (true, "crate::c::D".to_string())]);
}

#[test]
fn the_service_is_in_folders_by_concept() {
    let service = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    let entries: Vec<_> = std::fs::read_dir(&service).unwrap().map(|e| e.unwrap().path()).collect();
    let mut files: Vec<String> =
        entries.iter().filter(|p| p.is_file()).map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["error.rs", "mod.rs", "pages.rs", "ratings.rs", "views.rs"]);
    // Each folder opens by saying what its concept offers.
    for folder in entries.iter().filter(|p| p.is_dir()) {
        let opening = std::fs::read_to_string(folder.join("mod.rs")).unwrap();
        assert!(opening.starts_with("//! "), "{}", folder.display());
    }
}
