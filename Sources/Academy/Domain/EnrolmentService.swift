import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import SQLKit

/// Payments, refunds, adjustments and enrolments. Every change to a balance goes through `CreditLedger` inside
/// one write, so the ledger always explains the balance.
struct EnrolmentService: Sendable {
    let database: PatioDatabase
    let settings: AcademySettingsService
    let directory: AccountDirectory
    let clock: PatioClock

    static let enrolmentNotFound = AppError.notFound(code: "enrolment_not_found", "No enrolment has this id.")

    struct PaymentInput: Codable, Sendable {
        var studentId: UUID?
        var scheduleId: UUID?
        var amount: Int?
        var classes: Int?
        var packId: UUID?
    }

    /// Records a payment and adds its classes to the student's balance for the schedule, enrolling them if needed.
    /// With a pack, `classes` and `amount` default to the pack's.
    func recordPayment(_ input: PaymentInput, actor: UUID?) async throws -> PaymentReceipt {
        var validator = Validator()
        validator.check(input.studentId != nil, "studentId", "Choose the student.", code: "student_required")
        validator.check(input.scheduleId != nil, "scheduleId", "Choose the class schedule.", code: "schedule_required")
        if input.packId == nil {
            validator.check(input.classes != nil, "classes", "Give the number of classes paid for, or choose a pack.", code: "classes_or_pack")
            validator.check(input.amount != nil, "amount", "Give the amount paid in minor units (cents), or choose a pack.", code: "amount_or_pack")
        }
        if let classes = input.classes { validator.check((1...500).contains(classes), "classes", "Use 1 to 500 classes.", code: "classes_range") }
        if let amount = input.amount {
            validator.check((0...100_000_000).contains(amount), "amount", "Give the amount in minor units (cents), 0 or more.", code: "amount_range")
        }
        try validator.validate()
        let settings = try await settings.current()
        let now = clock.now()
        let paymentID = UUID()
        let enrolmentID: UUID = try await database.write { db in
            guard let student = try await StudentModel.find(input.studentId!, on: db) else { throw StudentService.notFound }
            let schedule = try await activeSchedule(input.scheduleId!, on: db)
            var pack: PackModel?
            if let packID = input.packId {
                guard let found = try await PackModel.find(packID, on: db), found.archivedAt == nil else {
                    throw AppError.notFound(code: "pack_not_found", "No pack on the price list has this id.")
                }
                pack = found
            }
            let classes = input.classes ?? pack!.classes
            let amount = input.amount ?? pack!.price
            let enrolment = try await enrol(student: student.id!, schedule: schedule, now: now, on: db)
            var ledger = try await LedgerSession.open(enrolment: enrolment.id!, now: now, on: db)
            let payment = PaymentModel()
            payment.id = paymentID
            payment.studentID = student.id!
            payment.enrolmentID = enrolment.id!
            payment.scheduleID = schedule.id!
            payment.locationID = schedule.danceClass.$location.id
            payment.packID = pack?.id
            payment.amount = amount
            payment.currency = settings.currency
            payment.classes = classes
            payment.recordedBy = actor
            payment.createdAt = now
            try await payment.create(on: db)
            let expiry = pack?.validDays.map { now.addingTimeInterval(Double($0) * 86_400) }
            try await ledger.addLot(classes: classes, payment: paymentID, expiresAt: expiry, kind: .purchase, note: pack?.name ?? "", actor: actor)
            return enrolment.id!
        }
        return PaymentReceipt(payment: try await payment(paymentID), enrolment: try await enrolment(enrolmentID))
    }

    private func activeSchedule(_ id: UUID, on db: any Database) async throws -> ScheduleModel {
        guard let schedule = try await ScheduleModel.query(on: db).filter(\.$id == id).with(\.$danceClass).first() else {
            throw CatalogueService.scheduleNotFound
        }
        guard schedule.archivedAt == nil, schedule.danceClass.archivedAt == nil else {
            throw AppError(.unprocessableContent, code: "schedule_archived", detail: "This schedule is archived and takes no enrolments.")
        }
        return schedule
    }

    /// The student's enrolment in the schedule, creating or reactivating it within the class capacity.
    private func enrol(student: UUID, schedule: ScheduleModel, now: Date, on db: any Database) async throws -> EnrolmentModel {
        let existing = try await EnrolmentModel.query(on: db).filter(\.$student.$id == student).filter(\.$schedule.$id == schedule.id!).first()
        if let existing, existing.isActive { return existing }
        let sql = try db.sql
        if sql.dialect.name == "postgresql" {
            // Serialises enrolments into one schedule, so two payments cannot both take the last place.
            try await sql.raw("SELECT id FROM academy_schedules WHERE id = \(bind: schedule.id!) FOR UPDATE").run()
        }
        if let capacity = schedule.danceClass.capacity {
            let taken = try await EnrolmentModel.query(on: db).filter(\.$schedule.$id == schedule.id!).filter(\.$isActive == true).count()
            if taken >= capacity {
                throw AppError.conflict(code: "class_full", "This class is full (\(capacity) students).")
            }
        }
        let enrolment = existing ?? EnrolmentModel()
        if existing == nil {
            enrolment.id = UUID()
            enrolment.$student.id = student
            enrolment.$schedule.id = schedule.id!
            enrolment.createdAt = now
        }
        enrolment.isActive = true
        enrolment.endedAt = nil
        try await enrolment.save(on: db)
        return enrolment
    }

    /// Ends an enrolment. Refused while classes are left (refund or adjust them first), so nothing paid is lost.
    func unenrol(_ id: UUID) async throws -> EnrolmentView {
        let now = clock.now()
        try await database.write { db in
            guard let enrolment = try await EnrolmentModel.find(id, on: db) else { throw Self.enrolmentNotFound }
            let left = try await LedgerSession.open(enrolment: id, now: now, on: db).balance
            guard left == 0 else {
                throw AppError.conflict(
                    code: "enrolment_has_classes", "The student still has \(left) classes in this schedule; refund or adjust them before unenrolling."
                )
            }
            guard enrolment.isActive else { return }
            enrolment.isActive = false
            enrolment.endedAt = now
            try await enrolment.save(on: db)
        }
        return try await enrolment(id)
    }

    struct AdjustmentInput: Codable, Sendable {
        var classes: Int?
        var reason: String?
    }

    /// Adds (positive) or removes (negative) classes by hand, with the reason kept in the ledger.
    func adjust(_ id: UUID, _ input: AdjustmentInput, actor: UUID?) async throws -> EnrolmentView {
        var validator = Validator()
        let reason = input.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        validator.check(
            input.classes != nil && input.classes != 0 && (-500...500).contains(input.classes!), "classes",
            "Give a non-zero number of classes from -500 to 500.", code: "adjustment_range")
        validator.check((1...200).contains(reason.count), "reason", "Say why, in 1 to 200 characters.", code: "reason_length")
        try validator.validate()
        let now = clock.now()
        try await database.write { db in
            guard try await EnrolmentModel.find(id, on: db) != nil else { throw Self.enrolmentNotFound }
            var ledger = try await LedgerSession.open(enrolment: id, now: now, on: db)
            let classes = input.classes!
            if classes > 0 {
                try await ledger.addLot(classes: classes, payment: nil, expiresAt: nil, kind: .adjustment, note: reason, actor: actor)
            } else {
                try await ledger.consume(-classes, kind: .adjustment, note: reason, actor: actor)
            }
        }
        return try await enrolment(id)
    }

    struct RefundInput: Codable, Sendable {
        var amount: Int?
        var classes: Int?
        var reason: String?
    }

    /// The refund's own rules, checked before anything is read (the page checks them before it asks to confirm).
    static func check(_ input: RefundInput) throws {
        var validator = Validator()
        let reason = input.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let amount = input.amount ?? 0, classes = input.classes ?? 0
        validator.check(amount >= 0, "amount", "Use 0 or more.", code: "not_negative")
        validator.check(classes >= 0, "classes", "Use 0 or more.", code: "not_negative")
        validator.check(amount > 0 || classes > 0, "amount", "Refund some money, some classes, or both.", code: "refund_empty")
        validator.check((1...200).contains(reason.count), "reason", "Say why, in 1 to 200 characters.", code: "reason_length")
        try validator.validate()
    }

    /// Gives money back against a payment and takes the refunded classes off what is left of that payment's lot.
    func refund(payment paymentID: UUID, _ input: RefundInput, actor: UUID?) async throws -> RefundView {
        try Self.check(input)
        let reason = input.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let amount = input.amount ?? 0, classes = input.classes ?? 0
        let now = clock.now()
        let refundID = UUID()
        let enrolmentID: UUID = try await database.write { db in
            guard let payment = try await PaymentModel.find(paymentID, on: db) else {
                throw AppError.notFound(code: "payment_not_found", "No payment has this id.")
            }
            var ledger = try await LedgerSession.open(enrolment: payment.enrolmentID, now: now, on: db)
            let earlier = try await RefundModel.query(on: db).filter(\.$paymentID == paymentID).all()
            let refundable = payment.amount - earlier.reduce(0) { $0 + $1.amount }
            guard amount <= refundable else {
                throw AppError.conflict(code: "refund_exceeds_payment", "At most \(refundable) (minor units) of this payment can still be refunded.")
            }
            let lot = ledger.lots.first { $0.paymentID == paymentID }
            let classesLeft = lot?.remaining ?? 0
            guard classes <= classesLeft else {
                throw AppError.conflict(code: "refund_exceeds_classes", "Only \(classesLeft) classes of this payment are left to refund.")
            }
            let refund = RefundModel()
            refund.id = refundID
            refund.paymentID = paymentID
            refund.amount = amount
            refund.classes = classes
            refund.reason = reason
            refund.recordedBy = actor
            refund.createdAt = now
            try await refund.create(on: db)
            if classes > 0, let lot {
                try await ledger.take(classes, from: lot, kind: .refund, note: reason, actor: actor)
            }
            return payment.enrolmentID
        }
        let balance = try await enrolment(enrolmentID).remainingClasses
        return RefundView(
            id: refundID, paymentId: paymentID, amount: amount, classes: classes, reason: reason, createdAt: now, remainingClasses: balance)
    }

    // MARK: Reading

    func enrolment(_ id: UUID) async throws -> EnrolmentView {
        guard let view = try await enrolments(where: "e.id = \(bind: id)").first else { throw Self.enrolmentNotFound }
        return view
    }

    func enrolments(student: UUID, activeOnly: Bool) async throws -> [EnrolmentView] {
        try await enrolments(
            where: activeOnly ? "e.student_id = \(bind: student) AND e.is_active = \(bind: true)" : "e.student_id = \(bind: student)")
    }

    private struct EnrolmentRow: Decodable {
        let id: UUID, student_id: UUID, schedule_id: UUID, class_id: UUID, class_name: String, level: String
        let location_id: UUID, location_name: String, weekday: Int, start_minute: Int, end_minute: Int, is_active: Bool
    }

    func enrolments(where condition: SQLQueryString) async throws -> [EnrolmentView] {
        let db = try database.reader
        let rows = try await (try db.sql).raw(
            """
            SELECT e.id, e.student_id, e.schedule_id, c.id AS class_id, c.name AS class_name, c.level, l.id AS location_id,
                   l.name AS location_name, s.weekday, s.start_minute, s.end_minute, e.is_active
            FROM academy_enrolments e JOIN academy_schedules s ON s.id = e.schedule_id
            JOIN academy_classes c ON c.id = s.class_id JOIN academy_locations l ON l.id = c.location_id
            WHERE \(condition) ORDER BY s.weekday, s.start_minute
            """
        ).all(decoding: EnrolmentRow.self)
        let now = clock.now()
        let lotsByEnrolment = try await CreditLedger.usableLots(enrolments: rows.map(\.id), now: now, on: db)
        var views: [EnrolmentView] = []
        for row in rows {
            let lots = lotsByEnrolment[row.id] ?? []
            views.append(
                EnrolmentView(
                    id: row.id, studentId: row.student_id, scheduleId: row.schedule_id, classId: row.class_id, className: row.class_name,
                    level: row.level, locationId: row.location_id, locationName: row.location_name, weekday: row.weekday,
                    startTime: ClockTime.text(row.start_minute), endTime: ClockTime.text(row.end_minute), isActive: row.is_active,
                    remainingClasses: lots.reduce(0) { $0 + $1.remaining }, nextExpiry: lots.compactMap(\.expiresAt).min()
                ))
        }
        return views
    }

    /// The ledger of an enrolment, after writing off anything that has expired.
    func ledger(_ id: UUID) async throws -> LedgerView {
        let now = clock.now()
        try await database.write { db in
            guard try await EnrolmentModel.find(id, on: db) != nil else { throw Self.enrolmentNotFound }
            _ = try await LedgerSession.open(enrolment: id, now: now, on: db)
        }
        let enrolment = try await enrolment(id)
        let entries = try await CreditEntryModel.query(on: try database.reader).filter(\.$enrolmentID == id).sort(\.$position).all()
        var totals = Dictionary(uniqueKeysWithValues: CreditKind.allCases.map { ($0.rawValue, 0) })
        for entry in entries { totals[entry.kind, default: 0] += entry.delta }
        return LedgerView(
            enrolment: enrolment,
            entries: entries.map {
                CreditEntryView(
                    id: $0.id!, kind: $0.kind, delta: $0.delta, paymentId: $0.paymentID, attendanceId: $0.attendanceID, note: $0.note,
                    createdAt: $0.createdAt)
            },
            totals: totals, balance: entries.reduce(0) { $0 + $1.delta }
        )
    }
}
