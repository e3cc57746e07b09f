import PatioData
import Testing

@Suite("Bound lists")
struct BoundListTests {
    @Test("slices keep every value once, in order, none longer than the size", arguments: [0, 1, 499, 500, 501, 1_000, 1_234])
    func slicesCoverTheList(count: Int) {
        let values = Array(0..<count)
        let slices = BoundList.slices(values)
        #expect(slices.flatMap { $0 } == values)
        #expect(slices.allSatisfy { !$0.isEmpty && $0.count <= 500 })
        #expect(slices.count == (count + 499) / 500)
    }

    @Test("a size below one still makes progress, one value per slice")
    func degenerateSize() {
        #expect(BoundList.slices([1, 2, 3], size: 0) == [[1], [2], [3]])
        #expect(BoundList.slices([1, 2, 3], size: 2) == [[1, 2], [3]])
    }
}
