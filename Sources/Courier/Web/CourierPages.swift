import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// The courier pages. Agents: home (today's pickups, then photos, localities and the offline tables), a
/// pickup with its moves (also offline, courier.js). Dispatch: the live board with new pickups, a pickup's
/// photos and history, agents, and the network with CSV import and export.
enum CourierPages {
    static func register(
        on routes: CourierRoutes, services: CourierServices, web: WebRenderer, offlineTables: OfflineTableRegistry, sync: SyncService
    ) {
        let pages = CourierPageHandlers(s: services, web: web, offlineTables: offlineTables, sync: sync)
        let member = Access.anyRole(CourierRoles.members), admin = Access.role(CourierRoles.admin), agent = Access.role(CourierRoles.agent)
        // The agent's pages open offline after one visit (today's pickups, a pickup, the camera): courier.js
        // registers this worker with the signed-in account's id; sign-out deletes its copies.
        let worker = OfflineWorker(
            module: "courier",
            shell: [
                "/courier", "/courier/photos", "/static/patio.css", "/static/courier/courier.js",
                "/static/confirm.js", "/static/timezone.js",
            ])
        routes.get("/courier/sw.js", .everyone) { _, _ in worker.response }
        routes.get("/courier", member, pages.home)
        routes.get("/courier/localities", member, pages.localities)
        routes.get("/courier/tables", member, pages.tables)
        routes.get("/courier/photos", agent, pages.photos)
        routes.post("/courier/photos/upload", agent, pages.upload)
        routes.get("/courier/photos/{id}", member, pages.photo)
        routes.get("/courier/photos/{id}/image", member, CourierAPI.photoImage(services, thumbnail: false))
        routes.get("/courier/photos/{id}/thumbnail", member, CourierAPI.photoImage(services, thumbnail: true))
        routes.get("/courier/pickups/{id}", member, pages.pickup)
        routes.post("/courier/pickups/{id}/move", agent, pages.move)
        routes.post("/courier/sync/pickups", agent, pages.pushPickups)
        // The tables page pulls with the session cookie, by the sync API's rules.
        routes.get("/courier/sync/{collection}", member, SyncAPI.pull(pages.sync))
        routes.post("/courier/pickups/{id}/reassign", admin, pages.reassign)
        routes.post("/courier/pickups/{id}/cancel", admin, pages.cancel)
        routes.get("/courier/dispatch", admin, pages.dispatch)
        // Forms with typed fields post to their page's own address, so a refused one is shown again at an
        // address that answers GET (docs/web-pages.md); the others answer with a redirect to their page.
        routes.post("/courier/dispatch", admin, pages.createPickup)
        routes.webSocket("/courier/board/live", admin, prepare: BoardWatch.prepare(services))
        routes.get("/courier/agents", admin, pages.agents)
        routes.post("/courier/agents", admin, pages.createAgent)
        routes.get("/courier/agents/{id}", admin, pages.agent)
        routes.post("/courier/agents/{id}", admin, pages.updateAgent)
        routes.post("/courier/agents/{id}/active", admin, pages.setActive)
        routes.get("/courier/network", admin, pages.network)
        routes.post("/courier/network", admin, pages.importNetwork)
        routes.get("/courier/network/export", admin, CourierAPI.exportCSV(services))
    }
}
