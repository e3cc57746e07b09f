import Foundation
import Testing
@testable import SVGChart

@Suite("Nice scale")
struct NiceScaleTests {
    @Test("a largest value of 0 gives the axis 0…1 so nothing divides by zero")
    func zero() {
        let scale = NiceScale(covering: 0)
        #expect(scale.maximum == 1)
        #expect(scale.ticks.count >= 4)
        #expect(scale.ticks.first == 0)
        #expect(scale.ticks.last == 1)
    }

    @Test("7 rounds up to 10 with a gridline every 2")
    func seven() {
        let scale = NiceScale(covering: 7)
        #expect(scale.maximum == 10)
        #expect(scale.ticks == [0, 2, 4, 6, 8, 10])
    }

    @Test("1234 rounds up to 2000 with a gridline every 500")
    func twelveHundred() {
        let scale = NiceScale(covering: 1234)
        #expect(scale.maximum == 2000)
        #expect(scale.ticks == [0, 500, 1000, 1500, 2000])
    }

    @Test(
        "the maximum is the smallest of 1, 2, 2.5, 5 × 10ⁿ at or above the value",
        arguments: [
            (1.0, 1.0), (1.5, 2.0), (2.0, 2.0), (2.1, 2.5), (2.5, 2.5), (3.0, 5.0),
            (5.0, 5.0), (5.01, 10.0), (0.3, 0.5), (0.2, 0.2), (99.0, 100.0), (250.0, 250.0), (251.0, 500.0),
        ])
    func mantissas(value: Double, expected: Double) {
        #expect(abs(NiceScale(covering: value).maximum - expected) < expected * 1e-12)
    }

    @Test("any positive value gets a nice maximum ≥ value, under 2.5× it, with 4–5 intervals")
    func invariants() {
        var value = 0.0137
        while value < 1e9 {
            let scale = NiceScale(covering: value)
            #expect(scale.maximum >= value)
            #expect(scale.maximum < value * 2.5)
            #expect((4...5).contains(scale.intervalCount))
            let exponent = (log10(scale.maximum)).rounded(.down)
            let mantissa = scale.maximum / pow(10, exponent)
            #expect([1, 2, 2.5, 5].contains { abs($0 - mantissa) < 1e-9 }, "mantissa \(mantissa) for \(value)")
            #expect(abs(scale.ticks.last! - scale.maximum) < scale.maximum * 1e-9)
            value *= 1.37
        }
    }

    @Test("negative, NaN and infinite maxima fall back to 0…1")
    func badInput() {
        for value in [-5.0, .nan, .infinity, -.infinity] {
            #expect(NiceScale(covering: value).maximum == 1)
        }
    }

    @Test("fraction clamps to the axis")
    func fractionClamps() {
        let scale = NiceScale(covering: 10)
        #expect(scale.fraction(of: -3) == 0)
        #expect(scale.fraction(of: 5) == 0.5)
        #expect(scale.fraction(of: 50) == 1)
        #expect(scale.fraction(of: .nan) == 0)
    }
}
