//! The backward induction of a solve: its memory, reused from solve to
//! solve, and its levels, deepest first, each a stage for the dealer's card
//! and one for the decisions, valued in blocks of rows by up to 32 places
//! and compiled for AVX-512, AVX2 or the baseline, chosen at run time (the
//! same operations in the same order, so the same bits).

use super::layout::{Layout, Lines, faces, layout};
use super::{DecisionValues, MAX_DECISION_CARDS, ShoeCounts, THREE, THREE_BIT};

/// States are valued in blocks of `BLOCK` stacks of one player's by up to
/// 32 of the other's, each row kept in registers while every card's term
/// is added; a cache line's figures, so that a block's values, turned
/// across a tile of `BLOCK` × `BLOCK` at a time, write whole lines of the
/// arrays laid out the other way.
const BLOCK: usize = 8;

/// The most places a row is valued at a time (see `levels`), in lines.
const TILES: usize = 4;

/// A block of `BLOCK` rows by up to `TILES` lines of places.
type Block = [[[f64; BLOCK]; TILES]; BLOCK];

/// The backward induction's memory, reused from solve to solve.
#[derive(Clone)]
pub(super) struct Workspace {
    /// Each decision's best value, tenths, dealer-major within a level (a
    /// row per dealer's stack; see [`Layout::best`]). Hitting values are
    /// not kept: [`Workspace::decision`] works one out again from these.
    pub(super) values: Lines,
    /// One level's values of the dealer's card to come, player-major
    /// (a row per player's stack after the hit).
    dealer_turn: Lines,
    /// Copies of rank s left by player's stack: [s][stack, all sizes].
    pub(super) player_copies: Lines,
    /// Copies of rank r left by dealer's stack: [r][stack, all sizes].
    dealer_copies: Lines,
    /// A stage's value of each row before the cards to come.
    bases: Vec<f64>,
}

impl Workspace {
    /// Memory for the whole game's layout (every other layout is part of it).
    pub(super) fn new() -> Workspace {
        let layout = layout();
        let states = layout.state_start[MAX_DECISION_CARDS + 1];
        let widest = (1..=MAX_DECISION_CARDS)
            .map(|k| layout.players(k + 1) * layout.dealers(k))
            .max()
            .unwrap_or(0);
        Workspace {
            values: Lines::new(states),
            dealer_turn: Lines::new(widest),
            player_copies: Lines::new(10 * layout.player_start[11]),
            dealer_copies: Lines::new(10 * layout.dealer_start[10]),
            bases: vec![0.0; layout.player_start[11]],
        }
    }

    /// Values every decision of `layout` from `shoe`, deepest first, down
    /// to the layout's root (the first decisions when that is the deal).
    /// Returns the copies of each rank in the shoe.
    pub(super) fn solve(&mut self, layout: &Layout, shoe: &ShoeCounts) -> [f64; 10] {
        self.solve_on(layout, shoe, Isa::detected())
    }

    /// [`Workspace::solve`] compiled for `isa` (one the CPU has).
    fn solve_on(&mut self, layout: &Layout, shoe: &ShoeCounts, isa: Isa) -> [f64; 10] {
        let copies: [f64; 10] = std::array::from_fn(|i| f64::from(shoe.copies[i]));
        let cards = shoe.cards as f64;
        // What a rank pairing costs (or pays) beyond its first copy, summed
        // over a stack: Σ face × (copies − 1); a rank in the other stack too
        // is one copy fewer, which the face sum of the overlap takes back.
        let pair_base = |mask: u16| pair_base(&copies, mask);
        let top = usize::from(shoe.longest);
        let levels = (layout.root.max(1)..=top).rev();
        #[cfg(target_arch = "x86_64")]
        if isa != Isa::Baseline {
            // SAFETY: each needs CPU features the CPU has: `isa` is only
            // `Avx2` or `Avx512` from `Isa::detected`, which checks them
            // with `is_x86_feature_detected!`.
            #[allow(unsafe_code)]
            unsafe {
                match isa {
                    Isa::Avx512 => {
                        self.levels_avx512(layout, levels, top, &copies, cards, &pair_base)
                    }
                    _ => self.levels_avx2(layout, levels, top, &copies, cards, &pair_base),
                }
            }
            return copies;
        }
        self.levels::<16, _>(layout, levels, top, &copies, cards, &pair_base, &turned);
        copies
    }

    /// [`Workspace::levels`] compiled for AVX2 (four lanes an instruction
    /// rather than two; no FMA, so the same operations, the same bits).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn levels_avx2(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
    ) {
        // (A closure here has this function's CPU features, so it may call
        // `turned_avx2`.)
        let turn = |rows: &Block, tiles, row, at, out: &mut Across<'_>| {
            turned_avx2(rows, tiles, row, at, out)
        };
        self.levels::<32, _>(layout, levels, top, copies, cards, pair_base, &turn);
    }

    /// [`Workspace::levels`] compiled for AVX-512 (eight lanes an
    /// instruction; Rust never contracts a product and a sum into an FMA,
    /// so the same operations, the same bits).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn levels_avx512(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
    ) {
        // (A closure here has this function's CPU features, so it may call
        // `turned_avx512`.)
        let turn = |rows: &Block, tiles, row, at, out: &mut Across<'_>| {
            turned_avx512(rows, tiles, row, at, out)
        };
        self.levels::<32, _>(layout, levels, top, copies, cards, pair_base, &turn);
    }

    /// Values the decisions of `levels` sizes, deepest first: at each, the
    /// dealer's card after the player's hit, then the decisions; `W` places
    /// of a row at a time, tiles turned across by `turn`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn levels<const W: usize, T: Fn(&Block, usize, usize, usize, &mut Across<'_>)>(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
        turn: &T,
    ) {
        self.copies_left(layout, copies);
        for size in levels {
            let mut level = Level {
                work: &mut *self,
                layout,
                size,
                copies,
                cards,
                pair_base,
                turn,
            };
            // A dealer's stack of `size` (with the 3 that pays) leaves
            // 9 − `size` cards that lead on; none beyond `top`.
            let leading = if size < top { 9 - size } else { 0 };
            by_cards(leading, &mut DealerCard::<_, _, W>(&mut level));
            by_cards(10 - size, &mut Decisions::<_, _, W>(&mut level));
        }
    }

    /// Copies of each rank left with each player's stack, and with each
    /// dealer's (inlined into the levels, so compiled for their CPU
    /// features).
    #[inline(always)]
    fn copies_left(&mut self, layout: &Layout, copies: &[f64; 10]) {
        let (players, dealers) = (layout.player_start[11], layout.dealer_start[10]);
        for (rank, &count) in copies.iter().enumerate() {
            let bit = 1u16 << rank;
            let by_player = &mut self.player_copies[rank * players..][..players];
            for (size, masks) in layout.player.iter().enumerate() {
                let start = layout.player_start[size];
                for (left, &mask) in by_player[start..].iter_mut().zip(masks) {
                    *left = count - f64::from(u8::from(mask & bit != 0));
                }
            }
            let by_dealer = &mut self.dealer_copies[rank * dealers..][..dealers];
            for (size, masks) in layout.dealer.iter().enumerate() {
                let start = layout.dealer_start[size];
                for (left, &mask) in by_dealer[start..].iter_mut().zip(masks) {
                    *left = count - f64::from(u8::from(mask & bit != 0));
                }
            }
        }
    }
}

/// The instruction sets the levels are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    /// The target's own (SSE2 on x86-64).
    Baseline,
    /// AVX2.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx2,
    /// AVX-512 (its foundation, `avx512f`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx512,
}

impl Isa {
    /// The widest this CPU has.
    fn detected() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Isa::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Isa::Avx2;
            }
        }
        Isa::Baseline
    }
}

/// One level of a solve, shared by its two stages.
struct Level<'a, P, T> {
    work: &'a mut Workspace,
    layout: &'a Layout,
    size: usize,
    copies: &'a [f64; 10],
    cards: f64,
    pair_base: &'a P,
    /// Turns a block across (rows to places): see [`turned`].
    turn: &'a T,
}

/// A stage of a level whose every row has `N` cards to come, `N` a
/// constant (so a row's sums compile to straight-line code).
trait Rows {
    fn rows<const N: usize>(&mut self);
}

/// Runs `stage` with `cards` (at most 9) as its constant.
#[inline(always)]
fn by_cards(cards: usize, stage: &mut impl Rows) {
    match cards {
        0 => stage.rows::<0>(),
        1 => stage.rows::<1>(),
        2 => stage.rows::<2>(),
        3 => stage.rows::<3>(),
        4 => stage.rows::<4>(),
        5 => stage.rows::<5>(),
        6 => stage.rows::<6>(),
        7 => stage.rows::<7>(),
        8 => stage.rows::<8>(),
        _ => stage.rows::<9>(),
    }
}

/// The dealer's card after the player's hit at decisions of `size`
/// cards: a 3 pays 3, a pair pays its rank, anything else leads to a
/// decision of `size` + 1. A row per dealer's stack, along the player's
/// stacks after the hit; stored player-major in `dealer_turn`.
struct DealerCard<'l, 'a, P, T, const W: usize>(&'l mut Level<'a, P, T>);

impl<P: Fn(u16) -> f64, T: Fn(&Block, usize, usize, usize, &mut Across<'_>), const W: usize> Rows
    for DealerCard<'_, '_, P, T, W>
{
    #[inline(always)]
    fn rows<const N: usize>(&mut self) {
        let Level {
            work,
            layout,
            size,
            copies,
            cards,
            pair_base,
            turn,
        } = &mut *self.0;
        let size = *size;
        let dealers = &layout.dealer[size];
        let (width, length) = (layout.dealers(size), layout.players(size + 1));
        let Workspace {
            values,
            dealer_turn,
            player_copies,
            bases,
            ..
        } = &mut **work;
        for (base, &dealer) in bases.iter_mut().zip(dealers) {
            *base = 3.0 * copies[THREE] + pair_base(dealer);
        }
        let stage = Stage {
            rows: width,
            count: dealers.len(),
            length,
            bases,
            terms: &layout.turn_terms[layout.turn_terms_start[size]..],
            copies: player_copies,
            values,
            sums: &layout.paying_faces[layout.turn_start[size]..][..width * length],
            scale: 1.0 / (*cards - (2 * size + 1) as f64),
        };
        let mut turns = Across {
            out: &mut dealer_turn[..length * width],
            stride: width,
            folds: None,
        };
        stage.run::<N, W>(|base, sum| base - f64::from(sum), *turn, &mut turns);
    }
}

/// The decisions of `size` cards: hit (a pair costs its rank, anything
/// else leads to the dealer's card) or fold. A row per player's stack,
/// along the dealer's.
struct Decisions<'l, 'a, P, T, const W: usize>(&'l mut Level<'a, P, T>);

impl<P: Fn(u16) -> f64, T: Fn(&Block, usize, usize, usize, &mut Across<'_>), const W: usize> Rows
    for Decisions<'_, '_, P, T, W>
{
    #[inline(always)]
    fn rows<const N: usize>(&mut self) {
        let Level {
            work,
            layout,
            size,
            cards,
            pair_base,
            turn,
            ..
        } = &mut *self.0;
        let size = *size;
        let players = &layout.player[size];
        let (width, length) = (layout.dealers(size), layout.players(size));
        let start = layout.state_start[size];
        let Workspace {
            values,
            dealer_turn,
            dealer_copies,
            bases,
            ..
        } = &mut **work;
        for (base, &player) in bases.iter_mut().zip(players) {
            *base = -pair_base(player);
        }
        let stage = Stage {
            rows: length,
            count: players.len(),
            length: width,
            bases,
            terms: &layout.hit_terms[layout.hit_terms_start[size]..],
            copies: dealer_copies,
            values: dealer_turn,
            sums: &layout.shared_faces[start..][..width * length],
            scale: 1.0 / (*cards - (2 * size) as f64),
        };
        // Folding with both stacks pays the larger of what it pays with
        // each: the lower of their lowest cards.
        let mut decided = Across {
            out: &mut values[start..][..width * length],
            stride: length,
            folds: Some((
                &layout.player_fold[layout.player_start[size]..][..length],
                &layout.dealer_fold[layout.dealer_start[size]..][..width],
            )),
        };
        stage.run::<N, W>(|base, sum| base + f64::from(sum), *turn, &mut decided);
    }
}

/// One stage of a level: rows of states, each valued along the other
/// stack's list from its value before the cards to come and, for each of
/// the `N` cards that can come, in rank order, its copies left times the
/// value it leads to; `BLOCK` rows by up to `W` places at a time, the
/// places of all rows before the next places.
struct Stage<'a> {
    /// Rows, padded to whole blocks (a padded row repeats the last real
    /// one).
    rows: usize,
    /// Real rows.
    count: usize,
    /// Places along a row (whole lines).
    length: usize,
    /// Each real row's value before the cards to come.
    bases: &'a [f64],
    /// Each real row's `N` cards: where their copies left start in
    /// `copies` and the values they lead to in `values`.
    terms: &'a [(u32, u32)],
    copies: &'a [f64],
    values: &'a [f64],
    /// Each real row's face sums along its places.
    sums: &'a [u8],
    /// What the sums are multiplied by: 1 / the cards that can come.
    scale: f64,
}

/// Where a stage's values go, turned across: the values of a block's rows
/// at a place, a cache line's worth, at `place × stride + the block's
/// first row` in `out`; with `folds`, each the larger of it and what
/// folding pays there (with the row's stack, and with the place's: the
/// larger of the two).
struct Across<'a> {
    out: &'a mut [f64],
    stride: usize,
    /// What folding pays by row (padded) and by place.
    folds: Option<(&'a [f64], &'a [f64])>,
}

impl<'a> Across<'a> {
    /// The lines from rows `row`.. at place `at` on, and how many lines
    /// apart two places' are.
    #[inline(always)]
    fn lines(&mut self, row: usize, at: usize) -> (&mut [[f64; BLOCK]], usize) {
        let lines = self.out.as_chunks_mut().0;
        (
            &mut lines[(at * self.stride + row) / BLOCK..],
            self.stride / BLOCK,
        )
    }

    /// What folding pays with rows `row`.., and with the places from `at`
    /// on, a line at a time; `None` where folding does not count.
    #[inline(always)]
    fn folds(&self, row: usize, at: usize) -> Option<(&'a [f64; BLOCK], &'a [[f64; BLOCK]])> {
        let (player, dealer) = self.folds?;
        let player = player[row..][..BLOCK].try_into().expect("a line");
        Some((player, &dealer.as_chunks().0[at / BLOCK..]))
    }
}

impl Stage<'_> {
    /// Values every row into `out`: `start(base, face sum)` at each place,
    /// plus each card's copies × value in rank order, times `scale`.
    #[inline(always)]
    fn run<const N: usize, const W: usize>(
        &self,
        start: impl Fn(f64, u8) -> f64,
        turn: &impl Fn(&Block, usize, usize, usize, &mut Across<'_>),
        out: &mut Across<'_>,
    ) {
        let mut at = 0;
        while at + W <= self.length {
            self.places::<N, W>(at, &start, turn, out);
            at += W;
        }
        // The rest, fewer than `W` places, in narrower steps.
        if 32 < W && at + 32 <= self.length {
            self.places::<N, 32>(at, &start, turn, out);
            at += 32;
        }
        if 16 < W && at + 16 <= self.length {
            self.places::<N, 16>(at, &start, turn, out);
            at += 16;
        }
        if 8 < W && at + 8 <= self.length {
            self.places::<N, 8>(at, &start, turn, out);
            at += 8;
        }
        debug_assert_eq!(at, self.length);
    }

    /// Every row's values at places `at`..`at + W`, a block at a time.
    #[inline(always)]
    fn places<const N: usize, const W: usize>(
        &self,
        at: usize,
        start: &impl Fn(f64, u8) -> f64,
        turn: &impl Fn(&Block, usize, usize, usize, &mut Across<'_>),
        out: &mut Across<'_>,
    ) {
        const { assert!(W <= TILES * BLOCK) };
        let mut block = [[[0.0; BLOCK]; TILES]; BLOCK];
        for row in (0..self.rows).step_by(BLOCK) {
            for (m, lanes) in block.iter_mut().enumerate() {
                let real = (row + m).min(self.count - 1);
                lanes.as_flattened_mut()[..W].copy_from_slice(&self.lanes::<N, W>(real, at, start));
            }
            turn(&block, W / BLOCK, row, at, out);
        }
    }

    /// Row `real`'s values at places `at`..`at + W`, kept in registers
    /// while every card's term is added.
    #[inline(always)]
    fn lanes<const N: usize, const W: usize>(
        &self,
        real: usize,
        at: usize,
        start: &impl Fn(f64, u8) -> f64,
    ) -> [f64; W] {
        let base = self.bases[real];
        let mut lanes = [0.0; W];
        let sums = &self.sums[real * self.length + at..][..W];
        for (lane, &sum) in lanes.iter_mut().zip(sums) {
            *lane = start(base, sum);
        }
        // (From `at`, so that each term's range, a `u32` from there, is one
        // bounds check.)
        let (copies_at, values_at) = (&self.copies[at..], &self.values[at..]);
        for &(copies, values) in &self.terms[real * N..][..N] {
            let (copies, values) = (copies as usize, values as usize);
            let copies = &copies_at[copies..copies + W];
            let values = &values_at[values..values + W];
            for ((lane, &c), &v) in lanes.iter_mut().zip(copies).zip(values) {
                *lane += c * v;
            }
        }
        for lane in &mut lanes {
            *lane *= self.scale;
        }
        lanes
    }
}

/// Turns a block across into `out`: `rows` holds `BLOCK` rows (the
/// stage's from `row`), each's places from `at` in its first `tiles`
/// lines.
fn turned(rows: &Block, tiles: usize, row: usize, at: usize, out: &mut Across<'_>) {
    let folds = out.folds(row, at);
    let (lines, apart) = out.lines(row, at);
    let tiles = tiles.min(TILES);
    for tile in 0..tiles {
        for i in 0..BLOCK {
            let mut line = [0.0; BLOCK];
            for (m, value) in line.iter_mut().enumerate() {
                *value = rows[m][tile][i];
            }
            if let Some((player, dealer)) = folds {
                let dealer = dealer[tile][i];
                for (value, &fold) in line.iter_mut().zip(player) {
                    *value = larger(*value, larger(fold, dealer));
                }
            }
            lines[(tile * BLOCK + i) * apart] = line;
        }
    }
}

/// [`turned`] in AVX2's registers, 4 rows by 4 places at a time: pairs
/// of rows interleaved, then the halves of pairs of registers swapped
/// (the compiler's own goes through memory).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn turned_avx2(rows: &Block, tiles: usize, row: usize, at: usize, out: &mut Across<'_>) {
    use std::arch::x86_64::*;
    let (folding, player_fold, dealer_fold) = match out.folds(row, at) {
        Some((player, dealer)) => (true, [four(&player[..4]), four(&player[4..])], dealer),
        None => (false, [_mm256_setzero_pd(); 2], &[][..]),
    };
    let (lines, apart) = out.lines(row, at);
    let tiles = tiles.min(TILES);
    for tile in 0..tiles {
        for half in [0, 4] {
            for (quarter, player_fold) in [0, 4].into_iter().zip(player_fold) {
                let row_of = |m: usize| four(&rows[quarter + m][tile][half..]);
                let (a, b, c, d) = (row_of(0), row_of(1), row_of(2), row_of(3));
                let (ab0, ab1) = (_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b));
                let (cd0, cd1) = (_mm256_unpacklo_pd(c, d), _mm256_unpackhi_pd(c, d));
                let turned = [
                    _mm256_permute2f128_pd::<0x20>(ab0, cd0),
                    _mm256_permute2f128_pd::<0x20>(ab1, cd1),
                    _mm256_permute2f128_pd::<0x31>(ab0, cd0),
                    _mm256_permute2f128_pd::<0x31>(ab1, cd1),
                ];
                for (i, mut values) in turned.into_iter().enumerate() {
                    if folding {
                        let dealer = _mm256_set1_pd(dealer_fold[tile][half + i]);
                        values = _mm256_max_pd(values, _mm256_max_pd(player_fold, dealer));
                    }
                    let line = &mut lines[(tile * BLOCK + half + i) * apart];
                    lanes4(values, &mut line[quarter..]);
                }
            }
        }
    }
}

/// The first four figures of `figures` in a register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn four(figures: &[f64]) -> std::arch::x86_64::__m256d {
    let four = &figures[..4];
    // SAFETY: `four` is four figures, all readable (the load needs no
    // alignment). A load it can see, unlike figures gathered one by one,
    // keeps the compiler from turning the shuffles back into moves of
    // single figures.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm256_loadu_pd(four.as_ptr())
    }
}

/// A register's four figures, into `out`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn lanes4(v: std::arch::x86_64::__m256d, out: &mut [f64]) {
    let four = &mut out[..4];
    // SAFETY: `four` is four figures, all writable (the store needs no
    // alignment); see `four`.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm256_storeu_pd(four.as_mut_ptr(), v)
    }
}

/// [`turned`] in AVX-512's registers, a tile of 8 × 8 at a time: pairs of
/// rows interleaved, then pairs of places, then fours (the textbook
/// transpose, 24 shuffles; the compiler's own goes through memory).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn turned_avx512(rows: &Block, tiles: usize, row: usize, at: usize, out: &mut Across<'_>) {
    use std::arch::x86_64::*;
    let (folding, player_fold, dealer_fold) = match out.folds(row, at) {
        Some((player, dealer)) => (true, eight(player), dealer),
        None => (false, _mm512_setzero_pd(), &[][..]),
    };
    let (lines, apart) = out.lines(row, at);
    let tiles = tiles.min(TILES);
    for tile in 0..tiles {
        let row_of = |m: usize| eight(&rows[m][tile]);
        let (r0, r1, r2, r3) = (row_of(0), row_of(1), row_of(2), row_of(3));
        let (r4, r5, r6, r7) = (row_of(4), row_of(5), row_of(6), row_of(7));
        // Rows 2j and 2j + 1 interleaved: their even places, their odd.
        let (t0, t1) = (_mm512_unpacklo_pd(r0, r1), _mm512_unpackhi_pd(r0, r1));
        let (t2, t3) = (_mm512_unpacklo_pd(r2, r3), _mm512_unpackhi_pd(r2, r3));
        let (t4, t5) = (_mm512_unpacklo_pd(r4, r5), _mm512_unpackhi_pd(r4, r5));
        let (t6, t7) = (_mm512_unpacklo_pd(r6, r7), _mm512_unpackhi_pd(r6, r7));
        // The even 128-bit quarters of two registers (`E`), or the odd.
        const E: i32 = 0b10_00_10_00;
        const O: i32 = 0b11_01_11_01;
        let (u0, u1) = (
            _mm512_shuffle_f64x2::<E>(t0, t2),
            _mm512_shuffle_f64x2::<E>(t1, t3),
        );
        let (u2, u3) = (
            _mm512_shuffle_f64x2::<O>(t0, t2),
            _mm512_shuffle_f64x2::<O>(t1, t3),
        );
        let (u4, u5) = (
            _mm512_shuffle_f64x2::<E>(t4, t6),
            _mm512_shuffle_f64x2::<E>(t5, t7),
        );
        let (u6, u7) = (
            _mm512_shuffle_f64x2::<O>(t4, t6),
            _mm512_shuffle_f64x2::<O>(t5, t7),
        );
        let turned = [
            _mm512_shuffle_f64x2::<E>(u0, u4),
            _mm512_shuffle_f64x2::<E>(u1, u5),
            _mm512_shuffle_f64x2::<E>(u2, u6),
            _mm512_shuffle_f64x2::<E>(u3, u7),
            _mm512_shuffle_f64x2::<O>(u0, u4),
            _mm512_shuffle_f64x2::<O>(u1, u5),
            _mm512_shuffle_f64x2::<O>(u2, u6),
            _mm512_shuffle_f64x2::<O>(u3, u7),
        ];
        for (i, mut values) in turned.into_iter().enumerate() {
            if folding {
                let dealer = _mm512_set1_pd(dealer_fold[tile][i]);
                values = _mm512_max_pd(values, _mm512_max_pd(player_fold, dealer));
            }
            lanes8(values, &mut lines[(tile * BLOCK + i) * apart]);
        }
    }
}

/// Eight figures in a register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(figures: &[f64; BLOCK]) -> std::arch::x86_64::__m512d {
    // SAFETY: as in `four`, with eight figures.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm512_loadu_pd(figures.as_ptr())
    }
}

/// A register's eight figures, into `out`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn lanes8(v: std::arch::x86_64::__m512d, out: &mut [f64; BLOCK]) {
    // SAFETY: as in `lanes4`, with eight figures.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm512_storeu_pd(out.as_mut_ptr(), v)
    }
}

/// The larger of two figures, neither NaN nor a zero (so `f64::max`'s
/// result, without its NaN handling, which keeps it from vectorising).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// What a rank pairing costs (or pays) beyond its first copy, summed over
/// the stack `mask`: Σ face × (copies − 1); a rank in the other stack too
/// is one copy fewer, which the face sum of the overlap takes back.
fn pair_base(copies: &[f64; 10], mask: u16) -> f64 {
    (0..10)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| (i + 1) as f64 * (copies[i] - 1.0))
        .sum()
}

impl Workspace {
    /// The values at a decision of `layout` this workspace has solved from
    /// `shoe`.
    pub(super) fn decision(
        &self,
        layout: &Layout,
        shoe: &ShoeCounts,
        p: u16,
        d: u16,
    ) -> DecisionValues {
        DecisionValues {
            fold: faces().fold[usize::from(p | d)] / 10.0,
            hit: self.hit(layout, shoe, p, d) / 10.0,
        }
    }

    /// The value of hitting at the decision of `p` and `d`, tenths, worked
    /// out again from the best values of the level above: the solve's
    /// operations in the solve's order, so its bits (each dealer's card
    /// as [`DealerCard`] values it, the hit as [`Decisions`] does).
    fn hit(&self, layout: &Layout, shoe: &ShoeCounts, p: u16, d: u16) -> f64 {
        let copies: [f64; 10] = std::array::from_fn(|i| f64::from(shoe.copies[i]));
        let cards = shoe.cards as f64;
        let size = p.count_ones() as usize;
        let leads_on = size < usize::from(shoe.longest);
        let face_sum = |mask: u16| f64::from(faces().sum[usize::from(mask)] as u8);
        let left =
            |rank: usize, stack: u16| copies[rank] - f64::from(u8::from(stack >> rank & 1 != 0));
        let paying = d | THREE_BIT;
        let turn = |player: u16| -> f64 {
            let mut value =
                (3.0 * copies[THREE] + pair_base(&copies, d)) - face_sum(paying & player);
            for card in (0..10).filter(|card| leads_on && paying >> card & 1 == 0) {
                value += left(card, player) * self.values[layout.best(player, d | 1 << card)];
            }
            value * (1.0 / (cards - (2 * size + 1) as f64))
        };
        let mut value = -pair_base(&copies, p) + face_sum(p & d);
        for card in (0..10).filter(|card| p >> card & 1 == 0) {
            value += left(card, d) * turn(p | 1 << card);
        }
        value * (1.0 / (cards - (2 * size) as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::from_shoe::tests::seen_shoes;

    #[test]
    fn the_solves_compiled_for_avx2_and_avx512_give_the_baselines_bits() {
        let detected = Isa::detected();
        let isas = [Isa::Avx2, Isa::Avx512];
        // Every set up to the widest the CPU has (AVX-512 has AVX2).
        let widest = isas.iter().position(|&isa| isa == detected);
        for &isa in &isas[..widest.map_or(0, |at| at + 1)] {
            let (mut wide, mut baseline) = (Workspace::new(), Workspace::new());
            for shoe in seen_shoes(16) {
                wide.solve_on(layout(), &shoe, isa);
                baseline.solve_on(layout(), &shoe, Isa::Baseline);
                let bits = |work: &Workspace| -> Vec<u64> {
                    work.values.iter().map(|value| value.to_bits()).collect()
                };
                assert!(bits(&wide) == bits(&baseline), "{isa:?} {shoe}");
            }
        }
    }
}
