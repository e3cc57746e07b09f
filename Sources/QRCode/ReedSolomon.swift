/// Arithmetic in GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1, and Reed–Solomon remainders.
enum ReedSolomon {
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result = 0, x = Int(a)
        var y = Int(b)
        while y > 0 {
            if y & 1 != 0 { result ^= x }
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
            y >>= 1
        }
        return UInt8(result)
    }

    /// Coefficients (highest degree first, leading 1 omitted) of ∏ (x − αⁱ) for i < degree.
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords of `data`: the remainder of data·x^degree divided by the generator.
    static func remainder(_ data: [UInt8], degree: Int) -> [UInt8] {
        let divisor = generator(degree: degree)
        var result = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<degree { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
