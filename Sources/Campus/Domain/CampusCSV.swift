import FluentKit
import Foundation
import PatioCore
import PatioData

/// CSV imports of the school's record: subjects of a plan, groups of a period with their weekly classes,
/// and enrolments. A file is applied whole in one transaction, or refused whole (422 `csv_invalid`) with
/// every line's problem — including the school's rules (quota, clashes, a subject once per period).
struct CampusCSV: Sendable {
    let database: PatioDatabase
    let groups: GroupService
    let clock: PatioClock

    static let maxRows = 20_000
    static let subjectHeader = ["clave", "name", "semester", "credits"]
    static let groupHeader = ["period", "clave", "group", "shift", "quota", "teacher_email", "weekday", "starts_at", "ends_at", "building", "room"]
    static let enrolmentHeader = ["boleta", "period", "clave", "group"]

    struct Summary: Codable, Sendable, Equatable { var imported: Int }

    /// The rows under `header` (exact names, any case), each with its line; or every problem with the file's shape.
    struct Refused: Error { var errors: [CSVLineError] }

    static func rows(_ text: String, header: [String]) -> Result<[(line: Int, values: [String: String])], Refused> {
        var tokenizer = CSVTokenizer(bytes: Array(text.utf8))
        guard let first = tokenizer.next() else {
            return .failure(
                Refused(errors: [CSVLineError(line: 1, column: nil, code: "empty", message: "The file is empty: it needs the header row.")]))
        }
        let names = first.fields.map { $0.lowercased() }
        guard names == header else {
            return .failure(
                Refused(errors: [
                    CSVLineError(line: 1, column: nil, code: "header_mismatch", message: "The header must be: \(header.joined(separator: ","))")
                ]))
        }
        var rows: [(Int, [String: String])] = []
        var errors: [CSVLineError] = []
        while let row = tokenizer.next() {
            if let failure = row.failure { errors.append(failure); if row.fields.isEmpty { break }; continue }
            if row.fields.allSatisfy(\.isEmpty) { continue }
            guard row.fields.count == header.count else {
                errors.append(
                    CSVLineError(
                        line: row.line, column: nil, code: "column_count", message: "Expected \(header.count) values, found \(row.fields.count)."))
                continue
            }
            guard rows.count < maxRows else {
                errors.append(CSVLineError(line: row.line, column: nil, code: "too_many_rows", message: "At most \(maxRows) rows per file."))
                break
            }
            rows.append((row.line, Dictionary(uniqueKeysWithValues: zip(header, row.fields))))
        }
        if rows.isEmpty && errors.isEmpty {
            errors.append(CSVLineError(line: 1, column: nil, code: "empty", message: "The file has only the header row."))
        }
        return errors.isEmpty ? .success(rows) : .failure(Refused(errors: errors))
    }

    static func lineErrors(_ line: Int, _ validator: Validator) -> [CSVLineError] {
        validator.errors.map { CSVLineError(line: line, column: $0.field, code: $0.code ?? "invalid", message: $0.message) }
    }

    static func lineError(_ line: Int, _ error: AppError) -> CSVLineError {
        CSVLineError(
            line: line, column: error.fieldErrors.first?.field, code: error.fieldErrors.first?.code ?? error.code,
            message: error.fieldErrors.first?.message ?? error.detail)
    }

    // MARK: Subjects

    func importSubjects(planID: UUID, _ text: String) async throws -> Summary {
        let rows = try Self.parsed(text, header: Self.subjectHeader)
        var errors: [CSVLineError] = []
        var models: [SubjectModel] = []
        var seen: [String: Int] = [:]
        for (line, values) in rows {
            var validator = Validator()
            let credits = Double(values["credits"]?.replacingOccurrences(of: ",", with: ".") ?? "")
            let fields = RecordService.checkSubject(
                RecordService.SubjectInput(
                    planId: planID, clave: values["clave"], name: values["name"],
                    semester: Int(values["semester"] ?? ""), credits: credits), into: &validator)
            if let earlier = seen[fields.clave] {
                validator.add("clave", "The clave \(fields.clave) is already on line \(earlier).", code: "duplicate")
            }
            seen[fields.clave] = line
            errors += Self.lineErrors(line, validator)
            models.append(RecordService.subject(planID: planID, fields))
        }
        guard errors.isEmpty else { throw CSVLineError.refusal(errors) }
        guard try await PlanModel.find(planID, on: try database.reader) != nil else { throw RecordService.planNotFound }
        let toCreate = models, lines = rows.map(\.line)
        return try await database.write { db in
            let existing = Set(try await SubjectModel.query(on: db).filter(\.$planID == planID).all().map(\.clave))
            let clashes = zip(lines, toCreate).filter { existing.contains($0.1.clave) }
            guard clashes.isEmpty else {
                throw CSVLineError.refusal(
                    clashes.map { CSVLineError(line: $0.0, column: "clave", code: "code_taken", message: "The plan already has \($0.1.clave).") })
            }
            for model in toCreate { try await model.create(on: db) }
            return Summary(imported: toCreate.count)
        }
    }

    static func parsed(_ text: String, header: [String]) throws -> [(line: Int, values: [String: String])] {
        switch rows(text, header: header) {
        case .success(let rows): return rows
        case .failure(let refused): throw CSVLineError.refusal(refused.errors)
        }
    }

    // MARK: Groups

    /// One line per weekly class; lines with the same period, clave and group make one group.
    func importGroups(planID: UUID, _ text: String) async throws -> Summary {
        let rows = try Self.parsed(text, header: Self.groupHeader)
        let db = try database.reader
        let periods = Dictionary(uniqueKeysWithValues: try await PeriodModel.query(on: db).all().map { ($0.code, $0) })
        let subjects = Dictionary(uniqueKeysWithValues: try await SubjectModel.query(on: db).filter(\.$planID == planID).all().map { ($0.clave, $0) })
        struct Key: Hashable { var period: String; var clave: String; var group: String }
        var order: [Key] = []
        var lines: [Key: [(Int, [String: String])]] = [:]
        var errors: [CSVLineError] = []
        for (line, values) in rows {
            let key = Key(period: values["period"] ?? "", clave: (values["clave"] ?? "").uppercased(), group: (values["group"] ?? "").uppercased())
            if periods[key.period] == nil {
                errors.append(CSVLineError(line: line, column: "period", code: "period_not_found", message: "No period is called \(key.period)."))
            } else if periods[key.period]?.closedAt != nil {
                errors.append(CSVLineError(line: line, column: "period", code: "period_closed", message: "Period \(key.period) is closed."))
            }
            if subjects[key.clave] == nil {
                errors.append(CSVLineError(line: line, column: "clave", code: "subject_not_found", message: "The plan has no subject \(key.clave)."))
            }
            if lines[key] == nil { order.append(key) }
            lines[key, default: []].append((line, values))
        }
        var planned: [(GroupModel, [SlotView])] = []
        var teachers: [String: UUID?] = [:]
        for key in order {
            guard let groupLines = lines[key], let (firstLine, first) = groupLines.first else { continue }
            var validator = Validator()
            let slots = groupLines.map {
                GroupService.SlotInput(
                    weekday: Int($0.1["weekday"] ?? ""), startsAt: $0.1["starts_at"], endsAt: $0.1["ends_at"], building: $0.1["building"],
                    room: $0.1["room"])
            }
            let fields = GroupService.check(code: key.group, shift: first["shift"], quota: Int(first["quota"] ?? ""), slots: slots, into: &validator)
            errors += Self.lineErrors(firstLine, validator)
            let email = first["teacher_email"] ?? ""
            if teachers[email] == nil {
                do { teachers[email] = try await groups.teacherID(email: email) } catch let error as AppError {
                    errors.append(Self.lineError(firstLine, error))
                    teachers[email] = .some(nil)
                }
            }
            guard let period = periods[key.period], let subject = subjects[key.clave] else { continue }
            planned.append(
                (
                    GroupService.model(
                        periodID: period.id!, subjectID: subject.id!, code: fields.code, teacher: teachers[email] ?? nil,
                        shift: first["shift"] ?? "", quota: Int(first["quota"] ?? "") ?? 0), fields.slots
                ))
        }
        guard errors.isEmpty else { throw CSVLineError.refusal(errors.sorted { $0.line < $1.line }) }
        let toCreate = planned
        do {
            return try await database.write { db in
                for (group, slots) in toCreate {
                    try await group.create(on: db)
                    for slot in slots { try await GroupService.slotModel(slot, group: group.id!).create(on: db) }
                }
                return Summary(imported: toCreate.count)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "group_taken", "A group in the file already exists for its period and subject; nothing was imported.")
        }
    }

    // MARK: Enrolments

    func importEnrolments(_ text: String) async throws -> Summary {
        let rows = try Self.parsed(text, header: Self.enrolmentHeader)
        let isPostgres = !database.isSQLite, now = clock.now()
        return try await database.write { db in
            let students = Dictionary(uniqueKeysWithValues: try await StudentModel.query(on: db).all().map { ($0.boleta, $0) })
            let periods = Dictionary(uniqueKeysWithValues: try await PeriodModel.query(on: db).all().map { ($0.code, $0) })
            var errors: [CSVLineError] = []
            var imported = 0
            for (line, values) in rows {
                guard let student = students[values["boleta"] ?? ""] else {
                    errors.append(
                        CSVLineError(
                            line: line, column: "boleta", code: "student_not_found", message: "No student has boleta \(values["boleta"] ?? "")."))
                    continue
                }
                guard let period = periods[values["period"] ?? ""] else {
                    errors.append(
                        CSVLineError(
                            line: line, column: "period", code: "period_not_found", message: "No period is called \(values["period"] ?? "")."))
                    continue
                }
                let clave = (values["clave"] ?? "").uppercased(), code = (values["group"] ?? "").uppercased()
                guard let subject = try await SubjectModel.query(on: db).filter(\.$planID == student.planID).filter(\.$clave == clave).first(),
                    let group = try await GroupModel.query(on: db).filter(\.$periodID == period.id!).filter(\.$subjectID == subject.id!).filter(
                        \.$code == code
                    ).first()
                else {
                    errors.append(
                        CSVLineError(
                            line: line, column: "group", code: "group_not_found",
                            message: "Period \(period.code) has no group \(code) of \(clave) in the student's plan."))
                    continue
                }
                do {
                    _ = try await EnrolmentService.enrol(student: student.id!, group: group.id!, at: now, on: db, isPostgres: isPostgres)
                    imported += 1
                } catch let error as AppError {
                    errors.append(Self.lineError(line, error))
                }
            }
            // Throwing rolls back the enrolments already inserted: the file goes in whole or not at all.
            guard errors.isEmpty else { throw CSVLineError.refusal(errors) }
            return Summary(imported: imported)
        }
    }
}
