//! The legal masks over the fixed action ids with or without the offers to the opponent,
//! as the base game's `legal_mask_with` (its domestic offers): a training agent usually
//! leaves the offers out, since they only lengthen a game.

use super::legal::action_id;
use super::{CardAction, CardGame};
use crate::types::Player;

impl CardGame {
    /// [`CardGame::legal_mask`], leaving out the offers (`offer` actions) unless `offers`.
    pub fn legal_mask_with(&self, mask: &mut [bool], offers: bool) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        fill(mask, &v, offers);
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
    use crate::cards::{action_from_id, CardRules, ACTION_SPACE};

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
