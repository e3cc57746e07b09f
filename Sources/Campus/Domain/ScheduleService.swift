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
        return try await term(student: student, period: period).schedule
    }

    /// The student's week and grades in `period`, from one reading of their seats: a page that shows both (the
    /// home page) reads the seats, the slots and the teachers' names once, not once for each.
    func term(student: StudentModel, period: PeriodModel?) async throws -> (schedule: Schedule, grades: GradeReport) {
        guard let period, let periodID = period.id else {
            return (Schedule(period: nil, entries: []), GradeReport.make(period: nil, seats: []))
        }
        // The seats and the slots only need the student and the period, so they are read at once.
        async let seatsRead = reader.enrolments(student: student, periodID: periodID)
        async let slotsRead = EnrolledGroup.slots(student: student.id!, period: periodID, on: try database.reader)
        let seats = try await seatsRead
        let slotsByGroup = Dictionary(grouping: try await slotsRead) { $0.groupID }
        var entries: [Schedule.Entry] = []
        for seat in seats {
            for slot in slotsByGroup[seat.groupID] ?? [] {
                entries.append(
                    Schedule.Entry(
                        weekday: slot.weekday, startsAt: slot.startsAt, endsAt: slot.endsAt, clave: seat.clave, subject: seat.subject,
                        teacher: seat.teacher, group: seat.groupCode, building: slot.building, room: slot.room,
                        colour: Schedule.colour(for: seat.clave)))
            }
        }
        entries.sort { ($0.weekday, $0.startsAt, $0.subject) < ($1.weekday, $1.startsAt, $1.subject) }
        let view = RecordService.view(period)
        return (Schedule(period: view, entries: entries), GradeReport.make(period: view, seats: seats))
    }
}
