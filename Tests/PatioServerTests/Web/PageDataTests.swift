import Foundation
import Mustache
import PatioCore
import PatioWeb
import PatioPlatform
import PatioModules
import PatioServer
import Testing

@Suite("Page data and formats")
struct PageDataTests {
    static let template = try! MustacheTemplate(
        string: """
            {{#capacity}}Cupo {{capacity}}{{/capacity}}{{^capacity}}Sin cupo{{/capacity}}|\
            {{#next}}<a href="?cursor={{next}}">Página siguiente</a>{{/next}}|\
            {{#rows}}[{{amount}}{{#refunded}} −{{refunded}}{{/refunded}}]{{/rows}}
            """)
    static var data: [String: Any] {
        [
            "capacity": Int?.none as Any, "next": String?.none as Any, "refunded": "S/ 5.00",
            "rows": [["amount": "S/ 20.00", "refunded": ""], ["amount": "S/ 30.00", "refunded": Optional("S/ 1.00") as Any]],
        ]
    }

    @Test(
        "Mustache alone prints an absent optional as nil; cleaned page data prints nothing and closes its sections, without borrowing an outer value")
    func absentValues() {
        let raw = Self.template.render(Self.data)
        #expect(raw.contains("Cupo nil") && raw.contains("cursor=nil"))
        #expect(!PageChecker.problems(in: raw).isEmpty)
        let cleaned = Self.template.render(PageData.clean(Self.data))
        #expect(cleaned == "Sin cupo||[S/ 20.00][S/ 30.00 −S/ 1.00]")
        #expect(PageChecker.problems(in: cleaned).isEmpty)
    }

    @Test("money and dates are written the reader's way in Spanish and English")
    func formats() {
        let nbsp = "\u{00A0}"
        #expect(PageFormat.money(357_700, currency: "MXN", locale: .es) == "$3,577.00\(nbsp)MXN")
        #expect(PageFormat.money(357_700, currency: "MXN", locale: .en) == "$3,577.00\(nbsp)MXN")
        #expect(PageFormat.money(5_000, currency: "PEN", locale: .es) == "S/\(nbsp)50.00")
        #expect(PageFormat.money(-1_200, currency: "EUR", locale: .en) == "−€12.00")
        #expect(PageFormat.money(123_456_789, currency: "COP", locale: .es) == "$\(nbsp)1.234.567,89")
        #expect(PageFormat.money(123_456_700, currency: "COP", locale: .en) == "$1,234,567\(nbsp)COP")
        #expect(PageFormat.money(100, currency: "XYZ", locale: .es) == "1.00\(nbsp)XYZ")
        let today = LocalDate("2026-11-23")!
        #expect(PageFormat.date(today, locale: .es, today: today) == "lun 23 nov")
        #expect(PageFormat.date(today, locale: .en, today: today) == "Mon, Nov 23")
        #expect(PageFormat.date(LocalDate("2027-01-22")!, locale: .es, today: today) == "vie 22 ene 2027")
        #expect(PageFormat.date(LocalDate("2027-01-22")!, locale: .en, today: today) == "Fri, Jan 22, 2027")
        #expect(PageFormat.date("not a day", locale: .es) == "not a day")
        #expect(PageFormat.month("2026-11", locale: .es) == "nov 2026" && PageFormat.month("2026-11", locale: .en) == "Nov 2026")
        #expect(PageFormat.shortDate("2026-11-23", locale: .es) == "23 nov" && PageFormat.shortDate("2026-11-23", locale: .en) == "Nov 23")
        let instant = ISO8601DateFormatter().date(from: "2026-11-24T01:05:00Z")!
        let lima = TimeZone(identifier: "America/Lima")!
        #expect(PageFormat.time(instant, in: lima) == "20:05")
        #expect(PageFormat.dateTime(instant, in: lima, locale: .es) == "lun 23 nov, 20:05")
        #expect(PageFormat.dateTime(instant, in: lima, locale: .en) == "Mon, Nov 23, 20:05")
        #expect(PageFormat.change(-0.404, locale: .en) == "−40.4%")
    }

    @Test("dates written from many requests at once, each in its own language and zone, are each written as alone")
    func datesAtOnce() async {
        let instant = ISO8601DateFormatter().date(from: "2026-11-24T01:05:00Z")!
        let cases: [(PatioLocale, String, String)] = [
            (.es, "America/Lima", "lun 23 nov, 20:05"), (.en, "America/Lima", "Mon, Nov 23, 20:05"),
            (.es, "America/Mexico_City", "lun 23 nov, 19:05"), (.en, "Asia/Tokyo", "Tue, Nov 24, 10:05"),
        ]
        let wrong = await withTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                let (locale, zone, expected) = cases[index % cases.count]
                group.addTask {
                    (0..<50).filter { _ in PageFormat.dateTime(instant, in: TimeZone(identifier: zone)!, locale: locale) != expected }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test("roles are named as each module names them, with its app where every app's roles are listed; an unknown id shows as it is")
    func roleNames() throws {
        let names = try ModuleRegistry(available: availableModules, enabled: nil).roleNames
        #expect(names.name("academy.student", locale: .es) == "Estudiante")
        #expect(names.fullName("onboarding.admin", locale: .en) == "Onboarding: people team")
        #expect(names.fullName("courier.agent", locale: .es) == "Mensajería: mensajero")
        #expect(names.name("admin", locale: .es) == "Administración de Patio")
        #expect(names.name("something.new", locale: .es) == "something.new")
        // A module that is switched off names nothing.
        let courierOnly = try ModuleRegistry(available: availableModules, enabled: ["courier"]).roleNames
        #expect(courierOnly.name("academy.student", locale: .es) == "academy.student")
        for module in availableModules {
            for role in module.roles {
                for locale in PatioLocale.allCases {
                    #expect(names.name(role.id, locale: locale) != role.id, "\(role.id) has no \(locale) name")
                }
            }
        }
    }
}
