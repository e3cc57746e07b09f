import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// Admin pages for money: record a payment, the filtered payment list with totals, CSV, refunds.
struct AdminPaymentPages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    /// Records the payment form of a student's page (which posts to that page, `AdminStudentPages.save`).
    func record(student studentID: UUID, _ form: FormBody, _ context: PatioRequestContext) async throws -> PaymentReceipt {
        var validator = Validator()
        let input = EnrolmentService.PaymentInput(
            studentId: studentID, scheduleId: form.uuid("scheduleId"), amount: form.money("amount", into: &validator),
            classes: form.integer("classes", into: &validator), packId: form.uuid("packId"))
        try validator.validate()
        return try await s.enrolments.recordPayment(input, actor: try context.requirePrincipal().accountID)
    }

    func list(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await listPage(request, context)
    }

    /// The payments page for the filter in the address. A refused refund is shown again in its payment's row,
    /// open, with what was typed (`refund`).
    private func listPage(_ request: Request, _ context: PatioRequestContext, problem: AppError? = nil, refund: FormBody? = nil) async throws
        -> Response
    {
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
        let kept = Self.filterQuery(query)
        let refunding = refund?["payment"], typed = refund?.values ?? [:]
        return r.page(
            "academy_payments", title: r.text("ac_payments", context),
            [
                "locations": try await s.catalogue.locations(includeArchived: true).map {
                    ["id": $0.id.uuidString, "name": $0.name, "selected": $0.id == filter.locationID]
                },
                "from": filter.from ?? "", "to": filter.to ?? "", "studentId": filter.studentID?.uuidString ?? "", "query": kept,
                "countText": "\(list.totals.count) \(r.text(list.totals.count == 1 ? "ac_payment_one" : "ac_payments_count", context))",
                "address": Self.address(query), "totals": list.totals, "totalText": clock.money(list.totals.amount, currency),
                "refundedText": clock.money(list.totals.refunded, currency), "netText": clock.money(list.totals.net, currency),
                "hasPayments": !list.items.isEmpty, "next": list.nextCursor as Any,
                "payments": list.items.map {
                    [
                        "id": $0.id.uuidString, "date": clock.dateTime($0.createdAt), "studentId": $0.studentId.uuidString,
                        "studentName": $0.studentName,
                        "className": $0.className, "locationName": $0.locationName, "packName": $0.packName as Any, "classes": $0.classes,
                        "amountText": clock.money($0.amount, $0.currency),
                        "refundedText": $0.refundedAmount > 0 ? clock.money($0.refundedAmount, $0.currency) : "",
                        "refunding": $0.id.uuidString == refunding, "refund": $0.id.uuidString == refunding ? typed : [:],
                    ] as [String: Any]
                },
            ], context: context, problem: shownProblem)
    }

    /// The filter's part of the page's address (`locationId=…&from=…`), each value as typed, encoded.
    static func filterQuery(_ query: [String: String]) -> String {
        ["locationId", "from", "to", "studentId"].compactMap { key in query[key].flatMap { $0.isEmpty ? nil : "\(key)=\(URLQuery.value($0))" } }
            .joined(separator: "&")
    }

    /// The payments page's own address with its filter: where its refund forms post and where they come back.
    static func address(_ query: [String: String]) -> String {
        let filter = filterQuery(query)
        return "/academy/admin/payments" + (filter.isEmpty ? "" : "?" + filter)
    }

    func csv(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await AcademyAPI.paymentsCSV(request, services: s)
    }

    /// A refund posts to the payments page's own address (with its filter), naming the payment. Money given
    /// back cannot be taken back, so a refund that passes its rules asks first, saying how much goes back to
    /// whom and how many classes leave the student's balance; refused, the page is shown again with the
    /// refund's row open and what was typed.
    func refund(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let address = Self.address(AcademyAPI.queryDictionary(request))
        do {
            guard let paymentID = form.uuid("payment") else { throw AppError.notFound(code: "payment_not_found", "No payment has this id.") }
            var validator = Validator()
            let input = EnrolmentService.RefundInput(
                amount: form.money("amount", into: &validator), classes: form.integer("classes", into: &validator), reason: form.text("reason"))
            try validator.validate()
            try EnrolmentService.check(input)
            let payment = try await s.enrolments.payment(paymentID)
            let clock = PageClock(calendar: try await s.settings.current().calendar, context)
            let money = clock.money(input.amount ?? 0, payment.currency), classes = input.classes ?? 0
            let paid = "\(clock.money(payment.amount, payment.currency)) · \(payment.className) · \(clock.dateTime(payment.createdAt))"
            if let ask = r.confirmation(
                form, request, context, question: String(format: r.text("ac_refund_question", context), money, payment.studentName),
                consequences: [
                    String(format: r.text("ac_refund_money_line", context), money, payment.studentName, paid),
                    String(format: r.text("ac_refund_classes_line", context), payment.className, r.count(classes, "ac_n_classes", context)),
                ],
                action: String(format: r.text("ac_yes_refund", context), money), back: address)
            {
                return ask
            }
            let refund = try await s.enrolments.refund(payment: payment.id, input, actor: try context.requirePrincipal().accountID)
            return redirect(
                to: address,
                notice: String(
                    format: r.text("ac_refunded_notice", context), money, payment.studentName, r.count(refund.classes, "ac_n_classes", context),
                    r.count(refund.remainingClasses, "ac_n_left", context)))
        } catch let error as AppError where error.status.code < 500 {
            return try await listPage(request, context, problem: error, refund: form)
        }
    }
}
