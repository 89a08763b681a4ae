//! The one parallel runner: `threads - 1` worker threads kept for the life of their owner (a
//! batch of games, a batched search), which work beside the calling thread on pieces they
//! claim in turn.
//!
//! Many small pieces claimed in turn rather than one part per thread: on a shared machine one
//! thread is often descheduled for a while, and a fixed split would then wait for it. The
//! calling thread claims pieces too, so it never sits idle. With one thread, or one piece, the
//! pieces run in order on the calling thread with no allocation.
//!
//! A forked child process has none of the parent's worker threads (fork copies only the
//! calling thread): [`Workers::after_fork`] starts new ones there before use.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use salon_core::error::{SalonError, SalonResult};

pub struct Workers {
    pool: Option<rayon::ThreadPool>,
    /// The process that started the pool's threads.
    pid: u32,
    /// The threads' name, `<name>-<i>`.
    name: &'static str,
}

fn start_pool(threads: usize, name: &'static str) -> SalonResult<Option<rayon::ThreadPool>> {
    if threads <= 1 {
        return Ok(None);
    }
    // The calling thread is one of the `threads`.
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads - 1)
        .thread_name(move |i| format!("{name}-{i}"))
        .build()
        .map(Some)
        .map_err(|e| {
            SalonError::param("threads", format!("could not start {threads} threads: {e}"))
        })
}

impl Workers {
    /// `threads` in all, the calling thread included (at least 1).
    pub fn new(threads: usize, name: &'static str) -> SalonResult<Workers> {
        if threads == 0 {
            return Err(SalonError::param("threads", "must be at least 1"));
        }
        Ok(Workers {
            pool: start_pool(threads, name)?,
            pid: std::process::id(),
            name,
        })
    }

    /// The threads that work, the calling one included.
    pub fn threads(&self) -> usize {
        self.pool
            .as_ref()
            .map_or(1, |p| p.current_num_threads() + 1)
    }

    /// The helper threads, idle between runs (`None` with one thread): an evaluator may share
    /// its rows out over them (`Evaluator::evaluate_on`).
    pub fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool.as_ref()
    }

    /// In a forked child, forgets the copied pool (dropping it would touch locks that threads
    /// of the parent may have held) and starts new threads, or works on the calling thread
    /// alone if that fails. Does nothing in the process that started the threads.
    pub fn after_fork(&mut self) {
        let pid = std::process::id();
        if pid == self.pid {
            return;
        }
        self.pid = pid;
        if let Some(stale) = self.pool.take() {
            let threads = stale.current_num_threads() + 1;
            std::mem::forget(stale);
            self.pool = start_pool(threads, self.name).ok().flatten();
        }
    }

    /// Runs `work` on every piece: on the calling thread alone with one thread (in order, no
    /// allocation), else on every thread, each claiming the next piece in turn.
    pub fn run_pieces<T: Send>(
        &self,
        pieces: impl Iterator<Item = T>,
        work: &(impl Fn(usize, T) + Sync),
    ) {
        let Some(pool) = &self.pool else {
            pieces.enumerate().for_each(|(i, p)| work(i, p));
            return;
        };
        let cells: Vec<Mutex<Option<T>>> = pieces.map(|p| Mutex::new(Some(p))).collect();
        if cells.len() <= 1 {
            cells
                .into_iter()
                .filter_map(|c| c.into_inner().ok().flatten())
                .enumerate()
                .for_each(|(i, p)| work(i, p));
            return;
        }
        let next = AtomicUsize::new(0);
        let claim = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(cell) = cells.get(i) else { break };
            // Each index is handed out once, so the lock is never contended; nothing panics
            // while it is held, so it cannot be poisoned either.
            let piece = match cell.lock() {
                Ok(mut guard) => guard.take(),
                Err(poisoned) => poisoned.into_inner().take(),
            };
            if let Some(p) = piece {
                work(i, p);
            }
        };
        let claim = &claim;
        let threads = pool.current_num_threads() + 1;
        pool.in_place_scope(|scope| {
            for _ in 1..threads {
                scope.spawn(move |_| claim());
            }
            claim();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_runs_once_with_its_index_on_any_thread_count() {
        for threads in 1..=3 {
            let workers = Workers::new(threads, "test").unwrap();
            assert_eq!(workers.threads(), threads);
            let mut out = vec![0usize; 100];
            let seen = AtomicUsize::new(0);
            workers.run_pieces(out.chunks_mut(7), &|i, chunk: &mut [usize]| {
                seen.fetch_add(1, Ordering::Relaxed);
                chunk.iter_mut().for_each(|x| *x += i + 1);
            });
            assert_eq!(seen.load(Ordering::Relaxed), 100usize.div_ceil(7));
            let expected: Vec<usize> = (0..100).map(|k| k / 7 + 1).collect();
            assert_eq!(out, expected, "{threads} threads");
        }
        assert!(Workers::new(0, "test").is_err());
    }
}
