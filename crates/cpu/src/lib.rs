//! `bitdoku-cpu`: runtime CPU-feature dispatch. The hot paths that gain from newer
//! instructions (the brute-force search of `bitdoku-brute`, the line scan of
//! `bitdoku-bitboard`'s bulk path) are compiled for the build's baseline (x86-64-v2 by
//! default, see `.cargo/config.toml`) and for x86-64-v3 (AVX2, BMI1/2, LZCNT, FMA); the first
//! call picks the variant the processor can run, and every path asks here, so one switch
//! covers all of them. `BITDOKU_CPU=portable` (read once) or [`force_portable`] keeps the
//! baseline paths; both give the same results (tested in each crate).

#![deny(missing_docs)]

use std::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const V3: u8 = 2;

static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

fn detect() -> u8 {
    if std::env::var("BITDOKU_CPU").is_ok_and(|v| v == "portable") {
        return PORTABLE;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let v3 = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("fma");
        if v3 {
            return V3;
        }
    }
    PORTABLE
}

fn choice() -> u8 {
    match CHOICE.load(Ordering::Relaxed) {
        UNKNOWN => {
            let c = detect();
            CHOICE.store(c, Ordering::Relaxed);
            c
        }
        c => c,
    }
}

/// Whether the x86-64-v3 variants run.
#[must_use]
pub fn use_v3() -> bool {
    choice() == V3
}

/// The path taken: `"x86-64-v3"` or `"portable"`.
#[must_use]
pub fn path() -> &'static str {
    if use_v3() { "x86-64-v3" } else { "portable" }
}

/// Keeps every later call on the portable path (`true`), or detects again (`false`).
pub fn force_portable(on: bool) {
    CHOICE.store(if on { PORTABLE } else { detect() }, Ordering::Relaxed);
}
