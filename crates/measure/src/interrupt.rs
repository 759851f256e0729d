//! A request to stop, shared between the thread that measures and whoever asks for it —
//! in `abbench sweep`, the handler of Ctrl-C (SIGINT). Measuring checks it before every
//! search, so a sweep stops at the next search boundary; a search already running is
//! bounded only by its time limit, and a caller that cannot wait for it abandons it (see
//! [`RunFolder`](crate::RunFolder)).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that, once raised, stays raised; clones share it.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag not raised yet.
    pub fn new() -> Self {
        Interrupt::default()
    }

    /// Raises the flag. Safe to call from a signal-handling thread.
    ///
    /// Memory ordering: `Relaxed`. The flag carries no data: whoever sees it raised only
    /// stops, and whatever it must read afterwards (the records written) is shared
    /// through a mutex.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two handles are equal when they share one flag.
impl PartialEq for Interrupt {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let flag = Interrupt::new();
        let handle = flag.clone();
        assert_eq!(flag, handle);
        assert_ne!(flag, Interrupt::new());
        assert!(!flag.is_requested());
        handle.request();
        assert!(flag.is_requested());
    }
}
