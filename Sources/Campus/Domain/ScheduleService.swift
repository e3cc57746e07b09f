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
        // The seats and the slots only need the student and the period, so they are read at once.
        async let seatsRead = reader.enrolments(student: student, periodID: period.id!)
        async let slotsRead = EnrolledGroup.slots(student: student.id!, period: period.id!, on: try database.reader)
        let seats = try await seatsRead
        let slotsByGroup = Dictionary(grouping: try await slotsRead) { $0.group_id }
        var entries: [Schedule.Entry] = []
        for seat in seats {
            for slot in slotsByGroup[seat.groupID] ?? [] {
                entries.append(
                    Schedule.Entry(
                        weekday: slot.weekday, startsAt: slot.starts_at, endsAt: slot.ends_at, clave: seat.clave, subject: seat.subject,
                        teacher: seat.teacher, group: seat.groupCode, building: slot.building, room: slot.room,
                        colour: Schedule.colour(for: seat.clave)))
            }
        }
        entries.sort { ($0.weekday, $0.startsAt, $0.subject) < ($1.weekday, $1.startsAt, $1.subject) }
        return Schedule(period: RecordService.view(period), entries: entries)
    }
}
