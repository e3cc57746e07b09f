/// The eight mask patterns and the four penalty rules used to choose between them.
enum Masking {
    static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    private static let finderLike: [[Bool]] = [
        [true, false, true, true, true, false, true, false, false, false, false],
        [false, false, false, false, true, false, true, true, true, false, true],
    ]

    /// Lower is better: long runs, 2×2 blocks, finder look-alikes and an unbalanced dark share all cost.
    static func penalty(of matrix: ModuleMatrix) -> Int {
        let size = matrix.size
        var score = 0
        for line in 0..<size {
            let row = (0..<size).map { matrix[$0, line] }
            let column = (0..<size).map { matrix[line, $0] }
            for modules in [row, column] {
                score += runPenalty(modules)
                score += finderPenalty(modules)
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = matrix[x, y]
                if colour == matrix[x + 1, y] && colour == matrix[x, y + 1] && colour == matrix[x + 1, y + 1] { score += 3 }
            }
        }
        let dark = matrix.modules.filter { $0 }.count
        let total = size * size
        let steps = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        score += max(0, steps) * 10
        return score
    }

    private static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0, run = 1
        for index in 1..<line.count {
            if line[index] == line[index - 1] {
                run += 1
            } else {
                if run >= 5 { score += run - 2 }
                run = 1
            }
        }
        if run >= 5 { score += run - 2 }
        return score
    }

    private static func finderPenalty(_ line: [Bool]) -> Int {
        guard line.count >= 11 else { return 0 }
        var score = 0
        for start in 0...(line.count - 11) {
            let window = Array(line[start..<(start + 11)])
            if finderLike.contains(window) { score += 40 }
        }
        return score
    }
}
