import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// Sedes, classes, weekly schedules and the price list. Anything with history is archived, never deleted.
struct CatalogueService: Sendable {
    let database: PatioDatabase
    let settings: AcademySettingsService
    let clock: PatioClock
    /// Tells enrolled students when the place their class meets changes.
    let notifications: NotificationService

    // MARK: Sedes

    struct LocationInput: Codable, Sendable {
        var name: String?
        var address: String?
    }

    func locations(includeArchived: Bool) async throws -> [LocationView] {
        var query = LocationModel.query(on: try database.reader).sort(\.$name)
        if !includeArchived { query = query.filter(\.$archivedAt == nil) }
        return try await query.all().map(LocationView.init)
    }

    func location(_ id: UUID, on db: (any Database)? = nil) async throws -> LocationModel {
        guard let model = try await LocationModel.find(id, on: db ?? database.reader) else {
            throw AppError.notFound(code: "location_not_found", "No sede has this id.")
        }
        return model
    }

    func createLocation(_ input: LocationInput) async throws -> LocationView {
        let (name, address) = try Self.validate(input, requireAll: true)
        let model = LocationModel(name: name!, address: address!, createdAt: clock.now())
        try await database.write { db in try await model.create(on: db) }
        return LocationView(model)
    }

    /// A new address moves every class of the sede: its enrolled students are told, in the same write. A new
    /// name alone moves nothing, and tells nobody.
    func updateLocation(_ id: UUID, _ input: LocationInput) async throws -> LocationView {
        let (name, address) = try Self.validate(input, requireAll: false)
        let now = clock.now()
        return try await database.write { db in
            let model = try await location(id, on: db)
            let moved = address.map { $0 != model.address } ?? false
            if let name { model.name = name }
            if let address { model.address = address }
            try await model.save(on: db)
            if moved { try await notifyMoved(location: model, now: now, on: db) }
            return LocationView(model)
        }
    }

    private static func validate(_ input: LocationInput, requireAll: Bool) throws -> (String?, String?) {
        let name = input.name?.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = input.address?.trimmingCharacters(in: .whitespacesAndNewlines)
        var validator = Validator()
        if requireAll || name != nil {
            validator.check((1...120).contains(name?.count ?? 0), "name", "Enter a name of 1 to 120 characters.", code: "name_length")
        }
        if requireAll || address != nil {
            validator.check((1...200).contains(address?.count ?? 0), "address", "Enter an address of 1 to 200 characters.", code: "address_length")
        }
        try validator.validate()
        return (name, address)
    }

    /// Deletes a sede with no history; archives one that has some. Refused while students are enrolled there.
    func deleteLocation(_ id: UUID) async throws -> DeletionOutcome {
        let now = clock.now()
        return try await database.write { db in
            let model = try await location(id, on: db)
            let classes = try await DanceClassModel.query(on: db).filter(\.$location.$id == id).all()
            var outcome = DeletionOutcome.deleted
            for danceClass in classes where try await removeClass(danceClass, now: now, on: db) == .archived { outcome = .archived }
            if outcome == .archived {
                model.archivedAt = now
                try await model.save(on: db)
            } else {
                try await model.delete(on: db)
            }
            return outcome
        }
    }

    // MARK: Classes

    struct ClassInput: Codable, Sendable {
        var locationId: UUID?
        var name: String?
        var description: String?
        var level: String?
        var capacity: Int?
    }

    func createClass(_ input: ClassInput) async throws -> ClassView {
        var validator = Validator()
        validator.check(input.locationId != nil, "locationId", "Choose the sede.", code: "location_required")
        Self.check(input, into: &validator, requireAll: true)
        try validator.validate()
        let model = DanceClassModel()
        model.id = UUID()
        model.name = input.name!.trimmingCharacters(in: .whitespacesAndNewlines)
        model.description = input.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        model.level = input.level!
        model.capacity = input.capacity
        model.createdAt = clock.now()
        model.$location.id = input.locationId!
        try await database.write { db in
            let location = try await location(input.locationId!, on: db)
            guard location.archivedAt == nil else {
                throw AppError(.unprocessableContent, code: "location_archived", detail: "This sede is archived; new classes cannot be added to it.")
            }
            try await model.create(on: db)
        }
        return try await classView(model.id!)
    }

    private static func check(_ input: ClassInput, into validator: inout Validator, requireAll: Bool) {
        let name = input.name?.trimmingCharacters(in: .whitespacesAndNewlines)
        if requireAll || name != nil {
            validator.check((1...120).contains(name?.count ?? 0), "name", "Enter a name of 1 to 120 characters.", code: "name_length")
        }
        if let description = input.description {
            validator.check(description.count <= 2000, "description", "Use at most 2000 characters.", code: "description_length")
        }
        if requireAll || input.level != nil {
            validator.check(
                input.level.flatMap(ClassLevel.init(rawValue:)) != nil, "level", "Use beginner, intermediate, advanced or all.", code: "level_choice")
        }
        if let capacity = input.capacity {
            validator.check((1...1000).contains(capacity), "capacity", "Use a capacity from 1 to 1000, or leave it empty.", code: "capacity_range")
        }
    }

    /// Updates the fields given. `capacity` can be cleared with `clearCapacity`.
    func updateClass(_ id: UUID, _ input: ClassInput, clearCapacity: Bool = false) async throws -> ClassView {
        var validator = Validator()
        Self.check(input, into: &validator, requireAll: false)
        validator.check(
            input.locationId == nil, "locationId", "A class cannot move to another sede; create it there instead.", code: "location_fixed")
        try validator.validate()
        try await database.write { db in
            guard let model = try await DanceClassModel.find(id, on: db) else { throw Self.classNotFound }
            if let name = input.name { model.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let description = input.description { model.description = description.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let level = input.level { model.level = level }
            if let capacity = input.capacity { model.capacity = capacity }
            if clearCapacity { model.capacity = nil }
            try await model.save(on: db)
        }
        return try await classView(id)
    }

    static let classNotFound = AppError.notFound(code: "class_not_found", "No class has this id.")
    static let scheduleNotFound = AppError.notFound(code: "schedule_not_found", "No schedule has this id.")

    func deleteClass(_ id: UUID) async throws -> DeletionOutcome {
        let now = clock.now()
        return try await database.write { db in
            guard let model = try await DanceClassModel.find(id, on: db) else { throw Self.classNotFound }
            return try await removeClass(model, now: now, on: db)
        }
    }

    private func removeClass(_ model: DanceClassModel, now: Date, on db: any Database) async throws -> DeletionOutcome {
        let schedules = try await ScheduleModel.query(on: db).filter(\.$danceClass.$id == model.id!).all()
        var outcome = DeletionOutcome.deleted
        for schedule in schedules where try await removeSchedule(schedule, now: now, on: db) == .archived { outcome = .archived }
        if outcome == .archived {
            if model.archivedAt == nil { model.archivedAt = now }
            try await model.save(on: db)
        } else {
            try await model.delete(on: db)
        }
        return outcome
    }

    func classView(_ id: UUID) async throws -> ClassView {
        guard let view = try await classes(ids: [id], includeArchived: true).first else { throw Self.classNotFound }
        return view
    }

    /// Classes with their sede and schedules (with enrolment counts and the next two sessions).
    func classes(locationID: UUID? = nil, level: String? = nil, ids: [UUID]? = nil, includeArchived: Bool) async throws -> [ClassView] {
        let db = try database.reader
        var query = DanceClassModel.query(on: db).with(\.$location).with(\.$schedules).sort(\.$name)
        if let locationID { query = query.filter(\.$location.$id == locationID) }
        if let level { query = query.filter(\.$level == level) }
        if let ids { query = query.filter(\.$id ~~ ids) }
        if !includeArchived { query = query.filter(\.$archivedAt == nil) }
        let models = try await query.all()
        let counts = try await enrolmentCounts(on: db)
        let calendar = try await settings.current().calendar
        let now = clock.now()
        return models.filter { includeArchived || $0.location.archivedAt == nil }.map { model in
            let schedules = model.schedules
                .filter { includeArchived || $0.archivedAt == nil }
                .sorted { ($0.weekday, $0.startMinute) < ($1.weekday, $1.startMinute) }
                .map { schedule in
                    ScheduleView(
                        schedule, enrolled: counts[schedule.id!] ?? 0,
                        nextSessions: schedule.archivedAt == nil
                            ? calendar.nextSessions(weekday: schedule.weekday, endMinute: schedule.endMinute, after: now, count: 2) : [])
                }
            return ClassView(
                id: model.id!, locationId: model.$location.id, locationName: model.location.name, name: model.name,
                description: model.description, level: model.level, capacity: model.capacity,
                isArchived: model.archivedAt != nil, schedules: schedules)
        }
    }

    private struct CountRow: Decodable { let schedule_id: UUID; let count: Int }

    private func enrolmentCounts(on db: any Database) async throws -> [UUID: Int] {
        let rows = try await (try db.sql).raw(
            "SELECT schedule_id, COUNT(*) AS count FROM academy_enrolments WHERE is_active = \(bind: true) GROUP BY schedule_id"
        ).all(decoding: CountRow.self)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.schedule_id, $0.count) })
    }

    // MARK: Schedules

    struct ScheduleInput: Codable, Sendable {
        var weekday: Int?
        var startTime: String?
        var endTime: String?
    }

    func addSchedule(classID: UUID, _ input: ScheduleInput) async throws -> ScheduleView {
        var validator = Validator()
        validator.check((1...7).contains(input.weekday ?? 0), "weekday", "Use 1 (Monday) to 7 (Sunday).", code: "weekday_range")
        let start = input.startTime.flatMap(ClockTime.minutes), end = input.endTime.flatMap(ClockTime.minutes)
        validator.check(start != nil, "startTime", "Use HH:mm, such as 19:00.", code: "time_format")
        validator.check(end != nil, "endTime", "Use HH:mm, such as 20:30.", code: "time_format")
        if let start, let end { validator.check(end > start, "endTime", "The class must end after it starts.", code: "end_before_start") }
        try validator.validate()
        let model = ScheduleModel()
        model.id = UUID()
        model.weekday = input.weekday!
        model.startMinute = start!
        model.endMinute = end!
        model.$danceClass.id = classID
        try await database.write { db in
            guard let danceClass = try await DanceClassModel.find(classID, on: db) else { throw Self.classNotFound }
            guard danceClass.archivedAt == nil else {
                throw AppError(.unprocessableContent, code: "class_archived", detail: "This class is archived; it takes no new schedules.")
            }
            let sameDay = try await ScheduleModel.query(on: db).filter(\.$danceClass.$id == classID).filter(\.$weekday == model.weekday)
                .filter(\.$archivedAt == nil).all()
            if sameDay.contains(where: { $0.startMinute < model.endMinute && model.startMinute < $0.endMinute }) {
                throw AppError.conflict(code: "schedule_overlaps", "This class already meets at an overlapping time on that day.")
            }
            try await model.create(on: db)
        }
        return ScheduleView(model, enrolled: 0)
    }

    /// A schedule with its class, archived or not.
    func schedule(_ id: UUID) async throws -> ScheduleModel {
        guard let schedule = try await ScheduleModel.query(on: try database.reader).filter(\.$id == id).with(\.$danceClass).first() else {
            throw Self.scheduleNotFound
        }
        return schedule
    }

    func deleteSchedule(_ id: UUID) async throws -> DeletionOutcome {
        let now = clock.now()
        return try await database.write { db in
            guard let model = try await ScheduleModel.find(id, on: db) else { throw Self.scheduleNotFound }
            return try await removeSchedule(model, now: now, on: db)
        }
    }

    /// A schedule anyone was ever enrolled in keeps its history: archived. Active enrolments block removal, so no
    /// student silently loses a place they paid for.
    private func removeSchedule(_ model: ScheduleModel, now: Date, on db: any Database) async throws -> DeletionOutcome {
        let enrolments = try await EnrolmentModel.query(on: db).filter(\.$schedule.$id == model.id!).all()
        if enrolments.contains(where: \.isActive) {
            throw AppError.conflict(code: "schedule_has_enrolments", "Students are still enrolled in this schedule; unenrol them first.")
        }
        if enrolments.isEmpty {
            // Sessions cancelled while nobody was enrolled go with it.
            try await SessionCancellationModel.query(on: db).filter(\.$scheduleID == model.id!).delete()
            try await model.delete(on: db)
            return .deleted
        }
        if model.archivedAt == nil {
            model.archivedAt = now
            try await model.save(on: db)
        }
        return .archived
    }

    // MARK: Packs

    struct PackInput: Codable, Sendable {
        var name: String?
        var classes: Int?
        var price: Int?
        var validDays: Int?
    }

    func packs(includeArchived: Bool) async throws -> [PackView] {
        let currency = try await settings.current().currency
        var query = PackModel.query(on: try database.reader).sort(\.$classes).sort(\.$price)
        if !includeArchived { query = query.filter(\.$archivedAt == nil) }
        return try await query.all().map { PackView($0, currency: currency) }
    }

    func pack(_ id: UUID, on db: (any Database)? = nil) async throws -> PackModel {
        guard let model = try await PackModel.find(id, on: db ?? database.reader) else {
            throw AppError.notFound(code: "pack_not_found", "No pack has this id.")
        }
        return model
    }

    func createPack(_ input: PackInput) async throws -> PackView {
        let model = PackModel()
        model.id = UUID()
        try Self.apply(input, to: model, requireAll: true)
        try await database.write { db in try await model.create(on: db) }
        return PackView(model, currency: try await settings.current().currency)
    }

    func updatePack(_ id: UUID, _ input: PackInput) async throws -> PackView {
        let model = try await database.write { db in
            let model = try await pack(id, on: db)
            try Self.apply(input, to: model, requireAll: false)
            try await model.save(on: db)
            return model
        }
        return PackView(model, currency: try await settings.current().currency)
    }

    private static func apply(_ input: PackInput, to model: PackModel, requireAll: Bool) throws {
        var validator = Validator()
        let name = input.name?.trimmingCharacters(in: .whitespacesAndNewlines)
        if requireAll || name != nil {
            validator.check((1...80).contains(name?.count ?? 0), "name", "Enter a name of 1 to 80 characters.", code: "pack_name_length")
        }
        if requireAll || input.classes != nil {
            validator.check((1...500).contains(input.classes ?? 0), "classes", "Use 1 to 500 classes.", code: "classes_range")
        }
        if requireAll || input.price != nil {
            validator.check(
                (0...100_000_000).contains(input.price ?? -1), "price", "Give the price in minor units (cents), 0 or more.", code: "price_range")
        }
        if let days = input.validDays {
            validator.check((1...3650).contains(days), "validDays", "Use 1 to 3650 days, or leave it empty for no expiry.", code: "valid_days_range")
        }
        try validator.validate()
        if let name { model.name = name }
        if let classes = input.classes { model.classes = classes }
        if let price = input.price { model.price = price }
        if let days = input.validDays { model.validDays = days }
    }

    func deletePack(_ id: UUID) async throws -> DeletionOutcome {
        let now = clock.now()
        return try await database.write { db in
            let model = try await pack(id, on: db)
            if try await PaymentModel.query(on: db).filter(\.$packID == id).first() != nil {
                model.archivedAt = model.archivedAt ?? now
                try await model.save(on: db)
                return .archived
            }
            try await model.delete(on: db)
            return .deleted
        }
    }
}

/// What a delete did: removed for good, or archived because history points at it.
enum DeletionOutcome: String, Codable, Sendable {
    case deleted, archived
}
