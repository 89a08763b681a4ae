//! A fixed-capacity vector on the stack whose unused slots are never initialized.
//!
//! Legal-move and chance lists are created once per call on hot paths (a legality check in
//! `apply_action`, every `legal_actions` from Python): zero-filling a 2048-slot array each
//! time cost more than generating the moves, so the storage starts uninitialized.

use std::mem::MaybeUninit;

pub(crate) struct FixedVec<T: Copy, const N: usize> {
    len: usize,
    items: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> FixedVec<T, N> {
    pub(crate) const fn new() -> Self {
        FixedVec {
            len: 0,
            items: [const { MaybeUninit::uninit() }; N],
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Appends `value`; returns false (and drops it) when the vector is full.
    #[inline]
    pub(crate) fn push(&mut self, value: T) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                slot.write(value);
                self.len += 1;
                true
            }
            None => false,
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        let init = &self.items[..self.len];
        // SAFETY: `push` is the only writer and initializes slot `len` before counting it, so
        // the first `len` slots are initialized; `MaybeUninit<T>` has the layout of `T`.
        unsafe { &*(init as *const [MaybeUninit<T>] as *const [T]) }
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        let init = &mut self.items[..self.len];
        // SAFETY: as in `as_slice`.
        unsafe { &mut *(init as *mut [MaybeUninit<T>] as *mut [T]) }
    }
}

impl<T: Copy, const N: usize> Clone for FixedVec<T, N> {
    fn clone(&self) -> Self {
        let mut copy = Self::new();
        for &v in self.as_slice() {
            copy.push(v);
        }
        copy
    }
}

#[cfg(test)]
mod tests {
    use super::FixedVec;

    #[test]
    fn holds_what_was_pushed_up_to_its_capacity() {
        let mut v: FixedVec<u32, 3> = FixedVec::new();
        assert!(v.as_slice().is_empty());
        assert!(v.push(7) && v.push(9) && v.push(1));
        assert!(!v.push(4), "a full vector refuses more");
        assert_eq!(v.as_slice(), &[7, 9, 1]);
        v.as_mut_slice().sort_unstable();
        assert_eq!(v.clone().as_slice(), &[1, 7, 9]);
        v.clear();
        assert_eq!(v.len(), 0);
        assert!(v.push(5));
        assert_eq!(v.as_slice(), &[5]);
    }
}
