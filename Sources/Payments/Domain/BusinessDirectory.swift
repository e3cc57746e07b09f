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

/// Businesses near a point: premium (active plan) first, then by distance, then by name.
struct BusinessDirectory: Sendable {
    let database: PatioDatabase

    func search(near: (latitude: Double, longitude: Double)?, category: String?) async throws -> [BusinessListing] {
        let db = try database.reader
        var query = PaymentsProfileModel.query(on: db).filter(\.$kind == "business")
        if let category, !category.isEmpty { query = query.filter(\.$category == category) }
        let businesses = try await query.all()
        let premium = Set(try await SubscriptionModel.query(on: db).filter(\.$status == "active").all().map(\.businessID))
        let listings = businesses.map { profile in
            BusinessListing(accountId: profile.accountID, businessName: profile.businessName ?? "", category: profile.category ?? "",
                            latitude: profile.latitude, longitude: profile.longitude,
                            distanceKm: near.flatMap { point in
                                guard let latitude = profile.latitude, let longitude = profile.longitude else { return nil }
                                return (Self.kilometres(point.latitude, point.longitude, latitude, longitude) * 100).rounded() / 100
                            },
                            premium: premium.contains(profile.accountID))
        }
        return listings.sorted {
            if $0.premium != $1.premium { return $0.premium }
            let a = $0.distanceKm ?? .infinity, b = $1.distanceKm ?? .infinity
            return a != b ? a < b : $0.businessName < $1.businessName
        }
    }

    /// Great-circle distance (haversine, mean Earth radius).
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0088 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
