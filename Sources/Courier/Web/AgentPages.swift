import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// The agent's pages (dispatch may open the shared ones: localities, tables, a pickup, a photo).
extension CourierPageHandlers {
    func home(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        guard principal.has(role: CourierRoles.agent), try await s.agents.model(accountID: principal.accountID) != nil else {
            return redirect(to: "/courier/dispatch")
        }
        let agenda = try await s.pickups.agenda(principal, day: nil)
        let latest = try? await s.apps.latestVersion(app: CourierServices.appSlug)
        // What is left to do comes first, in window order; then what is done; a cancelled pickup is no work.
        let pending = agenda.pickups.filter(Self.isPending)
        let done = agenda.pickups.filter { $0.state == PickupState.collected.rawValue || $0.state == PickupState.failed.rawValue }
        let cancelled = agenda.pickups.filter { $0.state == PickupState.cancelled.rawValue }
        let work = pending.count + done.count
        return page(
            "courier_home", "cou_today",
            [
                "pickups": (pending + done + cancelled).map { pickup in
                    var shown = row(pickup, context)
                    shown["agent"] = ""  // all of them are the reader's own
                    return shown
                },
                "hasPickups": !agenda.pickups.isEmpty, "done": done.count, "work": work, "hasWork": work > 0,
                "progress": String(format: text("cou_progress", context), done.count, work),
                "today": PageFormat.date(agenda.day.description, locale: context.locale),
                "version": latest.map { text("cou_version", context).replacingOccurrences(of: "%@", with: "\($0)") } ?? "",
            ], context)
    }

    /// Still to do today: assigned or on the way.
    static func isPending(_ pickup: PickupView) -> Bool {
        pickup.state == PickupState.assigned.rawValue || pickup.state == PickupState.onTheWay.rawValue
    }

    func localities(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.pageQuery
        let search = query.text("q") ?? ""
        let open = query["open"] == "1", allowed = query["allowed"] == "1"
        // A cursor that does not read starts the list again rather than failing the page.
        let pageRequest = try (try? CursorPageRequest(limit: "25", cursor: query["cursor"])) ?? CursorPageRequest(limit: "25", cursor: nil)
        let found = try await s.localities.list(query: search, openNow: open, pickupAllowed: allowed ? true : nil, page: pageRequest)
        var next = ""
        if let cursor = found.nextCursor {
            next =
                "/courier/localities?"
                + [("q", search), ("open", open ? "1" : ""), ("allowed", allowed ? "1" : ""), ("cursor", cursor)]
                .filter { !$0.1.isEmpty }.map { "\($0.0)=\(URLQuery.value($0.1))" }.joined(separator: "&")
        }
        return page(
            "courier_localities", "cou_localities",
            [
                "q": search, "open": open, "allowed": allowed, "localities": found.items.map { localityRow($0, context) },
                "hasLocalities": !found.items.isEmpty, "next": next,
                "emptyText": pages.emptyList("cou_no_localities", noMatches: "cou_no_localities_for", search: search, context),
            ], context)
    }

    func tables(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let published = try await offlineTables.published { sync.canSync($0, principal: principal) }
        // Each table is named in the reader's words; its own name (what the app's SQLite calls it) comes second.
        let words = pages.words(context.locale)
        return page(
            "courier_tables", "cou_tables",
            [
                "account": principal.accountID.uuidString,
                "tables": published.map { table in
                    [
                        "name": table.name, "title": words["cou_table_\(table.name)"] ?? table.name,
                        "about": words["cou_table_\(table.name)_about"] ?? table.filter,
                        "collection": table.collection, "fields": table.fieldCount, "batch": table.batchSize,
                        "changed": PageFormat.dateTime(table.schemaChangedAt, in: CourierAPI.homeTimeZone, locale: context.locale),
                    ] as [String: Any]
                },
                "hasTables": !published.isEmpty,
            ], context)
    }

    func photos(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let gallery = try await s.photos.gallery(try context.requirePrincipal())
        return page("courier_photos", "cou_photos", ["photos": gallery.map { photoRow($0, context) }, "hasPhotos": !gallery.isEmpty], context)
    }

    /// A photo titled by what it is: "Foto 1 de la recogida · 10:42" among a pickup's photos (`number`), else
    /// "Foto del lun 23 nov, 10:42"; never its file name (`photo-001`) or its size.
    func photoRow(_ photo: PhotoView, number: Int? = nil, _ context: PatioRequestContext) -> [String: Any] {
        let date = PageFormat.dateTime(photo.createdAt, in: CourierAPI.homeTimeZone, locale: context.locale)
        let title =
            if let number {
                String(format: text("cou_photo_of_pickup", context), number, PageFormat.time(photo.createdAt, in: CourierAPI.homeTimeZone))
            } else {
                String(format: text("cou_photo_taken", context), date)
            }
        return ["id": photo.id.uuidString, "title": title, "date": date]
    }

    /// The camera's upload from the page (courier.js): the image as the body, the CSRF token and the
    /// idempotency key in headers, exactly as the API takes it.
    func upload(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let pickupID = try query["pickupId"].flatMap { $0.isEmpty ? nil : $0 }.map { text in
            guard let id = UUID(uuidString: String(text)) else {
                throw AppError.validation(field: "pickupId", "Give a pickup's id.", code: "pickup_id_format")
            }
            return id
        }
        let bytes = try await JSONBody.collect(request, limit: PhotoService.maxBytes)
        let (photo, created) = try await s.photos.upload(
            Array(buffer: bytes), key: request.headers[.init("Idempotency-Key")!], keepLocation: query["keepLocation"] == "1",
            pickupID: pickupID, by: try context.requirePrincipal())
        return try .json(photo, status: created ? .created : .ok)
    }

    func photo(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let photo = PhotoService.view(try await s.photos.find(try context.uuidParameter("id"), viewer: principal))
        // A pickup's photo is numbered among that pickup's photos, as its page shows them.
        var number: Int?
        if let pickup = photo.pickupId { number = try await s.photos.photos(ofPickup: pickup).firstIndex { $0.id == photo.id }.map { $0 + 1 } }
        var data = photoRow(photo, number: number, context)
        data["size"] = "\(photo.width) × \(photo.height) px"
        if let pickup = photo.pickupId { data["pickupId"] = pickup.uuidString }
        return page("courier_photo", "cou_photos", data, context)
    }

    func pickup(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let id = try context.uuidParameter("id")
        let pickup = try await s.pickups.find(id, viewer: principal)
        let photos = try await s.photos.photos(ofPickup: id)
        let ownAgentID = principal.has(role: CourierRoles.agent) ? try await s.agents.model(accountID: principal.accountID)?.id : nil
        let isOwner = ownAgentID == pickup.agentId
        let version = try await SyncFeed().versions(PickupService.collection, ids: [id], on: try s.database.reader)[id] ?? 0
        var data = row(pickup, context)
        data["phone"] = pickup.phone
        data["notes"] = pickup.notes
        data["day"] = PageFormat.date(pickup.day, locale: context.locale)
        data["version"] = version
        data["photos"] = photos.enumerated().map { photoRow($1, number: $0 + 1, context) }
        data["hasPhotos"] = !photos.isEmpty
        data["isOwner"] = isOwner
        data["canStart"] = isOwner && pickup.state == PickupState.assigned.rawValue
        data["canCollect"] = isOwner && pickup.state == PickupState.onTheWay.rawValue
        data["canFail"] = isOwner && Self.isPending(pickup)
        // A failed pickup takes no more photos from its agent ("you will no longer be able to add photos").
        data["canPhoto"] = isOwner && Self.isPending(pickup)
        data.merge(doorstep(pickup, context)) { _, new in new }
        if isOwner, !Self.isPending(pickup) {
            // Done with this one: when, and the way to the next pickup still to do that day.
            let day = LocalDate(pickup.day)
            let next = try await s.pickups.agenda(principal, day: day).pickups.first { Self.isPending($0) && $0.id != pickup.id }
            var finished: [String: Any] = [
                "text": pickup.finishedAt.map {
                    String(
                        format: text("cou_finished_at", context), stateLabel(pickup.state, context), PageFormat.time($0, in: CourierAPI.homeTimeZone))
                }
                    ?? stateLabel(pickup.state, context)
            ]
            if let next { finished["next"] = row(next, context) }
            data["finished"] = finished
        }
        data["failQuestion"] = String(format: text("cou_fail_question", context), pickup.reference) + " " + text("cou_fail_final", context)
        data["reasons"] = PickupState.failureReasons.map { ["code": $0, "label": text("cou_reason_\($0)", context)] }
        if principal.has(role: CourierRoles.admin) {
            let events = try await s.pickups.history(id, viewer: principal)
            data["history"] = events.map { event in
                [
                    "at": PageFormat.dateTime(event.at, in: CourierAPI.homeTimeZone, locale: context.locale), "who": event.actorName,
                    "state": stateLabel(event.toState, context), "detail": reasonLabel(event.detail, context),
                ]
            }
            let open = !(PickupState(rawValue: pickup.state)?.isFinal ?? true)
            data["canReassign"] = open
            data["agents"] = try await s.agents.list(query: nil, includeInactive: false).filter { $0.id != pickup.agentId }.map {
                ["id": $0.id.uuidString, "name": $0.fullName]
            }
        }
        return page("courier_pickup", "cou_app", data, context)
    }

    /// What the agent needs at the door: directions, a call, a WhatsApp message. Directions are a Google Maps
    /// search URL (`https://www.google.com/maps/search/?api=1&query=…`): Android opens it in the Maps app, iOS
    /// in Google Maps when installed and otherwise in the browser's map; a `geo:` URI would do nothing on an
    /// iPhone. A Colombian number is dialled as `+57…`; WhatsApp is offered for mobiles (ten digits, 3…).
    func doorstep(_ pickup: PickupView, _ context: PatioRequestContext) -> [String: Any] {
        let place = "\(pickup.address), \(pickup.localityName), Colombia"
        var digits = pickup.phone.filter(\.isASCII).filter(\.isNumber)
        if digits.count == 12, digits.hasPrefix("57") { digits.removeFirst(2) }
        let national = digits.count == 10
        return [
            "maps": "https://www.google.com/maps/search/?api=1&query=" + URLQuery.value(place),
            "tel": national ? "+57" + digits : pickup.phone.filter { $0 == "+" || ($0.isASCII && $0.isNumber) },
            "whatsApp": national && digits.hasPrefix("3") ? "https://wa.me/57" + digits : "",
        ]
    }

    /// A move made online from the pickup's page (without JavaScript; courier.js sends the same through
    /// the sync push so that online and offline take one path, asking first in a dialog for "could not collect").
    /// "Could not collect" closes the pickup for good, so it asks first, saying which pickup and why.
    func move(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let id = try context.uuidParameter("id")
        guard let action = PickupState.Action(rawValue: form.text("action") ?? ""), [.start, .collect, .fail].contains(action) else {
            return redirect(to: "/courier/pickups/\(id)")
        }
        let principal = try context.requirePrincipal()
        let reason = form.text("reason").flatMap { $0.isEmpty ? nil : $0 }
        if action == .fail, let reason, PickupState.failureReasons.contains(reason) {
            let shown = try await s.pickups.find(id, viewer: principal)
            let line = String(
                format: text("cou_fail_line", context), shown.senderName, PageFormat.date(shown.day, locale: context.locale),
                "\(shown.windowStart)–\(shown.windowEnd)", text("cou_reason_\(reason)", context))
            if let ask = pages.confirmation(
                form, request, context, question: String(format: text("cou_fail_question", context), shown.reference),
                consequences: [line, text("cou_fail_final", context)], action: text("cou_fail_yes", context), back: "/courier/pickups/\(id)")
            {
                return ask
            }
        }
        do {
            _ = try await s.pickups.act(id, action, report: .init(reason: reason), by: principal)
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return redirect(to: "/courier/pickups/\(id)", alert: pages.message(error, context))
        }
        return redirect(to: "/courier/pickups/\(id)", notice: text("cou_moved_\(action.rawValue)", context))
    }

    /// The page's own push (session cookie and CSRF token, the sync API's rules): `payload` holds the same
    /// JSON as `POST /api/v1/sync/courier.pickups/mutations`.
    func pushPickups(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let push = try JSONBody.decodeJSON(SyncService.PushRequest.self, from: Data((form["payload"] ?? "").utf8))
        return try .json(try await sync.push(PickupService.collection, principal: try context.requirePrincipal(), request: push))
    }
}
