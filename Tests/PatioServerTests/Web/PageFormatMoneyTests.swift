import PatioCore
import PatioTestSupport
import PatioWeb
import Testing

@Suite("Page money: one way to write amounts for every module, and to read them back")
struct PageFormatMoneyTests {
    private let nbsp = PageFormat.nbsp

    @Test("the most negative and most positive amounts are written, not a stopped process")
    func extremes() {
        #expect(PageFormat.money(Int.min, currency: "MXN", locale: .en) == "−$92,233,720,368,547,758.08\(nbsp)MXN")
        #expect(PageFormat.money(Int.max, currency: "EUR", locale: .es) == "€92,233,720,368,547,758.07")
        #expect(PageFormat.money(Int.min, currency: "XYZ", locale: .es) == "−92,233,720,368,547,758.08\(nbsp)XYZ")
        #expect(PageFormat.money(whole: Int.min, currency: "COP", locale: .es) == "−$\(nbsp)9.223.372.036.854.775.808")
        #expect(PageFormat.money(whole: Int.max, currency: "COP", locale: .en) == "$9,223,372,036,854,775,807\(nbsp)COP")
    }

    @Test("Colombian pesos on a Spanish page are written as in Colombia: $ 250.000, dots between thousands, no cents")
    func colombianPesosInSpanish() {
        #expect(PageFormat.money(whole: 250_000, currency: "COP", locale: .es) == "$\(nbsp)250.000")
        #expect(PageFormat.money(whole: 150_000, currency: "COP", locale: .es) == "$\(nbsp)150.000")
        #expect(PageFormat.money(whole: 1_200_000, currency: "COP", locale: .es) == "$\(nbsp)1.200.000")
        #expect(PageFormat.money(whole: 4_500, currency: "COP", locale: .es) == "$\(nbsp)4.500")
        #expect(PageFormat.money(whole: 50, currency: "COP", locale: .es) == "$\(nbsp)50")
        #expect(PageFormat.money(whole: 0, currency: "COP", locale: .es) == "$\(nbsp)0")
        #expect(PageFormat.money(whole: -4_500, currency: "COP", locale: .es) == "−$\(nbsp)4.500")
        // In minor units (a payment in pesos): the same, and centavos only when there are some.
        #expect(PageFormat.money(25_000_000, currency: "COP", locale: .es) == "$\(nbsp)250.000")
        #expect(PageFormat.money(123_450, currency: "COP", locale: .es) == "$\(nbsp)1.234,50")
    }

    @Test("Colombian pesos on an English page are $250,000 COP; Mexican pesos and other currencies keep their cents")
    func otherReaders() {
        #expect(PageFormat.money(whole: 250_000, currency: "COP", locale: .en) == "$250,000\(nbsp)COP")
        #expect(PageFormat.money(123_450, currency: "COP", locale: .en) == "$1,234.50\(nbsp)COP")
        #expect(PageFormat.money(whole: 3_577, currency: "MXN", locale: .es) == "$3,577.00\(nbsp)MXN")
        #expect(PageFormat.money(357_700, currency: "MXN", locale: .es) == "$3,577.00\(nbsp)MXN")
        #expect(PageFormat.money(5_000, currency: "PEN", locale: .es) == "S/\(nbsp)50.00")
        #expect(PageFormat.money(-1_200, currency: "EUR", locale: .en) == "−€12.00")
    }

    @Test("whole pesos are read as Colombians type them: 150000, 150.000 and $ 150.000 are the same 150000 pesos")
    func typedPesos() {
        for typed in ["150000", "150.000", "$ 150.000", "$150.000", " 150.000 ", "150.000 COP", "$\(nbsp)150.000", "150.000,00", "150.000,0"] {
            #expect(PageFormat.wholeAmount(typed, currency: "COP", locale: .es) == 150_000, "\(typed)")
        }
        #expect(PageFormat.wholeAmount("1.200.000", currency: "COP", locale: .es) == 1_200_000)
        #expect(PageFormat.wholeAmount("0", currency: "COP", locale: .es) == 0)
        #expect(PageFormat.wholeAmount("-4.500", currency: "COP", locale: .es) == -4_500)
        #expect(PageFormat.wholeAmount("150,000", currency: "COP", locale: .en) == 150_000)
        #expect(PageFormat.wholeAmount("$150,000 COP", currency: "COP", locale: .en) == 150_000)
    }

    @Test("cents, groups that are not three digits, the other language's marks and words are not amounts")
    func notAmounts() {
        let spanish = [
            "150,50", "150,000", "1.50", "15.0000", "150.", ".150", ",50", "", "$", "COP", "abc", "1.2.3", "150 000", "١٥٠", "1e5",
            "99999999999999999999", "9.223.372.036.854.775.808", "--5", "+5", "150.000,505", "0x10", "5$",
        ]
        for typed in spanish { #expect(PageFormat.wholeAmount(typed, currency: "COP", locale: .es) == nil, "\(typed)") }
        for typed in ["150.000", "150.50", "1,50", "150,000.5"] {
            #expect(PageFormat.wholeAmount(typed, currency: "COP", locale: .en) == nil, "\(typed)")
        }
        #expect(PageFormat.wholeAmount("-9.223.372.036.854.775.808", currency: "COP", locale: .es) == Int.min)
    }

    @Test("any amount (0, negatives, the ends of Int, random ones) in any currency and language is written without stopping and reads back to itself")
    func writtenAmountsReadBack() {
        var random = SeededRandom(seed: 20_261_123)
        var amounts = [0, 1, -1, 5, 99, 100, -100, 999, 1_000, Int.max, Int.min, Int.max - 1, Int.min + 1, Int.max / 100, Int.min / 100]
        for _ in 0..<400 {
            amounts.append(Int(truncatingIfNeeded: random.next()))
            amounts.append(random.below(200_000_000) - 100_000_000)
        }
        for amount in amounts {
            for currency in ["COP", "MXN", "USD", "PEN", "EUR", "ZAR", "XYZ"] {
                for locale in PatioLocale.allCases {
                    let minor = PageFormat.money(amount, currency: currency, locale: locale)
                    #expect(PageFormat.minorAmount(minor, currency: currency, locale: locale) == amount, "\(minor)")
                    let whole = PageFormat.money(whole: amount, currency: currency, locale: locale)
                    #expect(PageFormat.wholeAmount(whole, currency: currency, locale: locale) == amount, "\(whole)")
                }
            }
        }
    }

    @Test("hostile text typed as an amount gives an amount or nothing, never a stopped process")
    func hostileText() {
        var fuzz = FuzzInputs(seed: 7)
        for text in fuzz.strings(400) + fuzz.mutations(of: "$ 1.234.567", 400) {
            for locale in PatioLocale.allCases {
                _ = PageFormat.wholeAmount(text, currency: "COP", locale: locale)
                _ = PageFormat.minorAmount(text, currency: "MXN", locale: locale)
            }
        }
    }
}
