//! The explorer's engine compiled to WebAssembly: a thin door onto
//! [`schofield::method::explorer`], with no model of its own. The page
//! copies a request (UTF-8 JSON) into memory it asked for with `alloc`,
//! and reads the answer (UTF-8 JSON) from the buffer each call returns:
//! its length in the four bytes before it.
//!
//! - `start(ptr, len)`: an engine for the setup there; the answer is
//!   `{"ok": HANDLE}` or `{"error": MESSAGE}`.
//! - `ask(handle, ptr, len)`: [`Explorer::answer`] of that engine.
//! - `release(buffer)`: frees an answer once read.

use schofield::method::explorer::Explorer;

/// Memory for the page to copy `len` bytes into (freed by the call it is
/// given to).
#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Takes back the `len` bytes at `ptr` that the page filled.
fn take(ptr: *mut u8, len: usize) -> String {
    // SAFETY: `ptr` came from `alloc(len)` and the page wrote `len` bytes.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len) };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// An answer for the page: four bytes of length, then the text.
fn give(text: String) -> *mut u8 {
    let mut out = (text.len() as u32).to_le_bytes().to_vec();
    out.extend_from_slice(text.as_bytes());
    let mut out = out.into_boxed_slice();
    let p = out.as_mut_ptr();
    std::mem::forget(out);
    // The page reads from four bytes in.
    p
}

/// Frees an answer.
#[unsafe(no_mangle)]
pub extern "C" fn release(buffer: *mut u8) {
    // SAFETY: `buffer` came from `give`, its length in its first four bytes.
    unsafe {
        let len = u32::from_le_bytes(*(buffer as *const [u8; 4])) as usize + 4;
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            buffer, len,
        )));
    }
}

/// Starts an engine from a setup.
#[unsafe(no_mangle)]
pub extern "C" fn start(ptr: *mut u8, len: usize) -> *mut u8 {
    let setup = take(ptr, len);
    give(match Explorer::from_json(&setup) {
        Ok(e) => {
            let handle = Box::into_raw(Box::new(e)) as usize;
            format!("{{\"ok\":{handle}}}")
        }
        Err(e) => serde_json::json!({ "error": e.to_string() }).to_string(),
    })
}

/// Asks an engine.
#[unsafe(no_mangle)]
pub extern "C" fn ask(handle: usize, ptr: *mut u8, len: usize) -> *mut u8 {
    let request = take(ptr, len);
    // SAFETY: `handle` came from `start` and is never freed.
    let engine = unsafe { &*(handle as *const Explorer) };
    give(engine.answer(&request))
}
