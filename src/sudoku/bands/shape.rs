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

    /// The transposed shape: `cols x rows` boxes. Transposing a grid maps the grids of one
    /// shape to those of the other, one to one: they have the same count.
    pub fn transposed(&self) -> Shape {
        Shape {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// The shape a count by bands goes through: this one, or its transpose when that has fewer
    /// top bands to enumerate (the part of the count that one thread does before the classes
    /// are shared out): 4x2 boxes are counted as 2x4 (105 top bands instead of 7,770), 3x2 as
    /// 2x3. Square boxes stay.
    pub fn oriented(&self) -> Shape {
        let flipped = self.transposed();
        if flipped.top_bands() < self.top_bands() {
            flipped
        } else {
            *self
        }
    }

    /// The top bands a count by bands enumerates: the multisets of `rows - 1` partitions of
    /// the digits into blocks of `rows` (saturating).
    pub fn top_bands(&self) -> u64 {
        let (n, r) = (self.size() as u64, self.rows as u64);
        // Partitions of n digits into n / r blocks of r: n! / ((r!)^(n/r) (n/r)!), as the
        // product over the blocks of C(left - 1, r - 1).
        let choose =
            |a: u64, b: u64| (0..b).fold(1u64, |acc, i| acc.saturating_mul(a - i) / (i + 1));
        let mut partitions = 1u64;
        let mut left = n;
        while left > 0 {
            partitions = partitions.saturating_mul(choose(left - 1, r - 1));
            left -= r;
        }
        (0..r - 1).fold(1u64, |acc, i| {
            acc.saturating_mul(partitions.saturating_add(i)) / (i + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quicker_orientation_has_fewer_top_bands() {
        let shape = |rows, cols| Shape { rows, cols };
        assert_eq!(shape(3, 3).top_bands(), 39_340);
        assert_eq!(shape(2, 4).top_bands(), 105);
        assert_eq!(shape(4, 2).top_bands(), 7_770);
        assert_eq!(shape(3, 2).top_bands(), 55);
        assert_eq!(shape(2, 3).top_bands(), 15);
        assert_eq!(shape(4, 2).oriented(), shape(2, 4));
        assert_eq!(shape(2, 4).oriented(), shape(2, 4));
        assert_eq!(shape(3, 2).oriented(), shape(2, 3));
        assert_eq!(shape(5, 2).oriented(), shape(2, 5));
        assert_eq!(shape(3, 3).oriented(), shape(3, 3));
    }
}
