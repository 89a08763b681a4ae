//! A cursor writing an observation tensor into the zeroed buffer `State::observation_tensor`
//! receives.
//!
//! Because the buffer is zeroed, a one-hot block costs one store, not one per element. Single
//! values are stored whatever they are: a branch on "is it zero" mispredicts on feature bits
//! and cost more than the store. Positions past the end of the buffer are ignored rather than
//! panicking (a game's layout constant is checked by its tests instead).

pub struct TensorWriter<'a> {
    out: &'a mut [f32],
    pos: usize,
}

impl<'a> TensorWriter<'a> {
    pub fn new(out: &'a mut [f32]) -> Self {
        TensorWriter { out, pos: 0 }
    }

    /// Elements written or skipped so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    fn store(&mut self, at: usize, v: f32) {
        if let Some(x) = self.out.get_mut(at) {
            *x = v;
        }
    }

    /// One value.
    #[inline]
    pub fn put(&mut self, v: f32) {
        self.store(self.pos, v);
        self.pos += 1;
    }

    /// 1.0 when `b`, else 0.0.
    #[inline]
    pub fn flag(&mut self, b: bool) {
        self.put(if b { 1.0 } else { 0.0 });
    }

    /// A block of `len` zeros with element `hot` set to 1.0; `hot >= len` leaves it all zero.
    #[inline]
    pub fn one_hot(&mut self, len: usize, hot: usize) {
        if hot < len {
            self.store(self.pos + hot, 1.0);
        }
        self.pos += len;
    }

    /// [`Self::one_hot`] with `None` for an all-zero block.
    #[inline]
    pub fn one_hot_opt(&mut self, len: usize, hot: Option<usize>) {
        self.one_hot(len, hot.unwrap_or(usize::MAX));
    }

    /// Bits `0..len` (at most 64) of `bits`, lowest first, as 0.0 or 1.0 each: one store per
    /// set bit.
    #[inline]
    pub fn bits(&mut self, len: usize, bits: u64) {
        let mut rest = if len >= 64 {
            bits
        } else {
            bits & ((1u64 << len) - 1)
        };
        while rest != 0 {
            self.store(self.pos + rest.trailing_zeros() as usize, 1.0);
            rest &= rest - 1;
        }
        self.pos += len;
    }

    /// Leaves `len` elements at zero.
    #[inline]
    pub fn skip(&mut self, len: usize) {
        self.pos += len;
    }
}

#[cfg(test)]
mod tests {
    use super::TensorWriter;

    #[test]
    fn writes_values_and_one_hot_blocks_in_order() {
        let mut out = [0.0f32; 9];
        let mut w = TensorWriter::new(&mut out);
        w.put(2.5);
        w.flag(false);
        w.one_hot(3, 1);
        w.one_hot(2, 7);
        w.skip(1);
        w.one_hot_opt(1, Some(0));
        assert_eq!(w.position(), 9);
        assert_eq!(out, [2.5, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        let mut out = [0.0f32; 5];
        let mut w = TensorWriter::new(&mut out);
        w.bits(3, 0b101);
        w.bits(3, 0b011);
        assert_eq!(w.position(), 6);
        assert_eq!(out, [1.0, 0.0, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn ignores_positions_past_the_end() {
        let mut out = [0.0f32; 2];
        let mut w = TensorWriter::new(&mut out);
        w.put(1.0);
        w.one_hot(4, 3);
        w.put(5.0);
        assert_eq!(w.position(), 6);
        assert_eq!(out, [1.0, 0.0]);
    }
}
