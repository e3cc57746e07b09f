import Foundation
import Hummingbird
import PatioCore
import PatioIdentity
import PatioPlatform

/// The original Controller APP's calls (`../shared/contracts/controller-app.md`) under its own paths, so the
/// app runs against Patio with only its base URL changed. Served only when `PATIO_COMPAT` names
/// `controller-app`; otherwise these paths answer 404 like any unknown address.
///
/// The paths sit under `RequestPath.compatPrefixes`, so the platform treats them as API calls: the
/// `TokenJWT` from the login is read as `Authorization: Bearer` by the normal authenticator, there is no
/// CSRF check, and every refusal is problem+json (the apps show any non-200 as an error). The other headers
/// the apps send on the later calls (`Usuario: Controller`, `Usuario: <usuario>`, `Identificacion`, the
/// login's seven) are accepted and ignored: they prove nothing, the token does.
enum ControllerAppRoutes {
    /// The contract's name in `PATIO_COMPAT`.
    static let contract = "controller-app"

    static let versionPath = "/apicontrollerpruebas/api/ParametrosFramework/ConsultarParametrosFramework/VPStoreAppControl"
    static let loginPath = "/FtEntregaElectronica/MultiCanales/ApiSeguridadPruebas/api/Seguridad/AuthenticaUsuarioApp"
    static let schemaPath = "/apicontrollerpruebas/api/SincronizadorDatos/ObtenerEsquema/true"
    static let localitiesPath = "/apicontrollerpruebas/api/ParametrosFramework/ObtenerLocalidadesRecogidas"

    /// Whether this deployment serves the contract (the setting was checked at start-up).
    static func isEnabled(_ settings: ModuleSettings) -> Bool {
        (try? settings.compatContracts())?.contains(contract) ?? false
    }

    static func register(on routes: CourierRoutes, services s: CourierServices, settings: IdentitySettings, offlineTables: OfflineTableRegistry) {
        let agent = Access.role(CourierRoles.agent)

        // Before sign-in: the app checks its version, then signs in.
        routes.get(versionPath, .everyone) { _, _ in
            try .json(ControllerAppVersion.wire(try await s.apps.latestVersion(app: CourierServices.appSlug)))
        }
        routes.post(loginPath, .everyone) { request, context in
            let login = try await ControllerAppLogin.read(request)
            let ip = ClientAddress.of(request, context: context, proxyHops: settings.trustedProxyHops)
            return try .json(try await ControllerAppLogin.signIn(login, ip: ip, services: s))
        }

        // With the login's TokenJWT as a bearer token: a working (not paused) agent, checked by CourierRoutes.
        routes.get(schemaPath, agent) { _, context in
            try .json(try await ControllerAppSchema.entries(for: try context.requirePrincipal(), services: s, registry: offlineTables))
        }
        routes.get(localitiesPath, agent) { _, _ in
            try .json(try await ControllerAppLocality.pickupNetwork(s.localities))
        }
    }
}
