/// The envelope every list answer uses: `{"items": [...]}` (room to add paging fields without breaking clients).
public struct Items<Item: Encodable & Sendable>: Encodable, Sendable {
    public var items: [Item]

    public init(items: [Item]) { self.items = items }
    public init(_ items: [Item]) { self.items = items }
}
