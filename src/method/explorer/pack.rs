//! Classes packed for a page, and read back: the site ships each class
//! by its representative and size, so that the page need not walk every
//! orbit again.

use super::ExplorerError;
use base64::Engine as _;

/// Classes packed for a page: each representative's gap from the one
/// before and the class's size, as variable-length numbers (seven bits a
/// byte), in base64.
///
/// ```
/// use schofield::method::explorer::{pack, unpack};
/// let classes = vec![(0, 1), (1, 8), (5, 4), (300, 48), (70_000, 96)];
/// assert_eq!(unpack(&pack(&classes)).unwrap(), classes);
/// assert!(unpack("!!").is_err());
/// ```
pub fn pack(classes: &[(u64, u64)]) -> String {
    fn put(bytes: &mut Vec<u8>, mut n: u64) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                bytes.push(low);
                return;
            }
            bytes.push(low | 0x80);
        }
    }
    let mut bytes = Vec::new();
    let mut next = 0u64;
    for &(r, size) in classes {
        put(&mut bytes, r - next);
        put(&mut bytes, size);
        next = r + 1;
    }
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The classes [`pack`] packed; an error for text it could not have
/// written.
pub fn unpack(text: &str) -> Result<Vec<(u64, u64)>, ExplorerError> {
    let bad = |why: &str| ExplorerError::Packing(why.to_string());
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|e| ExplorerError::Packing(e.to_string()))?;
    let mut numbers = Vec::new();
    let (mut n, mut shift) = (0u64, 0u32);
    for b in bytes {
        if shift > 56 {
            return Err(bad("a number is too long"));
        }
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 != 0 {
            shift += 7;
            continue;
        }
        numbers.push(n);
        (n, shift) = (0, 0);
    }
    if shift != 0 || numbers.len() % 2 != 0 {
        return Err(bad("the last class is cut short"));
    }
    let mut out = Vec::with_capacity(numbers.len() / 2);
    let mut next = 0u64;
    for pair in numbers.chunks(2) {
        let r = next
            .checked_add(pair[0])
            .ok_or_else(|| bad("beyond 2^64"))?;
        out.push((r, pair[1]));
        next = r.checked_add(1).ok_or_else(|| bad("beyond 2^64"))?;
    }
    Ok(out)
}
