//! What a results folder records about its run: the exact command, the date (UTC), the git
//! commit (and whether the work tree had changes), `rustc -vV`, the CPU model and core count.
//!
//! Git is only read, with `--no-optional-locks` so that a benchmark never takes the index lock
//! from under someone else's git command.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// Facts about a run.
#[derive(Clone, Debug)]
pub struct RunMeta {
    /// The command line, shell-quoted.
    pub command: String,
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// `HHMMSS` (UTC).
    pub time: String,
    /// `git rev-parse HEAD`, with ` (+ uncommitted changes)` when the tree is dirty.
    pub commit: String,
    /// `rustc -vV` output.
    pub rustc: String,
    /// CPU model name and logical core count.
    pub cpu: String,
    /// `/proc/loadavg` when the run started (other work on a shared machine skews timings).
    pub load: String,
}

impl RunMeta {
    /// Collects the facts now (git is asked in `repo`).
    #[must_use]
    pub fn collect(repo: &Path) -> RunMeta {
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let (date, time) = utc_date_time(secs);
        RunMeta {
            command: command_line(),
            date,
            time,
            commit: git_commit(repo),
            rustc: rustc_version(),
            cpu: cpu_model(),
            load: load_average(),
        }
    }

    /// The time as `HH:MM:SS`.
    #[must_use]
    pub fn clock(&self) -> String {
        let t = &self.time;
        if t.len() == 6 { format!("{}:{}:{}", &t[..2], &t[2..4], &t[4..]) } else { t.clone() }
    }

    /// The folder name for a label: `<date>-<time>-<label>`.
    #[must_use]
    pub fn folder_name(&self, label: &str) -> String {
        format!("{}-{}-{}", self.date, self.time, sanitize(label))
    }
}

/// Keeps `[A-Za-z0-9._-]`, maps the rest to `-`, at most 40 characters.
#[must_use]
pub fn sanitize(label: &str) -> String {
    let s: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' })
        .collect();
    let s = s.trim_matches('-');
    let s: String = s.chars().take(40).collect();
    if s.is_empty() { "run".to_string() } else { s }
}

fn shell_quote(arg: &str) -> String {
    if !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=,:@+%".contains(c))
    {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

/// The process's command line, quoted for a POSIX shell; the program is shown as `bench`.
#[must_use]
pub fn command_line() -> String {
    let mut args: Vec<String> = std::env::args().collect();
    if let Some(first) = args.first_mut() {
        *first = "bench".to_string();
    }
    args.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" ")
}

fn run(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn git_commit(repo: &Path) -> String {
    let git = |args: &[&str]| {
        run(Command::new("git").arg("--no-optional-locks").arg("-C").arg(repo).args(args))
    };
    match git(&["rev-parse", "HEAD"]) {
        Some(head) => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty { format!("{head} (+ uncommitted changes)") } else { head }
        }
        None => "unknown (not a git work tree)".to_string(),
    }
}

fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    run(Command::new(rustc).arg("-vV")).unwrap_or_else(|| "unknown (rustc not found)".to_string())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "unknown".to_string(), |s| s.trim().to_string())
}

fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .and_then(|r| r.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model}, {cores} logical cores available")
}

/// UTC `(YYYY-MM-DD, HHMMSS)` from Unix seconds (Howard Hinnant's civil-from-days algorithm:
/// shift the epoch to 0000-03-01 so leap days fall at the end of a 400-year era).
#[must_use]
pub fn utc_date_time(secs: u64) -> (String, String) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{:02}{:02}{:02}", rem / 3600, rem % 3600 / 60, rem % 60),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(utc_date_time(0), ("1970-01-01".into(), "000000".into()));
        assert_eq!(utc_date_time(951_782_400), ("2000-02-29".into(), "000000".into()));
        assert_eq!(utc_date_time(1_700_000_000), ("2023-11-14".into(), "221320".into()));
        assert_eq!(utc_date_time(4_107_542_399), ("2100-02-28".into(), "235959".into()));
    }

    #[test]
    fn labels_and_quotes() {
        assert_eq!(sanitize("all presets / 17"), "all-presets---17");
        assert_eq!(sanitize("///"), "run");
        assert_eq!(shell_quote("--order=a,b"), "--order=a,b");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        let m = RunMeta {
            command: String::new(),
            date: "2024-01-02".into(),
            time: "030405".into(),
            commit: String::new(),
            rustc: String::new(),
            cpu: String::new(),
            load: String::new(),
        };
        assert_eq!(m.folder_name("x y"), "2024-01-02-030405-x-y");
    }
}
