//! Large tables in memory: the advice that lets the processor reach a
//! table of hundreds of megabytes by random reads without a page walk for
//! each.
//!
//! A table read at random (IDA*'s pruning tables, a piece set's moves)
//! spends most of its time not in the reads but in finding the page each
//! falls on: with pages of 4 KiB, a gigabyte is 262 144 pages, far more
//! than the processor's table of recent pages holds. Pages of 2 MiB
//! (Linux's transparent huge pages) make the same gigabyte 512 pages.

/// Asks the system to back the memory of `v`'s capacity with huge pages,
/// where it has them (Linux), for the pages not yet touched: call it
/// after reserving and before filling. Nothing elsewhere, and nothing for
/// a small table; the advice is only advice, and its refusal is ignored.
///
/// ```
/// let mut table: Vec<u8> = Vec::with_capacity(8 << 20);
/// schofield::memory::advise_huge_pages(&table);
/// table.resize(8 << 20, 0);
/// assert_eq!(table.len(), 8 << 20);
/// ```
pub fn advise_huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        // Whole huge pages inside the allocation only.
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies inside the vector's own allocation,
            // and MADV_HUGEPAGE changes only how its pages are backed,
            // never their contents or their mapping.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
