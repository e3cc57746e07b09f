import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// A browser-like session for page tests: keeps the session and CSRF cookies and sends forms.
public struct WebSession: Sendable {
    public let client: any TestClientProtocol
    public var cookies: [String: String]
    public var csrf: String { cookies["patio_csrf"] ?? "" }

    public init(client: any TestClientProtocol, cookies: [String: String]) {
        self.client = client
        self.cookies = cookies
    }

    public static func anonymous(_ client: any TestClientProtocol) async throws -> WebSession {
        var session = WebSession(client: client, cookies: [:])
        _ = try await session.get("/login")
        return session
    }

    public static func signIn(_ client: any TestClientProtocol, email: String, password: String) async throws -> WebSession {
        var session = try await anonymous(client)
        let response = try await session.post("/login", form: ["email": email, "password": password, "next": "/"])
        try #require(response.status == .seeOther, "web sign-in failed with \(response.status)")
        return session
    }

    public mutating func absorb(_ response: TestResponse) {
        for field in response.headers[values: .setCookie] {
            // A cookie set to nothing (`name=; Max-Age=0`) is deleted: it is kept empty, and empty ones are not sent.
            let pair = field.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            cookies[String(pair[0])] = String(pair[1])
        }
    }

    public var cookieHeader: String { cookies.filter { !$0.value.isEmpty }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

    public mutating func get(_ path: String, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if !cookies.isEmpty { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: path, method: .get, headers: headers)
        absorb(response)
        return response
    }

    public mutating func post(_ path: String, form: [String: String], includeCSRF: Bool = true) async throws -> TestResponse {
        var fields = form
        if includeCSRF { fields["_csrf"] = csrf }
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if !cookies.isEmpty { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
        absorb(response)
        return response
    }

    /// What the browser does with a form's answer: a `303 See Other` is followed with a GET of its address
    /// (Post/Redirect/Get); anything else is the page shown. `at` is the address the browser then shows, which
    /// reloading or a page's script (`fetch(location.href)`) asks for again with GET.
    public mutating func follow(_ response: TestResponse, from address: String) async throws -> (page: TestResponse, at: String) {
        guard response.status == .seeOther, let location = response.headers[.location] else { return (response, address) }
        return (try await get(location), location)
    }

    /// A form sent and its answer followed as the browser does: the page shown and the address it is shown at.
    public mutating func submit(_ path: String, form: [String: String]) async throws -> (page: TestResponse, at: String) {
        try await follow(try await post(path, form: form), from: path)
    }

    /// A POST whose body is a file, as a page's script sends it: the CSRF token in `X-CSRF-Token`.
    public mutating func post(_ path: String, bytes: [UInt8], contentType: String, includeCSRF: Bool = true) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: contentType]
        if includeCSRF { headers[HTTPField.Name("X-CSRF-Token")!] = csrf }
        if !cookies.isEmpty { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: bytes))
        absorb(response)
        return response
    }

    /// Sends any method the way a browser would for that page (forms for POST).
    public func send(_ method: HTTPRequest.Method, _ path: String) async throws -> TestResponse {
        var copy = self
        return method == .post ? try await copy.post(path, form: [:]) : try await copy.get(path)
    }

    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? text
    }
}
