//! Fixed-capacity bitsets over node and edge ids, built on the fly from the game's byte
//! arrays. Comparing a byte array against one value eight bytes at a time (SWAR) takes a
//! dozen instructions per word, so the hot paths (road spots, settlement spots, Longest Road) work
//! on bitmasks without keeping extra state in [`crate::Game`].

use crate::board::{MAX_EDGES, MAX_NODES};

/// Words in an edge bitset (`MAX_EDGES` bits).
pub(crate) const EDGE_WORDS: usize = MAX_EDGES.div_ceil(64);
/// Words in a node bitset (`MAX_NODES` bits).
pub(crate) const NODE_WORDS: usize = MAX_NODES.div_ceil(64);

/// A set of small ids, `W` words of 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize> {
    pub w: [u64; W],
    /// Words in use (ids `0..64 * used`).
    pub used: usize,
}

pub(crate) type EdgeBits = Bits<EDGE_WORDS>;
pub(crate) type NodeBits = Bits<NODE_WORDS>;

#[cfg(test)]
fn mask_of(chunk: &[u8], f: impl Fn(u8) -> bool) -> u64 {
    let mut m = 0u64;
    for (i, &b) in chunk.iter().enumerate() {
        m |= (f(b) as u64) << i;
    }
    m
}

impl<const W: usize> Bits<W> {
    /// The empty set over `len` ids.
    #[inline]
    pub fn empty(len: usize) -> Self {
        Bits {
            w: [0; W],
            used: len.div_ceil(64),
        }
    }

    /// The ids `i < bytes.len()` with `f(bytes[i])` (the plain reference for
    /// [`Bits::matching`]).
    #[cfg(test)]
    pub fn from_bytes(bytes: &[u8], f: impl Fn(u8) -> bool + Copy) -> Self {
        let mut out = Self::empty(bytes.len());
        let mut chunks = bytes.chunks_exact(64);
        let mut k = 0;
        for c in &mut chunks {
            out.w[k] = mask_of(c, f);
            k += 1;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            out.w[k] = mask_of(rest, f);
        }
        out
    }

    /// The ids `i < bytes.len()` with `bytes[i] & and == value`, eight bytes at a time.
    #[inline(always)]
    pub fn matching(bytes: &[u8], and: u8, value: u8) -> Self {
        const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let mut out = Self::empty(bytes.len());
        let a = ONES * and as u64;
        let v = ONES * value as u64;
        let word = |k: usize, x: u64, out: &mut Self| {
            let x = (x & a) ^ v;
            // 0x80 in every byte of `x` that is zero (exact: no borrow between bytes).
            let z = !(((x & LO7) + LO7) | x | LO7);
            // Gather the eight flags into one byte.
            let bits = ((z >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
            out.w[k >> 3] |= bits << ((k & 7) * 8);
        };
        let mut chunks = bytes.chunks_exact(8);
        let mut k = 0;
        for c in &mut chunks {
            word(
                k,
                u64::from_le_bytes(c.try_into().expect("8 bytes")),
                &mut out,
            );
            k += 1;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            let before = out.w[k >> 3];
            word(k, u64::from_le_bytes(buf), &mut out);
            // Padding bytes must not count.
            let keep = (1u64 << rest.len()) - 1;
            let shift = (k & 7) * 8;
            out.w[k >> 3] = before | (out.w[k >> 3] & (keep << shift));
        }
        out
    }

    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.w[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.w[i >> 6] |= 1 << (i & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.w[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.w[..self.used].iter().all(|&x| x == 0)
    }

    #[inline]
    pub fn len(&self) -> u32 {
        self.w[..self.used].iter().map(|x| x.count_ones()).sum()
    }

    /// How many ids below `i` are in the set.
    #[inline(always)]
    pub fn rank(&self, i: usize) -> u32 {
        let k = i >> 6;
        let below: u32 = self.w[..k].iter().map(|x| x.count_ones()).sum();
        below + (self.w[k] & ((1u64 << (i & 63)) - 1)).count_ones()
    }

    /// Calls `f` for every id in the set, in increasing order.
    #[inline(always)]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (k, &word) in self.w[..self.used].iter().enumerate() {
            let mut x = word;
            while x != 0 {
                f(k * 64 + x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_ranks_and_iteration_agree_with_a_scan() {
        let bytes: Vec<u8> = (0..200u32).map(|i| (i * 7 % 5) as u8).collect();
        let b = EdgeBits::from_bytes(&bytes, |v| v == 3);
        let want: Vec<usize> = (0..200).filter(|&i| bytes[i] == 3).collect();
        let mut got = Vec::new();
        b.for_each(|i| got.push(i));
        assert_eq!(got, want);
        assert_eq!(b.len() as usize, want.len());
        for (i, &v) in bytes.iter().enumerate() {
            assert_eq!(b.contains(i), v == 3);
            assert_eq!(b.rank(i) as usize, want.iter().filter(|&&j| j < i).count());
        }
        assert!(NodeBits::from_bytes(&bytes[..10], |v| v == 9).is_empty());
        for len in [0, 1, 7, 8, 9, 63, 64, 65, 72, 200] {
            for (and, value) in [(0xff, 3), (0x07, 2), (0xff, 0), (0x07, 0)] {
                let mut bytes: Vec<u8> = (0..len as u32).map(|i| (i * 37 % 11) as u8).collect();
                if len > 3 {
                    bytes[3] = 0x8a;
                }
                let want = EdgeBits::from_bytes(&bytes, |b| b & and == value);
                assert_eq!(
                    EdgeBits::matching(&bytes, and, value),
                    want,
                    "{len} {and} {value}"
                );
            }
        }
    }
}
