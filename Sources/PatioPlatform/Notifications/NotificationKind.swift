import PatioCore

/// Where a notification can reach someone besides their inbox, which every notification lands in.
public enum NotificationChannel: String, Sendable, CaseIterable, Codable {
    /// The web app, through the browser's push service (a phone's or a computer's).
    case webPush = "web_push"
    /// A native app through PatioKit, by Apple's push service.
    case apns
}

/// A kind of notification a module sends: its id (`<module>.<name>`), whether each channel is on until the
/// person says otherwise, the words it shows in each language and the page a tap opens.
///
/// Words are templates: `{name}` is replaced by the parameter of that name given when it is sent, so the
/// inbox shows each notification in its reader's language, not the sender's.
public struct NotificationKind: Sendable {
    public let id: String
    /// Channels that are on for someone who never chose.
    public let onByDefault: Set<NotificationChannel>
    /// True when the body names something a stranger reading a locked phone should not see (a grade, an
    /// amount): pushed, such a notification shows only its title and `lockScreen` words unless its reader
    /// chose to see details on the lock screen. The inbox always shows the body.
    public let isPrivate: Bool
    /// Parameters that are days (`yyyy-MM-dd`), shown as the reader says days: "mar 1 dic", "Tue, Dec 1".
    /// Other parameters are shown as they were given, so free text that looks like a day stays as written.
    public let days: Set<String>
    private let spanish: NotificationWords
    private let english: NotificationWords

    public init(
        _ id: String, onByDefault: Set<NotificationChannel> = Set(NotificationChannel.allCases), isPrivate: Bool = false,
        days: Set<String> = [], spanish: NotificationWords, english: NotificationWords
    ) {
        self.id = id
        self.onByDefault = onByDefault
        self.isPrivate = isPrivate
        self.days = days
        self.spanish = spanish
        self.english = english
    }

    /// The words in `locale`.
    public func words(_ locale: PatioLocale) -> NotificationWords {
        switch locale {
        case .es: spanish
        case .en: english
        }
    }

    /// The module that declares it: what comes before the first dot.
    public var module: String { String(id.prefix { $0 != "." }) }
}

/// What a kind of notification says, in one language.
public struct NotificationWords: Sendable {
    /// What the preferences page calls the kind: "A task assigned to me".
    public let name: String
    /// The notification's first line: "New task".
    public let title: String
    /// The rest: "{task} is due {due}." May name private things (see ``NotificationKind/isPrivate``).
    public let body: String
    /// Said instead of `body` on a lock screen when the kind is private: "Open Patio to see it."
    public let lockScreen: String

    public init(name: String, title: String, body: String, lockScreen: String = "") {
        self.name = name
        self.title = title
        self.body = body
        self.lockScreen = lockScreen
    }

    /// `template` with each `{key}` replaced by `parameters[key]`; a key with no parameter is left out, so a
    /// template never shows its braces to a person.
    public static func fill(_ template: String, _ parameters: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                result += rest[open...]
                return result
            }
            result += parameters[String(rest[afterOpen..<close])] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}
