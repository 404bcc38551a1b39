fn main() {
    // The migrations are embedded by `sqlx::migrate!`: a new or changed one must rebuild the binary.
    println!("cargo:rerun-if-changed=migrations");
}
