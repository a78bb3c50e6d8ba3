//! README's layout section and `src/` name the same files, and the rules of
//! docs/architecture.md hold: clap only in the command line, nothing below
//! it prints or exits, no mutable global state, and no family imports from
//! a floor above its own.

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn all_sources() -> Vec<String> {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.sort();
    files
}

#[test]
fn readme_layout_names_every_source_file() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let section = readme
        .split("## Layout")
        .nth(1)
        .expect("README has a Layout section");
    let mut listed: Vec<String> = section
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.starts_with("src/") && w.ends_with(".rs"))
        .map(String::from)
        .collect();
    listed.sort();
    assert_eq!(listed, all_sources());
}

/// The floors of the house, from the ground up (docs/architecture.md): a
/// family of the library may use its own modules and the floors below it,
/// never a floor above nor a neighbour on its own floor.
const FLOORS: &[&[&str]] = &[
    &["text", "memory"],
    &["perm"],
    &["group"],
    &["board"],
    &["puzzle"],
    &["method", "search"],
    &["generated"],
    &["render"],
];

/// What the house rules look at in one library file, read from its syntax
/// tree (`syn`), not its text: every path and `use` resolved from the
/// crate's root (`crate::`, chains of `super::`, `self::`, and names a
/// `use … as …` gave), every global that can change, and every way of
/// printing or exiting. Comments and strings are never code here, and
/// spacing or line breaks change nothing.
#[derive(Debug, Default)]
struct Findings {
    /// Each family of the crate named, with the path that names it.
    families: Vec<(String, String)>,
    /// Globals that can change: statics of cells, atomics or locks,
    /// `static mut`, `thread_local!`.
    globals: Vec<String>,
    /// Printing, exiting, aborting, holding standard output, clap.
    outputs: Vec<String>,
}

/// The module path of a file of `src/`: `src/method/search/words.rs` is
/// `method::search::words`, a `mod.rs` its folder's, `lib.rs` the root.
fn module_of(file: &str) -> Vec<String> {
    let rel = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut path: Vec<String> = rel.split('/').map(String::from).collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

struct Reader {
    /// The module being read (inline `mod`s pushed).
    module: Vec<String>,
    /// Names brought in by `use`, each with the path from the root it
    /// stands for.
    aliases: Vec<(String, Vec<String>)>,
    found: Findings,
}

impl Reader {
    /// `segments` from the crate's root, when they start there: `None`
    /// for an outside crate's path or a local name.
    fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        let mut out = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.module.clone(),
            "super" => {
                let supers = segments.iter().take_while(|s| *s == "super").count();
                let mut m = self.module.clone();
                m.truncate(m.len().saturating_sub(supers));
                m.extend(segments[supers..].iter().cloned());
                return Some(m);
            }
            name => {
                let (_, to) = self.aliases.iter().rev().find(|(a, _)| a == name)?;
                to.clone()
            }
        };
        out.extend(segments[1..].iter().cloned());
        Some(out)
    }

    /// Notes the family `segments` name, if they resolve to one.
    fn named(&mut self, segments: &[String]) {
        if let Some(abs) = self.absolute(segments)
            && let Some(family) = abs.first()
        {
            self.found
                .families
                .push((family.clone(), segments.join("::")));
        }
        let last = segments.last().map(String::as_str);
        let first = segments.first().map(String::as_str);
        let joined = segments.join("::");
        if matches!(last, Some("exit" | "abort"))
            && (segments.len() == 1 || joined.contains("process"))
            || matches!(last, Some("stdout" | "stderr" | "set_hook"))
            || matches!(first, Some("clap" | "gag"))
        {
            self.found.outputs.push(joined);
        }
    }

    /// The `use` tree `tree` under `prefix`: each leaf named, and each name
    /// it brings in remembered (`as` included).
    fn use_tree(&mut self, prefix: &[String], tree: &syn::UseTree, collect: bool) {
        let with = |name: &syn::Ident| {
            let mut p = prefix.to_vec();
            p.push(name.to_string());
            p
        };
        match tree {
            syn::UseTree::Path(p) => {
                let next = with(&p.ident);
                self.use_tree(&next, &p.tree, collect);
            }
            syn::UseTree::Name(n) => {
                let full = if n.ident == "self" {
                    prefix.to_vec()
                } else {
                    with(&n.ident)
                };
                let name = full.last().cloned().unwrap_or_default();
                self.leaf(full, name, collect);
            }
            syn::UseTree::Rename(r) => {
                let full = if r.ident == "self" {
                    prefix.to_vec()
                } else {
                    with(&r.ident)
                };
                self.leaf(full, r.rename.to_string(), collect);
            }
            syn::UseTree::Glob(_) => {
                if !collect {
                    self.named(prefix);
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t, collect);
                }
            }
        }
    }

    fn leaf(&mut self, full: Vec<String>, name: String, collect: bool) {
        if collect {
            if let Some(abs) = self.absolute(&full) {
                self.aliases.push((name, abs));
            }
        } else {
            self.named(&full);
        }
    }

    /// Paths written inside a macro's tokens (`format!("{}", crate::x)`):
    /// runs of `ident :: ident …`.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        let flush = |run: &mut Vec<String>, reader: &mut Reader| {
            if run.len() > 1 {
                reader.named(run);
            }
            run.clear();
        };
        for t in tokens {
            match t {
                proc_macro2::TokenTree::Ident(i) => {
                    if colons != 2 {
                        flush(&mut run, self);
                    }
                    run.push(i.to_string());
                    colons = 0;
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                proc_macro2::TokenTree::Group(g) => {
                    flush(&mut run, self);
                    self.tokens(g.stream());
                    colons = 0;
                }
                _ => {
                    flush(&mut run, self);
                    colons = 0;
                }
            }
        }
        flush(&mut run, self);
    }
}

/// The first pass: the names each `use` brings in.
struct Aliases<'r>(&'r mut Reader);

impl<'ast> syn::visit::Visit<'ast> for Aliases<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.0.use_tree(&[], &u.tree, true);
    }
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.0.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.0.module.pop();
    }
}

impl<'ast> syn::visit::Visit<'ast> for Reader {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&[], &u.tree, false);
    }
    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.named(&segments);
        syn::visit::visit_path(self, p);
    }
    fn visit_item_static(&mut self, s: &'ast syn::ItemStatic) {
        use quote::ToTokens;
        let ty = s.ty.to_token_stream().to_string();
        let changes = ["Atomic", "Mutex", "RwLock", "Cell", "UnsafeCell"]
            .iter()
            .any(|k| ty.contains(k));
        if changes || matches!(s.mutability, syn::StaticMutability::Mut(_)) {
            self.found.globals.push(format!("static {}: {ty}", s.ident));
        }
        syn::visit::visit_item_static(self, s);
    }
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let name = m
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        match name.as_str() {
            "println" | "print" | "eprintln" | "eprint" | "dbg" => {
                self.found.outputs.push(format!("{name}!"));
            }
            "thread_local" => self.found.globals.push("thread_local!".into()),
            _ => {}
        }
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

/// What the house rules see in the file `file` (its path under `src/`,
/// which gives its module) whose code is `source`.
fn read_code(file: &str, source: &str) -> Findings {
    use syn::visit::Visit;
    let tree = syn::parse_file(source).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut reader = Reader {
        module: module_of(file),
        aliases: Vec::new(),
        found: Findings::default(),
    };
    Aliases(&mut reader).visit_file(&tree);
    reader.module = module_of(file);
    reader.visit_file(&tree);
    reader.found
}

/// The families of the library that a file of family `own` may not name:
/// a floor above its own, or a neighbour on its own floor.
fn upward(own: &str, findings: &Findings) -> Vec<String> {
    let floor = |family: &str| FLOORS.iter().position(|f| f.contains(&family));
    let Some(mine) = floor(own) else {
        return vec![format!("{own} is on no floor")];
    };
    findings
        .families
        .iter()
        .filter(|(named, _)| named != own && floor(named).is_some_and(|theirs| theirs >= mine))
        .map(|(_, shown)| shown.clone())
        .collect()
}

/// Each break of the rules planted in a file, as an outside reviewer
/// planted them: every one is found.
#[test]
fn the_rules_are_read_from_the_code_and_catch_every_planted_break() {
    let planted: &[(&str, &str, &str)] = &[
        ("src/board/mod.rs", "use super::method::Solver;", "upward"),
        (
            "src/board/space.rs",
            "use super::super::method::Solver;",
            "upward",
        ),
        (
            "src/group/mod.rs",
            "fn f() { let _ = crate :: method :: search :: ida :: MAX_DIGITS; }",
            "upward",
        ),
        (
            "src/perm/mod.rs",
            "use crate as root;\nfn f() { root::method::f(); }",
            "upward",
        ),
        (
            "src/perm/mod.rs",
            "use crate::{board::{self as b}};\nfn f() { b::f(); }",
            "upward",
        ),
        (
            "src/group/mod.rs",
            "fn f() -> String { format!(\"{}\", crate::render::x()) }",
            "upward",
        ),
        (
            "src/board/mod.rs",
            "pub(crate) static M: std::sync::Mutex<u8> = std::sync::Mutex::new(0);",
            "global",
        ),
        (
            "src/board/mod.rs",
            "thread_local! { static T: std::cell::Cell<u8> = std::cell::Cell::new(0); }",
            "global",
        ),
        (
            "src/board/mod.rs",
            "static COUNT:\n    std::sync::atomic::AtomicUsize =\n    std::sync::atomic::AtomicUsize::new(0);",
            "global",
        ),
        (
            "src/board/mod.rs",
            "fn f() { static mut N: u8 = 0; }",
            "global",
        ),
        (
            "src/board/mod.rs",
            "fn f() { use std::io::Write; let _ = writeln!(std::io::stdout(), \"x\"); }",
            "output",
        ),
        (
            "src/board/mod.rs",
            "fn f(x: u8) -> u8 { dbg!(x) }",
            "output",
        ),
        (
            "src/board/mod.rs",
            "fn f() { std::process::abort() }",
            "output",
        ),
        (
            "src/board/mod.rs",
            "use std::process::exit;\nfn f() { exit(1) }",
            "output",
        ),
        ("src/board/mod.rs", "fn f() { println!(\"x\") }", "output"),
        ("src/board/mod.rs", "fn f(c: clap::Command) {}", "output"),
    ];
    for &(file, code, rule) in planted {
        let found = read_code(file, code);
        let own = &module_of(file)[0];
        let caught = match rule {
            "upward" => !upward(own, &found).is_empty(),
            "global" => !found.globals.is_empty(),
            _ => !found.outputs.is_empty(),
        };
        assert!(caught, "{file}: `{code}` not caught as {rule}: {found:?}");
    }
    // And what the rules allow is not caught: a floor below, a comment, a
    // string, a cache made once.
    let allowed = "use crate::perm::compose;\n// crate::method is above\nconst S: &str = \"crate::method\";\nstatic T: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();\nfn f() -> Vec<u8> { compose(&[0u8], &[0]) }";
    let found = read_code("src/group/mod.rs", allowed);
    assert!(upward("group", &found).is_empty(), "{found:?}");
    assert!(
        found.globals.is_empty() && found.outputs.is_empty(),
        "{found:?}"
    );
}

/// Every file of the library (outside `main.rs` and `cli/`) with what the
/// rules see in it.
fn library_files() -> Vec<(String, Findings)> {
    all_sources()
        .into_iter()
        .filter(|f| f != "src/main.rs" && !f.starts_with("src/cli/"))
        .map(|f| {
            let code = std::fs::read_to_string(&f).unwrap();
            let found = read_code(&f, &code);
            (f, found)
        })
        .collect()
}

#[test]
fn the_library_knows_no_clap_and_never_prints_or_exits() {
    let broken: Vec<String> = library_files()
        .into_iter()
        .flat_map(|(f, found)| found.outputs.into_iter().map(move |o| format!("{f}: {o}")))
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_library_holds_no_mutable_global_state() {
    // Issue #33: no setting lives in a global (the text width was one);
    // what a renderer needs it is given. Caches of constants made once
    // (`OnceLock` of a table) are not settings and may stay.
    let broken: Vec<String> = library_files()
        .into_iter()
        .flat_map(|(f, found)| found.globals.into_iter().map(move |g| format!("{f}: {g}")))
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn no_family_imports_from_a_floor_above_its_own() {
    let mut broken = Vec::new();
    for (file, found) in library_files() {
        if file == "src/lib.rs" {
            continue;
        }
        let own = module_of(&file)[0].clone();
        broken.extend(
            upward(&own, &found)
                .into_iter()
                .map(|p| format!("{file}: {p}")),
        );
    }
    assert!(
        broken.is_empty(),
        "imports upwards or sideways:\n{}",
        broken.join("\n")
    );
}

/// The most lines a file of `src/` may have, tests included, and a
/// function (issue #47): a file is one idea, a function one step.
const MOST_FILE_LINES: usize = 700;
const MOST_FUNCTION_LINES: usize = 100;

/// Every function of `source` (free, in an `impl` or a trait) with the
/// lines it spans.
fn function_lengths(source: &str) -> Vec<(String, usize)> {
    use syn::spanned::Spanned;
    use syn::visit::Visit;
    struct Lengths(Vec<(String, usize)>);
    impl Lengths {
        fn note(&mut self, name: &syn::Ident, span: proc_macro2::Span) {
            let lines = span.end().line + 1 - span.start().line;
            self.0.push((name.to_string(), lines));
        }
    }
    impl<'ast> Visit<'ast> for Lengths {
        fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
            self.note(&f.sig.ident, f.span());
            syn::visit::visit_item_fn(self, f);
        }
        fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
            self.note(&f.sig.ident, f.span());
            syn::visit::visit_impl_item_fn(self, f);
        }
        fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
            self.note(&f.sig.ident, f.span());
            syn::visit::visit_trait_item_fn(self, f);
        }
    }
    let tree = syn::parse_file(source).expect("parses");
    let mut lengths = Lengths(Vec::new());
    lengths.visit_file(&tree);
    lengths.0
}

/// Every file of `src/` within [`MOST_FILE_LINES`] and every function
/// within [`MOST_FUNCTION_LINES`]: a file or a function over its limit is
/// split by idea, never let through by a list of exceptions.
#[test]
fn files_and_functions_keep_to_their_sizes() {
    let mut broken = Vec::new();
    for file in all_sources() {
        let source = std::fs::read_to_string(&file).unwrap();
        let lines = source.lines().count();
        if lines > MOST_FILE_LINES {
            broken.push(format!(
                "{file}: {lines} lines, more than {MOST_FILE_LINES}"
            ));
        }
        for (name, lines) in function_lengths(&source) {
            if lines > MOST_FUNCTION_LINES {
                broken.push(format!(
                    "{file}: fn {name}: {lines} lines, more than {MOST_FUNCTION_LINES}"
                ));
            }
        }
    }
    broken.sort();
    broken.dedup();
    assert!(
        broken.is_empty(),
        "over the limits; split each by idea:\n{}",
        broken.join("\n")
    );
}

/// The types a file of `src/` declares visible beyond their module (`pub`
/// or `pub(…)`): name, and whether the declaration is behind a `cfg`
/// (one definition for each build).
fn public_types(source: &str) -> Vec<(String, bool)> {
    use syn::visit::Visit;
    struct Types(Vec<(String, bool)>);
    impl Types {
        fn note(&mut self, vis: &syn::Visibility, name: &syn::Ident, attrs: &[syn::Attribute]) {
            if !matches!(vis, syn::Visibility::Inherited) {
                let gated = attrs.iter().any(|a| a.path().is_ident("cfg"));
                self.0.push((name.to_string(), gated));
            }
        }
    }
    impl<'ast> Visit<'ast> for Types {
        fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
            self.note(&i.vis, &i.ident, &i.attrs);
        }
        fn visit_item_enum(&mut self, i: &'ast syn::ItemEnum) {
            self.note(&i.vis, &i.ident, &i.attrs);
        }
        fn visit_item_type(&mut self, i: &'ast syn::ItemType) {
            self.note(&i.vis, &i.ident, &i.attrs);
        }
        fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
            self.note(&i.vis, &i.ident, &i.attrs);
        }
    }
    let tree = syn::parse_file(source).expect("parses");
    let mut types = Types(Vec::new());
    types.visit_file(&tree);
    types.0
}

/// One name for one type: no two public types of the library or the
/// command line share a name, so that a name in a message, a doc or a
/// review means one thing. A type defined once for each build (behind
/// `cfg`, in one file) is one type.
#[test]
fn no_two_public_types_share_a_name() {
    let mut seen: std::collections::BTreeMap<String, Vec<(String, bool)>> = Default::default();
    for file in all_sources() {
        let source = std::fs::read_to_string(&file).unwrap();
        for (name, gated) in public_types(&source) {
            seen.entry(name).or_default().push((file.clone(), gated));
        }
    }
    let shared: Vec<String> = seen
        .iter()
        .filter(|(_, at)| {
            let one_file = at.iter().all(|(f, _)| *f == at[0].0);
            at.len() > 1 && !(one_file && at.iter().all(|&(_, gated)| gated))
        })
        .map(|(name, at)| {
            let files: Vec<&str> = at.iter().map(|(f, _)| f.as_str()).collect();
            format!("{name}: {}", files.join(", "))
        })
        .collect();
    assert!(
        shared.is_empty(),
        "public types sharing a name; name each for what it is:\n{}",
        shared.join("\n")
    );
    // The check can fail: two declarations of one name, one gated, are two.
    let planted =
        "pub struct Space;\nmod a { pub(crate) struct Space; }\n#[cfg(test)] pub enum Space {}";
    let names = public_types(planted);
    assert_eq!(names.len(), 3);
    assert_eq!(names.iter().filter(|(_, gated)| *gated).count(), 1);
}
