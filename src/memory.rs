//! Large tables in memory: made fallibly, so that a table the machine
//! cannot hold is an error and not an abort ([`try_filled`],
//! [`try_vec_with`], for the tables sized by the user's board or puzzle
//! that are not first checked against `--max-memory`), and
//! the advice that lets the processor reach a table of hundreds of
//! megabytes by random reads without a page walk for each
//! ([`advise_huge_pages`]).
//!
//! A table read at random (IDA*'s pruning tables, a piece set's moves)
//! spends most of its time not in the reads but in finding the page each
//! falls on: with pages of 4 KiB, a gigabyte is 262 144 pages, far more
//! than the processor's table of recent pages holds. Pages of 2 MiB
//! (Linux's transparent huge pages) make the same gigabyte 512 pages.

/// A vector of `len` copies of `value`, allocated fallibly: `None` when the
/// memory cannot be had (instead of an abort).
///
/// ```
/// use schofield::memory::try_filled;
/// assert_eq!(try_filled(3, 7u8), Some(vec![7, 7, 7]));
/// assert_eq!(try_filled(usize::MAX, 0u64), None);
/// ```
pub fn try_filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

/// Runs `f` on `n` default values, a move's images say: on the stack
/// for up to 64, so that a search's inner loop allocates nothing, and on
/// the heap past that (a puzzle's moves are bounded by memory alone).
///
/// ```
/// use schofield::memory::scratch;
/// assert_eq!(scratch(3, |b: &mut [u64]| b.len()), 3);
/// assert_eq!(scratch(180, |b: &mut [u64]| b.iter().sum::<u64>()), 0);
/// ```
#[inline(always)]
pub fn scratch<T: Copy + Default, R>(n: usize, f: impl FnOnce(&mut [T]) -> R) -> R {
    if n <= 64 {
        let mut on_stack = [T::default(); 64];
        f(&mut on_stack[..n])
    } else {
        f(&mut vec![T::default(); n])
    }
}

/// A vector of `len` values made by `make` (atomics, which are not
/// `Clone`), allocated fallibly as [`try_filled`].
///
/// ```
/// use std::sync::atomic::AtomicU8;
/// let cells = schofield::memory::try_vec_with(4, || AtomicU8::new(0xff)).unwrap();
/// assert_eq!(cells.len(), 4);
/// assert!(schofield::memory::try_vec_with(usize::MAX, || AtomicU8::new(0)).is_none());
/// ```
pub fn try_vec_with<T>(len: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.extend(std::iter::repeat_with(make).take(len));
    Some(v)
}

/// Asks the memory for `entry` ahead of its reading, so that a table read
/// at random can have several reads under way at once; nothing where the
/// processor has no such hint.
///
/// ```
/// let table = vec![7u32; 1024];
/// schofield::memory::prefetch(&table[512]);
/// assert_eq!(table[512], 7);
/// ```
#[inline(always)]
pub fn prefetch<T>(entry: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it reads nothing and cannot fault, and
    // the pointer is to a live value.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            (entry as *const T).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

/// The smallest table advised onto huge pages: 32 MiB, past which the
/// system's allocator maps a table of its own (below it, the memory may
/// be shared with small allocations).
pub const HUGE_FROM: usize = 32 << 20;

/// Asks the system to back the memory of `v`'s capacity with huge pages,
/// where it has them (Linux), for the pages not yet touched: call it
/// after reserving and before filling. Nothing elsewhere, and nothing for
/// a table under [`HUGE_FROM`] bytes; the advice is only advice, and its
/// refusal is ignored.
///
/// ```
/// let mut table: Vec<u8> = Vec::with_capacity(8 << 20);
/// schofield::memory::advise_huge_pages(&table);
/// table.resize(8 << 20, 0);
/// assert_eq!(table.len(), 8 << 20);
/// ```
pub fn advise_huge_pages<T>(v: &Vec<T>) {
    advise_range(v.as_ptr() as usize, v.capacity() * std::mem::size_of::<T>());
}

/// Asks for huge pages on the whole pages of `bytes` bytes from `start`,
/// an allocation of this process's own.
fn advise_range(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        if bytes < HUGE_FROM {
            return;
        }
        let end = start + bytes;
        // Whole huge pages inside the allocation only.
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies inside the caller's own allocation,
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
    let _ = (start, bytes);
}

/// A table of `len` zero words that several owners share once it is
/// filled (through [`std::sync::Arc::get_mut`] while it has one owner):
/// a piece set's moves, the same for every set of as many pieces of one
/// coordinate. Its pages are untouched until written and advised as
/// huge ([`advise_huge_pages`]).
///
/// ```
/// let mut table = schofield::memory::shared_zeros(5);
/// std::sync::Arc::get_mut(&mut table).unwrap()[2] = 7;
/// let other = table.clone();
/// assert_eq!(*other, [0, 0, 7, 0, 0]);
/// ```
pub fn shared_zeros(len: usize) -> std::sync::Arc<[u32]> {
    let zeros = std::sync::Arc::<[u32]>::new_zeroed_slice(len);
    advise_range(zeros.as_ptr() as usize, len * std::mem::size_of::<u32>());
    // SAFETY: a word of zero bytes is the number 0.
    unsafe { zeros.assume_init() }
}
