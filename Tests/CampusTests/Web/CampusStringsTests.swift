import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Campus

@Suite("Campus words: every word a page asks for exists in Spanish and in English")
struct CampusStringsTests {
    private static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/Campus/Web")
        .standardized

    /// `{{t.cam_…}}` in the templates and `"cam_…"` literals in the page code (interpolated prefixes are the
    /// dynamic keys below).
    private func staticKeys() throws -> Set<String> {
        var keys: Set<String> = []
        let templates = Self.web.appendingPathComponent("Resources/templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: templates.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: /t\.(cam_[a-z0-9_]+)\}\}/) { keys.insert(String(match.1)) }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.web.path) where name.hasSuffix(".swift") && name != "CampusStrings.swift"
        {
            let text = try String(contentsOf: Self.web.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: /"(cam_[a-z0-9_]+)"/) { keys.insert(String(match.1)) }
        }
        return keys
    }

    /// The keys pages build from a value: one per post kind, category, status, periodicity, benefit, event kind, day,
    /// personal-data field and SAES state.
    private var dynamicKeys: Set<String> {
        var keys: Set<String> = []
        keys.formUnion(ContentService.categories.map { "cam_cat_\($0)" })
        keys.formUnion(ContentService.postKinds.map { "cam_kind_\($0)" })
        keys.formUnion(ContentService.scholarshipStatuses.map { "cam_status_\($0)" })
        keys.formUnion(ContentService.periodicities.map { "cam_every_\($0)" })
        keys.formUnion(ContentService.benefitTypes.map { "cam_benefit_\($0)" })
        keys.formUnion(RecordService.eventKinds.map { "cam_event_\($0)" })
        keys.formUnion((1...7).map { "cam_day_\($0)" })
        keys.formUnion((1...7).map { "cam_day_short_\($0)" })
        keys.formUnion(PersonalData().fields.map { "cam_f_\($0.group).\($0.name)" })
        keys.formUnion(["pending", "linked", "evaluation_required", "session_ended"].map { "cam_saes_status_\($0)" })
        keys.formUnion(["current", "partial", "unreadable", "failed"].map { "cam_saes_page_status_\($0)" })
        keys.formUnion(["grades", "schedule", "kardex", "personal_data", "credits"].map { "cam_saes_page_\($0)" })
        keys.formUnion(["career", "plan", "shift", "semester"].map { "cam_saes_filter_\($0)" })
        return keys
    }

    @Test("the templates, the page code and every value shown by name have their words in both languages, and the two languages have the same words")
    func everyWordInBothLanguages() throws {
        let wanted = try staticKeys().union(dynamicKeys)
        // The scan finds what it should: the check below can fail.
        #expect(wanted.contains("cam_general_average") && wanted.contains("cam_from_saes") && wanted.count > 200)
        for (language, words) in [("es", CampusStrings.spanish), ("en", CampusStrings.english)] {
            let missing = wanted.filter { (words[$0] ?? "").isEmpty }.sorted()
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
        }
        #expect(Set(CampusStrings.spanish.keys).symmetricDifference(CampusStrings.english.keys).isEmpty)
    }
}

extension CampusServerSuites {
    @Suite("Campus pages in English")
    struct CampusEnglishPagesTests {
        @Test("a reader who picks English reads the student's pages in English, days and categories included")
        func english() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                ana.cookies["patio_lang"] = "en"
                let english: HTTPFields = [:]
                let grades = String(buffer: try await ana.get("/campus/grades", headers: english).body)
                #expect(grades.contains("General average") && grades.contains("pending") && !grades.contains("Promedio general"))
                let schedule = String(buffer: try await ana.get("/campus/schedule", headers: english).body)
                #expect(schedule.contains("Saturday") && !schedule.contains("Sábado"))
                let home = String(buffer: try await ana.get("/campus", headers: english).body)
                #expect(home.contains("1 urgent") && home.contains("Urgent") && !home.contains("Tus próximas clases"))
                // With the account's own language (Spanish), the same page is Spanish: the check above can fail.
                ana.cookies["patio_lang"] = nil
                #expect(String(buffer: try await ana.get("/campus/grades").body).contains("Promedio general"))
            }
        }
    }
}
