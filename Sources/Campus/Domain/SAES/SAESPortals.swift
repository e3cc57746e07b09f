import SAESConnector

/// Where each school's SAES is: IPN's own portals, or every school under one address
/// (`PATIO_CAMPUS_SAES_PORTAL=http://127.0.0.1:8091/{school}/`, for the fake portal).
struct SAESPortals: Sendable {
    let template: String?

    func url(for school: SAESSchool) -> String {
        template.map { $0.replacingOccurrences(of: "{school}", with: school.code) } ?? school.portalURL
    }

    /// The configured portal's origins that are plain `http`: the connector may reach exactly these without
    /// https (the fake portal in development and tests). IPN's own portals are https, so this is empty then.
    var plainHTTPOrigins: Set<SAESOrigin> {
        guard template != nil else { return [] }
        return Set(SAESSchool.all.compactMap { SAESOrigin(url(for: $0)) }.filter { $0.scheme == "http" })
    }
}
