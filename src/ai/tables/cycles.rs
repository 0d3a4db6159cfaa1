//! The end by repetition's part in a table: what a player makes sure of by
//! keeping every cycle the play can go round among positions good for them
//! (see [`Builder::refine_by_cycles`]).

use std::sync::atomic::Ordering;

use super::build::{Builder, Level, Parents, edge};

impl Builder {
    /// Raises what each player is sure of by what the end by repetition
    /// gives them. A plan that keeps every cycle the play can go round
    /// among positions where the player's own row holds at least `k`
    /// (or leaves by a move that makes sure of `k`) makes sure of `k`: a
    /// repetition closes such a cycle, and the position it ends at is on
    /// it. Such plans are found for each `k` as the winning positions of a
    /// co-Büchi game (every cycle good), the other player's as those of
    /// the matching Büchi game (a bad position again and again).
    pub(super) fn refine_by_cycles(&self, level: &Level, parents: &Parents, seeds: u8) {
        let n = level.exits.len();
        let first = level.first as usize;
        let rows: Vec<u8> = (0..n)
            .map(|b| {
                self.indexer.board((first + b) as u64).0[..self.pits]
                    .iter()
                    .sum()
            })
            .collect();
        let mut local = vec![u32::MAX; 2 * n];
        for k in 1..=seeds {
            let cycles = Cycles {
                builder: self,
                level,
                parents,
                rows: &rows,
                seeds,
                k,
                n,
            };
            cycles.raise(&mut local);
        }
    }
}

/// One threshold `k` of [`Builder::refine_by_cycles`]: node `v < n` is
/// board `v` with the player who wants `k` to move, node `n + v` the same
/// board with the other to move.
struct Cycles<'a> {
    builder: &'a Builder,
    level: &'a Level,
    parents: &'a Parents,
    /// The mover's row, by board.
    rows: &'a [u8],
    seeds: u8,
    k: u8,
    n: usize,
}

/// The open nodes of one threshold and, for each, whether the player who
/// wants `k` can leave for a sure `k` (`escapes`: their own move), whether
/// the other can leave for less (`gives_up`: theirs), and how many open
/// nodes it leads to.
struct OpenNodes {
    nodes: Vec<usize>,
    escapes: Vec<bool>,
    gives_up: Vec<bool>,
    degree: Vec<u32>,
}

/// Where a node stands at one threshold before the game is played out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Already sure of `k`.
    Won,
    /// Already held below `k`.
    Lost,
    /// Open: its place among the open nodes.
    Open(usize),
}

/// The node an edge (see [`edge`]) leads to from a node where `other` (the
/// player who does not want `k`) moves, `n` boards a side.
fn node(n: usize, along: u32, other: bool) -> usize {
    let (board, passes) = edge(along);
    if passes == other { board } else { n + board }
}

impl Cycles<'_> {
    /// Node `v`'s board, and whether the player who does not want `k`
    /// moves there.
    fn split(&self, v: usize) -> (usize, bool) {
        if v < self.n {
            (v, false)
        } else {
            (v - self.n, true)
        }
    }

    fn board(&self, v: usize) -> usize {
        self.split(v).0
    }

    fn known(&self, v: usize, local: &[u32]) -> Known {
        let index = self.level.first as usize + self.board(v);
        let mine = self.builder.mine[index].load(Ordering::Relaxed);
        let theirs = self.builder.theirs[index].load(Ordering::Relaxed);
        let (sure, held) = if v < self.n {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        if sure >= self.k {
            Known::Won
        } else if self.seeds - held < self.k {
            Known::Lost
        } else {
            Known::Open(local[v] as usize)
        }
    }

    fn successors(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let ((board, other), n) = (self.split(v), self.n);
        self.level
            .children_of(board)
            .iter()
            .map(move |&child| node(n, child, other))
    }

    fn predecessors(&self, w: usize) -> impl Iterator<Item = usize> + '_ {
        let ((board, other), n) = (self.split(w), self.n);
        self.parents
            .of(board)
            .iter()
            .map(move |&parent| node(n, parent, other))
    }

    /// Plays the game out over the open nodes and raises those won.
    fn raise(&self, local: &mut [u32]) {
        let Some(open) = self.open_nodes(local) else {
            return;
        };
        let region = self.others_region(&open, local);
        for (i, &v) in open.nodes.iter().enumerate() {
            local[v] = u32::MAX;
            if !region[i] {
                let index = self.level.first as usize + self.board(v);
                let values = if v < self.n {
                    &self.builder.mine
                } else {
                    &self.builder.theirs
                };
                values[index].fetch_max(self.k, Ordering::Relaxed);
            }
        }
    }

    /// The nodes still open at this threshold, numbered in `local`.
    fn open_nodes(&self, local: &mut [u32]) -> Option<OpenNodes> {
        let nodes: Vec<usize> = (0..2 * self.n)
            .filter(|&v| matches!(self.known(v, local), Known::Open(_)))
            .collect();
        if nodes.is_empty() {
            return None;
        }
        for (i, &v) in nodes.iter().enumerate() {
            local[v] = u32::try_from(i).unwrap_or(u32::MAX);
        }
        let mut open = OpenNodes {
            escapes: vec![false; nodes.len()],
            gives_up: vec![false; nodes.len()],
            degree: vec![0; nodes.len()],
            nodes,
        };
        for (i, &v) in open.nodes.iter().enumerate() {
            let (best, least) = self.level.exits[self.board(v)];
            for w in self.successors(v) {
                match self.known(w, local) {
                    Known::Won => open.escapes[i] = true,
                    Known::Lost => open.gives_up[i] = true,
                    Known::Open(_) => open.degree[i] += 1,
                }
            }
            if v < self.n {
                open.escapes[i] |= best >= self.k;
            } else {
                open.gives_up[i] |= least < self.k;
            }
        }
        Some(open)
    }

    /// The other player's region, by open node: those from which they can
    /// reach a bad node again and again (or leave for less than `k`). It
    /// starts as every open node and shrinks to the greatest fixed point.
    fn others_region(&self, open: &OpenNodes, local: &[u32]) -> Vec<bool> {
        let (n, k) = (self.n, self.k);
        let bad = |v: usize| {
            let row = self.rows[self.board(v)];
            if v < n { row < k } else { self.seeds - row < k }
        };
        let mut region = vec![true; open.nodes.len()];
        loop {
            let mut taken = vec![false; open.nodes.len()];
            let mut count = open.degree.clone();
            let mut queue = Vec::new();
            for (i, &v) in open.nodes.iter().enumerate() {
                let wants_k_moves = v < n;
                let trapped = if wants_k_moves {
                    !open.escapes[i] && open.degree[i] == 0
                } else {
                    open.gives_up[i]
                };
                let into_region = if wants_k_moves {
                    !open.escapes[i]
                        && self.successors(v).all(|w| match self.known(w, local) {
                            Known::Open(j) => region[j],
                            Known::Lost => true,
                            Known::Won => false,
                        })
                } else {
                    open.gives_up[i]
                        || self
                            .successors(v)
                            .any(|w| matches!(self.known(w, local), Known::Open(j) if region[j]))
                };
                if trapped || (bad(v) && into_region) {
                    taken[i] = true;
                    queue.push(v);
                }
            }
            // Their attractor: a node of theirs with one move into it, a
            // node of the other's with every move into it.
            while let Some(w) = queue.pop() {
                for v in self.predecessors(w) {
                    let Known::Open(i) = self.known(v, local) else {
                        continue;
                    };
                    if taken[i] || (v < n && open.escapes[i]) {
                        continue;
                    }
                    if v < n {
                        count[i] -= 1;
                        if count[i] > 0 {
                            continue;
                        }
                    }
                    taken[i] = true;
                    queue.push(v);
                }
            }
            if taken == region {
                return region;
            }
            region = taken;
        }
    }
}
