/// `Authorization: Bearer <token>`, read the one way Patio reads it.
public enum BearerToken {
    /// The text after the `Bearer` scheme (matched ignoring case), or nil for any other header.
    public static func from(_ header: String?) -> String? {
        guard let parts = header?.split(separator: " ", maxSplits: 1), parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }
}
