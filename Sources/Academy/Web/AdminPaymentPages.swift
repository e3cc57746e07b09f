import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// Admin pages for money: record a payment, the filtered payment list with totals, CSV, refunds.
struct AdminPaymentPages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    func record(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let studentID = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = EnrolmentService.PaymentInput(studentId: studentID, scheduleId: form.uuid("scheduleId"), amount: form.money("amount", into: &validator),
                                                      classes: form.integer("classes", into: &validator), packId: form.uuid("packId"))
            try validator.validate()
            _ = try await s.enrolments.recordPayment(input, actor: try context.requirePrincipal().accountID)
            return redirect(to: "/academy/admin/students/\(studentID)")
        } catch let error as AppError {
            return try await AdminStudentPages(s: s, r: r).detailPage(studentID, context, problem: error)
        }
    }

    func list(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await listPage(request, context)
    }

    private func listPage(_ request: Request, _ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil) async throws -> Response {
        let query = AcademyAPI.queryDictionary(request)
        let filter: PaymentFilter
        var shownProblem = problem
        do { filter = try PaymentFilter(query: query) } catch let error as AppError {
            filter = PaymentFilter()
            shownProblem = error
        }
        let page = try CursorPageRequest(limit: nil, cursor: query["cursor"])
        let list = try await s.enrolments.payments(filter, page: page)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        let currency = list.totals.currency
        let kept = ["locationId", "from", "to", "studentId"].compactMap { key in query[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" } }.joined(separator: "&")
        return r.page("academy_payments", title: r.text("ac_payments", context), [
            "locations": try await s.catalogue.locations(includeArchived: true).map { ["id": $0.id.uuidString, "name": $0.name, "selected": $0.id == filter.locationID] },
            "from": filter.from ?? "", "to": filter.to ?? "", "studentId": filter.studentID?.uuidString ?? "", "query": kept,
            "countText": "\(list.totals.count) \(r.text(list.totals.count == 1 ? "ac_payment_one" : "ac_payments_count", context))",
            "totals": list.totals, "totalText": clock.money(list.totals.amount, currency),
            "refundedText": clock.money(list.totals.refunded, currency), "netText": clock.money(list.totals.net, currency),
            "hasPayments": !list.items.isEmpty, "next": list.nextCursor as Any,
            "payments": list.items.map {
                ["id": $0.id.uuidString, "date": clock.dateTime($0.createdAt), "studentId": $0.studentId.uuidString, "studentName": $0.studentName,
                 "className": $0.className, "locationName": $0.locationName, "packName": $0.packName as Any, "classes": $0.classes,
                 "amountText": clock.money($0.amount, $0.currency),
                 "refundedText": $0.refundedAmount > 0 ? clock.money($0.refundedAmount, $0.currency) : ""] as [String: Any]
            },
        ], context: context, problem: shownProblem, notice: notice)
    }

    func csv(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await AcademyAPI.paymentsCSV(request, services: s)
    }

    func refund(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = EnrolmentService.RefundInput(amount: form.money("amount", into: &validator), classes: form.integer("classes", into: &validator), reason: form.text("reason"))
            try validator.validate()
            _ = try await s.enrolments.refund(payment: try context.uuidParameter("id"), input, actor: try context.requirePrincipal().accountID)
            return try await listPage(request, context, notice: r.text("ac_saved", context))
        } catch let error as AppError {
            return try await listPage(request, context, problem: error)
        }
    }
}
