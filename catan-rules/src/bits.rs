//! The game's node and edge owners, packed one nibble per id, and fixed-capacity bitsets
//! over node and edge ids built from them on the fly. Comparing sixteen nibbles against one
//! value takes a dozen instructions per word (SWAR), so the hot paths (road spots,
//! settlement spots, robber victims, Longest Road) work on bitmasks without keeping extra
//! state in [`crate::Game`], and the state stays small enough to copy in a few nanoseconds.

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

/// Node owners, one nibble per node (see [`crate::Game`]'s encoding).
pub(crate) type NodeNibbles = Nibbles<{ MAX_NODES.div_ceil(16) }>;
/// Edge owners, one nibble per edge.
pub(crate) type EdgeNibbles = Nibbles<{ MAX_EDGES / 16 }>;

/// `16 * W` values of four bits, sixteen to a word: half the bytes of a `[u8]`, so a game
/// state copies faster, and bitsets of matching values come sixteen ids per word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Nibbles<const W: usize>(pub [u64; W]);

const NIB_LO3: u64 = 0x7777_7777_7777_7777;
const NIB_ONES: u64 = 0x1111_1111_1111_1111;

impl<const W: usize> Nibbles<W> {
    /// All zero.
    pub const ZERO: Self = Nibbles([0; W]);

    /// The value at `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        ((self.0[i >> 4] >> ((i & 15) * 4)) & 15) as u8
    }

    /// The value at a place given as a word and a shift, as the board keeps each land hex's
    /// corners (`HexInfo::land_corner_nibbles`): the word taken modulo the count (a mask),
    /// which spares a bounds check where it is below it already.
    #[inline(always)]
    pub fn at(&self, word: u8, shift: u8) -> u8 {
        ((self.0[word as usize % W] >> shift) & 15) as u8
    }

    /// Sets the value at `i` (`v < 16`).
    #[inline(always)]
    pub fn set(&mut self, i: usize, v: u8) {
        debug_assert!(v < 16);
        let shift = (i & 15) * 4;
        let w = &mut self.0[i >> 4];
        *w = (*w & !(15 << shift)) | ((v as u64 & 15) << shift);
    }

    /// Whether `self` and `other` agree on their first `words` words rounded up to a
    /// multiple of four: four words at a time with no branch within a block, in line
    /// (a slice comparison of a length known only at run time is a call to the C library's
    /// `bcmp`). Callers that copy between two of them copy the same rounded range.
    #[inline(always)]
    pub fn same_blocks(&self, other: &Self, words: usize) -> bool {
        const { assert!(W % 4 == 0) };
        let blocks = words.div_ceil(4);
        let mut diff = 0;
        for (a, b) in self
            .0
            .chunks_exact(4)
            .zip(other.0.chunks_exact(4))
            .take(blocks)
        {
            diff |= (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]);
        }
        diff == 0
    }

    /// The values at `0..len`.
    pub fn iter(&self, len: usize) -> impl Iterator<Item = u8> + '_ {
        (0..len).map(move |i| self.get(i))
    }

    /// The ids `i < len` with `self[i] & and == value`, sixteen at a time.
    #[inline(always)]
    pub fn matching<const B: usize>(&self, len: usize, and: u8, value: u8) -> Bits<B> {
        let a = NIB_ONES * (and & 15) as u64;
        let v = NIB_ONES * (value & 15) as u64;
        let mut out = Bits::<B>::empty(len);
        for k in 0..len.div_ceil(16) {
            let x = (self.0[k] & a) ^ v;
            // Bit 3 of every nibble of `x` that is zero (exact: no carry between nibbles).
            let z = !(((x & NIB_LO3) + NIB_LO3) | x | NIB_LO3) >> 3;
            out.w[k >> 2] |= gather16(z) << ((k & 3) * 16);
        }
        out.trim(len);
        out
    }

    /// Calls `f` for every id `i < len` with `self[i] & and == value`, in increasing order:
    /// as [`Nibbles::matching`] without building the set, for the few matches of a sparse
    /// value (one player's ships).
    #[inline(always)]
    pub fn for_each_matching(&self, len: usize, and: u8, value: u8, mut f: impl FnMut(usize)) {
        let a = NIB_ONES * (and & 15) as u64;
        let v = NIB_ONES * (value & 15) as u64;
        // Bit 3 of every nibble of `w & a ^ v` that is zero.
        let zeros = |w: u64| {
            let x = (w & a) ^ v;
            !(((x & NIB_LO3) + NIB_LO3) | x | NIB_LO3) & (NIB_ONES << 3)
        };
        let mut each = |k: usize, mut z: u64| {
            while z != 0 {
                f(16 * k + (z.trailing_zeros() >> 2) as usize);
                z &= z - 1;
            }
        };
        for k in 0..len / 16 {
            each(k, zeros(self.0[k]));
        }
        if len % 16 != 0 {
            let k = len / 16;
            each(k, zeros(self.0[k]) & ((1u64 << (4 * (len % 16))) - 1));
        }
    }

    /// Calls `f(i, value)` for every id `i < len` with a non-zero value, in increasing
    /// order: as [`Nibbles::nonzero`] without building the set, and with each value read
    /// from the word already loaded (the few buildings on a board).
    #[inline(always)]
    pub fn for_each_nonzero(&self, len: usize, mut f: impl FnMut(usize, u8)) {
        for k in 0..len.div_ceil(16) {
            let w = self.0[k];
            // Bit 0 of every non-zero nibble, none past `len`.
            let mut z = (w | w >> 1 | w >> 2 | w >> 3) & NIB_ONES;
            if 16 * (k + 1) > len {
                z &= (1u64 << (4 * (len % 16))) - 1;
            }
            while z != 0 {
                let s = z.trailing_zeros();
                f(16 * k + (s >> 2) as usize, ((w >> s) & 15) as u8);
                z &= z - 1;
            }
        }
    }

    /// The ids `i < len` with a non-zero value.
    #[inline(always)]
    pub fn nonzero<const B: usize>(&self, len: usize) -> Bits<B> {
        let mut out = Bits::<B>::empty(len);
        for k in 0..len.div_ceil(16) {
            let x = self.0[k];
            // Bit 0 of every non-zero nibble.
            let y = (x | x >> 1 | x >> 2 | x >> 3) & NIB_ONES;
            out.w[k >> 2] |= gather16(y) << ((k & 3) * 16);
        }
        out.trim(len);
        out
    }
}

impl<const W: usize> std::fmt::Debug for Nibbles<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter(16 * W)).finish()
    }
}

/// Packs bits `0, 4, 8, ..., 60` of `y` (all other bits clear) into bits `0..16`.
#[inline(always)]
fn gather16(y: u64) -> u64 {
    let y = (y | y >> 3) & 0x0303_0303_0303_0303;
    let y = (y | y >> 6) & 0x000f_000f_000f_000f;
    let y = (y | y >> 12) & 0x0000_00ff_0000_00ff;
    (y | y >> 24) & 0xffff
}

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

    /// Drops the ids at or above `len`.
    #[inline(always)]
    fn trim(&mut self, len: usize) {
        if len % 64 != 0 {
            self.w[len / 64] &= (1u64 << (len % 64)) - 1;
        }
    }

    /// The ids in both.
    #[inline(always)]
    pub fn and(&self, o: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.w.iter_mut().zip(o.w.iter()) {
            *a &= *b;
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

    /// Puts `i` in the set or takes it out, as `on` says, without a branch.
    #[inline(always)]
    pub fn put(&mut self, i: usize, on: bool) {
        let x = &mut self.w[i >> 6];
        *x = (*x & !(1 << (i & 63))) | (on as u64) << (i & 63);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.w[..self.used].iter().all(|&x| x == 0)
    }

    #[cfg(test)]
    pub fn len(&self) -> u32 {
        self.w[..self.used].iter().map(|x| x.count_ones()).sum()
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
    fn masks_sets_and_iteration_agree_with_a_scan() {
        let bytes: Vec<u8> = (0..200u32).map(|i| (i * 7 % 5) as u8).collect();
        let b = EdgeBits::from_bytes(&bytes, |v| v == 3);
        let want: Vec<usize> = (0..200).filter(|&i| bytes[i] == 3).collect();
        let mut got = Vec::new();
        b.for_each(|i| got.push(i));
        assert_eq!(got, want);
        assert_eq!(b.len() as usize, want.len());
        for (i, &v) in bytes.iter().enumerate() {
            assert_eq!(b.contains(i), v == 3);
        }
        assert!(NodeBits::from_bytes(&bytes[..10], |v| v == 9).is_empty());
    }

    #[test]
    fn nibbles_store_values_and_match_like_a_scan() {
        for len in [0, 1, 15, 16, 17, 63, 64, 65, 72, 200, 384] {
            let vals: Vec<u8> = (0..len as u32).map(|i| (i * 37 % 16) as u8).collect();
            let mut nib = EdgeNibbles::ZERO;
            for (i, &v) in vals.iter().enumerate() {
                nib.set(i, v);
            }
            // Values past `len` must never count, even when they would match.
            for i in len..16 * nib.0.len() {
                nib.set(i, 3);
            }
            assert!(nib.iter(len).eq(vals.iter().copied()));
            for (and, value) in [(0x0f, 3), (0x07, 2), (0x0f, 0), (0x07, 0), (0x08, 8)] {
                let want = EdgeBits::from_bytes(&vals, |b| b & and == value);
                assert_eq!(
                    nib.matching::<EDGE_WORDS>(len, and, value),
                    want,
                    "{len} {and} {value}"
                );
            }
            for (and, value) in [(0x0f, 3), (0x07, 2), (0x0f, 0), (0x08, 8)] {
                let mut got = Vec::new();
                nib.for_each_matching(len, and, value, |i| got.push(i));
                let want: Vec<usize> = (0..len).filter(|&i| vals[i] & and == value).collect();
                assert_eq!(got, want, "{len} {and} {value}");
            }
            let want = EdgeBits::from_bytes(&vals, |b| b != 0);
            assert_eq!(nib.nonzero::<EDGE_WORDS>(len), want, "{len} nonzero");
            let mut got = Vec::new();
            nib.for_each_nonzero(len, |i, v| got.push((i, v)));
            let want: Vec<(usize, u8)> = (0..len)
                .filter(|&i| vals[i] != 0)
                .map(|i| (i, vals[i]))
                .collect();
            assert_eq!(got, want, "{len} each non-zero");
            // Overwriting one value leaves its neighbours alone.
            if len > 2 {
                nib.set(1, 15);
                nib.set(1, 0);
                assert_eq!((nib.get(0), nib.get(1), nib.get(2)), (vals[0], 0, vals[2]));
            }
        }
    }
}
