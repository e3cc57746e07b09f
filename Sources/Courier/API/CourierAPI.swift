import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PatioCore
import PatioPlatform

/// `/api/v1/courier/…`: dispatch (`courier.admin`) runs agents, the network and every pickup; an agent
/// (`courier.agent`) works their own pickups and photos; both read the network.
enum CourierAPI {
    /// A CSV of the whole network (tens of thousands of lines) fits well inside this.
    static let maxCSVBytes = 16 * 1024 * 1024

    static func register(on routes: CourierRoutes, services s: CourierServices) {
        let admin = Access.role(CourierRoles.admin), agent = Access.role(CourierRoles.agent), member = Access.anyRole(CourierRoles.members)

        // Agents
        routes.get("/api/v1/courier/agents", admin) { request, _ in
            try .json(Items(items: try await s.agents.list(query: request.uri.queryParameters["q"].map(String.init))))
        }
        routes.post("/api/v1/courier/agents", admin) { request, _ in
            try .json(try await s.agents.create(try await JSONBody.decode(AgentService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/courier/agents/{id}", admin) { _, context in
            try .json(try await s.agents.find(try context.uuidParameter("id")))
        }
        routes.put("/api/v1/courier/agents/{id}", admin) { request, context in
            try .json(try await s.agents.update(try context.uuidParameter("id"), try await JSONBody.decode(AgentService.Input.self, from: request)))
        }
        routes.post("/api/v1/courier/agents/{id}/deactivate", admin) { _, context in
            try .json(try await s.agents.setActive(false, id: try context.uuidParameter("id")))
        }
        routes.post("/api/v1/courier/agents/{id}/activate", admin) { _, context in
            try .json(try await s.agents.setActive(true, id: try context.uuidParameter("id")))
        }
        routes.get("/api/v1/courier/me", agent) { _, context in
            let principal = try context.requirePrincipal()
            let profile = try await s.agents.profile(principal)
            return try .json(try await s.agents.views([profile])[0])
        }

        // Localities
        routes.get("/api/v1/courier/localities", member) { request, _ in
            let query = request.uri.queryParameters
            return try .json(
                try await s.localities.list(
                    query: query["q"].map(String.init), openNow: try flag(query["openNow"], "openNow") ?? false,
                    pickupAllowed: try flag(query["pickupAllowed"], "pickupAllowed"),
                    page: try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))))
        }
        routes.get("/api/v1/courier/localities/export", admin, exportCSV(s))
        routes.post("/api/v1/courier/localities/import", admin) { request, _ in
            try .json(try await s.localities.importCSV(try await csvText(request)))
        }
        routes.get("/api/v1/courier/localities/{code}", member) { _, context in
            try .json(try await s.localities.find(code: try context.stringParameter("code")))
        }

        // Pickups: dispatch
        routes.get("/api/v1/courier/pickups", admin) { request, _ in
            let query = request.uri.queryParameters
            let state = try query["state"].map { text in
                guard let state = PickupState(rawValue: String(text)) else {
                    throw AppError.validation(field: "state", "Use assigned, on_the_way, collected, failed or cancelled.", code: "state_choice")
                }
                return state
            }
            let agentID = try query["agentId"].map { text in
                guard let id = UUID(uuidString: String(text)) else {
                    throw AppError.validation(field: "agentId", "Give an agent's id.", code: "agent_id_format")
                }
                return id
            }
            return try .json(
                Items(items: try await s.pickups.board(day: try day(query["day"].map(String.init), clock: s.clock), state: state, agentID: agentID)))
        }
        routes.post("/api/v1/courier/pickups", admin) { request, context in
            try .json(
                try await s.pickups.create(
                    try await JSONBody.decode(PickupService.Input.self, from: request), by: try context.requirePrincipal().accountID),
                status: .created)
        }
        routes.post("/api/v1/courier/pickups/{id}/reassign", admin) { request, context in
            struct Body: Decodable { var agentId: UUID? }
            let body = try await JSONBody.decode(Body.self, from: request)
            return try .json(try await s.pickups.reassign(try context.uuidParameter("id"), to: body.agentId, by: try context.requirePrincipal()))
        }
        routes.post("/api/v1/courier/pickups/{id}/cancel", admin) { _, context in
            try .json(try await s.pickups.cancel(try context.uuidParameter("id"), by: try context.requirePrincipal()))
        }
        routes.webSocket("/api/v1/courier/board/events", admin, prepare: BoardWatch.prepare(s))

        // Pickups: both (an agent only their own)
        routes.get("/api/v1/courier/pickups/{id}", member) { _, context in
            try .json(try await s.pickups.find(try context.uuidParameter("id"), viewer: try context.requirePrincipal()))
        }
        routes.get("/api/v1/courier/pickups/{id}/history", member) { _, context in
            try .json(Items(items: try await s.pickups.history(try context.uuidParameter("id"), viewer: try context.requirePrincipal())))
        }
        routes.get("/api/v1/courier/pickups/{id}/photos", member) { _, context in
            let id = try context.uuidParameter("id")
            _ = try await s.pickups.model(id, viewer: try context.requirePrincipal())
            return try .json(Items(items: try await s.photos.photos(ofPickup: id)))
        }

        // Pickups: the agent
        routes.get("/api/v1/courier/me/pickups", agent) { request, context in
            let text = request.uri.queryParameters["day"].map(String.init)
            let requested = try text.map { try day($0, clock: s.clock) }
            let agenda = try await s.pickups.agenda(try context.requirePrincipal(), day: requested)
            return try .json(Agenda(day: agenda.day.description, items: agenda.pickups))
        }
        for action in [PickupState.Action.start, .collect, .fail] {
            routes.post("/api/v1/courier/pickups/{id}/\(action.rawValue)", agent) { request, context in
                let report = try await optionalJSON(PickupService.Report.self, request)
                return try .json(
                    try await s.pickups.act(try context.uuidParameter("id"), action, report: report ?? .init(), by: try context.requirePrincipal()))
            }
        }

        // Photos
        routes.post("/api/v1/courier/photos", agent) { request, context in
            let query = request.uri.queryParameters
            let pickupID = try query["pickupId"].map { text in
                guard let id = UUID(uuidString: String(text)) else {
                    throw AppError.validation(field: "pickupId", "Give a pickup's id.", code: "pickup_id_format")
                }
                return id
            }
            let keepLocation = try flag(query["keepLocation"], "keepLocation") ?? false
            let key = request.headers[HTTPField.Name("Idempotency-Key")!]
            let bytes: ByteBuffer
            do {
                bytes = try await request.body.collect(upTo: PhotoService.maxBytes)
            } catch {
                throw AppError(.contentTooLarge, code: "photo_too_large", detail: "A photo may be at most \(PhotoService.maxBytes / 1024 / 1024) MB.")
            }
            let (photo, created) = try await s.photos.upload(
                Array(buffer: bytes), key: key, keepLocation: keepLocation, pickupID: pickupID,
                by: try context.requirePrincipal())
            return try .json(photo, status: created ? .created : .ok)
        }
        routes.get("/api/v1/courier/photos", agent) { _, context in
            try .json(Items(items: try await s.photos.gallery(try context.requirePrincipal())))
        }
        routes.get("/api/v1/courier/photos/{id}", member) { _, context in
            try .json(PhotoService.view(try await s.photos.find(try context.uuidParameter("id"), viewer: try context.requirePrincipal())))
        }
        routes.get("/api/v1/courier/photos/{id}/image", member, photoImage(s, thumbnail: false))
        routes.get("/api/v1/courier/photos/{id}/thumbnail", member, photoImage(s, thumbnail: true))
        routes.patch("/api/v1/courier/photos/{id}", agent) { request, context in
            struct Body: Decodable { var pickupId: UUID? }
            let body = try await JSONBody.decode(Body.self, from: request)
            return try .json(try await s.photos.attach(try context.uuidParameter("id"), to: body.pickupId, by: try context.requirePrincipal()))
        }
        routes.delete("/api/v1/courier/photos/{id}", agent) { _, context in
            try await s.photos.delete(try context.uuidParameter("id"), by: try context.requirePrincipal())
            return .noContent
        }
    }

    /// A photo's image or thumbnail for its viewer (apps with their token, pages with the session cookie).
    static func photoImage(_ s: CourierServices, thumbnail: Bool) -> PatioRoutes.Handler {
        { request, context in
            try await s.photos.image(try context.uuidParameter("id"), thumbnail: thumbnail, viewer: try context.requirePrincipal()).response(
                for: request)
        }
    }

    /// The whole network as a CSV download (the API's export and the network page's link).
    static func exportCSV(_ s: CourierServices) -> PatioRoutes.Handler {
        { _, _ in
            let csv = LocalityCSV.render(try await s.localities.all())
            return Response(
                status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"localidades.csv\""],
                body: .init(byteBuffer: ByteBuffer(string: csv)))
        }
    }

    /// The agent's day.
    struct Agenda: Codable, Sendable {
        var day: String
        var items: [PickupView]
    }

    /// The courier works in Colombia: "today" for dispatch is Bogotá's.
    static let homeTimeZone = TimeZone(identifier: "America/Bogota") ?? .gmt

    /// `day` as given (yyyy-MM-dd), or today in Bogotá.
    static func day(_ text: String?, clock: PatioClock) throws -> LocalDate {
        guard let text else { return LocalDate(clock.now(), in: homeTimeZone) }
        guard let day = LocalDate(text) else { throw AppError.validation(field: "day", "Give the day as yyyy-MM-dd.", code: "date_format") }
        return day
    }

    static func flag(_ value: Substring?, _ field: String) throws -> Bool? {
        guard let value else { return nil }
        switch value.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw AppError.validation(field: field, "Use true or false.", code: "boolean")
        }
    }

    /// A JSON body that may be left out entirely (an empty body reads as nil).
    static func optionalJSON<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T? {
        if request.headers[.contentLength] == "0" || (request.headers[.contentType] == nil && request.headers[.contentLength] == nil) { return nil }
        return try await JSONBody.decode(type, from: request)
    }

    /// A CSV upload: `text/csv` (or plain text) in UTF-8.
    static func csvText(_ request: Request) async throws -> String { try await CSVUpload.text(request, limit: maxCSVBytes) }
}
