import PatioCore
import PatioWeb
import Testing

@Suite("Validation messages on the pages")
struct FieldMessagesTests {
    @Test("Spanish pages get the Spanish wording and label; English pages the service's own; unknown messages pass through")
    func languages() {
        #expect(FieldMessages.line(field: "dueDate", message: "Give the due date as yyyy-MM-dd.", locale: .es) == "Fecha límite: Indica la fecha límite (aaaa-mm-dd).")
        #expect(FieldMessages.line(field: "dueDate", message: "Give the due date as yyyy-MM-dd.", locale: .en) == "Due date: Give the due date as yyyy-MM-dd.")
        #expect(FieldMessages.line(field: "gizmo", message: "Something new.", locale: .es) == "gizmo: Something new.")
        #expect(FieldMessages.detail("Some fields are not valid.", locale: .es) == "Algunos campos no son válidos.")
    }
}
