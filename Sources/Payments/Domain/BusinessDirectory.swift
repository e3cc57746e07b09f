import FluentKit
import Foundation
import PatioCore
import PatioData

struct BusinessListing: Codable, Sendable {
    var accountId: UUID
    var businessName: String
    var category: String
    var latitude: Double?
    var longitude: Double?
    var distanceKm: Double?
    var premium: Bool
}

/// Businesses near a point: premium (active plan) first, then by distance, then by name, then by account —
/// a total order, so pages never repeat or skip a business.
struct BusinessDirectory: Sendable {
    let database: PatioDatabase

    func search(near: (latitude: Double, longitude: Double)?, category: String?, page: CursorPageRequest) async throws -> CursorPage<BusinessListing>
    {
        let after = try page.after.map { try Position(cursor: $0) }
        let db = try database.reader
        var query = PaymentsProfileModel.query(on: db).filter(\.$kind == "business")
        if let category, !category.isEmpty { query = query.filter(\.$category == category) }
        let businesses = try await query.all()
        let premium = Set(try await SubscriptionModel.query(on: db).filter(\.$status == "active").all().map(\.businessID))
        let listings = businesses.map { profile in
            BusinessListing(
                accountId: profile.accountID, businessName: profile.businessName ?? "", category: profile.category ?? "",
                latitude: profile.latitude, longitude: profile.longitude,
                distanceKm: near.flatMap { point in
                    guard let latitude = profile.latitude, let longitude = profile.longitude else { return nil }
                    return (Self.kilometres(point.latitude, point.longitude, latitude, longitude) * 100).rounded() / 100
                },
                premium: premium.contains(profile.accountID))
        }
        let ordered = listings.map { (Position($0), $0) }.filter { after.map($0.0.isAfter) ?? true }.sorted { $0.0.isBefore($1.0) }
        let items = ordered.prefix(page.limit).map(\.1)
        let next = ordered.count > page.limit ? ordered[page.limit - 1].0.cursor : nil
        return CursorPage(items: Array(items), nextCursor: next)
    }

    /// Where a listing sits in the directory's order; the cursor is the position of a page's last listing.
    struct Position: Equatable {
        var premium: Bool
        /// Unknown distances sort last.
        var distanceKm: Double?
        var name: String
        var accountId: UUID

        init(_ listing: BusinessListing) {
            (premium, distanceKm, name, accountId) = (listing.premium, listing.distanceKm, listing.businessName, listing.accountId)
        }

        /// `p|distance|id|name` with the name in base64url (names may hold any character); anything else is
        /// `invalid_cursor`, including distances that are not finite non-negative numbers.
        init(cursor key: String) throws {
            let parts = key.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4, ["0", "1"].contains(parts[0]),
                let id = UUID(uuidString: parts[2]),
                let nameData = Data(base64URLEncoded: parts[3]), let name = String(data: nameData, encoding: .utf8)
            else { throw Self.invalid }
            var distance: Double?
            if parts[1] != "-" {
                guard let value = Double(parts[1]), value.isFinite, value >= 0 else { throw Self.invalid }
                distance = value
            }
            (premium, distanceKm, self.name, accountId) = (parts[0] == "1", distance, name, id)
        }

        static let invalid = AppError.badRequest(code: "invalid_cursor", "The cursor is not one this server gave out.")

        var cursor: String {
            CursorPageRequest.cursor(
                for: "\(premium ? "1" : "0")|\(distanceKm.map { "\($0)" } ?? "-")|\(accountId.uuidString)|\(Data(name.utf8).base64URLEncodedString())"
            )
        }

        func isBefore(_ other: Position) -> Bool {
            if premium != other.premium { return premium }
            let a = distanceKm ?? .infinity, b = other.distanceKm ?? .infinity
            if a != b { return a < b }
            if name != other.name { return name < other.name }
            return accountId.uuidString < other.accountId.uuidString
        }

        func isAfter(_ other: Position) -> Bool { other.isBefore(self) }
    }

    /// Great-circle distance (haversine, mean Earth radius).
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0088 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
