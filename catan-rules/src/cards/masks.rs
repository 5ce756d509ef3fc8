//! The legal masks over the fixed action ids with or without the offers to the opponent,
//! as the base game's `legal_mask_with` (its domestic offers): a training agent usually
//! leaves the offers out, since they only lengthen a game. The same ids as a sorted list,
//! and the unchecked apply of a listed id, for a caller stepping one game by ids.

use super::legal::{action_from_id, action_id, for_each_legal, ACTION_SPACE};
use super::{CardAction, CardEventSink, CardGame};
use crate::types::Player;

impl CardGame {
    /// [`CardGame::legal_mask`], leaving out the offers (`offer` actions) unless `offers`.
    pub fn legal_mask_with(&self, mask: &mut [bool], offers: bool) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        fill(mask, &v, offers);
    }

    /// The ids of [`CardGame::legal_mask_with`]'s `true` entries into `ids` (cleared first),
    /// ascending, as the board game's `Game::legal_ids_with`: no mask to clear and scan.
    pub fn legal_ids_with(&self, ids: &mut Vec<u32>, offers: bool) {
        ids.clear();
        for_each_legal(&self.s, |a| {
            if offers || !a.is_offer() {
                ids.extend(action_id(&a).filter(|&id| id < ACTION_SPACE));
            }
        });
        ids.sort_unstable();
        ids.dedup();
    }

    /// Applies the action with id `id`, one of the ids [`CardGame::legal_ids_with`] listed
    /// for this very state, without checking it again (every listed id applies), as the
    /// board game's `Game::apply_masked_id`. Debug builds still check; release builds do
    /// not, and an id that does not apply then leaves the game in an unspecified
    /// (memory-safe) state. Use [`CardGame::apply_id`] for an id from outside.
    pub fn apply_listed_id<S: CardEventSink>(&mut self, id: u32, sink: &mut S) {
        match action_from_id(id, self.id_seat()) {
            Some(a) => self.apply_legal(a, sink),
            None => debug_assert!(false, "apply_listed_id: id {id} names no action"),
        }
    }

    /// [`CardGame::legal_mask_for`], leaving out the offers unless `offers`.
    pub fn legal_mask_for_with(&self, seat: Player, mask: &mut [bool], offers: bool) {
        let mut v = Vec::new();
        self.legal_actions_for(seat, &mut v);
        fill(mask, &v, offers);
    }
}

/// Marks the ids of `actions` (the offers only if `offers`); ids beyond `mask` are skipped.
fn fill(mask: &mut [bool], actions: &[CardAction], offers: bool) {
    mask.fill(false);
    for a in actions.iter().filter(|a| offers || !a.is_offer()) {
        if let Some(m) = action_id(a).and_then(|id| mask.get_mut(id as usize)) {
            *m = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardRules;

    #[test]
    fn masks_without_offers_are_the_masks_less_the_offers() {
        // The offer family is "Card Game rules, 'Trade'" (docs/cards.md, 'Actions and the
        // fixed action space'): leaving it out removes exactly the offer ids.
        let n = ACTION_SPACE as usize;
        let (mut all, mut with, mut without) = (vec![false; n], vec![false; n], vec![false; n]);
        let mut g = CardGame::new(CardRules::default(), 21);
        let mut offers_seen = 0;
        for step in 0..150 {
            if g.winner().is_some() {
                break;
            }
            let seat = g.to_act().iter().next().unwrap_or(Player(0));
            g.legal_mask(&mut all);
            g.legal_mask_with(&mut with, true);
            assert_eq!(with, all);
            g.legal_mask_with(&mut without, false);
            for id in 0..ACTION_SPACE {
                let is_offer = action_from_id(id, seat).is_some_and(|a| a.is_offer());
                offers_seen += usize::from(all[id as usize] && is_offer);
                assert_eq!(
                    without[id as usize],
                    all[id as usize] && !is_offer,
                    "id {id}"
                );
            }
            let mut listed = Vec::new();
            g.legal_ids_with(&mut listed, true);
            let masked: Vec<u32> = (0..ACTION_SPACE).filter(|&i| with[i as usize]).collect();
            assert_eq!(listed, masked);
            g.legal_ids_with(&mut listed, false);
            let plain: Vec<u32> = (0..ACTION_SPACE).filter(|&i| without[i as usize]).collect();
            assert_eq!(listed, plain);
            for &id in &listed {
                let (mut checked, mut unchecked) = (g.clone(), g.clone());
                checked.apply_id(id).unwrap();
                unchecked.apply_listed_id(id, &mut ());
                assert_eq!(unchecked, checked, "id {id} unchecked");
            }
            g.legal_mask_for(seat, &mut all);
            g.legal_mask_for_with(seat, &mut with, true);
            assert_eq!(with, all);
            g.legal_mask_for_with(seat, &mut without, false);
            assert!(without.iter().zip(&all).all(|(w, a)| !w || *a));
            let ids: Vec<u32> = (0..ACTION_SPACE).filter(|&i| without[i as usize]).collect();
            assert!(
                !ids.is_empty(),
                "a choice that is not an offer at step {step}"
            );
            g.apply(action_from_id(ids[step % ids.len()], seat).unwrap())
                .unwrap();
        }
        assert!(offers_seen > 0, "some offers were listed");
    }
}
