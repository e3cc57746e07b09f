import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity

/// Groups of a period: who teaches them, when and where they meet, and how many seats they have.
struct GroupService: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let directory: AccountDirectory

    static let notFound = AppError.notFound(code: "group_not_found", "No group has this id.")
    static let shifts = ["morning", "evening"]

    struct SlotInput: Codable, Sendable {
        var weekday: Int?
        var startsAt: String?
        var endsAt: String?
        var building: String?
        var room: String?
    }

    struct Input: Codable, Sendable {
        var periodId: UUID?
        var subjectId: UUID?
        var code: String?
        var teacherEmail: String?
        var shift: String?
        var quota: Int?
        var slots: [SlotInput]?
    }

    /// A group's own fields checked (the CSV import checks rows with it too).
    static func check(code: String?, shift: String?, quota: Int?, slots: [SlotInput], into validator: inout Validator) -> (
        code: String, slots: [SlotView]
    ) {
        let code = CampusText.required(code, "code", into: &validator, max: 10).uppercased()
        validator.check(
            code.isEmpty || code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, "code", "Letters and digits only, like 3CM1.",
            code: "group_code_format")
        validator.check(shifts.contains(shift ?? ""), "shift", "morning or evening.", code: "shift_unknown")
        validator.check((1...500).contains(quota ?? 0), "quota", "A quota from 1 to 500 seats.", code: "quota_range")
        validator.check(!slots.isEmpty && slots.count <= 12, "slots", "Give from 1 to 12 weekly classes.", code: "slots_count")
        var checked: [SlotView] = []
        // Past the limit the slots are not read at all (the overlap check is quadratic).
        for (index, slot) in slots.prefix(12).enumerated() {
            let field = "slots[\(index)]"
            let view = SlotView(
                weekday: slot.weekday ?? 0, startsAt: slot.startsAt ?? "", endsAt: slot.endsAt ?? "",
                building: (slot.building ?? "").trimmingCharacters(in: .whitespaces), room: (slot.room ?? "").trimmingCharacters(in: .whitespaces))
            validator.check((1...6).contains(view.weekday), field + ".weekday", "A day from 1 (Monday) to 6 (Saturday).", code: "weekday_range")
            guard let times = SlotTimes(view) else {
                validator.add(field, "Times as HH:mm, like 07:00.", code: "time_format")
                continue
            }
            validator.check(times.starts < times.ends, field + ".endsAt", "A class must end after it starts.", code: "times_order")
            validator.check(
                !view.building.isEmpty && view.building.count <= 20, field + ".building", "Give the building (up to 20 characters).", code: "required"
            )
            validator.check(!view.room.isEmpty && view.room.count <= 20, field + ".room", "Give the room (up to 20 characters).", code: "required")
            if checked.compactMap(SlotTimes.init).contains(where: { $0.overlaps(times) }) {
                validator.add(field, "This class overlaps another class of the same group.", code: "slots_overlap")
            }
            checked.append(view)
        }
        return (code, checked)
    }

    func create(_ input: Input) async throws -> GroupView {
        var validator = Validator()
        validator.check(input.periodId != nil, "periodId", "Choose the period.", code: "required")
        validator.check(input.subjectId != nil, "subjectId", "Choose the subject.", code: "required")
        let fields = Self.check(code: input.code, shift: input.shift, quota: input.quota, slots: input.slots ?? [], into: &validator)
        try validator.validate()
        guard let periodID = input.periodId, let period = try await PeriodModel.find(periodID, on: try database.reader) else {
            throw RecordService.periodNotFound
        }
        guard period.closedAt == nil else { throw GradeService.periodClosed }
        guard let subjectID = input.subjectId, try await SubjectModel.find(subjectID, on: try database.reader) != nil else {
            throw RecordService.subjectNotFound
        }
        let teacher = try await teacherID(email: input.teacherEmail)
        let group = Self.model(
            periodID: periodID, subjectID: subjectID, code: fields.code, teacher: teacher, shift: input.shift ?? "", quota: input.quota ?? 0)
        do {
            try await database.write { db in
                try await group.create(on: db)
                for slot in fields.slots { try await Self.slotModel(slot, group: group.id!).create(on: db) }
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "group_taken", "The period already has group \(fields.code) for this subject.")
        }
        return try await view(group.id!)
    }

    static func model(periodID: UUID, subjectID: UUID, code: String, teacher: UUID?, shift: String, quota: Int) -> GroupModel {
        let group = GroupModel()
        group.id = UUID()
        group.periodID = periodID
        group.subjectID = subjectID
        group.code = code
        group.teacherAccountID = teacher
        group.shift = shift
        group.quota = quota
        return group
    }

    static func slotModel(_ slot: SlotView, group: UUID) -> GroupSlotModel {
        let model = GroupSlotModel()
        model.id = UUID()
        model.groupID = group
        model.weekday = slot.weekday
        model.startsAt = slot.startsAt
        model.endsAt = slot.endsAt
        model.building = slot.building
        model.room = slot.room
        return model
    }

    /// The account of a teacher by email: it must exist and hold `campus.teacher`.
    func teacherID(email: String?) async throws -> UUID? {
        guard let email = email?.trimmingCharacters(in: .whitespaces), !email.isEmpty else { return nil }
        guard let account = try await accounts.find(email: email), account.roles.contains(CampusRoles.teacher) else {
            throw AppError.validation(
                field: "teacherEmail", "No teacher has this email; give them the campus.teacher role first.", code: "teacher_unknown")
        }
        return account.id
    }

    func delete(_ id: UUID) async throws {
        try await database.write { db in
            guard let group = try await GroupModel.find(id, on: db) else { throw Self.notFound }
            guard try await EnrolmentModel.query(on: db).filter(\.$groupID == id).count() == 0 else {
                throw AppError.conflict(code: "group_has_students", "Students are enrolled in this group; unenrol them first.")
            }
            try await GroupSlotModel.query(on: db).filter(\.$groupID == id).delete()
            try await group.delete(on: db)
        }
    }

    func find(_ id: UUID) async throws -> GroupModel {
        guard let model = try await GroupModel.find(id, on: try database.reader) else { throw Self.notFound }
        return model
    }

    func view(_ id: UUID) async throws -> GroupView {
        guard let view = try await views([try await find(id)]).first else { throw Self.notFound }
        return view
    }

    /// One group as `principal` may read it: school services read any group, a teacher only the groups they
    /// teach (403 `not_your_group`, as the roster answers).
    func view(_ id: UUID, for principal: Principal) async throws -> GroupView {
        let group = try await find(id)
        guard principal.has(role: CampusRoles.admin) || group.teacherAccountID == principal.accountID else { throw GradeService.notYourGroup }
        guard let view = try await views([group]).first else { throw Self.notFound }
        return view
    }

    struct Filter: Sendable {
        var periodID: UUID?
        var careerCode: String?
        var planCode: String?
        var shift: String?
        var teacherAccountID: UUID?
        var subjectQuery: String?
    }

    /// Groups matching `filter`, by subject semester, group code and subject.
    func list(_ filter: Filter) async throws -> [GroupView] {
        var query = GroupModel.query(on: try database.reader)
        if let periodID = filter.periodID { query = query.filter(\.$periodID == periodID) }
        if let shift = filter.shift { query = query.filter(\.$shift == shift) }
        if let teacher = filter.teacherAccountID { query = query.filter(\.$teacherAccountID == teacher) }
        var groups = try await query.all()
        if filter.careerCode != nil || filter.planCode != nil {
            let careers = try await CareerModel.query(on: try database.reader).all().filter {
                filter.careerCode == nil || $0.code == filter.careerCode?.uppercased()
            }
            var plans = try await PlanModel.query(on: try database.reader).filter(\.$careerID ~~ careers.compactMap(\.id)).all()
            if let planCode = filter.planCode { plans = plans.filter { $0.code == planCode } }
            let subjects = try await SubjectModel.query(on: try database.reader).filter(\.$planID ~~ plans.compactMap(\.id)).all()
            let allowed = Set(subjects.compactMap(\.id))
            groups = groups.filter { allowed.contains($0.subjectID) }
        }
        var views = try await views(groups)
        if let text = filter.subjectQuery.map(CampusText.folded), !text.isEmpty {
            views = views.filter { CampusText.folded($0.subject.name).contains(text) || CampusText.folded($0.subject.clave).contains(text) }
        }
        return views.sorted { ($0.subject.semester, $0.code, $0.subject.name) < ($1.subject.semester, $1.code, $1.subject.name) }
    }

    func views(_ groups: [GroupModel]) async throws -> [GroupView] {
        guard !groups.isEmpty else { return [] }
        let db = try database.reader
        let ids = groups.compactMap(\.id)
        let subjects = try await SubjectModel.query(on: db).filter(\.$id ~~ Set(groups.map(\.subjectID))).all()
        let periods = try await PeriodModel.query(on: db).filter(\.$id ~~ Set(groups.map(\.periodID))).all()
        let slots = try await GroupSlotModel.query(on: db).filter(\.$groupID ~~ ids).all()
        let counts = try await enrolledCounts(ids, on: db)
        let teachers = try await directory.entries(groups.compactMap(\.teacherAccountID))
        let subjectByID = Dictionary(uniqueKeysWithValues: subjects.map { ($0.id!, $0) })
        let periodByID = Dictionary(uniqueKeysWithValues: periods.map { ($0.id!, $0) })
        let slotsByGroup = Dictionary(grouping: slots, by: \.groupID)
        return groups.compactMap { group in
            guard let subject = subjectByID[group.subjectID] else { return nil }
            let enrolled = counts[group.id!] ?? 0
            let groupSlots = (slotsByGroup[group.id!] ?? []).sorted { ($0.weekday, $0.startsAt) < ($1.weekday, $1.startsAt) }
                .map { SlotView(weekday: $0.weekday, startsAt: $0.startsAt, endsAt: $0.endsAt, building: $0.building, room: $0.room) }
            return GroupView(
                id: group.id!, periodId: group.periodID, periodCode: periodByID[group.periodID]?.code ?? "", code: group.code,
                subject: RecordService.view(subject), teacherAccountId: group.teacherAccountID,
                teacherName: group.teacherAccountID.flatMap { teachers[$0]?.name }, shift: group.shift, quota: group.quota,
                enrolled: enrolled, seatsLeft: max(0, group.quota - enrolled), slots: groupSlots)
        }
    }

    func enrolledCounts(_ groupIDs: [UUID], on db: any Database) async throws -> [UUID: Int] {
        let enrolments = try await EnrolmentModel.query(on: db).filter(\.$groupID ~~ groupIDs).field(\.$id).field(\.$groupID).all()
        return Dictionary(grouping: enrolments, by: \.groupID).mapValues(\.count)
    }
}
