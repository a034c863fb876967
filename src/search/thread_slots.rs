//! One slot per search thread for what the thread keeps from one search to the next
//! within a game (its move-ordering statistics, its evaluations), taken when a search
//! starts and put back when it ends, and emptied for a new game.

use std::sync::Mutex;

pub struct ThreadSlots<T> {
    slots: Vec<Mutex<Option<T>>>,
}

impl<T> ThreadSlots<T> {
    pub fn new(threads: usize) -> ThreadSlots<T> {
        ThreadSlots { slots: (0..threads.max(1)).map(|_| Mutex::new(None)).collect() }
    }

    /// What thread `id` put back after its last search, if anything (none beyond the
    /// slots).
    pub fn take(&self, id: usize) -> Option<T> {
        self.slots.get(id).and_then(|s| s.lock().ok()?.take())
    }

    /// Keeps `kept` for thread `id`'s next search.
    pub fn put(&self, id: usize, kept: T) {
        if let Some(Ok(mut s)) = self.slots.get(id).map(|s| s.lock()) {
            *s = Some(kept);
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for s in &self.slots {
            if let Ok(mut s) = s.lock() {
                *s = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_thread_gets_back_what_it_put_until_cleared() {
        let slots = ThreadSlots::new(2);
        slots.put(1, 77);
        assert_eq!(slots.take(0), None, "another thread's slot");
        assert_eq!(slots.take(1), Some(77));
        assert_eq!(slots.take(1), None, "taken");
        slots.put(1, 78);
        slots.clear();
        assert_eq!(slots.take(1), None, "cleared");
        slots.put(9, 79);
        assert_eq!(slots.take(9), None, "a thread beyond the slots");
    }
}
