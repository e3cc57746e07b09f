import Foundation
import PatioAPI

extension Patio {
    /// Classly's calls: classes by sede and level, checking in with a scanned QR code, attendance history.
    public var academy: AcademyFacade { AcademyFacade(patio: self) }
}

/// The academy (Classly), for students and the school.
public struct AcademyFacade: Sendable {
    let patio: Patio

    /// Sedes, for choosing where to look for classes.
    public func locations() async throws -> [Components.Schemas.AcademyLocation] {
        try await patio.call { try await patio.api.listAcademyLocations().ok.body.json.items }
    }

    /// Classes, optionally of one sede and one level.
    public func classes(locationID: String? = nil, level: Components.Schemas.AcademyLevel? = nil) async throws -> [Components.Schemas.AcademyClass] {
        try await patio.call { try await patio.api.listAcademyClasses(query: .init(locationId: locationID, level: level)).ok.body.json.items }
    }

    /// Checks the signed-in student in with the text of the QR code the sede shows. Refusals come as
    /// ``PatioError/problem(_:)`` with Patio's code (`checkin_token_expired`, `no_classes_left`…).
    public func checkIn(scannedCode: String) async throws -> Components.Schemas.AcademyCheckInResult {
        try await patio.call { try await patio.api.createAcademyCheckIn(body: .json(.init(token: scannedCode))).created.body.json }
    }

    /// The signed-in student's attendances, newest first, with the count per month.
    public func attendanceHistory() async throws -> Components.Schemas.AcademyAttendanceHistory {
        try await patio.call { try await patio.api.listMyAcademyAttendances().ok.body.json }
    }
}
