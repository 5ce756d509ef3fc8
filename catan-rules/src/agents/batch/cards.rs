//! The Card Game in the batch: [`BatchGame`] for [`CardGame`].
//!
//! The acting seat is the seat the Card Game's ids are for ([`CardGame::to_act`]: the
//! player whose turn it is, or the seat answering an offer or a pending step); its mask
//! holds the ids of its legal actions ([`CardGame::legal_actions_for`], [`action_id`]),
//! the offers to the opponent only with [`super::Batch::set_offers`]. The observation is
//! [`crate::agents::cards_observation`]'s, from the acting seat's view.

use super::{BatchError, BatchGame};
use crate::cards::{action_from_id, action_id, CardAction, CardGame, CardRules, CardSpace};
use crate::engine::Engine;
use crate::types::Player;
use crate::ChanceMode;

impl BatchGame for CardGame {
    type Rules = CardRules;
    const BATCH_MAX_TURNS: u32 = <CardGame as crate::agents::AgentGame>::MATCH_MAX_TURNS;

    fn batch_new(rules: CardRules, seed: u64) -> Result<CardGame, BatchError> {
        if rules.chance == ChanceMode::External {
            return Err(BatchError::ExternalChance);
        }
        Ok(CardGame::try_new(rules, seed)?)
    }

    fn acting_seat(&self) -> Player {
        self.id_seat()
    }

    fn actor_mask(&self, space: &CardSpace, row: &mut [u64], offers: bool) {
        row.fill(0);
        let len = CardGame::space_len(space);
        let mut legal = Vec::new();
        self.legal_actions_for(self.id_seat(), &mut legal);
        for a in legal.iter().filter(|a| offers || !a.is_offer()) {
            if let Some(id) = action_id(a).filter(|&id| (id as usize) < len) {
                row[id as usize / 64] |= 1 << (id % 64);
            }
        }
    }

    fn decode_acting(&self, space: &CardSpace, id: u32) -> Option<CardAction> {
        if id as usize >= CardGame::space_len(space) {
            return None;
        }
        let seat = self.id_seat();
        action_from_id(id, seat).filter(|a| self.check_as(seat, a).is_ok())
    }

    /// Four times its position JSON: a card or a count takes at least a byte of JSON and
    /// no more than a few in memory, for the game and a finished one kept beside its
    /// replacement (the catalogue is shared by every game).
    fn batch_heap_bytes(&self) -> usize {
        4 * self.position_json().len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Batch, MAX_BATCH_GAMES};
    use super::*;
    use crate::agents::FlatLayout;
    use crate::cards::opponent;
    use crate::rng::Rng;

    /// A short game (3 points to win, the least accepted: "Card Game rules, 'End of the
    /// Game'" plays to 12, and the rules' tip allows fewer), so that games end within a
    /// test.
    fn short() -> CardRules {
        CardRules {
            vp_target: 3,
            ..CardRules::default()
        }
    }

    fn ids_of(row: &[u64]) -> Vec<u32> {
        (0..row.len() * 64)
            .filter(|&i| row[i / 64] >> (i % 64) & 1 != 0)
            .map(|i| i as u32)
            .collect()
    }

    /// Everything a run writes: observations, masks and step outputs.
    type Run = (Vec<f32>, Vec<u64>, Vec<(f32, bool, i8)>);

    /// Random masked ids for `steps` steps on `threads` threads, checking on the way
    /// that every mask is the acting seat's legal ids less the offers (the Card Game's
    /// own `legal_mask_for_with`), every masked id applies, every observation is in its
    /// bounds, a finished game is replaced by the game of the documented seed and its
    /// returns are +1 for the winner, -1 for the other seat.
    fn run(threads: usize, steps: usize) -> Run {
        let (n, seed) = (34, 5);
        let mut b = Batch::<CardGame>::with_rules(short(), seed, n, threads).unwrap();
        let (words, ol, len) = (b.mask_words(), b.layout().len(), b.space_len());
        let high = b.layout().high().to_vec();
        let (mut m, mut o) = (vec![0; n * words], vec![0.0; n * ol]);
        let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
        let mut returns = vec![0.0; n * 2];
        let (mut all_o, mut all_m, mut outs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut rng, mut ids, mut bools) = (Rng::new(3), vec![0; n], vec![false; len]);
        let mut episodes = vec![0u64; n];
        for _ in 0..steps {
            b.observe_flat(&mut m, &mut o).unwrap();
            for i in 0..n {
                let g = b.game(i);
                let seat = b.acting_seats().nth(i).unwrap();
                assert_eq!(g.to_act().iter().next(), Some(seat));
                g.legal_mask_for_with(seat, &mut bools, false);
                let legal = ids_of(&m[i * words..(i + 1) * words]);
                let expected: Vec<u32> = (0..len as u32).filter(|&k| bools[k as usize]).collect();
                assert_eq!(legal, expected, "game {i}");
                assert!(!legal.is_empty());
                let row = &o[i * ol..(i + 1) * ol];
                assert!(row.iter().zip(&high).all(|(v, h)| (0.0..=*h).contains(v)));
                ids[i] = legal[rng.below(legal.len() as u32) as usize];
            }
            b.step(&ids, &mut r, &mut d, &mut w).unwrap();
            b.returns(&mut returns).unwrap();
            for i in 0..n {
                let ret = &returns[i * 2..i * 2 + 2];
                match b.finished(i) {
                    Some((g, last)) => {
                        assert!(d[i]);
                        episodes[i] += 1;
                        let s = seed + i as u64 + episodes[i] * n as u64;
                        assert_eq!(b.game(i), &CardGame::new(short(), s));
                        let winner = g.winner().expect("no game reaches the turn limit here");
                        assert_eq!(w[i], winner.0 as i8);
                        assert_eq!(r[i], if winner == last { 1.0 } else { -1.0 });
                        assert_eq!(ret[winner.index()], 1.0);
                        assert_eq!(ret[opponent(winner).index()], -1.0);
                        let mut fin = vec![0.0; ol];
                        assert!(b.final_observation(i, &mut fin).unwrap());
                        let mut direct = vec![0.0; ol];
                        crate::agents::cards_observation::observe(g, last, &mut direct);
                        assert_eq!(fin, direct);
                    }
                    None => {
                        assert!(!d[i] && r[i] == 0.0 && w[i] == -1);
                        assert_eq!(ret, [0.0, 0.0]);
                        assert!(!b.final_observation(i, &mut vec![0.0; ol]).unwrap());
                    }
                }
            }
            all_o.extend_from_slice(&o);
            all_m.extend_from_slice(&m);
            outs.extend((0..n).map(|i| (r[i], d[i], w[i])));
        }
        assert!(
            episodes.iter().sum::<u64>() >= 5,
            "games ended: {episodes:?}"
        );
        (all_o, all_m, outs)
    }

    #[test]
    fn masked_ids_apply_and_games_reset_with_their_returns() {
        let one = run(1, 100);
        // Results never depend on the thread count.
        assert_eq!(run(2, 100), one);
    }

    /// An id not legal for the acting seat (another seat's answer, an out-of-range id)
    /// is refused, naming the first such game, and no game changes.
    #[test]
    fn errors_change_nothing() {
        let mut b = Batch::<CardGame>::with_rules(CardRules::default(), 2, 3, 1).unwrap();
        let (n, words) = (b.len(), b.mask_words());
        let mut m = vec![0; n * words];
        let mut o = vec![0.0; n * b.layout().len()];
        b.observe_flat(&mut m, &mut o).unwrap();
        let before: Vec<CardGame> = (0..n).map(|i| b.game(i).clone()).collect();
        let good: Vec<u32> = (0..n)
            .map(|i| ids_of(&m[i * words..][..words])[0])
            .collect();
        let unlisted = (0..b.space_len() as u32)
            .find(|&id| m[id as usize / 64] >> (id % 64) & 1 == 0)
            .unwrap();
        let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
        for (bad, game) in [(unlisted, 1), (b.space_len() as u32, 1), (u32::MAX, 2)] {
            let mut ids = good.clone();
            ids[game] = bad;
            let seat = b.acting_seats().nth(game).unwrap().0;
            assert_eq!(
                b.step(&ids, &mut r, &mut d, &mut w),
                Err(BatchError::Illegal {
                    game,
                    id: bad,
                    seat
                })
            );
            assert!((0..n).all(|i| b.game(i) == &before[i]));
        }
        assert!(matches!(
            b.step(&good[..2], &mut r, &mut d, &mut w),
            Err(BatchError::Length { name: "ids", .. })
        ));
        b.step(&good, &mut r, &mut d, &mut w).unwrap();
    }

    /// Offers appear in the masks only when asked for ("Card Game rules, 'Trade'"), and
    /// the observation of a batch game is `cards_observation::observe` of its acting seat.
    #[test]
    fn offers_only_when_asked_and_observations_are_the_seats() {
        let mut b = Batch::<CardGame>::with_rules(CardRules::default(), 7, 2, 1).unwrap();
        let (n, words, ol) = (b.len(), b.mask_words(), b.layout().len());
        let (mut m, mut o) = (vec![0; n * words], vec![0.0; n * ol]);
        let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
        let mut rng = Rng::new(1);
        let (mut with, mut without) = (0, 0);
        for step in 0..300 {
            b.set_offers(step % 2 == 0);
            b.observe_flat(&mut m, &mut o).unwrap();
            let mut ids = vec![0; n];
            for (i, id) in ids.iter_mut().enumerate() {
                let seat = b.acting_seats().nth(i).unwrap();
                let mut direct = vec![0.0; ol];
                crate::agents::cards_observation::observe(b.game(i), seat, &mut direct);
                assert_eq!(&o[i * ol..(i + 1) * ol], &direct[..]);
                let legal = ids_of(&m[i * words..(i + 1) * words]);
                let offers = legal
                    .iter()
                    .filter(|&&k| action_from_id(k, seat).is_some_and(|a| a.is_offer()))
                    .count();
                if b.offers() {
                    with += offers;
                } else {
                    without += offers;
                }
                let plain: Vec<u32> = legal
                    .into_iter()
                    .filter(|&k| !action_from_id(k, seat).is_some_and(|a| a.is_offer()))
                    .collect();
                *id = plain[rng.below(plain.len() as u32) as usize];
            }
            b.step(&ids, &mut r, &mut d, &mut w).unwrap();
        }
        assert!(with > 0, "offers were listed when asked for");
        assert_eq!(without, 0);
    }

    /// Sizes are capped before anything is allocated; rules that cannot be played or take
    /// chance from outside are refused.
    #[test]
    fn refusals() {
        for n in [0, MAX_BATCH_GAMES + 1, usize::MAX] {
            let e = Batch::<CardGame>::with_rules(CardRules::default(), 1, n, 1).unwrap_err();
            assert!(matches!(
                e,
                BatchError::Empty | BatchError::TooManyGames { .. }
            ));
        }
        let bad = CardRules {
            vp_target: 2,
            ..CardRules::default()
        };
        assert!(matches!(
            Batch::<CardGame>::with_rules(bad, 1, 2, 1),
            Err(BatchError::CardRules(_))
        ));
        let external = CardRules {
            chance: ChanceMode::External,
            ..CardRules::default()
        };
        assert_eq!(
            Batch::<CardGame>::with_rules(external, 1, 2, 1).unwrap_err(),
            BatchError::ExternalChance
        );
    }
}
