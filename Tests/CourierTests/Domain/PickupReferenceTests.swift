import Testing
@testable import Courier

@Suite("A pickup's reference: R- and its number in at least six digits")
struct PickupReferenceTests {
    @Test("numbers are padded to six digits and longer ones are written whole")
    func padding() {
        #expect(PickupService.reference(1) == "R-000001")
        #expect(PickupService.reference(42) == "R-000042")
        #expect(PickupService.reference(999_999) == "R-999999")
        #expect(PickupService.reference(1_234_567) == "R-1234567")
        for number in [0, 7, 10, 123, 4_567, 89_012, 345_678, 9_012_345] {
            let reference = PickupService.reference(number)
            #expect(reference.hasPrefix("R-") && reference.count == 2 + max(6, String(number).count))
            #expect(Int(reference.dropFirst(2)) == number)
        }
    }
}
