//! A plain Monte Carlo tree search (UCT with random playouts), the
//! yardstick the strength bench measures the search against: it knows
//! nothing of mancala beyond the rules' moves and who won.

use mancala::ai::Dice;
use mancala::engine::{Move, Position, Rules, Side};

/// How far a playout goes before it is scored where it stands (a game
/// that cycles would go on for ever).
const PLAYOUT_PLIES: usize = 400;
/// UCT's exploration constant (√2, for rewards from 0 to 1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

struct Node {
    position: Position,
    /// The player who moved into this node (whose reward it keeps).
    mover: Side,
    children: Vec<(Move, usize)>,
    untried: Vec<Move>,
    visits: f64,
    reward: f64,
}

/// The move `simulations` playouts find most visited from `position`.
pub fn choose(
    rules: &Rules,
    position: &Position,
    simulations: u32,
    dice: &mut Dice,
) -> Option<Move> {
    let root_mover = position.to_move()?;
    let mut nodes = vec![Node {
        position: *position,
        mover: root_mover.other(),
        children: Vec::new(),
        untried: position.legal_moves(rules),
        visits: 0.0,
        reward: 0.0,
    }];
    for _ in 0..simulations {
        // Selection: down the tree while every move has been tried.
        let mut path = vec![0];
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let parent_visits = nodes[at].visits.ln();
            at = nodes[at]
                .children
                .iter()
                .map(|&(_, child)| child)
                .max_by(|&a, &b| {
                    let score = |n: &Node| {
                        n.reward / n.visits + EXPLORATION * (parent_visits / n.visits).sqrt()
                    };
                    score(&nodes[a]).total_cmp(&score(&nodes[b]))
                })
                .unwrap_or(at);
            path.push(at);
        }
        // Expansion: one untried move.
        if !nodes[at].untried.is_empty() {
            let index = dice.below(nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(index);
            let parent = &nodes[at];
            let (Some(mover), Ok(child)) =
                (parent.position.to_move(), parent.position.play(rules, mv))
            else {
                continue;
            };
            let untried = if child.to_move().is_some() {
                child.legal_moves(rules)
            } else {
                Vec::new()
            };
            nodes.push(Node {
                position: child,
                mover,
                children: Vec::new(),
                untried,
                visits: 0.0,
                reward: 0.0,
            });
            let new = nodes.len() - 1;
            nodes[at].children.push((mv, new));
            at = new;
            path.push(at);
        }
        // Simulation: random moves to the end.
        let south_lead = playout(rules, nodes[at].position, dice);
        // Backpropagation: each node's mover scores the result.
        for &node in &path {
            let node = &mut nodes[node];
            let lead = if node.mover == Side::South {
                south_lead
            } else {
                -south_lead
            };
            node.visits += 1.0;
            node.reward += match lead.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|a, b| nodes[a.1].visits.total_cmp(&nodes[b.1].visits))
        .map(|&(mv, _)| mv)
        .or_else(|| position.legal_moves(rules).first().copied())
}

/// South's lead after random moves from `position` to the end of the
/// round (or `PLAYOUT_PLIES` of them).
fn playout(rules: &Rules, mut position: Position, dice: &mut Dice) -> i32 {
    for _ in 0..PLAYOUT_PLIES {
        if position.to_move().is_none() {
            break;
        }
        let moves = position.legal_moves(rules);
        let Some(&mv) = moves.get(dice.below(moves.len())) else {
            break;
        };
        match position.play(rules, mv) {
            Ok(next) => position = next,
            Err(_) => break,
        }
    }
    rules.plan().goal.margin(&position, Side::South)
}
