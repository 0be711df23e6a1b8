//! The house's arrows (docs/ARCHITECTURE.md), checked on bot-core's own sources: no circle
//! of files importing each other, and nothing below the adapters imports `render` (the
//! engine, the model, the store and the service decide; `render` only turns their answers
//! into text).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every source file as its module path (`service/table/finish`; `mod.rs` is its directory),
/// with its code outside comments and outside `#[cfg(test)]`.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    collect(&root, &root, &mut out);
    out
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                collect(root, &path, out);
            }
            continue;
        }
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.ends_with(".rs") || name == "tests.rs" {
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .map(|p| p.with_extension("").to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let module = match rel.as_str() {
            "lib" => String::new(),
            r => r.strip_suffix("/mod").unwrap_or(r).to_string(),
        };
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let code: Vec<&str> = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        out.insert(module, code.join("\n"));
    }
}

/// The module a path (`crate::a::b::Item`, `super::x`) written in `module` names: the longest
/// prefix that is a file.
fn target(module: &str, path: &str, files: &BTreeMap<String, String>) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = match parts.first() {
        Some(&"crate") => Vec::new(),
        Some(&"super") | Some(&"self") => module.split('/').filter(|p| !p.is_empty()).collect(),
        _ => return None,
    };
    match parts.remove(0) {
        "super" => {
            base.pop();
            while parts.first() == Some(&"super") {
                parts.remove(0);
                base.pop();
            }
        }
        "self" | "crate" => {}
        _ => return None,
    }
    (0..=parts.len()).rev().find_map(|k| {
        let candidate = [base.clone(), parts[..k].to_vec()].concat().join("/");
        files.contains_key(&candidate).then_some(candidate)
    })
}

/// Which files each file imports (a parent module and its children are one family: a child
/// using what its parent holds, or a parent its children, is no circle).
fn imports(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges = BTreeMap::new();
    for (module, code) in files {
        let mut to = BTreeSet::new();
        for (i, _) in code
            .match_indices("crate::")
            .chain(code.match_indices("super::"))
        {
            let path: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let Some(t) = target(module, path.trim_end_matches(':'), files) else {
                continue;
            };
            let family = t.is_empty()
                || t == *module
                || module.starts_with(&format!("{t}/"))
                || t.starts_with(&format!("{module}/"));
            if !family {
                to.insert(t);
            }
        }
        edges.insert(module.clone(), to);
    }
    edges
}

/// The circles: strongly connected groups of more than one file (Tarjan).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on_stack.insert(v);
        for t in w.edges.get(v).into_iter().flatten() {
            let t = t.as_str();
            if !w.index.contains_key(t) {
                visit(w, t);
                let low = w.low[v].min(w.low[t]);
                w.low.insert(v, low);
            } else if w.on_stack.contains(t) {
                let low = w.low[v].min(w.index[t]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut group = Vec::new();
            while let Some(t) = w.stack.pop() {
                w.on_stack.remove(t);
                group.push(t.to_string());
                if t == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                w.found.push(group);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found
}

#[test]
fn no_two_files_import_each_other_round_a_circle() {
    let files = modules();
    assert!(
        files.len() > 100,
        "the scan found the files ({})",
        files.len()
    );
    let edges = imports(&files);
    assert!(
        edges["service/table/progress"].contains("service/table/finish"),
        "the scan sees imports"
    );
    assert_eq!(circles(&edges), Vec::<Vec<String>>::new());
}

/// The imports of the files in the modules `below` that go into module `upper`.
fn imports_from_below(below: &[&str], upper: &str) -> Vec<(String, String)> {
    let within = |m: &str, module: &str| m == module || m.starts_with(&format!("{module}/"));
    let edges = imports(&modules());
    edges
        .iter()
        .filter(|(m, _)| below.iter().any(|b| within(m, b)))
        .flat_map(|(m, to)| to.iter().map(move |t| (m.clone(), t.clone())))
        .filter(|(_, t)| within(t, upper))
        .collect()
}

#[test]
fn nothing_below_the_adapters_imports_render() {
    let below = [
        "engine", "model", "store", "service", "club", "commands", "grammar",
    ];
    let offenders = imports_from_below(&below, "render");
    assert!(offenders.is_empty(), "{offenders:?}");
}

/// The service reads no command's text: `commands` (the catalogue and its parser) sits above
/// it and makes its requests, so nothing below imports `commands`.
#[test]
fn nothing_below_the_commands_imports_them() {
    let below = ["engine", "model", "store", "service", "club", "grammar"];
    let offenders = imports_from_below(&below, "commands");
    assert!(offenders.is_empty(), "{offenders:?}");
    // The scan sees the parser's imports (else the check above would pass for nothing).
    assert!(!imports_from_below(&["commands"], "service").is_empty());
}

/// The check itself finds a circle when there is one.
#[test]
fn a_circle_is_found() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.insert("a".into(), ["b".to_string()].into());
    edges.insert("b".into(), ["c".to_string()].into());
    edges.insert("c".into(), ["a".to_string()].into());
    edges.insert("d".into(), ["a".to_string()].into());
    assert_eq!(circles(&edges), vec![vec!["a", "b", "c"]]);
}
