import PatioWeb
import Testing

@Suite("Page money at the limits")
struct PageFormatMoneyTests {
    @Test("the most negative and most positive amounts are written, not a stopped process")
    func extremes() {
        let nbsp = "\u{00A0}"
        #expect(PageFormat.money(Int.min, currency: "MXN", locale: .en) == "−$92,233,720,368,547,758.08\(nbsp)MXN")
        #expect(PageFormat.money(Int.max, currency: "EUR", locale: .es) == "€92,233,720,368,547,758.07")
        #expect(PageFormat.money(Int.min, currency: "XYZ", locale: .es) == "−92,233,720,368,547,758.08\(nbsp)XYZ")
    }
}
