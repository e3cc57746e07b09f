import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioModules
import Testing

/// Walks every declared route against every kind of caller and checks the declared rule is enforced
/// before any handler runs.
@Suite("Access rules on every route")
struct AccessRuleTests {
    /// Fills `{param}` segments so the route matches; the rule is checked before the value is used.
    func concrete(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") ? UUID().uuidString.lowercased() : String(segment)
        }.joined(separator: "/")
    }

    @Test("anonymous callers get 401 on the API and are sent to sign-in on pages; wrong-role callers get 403")
    func walk() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let plain = try await patio.token(for: "plain@demo.patio", client: client)
            #expect(patio.routes.count > 30)
            #expect(patio.routes.allSatisfy { $0.path.hasPrefix("/") })

            // A web session without roles, with its CSRF cookie, so POSTs reach the access check.
            let web = try await WebSession.signIn(client, email: "plain@demo.patio", password: TestPatio.password)

            for route in patio.routes where route.access != .everyone {
                // Monitoring routes answer scrapers, not people: SystemRoutesTests covers them.
                if case .monitoring = route.access { continue }
                let path = concrete(route.path)
                let isAPI = route.path.hasPrefix("/api/")
                if isAPI {
                    let anonymous = try await client.api(
                        route.method, path, body: route.method == .get || route.method == .delete ? nil : [String: String]())
                    #expect(anonymous.status == .unauthorized, "\(route.method) \(route.path) anonymous")
                } else {
                    let anonymous = try await WebSession.anonymous(client).send(route.method, path)
                    #expect(anonymous.status == .seeOther, "\(route.method) \(route.path) anonymous")
                    #expect(anonymous.headers[.location]?.hasPrefix("/login?next=") == true, "\(route.method) \(route.path)")
                }
                let role: String
                switch route.access {
                case .role(let one): role = one
                case .anyRole(let roles): role = roles.joined(separator: " or ")
                default: continue
                }
                let response =
                    isAPI
                    ? try await client.api(
                        route.method, path, token: plain, body: route.method == .get || route.method == .delete ? nil : [String: String]())
                    : try await web.send(route.method, path)
                #expect(response.status == .forbidden, "\(route.method) \(route.path) without \(role)")
            }
        }
    }

    @Test("every module's role-guarded routes refuse every other module's roles with 403")
    func otherModulesRolesAreRefused() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            var tokens: [String: String] = [:]
            var sessions: [String: WebSession] = [:]
            for module in patio.components.modules.modules {
                for role in module.roles.map(\.id) {
                    let email = "\(role.replacingOccurrences(of: ".", with: "-"))@test.patio"
                    tokens[role] = try await patio.token(for: email, roles: [role], client: client)
                    sessions[role] = try await WebSession.signIn(client, email: email, password: TestPatio.password)
                }
            }
            var checked = 0
            for module in patio.components.modules.modules {
                let own = Set(module.roles.map(\.id))
                let prefixes = ["/api/v1/\(module.id)/", "/\(module.id)/"]
                for route in patio.routes where prefixes.contains(where: route.path.hasPrefix) {
                    let allowed: [String]
                    switch route.access {
                    case .role(let role): allowed = [role]
                    case .anyRole(let roles): allowed = roles
                    default: continue
                    }
                    for (role, token) in tokens where !own.contains(role) && !allowed.contains(role) {
                        let path = concrete(route.path)
                        let response =
                            route.path.hasPrefix("/api/")
                            ? try await client.api(
                                route.method, path, token: token, body: route.method == .get || route.method == .delete ? nil : [String: String]())
                            : try await sessions[role]!.send(route.method, path)
                        #expect(response.status == .forbidden, "\(route.method) \(route.path) as \(role)")
                        checked += 1
                    }
                }
            }
            #expect(checked > 100)
        }
    }
}
