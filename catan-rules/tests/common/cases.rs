//! The property tests' configuration, shared by `properties.rs`, `scenarios.rs`,
//! `seat_privacy.rs` and `random_rules.rs`: `cases` per property unless `PROPTEST_CASES`
//! says otherwise, and no failure persistence (a failure prints its minimal input; the
//! persistence file would be written into the source tree). The seed comes from
//! `PROPTEST_RNG_SEED`, which `scripts/test` fixes (docs/testing.md).

use proptest::test_runner::Config as ProptestConfig;

/// `cases` per property, unless `PROPTEST_CASES` says otherwise.
pub fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}
