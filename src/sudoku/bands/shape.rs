//! The box shape a count by bands works on.

/// The box shape of plain rules: `rows` rows and `cols` columns per box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Rows of a box: the rows of a band, and the number of stacks.
    pub rows: usize,
    /// Columns of a box: the columns of a stack, and the number of bands.
    pub cols: usize,
}

impl Shape {
    /// Digits: `rows * cols`.
    pub fn size(&self) -> usize {
        self.rows * self.cols
    }
}
