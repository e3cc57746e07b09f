import Foundation
import PatioCore
import SAESConnector

/// Course availability searched live on the student's own SAES, with their session: SAES's own filter lists
/// (a career change changes the plans) and the groups it lists. Nothing is stored.
struct SAESAvailabilityService: Sendable {
    let sessions: SAESSessions
    let connector: SAESConnector
    let throttle: SAESThrottle

    /// What the student filters by; nil leaves SAES's own choice.
    struct Query: Sendable {
        var career: String?
        var plan: String?
        var shift: String?
        var semester: String?
        /// `current` or `next`.
        var period: String?
    }

    /// The filters by the names the API uses, each with SAES's list it posts back to.
    static let filters: [(name: String, filter: SAESAvailability.Filter)] = [
        ("career", .career), ("plan", .plan), ("shift", .shift), ("semester", .periods),
    ]

    /// Without any filter, SAES's filter lists only; with one, SAES's search. Throws 422 for a value none of
    /// SAES's lists offer (a plan is checked once the career's plans are known), 404 without a link, 409
    /// when SAES ended the session, 503 when SAES is down.
    func search(accountID: UUID, _ query: Query) async throws -> SAESAvailabilityView {
        let period = query.period ?? "current"
        guard period == "current" || period == "next" else {
            throw AppError.validation(field: "period", "Choose current or next.", code: "unknown_option")
        }
        let asked: [(name: String, filter: SAESAvailability.Filter, value: String)] = Self.filters.compactMap { name, filter in
            let value = Self.value(of: name, in: query)?.trimmingCharacters(in: .whitespaces) ?? ""
            return value.isEmpty ? nil : (name, filter, value)
        }
        for entry in asked where entry.value.count > 40 {
            throw AppError.validation(field: entry.name, "That is not one of SAES's options.", code: "unknown_option")
        }
        let session = try await sessions.open(accountID: accountID)
        return try await throttle.run(accountID: accountID, portal: session.portal) {
            try await search(session, asked: asked, period: period, accountID: accountID)
        }
    }

    private func search(
        _ opened: SAESSessions.Opened, asked: [(name: String, filter: SAESAvailability.Filter, value: String)],
        period: String, accountID: UUID
    ) async throws -> SAESAvailabilityView {
        var session = opened
        do {
            let first = try await connector.availability(portal: session.portal, cookies: &session.cookies)
            guard let page = first.value else { throw SAESError.unexpected(first.problems.first ?? "course availability") }
            // The plans depend on the career, so only the other lists can be checked before posting.
            for entry in asked where entry.filter != .plan && !page.options(entry.filter).contains(where: { $0.value == entry.value }) {
                throw AppError.validation(field: entry.name, "That is not one of SAES's options.", code: "unknown_option")
            }
            guard !asked.isEmpty else { return Self.view(page, period: period, searched: false, problems: first.problems) }
            let filters = Dictionary(asked.map { ($0.filter, $0.value) }, uniquingKeysWith: { first, _ in first })
            let searched = try await connector.availability(
                portal: session.portal, cookies: &session.cookies,
                filters: filters, nextPeriod: period == "next")
            guard let result = searched.value else { throw SAESError.unexpected(searched.problems.first ?? "course availability") }
            var problems = searched.problems
            if let plan = filters[.plan], result.selected(.plan) != plan {
                problems.append("SAES does not offer that plan for this career; it shows \(result.selected(.plan) ?? "none").")
            }
            return Self.view(result, period: period, searched: true, problems: problems)
        } catch let error as SAESError {
            throw try await sessions.failure(error, accountID: accountID)
        }
    }

    private static func value(of name: String, in query: Query) -> String? {
        switch name {
        case "career": return query.career
        case "plan": return query.plan
        case "shift": return query.shift
        default: return query.semester
        }
    }

    private static func view(_ page: SAESAvailability, period: String, searched: Bool, problems: [String]) -> SAESAvailabilityView {
        SAESAvailabilityView(
            filters: filters.map { name, filter in
                SAESAvailabilityView.Filter(
                    name: name,
                    options: page.options(filter).map {
                        .init(value: $0.value, label: $0.label, selected: $0.value == page.selected(filter))
                    })
            },
            period: period, searched: searched, groups: page.groups, problems: problems
        )
    }
}

extension SAESAvailabilityService.Query {
    /// Read by parameter name (`career`, `plan`, `shift`, `semester`, `period`); empty values are absent.
    init(_ parameter: (String) -> String?) {
        func value(_ name: String) -> String? { parameter(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(career: value("career"), plan: value("plan"), shift: value("shift"), semester: value("semester"), period: value("period"))
    }
}
