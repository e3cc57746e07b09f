import Foundation
import PatioCore

/// A change to personal data, field by field, as the student's API (`PATCH /api/v1/campus/me/personal-data`)
/// and their form send it: a field left out keeps its value, a field sent as `null` (or empty) is cleared, a
/// string replaces it. A group or field personal data does not have is refused (422 `unknown_field`, naming
/// each one) rather than dropped: a typo must never answer 200, still less erase what was there.
struct PersonalDataPatch: Sendable, Equatable {
    /// `group.field` → the new value; nil clears the field.
    let values: [String: String?]

    static let groups = ["general", "birth", "address", "contact", "previousSchooling", "family"]
    /// `group.field` of every field personal data has.
    static let paths: Set<String> = Set(PersonalData().fields.map { "\($0.group).\($0.name)" })

    /// Refuses every name in `unknown`, in a stable order.
    static func unknownFields(_ unknown: [String]) -> AppError {
        let names = unknown.sorted()
        return AppError(
            .unprocessableContent, code: "unknown_field", detail: "Personal data has no field \(names.joined(separator: ", ")).",
            fieldErrors: names.map { FieldError(field: $0, message: "Personal data has no such field.", code: "unknown_field") })
    }

    /// `values` as given; a name that is not `group.field` of personal data is refused.
    init(values: [String: String?]) throws {
        let unknown = values.keys.filter { !Self.paths.contains($0) }
        if !unknown.isEmpty { throw Self.unknownFields(unknown) }
        self.values = values
    }

    /// From a form's fields (`address.street` → text): an empty field clears, a field the form leaves out
    /// keeps its value. `ignoring` names the form's own fields (the CSRF token).
    init(form: [String: String], ignoring: Set<String> = ["_csrf"]) throws {
        var values: [String: String?] = [:]
        for (name, text) in form where !ignoring.contains(name) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            values[name] = .some(trimmed.isEmpty ? nil : trimmed)
        }
        try self.init(values: values)
    }

    var isEmpty: Bool { values.isEmpty }

    /// The groups the patch touches.
    var groups: Set<String> { Set(values.keys.map { String($0.prefix { $0 != "." }) }) }

    /// `personal` with each field of the patch set or cleared, every other field as it was.
    func applied(to personal: PersonalData) -> PersonalData {
        var paths: [String: String] = [:]
        for field in personal.fields { if let value = field.value { paths["\(field.group).\(field.name)"] = value } }
        for (path, value) in values { paths[path] = value }
        return PersonalData(paths: paths)
    }
}

extension PersonalDataPatch: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `{"contact": {"mobile": "55…", "phone": null}}`: each group an object of strings or nulls. Every
    /// unknown name is collected first, so one refusal names them all.
    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Key.self)
        var values: [String: String?] = [:], unknown: [String] = []
        for groupKey in root.allKeys {
            guard Self.groups.contains(groupKey.stringValue) else { unknown.append(groupKey.stringValue); continue }
            let group = try root.nestedContainer(keyedBy: Key.self, forKey: groupKey)
            for fieldKey in group.allKeys {
                let path = "\(groupKey.stringValue).\(fieldKey.stringValue)"
                guard Self.paths.contains(path) else { unknown.append(path); continue }
                values[path] = .some(try group.decodeNil(forKey: fieldKey) ? nil : try group.decode(String.self, forKey: fieldKey))
            }
        }
        if !unknown.isEmpty { throw Self.unknownFields(unknown) }
        self.values = values
    }
}
