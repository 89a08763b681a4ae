//! What a finished search thinks of its root: every legal move with its prior, visits and
//! mean value, the principal variation and the root value of every player.

use super::search_node::{NodeKind, SearchArena};
use salon_core::action::Action;

/// One root move of a finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    pub action: Action,
    /// The evaluator's probability of the move (softmax of its logits over the legal moves).
    pub prior: f32,
    /// Simulations through the move.
    pub visits: u32,
    /// The mean backed-up value (win share) of the player to move over those simulations;
    /// `None` for a move no simulation tried.
    pub value: Option<f32>,
}

/// The root of a finished search, read from the tree (which the search drew from the
/// mover's information only).
#[derive(Clone, Debug, PartialEq)]
pub struct RootAnalysis {
    pub player: usize,
    /// Every move legal at the root, ascending by action id.
    pub moves: Vec<MoveAnalysis>,
    /// The move the search chose.
    pub chosen: Action,
    /// The chosen move, then the most visited move at each decision below it, as long as the
    /// tree reaches and no chance node intervenes.
    pub principal_variation: Vec<Action>,
    /// The mean backed-up value of every player at the root.
    pub root_values: Vec<f32>,
}

impl RootAnalysis {
    /// Reads the tree of a finished search whose root (node 0, a decision of `player`)
    /// chose `chosen`.
    pub(crate) fn of_tree(
        arena: &SearchArena,
        player: usize,
        players: usize,
        chosen: Action,
    ) -> Option<RootAnalysis> {
        if arena.is_empty() || arena.node(0).kind != NodeKind::Decision {
            return None;
        }
        let root = arena.node(0);
        let moves = arena
            .children(0)
            .map(|c| {
                let n = arena.node(c);
                MoveAnalysis {
                    action: n.action,
                    prior: n.prior,
                    visits: n.visits,
                    value: (n.visits > 0).then(|| n.q(player)),
                }
            })
            .collect();
        let mut principal_variation = vec![chosen];
        let mut node = arena.children(0).find(|&c| arena.node(c).action == chosen);
        while let Some(i) = node {
            if arena.node(i).kind != NodeKind::Decision {
                break;
            }
            // The most visited child; the lowest action id on a tie.
            let best = arena.children(i).fold(None::<usize>, |best, c| match best {
                Some(b) if arena.node(b).visits >= arena.node(c).visits => Some(b),
                _ => Some(c),
            });
            match best {
                Some(b) if arena.node(b).visits > 0 => {
                    principal_variation.push(arena.node(b).action);
                    node = Some(b);
                }
                _ => break,
            }
        }
        Some(RootAnalysis {
            player,
            moves,
            chosen,
            principal_variation,
            root_values: (0..players).map(|p| root.q(p)).collect(),
        })
    }
}
