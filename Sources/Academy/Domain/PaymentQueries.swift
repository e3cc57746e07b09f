import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import SQLKit

/// Which payments a list or export covers. Dates are days in the academy's time zone, both inclusive.
struct PaymentFilter: Sendable {
    var studentID: UUID?
    var locationID: UUID?
    var from: String?
    var to: String?

    /// Reads `studentId`, `locationId`, `from`, `to` from query parameters, rejecting malformed values.
    init(query: [String: String]) throws {
        var validator = Validator()
        if let text = query["studentId"], !text.isEmpty {
            studentID = UUID(uuidString: text)
            validator.check(studentID != nil, "studentId", "Not a student id.", code: "student_id_format")
        }
        if let text = query["locationId"], !text.isEmpty {
            locationID = UUID(uuidString: text)
            validator.check(locationID != nil, "locationId", "Not a sede id.", code: "location_id_format")
        }
        if let text = query["from"], !text.isEmpty {
            validator.check(LocalDate(text) != nil, "from", "Use yyyy-MM-dd.", code: "date_format")
            from = text
        }
        if let text = query["to"], !text.isEmpty {
            validator.check(LocalDate(text) != nil, "to", "Use yyyy-MM-dd.", code: "date_format")
            to = text
        }
        if let from, let to, LocalDate(from) != nil, LocalDate(to) != nil {
            validator.check(from <= to, "to", "The end date must not be before the start date.", code: "date_order")
        }
        try validator.validate()
    }

    init() {}

    func conditions(calendar: AcademyCalendar) -> [SQLQueryString] {
        var parts: [SQLQueryString] = []
        if let studentID { parts.append("p.student_id = \(bind: studentID)") }
        if let locationID { parts.append("p.location_id = \(bind: locationID)") }
        if let from, let start = calendar.instant(day: from, minute: 0) { parts.append("p.created_at >= \(bind: start)") }
        if let to, let end = calendar.instant(day: calendar.adding(days: 1, to: to), minute: 0) { parts.append("p.created_at < \(bind: end)") }
        return parts
    }
}

extension EnrolmentService {
    private struct PaymentRow: Decodable {
        let id: UUID, student_id: UUID, student_account_id: UUID, enrolment_id: UUID, schedule_id: UUID, class_name: String
        let location_id: UUID, location_name: String, pack_id: UUID?, pack_name: String?, amount: Int, currency: String
        let classes: Int, refunded_amount: Int, refunded_classes: Int, created_at: Date, dni: String

        func view(_ names: [UUID: DirectoryEntry]) -> PaymentView {
            PaymentView(
                id: id, studentId: student_id, studentName: names[student_account_id]?.name ?? "", enrolmentId: enrolment_id, scheduleId: schedule_id,
                className: class_name, locationId: location_id, locationName: location_name, packId: pack_id, packName: pack_name,
                amount: amount, currency: currency, classes: classes, refundedAmount: refunded_amount,
                refundedClasses: refunded_classes, createdAt: created_at)
        }
    }

    private static let paymentSelect: SQLQueryString = """
        SELECT p.id, p.student_id, st.account_id AS student_account_id, st.dni, p.enrolment_id, p.schedule_id, c.name AS class_name,
               p.location_id, l.name AS location_name, p.pack_id, k.name AS pack_name, p.amount, p.currency, p.classes, p.created_at,
               CAST(COALESCE((SELECT SUM(r.amount) FROM academy_refunds r WHERE r.payment_id = p.id), 0) AS BIGINT) AS refunded_amount,
               CAST(COALESCE((SELECT SUM(r.classes) FROM academy_refunds r WHERE r.payment_id = p.id), 0) AS BIGINT) AS refunded_classes
        FROM academy_payments p JOIN academy_students st ON st.id = p.student_id
        JOIN academy_schedules s ON s.id = p.schedule_id JOIN academy_classes c ON c.id = s.class_id
        JOIN academy_locations l ON l.id = p.location_id LEFT JOIN academy_packs k ON k.id = p.pack_id
        """

    func payment(_ id: UUID) async throws -> PaymentView {
        let sql = try database.reader.sql
        guard let row = try await sql.raw(Self.paymentSelect + " WHERE p.id = \(bind: id)").first(decoding: PaymentRow.self) else {
            throw AppError.notFound(code: "payment_not_found", "No payment has this id.")
        }
        return row.view(try await directory.entries([row.student_account_id]))
    }

    /// Newest first, paged, with totals over everything the filter matches.
    func payments(_ filter: PaymentFilter, page: CursorPageRequest) async throws -> PaymentListView {
        let settings = try await settings.current()
        let sql = try database.reader.sql
        let base = filter.conditions(calendar: settings.calendar)
        var conditions = base
        if let (date, id) = try page.timeAndID() {
            conditions.append(NewestFirstCursor.after(time: date, id: id, timeColumn: "p.created_at", idColumn: "p.id"))
        }
        let rows = try await sql.raw(
            Self.paymentSelect + Self.whereClause(conditions) + " ORDER BY p.created_at DESC, p.id DESC LIMIT \(literal: page.limit + 1)"
        )
        .all(decoding: PaymentRow.self)
        let page_ = rows.prefix(page.limit)
        let names = try await directory.entries(page_.map(\.student_account_id))
        let items = page_.map { $0.view(names) }
        let next = rows.count > page.limit ? items.last.map { CursorPageRequest.cursor(after: $0.createdAt, id: $0.id) } : nil

        struct TotalsRow: Decodable { let count: Int; let amount: Int?; let refunded: Int? }
        let totals = try await sql.raw(
            """
            SELECT COUNT(*) AS count, CAST(SUM(p.amount) AS BIGINT) AS amount,
                   CAST(SUM(COALESCE((SELECT SUM(r.amount) FROM academy_refunds r WHERE r.payment_id = p.id), 0)) AS BIGINT) AS refunded
            FROM academy_payments p
            """ + Self.whereClause(base)
        ).first(decoding: TotalsRow.self)
        let amount = totals?.amount ?? 0, refunded = totals?.refunded ?? 0
        return PaymentListView(
            items: Array(items), nextCursor: next,
            totals: PaymentTotals(count: totals?.count ?? 0, amount: amount, refunded: refunded, net: amount - refunded, currency: settings.currency))
    }

    private static func whereClause(_ conditions: [SQLQueryString]) -> SQLQueryString {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// Every matching payment as CSV (RFC 4180), oldest first, amounts in major units.
    func paymentsCSV(_ filter: PaymentFilter) async throws -> String {
        let settings = try await settings.current()
        let sql = try database.reader.sql
        let rows = try await sql.raw(
            Self.paymentSelect + Self.whereClause(filter.conditions(calendar: settings.calendar)) + " ORDER BY p.created_at, p.id"
        )
        .all(decoding: PaymentRow.self)
        let names = try await directory.entries(rows.map(\.student_account_id))
        let header = ["date", "student", "dni", "class", "sede", "pack", "classes", "amount", "refunded", "currency", "payment_id"]
        return CSVWriter.document(
            header: header,
            rows: rows.map { row in
                [
                    Timestamp.format(row.created_at), names[row.student_account_id]?.name ?? "", row.dni, row.class_name, row.location_name,
                    row.pack_name ?? "",
                    String(row.classes), Money.decimal(row.amount), Money.decimal(row.refunded_amount), row.currency, row.id.uuidString,
                ]
            })
    }
}

/// Minor units shown as a decimal number (two decimals: every currency the academy uses has cents).
enum Money {
    static func decimal(_ minor: Int) -> String {
        let sign = minor < 0 ? "-" : ""
        let value = minor.magnitude
        return "\(sign)\(value / 100).\(String(format: "%02d", Int(value % 100)))"
    }
}
