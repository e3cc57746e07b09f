import Foundation
import PatioAPI

extension Patio {
    /// The SAES app's calls: grades, schedule, kardex, and linking the student's own SAES account.
    public var campus: CampusFacade { CampusFacade(patio: self) }
}

/// Campus (SAES), for students.
public struct CampusFacade: Sendable {
    let patio: Patio

    /// Grades by group with the averages (the current period unless one is named).
    public func grades(periodID: String? = nil) async throws -> Components.Schemas.CampusGradeReport {
        try await patio.call { try await patio.api.getCampusMyGrades(query: .init(periodId: periodID)).ok.body.json }
    }

    /// The week's classes.
    public func schedule(periodID: String? = nil) async throws -> Components.Schemas.CampusSchedule {
        try await patio.call { try await patio.api.getCampusMySchedule(query: .init(periodId: periodID)).ok.body.json }
    }

    /// The kardex by semester with averages and credits, optionally searched.
    public func kardex(search: String? = nil) async throws -> Components.Schemas.CampusKardex {
        try await patio.call { try await patio.api.getCampusMyKardex(query: .init(q: search)).ok.body.json }
    }

    /// Linking SAES, step 1: the school's CAPTCHA image (`data:image/png;base64,…`) to show the student.
    public func startSAESLink(school: String) async throws -> Components.Schemas.CampusSAESChallenge {
        try await patio.call { try await patio.api.startCampusSAESLink(body: .json(.init(school: school))).created.body.json }
    }

    /// Linking SAES, step 2: what the student typed. A mistyped CAPTCHA throws
    /// ``PatioError/problem(_:)`` with `saes_wrong_captcha` (ask ``startSAESLink(school:)`` again or read the new
    /// image); SAES being down, `saes_unavailable`.
    ///
    /// `keepPassword: true` has Patio keep the password (sealed) so that signing in again after SAES ends the
    /// session needs only a new CAPTCHA and `password: nil`; `false` forgets a kept one; `nil` (the default)
    /// leaves a kept password as it is when `password` is nil, and keeps none for a newly typed one.
    public func completeSAESLink(boleta: String, password: String?, captcha: String, keepPassword: Bool? = nil) async throws
        -> Components.Schemas.CampusSAESLink
    {
        try await patio.call {
            try await patio.api.completeCampusSAESLink(
                body: .json(.init(boleta: boleta, password: password, captcha: captcha, keepPassword: keepPassword))
            )
            .ok.body.json
        }
    }

    /// Everything Patio read from the student's SAES, with each page's status.
    public func saesRecord() async throws -> Components.Schemas.CampusSAESRecord {
        try await patio.call { try await patio.api.getCampusSAESRecord().ok.body.json }
    }
}
