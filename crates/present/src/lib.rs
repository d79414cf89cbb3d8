//! `bitdoku-present`: what bitdoku's front ends present to a reader, in one place so that the
//! `bitdoku` command and the Python module (`python/native`) give the same output: the serde
//! rows of `--json` output ([`json`]) and the explanation page of `bitdoku explain` and
//! `bitdoku.explain_html` ([`page`], rendered with minijinja from `templates/explain.html`).
//!
//! A library of plain data and rendering: it reads no file and writes nothing (the front ends
//! do the IO).
#![deny(missing_docs)]

pub mod json;
pub mod page;
