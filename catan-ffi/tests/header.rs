//! `include/catan.h` is what cbindgen (the pinned version) makes of this crate today.
//!
//! Fails on any difference. To update the header, run `scripts/gen-header` (the pinned
//! cbindgen binary) or `CATAN_UPDATE_HEADER=1 cargo test -p catan-ffi --test header`,
//! and commit it.

use std::path::Path;

#[test]
fn the_committed_header_is_up_to_date() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header_path = crate_dir.join("../include/catan.h");
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut fresh = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen runs")
        .write(&mut fresh);
    let fresh = String::from_utf8(fresh).unwrap();

    if std::env::var_os("CATAN_UPDATE_HEADER").is_some() {
        std::fs::write(&header_path, &fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&header_path).unwrap();
    if committed != fresh {
        let first = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(fresh.lines().count()));
        panic!(
            "include/catan.h is out of date (first difference at line {}): run \
             scripts/gen-header and commit it\n--- committed\n{}\n+++ fresh\n{}",
            first + 1,
            committed.lines().nth(first).unwrap_or("<end>"),
            fresh.lines().nth(first).unwrap_or("<end>"),
        );
    }
}

#[test]
fn the_script_and_the_test_pin_the_same_cbindgen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(root.join("../scripts/gen-header")).unwrap();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let pinned = script
        .lines()
        .find_map(|l| l.strip_prefix("CBINDGEN_VERSION="))
        .expect("scripts/gen-header pins CBINDGEN_VERSION");
    assert!(
        manifest.contains(&format!("cbindgen = {{ version = \"={pinned}\"")),
        "catan-ffi's cbindgen dev-dependency is not pinned to {pinned}"
    );
}
