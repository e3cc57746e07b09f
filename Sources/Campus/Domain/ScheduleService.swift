import FluentKit
import Foundation
import PatioCore
import PatioData

/// Builds a student's schedule from their groups' weekly slots.
struct ScheduleService: Sendable {
    let database: PatioDatabase
    let reader: RecordReader
    let record: RecordService

    /// The week of `periodID`, or of the current period when nil.
    func schedule(student: StudentModel, periodID: UUID? = nil) async throws -> Schedule {
        let period: PeriodModel?
        if let periodID { period = try await record.period(periodID) } else { period = try await record.currentPeriod() }
        guard let period else { return Schedule(period: nil, entries: []) }
        let rows = try await reader.enrolments(student: student, periodID: period.id!)
        let slots = try await GroupSlotModel.query(on: try database.reader).filter(\.$groupID ~~ rows.map(\.1.id!)).all()
        let slotsByGroup = Dictionary(grouping: slots, by: \.groupID)
        var entries: [Schedule.Entry] = []
        for (_, group, subject, teacher) in rows {
            for slot in slotsByGroup[group.id!] ?? [] {
                entries.append(
                    Schedule.Entry(
                        weekday: slot.weekday, startsAt: slot.startsAt, endsAt: slot.endsAt, clave: subject.clave, subject: subject.name,
                        teacher: teacher, group: group.code, building: slot.building, room: slot.room, colour: Schedule.colour(for: subject.clave)))
            }
        }
        entries.sort { ($0.weekday, $0.startsAt, $0.subject) < ($1.weekday, $1.startsAt, $1.subject) }
        return Schedule(period: RecordService.view(period), entries: entries)
    }
}
