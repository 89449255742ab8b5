//! The techniques the logic knows, in the order it tries them, with their names and the grade
//! each one stands for.

use std::fmt;

use super::grade::Grade;

/// A solving technique, in the order the solver tries them (easiest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a complete unit.
    HiddenSingle,
    /// A candidate the rules leave no room for (no option of the exact cover puts it
    /// there), or that a placed digit rules out through a constraint.
    Forbidden,
    /// A requirement of the rules (an item of the exact cover) with one way left to meet it:
    /// that way holds, placing its digit or ruling out what conflicts with it.
    OnlyOption,
    /// A digit confined, in a box (or region, window), to one row or column: it leaves the
    /// rest of that line.
    Pointing,
    /// A digit confined, in a row or column, to one box: it leaves the rest of the box.
    Claiming,
    /// A digit confined, in a complete unit, to the unit's intersection with another unit
    /// (a diagonal and a box, say): it leaves the rest of the other unit.
    LockedCandidates,
    /// A killer cage's sum: only the digits of the sets of different digits that still fit.
    CageSum,
    /// A sum of the rules (an arrow, a little killer, a cage, any sum a rule promises): a
    /// candidate goes when the other cells' least and greatest candidates cannot make up
    /// the rest of the target with it.
    SumOutOfReach,
    /// A sum of the rules: a candidate goes when no filling of the sum's cells from their
    /// candidates (different digits where cells share a unit) reaches the target with it.
    SumCombinations,
    /// The 45 rule: the cells a house's cages leave over (innies), or those its cages reach
    /// beyond it (outies), add up to what the house's total leaves them; only the candidates
    /// that some filling of that sum uses stay.
    InniesOuties,
    /// Every way left to meet a requirement of the rules (every option of an item of the
    /// exact cover) rules a candidate out: pointing and claiming are cases of it.
    Domination,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a complete unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a complete unit.
    HiddenTriple,
    /// A digit in two rows confined to two columns (or the reverse).
    XWing,
    /// A pivot `xy` and two pincers `xz`, `yz` that see it: `z` leaves the cells seeing both.
    XyWing,
    /// Two requirements of the rules (items of the exact cover) whose ways left lie on two
    /// lines that each take at most one (set logic, two base sets and two cover sets): the
    /// rest of the lines goes. Naked and hidden pairs and X-wings are cases of it.
    SetPair,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a complete unit.
    HiddenQuad,
    /// A digit in three rows confined to three columns (or the reverse).
    Swordfish,
    /// A pivot `xyz` and two pincers `xz`, `yz` that see it: `z` leaves the cells seeing all
    /// three.
    XyzWing,
    /// A digit in four rows confined to four columns (or the reverse).
    Jellyfish,
    /// Three requirements of the rules whose ways left lie on three lines that each take at
    /// most one: the rest of the lines goes. Naked and hidden triples and swordfish are cases
    /// of it.
    SetTriple,
    /// Two sums of the rules that share cells (a cage and a 45-rule sum, two arrows, ...):
    /// a candidate goes when no filling of both sums' cells reaches both targets with it.
    OverlappingSums,
    /// The 45 rule with lines: a sum of the rules (an arrow, a little killer diagonal, a
    /// region-sum line, a cage) less the totals of the houses it covers most of, a sum over
    /// fewer cells; a candidate goes when that sum's reach or fillings leave it out.
    HouseSums,
    /// The cages of a house together (killer cages wholly inside a row, column or box, and
    /// those crossing its edge): a candidate goes when no filling of the whole house, every
    /// digit once, meets every cage's sum with it.
    CageInteraction,
    /// A cell that the rules order against several cells of one house (a thermometer's
    /// later cell against earlier cells of other thermometers in a row, say): above `k` of
    /// them, it is above `k` different digits, so greater than the `k`-th smallest of their
    /// candidates together (below them, the same from the top).
    HouseOrdering,
    /// A digit in a cell that leaves some of its neighbours on the rules between two cells
    /// (a whisper, a dot, an XV mark, a thermometer) within one house fewer digits than
    /// cells: a German whisper's cell between two neighbours in one box is not 4, 5 or 6.
    SqueezedNeighbours,
    /// A candidate whose placement, followed by the only options it leaves for a few
    /// rounds, leaves a requirement of the rules with no way to be met.
    ContradictionChain,
    /// A contradiction chain whose rounds also keep the sums of the rules (arrows, little
    /// killers, cages, ...) within reach: a digit the other cells of a sum cannot make up to
    /// its total with goes, and a sum no digits left can reach ends the chain. Looked for only
    /// where no contradiction chain on the rules' options alone is found.
    SumChain,
    /// A contradiction chain longer than those tried before (more than 6 rounds of forced
    /// options, at most 12), looked for only where no shorter one is found.
    LongContradictionChain,
    /// A candidate whose placement, followed as a contradiction chain follows it, leaves a
    /// requirement of the rules two or three ways to be met, each of which breaks the rules
    /// when followed in turn. Looked for only where no contradiction chain is found.
    ContradictionNet,
    /// Not logic: a digit tried in a cell where logic stalled, taken from the solution that
    /// the exact-cover search found.
    Guess,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 35] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Forbidden,
        Technique::OnlyOption,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
        Technique::CageSum,
        Technique::SumOutOfReach,
        Technique::SumCombinations,
        Technique::InniesOuties,
        Technique::Domination,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::XyWing,
        Technique::SqueezedNeighbours,
        Technique::SetPair,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Swordfish,
        Technique::XyzWing,
        Technique::Jellyfish,
        Technique::SetTriple,
        Technique::OverlappingSums,
        Technique::HouseSums,
        Technique::CageInteraction,
        Technique::HouseOrdering,
        Technique::ContradictionChain,
        Technique::SumChain,
        Technique::LongContradictionChain,
        Technique::ContradictionNet,
        Technique::Guess,
    ];

    /// The name solvers use: `hidden single`, `X-wing`, ...
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Forbidden => "forbidden",
            Technique::OnlyOption => "only option",
            Technique::Domination => "domination",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LockedCandidates => "locked candidates",
            Technique::CageSum => "cage sum",
            Technique::InniesOuties => "innies and outies",
            Technique::SumOutOfReach => "sum out of reach",
            Technique::SumCombinations => "sum combinations",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::XyWing => "XY-wing",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::Swordfish => "swordfish",
            Technique::XyzWing => "XYZ-wing",
            Technique::Jellyfish => "jellyfish",
            Technique::SetPair => "set pair",
            Technique::SetTriple => "set triple",
            Technique::OverlappingSums => "overlapping sums",
            Technique::HouseSums => "45 rule with lines",
            Technique::CageInteraction => "cage interaction",
            Technique::HouseOrdering => "ordering across a house",
            Technique::SqueezedNeighbours => "squeezed neighbours",
            Technique::ContradictionChain => "contradiction chain",
            Technique::SumChain => "sum chain",
            Technique::LongContradictionChain => "long contradiction chain",
            Technique::ContradictionNet => "contradiction net",
            Technique::Guess => "guess",
        }
    }

    /// Whether the technique works on the exact-cover matrix (every rule alike) rather than
    /// on units and candidates.
    pub fn on_the_matrix(self) -> bool {
        matches!(
            self,
            Technique::Forbidden
                | Technique::OnlyOption
                | Technique::Domination
                | Technique::SetPair
                | Technique::SetTriple
                | Technique::ContradictionChain
                | Technique::SumChain
                | Technique::LongContradictionChain
                | Technique::ContradictionNet
        )
    }

    /// Whether the step's eliminations read cell by cell (`r1c2 <> 5, 7, 9; r1c3 <> 6`)
    /// rather than digit by digit: the techniques on the matrix, and those on a rule's sum.
    pub fn by_cell(self) -> bool {
        self.on_the_matrix()
            || matches!(
                self,
                Technique::SumOutOfReach
                    | Technique::SumCombinations
                    | Technique::OverlappingSums
                    | Technique::HouseSums
                    | Technique::CageInteraction
                    | Technique::HouseOrdering
                    | Technique::SqueezedNeighbours
            )
    }

    /// The grade a puzzle gets when this is the hardest technique it needs.
    pub fn level(self) -> Grade {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle | Technique::Forbidden => Grade::Easy,
            Technique::OnlyOption
            | Technique::Domination
            | Technique::Pointing
            | Technique::Claiming
            | Technique::LockedCandidates
            | Technique::CageSum
            | Technique::SumOutOfReach
            | Technique::SumCombinations
            | Technique::NakedPair
            | Technique::HiddenPair => Grade::Medium,
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::InniesOuties
            | Technique::XWing
            | Technique::XyWing
            | Technique::SetPair
            | Technique::OverlappingSums
            | Technique::HouseSums
            | Technique::CageInteraction
            | Technique::HouseOrdering
            | Technique::SqueezedNeighbours
            | Technique::ContradictionChain
            | Technique::SumChain => Grade::Hard,
            Technique::NakedQuad
            | Technique::HiddenQuad
            | Technique::Swordfish
            | Technique::XyzWing
            | Technique::Jellyfish
            | Technique::SetTriple
            | Technique::LongContradictionChain
            | Technique::ContradictionNet => Grade::Expert,
            Technique::Guess => Grade::NeedsSearch,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
