import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// Dispatch's pages: the live board with new pickups, reassigning and cancelling, agents, and the network.
extension CourierPageHandlers {
    func dispatch(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await dispatchPage(request, context)
    }

    private func dispatchPage(
        _ request: Request, _ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil
    ) async throws -> Response {
        // A day that does not read shows today rather than failing the page.
        let day = try (try? CourierAPI.day(request.pageQuery["day"], clock: s.clock)) ?? CourierAPI.day(nil, clock: s.clock)
        let board = try await s.pickups.board(day: day)
        let columns = PickupState.allCases.map { state -> [String: Any] in
            let rows = board.filter { $0.state == state.rawValue }.map { row($0, context) }
            return [
                "state": state.rawValue, "heading": "\(text("cou_column_\(state.rawValue)", context)) · \(rows.count)", "pickups": rows,
                "hasPickups": !rows.isEmpty,
            ]
        }
        let network = try await s.localities.list(
            query: nil, openNow: false, pickupAllowed: true, page: try CursorPageRequest(limit: "200", cursor: nil))
        let agents = try await s.agents.list(query: nil, includeInactive: false)
        var shown = values
        if shown["day"] == nil { shown["day"] = day.description }
        return page(
            "courier_dispatch", "cou_dispatch",
            [
                "day": day.description, "dayLabel": PageFormat.date(day.description, locale: context.locale), "columns": columns,
                "isEmpty": board.isEmpty, "count": pages.count(board.count, "cou_n_pickups", context),
                // Creating is the page's first action; its form is open when there is nothing on the board yet or
                // when a refused form is shown again.
                "formOpen": board.isEmpty || problem != nil,
                "localities": network.items.map {
                    [
                        "code": $0.record.id,
                        "name":
                            "\($0.record.name) · \(pesos($0.record.pickupPrice, context)) · \($0.record.pickupHourMin)–\($0.record.pickupHourMax) h",
                        "selected": $0.record.id == (values["localityCode"] ?? ""),
                    ] as [String: Any]
                },
                "agents": agents.map {
                    ["id": $0.id.uuidString, "name": $0.fullName, "selected": $0.id.uuidString == (values["agentId"] ?? "")] as [String: Any]
                },
            ], context, problem: problem, values: shown, notice: notice)
    }

    func createPickup(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        var validator = Validator()
        // Typed as Colombians write pesos: `150000`, `150.000` or `$ 150.000` on a Spanish page.
        let declared = form.wholeAmount("declaredValue", currency: Self.currency, locale: context.locale, into: &validator)
        let input = PickupService.Input(
            senderName: form.text("senderName"), phone: form.text("phone"), address: form.text("address"),
            localityCode: form.text("localityCode"), day: form.text("day"), windowStart: form.text("windowStart"),
            windowEnd: form.text("windowEnd"), declaredValue: declared ?? (validator.errors.isEmpty ? nil : 0), notes: form.text("notes"),
            agentId: form.text("agentId").flatMap(UUID.init(uuidString:)))
        do {
            try validator.validate()
            let created = try await s.pickups.create(input, by: try context.requirePrincipal().accountID)
            return redirect(
                to: "/courier/dispatch?day=\(URLQuery.value(created.day))",
                notice: String(
                    format: text("cou_pickup_created", context), created.reference, created.agentName, "\(created.windowStart)–\(created.windowEnd)"))
        } catch let error as AppError {
            // The form posts to the board's own address (`/courier/dispatch?day=…`), so the refusal is shown
            // there: reloading or the live board's refresh reads the board, never a form's address.
            return try await redisplay(error, form) { try await dispatchPage(request, context, problem: $0, values: $1) }
        }
    }

    func reassign(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let id = try context.uuidParameter("id")
        do {
            _ = try await s.pickups.reassign(id, to: form.text("agentId").flatMap(UUID.init(uuidString:)), by: try context.requirePrincipal())
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return redirect(to: "/courier/pickups/\(id)", alert: pages.message(error, context))
        }
        return redirect(to: "/courier/pickups/\(id)", notice: text("cou_reassigned", context))
    }

    /// Cancelling cannot be undone: it asks first, naming the pickup, its window and the agent who loses it.
    func cancel(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let id = try context.uuidParameter("id")
        let principal = try context.requirePrincipal()
        let shown = try await s.pickups.find(id, viewer: principal)
        if let ask = pages.confirmation(
            form, request, context, question: String(format: text("cou_cancel_question", context), shown.reference),
            consequences: [
                String(
                    format: text("cou_cancel_line", context), shown.senderName, PageFormat.date(shown.day, locale: context.locale),
                    "\(shown.windowStart)–\(shown.windowEnd)", shown.agentName)
            ],
            action: text("cou_cancel_yes", context), back: "/courier/pickups/\(id)")
        {
            return ask
        }
        do {
            _ = try await s.pickups.cancel(id, by: principal)
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return redirect(to: "/courier/pickups/\(id)", alert: pages.message(error, context))
        }
        return redirect(to: "/courier/pickups/\(id)", notice: text("cou_pickup_cancelled", context))
    }

    // MARK: Agents

    func agents(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await agentsPage(context)
    }

    /// What the agent form offers by name: the network's localities and the centres agents work at.
    func agentChoices(agents: [AgentView]? = nil) async throws -> AgentChoices {
        let listed = if let agents { agents } else { try await s.agents.list(query: nil) }
        return AgentChoices(localities: try await s.localities.all(), agents: listed)
    }

    private func agentsPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil)
        async throws -> Response
    {
        let agents = try await s.agents.list(query: nil)
        let choices = try await agentChoices(agents: agents)
        return page(
            "courier_agents", "cou_agents",
            choices.data.merging([
                "agents": agents.map { agent in
                    [
                        "id": agent.id.uuidString, "name": agent.fullName, "usuario": agent.usuario, "email": agent.email, "position": agent.position,
                        "centre": agent.serviceCentreName, "home": agent.homeLocalityName ?? agent.homeLocalityCode, "isActive": agent.isActive,
                    ] as [String: Any]
                },
                "hasAgents": !agents.isEmpty,
            ]) { _, own in own }, context, problem: problem, values: values, notice: notice)
    }

    /// The form as AgentService takes it: the locality and centre chosen by name are read back to their code
    /// and number (AgentChoices).
    static func agentInput(_ form: FormBody, choices: AgentChoices, validator: inout Validator, creating: Bool) -> AgentService.Input {
        let centre = choices.centre(form.text("serviceCentreId"), name: form.text("serviceCentreName"))
        var centreID: Int?
        if centre.unreadable {
            validator.add("serviceCentreId", "Choose a service centre from the list or enter its number.", code: "service_centre_choice")
        } else if let id = centre.id {
            centreID = Int(id) ?? 0  // beyond Int: out of range, which the service says
        }
        return AgentService.Input(
            email: creating ? form.text("email") : nil, password: creating ? form["password"] : nil, usuario: form.text("usuario"),
            identificacion: form.text("identificacion"), firstName: form.text("firstName"), surname1: form.text("surname1"),
            surname2: form.text("surname2") ?? "", position: form.text("position"),
            serviceCentreId: centreID, serviceCentreName: centre.name,
            homeLocalityCode: choices.localityCode(form.text("homeLocalityCode")))
    }

    func createAgent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        var validator = Validator()
        let input = Self.agentInput(form, choices: try await agentChoices(), validator: &validator, creating: true)
        do {
            try validator.validate()
            _ = try await s.agents.create(input)
        } catch let error as AppError {
            return try await redisplay(error, form) { try await agentsPage(context, problem: $0, values: $1) }
        }
        return redirect(to: "/courier/agents", notice: text("cou_agent_saved", context))
    }

    func agent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await agentPage(try context.uuidParameter("id"), context)
    }

    private func agentPage(
        _ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, values: [String: String]? = nil, notice: String? = nil
    ) async throws -> Response {
        let agent = try await s.agents.find(id)
        let choices = try await agentChoices()
        // The centre and locality are shown by name, as the lists offer them; the centre's name field is for a new centre.
        let current: [String: String] = [
            "usuario": agent.usuario, "identificacion": agent.identificacion, "firstName": agent.firstName, "surname1": agent.surname1,
            "surname2": agent.surname2, "position": agent.position,
            "serviceCentreId": AgentChoices.label(centre: agent.serviceCentreId, name: agent.serviceCentreName),
            "serviceCentreName": "", "homeLocalityCode": choices.shown(locality: agent.homeLocalityCode),
        ]
        return page(
            "courier_agent", "cou_agents",
            choices.data.merging(["id": agent.id.uuidString, "name": agent.fullName, "email": agent.email, "isActive": agent.isActive]) { _, own in
                own
            },
            context, problem: problem, values: values ?? current, notice: notice)
    }

    func updateAgent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let id = try context.uuidParameter("id")
        var validator = Validator()
        let input = Self.agentInput(form, choices: try await agentChoices(), validator: &validator, creating: false)
        do {
            try validator.validate()
            _ = try await s.agents.update(id, input)
        } catch let error as AppError where error.status != .notFound {
            return try await redisplay(error, form) { try await agentPage(id, context, problem: $0, values: $1) }
        }
        return redirect(to: "/courier/agents/\(id)", notice: text("cou_agent_saved", context))
    }

    func setActive(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let agent = try await s.agents.setActive(form.text("active") == "1", id: try context.uuidParameter("id"))
        return redirect(
            to: "/courier/agents", notice: String(format: text(agent.isActive ? "cou_agent_resumed" : "cou_agent_paused", context), agent.fullName))
    }

    // MARK: Network

    func network(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        page("courier_network", "cou_network", [:], context)
    }

    /// The CSV comes as a form field (pasted, or read from the chosen file by courier.js), so the page works
    /// without a multipart parser and without JavaScript. The form posts to the page's own address: a refused
    /// file is shown again there with its lines' problems; a good one leads back to the page with what it did.
    func importNetwork(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request, limit: CourierAPI.maxCSVBytes)
        do {
            let summary = try await s.localities.importCSV(form["csv"] ?? "")
            return redirect(
                to: "/courier/network",
                notice: String(
                    format: text("cou_imported", context), pages.count(summary.created, "cou_n_new", context),
                    pages.count(summary.updated, "cou_n_updated", context), summary.unchanged))
        } catch let error as AppError where error.status.code < 500 {
            return page("courier_network", "cou_network", [:], context, problem: error, values: ["csv": form["csv"] ?? ""])
        }
    }
}
