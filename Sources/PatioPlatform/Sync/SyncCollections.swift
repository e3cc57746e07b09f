import Synchronization

/// The synced collections of every running module, filled once they have started.
///
/// Patio has one ``SyncService``: the API's routes and a module's own pages (an offline page pushing what a
/// phone kept) use the same instance. Modules build their collections from services they create in
/// `start`, so the service exists first and learns the collections once every module has started, before
/// the first request is served.
public final class SyncCollections: Sendable {
    private let byName = Mutex<[String: SyncCollection]>([:])

    public init(_ collections: [SyncCollection] = []) {
        add(collections)
    }

    /// Adds `collections`; a name already present keeps its first collection.
    public func add(_ collections: [SyncCollection]) {
        byName.withLock { byName in
            for collection in collections where byName[collection.name] == nil { byName[collection.name] = collection }
        }
    }

    /// The collection called `name`, if a running module syncs it.
    public subscript(name: String) -> SyncCollection? {
        byName.withLock { $0[name] }
    }
}
