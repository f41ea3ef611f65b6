//! The index tables of a solve: every player's and dealer's stack of each
//! size that holds a given pair of stacks, where each sits in its size's
//! list, where each level's states start, and each row's cards and the
//! face sums its states start from; found once per layout, the same for
//! every shoe. Also the cache-line-aligned memory the values live in.

use std::sync::OnceLock;

use super::{MASKS, MAX_DECISION_CARDS, THREE_BIT};

/// Face sums and fold costs by rank mask, shared by every solve.
pub(super) struct Faces {
    /// The sum of the face values of a mask's ranks.
    pub(super) sum: [f64; MASKS],
    /// What folding pays with these ranks in play: −(lowest face value).
    pub(super) fold: [f64; MASKS],
}

/// The face sums and fold costs, worked out once.
pub(super) fn faces() -> &'static Faces {
    static FACES: OnceLock<Faces> = OnceLock::new();
    FACES.get_or_init(|| {
        let mut faces = Faces {
            sum: [0.0; MASKS],
            fold: [0.0; MASKS],
        };
        for mask in 1..MASKS {
            faces.sum[mask] = (0..10)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| (i + 1) as f64)
                .sum();
            faces.fold[mask] = -f64::from(mask.trailing_zeros() as u16 + 1);
        }
        faces
    })
}

/// Figures in a cache line (64 bytes): each size's list of stacks is
/// padded to a multiple of it in the value arrays (the padding's values
/// are never read), and those arrays start on a line, so every row does
/// too and no access to a block's places splits a line.
const LINE: usize = 8;

/// `count` rounded up to whole lines.
fn padded(count: usize) -> usize {
    count.div_ceil(LINE) * LINE
}

/// Figures in memory that starts on a cache line (see [`LINE`]).
pub(super) struct Lines {
    buffer: Vec<f64>,
    /// Where the first line starts in `buffer`.
    skip: usize,
    len: usize,
}

impl Lines {
    /// `len` zeros.
    pub(super) fn new(len: usize) -> Lines {
        let buffer = vec![0.0; len + LINE];
        let skip = buffer.as_ptr().align_offset(LINE * size_of::<f64>());
        // (Never more, but `align_offset` may answer "not possible".)
        let skip = if skip < LINE { skip } else { 0 };
        Lines { buffer, skip, len }
    }
}

impl Clone for Lines {
    /// A copy on lines of its own (the new memory's offset may differ).
    fn clone(&self) -> Lines {
        let mut lines = Lines::new(self.len);
        lines.copy_from_slice(self);
        lines
    }
}

impl std::ops::Deref for Lines {
    type Target = [f64];

    fn deref(&self) -> &[f64] {
        &self.buffer[self.skip..][..self.len]
    }
}

impl std::ops::DerefMut for Lines {
    fn deref_mut(&mut self) -> &mut [f64] {
        &mut self.buffer[self.skip..][..self.len]
    }
}

/// The index tables of one solve: the stacks of each size that hold a
/// given pair of stacks (the empty pair for the whole game from the deal;
/// a decision's stacks for the part of the game below it), where each sits
/// in its size's list, where each level's states start, and the face sums
/// each level's states start from (the same for every shoe).
pub(super) struct Layout {
    /// The decision's stack size the layout starts from (0: the deal).
    pub(super) root: usize,
    /// Player's masks by size 0..=10, ascending (those holding the root's).
    pub(super) player: Vec<Vec<u16>>,
    /// Dealer's masks (no 3) by size 0..=9, ascending (holding the root's).
    pub(super) dealer: Vec<Vec<u16>>,
    /// Where a listed mask sits in its size's player list.
    pub(super) player_index: [u16; MASKS],
    /// Where a listed mask sits in its size's dealer list.
    pub(super) dealer_index: [u16; MASKS],
    /// Where each size's player masks start in a list of all sizes, padded.
    pub(super) player_start: [usize; 12],
    /// Where each size's dealer masks start in a list of all sizes, padded.
    pub(super) dealer_start: [usize; 11],
    /// Where each decision level's states start in the flat value arrays
    /// (both sizes' lists padded).
    pub(super) state_start: [usize; MAX_DECISION_CARDS + 2],
    /// What folding pays with each dealer's stack alone, by dealer's
    /// stack, all sizes, padded: with the player's, the larger of the two.
    pub(super) dealer_fold: Vec<f64>,
    /// For the dealer's card: the face sum of the ranks in both the dealer's
    /// stack with a 3 and the player's one card larger, by level, dealer's
    /// stack, then player's (padded; the level's at `turn_start`).
    pub(super) paying_faces: Vec<u8>,
    /// Where each level's dealer's-card states start (padded).
    pub(super) turn_start: [usize; MAX_DECISION_CARDS + 1],
    /// For a decision: the face sum of the ranks in both stacks, by level,
    /// player's stack, then dealer's (padded; the level's at `state_start`).
    pub(super) shared_faces: Vec<u8>,
    /// What folding pays with each player's stack alone, by player's
    /// stack, all sizes, padded.
    pub(super) player_fold: Vec<f64>,
    /// For the dealer's card, by level (from `turn_terms_start`), dealer's
    /// stack, then each card that leads on, in rank order: where its copies
    /// left start in the player's copies and where the decisions it leads
    /// to start in the values (both then along the player's list).
    pub(super) turn_terms: Vec<(u32, u32)>,
    /// Where each level's terms of the dealer's card start.
    pub(super) turn_terms_start: [usize; MAX_DECISION_CARDS + 1],
    /// For a decision, by level (from `hit_terms_start`), player's stack,
    /// then each card the player can draw, in rank order: where its copies
    /// left start in the dealer's copies and where the dealer's card after
    /// it starts in a level's `dealer_turn` (both then along the dealer's
    /// list).
    pub(super) hit_terms: Vec<(u32, u32)>,
    /// Where each level's terms of a decision start.
    pub(super) hit_terms_start: [usize; MAX_DECISION_CARDS + 1],
}

impl Layout {
    /// The stacks holding `player`'s ranks and `dealer`'s (equal in
    /// number, the dealer's without a 3).
    pub(super) fn below(player: u16, dealer: u16) -> Layout {
        let mut layout = Layout {
            root: player.count_ones() as usize,
            player: vec![Vec::new(); 11],
            dealer: vec![Vec::new(); 10],
            player_index: [0; MASKS],
            dealer_index: [u16::MAX; MASKS],
            player_start: [0; 12],
            dealer_start: [0; 11],
            state_start: [0; MAX_DECISION_CARDS + 2],
            dealer_fold: Vec::new(),
            paying_faces: Vec::new(),
            turn_start: [0; MAX_DECISION_CARDS + 1],
            shared_faces: Vec::new(),
            player_fold: Vec::new(),
            turn_terms: Vec::new(),
            turn_terms_start: [0; MAX_DECISION_CARDS + 1],
            hit_terms: Vec::new(),
            hit_terms_start: [0; MAX_DECISION_CARDS + 1],
        };
        for mask in 0..MASKS as u16 {
            let size = mask.count_ones() as usize;
            if mask & player == player {
                layout.player_index[usize::from(mask)] = layout.player[size].len() as u16;
                layout.player[size].push(mask);
            }
            if mask & THREE_BIT == 0 && mask & dealer == dealer {
                layout.dealer_index[usize::from(mask)] = layout.dealer[size].len() as u16;
                layout.dealer[size].push(mask);
            }
        }
        for size in 0..11 {
            layout.player_start[size + 1] = layout.player_start[size] + layout.players(size);
        }
        for size in 0..10 {
            layout.dealer_start[size + 1] = layout.dealer_start[size] + layout.dealers(size);
        }
        layout.dealer_fold = padded_folds(&layout.dealer, &layout.dealer_start);
        layout.player_fold = padded_folds(&layout.player, &layout.player_start);
        let faces = faces();
        // A padded place is an empty stack: its sums are never read.
        let list = |masks: &[u16], count: usize| -> Vec<u16> {
            let mut list = masks.to_vec();
            list.resize(count, 0);
            list
        };
        let face_sum = |mask: u16| faces.sum[usize::from(mask)] as u8;
        for size in 1..=MAX_DECISION_CARDS {
            let players = list(&layout.player[size], layout.players(size));
            let dealers = list(&layout.dealer[size], layout.dealers(size));
            for &p in &players {
                let sums = dealers.iter().map(|&d| face_sum(p & d));
                layout.shared_faces.extend(sums);
            }
            layout.state_start[size + 1] = layout.shared_faces.len();
            let longer = list(&layout.player[size + 1], layout.players(size + 1));
            for &d in &dealers {
                let sums = longer.iter().map(|&p| face_sum((d | THREE_BIT) & p));
                layout.paying_faces.extend(sums);
            }
            layout.turn_start[size] = layout.paying_faces.len() - dealers.len() * longer.len();
        }
        for size in 1..=MAX_DECISION_CARDS {
            layout.turn_terms_start[size] = layout.turn_terms.len();
            let length = layout.players(size + 1);
            for &dealer in &layout.dealer[size] {
                let paying = dealer | THREE_BIT;
                for card in (0..10).filter(|card| paying >> card & 1 == 0) {
                    let next = usize::from(layout.dealer_index[usize::from(dealer | 1 << card)]);
                    let copies = card * layout.player_start[11] + layout.player_start[size + 1];
                    let values = layout.state_start[size + 1] + next * length;
                    layout.turn_terms.push((copies as u32, values as u32));
                }
            }
            layout.hit_terms_start[size] = layout.hit_terms.len();
            let width = layout.dealers(size);
            for &player in &layout.player[size] {
                for card in (0..10).filter(|card| player >> card & 1 == 0) {
                    let next = usize::from(layout.player_index[usize::from(player | 1 << card)]);
                    let copies = card * layout.dealer_start[10] + layout.dealer_start[size];
                    layout
                        .hit_terms
                        .push((copies as u32, (next * width) as u32));
                }
            }
        }
        layout
    }

    /// The player's stacks of `size` cards, padded.
    pub(super) fn players(&self, size: usize) -> usize {
        padded(self.player[size].len())
    }

    /// The dealer's stacks of `size` cards, padded.
    pub(super) fn dealers(&self, size: usize) -> usize {
        padded(self.dealer[size].len())
    }

    /// Where the best value of the decision of `player`'s and `dealer`'s
    /// stacks (equal sizes, both listed here) sits (dealer-major).
    pub(super) fn best(&self, player: u16, dealer: u16) -> usize {
        let size = player.count_ones() as usize;
        self.state_start[size]
            + usize::from(self.dealer_index[usize::from(dealer)]) * self.players(size)
            + usize::from(self.player_index[usize::from(player)])
    }
}

/// The layout of the whole game, from the deal.
pub(super) fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| Layout::below(0, 0))
}

/// What folding pays with each stack of `lists` (one list a size), the
/// lists laid end to end, each padded with zeros to where the next
/// starts in `starts`.
fn padded_folds(lists: &[Vec<u16>], starts: &[usize]) -> Vec<f64> {
    let faces = faces();
    let mut folds = Vec::new();
    for (list, &end) in lists.iter().zip(&starts[1..]) {
        folds.extend(list.iter().map(|&stack| faces.fold[usize::from(stack)]));
        folds.resize(end, 0.0);
    }
    folds
}
