//! Gives the shared library its SONAME, the way shared libraries are versioned on Linux:
//! `libcatan.so.MAJOR` from 1.0 on, `libcatan.so.0.MINOR` before (where every minor
//! release may break the ABI, as Cargo's semver has it). `scripts/install-c` installs the
//! library as `libcatan.so.MAJOR.MINOR.PATCH` with the links this name and `-lcatan` need.

fn main() {
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let (major, minor) = (
        var("CARGO_PKG_VERSION_MAJOR"),
        var("CARGO_PKG_VERSION_MINOR"),
    );
    let soname = if major == "0" {
        format!("libcatan.so.0.{minor}")
    } else {
        format!("libcatan.so.{major}")
    };
    let os = var("CARGO_CFG_TARGET_OS");
    if os == "linux" || os.ends_with("bsd") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
