import Hummingbird

/// Where people's phones reach Patio, for links that leave the browser (QR codes, pay links).
public enum PublicAddress {
    /// `PATIO_PUBLIC_URL` without a trailing slash, else `http://` + the host the request came to.
    public static func base(publicURL: String?, request: Request) -> String {
        if let url = publicURL { return url.hasSuffix("/") ? String(url.dropLast()) : url }
        return "http://\(request.head.authority ?? "localhost")"
    }
}
