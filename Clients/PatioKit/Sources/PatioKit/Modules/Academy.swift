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

    /// Checks the signed-in student in with the text of the QR code the sede shows, as scanned: the room
    /// screen's check-in link (`https://…/academy/checkin?t=…`) or the bare token. Refusals come as
    /// ``PatioError/problem(_:)`` with Patio's code (`checkin_token_expired`, `no_class_now`, `no_classes_left`…).
    public func checkIn(scannedCode: String) async throws -> Components.Schemas.AcademyCheckInResult {
        let token = Self.token(scanned: scannedCode)
        return try await patio.call { try await patio.api.createAcademyCheckIn(body: .json(.init(token: token))).created.body.json }
    }

    /// The signed token in a scanned QR text: the `t` of a check-in link, or the text itself when it is not
    /// one (Patio then says what is wrong with it).
    static func token(scanned text: String) -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let link = URLComponents(string: text), link.scheme != nil, link.path.hasSuffix("/academy/checkin"),
            let token = link.queryItems?.first(where: { $0.name == "t" })?.value, !token.isEmpty
        else { return text }
        return token
    }

    /// The signed-in student's attendances, newest first, with the count per month.
    public func attendanceHistory() async throws -> Components.Schemas.AcademyAttendanceHistory {
        try await patio.call { try await patio.api.listMyAcademyAttendances().ok.body.json }
    }
}
