import Foundation
import Hummingbird
import PatioCore
import PatioIdentity
import PatioPlatform

/// The original Controller APP's calls (`../shared/contracts/controller-app.md`) under its own paths, so the
/// app runs against Patio with only its base URL changed. Served only when `PATIO_COMPAT` names
/// `controller-app`; otherwise these paths answer 404 like any unknown address.
///
/// The paths sit under the contract's prefixes, so the platform treats them as API calls: a token is
/// read only from `Authorization: Bearer`, there is no CSRF check, and every refusal is problem+json (the
/// apps show any non-200 as an error). The schema and the localities are reference data served to the apps'
/// own requests, which carry no token (see `ControllerAppCaller`).
enum ControllerAppRoutes {
    /// The contract's name in `PATIO_COMPAT`.
    static let contract = "controller-app"

    static let versionPath = "/apicontrollerpruebas/api/ParametrosFramework/ConsultarParametrosFramework/VPStoreAppControl"
    static let loginPath = "/FtEntregaElectronica/MultiCanales/ApiSeguridadPruebas/api/Seguridad/AuthenticaUsuarioApp"
    static let schemaPath = "/apicontrollerpruebas/api/SincronizadorDatos/ObtenerEsquema/true"
    static let localitiesPath = "/apicontrollerpruebas/api/ParametrosFramework/ObtenerLocalidadesRecogidas"

    /// The contract as the platform reads it: its name and where its paths start.
    static let compatContract = CompatContract(name: contract, pathPrefixes: ["/apicontrollerpruebas/", "/FtEntregaElectronica/"])

    /// Whether this deployment serves the contract (the setting was checked at start-up).
    static func isEnabled(_ settings: ModuleSettings) -> Bool {
        settings.compatContracts.contains(contract)
    }

    static func register(on routes: CourierRoutes, services s: CourierServices, settings: IdentitySettings, offlineTables: OfflineTableRegistry) {
        // Before sign-in: the app checks its version, then signs in.
        routes.get(versionPath, .everyone) { _, _ in
            try .json(ControllerAppVersion.wire(try await s.apps.latestVersion(app: CourierServices.appSlug)))
        }
        routes.post(loginPath, .everyone) { request, context in
            let login = try await ControllerAppLogin.read(request)
            let ip = ClientAddress.of(request, context: context, proxyHops: settings.trustedProxyHops)
            return try .json(try await ControllerAppLogin.signIn(login, ip: ip, services: s))
        }

        // Reference data, as the apps ask for it: without a token; a token that is sent must be live.
        routes.get(schemaPath, .everyone) { request, context in
            try await ControllerAppCaller.checkReferenceRead(request, context: context, agents: s.agents)
            return try .json(try await ControllerAppSchema.entries(services: s, registry: offlineTables))
        }
        routes.get(localitiesPath, .everyone) { request, context in
            try await ControllerAppCaller.checkReferenceRead(request, context: context, agents: s.agents)
            return try .json(try await ControllerAppLocality.pickupNetwork(s.localities))
        }
    }
}
