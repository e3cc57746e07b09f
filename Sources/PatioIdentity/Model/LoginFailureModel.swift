import FluentKit
import Foundation

/// A failed sign-in, kept for the throttling window. Stored in the database (not in memory) so that
/// several Patio instances behind one load balancer throttle together.
public final class LoginFailureModel: Model, @unchecked Sendable {
    public static let schema = "login_failures"

    @ID(key: .id) public var id: UUID?
    @Field(key: "email") public var email: String
    @Field(key: "ip") public var ip: String
    @Field(key: "failed_at") public var failedAt: Date

    public init() {}

    public init(email: String, ip: String, failedAt: Date) {
        self.id = UUID()
        self.email = email
        self.ip = ip
        self.failedAt = failedAt
    }
}
