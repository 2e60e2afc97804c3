/// Minimum-cost assignment of new contacts to previous ones (the Hungarian method), as mtdev
/// pairs the contacts of a protocol A report with the previous report's.
///
/// Why this and not something simpler: mtdev itself solves the same problem exactly (a
/// Hungarian method over the squared distances), so an exact solver gives the same pairs as
/// live libinput for any input without ties. A greedy "closest pair first" can differ: with
/// three fingers, the globally cheapest pairing may need one finger to take its second-closest
/// partner. Trying every permutation is exact too, but 10! orders are too many per report.
/// This runs in O(n²·m) for n ≤ m, with n, m ≤ `capacity`.
///
/// All buffers are allocated once, at `init`; `solve` allocates nothing.
struct ContactAssignment: Sendable {
    /// The most rows and columns a problem may have.
    let capacity: Int
    /// Row-major costs, `rows × cols`, filled by the caller through `setCost`.
    private var cost: [Int]
    private var rowPotential: [Int]
    private var colPotential: [Int]
    /// For each column (1-based, 0 is the virtual start), the row it is assigned to (1-based, 0 = none).
    private var colOwner: [Int]
    private var way: [Int]
    private var minSlack: [Int]
    private var visited: [Bool]
    /// The answer: for each row, its column, or -1 if unassigned.
    private(set) var rowToCol: [Int]
    private var rows = 0
    private var cols = 0

    init(capacity: Int) {
        self.capacity = capacity
        cost = [Int](repeating: 0, count: capacity * capacity)
        rowPotential = [Int](repeating: 0, count: capacity + 1)
        colPotential = [Int](repeating: 0, count: capacity + 1)
        colOwner = [Int](repeating: 0, count: capacity + 1)
        way = [Int](repeating: 0, count: capacity + 1)
        minSlack = [Int](repeating: 0, count: capacity + 1)
        visited = [Bool](repeating: false, count: capacity + 1)
        rowToCol = [Int](repeating: -1, count: capacity)
    }

    /// Starts a problem of `rows × cols` (each at most `capacity`).
    mutating func reset(rows: Int, cols: Int) {
        precondition(rows <= capacity && cols <= capacity)
        self.rows = rows; self.cols = cols
    }

    /// The cost of giving `row` the column `col`.
    mutating func setCost(row: Int, col: Int, _ value: Int) { cost[row * capacity + col] = value }

    /// Assigns min(rows, cols) pairs so that their summed cost is least; `rowToCol` holds them.
    mutating func solve() {
        for r in 0..<rows { rowToCol[r] = -1 }
        guard rows > 0, cols > 0 else { return }
        // The method below needs no more rows than columns: solve the transpose otherwise.
        let transposed = rows > cols
        let n = transposed ? cols : rows, m = transposed ? rows : cols
        func c(_ i: Int, _ j: Int) -> Int {   // 1-based
            transposed ? cost[(j - 1) * capacity + (i - 1)] : cost[(i - 1) * capacity + (j - 1)]
        }
        for k in 0...m { colPotential[k] = 0; colOwner[k] = 0; way[k] = 0 }
        for k in 0...n { rowPotential[k] = 0 }
        for i in 1...n {
            // Grow an alternating tree from row i until it reaches a free column, keeping the
            // potentials feasible (reduced costs never negative).
            colOwner[0] = i
            var col = 0
            for k in 0...m { minSlack[k] = Int.max; visited[k] = false }
            repeat {
                visited[col] = true
                let row = colOwner[col]
                var delta = Int.max, next = 0
                for j in 1...m where !visited[j] {
                    let slack = c(row, j) - rowPotential[row] - colPotential[j]
                    if slack < minSlack[j] { minSlack[j] = slack; way[j] = col }
                    if minSlack[j] < delta { delta = minSlack[j]; next = j }
                }
                for j in 0...m {
                    if visited[j] {
                        rowPotential[colOwner[j]] += delta
                        colPotential[j] -= delta
                    } else {
                        minSlack[j] -= delta
                    }
                }
                col = next
            } while colOwner[col] != 0
            // Flip the path back to the start: every column on it takes its predecessor's row.
            repeat {
                let previous = way[col]
                colOwner[col] = colOwner[previous]
                col = previous
            } while col != 0
        }
        for j in 1...m where colOwner[j] != 0 {
            if transposed { rowToCol[j - 1] = colOwner[j] - 1 } else { rowToCol[colOwner[j] - 1] = j - 1 }
        }
    }
}
