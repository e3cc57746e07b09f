import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Why talking to SAES failed.
public enum SAESError: Error, Sendable, Equatable {
    /// No answer in time, or no connection at all.
    case unreachable(String)
    /// SAES answered its own crash page (`Error de servidor en la aplicación '/'`) or a 5xx.
    case serverError
    /// SAES answered its sign-in page: the session has ended.
    case sessionEnded
    /// An answer that is none of the above (a 4xx, a redirect loop, a body over the limit).
    case unexpected(String)
}

/// One answer from SAES after redirects were followed.
public struct SAESResponse: Sendable {
    public var status: Int
    public var contentType: String?
    public var body: [UInt8]
    /// The address the last redirect led to.
    public var url: String

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP as a browser does it with SAES: cookies carried across every redirect (ASP.NET sets the sign-in
/// ticket on a 302), a time limit on every request, bodies capped.
///
/// Every address — the first, each redirect, the CAPTCHA image — must be on the portal's own origin, and that
/// origin must be `https`, unless it is one of `plainHTTPPortals` (a portal the operator configured, such as
/// the fake portal on `http://127.0.0.1`). Anything else is refused before a byte is sent, so the student's
/// session cookies never reach another host, port or scheme.
public struct SAESHTTP: Sendable {
    let client: HTTPClient
    public var timeout: TimeAmount
    public var bodyLimit: Int
    /// Portals reached over plain `http`, each allowed by name because it was configured (never http at large).
    public var plainHTTPPortals: Set<SAESOrigin>

    /// `client` is Patio's own (``SAESHTTPClient/make()``, shut down when Patio stops) or, for tools and
    /// tests, the process-wide one.
    public init(
        client: SAESHTTPClient = .shared, timeout: TimeAmount = .seconds(20), bodyLimit: Int = 4 << 20,
        plainHTTPPortals: Set<SAESOrigin> = []
    ) {
        self.client = client.client
        self.timeout = timeout
        self.bodyLimit = bodyLimit
        self.plainHTTPPortals = plainHTTPPortals
    }

    /// GETs `url`, which (like every redirect from it) must be on `portal`'s origin.
    public func get(_ url: String, portal: String, cookies: inout SAESCookies) async throws(SAESError) -> SAESResponse {
        try await send(url, portal: portal, method: .GET, form: nil, cookies: &cookies)
    }

    /// POSTs `form` to `url`, which (like every redirect from it) must be on `portal`'s origin.
    public func post(_ url: String, portal: String, form: [FormField], cookies: inout SAESCookies) async throws(SAESError) -> SAESResponse {
        try await send(url, portal: portal, method: .POST, form: form, cookies: &cookies)
    }

    /// The portal's origin, when Patio may talk to it: `https`, or a configured plain-http portal.
    public func origin(ofPortal portal: String) throws(SAESError) -> SAESOrigin {
        guard let origin = SAESOrigin(portal), origin.scheme == "https" || plainHTTPPortals.contains(origin) else {
            throw .unexpected("Patio reads SAES over https only, and “\(portal.prefix(80))” is not an https portal.")
        }
        return origin
    }

    private func send(_ url: String, portal: String, method: HTTPMethod, form: [FormField]?, cookies: inout SAESCookies) async throws(SAESError)
        -> SAESResponse
    {
        let home = try origin(ofPortal: portal)
        var current = url
        var method = method
        var form = form
        for _ in 0..<6 {
            // Checked before the request is built: a hop elsewhere never gets the session's cookies.
            guard SAESOrigin(current) == home else {
                throw .unexpected("SAES pointed Patio to “\(current.prefix(80))”, outside its own portal \(home); Patio does not follow it.")
            }
            var request = HTTPClientRequest(url: current)
            request.method = method
            request.headers.add(name: "User-Agent", value: "Patio SAES connector")
            request.headers.add(name: "Accept", value: "text/html,image/*,*/*")
            if let cookie = cookies.header { request.headers.add(name: "Cookie", value: cookie) }
            if let form {
                request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                request.body = .bytes(ByteBuffer(string: SAESFormEncoding.encode(form)))
            }
            let status: Int
            let headers: HTTPHeaders
            let body: ByteBuffer
            do {
                let response = try await client.execute(request, timeout: timeout)
                status = Int(response.status.code)
                headers = response.headers
                body = try await response.body.collect(upTo: bodyLimit)
            } catch let error as NIOTooManyBytesError {
                throw .unexpected("The answer was larger than \(bodyLimit) bytes: \(error)")
            } catch {
                throw .unreachable(String(describing: error))
            }
            for header in headers["Set-Cookie"] { cookies.apply(setCookie: header) }
            if (300..<400).contains(status), let location = headers.first(name: "Location") {
                guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString else {
                    throw .unexpected("SAES redirected to “\(location.prefix(80))”.")
                }
                current = next
                // A browser follows a redirect after a post with a GET.
                method = .GET
                form = nil
                continue
            }
            if status >= 500 { throw .serverError }
            return SAESResponse(status: status, contentType: headers.first(name: "Content-Type"), body: Array(buffer: body), url: current)
        }
        throw .unexpected("SAES redirected more than five times.")
    }
}
