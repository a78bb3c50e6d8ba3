//! The committed tables under `tables/` are exactly what the code produces
//! now: regenerate them with `cargo run --release -- regenerate`.

use std::path::Path;

#[test]
fn committed_tables_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    for (name, text) in
        schofield::render::generated::generated(&schofield::generated::Sources::compute())
    {
        let path = dir.join(&name);
        let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run `cargo run --release -- regenerate`",
                path.display()
            )
        });
        assert!(
            committed == text,
            "{} is stale; run `cargo run --release -- regenerate`",
            path.display()
        );
    }
}

#[test]
fn regenerate_refuses_an_unwritable_folder_cleanly() {
    let out = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .args(["regenerate", "--dir", "/nonexistent/folder"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: cannot write /nonexistent/folder: no such folder"),
        "{err}"
    );
    assert!(!std::path::Path::new("/nonexistent").exists());
}
