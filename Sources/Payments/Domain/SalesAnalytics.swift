import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

struct SalesBucket: Codable, Sendable, Equatable {
    var label: String
    var amount: Int
    var count: Int
}

struct CategoryShare: Codable, Sendable, Equatable {
    var category: String
    var amount: Int
    /// Share of the period's total, 0…1 (rounded to 4 decimals).
    var share: Double
}

/// A business's sales over a week (per day) or a month (per week), from the payments it actually received.
struct SalesReport: Codable, Sendable {
    var period: String
    var currency: String
    var from: String
    var to: String
    var total: Int
    var count: Int
    /// Total ÷ buckets (per day for a week, per week for a month), rounded half to even.
    var average: Int
    var series: [SalesBucket]
    var categories: [CategoryShare]
    var previousTotal: Int
    /// (total − previous) ÷ previous; absent when the previous period sold nothing.
    var growth: Double?
}

/// Sales analytics over accepted payment requests (each one is a ledger transfer into the business's wallet).
struct SalesAnalytics: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    enum Period: String { case week, month }

    /// UTC days: a week is the last 7 days up to today, a month the last 28 days in 4 weeks.
    func report(business: PaymentsProfileModel, period: Period) async throws -> SalesReport {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: clock.now())
        let days = period == .week ? 7 : 28
        let start = calendar.date(byAdding: .day, value: -(days - 1), to: today)!
        let end = calendar.date(byAdding: .day, value: 1, to: today)!
        let previousStart = calendar.date(byAdding: .day, value: -days, to: start)!
        struct Row: Decodable { let amount: Int; let category: String; let decided_at: Date }
        let rows = try await (try database.reader.sql).raw(
            """
            SELECT amount, category, decided_at FROM payments_requests
            WHERE business_id = \(bind: business.accountID) AND status = 'accepted'
              AND decided_at >= \(bind: previousStart) AND decided_at < \(bind: end)
            """
        ).all(decoding: Row.self)
        let current = rows.filter { $0.decided_at >= start }
        let previousTotal = rows.filter { $0.decided_at < start }.reduce(0) { $0 + $1.amount }
        let bucketDays = period == .week ? 1 : 7
        var series: [SalesBucket] = []
        for index in 0..<(days / bucketDays) {
            let from = calendar.date(byAdding: .day, value: index * bucketDays, to: start)!
            let to = calendar.date(byAdding: .day, value: bucketDays, to: from)!
            let inBucket = current.filter { $0.decided_at >= from && $0.decided_at < to }
            series.append(SalesBucket(label: Self.day(from), amount: inBucket.reduce(0) { $0 + $1.amount }, count: inBucket.count))
        }
        let total = current.reduce(0) { $0 + $1.amount }
        var byCategory: [String: Int] = [:]
        for row in current { byCategory[row.category, default: 0] += row.amount }
        let categories = byCategory.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
            CategoryShare(category: $0.key, amount: $0.value, share: total == 0 ? 0 : (Double($0.value) / Double(total) * 10_000).rounded() / 10_000)
        }
        var average = Decimal(total) / Decimal(series.count)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &average, 0, .bankers)
        return SalesReport(
            period: period.rawValue, currency: business.currency, from: Self.day(start), to: Self.day(today), total: total, count: current.count,
            average: NSDecimalNumber(decimal: rounded).intValue, series: series, categories: categories, previousTotal: previousTotal,
            growth: previousTotal == 0 ? nil : (Double(total - previousTotal) / Double(previousTotal) * 10_000).rounded() / 10_000
        )
    }

    static func day(_ date: Date) -> String { String(Timestamp.format(date).prefix(10)) }
}
