import SAESConnector

/// Where each school's SAES is: IPN's own portals, or every school under one address
/// (`PATIO_CAMPUS_SAES_PORTAL=http://127.0.0.1:8091/{school}/`, for the fake portal).
struct SAESPortals: Sendable {
    let template: String?

    func url(for school: SAESSchool) -> String {
        template.map { $0.replacingOccurrences(of: "{school}", with: school.code) } ?? school.portalURL
    }
}
