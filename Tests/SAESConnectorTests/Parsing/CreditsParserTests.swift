import Foundation
import SAESConnector
import Testing

@Suite("Credits and the re-enrolment appointment: Lbl_CreditosAlcanzados, Lbl_CreditosCarrera, Lbl_Cita")
struct CreditsParserTests {
    @Test("ctl00_ ids: credits with a decimal point or comma and the appointment as SAES words it")
    func classicPage() throws {
        let parsed = CreditsParser.parse(try Fixture.html("credits_ctl00"))
        #expect(parsed.value == SAESCredits(earned: "245.50", total: "392,00", appointment: "15/01/2027 10:00"))
        #expect(parsed.problems.isEmpty)
    }

    @Test("mainCopy_ ids: credits that are not a number are named and left out, not read as the number inside them; no appointment yet is nil")
    func notNumbers() throws {
        let parsed = CreditsParser.parse(try Fixture.html("credits_mainCopy"))
        let credits = try #require(parsed.value)
        #expect(credits.earned == nil && credits.total == nil && credits.appointment == nil)
        #expect(
            parsed.problems == [
                "The earned credits “Pendiente (1)” are not a number; they were left out.",
                "The total credits “inf” are not a number; they were left out.",
            ])
    }

    @Test("a count is digits with at most one decimal point or comma: signs, exponents, words and thousands separators are refused")
    func counts() {
        let page = { (earned: String) in
            """
            <html><body><span id=\"ctl00_mainCopy_Lbl_CreditosAlcanzados\">\(earned)</span><span \
            id=\"ctl00_mainCopy_Lbl_CreditosCarrera\">392</span></body></html>
            """
        }
        for good in ["0", "245", "245.5", "245.50", "245,50", " 172.50 "] {
            let parsed = CreditsParser.parse(page(good))
            #expect(parsed.isComplete && parsed.value?.earned == good.trimmingCharacters(in: .whitespaces), "\(good)")
        }
        for bad in ["-5", "1e3", "nan", "0x10", "245.", ".5", "1,245.50", "245.50.1", "10 créditos", "1234567", "245.5000"] {
            let parsed = CreditsParser.parse(page(bad))
            #expect(parsed.value?.earned == nil && parsed.problems.count == 1, "\(bad)")
            #expect(parsed.value?.total == "392", "\(bad)")
        }
    }

    @Test("a page without either credit label is unreadable, even with an appointment")
    func missing() throws {
        for name in ["empty_page", "maintenance", "kardex", "error"] {
            let missing = CreditsParser.parse(try Fixture.html(name))
            #expect(missing.value == nil, "\(name)")
            #expect(missing.problems.count == 1 && missing.problems[0].contains("Lbl_CreditosAlcanzados"), "\(name)")
        }
        #expect(CreditsParser.parse("<html><body><span id=\"mainCopy_Lbl_Cita\">15/01/2027</span></body></html>").value == nil)
    }
}
