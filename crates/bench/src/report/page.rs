//! `report.html`: one self-contained page per results folder (inline CSS and SVG, no script,
//! nothing fetched from the network), so a reader opens one file and sees the answers first,
//! then the charts, the table, and the machine and commit that produced them.

#[allow(unused_imports)]
use super::*;

/// What goes on a page.
#[derive(Clone, Debug, Default)]
pub struct Page {
    /// The page heading and title.
    pub title: String,
    /// The answers, one paragraph each (plain text; escaped here).
    pub answers: Vec<String>,
    /// Further sections: (heading, HTML body already escaped).
    pub sections: Vec<(String, String)>,
}

/// `s` escaped for HTML text and attribute values.
#[must_use]
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document as an inline element (its XML declaration dropped), in a figure.
#[must_use]
pub fn inline_svg(doc: &str) -> String {
    let body = doc.find("<svg").map_or(doc, |i| &doc[i..]);
    format!("<figure>{body}</figure>\n")
}

/// An HTML table; a header starting with `>` right-aligns its column (as in
/// [`markdown_table`]). `flag` marks rows to highlight.
#[must_use]
pub fn html_table(headers: &[&str], rows: &[Vec<String>], flag: &[bool]) -> String {
    let right: Vec<bool> = headers.iter().map(|h| h.starts_with('>')).collect();
    let mut s = String::from("<div class=\"scroll\"><table>\n<thead><tr>");
    for h in headers {
        let _ = write!(s, "<th>{}</th>", html_escape(h.trim_start_matches('>')));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for (i, r) in rows.iter().enumerate() {
        s.push_str(if flag.get(i).copied().unwrap_or(false) {
            "<tr class=\"flag\">"
        } else {
            "<tr>"
        });
        for (k, cell) in r.iter().enumerate() {
            let class = if right.get(k).copied().unwrap_or(false) { " class=\"num\"" } else { "" };
            let _ = write!(s, "<td{class}>{}</td>", html_escape(cell));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody></table></div>\n");
    s
}

/// The main table of a run with a `vs previous` column when changes are known (flagged rows
/// highlighted).
#[must_use]
pub fn rows_table_html(rows: &[Row], changes: &[Change]) -> String {
    let mut headers: Vec<&str> = MAIN_HEADERS.to_vec();
    headers.push(">spread %");
    if !changes.is_empty() {
        headers.push(">vs previous");
    }
    let mut flags = Vec::new();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut v = main_cells(r);
            v.push(f(100.0 * r.spread, 1));
            let c = changes
                .iter()
                .find(|c| c.key.0 == r.corpus && c.key.1 == r.engine && c.key.2 == r.order);
            flags.push(c.is_some_and(|c| c.flagged));
            if !changes.is_empty() {
                v.push(c.map_or("-".into(), |c| {
                    format!("{:.2}x{}", c.ratio, if c.flagged { " !" } else { "" })
                }));
            }
            v
        })
        .collect();
    html_table(&headers, &cells, &flags)
}

const STYLE: &str = "\
body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:0 auto;max-width:1000px;\
padding:1.5em;color:#222;line-height:1.45}\
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:1px solid #ddd}\
.answers{background:#f3f7fb;border-left:4px solid #2e75b6;padding:.6em 1em}\
.answers p{margin:.5em 0}figure{margin:1em 0}figure svg{max-width:100%;height:auto}\
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85em}\
th,td{padding:.2em .55em;border-bottom:1px solid #e5e5e5;text-align:left;white-space:nowrap}\
th{background:#fafafa}td.num{text-align:right;font-variant-numeric:tabular-nums}\
tr.flag td{background:#fff3cd}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}\
dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}pre{white-space:pre-wrap;font-size:.8em}\
.muted{color:#666;font-size:.9em}";

/// The page: answers, the caller's sections, then the machine and commit.
#[must_use]
pub fn page_html(meta: &RunMeta, info: &RunInfo, page: &Page) -> String {
    let mut s = String::new();
    let title = html_escape(&page.title);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}, {} {} UTC</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>{title}</h1>\n<p class=\"muted\">{} {} UTC &middot; commit {} &middot; <code>{}</code></p>\n",
        meta.date,
        meta.clock(),
        meta.date,
        meta.clock(),
        html_escape(&meta.commit),
        html_escape(&meta.command),
    );
    s.push_str("<h2 id=\"answers\">Answers</h2>\n<div class=\"answers\">\n");
    for a in &page.answers {
        let _ = writeln!(s, "<p>{}</p>", html_escape(a));
    }
    s.push_str("</div>\n");
    for (heading, body) in &page.sections {
        let _ = writeln!(s, "<h2>{}</h2>\n{body}", html_escape(heading));
    }
    s.push_str("<h2 id=\"machine\">Machine, commit and run</h2>\n<dl>\n");
    let mut item = |k: &str, v: &str| {
        let _ = writeln!(s, "<dt>{}</dt><dd>{}</dd>", html_escape(k), html_escape(v));
    };
    item("Command", &meta.command);
    item("Date", &format!("{} {} UTC", meta.date, meta.clock()));
    item("Commit", &meta.commit);
    item("CPU", &meta.cpu);
    item("Load average at the start", &meta.load);
    item("Threads (timed passes)", &info.threads.to_string());
    item("Timed passes per row", &format!("{} (the fastest counts)", info.repeats.max(1)));
    item("Granularity", &info.granularity);
    item("Wall time of the whole run", &format!("{:.1} s", info.wall_seconds));
    for c in &info.corpora {
        item("Corpus", c);
    }
    for (name, ids) in &info.orders {
        item(&format!("Order {name}"), ids);
    }
    for n in &info.notes {
        item("Note", n);
    }
    s.push_str("</dl>\n");
    let _ = writeln!(s, "<pre>{}</pre>", html_escape(&meta.rustc));
    s.push_str(
        "<p class=\"muted\">The method and every number: README.md, summary.md and the CSV files \
         of this folder.</p>\n</body>\n</html>\n",
    );
    s
}

/// The page of a `bench run`.
#[must_use]
pub fn run_page(
    meta: &RunMeta,
    info: &RunInfo,
    answers: &Answers,
    rows: &[Row],
    techs: &[TechRow],
) -> String {
    let mut sections = vec![
        ("Throughput".to_string(), inline_svg(&throughput_svg(rows))),
        ("Latency distribution".to_string(), inline_svg(&latency_svg(rows))),
    ];
    if !techs.is_empty() {
        sections.push((
            "Time share per technique family".to_string(),
            inline_svg(&timeshare_svg(techs)),
        ));
    }
    let note = if answers.changes.is_empty() {
        String::new()
    } else {
        "<p class=\"muted\">vs previous: this run's puzzles/s over the previous folder's on the \
         same puzzles; highlighted (and marked !) when beyond the row's spread of timed passes \
         (at least 1%).</p>\n"
            .to_string()
    };
    sections.push((
        "All rows".to_string(),
        format!("{note}{}", rows_table_html(rows, &answers.changes)),
    ));
    page_html(
        meta,
        info,
        &Page { title: "bitdoku bench run".into(), answers: answers.sentences.clone(), sections },
    )
}
