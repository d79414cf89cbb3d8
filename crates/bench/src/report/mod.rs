//! Writers for the results of a run: CSV files, markdown tables and the summary, the plain
//! table on standard output, the ranking of orders, the per-family time comparison, the
//! charts, the answers computed from the rows, the self-contained `report.html`, and the dated
//! results folder that holds them all.
//!
//! Everything here is a pure function from rows to text (unit-tested), except
//! [`write_folder`], which creates `<out>/<YYYY-MM-DD>-<HHMMSS>-<label>/` and never overwrites
//! an existing folder.

mod answers;
mod charts;
mod csv;
mod families;
mod folder;
mod page;
mod rank;
mod summary;
mod tables;

pub use answers::*;
pub use charts::*;
pub use csv::*;
pub use families::*;
pub use folder::*;
pub use page::*;
pub use rank::*;
pub use summary::*;
pub use tables::*;

use crate::measure::{Row, TechRow};
use crate::meta::RunMeta;
use crate::svg::{self, Bar, Panel, Series, Stack};
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `v` with `digits` decimals.
pub(crate) fn f(v: f64, digits: usize) -> String {
    format!("{v:.digits$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(corpus: &str, engine: &str, order: &str, pps: f64) -> Row {
        Row {
            corpus: corpus.into(),
            engine: engine.into(),
            order: order.into(),
            order_ids: "a,b".into(),
            granularity: "batch".into(),
            threads: 1,
            puzzles: 10,
            solved_logic: 5,
            fallback: 5,
            no_solution: 0,
            multiple_solutions: 0,
            solved_logic_pct: 50.0,
            guesses_per_puzzle: 1.5,
            counted_share: 1.0,
            seconds: 10.0 / pps,
            puzzles_per_sec: pps,
            us_per_puzzle: 1e6 / pps,
            p50_us: 1.0,
            p90_us: 2.0,
            p99_us: 3.0,
            max_us: 4.0,
            parse_us_per_puzzle: 0.1,
            spread: 0.01,
            curve: vec![(0.0, 0.5), (0.5, 1.0), (1.0, 4.0)],
        }
    }

    fn tech(
        corpus: &str,
        engine: &str,
        technique: &str,
        family: &str,
        nanos: u64,
        calls: u64,
    ) -> TechRow {
        TechRow {
            corpus: corpus.into(),
            engine: engine.into(),
            order: "seeds".into(),
            technique: technique.into(),
            family: family.into(),
            calls,
            hits: 1,
            steps: 1,
            eliminations: 3,
            placements: 1,
            nanos,
            time_share: 0.25,
            eliminations_per_us: 1.0,
            effects_per_us: 1.0,
        }
    }

    #[test]
    fn csv_quoting_and_shape() {
        let line = csv_line(&["a,b".into(), "say \"hi\"".into(), "plain".into()]);
        assert_eq!(line, "\"a,b\",\"say \"\"hi\"\"\",plain\n");
        let text = rows_csv(&[row("c", "bitboard", "seeds", 100.0)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].split(',').count(), 23);
        assert!(lines[1].ends_with("\"a,b\""), "{}", lines[1]);
        assert!(lines[1].starts_with("c,bitboard,seeds,batch,1,10,5,50.00,5,"));
        let t = techs_csv(&[tech("c", "bitboard", "x-wing", "fish", 1000, 4)]);
        assert!(t.lines().nth(1).unwrap().ends_with(",250.0"), "{t}");
        assert_eq!(latency_csv(&[row("c", "brute", "-", 1.0)]).lines().count(), 4);
    }

    #[test]
    fn markdown_and_text_tables() {
        let md = markdown_table(&["name", ">n"], &[vec!["a|b".into(), "1".into()]]);
        assert_eq!(md, "| name | n |\n|---|---:|\n| a\\|b | 1 |\n");
        let t = text_table(
            &["name", ">n"],
            &[vec!["abc".into(), "1".into()], vec!["d".into(), "100".into()]],
        );
        assert_eq!(t, "name    n\n----  ---\nabc     1\nd     100\n");
    }

    #[test]
    fn ranking_and_ratios() {
        let rows = vec![
            row("c1", "bitboard", "slow", 100.0),
            row("c2", "bitboard", "slow", 10.0),
            row("c1", "bitboard", "fast", 400.0),
            row("c2", "bitboard", "fast", 10.0),
            row("c1", "naive", "slow", 10.0),
            row("c1", "brute", "-", 1000.0),
        ];
        let r = rank_orders(&rows, "bitboard");
        assert_eq!(r[0].order, "fast");
        assert!((r[0].geomean - 2.0).abs() < 1e-9);
        assert!((r[1].geomean - 1.0).abs() < 1e-9);
        assert_eq!(engine_ratios(&rows), vec![("c1".into(), "slow".into(), 100.0, 10.0)]);
        assert_eq!(shared_work_ceiling(&rows, "c1", "slow"), Some(100.0));
        assert_eq!(shared_work_ceiling(&rows, "c2", "slow"), None);
        // Counting half the count time doubles the ceiling; counting nothing lifts it.
        let mut half = rows.clone();
        half[4].counted_share = 0.5;
        assert_eq!(shared_work_ceiling(&half, "c1", "slow"), Some(200.0));
        half[4].counted_share = 0.0;
        assert_eq!(shared_work_ceiling(&half, "c1", "slow"), None);
        assert!((geomean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
        assert_eq!(geomean(&[]), 0.0);
        let out = stdout_table(&rows);
        assert_eq!(out.lines().count(), rows.len() + 2);
    }

    #[test]
    fn families_pair_up_engines() {
        let techs = vec![
            tech("c", "bitboard", "naked-single", "singles", 100, 10),
            tech("c", "bitboard", "hidden-single", "singles", 100, 10),
            tech("c", "naive", "naked-single", "singles", 1000, 10),
            tech("c", "naive", "hidden-single", "singles", 3000, 10),
            tech("c", "bitboard", "(other)", "other", 50, 0),
            tech("c", "naive", "(other)", "other", 60, 0),
            tech("d", "bitboard", "naked-single", "singles", 100, 10),
        ];
        let fam = family_rows(&techs);
        assert_eq!(fam.len(), 2);
        assert_eq!(fam[0].family, "singles");
        assert!((fam[0].ratio() - 20.0).abs() < 1e-9);
        assert_eq!(fam[1].family, "other");
        let csv = families_csv(&fam);
        assert!(csv.contains("c,seeds,singles,200,4000,20,20,20.00"), "{csv}");
    }

    #[test]
    fn summary_readme_and_charts() {
        let meta = RunMeta {
            command: "bench run".into(),
            date: "2024-01-01".into(),
            time: "000000".into(),
            commit: "abc".into(),
            rustc: "rustc 1".into(),
            cpu: "cpu".into(),
            load: "0.00".into(),
        };
        let rows = vec![
            row("c1", "bitboard", "seeds", 100.0),
            row("c1", "naive", "seeds", 10.0),
            row("c1", "brute", "-", 1000.0),
        ];
        let techs = vec![
            tech("c1", "bitboard", "naked-single", "singles", 100, 10),
            tech("c1", "naive", "naked-single", "singles", 900, 10),
        ];
        let info = RunInfo {
            threads: 1,
            granularity: "batch".into(),
            notes: vec!["skipped x".into()],
            ..RunInfo::default()
        };
        let s = summary_md(&meta, &info, &rows, &techs);
        assert!(s.contains("10.0x"), "{s}");
        // The ceiling: naive 10/s against brute 1000/s.
        assert!(s.contains("| 100.0x |") && s.contains("ceilings: **100.0x**"), "{s}");
        assert!(s.contains("- skipped x"));
        let r = readme_md(&meta, &info, "Run", RUN_METHOD);
        assert!(r.contains("rustc 1") && r.contains("`bench run`"));
        for doc in [throughput_svg(&rows), latency_svg(&rows), timeshare_svg(&techs)] {
            crate::svg::tests::well_formed(&doc).unwrap();
        }
    }

    #[test]
    fn family_colours_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for &f in bitdoku_strategies::Family::ALL {
            assert!(seen.insert(charts::family_color(f)), "{f:?} shares a colour");
        }
        assert!(!seen.contains(charts::OTHER_COLOR));
    }

    #[test]
    fn folders_are_never_overwritten() {
        let out = std::env::temp_dir().join(format!("bench-report-{}", std::process::id()));
        let meta = RunMeta {
            command: String::new(),
            date: "2024-01-01".into(),
            time: "000000".into(),
            commit: String::new(),
            rustc: String::new(),
            cpu: String::new(),
            load: String::new(),
        };
        let a = write_folder(&out, &meta, "x", &[("a.txt", "1".into())]).unwrap();
        let b = write_folder(&out, &meta, "x", &[("a.txt", "2".into())]).unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(a.join("a.txt")).unwrap(), "1");
        assert!(b.ends_with("2024-01-01-000000-x-2"));
        std::fs::remove_dir_all(&out).unwrap();
    }
}
