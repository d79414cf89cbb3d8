//! The dated results folder (never overwritten).

#[allow(unused_imports)]
use super::*;

/// Creates `<out>/<date>-<time>-<label>/` (with a `-2`, `-3`... suffix if it exists) and writes
/// the files into it; returns the folder.
pub fn write_folder(
    out: &Path,
    meta: &RunMeta,
    label: &str,
    files: &[(&str, String)],
) -> Result<PathBuf> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let base = meta.folder_name(label);
    let mut dir = out.join(&base);
    let mut k = 2;
    while dir.exists() {
        dir = out.join(format!("{base}-{k}"));
        k += 1;
    }
    std::fs::create_dir(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, content) in files {
        std::fs::write(dir.join(name), content).with_context(|| format!("cannot write {name}"))?;
    }
    Ok(dir)
}
