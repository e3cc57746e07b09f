import FluentKit
import Foundation
import PatioData
import SQLKit

/// The academy's tables. History (payments, ledger, attendance) references the catalogue, which is why the
/// catalogue is archived rather than deleted once used.
enum AcademyMigrations {
    static let all: [any Migration] = [CreateAcademyTables(), AddStudentActive()]

    struct CreateAcademyTables: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(AcademySettingsModel.schema)
                .field("id", .int, .identifier(auto: false))
                .field("name", .string, .required)
                .field("time_zone", .string, .required)
                .field("currency", .string, .required)
                .field("opens_minutes_before", .int, .required)
                .field("closes_minutes_after_end", .int, .required)
                .create()
            try await database.schema(LocationModel.schema)
                .id()
                .field("name", .string, .required)
                .field("address", .string, .required)
                .field("archived_at", .datetime)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(DanceClassModel.schema)
                .id()
                .field("location_id", .uuid, .required, .references(LocationModel.schema, "id"))
                .field("name", .string, .required)
                .field("description", .string, .required)
                .field("level", .string, .required)
                .field("capacity", .int)
                .field("archived_at", .datetime)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(ScheduleModel.schema)
                .id()
                .field("class_id", .uuid, .required, .references(DanceClassModel.schema, "id"))
                .field("weekday", .int, .required)
                .field("start_minute", .int, .required)
                .field("end_minute", .int, .required)
                .field("archived_at", .datetime)
                .create()
            try await database.schema(PackModel.schema)
                .id()
                .field("name", .string, .required)
                .field("classes", .int, .required)
                .field("price", .int, .required)
                .field("valid_days", .int)
                .field("archived_at", .datetime)
                .create()
            try await database.schema(StudentModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("dni", .string, .required)
                .field("phone", .string, .required)
                .field("birthdate", .string)
                .field("created_at", .datetime, .required)
                .unique(on: "account_id")
                .unique(on: "dni")
                .create()
            try await database.schema(EnrolmentModel.schema)
                .id()
                .field("student_id", .uuid, .required, .references(StudentModel.schema, "id"))
                .field("schedule_id", .uuid, .required, .references(ScheduleModel.schema, "id"))
                .field("is_active", .bool, .required)
                .field("created_at", .datetime, .required)
                .field("ended_at", .datetime)
                .unique(on: "student_id", "schedule_id")
                .create()
            try await database.schema(PaymentModel.schema)
                .id()
                .field("student_id", .uuid, .required, .references(StudentModel.schema, "id"))
                .field("enrolment_id", .uuid, .required, .references(EnrolmentModel.schema, "id"))
                .field("schedule_id", .uuid, .required, .references(ScheduleModel.schema, "id"))
                .field("location_id", .uuid, .required, .references(LocationModel.schema, "id"))
                .field("pack_id", .uuid, .references(PackModel.schema, "id"))
                .field("amount", .int, .required)
                .field("currency", .string, .required)
                .field("classes", .int, .required)
                .field("recorded_by", .uuid)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(RefundModel.schema)
                .id()
                .field("payment_id", .uuid, .required, .references(PaymentModel.schema, "id"))
                .field("amount", .int, .required)
                .field("classes", .int, .required)
                .field("reason", .string, .required)
                .field("recorded_by", .uuid)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(CreditLotModel.schema)
                .id()
                .field("enrolment_id", .uuid, .required, .references(EnrolmentModel.schema, "id"))
                .field("payment_id", .uuid, .references(PaymentModel.schema, "id"))
                .field("classes", .int, .required)
                .field("remaining", .int, .required)
                .field("expires_at", .datetime)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(AttendanceModel.schema)
                .id()
                .field("enrolment_id", .uuid, .required, .references(EnrolmentModel.schema, "id"))
                .field("student_id", .uuid, .required, .references(StudentModel.schema, "id"))
                .field("schedule_id", .uuid, .required, .references(ScheduleModel.schema, "id"))
                .field("location_id", .uuid, .required, .references(LocationModel.schema, "id"))
                .field("session_date", .string, .required)
                .field("checked_in_at", .datetime, .required)
                .unique(on: "student_id", "schedule_id", "session_date")
                .create()
            try await database.schema(CreditEntryModel.schema)
                .id()
                .field("enrolment_id", .uuid, .required, .references(EnrolmentModel.schema, "id"))
                .field("position", .int, .required)
                .field("kind", .string, .required)
                .field("delta", .int, .required)
                .field("payment_id", .uuid, .references(PaymentModel.schema, "id"))
                .field("attendance_id", .uuid, .references(AttendanceModel.schema, "id"))
                .field("lot_id", .uuid, .references(CreditLotModel.schema, "id"))
                .field("note", .string, .required)
                .field("actor_id", .uuid)
                .field("created_at", .datetime, .required)
                .unique(on: "enrolment_id", "position")
                .create()
            // Indexes for the hot paths: a student's enrolments, a session's attendance, a lot's consumption order.
            let sql = try database.sql
            try await sql.raw("CREATE INDEX academy_attendances_schedule_date ON academy_attendances (schedule_id, session_date)").run()
            try await sql.raw("CREATE INDEX academy_attendances_location_date ON academy_attendances (location_id, session_date)").run()
            try await sql.raw("CREATE INDEX academy_credit_lots_enrolment ON academy_credit_lots (enrolment_id)").run()
            try await sql.raw("CREATE INDEX academy_payments_created ON academy_payments (created_at)").run()
        }

        func revert(on database: any Database) async throws {
            for schema in [CreditEntryModel.schema, AttendanceModel.schema, CreditLotModel.schema, RefundModel.schema, PaymentModel.schema,
                           EnrolmentModel.schema, StudentModel.schema, PackModel.schema, ScheduleModel.schema, DanceClassModel.schema,
                           LocationModel.schema, AcademySettingsModel.schema] {
                try await database.schema(schema).delete()
            }
        }
    }

    /// Students become active or inactive in the academy alone; the account's own flag belongs to the platform.
    /// Existing students start active.
    struct AddStudentActive: AsyncMigration {
        func prepare(on database: any Database) async throws {
            let sql = try database.sql
            try await sql.raw("ALTER TABLE academy_students ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT TRUE").run()
        }

        func revert(on database: any Database) async throws {
            try await (try database.sql).raw("ALTER TABLE academy_students DROP COLUMN is_active").run()
        }
    }
}
