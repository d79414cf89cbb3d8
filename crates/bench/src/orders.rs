//! Order specs of `--order`: what a user may write, and the list of [`Order`]s it stands for.
//!
//! One spec is one of:
//! - a preset name: `singles`, `seeds`, `hodoku`, `all`;
//! - a comma-separated list of technique ids: `full-house,naked-single,hidden-single`;
//! - `label=ids`: a list under a short name for tables and plots (`fast=naked-single,...`);
//! - `@FILE`: one spec of the above kinds per line of FILE (blank lines and `#` comments
//!   skipped).
//!
//! Names must be unique within a run (a repeated name would merge two rows of results).

use anyhow::{Context, Result, bail};
use bitdoku_engine::Order;

/// Parses one spec that is not an `@file`: a preset, an id list, or `label=ids`.
pub fn parse_one(spec: &str) -> Result<Order> {
    let spec = spec.trim();
    if let Some((label, ids)) = spec.split_once('=') {
        let label = label.trim();
        if label.is_empty() || label.contains(',') {
            bail!("bad order label in {spec:?}");
        }
        let order = Order::parse(ids).with_context(|| format!("order {label:?}"))?;
        return Ok(Order::from_ids(label, order.ids().to_vec()));
    }
    Ok(Order::parse(spec)?)
}

/// Expands every spec (reading `@file`s) into orders, in the order given.
pub fn parse_specs(specs: &[String]) -> Result<Vec<Order>> {
    let mut out: Vec<Order> = Vec::new();
    for spec in specs {
        if let Some(path) = spec.strip_prefix('@') {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read order file {path}"))?;
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                out.push(parse_one(line).with_context(|| format!("{path} line {}", i + 1))?);
            }
        } else {
            out.push(parse_one(spec)?);
        }
    }
    if out.is_empty() {
        bail!("no order given");
    }
    for (i, o) in out.iter().enumerate() {
        if out[..i].iter().any(|p| p.name() == o.name()) {
            bail!("order name {:?} is used twice (give one a label: NAME=ids)", o.name());
        }
    }
    Ok(out)
}

/// The order's ids as strings, as the naive engine takes them.
#[must_use]
pub fn id_strings(order: &Order) -> Vec<&'static str> {
    order.ids().iter().map(|t| t.as_str()).collect()
}

/// A short name for tables: the order's name, or `custom-<n ids>` when the name is a long list.
#[must_use]
pub fn short_name(order: &Order) -> String {
    let name = order.name();
    if name.len() <= 28 { name.to_string() } else { format!("custom-{}", order.ids().len()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_strategies::TechniqueId;

    #[test]
    fn presets_lists_and_labels() {
        let orders = parse_specs(&[
            "singles".into(),
            "hodoku".into(),
            "naked-single,hidden-single".into(),
            "mine = hidden-single , naked-single".into(),
        ])
        .unwrap();
        assert_eq!(orders.len(), 4);
        assert_eq!(orders[0].name(), "singles");
        assert_eq!(orders[2].ids(), &[TechniqueId::NakedSingle, TechniqueId::HiddenSingle]);
        assert_eq!(orders[3].name(), "mine");
        assert_eq!(orders[3].ids(), &[TechniqueId::HiddenSingle, TechniqueId::NakedSingle]);
        assert_eq!(id_strings(&orders[3]), vec!["hidden-single", "naked-single"]);
    }

    #[test]
    fn errors() {
        assert!(parse_specs(&["no-such-technique".into()]).is_err());
        assert!(parse_specs(&["singles".into(), "singles".into()]).is_err());
        assert!(parse_specs(&["=naked-single".into()]).is_err());
        assert!(parse_specs(&[]).is_err());
        assert!(parse_specs(&["@/no/such/file".into()]).is_err());
    }

    #[test]
    fn order_file() {
        let dir = std::env::temp_dir().join(format!("bench-orders-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("orders.txt");
        std::fs::write(&path, "# two orders\n\nsingles\nfast=naked-single,full-house\n").unwrap();
        let orders = parse_specs(&[format!("@{}", path.display()), "seeds".into()]).unwrap();
        assert_eq!(
            orders.iter().map(|o| o.name()).collect::<Vec<_>>(),
            ["singles", "fast", "seeds"]
        );
        std::fs::write(&path, "singles\nnot-an-id\n").unwrap();
        let err = parse_specs(&[format!("@{}", path.display())]).unwrap_err();
        assert!(format!("{err:#}").contains("line 2"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn short_names() {
        let o =
            parse_one("full-house,naked-single,hidden-single,locked-candidates-pointing").unwrap();
        assert_eq!(short_name(&o), "custom-4");
        assert_eq!(short_name(&parse_one("seeds").unwrap()), "seeds");
    }
}
