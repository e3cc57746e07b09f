import FluentKit

/// The courier tables, in the order they were introduced.
public enum CourierMigrations {
    public static let all: [any Migration] = [CreateLocalities(), CreateAgents(), CreatePickups(), CreatePickupEvents(), CreatePhotos()]
}
