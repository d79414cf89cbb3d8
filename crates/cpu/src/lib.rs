//! `bitdoku-cpu`: runtime CPU-feature dispatch. The hot paths that gain from newer
//! instructions (the brute-force search of `bitdoku-brute`, the line scan of
//! `bitdoku-bitboard`'s bulk path) are compiled for the build's baseline (x86-64-v2 by
//! default, see `.cargo/config.toml`) and for x86-64-v3 (AVX2, BMI1/2, LZCNT, FMA); the first
//! call picks the variant the processor can run, and every path asks here, so one switch
//! covers all of them. `BITDOKU_CPU=portable` (read once) or [`force_portable`] keeps the
//! baseline paths; both give the same results (tested in each crate).
//!
//! Inside the x86-64-v3 variants, BMI2's bit extract (`PEXT`) is used only where
//! [`fast_pext`] says it is fast: one cycle of throughput on Intel processors since Haswell
//! and on AMD since Zen 3, but microcoded (tens of cycles, depending on the mask) on AMD Zen 1
//! and Zen 2, where a table lookup wins. `BITDOKU_PEXT=0` or `BITDOKU_PEXT=1` (read once) or
//! [`force_pext`] overrides that guess (`1` only takes effect on a processor with BMI2).
//! Both choices give the same results.
//!
//! The vendor and family come from two `CPUID` leaves read directly: a crate such as
//! `raw-cpuid` would add a dependency for two instructions the standard library exposes.

#![deny(missing_docs)]

use std::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const V3: u8 = 2;

static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// `UNKNOWN`, or 1 + whether PEXT is used.
static PEXT: AtomicU8 = AtomicU8::new(UNKNOWN);

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

/// The path taken: `"x86-64-v3+pext"`, `"x86-64-v3"` or `"portable"`.
#[must_use]
pub fn path() -> &'static str {
    match (use_v3(), fast_pext()) {
        (true, true) => "x86-64-v3+pext",
        (true, false) => "x86-64-v3",
        _ => "portable",
    }
}

/// Keeps every later call on the portable path (`true`), or detects again (`false`).
pub fn force_portable(on: bool) {
    CHOICE.store(if on { PORTABLE } else { detect() }, Ordering::Relaxed);
}

/// Vendor and family of the processor from `CPUID` leaves 0 and 1 (family as the manuals
/// define it: the base family plus, when that is 15, the extended family).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code, unused_unsafe)]
fn vendor_and_family() -> ([u8; 12], u32) {
    use std::arch::x86_64::__cpuid;
    // SAFETY: CPUID exists on every x86-64 processor (newer Rust versions mark it safe).
    let (leaf0, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
    let mut vendor = [0u8; 12];
    vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
    let base = (leaf1.eax >> 8) & 0xF;
    let family = if base == 0xF { base + ((leaf1.eax >> 20) & 0xFF) } else { base };
    (vendor, family)
}

/// Whether this processor has BMI2 (`PEXT`).
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("bmi2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether this processor has BMI2 and runs `PEXT` at full speed (see the crate docs).
fn pext_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if !has_bmi2() {
            return false;
        }
        match std::env::var("BITDOKU_PEXT").as_deref() {
            Ok("0") => return false,
            Ok("1") => return true,
            _ => {}
        }
        let (vendor, family) = vendor_and_family();
        match &vendor {
            b"GenuineIntel" => true,
            // Zen 3 and later are family 0x19 and up; Hygon's Zen 1 derivative is 0x18.
            b"AuthenticAMD" => family >= 0x19,
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether the x86-64-v3 variants use `PEXT` (only meaningful when [`use_v3`] is true).
#[must_use]
pub fn fast_pext() -> bool {
    match PEXT.load(Ordering::Relaxed) {
        UNKNOWN => {
            let fast = pext_is_fast();
            PEXT.store(1 + u8::from(fast), Ordering::Relaxed);
            fast
        }
        p => p == 2,
    }
}

/// Makes later calls use `PEXT` (`Some(true)`, on a processor with BMI2 only), not use it
/// (`Some(false)`), or detect again (`None`, which reads `BITDOKU_PEXT` again).
pub fn force_pext(on: Option<bool>) {
    let fast = match on {
        Some(on) => on && has_bmi2(),
        None => pext_is_fast(),
    };
    PEXT.store(1 + u8::from(fast), Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pext_switch_follows_force_and_names_the_path() {
        force_pext(Some(false));
        assert!(!fast_pext());
        force_portable(true);
        assert_eq!(path(), "portable");
        force_portable(false);
        if use_v3() {
            assert_eq!(path(), "x86-64-v3");
            force_pext(Some(true));
            // Every x86-64-v3 processor has BMI2.
            assert!(fast_pext());
            assert_eq!(path(), "x86-64-v3+pext");
        }
        force_pext(None);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn cpuid_reads_a_printable_vendor() {
        let (vendor, family) = vendor_and_family();
        assert!(vendor.iter().all(|b| b.is_ascii_graphic()), "{vendor:?}");
        assert!(family >= 6, "family {family}");
    }
}
