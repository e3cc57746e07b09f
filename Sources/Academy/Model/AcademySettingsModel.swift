import FluentKit
import Foundation

/// The academy's one row of settings: name, time zone, currency and check-in window.
final class AcademySettingsModel: Model, @unchecked Sendable {
    static let schema = "academy_settings"

    @ID(custom: "id", generatedBy: .user) var id: Int?
    @Field(key: "name") var name: String
    @Field(key: "time_zone") var timeZone: String
    @Field(key: "currency") var currency: String
    @Field(key: "opens_minutes_before") var opensMinutesBefore: Int
    @Field(key: "closes_minutes_after_end") var closesMinutesAfterEnd: Int

    init() {}
}
