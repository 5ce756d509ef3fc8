//! The engine's random number generator: small, fast, and the same on every platform.
//!
//! The state is one `u64` stored inside the game, so a snapshot (clone or saved position)
//! restores the future exactly. The generator is wyrand; ranges use Lemire's multiply-shift
//! with rejection, so draws are unbiased and deterministic.

use serde::{Deserialize, Serialize};

/// A deterministic 64-bit generator (wyrand). Serialized as a 16-digit hex string so it
/// survives JSON readers that lose integer precision above 2^53.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole future is fixed by `seed`.
    pub const fn new(seed: u64) -> Rng {
        // Mix the seed so that nearby seeds start far apart.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng {
            state: z ^ (z >> 31),
        }
    }

    /// The raw state (for saving).
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// A generator resumed from a raw state.
    pub const fn from_state(state: u64) -> Rng {
        Rng { state }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let t = (self.state as u128).wrapping_mul((self.state ^ 0xe703_7ed1_a0b4_28db) as u128);
        ((t >> 64) as u64) ^ (t as u64)
    }

    /// A uniform integer in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let m = (self.next_u64() >> 32) * n as u64;
        if (m as u32) < n {
            // Rare (a draw's low half below `n`): out of line, so that the common path
            // stays small where it is inlined into a playout's loop.
            return self.below_again(n, m);
        }
        (m >> 32) as u32
    }

    /// The rest of [`Rng::below`] (Lemire's method): `m`, the first draw times `n`, is
    /// accepted unless its low half falls under `2^32 mod n`; then draw again.
    #[cold]
    #[inline(never)]
    fn below_again(&mut self, n: u32, mut m: u64) -> u32 {
        loop {
            if m as u32 >= (u32::MAX - n + 1) % n {
                return (m >> 32) as u32;
            }
            m = (self.next_u64() >> 32) * n as u64;
        }
    }

    /// One die, `1..=6`.
    #[inline]
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            xs.swap(i, j);
        }
    }

    /// An index drawn with probability proportional to `weights[i]`; `None` if all are zero.
    pub fn weighted(&mut self, weights: &[u8]) -> Option<usize> {
        let total: u32 = weights.iter().map(|&w| w as u32).sum();
        if total == 0 {
            return None;
        }
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < w as u32 {
                return Some(i);
            }
            x -= w as u32;
        }
        None
    }
}

impl Rng {
    /// [`Rng::weighted`] over an array (a hand's or the deck's five counts), with no
    /// branch on the draw: the same draw, and the same index, found as the number of
    /// running totals the draw reaches (they never fall, and the last is above it).
    #[inline]
    pub(crate) fn weighted_array<const N: usize>(&mut self, weights: &[u8; N]) -> Option<usize> {
        let mut reach = [0u32; N];
        let mut total = 0u32;
        for (r, &w) in reach.iter_mut().zip(weights) {
            total += u32::from(w);
            *r = total;
        }
        if total == 0 {
            return None;
        }
        let x = self.below(total);
        Some(reach.iter().map(|&r| usize::from(x >= r)).sum())
    }
}

impl Serialize for Rng {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{:016x}", self.state))
    }
}

impl<'de> Deserialize<'de> for Rng {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        // Only the form the state is written in: exactly 16 lower-case hex digits (no
        // sign, no upper case), so that a position reads back as the same text.
        if s.len() != 16 || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(serde::de::Error::custom(
                "rng state must be 16 lower-case hex digits",
            ));
        }
        u64::from_str_radix(&s, 16)
            .map(Rng::from_state)
            .map_err(|_| serde::de::Error::custom("rng state must be 16 hex digits"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_dice_are_fair() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let d = a.die();
            assert_eq!(d, b.die());
            counts[d as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "die counts {counts:?}");
        }
    }

    /// `below` is Lemire's method with its rejection out of line: the same draws as the
    /// method written as one loop, also for bounds where a draw is rejected about half the
    /// time (every list, event and draw depends on it).
    #[test]
    fn below_draws_as_lemires_method_in_one_loop() {
        fn reference(r: &mut Rng, n: u32) -> u32 {
            loop {
                let m = (r.next_u64() >> 32) * n as u64;
                if m as u32 >= (u32::MAX - n + 1) % n {
                    return (m >> 32) as u32;
                }
            }
        }
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let mut rejected = 0;
        for n in [
            1,
            2,
            3,
            6,
            7,
            54,
            1000,
            (1 << 31) + 1,
            u32::MAX - 2,
            u32::MAX,
        ] {
            for _ in 0..2_000 {
                let before = a.state();
                let x = a.below(n);
                assert_eq!(x, reference(&mut b, n), "bound {n}");
                assert!(x < n);
                rejected += (a.state().wrapping_sub(before) != 0xa076_1d64_78bd_642f) as u32;
            }
        }
        assert!(rejected > 500, "the rejection path ran {rejected} times");
    }

    /// `weighted_array` is `weighted` without the loop over the weights: for every
    /// array of five weights up to 3 (zeros first, last, between and everywhere) and for
    /// larger ones, from many generator states, the same index and the same state after.
    #[test]
    fn weighted_array_draws_as_weighted() {
        let mut seeds = Rng::new(11);
        let mut arrays: Vec<[u8; 5]> = (0..4u32.pow(5))
            .map(|code| std::array::from_fn(|i| (code / 4u32.pow(i as u32) % 4) as u8))
            .collect();
        arrays.extend([
            [19, 0, 0, 0, 0],
            [0, 0, 0, 0, 24],
            [25, 25, 25, 25, 25],
            [1, 0, 0, 0, 9],
        ]);
        let mut hits = [0u32; 5];
        for w in arrays {
            for _ in 0..20 {
                let state = seeds.next_u64();
                let (mut a, mut b) = (Rng::from_state(state), Rng::from_state(state));
                let i = a.weighted_array(&w);
                assert_eq!(i, b.weighted(&w), "weights {w:?}");
                assert_eq!(a, b, "weights {w:?}");
                if let Some(i) = i {
                    assert!(w[i] > 0, "weights {w:?} gave {i}");
                    hits[i] += 1;
                }
            }
        }
        assert!(hits.iter().all(|&h| h > 1000), "{hits:?}");
    }

    #[test]
    fn state_round_trips_through_json() {
        let mut r = Rng::new(7);
        r.next_u64();
        let j = serde_json::to_string(&r).unwrap();
        let back: Rng = serde_json::from_str(&j).unwrap();
        assert_eq!(back, r);
        assert!(serde_json::from_str::<Rng>("\"xyz\"").is_err());
    }

    /// Only the canonical form is read (security audit, finding 10): a sign, upper case
    /// or a wrong length named a state that wrote back as different text.
    #[test]
    fn only_the_canonical_state_text_is_read() {
        let ok: Rng = serde_json::from_str("\"00000000000000af\"").unwrap();
        assert_eq!(ok.state(), 0xaf);
        assert_eq!(serde_json::to_string(&ok).unwrap(), "\"00000000000000af\"");
        for bad in [
            "\"+00000000000000a\"",
            "\"00000000000000AF\"",
            "\"0000000000000af\"",
            "\"000000000000000af\"",
            "\" 00000000000000a\"",
            "\"-00000000000000a\"",
        ] {
            assert!(serde_json::from_str::<Rng>(bad).is_err(), "{bad}");
        }
    }
}
