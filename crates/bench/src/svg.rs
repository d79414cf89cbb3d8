//! Hand-written SVG charts (no plotting crate): a tiny element writer and three chart kinds.
//!
//! - [`log_bar_chart`]: horizontal bars on a log10 axis, one panel per corpus (throughput per
//!   engine and order; orders of magnitude apart, hence the log axis);
//! - [`percentile_chart`]: latency percentile curves, x on a "nines" axis
//!   (`-log10(1 - q)`: p50, p90, p99, p99.9, p99.99, then max), y on a log10 axis;
//! - [`stacked_chart`]: 0-100 % stacked horizontal bars (time share per technique family).
//!
//! Every chart is a fixed-width column of panels whose height follows the data. Text is escaped;
//! numbers are written with one decimal, which is plenty at these sizes.

use std::fmt::Write as _;

/// Colours for series, in order (colour-blind friendly Tableau 10).
pub const PALETTE: &[&str] = &[
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

/// A minimal SVG document writer.
#[derive(Debug)]
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

/// Escapes `&`, `<`, `>`, `"` and `'` for text and attribute values.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

impl Svg {
    /// An empty document of this width (the height grows as elements are added below it).
    #[must_use]
    pub fn new(width: f64) -> Svg {
        Svg { body: String::new(), width, height: 0.0 }
    }

    fn grow(&mut self, y: f64) {
        if y > self.height {
            self.height = y;
        }
    }

    /// A filled rectangle with an optional tooltip.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, title: Option<&str>) {
        self.grow(y + h);
        let _ = write!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}""#,
            w.max(0.0),
            h.max(0.0),
            escape(fill)
        );
        match title {
            Some(t) => {
                let _ = writeln!(self.body, "><title>{}</title></rect>", escape(t));
            }
            None => self.body.push_str("/>\n"),
        }
    }

    /// A line; `dash` is an SVG dash array or empty.
    pub fn line(
        &mut self,
        (x1, y1): (f64, f64),
        (x2, y2): (f64, f64),
        stroke: &str,
        width: f64,
        dash: &str,
    ) {
        self.grow(y1.max(y2));
        let dash =
            if dash.is_empty() { String::new() } else { format!(r#" stroke-dasharray="{dash}""#) };
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="{width:.1}"{dash}/>"#,
            escape(stroke)
        );
    }

    /// Text; `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: f64, y: f64, s: &str, size: f64, anchor: &str, bold: bool) {
        self.grow(y + 4.0);
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" text-anchor="{anchor}"{weight}>{}</text>"#,
            escape(s)
        );
    }

    /// A polyline (dashed when `dash` is an SVG dash array) with small circle markers and a
    /// tooltip.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, dash: &str, title: &str) {
        if points.is_empty() {
            return;
        }
        let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let dash =
            if dash.is_empty() { String::new() } else { format!(r#" stroke-dasharray="{dash}""#) };
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"{dash}><title>{}</title></polyline>"#,
            pts.join(" "),
            escape(stroke),
            escape(title)
        );
        for &(x, y) in points {
            self.grow(y);
            let _ = writeln!(
                self.body,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="2.5" fill="{}"/>"#,
                escape(stroke)
            );
        }
    }

    /// The finished document (a white background, sans-serif text).
    #[must_use]
    pub fn finish(self) -> String {
        let h = self.height + 12.0;
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<rect x=\"0\" y=\"0\" width=\"{w:.0}\" height=\"{h:.0}\" fill=\"white\"/>\n{}</svg>\n",
            self.body,
            w = self.width,
        )
    }
}

/// A titled panel of items.
#[derive(Clone, Debug)]
pub struct Panel<T> {
    /// Title above the panel.
    pub title: String,
    /// Its items.
    pub items: Vec<T>,
}

/// One bar.
#[derive(Clone, Debug)]
pub struct Bar {
    /// Label on the left.
    pub label: String,
    /// Value (must be > 0 to show on a log axis).
    pub value: f64,
    /// Fill colour.
    pub color: String,
}

/// Compact number: `1.23M`, `45.6k`, `789`, `1.2`.
#[must_use]
pub fn human(v: f64) -> String {
    let a = v.abs();
    for (scale, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] {
        if a >= scale && (v / scale).fract() == 0.0 {
            return format!("{}{suffix}", v / scale);
        }
    }
    if a >= 1e9 {
        format!("{:.2}G", v / 1e9)
    } else if a >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if a >= 1e4 {
        format!("{:.1}k", v / 1e3)
    } else if a >= 100.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

/// The decade range `[10^a, 10^b]` around positive values (at least one decade wide).
fn decades(values: impl Iterator<Item = f64>) -> (i32, i32) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return (0, 1);
    }
    let a = lo.log10().floor() as i32;
    let b = (hi.log10().ceil() as i32).max(a + 1);
    (a, b)
}

const WIDTH: f64 = 960.0;
const LABEL_W: f64 = 250.0;
const RIGHT_PAD: f64 = 90.0;

/// Horizontal bars on a shared log10 axis, one panel per group.
#[must_use]
pub fn log_bar_chart(title: &str, unit: &str, panels: &[Panel<Bar>]) -> String {
    let mut svg = Svg::new(WIDTH);
    svg.text(12.0, 24.0, title, 16.0, "start", true);
    let (a, b) = decades(panels.iter().flat_map(|p| p.items.iter().map(|i| i.value)));
    let plot_w = WIDTH - LABEL_W - RIGHT_PAD;
    let x_of = |v: f64| {
        LABEL_W + plot_w * ((v.max(10f64.powi(a)).log10() - f64::from(a)) / f64::from(b - a))
    };
    let bar_h = 16.0;
    let gap = 4.0;
    let mut y = 44.0;
    for panel in panels {
        svg.text(12.0, y + 12.0, &panel.title, 13.0, "start", true);
        y += 20.0;
        let top = y;
        let h = panel.items.len() as f64 * (bar_h + gap);
        for k in a..=b {
            let x = x_of(10f64.powi(k));
            svg.line((x, top), (x, top + h), "#cccccc", 1.0, "3,3");
            svg.text(x, top + h + 12.0, &human(10f64.powi(k)), 10.0, "middle", false);
        }
        for item in &panel.items {
            svg.text(LABEL_W - 6.0, y + bar_h - 4.0, &item.label, 11.0, "end", false);
            if item.value > 0.0 {
                let x1 = x_of(item.value);
                let tip = format!("{}: {} {unit}", item.label, human(item.value));
                svg.rect(LABEL_W, y, x1 - LABEL_W, bar_h, &item.color, Some(&tip));
                svg.text(x1 + 4.0, y + bar_h - 4.0, &human(item.value), 10.0, "start", false);
            } else {
                svg.text(LABEL_W + 4.0, y + bar_h - 4.0, "n/a", 10.0, "start", false);
            }
            y += bar_h + gap;
        }
        svg.line((LABEL_W, top), (LABEL_W, top + h), "#333333", 1.0, "");
        y += 28.0;
        svg.text(
            LABEL_W + plot_w / 2.0,
            y + 2.0,
            &format!("{unit} (log scale)"),
            10.0,
            "middle",
            false,
        );
        y += 20.0;
    }
    svg.finish()
}

/// One latency curve.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend label.
    pub label: String,
    /// Line colour.
    pub color: String,
    /// SVG dash array of the line (empty = solid).
    pub dash: String,
    /// (quantile in 0..=1, microseconds).
    pub points: Vec<(f64, f64)>,
}

/// The "nines" position of a quantile: p50 = 0.3, p90 = 1, p99 = 2, ... capped at p99.99 = 4;
/// the maximum (q = 1) is drawn at 4.5.
#[must_use]
pub fn nines(q: f64) -> f64 {
    if q >= 1.0 { 4.5 } else { (-(1.0 - q).log10()).min(4.0) }
}

/// Percentile curves, one panel per group, log10 microseconds on the y axis.
#[must_use]
pub fn percentile_chart(title: &str, panels: &[Panel<Series>]) -> String {
    let mut svg = Svg::new(WIDTH);
    svg.text(12.0, 24.0, title, 16.0, "start", true);
    let (left, legend_w, plot_h) = (70.0, 240.0, 220.0);
    let plot_w = WIDTH - left - legend_w - 20.0;
    let mut y = 44.0;
    for panel in panels {
        svg.text(12.0, y + 12.0, &panel.title, 13.0, "start", true);
        y += 24.0;
        let top = y;
        let (a, b) = decades(panel.items.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
        let x_of = |q: f64| left + plot_w * nines(q) / 4.5;
        let y_of = |us: f64| {
            top + plot_h
                - plot_h * ((us.max(10f64.powi(a)).log10() - f64::from(a)) / f64::from(b - a))
        };
        for k in a..=b {
            let yy = y_of(10f64.powi(k));
            svg.line((left, yy), (left + plot_w, yy), "#dddddd", 1.0, "3,3");
            svg.text(
                left - 6.0,
                yy + 4.0,
                &format!("{} us", human(10f64.powi(k))),
                10.0,
                "end",
                false,
            );
        }
        for (q, name) in [
            (0.0, "p0"),
            (0.5, "p50"),
            (0.9, "p90"),
            (0.99, "p99"),
            (0.999, "p99.9"),
            (0.9999, "p99.99"),
            (1.0, "max"),
        ] {
            let x = x_of(q);
            svg.line((x, top), (x, top + plot_h), "#eeeeee", 1.0, "");
            svg.text(x, top + plot_h + 14.0, name, 10.0, "middle", false);
        }
        svg.line((left, top + plot_h), (left + plot_w, top + plot_h), "#333333", 1.0, "");
        svg.line((left, top), (left, top + plot_h), "#333333", 1.0, "");
        for (i, s) in panel.items.iter().enumerate() {
            let pts: Vec<(f64, f64)> =
                s.points.iter().map(|&(q, us)| (x_of(q), y_of(us))).collect();
            let tip = s
                .points
                .iter()
                .map(|(q, us)| format!("p{:.2}={}us", q * 100.0, human(*us)))
                .collect::<Vec<_>>()
                .join(" ");
            svg.polyline(&pts, &s.color, &s.dash, &format!("{}: {tip}", s.label));
            let ly = top + 6.0 + i as f64 * 16.0;
            let lx = left + plot_w + 12.0;
            svg.line((lx, ly + 5.0), (lx + 22.0, ly + 5.0), &s.color, 2.0, &s.dash);
            svg.text(lx + 28.0, ly + 9.0, &s.label, 11.0, "start", false);
        }
        let legend_h = panel.items.len() as f64 * 16.0 + 6.0;
        y = top + plot_h.max(legend_h) + 24.0;
        svg.text(
            left + plot_w / 2.0,
            y + 2.0,
            "percentile (nines scale); latency per puzzle (log scale)",
            10.0,
            "middle",
            false,
        );
        y += 22.0;
    }
    svg.finish()
}

/// One stacked bar: segments as (name, fraction of the bar, 0..=1).
#[derive(Clone, Debug)]
pub struct Stack {
    /// Label on the left.
    pub label: String,
    /// Segments in drawing order.
    pub segments: Vec<(String, f64)>,
}

/// 0-100 % stacked horizontal bars with a legend (`legend`: segment name and colour; segments
/// with names not in the legend are drawn grey).
#[must_use]
pub fn stacked_chart(title: &str, legend: &[(String, String)], panels: &[Panel<Stack>]) -> String {
    let mut svg = Svg::new(WIDTH);
    svg.text(12.0, 24.0, title, 16.0, "start", true);
    let mut lx = 12.0;
    for (name, color) in legend {
        svg.rect(lx, 36.0, 12.0, 10.0, color, None);
        svg.text(lx + 16.0, 45.0, name, 11.0, "start", false);
        lx += 24.0 + 7.0 * name.len() as f64;
    }
    let plot_w = WIDTH - LABEL_W - 40.0;
    let color_of = |name: &str| {
        legend.iter().find(|(n, _)| n == name).map_or("#999999", |(_, c)| c.as_str()).to_string()
    };
    let bar_h = 16.0;
    let gap = 4.0;
    let mut y = 64.0;
    for panel in panels {
        svg.text(12.0, y + 12.0, &panel.title, 13.0, "start", true);
        y += 20.0;
        let bottom = y + panel.items.len() as f64 * (bar_h + gap);
        for k in 0..=4 {
            let x = LABEL_W + plot_w * f64::from(k) / 4.0;
            svg.line((x, y), (x, bottom), "#cccccc", 1.0, "3,3");
            svg.text(x, bottom + 12.0, &format!("{}%", k * 25), 10.0, "middle", false);
        }
        for item in &panel.items {
            svg.text(LABEL_W - 6.0, y + bar_h - 4.0, &item.label, 11.0, "end", false);
            let mut x = LABEL_W;
            for (name, frac) in &item.segments {
                let w = plot_w * frac.clamp(0.0, 1.0);
                let tip = format!("{}: {name} {:.1}%", item.label, frac * 100.0);
                svg.rect(x, y, w, bar_h, &color_of(name), Some(&tip));
                if w > 34.0 {
                    svg.text(
                        x + w / 2.0,
                        y + bar_h - 4.0,
                        &format!("{:.0}%", frac * 100.0),
                        9.0,
                        "middle",
                        false,
                    );
                }
                x += w;
            }
            y += bar_h + gap;
        }
        y += 30.0;
    }
    svg.finish()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A strict-enough XML check for our own output: every `<tag` is closed by `/>` or a
    /// matching `</tag>`, in order, and no raw `&` or `<` hides in text.
    pub(crate) fn well_formed(doc: &str) -> Result<(), String> {
        let body = doc.split_once("?>").map_or(doc, |(_, b)| b);
        let mut stack: Vec<String> = Vec::new();
        let mut rest = body;
        while let Some(i) = rest.find('<') {
            let text = &rest[..i];
            if text.contains('>') {
                return Err(format!("stray > in {text:?}"));
            }
            for (j, _) in text.match_indices('&') {
                let ent = &text[j..];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].iter().any(|e| ent.starts_with(e))
                {
                    return Err(format!("bad entity in {text:?}"));
                }
            }
            let end = rest[i..].find('>').ok_or("unclosed tag")? + i;
            let tag = &rest[i + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or("close without open")?;
                if open != name {
                    return Err(format!("</{name}> closes <{open}>"));
                }
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().ok_or("empty tag")?.to_string();
                stack.push(name);
            }
            rest = &rest[end + 1..];
        }
        if stack.is_empty() { Ok(()) } else { Err(format!("unclosed {stack:?}")) }
    }

    #[test]
    fn charts_are_well_formed_and_escape_text() {
        let bars = vec![Panel {
            title: "top <1465> & co".into(),
            items: vec![
                Bar {
                    label: "bitboard \"seeds\"".into(),
                    value: 12345.0,
                    color: PALETTE[0].into(),
                },
                Bar { label: "naive".into(), value: 321.0, color: PALETTE[1].into() },
                Bar { label: "none".into(), value: 0.0, color: PALETTE[2].into() },
            ],
        }];
        let doc = log_bar_chart("Throughput", "puzzles/s", &bars);
        well_formed(&doc).unwrap();
        assert!(doc.contains("top &lt;1465&gt; &amp; co"));
        assert!(doc.contains("n/a"));
        assert_eq!(doc.matches("<rect").count(), 3); // background + two bars

        let series = vec![Panel {
            title: "p".into(),
            items: vec![Series {
                label: "a".into(),
                color: PALETTE[0].into(),
                dash: "6,3".into(),
                points: vec![(0.0, 1.0), (0.5, 10.0), (1.0, 1000.0)],
            }],
        }];
        let doc = percentile_chart("Latency", &series);
        well_formed(&doc).unwrap();
        assert_eq!(doc.matches("<circle").count(), 3);

        let legend = vec![("singles".to_string(), PALETTE[0].to_string())];
        let stacks = vec![Panel {
            title: "c".into(),
            items: vec![Stack {
                label: "x".into(),
                segments: vec![("singles".into(), 0.7), ("mystery".into(), 0.3)],
            }],
        }];
        let doc = stacked_chart("Share", &legend, &stacks);
        well_formed(&doc).unwrap();
        assert!(doc.contains("#999999"));
        assert!(doc.contains("70%"));
    }

    #[test]
    fn checker_rejects_bad_xml() {
        assert!(well_formed("<a><b></a>").is_err());
        assert!(well_formed("<a>x & y</a>").is_err());
        assert!(well_formed("<a>").is_err());
        assert!(well_formed("<a><b/></a>").is_ok());
    }

    #[test]
    fn helpers() {
        assert_eq!(human(1_234_567.0), "1.23M");
        assert_eq!(human(45_600.0), "45.6k");
        assert_eq!(human(789.0), "789");
        assert_eq!(human(10_000.0), "10k");
        assert_eq!(human(1_000_000.0), "1M");
        assert_eq!(decades([3.0, 4500.0].into_iter()), (0, 4));
        assert_eq!(decades([10.0].into_iter()), (1, 2));
        assert!((nines(0.99) - 2.0).abs() < 1e-9);
        assert_eq!(nines(1.0), 4.5);
        assert_eq!(nines(0.999_999), 4.0);
    }
}
