import PatioCore

/// Every enabled module's kinds of notification, by id.
public struct NotificationKinds: Sendable {
    private let byID: [String: NotificationKind]
    /// In the order the modules declared them, for the preferences page.
    public let all: [NotificationKind]

    /// A kind whose id does not start with a declaring module's id and a dot, or declared twice, is a
    /// mistake in a module: start-up stops naming it.
    public init(_ declared: [(module: String, kinds: [NotificationKind])]) throws {
        var byID: [String: NotificationKind] = [:]
        var all: [NotificationKind] = []
        for (module, kinds) in declared {
            for kind in kinds {
                guard kind.module == module, kind.id.count > module.count + 1 else {
                    throw SettingError("The notification kind \(kind.id) of module \(module) must be named \(module).<name>")
                }
                guard byID[kind.id] == nil else { throw SettingError("The notification kind \(kind.id) is declared twice") }
                byID[kind.id] = kind
                all.append(kind)
            }
        }
        self.byID = byID
        self.all = all
    }

    public subscript(id: String) -> NotificationKind? { byID[id] }
}
