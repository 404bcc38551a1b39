fn main() {
    // The migrations are embedded (src/store/migrations.rs): a new or changed one must rebuild the binary.
    println!("cargo:rerun-if-changed=migrations");
}
