use std::fmt::Write;

fn main() {
    // The migrations are embedded (src/store/migrations.rs): a new or changed one must rebuild the binary.
    println!("cargo:rerun-if-changed=migrations");
    catalogues();
}

/// Writes `$OUT_DIR/catalogues.rs`: each language's catalogue (src/language), every `.ftl` file of `locales/en`
/// taken by the same name from each language's folder, so that a game's words come with its files alone (a file
/// missing from a language does not build).
fn catalogues() {
    println!("cargo:rerun-if-changed=locales");
    let mut files: Vec<String> = std::fs::read_dir("locales/en")
        .expect("locales/en")
        .map(|e| e.expect("a catalogue file").file_name().into_string().expect("a UTF-8 name"))
        .filter(|name| name.ends_with(".ftl"))
        .collect();
    files.sort();
    let mut out = String::from("/// Each language's catalogue files, in `Lang::ALL`'s order (written by build.rs).\n");
    writeln!(out, "const CATALOGUES: [[&str; {}]; 3] = [", files.len()).unwrap();
    for code in ["en", "fr", "nl"] {
        out.push_str("    [\n");
        for file in &files {
            writeln!(out, "        include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/locales/{code}/{file}\")),")
                .unwrap();
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("catalogues.rs");
    std::fs::write(path, out).expect("catalogues.rs written");
}
