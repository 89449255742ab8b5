//! Which rule instances a step used, as data: the `rules` of a JSON step (`explain --json`,
//! `hint --json`, Python's `Step.rules`), beside the words of its text.
//!
//! A step names the rules it went through in a person's words (`units`: `box 6`, `7 in box
//! 3`, `thermometer 2`, `r1c1, r1c2: white dot: differ by 1`). [`RuleIndex`] knows every name
//! the rule set can give (its units, with and without a digit, its rules between two cells,
//! and every instance of a family that owns items of the matrix) and what each stands for, so
//! that the names a step gives are read back into [`RuleRef`]s. Names that are no rule (a
//! cell's item `r4c5`, a sum's equation) are left out.

use std::collections::HashMap;

use crate::sudoku::rules::unit_index::UnitKind;

use super::matrix::What;
use super::state::State;
use super::step::Step;

/// One rule instance a step used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RuleRef {
    /// Its family: for a unit its kind (`row`, `column`, `box`, `region`, `diagonal`,
    /// `anti-diagonal`, `window`, `group`, `unit` (an extra unit), `cage`, or a line's kind such as
    /// `renban`); `pair` for a rule between two cells (a kropki dot, an XV mark, a chess
    /// move); otherwise the constraint family's name, as in the rule set's list (`thermometer`,
    /// `arrow`, `cage`, `littlekillersum`: the key of puzzle files).
    pub family: String,
    /// Its number among the family's instances, from 1, as its words count it; `None` when
    /// there is one or it has no number (the diagonals, a region named by a letter, a pair).
    pub instance: Option<usize>,
    /// How the steps name it: `box 6`, `thermometer 2`, `r1c1, r1c2: white dot: differ by 1`.
    pub words: String,
}

/// Every name a rule set's steps can give a rule, with what it stands for.
///
/// Invariant: `by_words` maps each name to the rule it stands for; a unit's name with a digit
/// (`7 in box 3`, the item "box 3 holds 7") maps to the unit.
#[derive(Debug, Clone, Default)]
pub struct RuleIndex {
    by_words: HashMap<String, RuleRef>,
}

impl RuleIndex {
    /// The names of the rules of `state`'s rule set.
    pub fn new(state: &State) -> RuleIndex {
        let rules = state.rules();
        let mut by_words = HashMap::new();
        for (u, unit) in rules.units().iter().enumerate() {
            let (family, instance) = match unit.kind {
                UnitKind::Row(k) => ("row", Some(k + 1)),
                UnitKind::Column(k) => ("column", Some(k + 1)),
                UnitKind::Box(k) => ("box", Some(k + 1)),
                UnitKind::Region(_) => ("region", None),
                UnitKind::Diagonal => ("diagonal", None),
                UnitKind::AntiDiagonal => ("anti-diagonal", None),
                UnitKind::Window(k) => ("window", Some(k + 1)),
                UnitKind::Group(k) => ("group", Some(k + 1)),
                UnitKind::Extra(k) => ("unit", Some(k + 1)),
                UnitKind::Cage(k) => ("cage", Some(k + 1)),
                UnitKind::Line(name, k) => (name, Some(k + 1)),
            };
            let rule = RuleRef {
                family: family.to_string(),
                instance,
                words: state.unit_name(u),
            };
            for d in 1..=rules.size() as u8 {
                by_words.insert(state.what_words(What::Unit(u, d)), rule.clone());
            }
            by_words.insert(rule.words.clone(), rule);
        }
        for k in 0..rules.pairs().len() {
            let words = state.what_words(What::Pair(k));
            let rule = RuleRef {
                family: "pair".to_string(),
                instance: None,
                words: words.clone(),
            };
            by_words.insert(words, rule);
        }
        let names = crate::sudoku::rules::Constraints::FAMILIES;
        let matrix = state.matrix.as_deref();
        let items = matrix.map(|m| m.whats.iter().chain(m.forbidden_by.values()));
        for &what in items.into_iter().flatten() {
            let What::Rule(family, instance) = what else {
                continue;
            };
            let words = state.what_words(what);
            let rule = RuleRef {
                family: names[family].to_string(),
                instance: instance.map(|k| k + 1),
                words: words.clone(),
            };
            by_words.insert(words, rule);
        }
        RuleIndex { by_words }
    }

    /// The rule instances `step` used, each once, in the order its text names them.
    pub fn rules_of(&self, step: &Step) -> Vec<RuleRef> {
        let mut found: Vec<RuleRef> = Vec::new();
        for name in &step.units {
            if let Some(rule) = self.by_words.get(name) {
                if !found.contains(rule) {
                    found.push(rule.clone());
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;
    use crate::sudoku::rules::Rules;

    #[test]
    fn a_classic_step_names_its_units() {
        let rules = Rules::classic();
        let puzzle = Grid::from_line(
            "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
        )
        .unwrap();
        let state = State::new(&rules, &puzzle).unwrap();
        let index = RuleIndex::new(&state);
        let step = state.next_step().unwrap();
        assert_eq!(step.units, ["box 2"]);
        assert_eq!(
            index.rules_of(&step),
            [RuleRef {
                family: "box".into(),
                instance: Some(2),
                words: "box 2".into()
            }]
        );
        // A digit in a unit stands for the unit; a name of no rule is left out.
        let mut named = step.clone();
        named.units = vec!["7 in row 4".into(), "r4c5".into(), "row 4".into()];
        let found = index.rules_of(&named);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].family.as_str(), found[0].instance),
            ("row", Some(4))
        );
    }
}
