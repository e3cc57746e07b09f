import PatioCore
import PatioPlatform
import PatioModules
import PatioServer
import PatioWeb
import Testing

@Suite("Refusals on the pages: one look-up by code and field, each module's words its own")
struct FieldMessagesTests {
    @Test("Spanish label and message by the rule's code; English pages keep the service's sentence; unknown codes and fields pass through")
    func byCode() {
        let es = Strings.table(.es), en = Strings.table(.en)
        let email = FieldError(field: "email", message: "Enter a valid email address.", code: "email_format")
        #expect(FieldMessages.line(email, strings: es) == "Correo: Escribe un correo válido.")
        #expect(FieldMessages.line(email, strings: en) == "Email: Enter a valid email address.")
        // The English sentence is the fallback, never dropped: no code, or a code without words.
        #expect(FieldMessages.line(FieldError(field: "gizmo", message: "Something new."), strings: es) == "gizmo: Something new.")
        #expect(
            FieldMessages.line(FieldError(field: "email", message: "Something new.", code: "no_such_rule"), strings: es) == "Correo: Something new.")
        #expect(FieldMessages.detail(AppError.validation([email]), strings: es) == "Algunos campos no son válidos.")
        #expect(FieldMessages.detail(AppError.conflict(code: "no_such_problem", "As it is."), strings: es) == "As it is.")
    }

    @Test("A throttle's Spanish words say when to try again, from Retry-After")
    func retryAfter() {
        let refusal = AppError(
            .tooManyRequests, code: "too_many_attempts", detail: "Too many. Try again in 42 seconds.", headers: ["Retry-After": "42"])
        #expect(FieldMessages.detail(refusal, strings: Strings.table(.es)) == "Demasiados intentos. Inténtalo de nuevo en 42 segundos.")
        let unreadable = AppError(.tooManyRequests, code: "too_many_attempts", detail: "Too many.", headers: ["Retry-After": "soon"])
        #expect(FieldMessages.detail(unreadable, strings: Strings.table(.es)) == "Too many.")
    }

    @Test("A module's key is resolved from that module's strings, over the platform's")
    func moduleWords() throws {
        func words(_ id: String, _ locale: PatioLocale) throws -> [String: String] {
            let module = try #require(availableModules.first { $0.id == id })
            let own = try #require(module.webResources).strings[locale] ?? [:]
            return Strings.table(locale).merging(own) { _, module in module }
        }
        let dni = FieldError(field: "dni", message: "Enter the DNI or ID number: 6 to 12 letters and digits.", code: "dni_format")
        #expect(FieldMessages.line(dni, strings: try words("academy", .es)) == "DNI: Escribe el DNI o documento: de 6 a 12 letras y dígitos.")
        // The same field name, each module's own label: Payments' business/customer choice is no job title.
        let role = FieldError(field: "role", message: "Choose business or customer.", code: "role_choice")
        #expect(FieldMessages.line(role, strings: try words("payments", .es)) == "Tipo de cuenta: Elige negocio o cliente.")
        let jobTitle = FieldError(field: "role", message: "Keep the role to 60 characters.", code: "role_length")
        #expect(FieldMessages.line(jobTitle, strings: try words("onboarding", .es)) == "Puesto: El puesto admite hasta 60 caracteres.")
        let notOpened = AppError(
            .forbidden, code: "request_not_opened", detail: "Only a customer who opened this request with its code can decline it.")
        #expect(FieldMessages.detail(notOpened, strings: try words("payments", .es)).hasPrefix("Solo quien abrió este cobro"))
    }

    @Test("PatioWeb's strings hold no module's words")
    func platformHoldsNoModuleWords() throws {
        let modulePrefixes = ["ac_", "pay_", "onb_", "academy", "payments", "onboarding"]
        for locale in PatioLocale.allCases {
            let platform = Strings.table(locale)
            for key in platform.keys {
                #expect(!modulePrefixes.contains { key.lowercased().hasPrefix($0) }, "\(key)")
            }
            // Every module key a refused form needs comes from the module: none of its field, error or problem keys
            // is only in PatioWeb, and PatioWeb has no module-only field label (Payments' role, Academy's dni).
            for key in ["field.dni", "field.role", "field.businessName", "field.dueDate", "error.dni_format", "problem.request_not_opened"] {
                #expect(platform[key] == nil, "\(key)")
            }
        }
    }
}
