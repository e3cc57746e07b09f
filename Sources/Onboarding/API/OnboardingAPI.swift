import Foundation
import Hummingbird
import NIOCore
import PatioCore
import PatioPlatform

/// `/api/v1/onboarding/…`: HR (`onboarding.admin`) manages new hires and tasks; everyone in the company
/// (`onboarding.admin` or `onboarding.employee`) reads new hires, their own tasks and welcome messages.
enum OnboardingAPI {
    static func register(on routes: PatioRoutes, services s: OnboardingServices) {
        let admin = Access.role(OnboardingRoles.admin), member = Access.anyRole(OnboardingRoles.members)

        routes.get("/api/v1/onboarding/settings", member) { _, _ in try .json(try await s.settings.current()) }
        routes.put("/api/v1/onboarding/settings", admin) { request, _ in
            try .json(try await s.settings.update(try await JSONBody.decode(OnboardingSettingsService.View.self, from: request)))
        }

        routes.post("/api/v1/onboarding/new-hires", admin) { request, _ in
            try .json(try await s.newHires.create(try await JSONBody.decode(NewHireService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/onboarding/new-hires", member) { request, _ in
            let query = request.uri.queryParameters
            return try .json(Items(items: try await s.newHires.list(month: query["month"].map(String.init), sort: query["sort"].map(String.init))))
        }
        routes.get("/api/v1/onboarding/new-hires/{id}", member) { _, context in
            try .json(try await s.newHires.find(try context.uuidParameter("id")))
        }
        routes.put("/api/v1/onboarding/new-hires/{id}", admin) { request, context in
            try .json(
                try await s.newHires.update(try context.uuidParameter("id"), try await JSONBody.decode(NewHireService.Input.self, from: request)))
        }
        routes.delete("/api/v1/onboarding/new-hires/{id}", admin) { _, context in
            try await s.newHires.delete(try context.uuidParameter("id"), tasks: s.tasks)
            return .noContent
        }
        routes.put("/api/v1/onboarding/new-hires/{id}/avatar", admin) { request, context in
            let bytes = try await JSONBody.collect(request, limit: BlobStore.maxBytes)
            return try .json(try await s.newHires.setAvatar(try context.uuidParameter("id"), bytes: Array(buffer: bytes)))
        }
        routes.delete("/api/v1/onboarding/new-hires/{id}/avatar", admin) { _, context in
            try .json(try await s.newHires.removeAvatar(try context.uuidParameter("id")))
        }
        routes.get("/api/v1/onboarding/new-hires/{id}/avatar", member) { request, context in
            try await s.newHires.avatar(try context.uuidParameter("id")).response(for: request)
        }
        routes.post("/api/v1/onboarding/new-hires/{id}/messages", member) { request, context in
            struct Body: Decodable { var text: String? }
            let body = try await JSONBody.decode(Body.self, from: request)
            return try .json(
                try await s.messages.send(to: try context.uuidParameter("id"), text: body.text, from: try context.requirePrincipal()),
                status: .created)
        }
        routes.get("/api/v1/onboarding/new-hires/{id}/messages", member) { _, context in
            try .json(Items(items: try await s.messages.messages(to: try context.uuidParameter("id"), for: try context.requirePrincipal())))
        }
        routes.get("/api/v1/onboarding/me/messages", member) { _, context in
            try .json(Items(items: try await s.messages.mine(try context.requirePrincipal())))
        }

        routes.post("/api/v1/onboarding/tasks", admin) { request, _ in
            try .json(try await s.tasks.create(try await JSONBody.decode(TaskService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/onboarding/tasks", admin) { request, _ in
            let assignee = try request.uri.queryParameters["assigneeId"].map { text in
                guard let id = UUID(uuidString: String(text)) else {
                    throw AppError.validation(field: "assigneeId", "Give an account id.", code: "account_id_format")
                }
                return id
            }
            return try .json(Items(items: try await s.tasks.list(assignee: assignee)))
        }
        routes.put("/api/v1/onboarding/tasks/{id}", admin) { request, context in
            try .json(try await s.tasks.update(try context.uuidParameter("id"), try await JSONBody.decode(TaskService.Input.self, from: request)))
        }
        routes.patch("/api/v1/onboarding/tasks/{id}", member) { request, context in
            struct Body: Decodable { var isDone: Bool? }
            let body = try await JSONBody.decode(Body.self, from: request)
            guard let isDone = body.isDone else { throw AppError.validation(field: "isDone", "Send isDone: true or false.", code: "done_required") }
            return try .json(try await s.tasks.setDone(try context.uuidParameter("id"), isDone, by: try context.requirePrincipal()))
        }
        routes.delete("/api/v1/onboarding/tasks/{id}", admin) { _, context in
            try await s.tasks.delete(try context.uuidParameter("id"))
            return .noContent
        }
        routes.get("/api/v1/onboarding/me/tasks", member) { _, context in
            try .json(Items(items: try await s.tasks.mine(try context.requirePrincipal())))
        }
        routes.get("/api/v1/onboarding/progress", admin) { _, _ in
            try .json(Items(items: try await s.progress.rows()))
        }
    }
}
