import Foundation
import PatioWeb

/// What dispatch picks by name on the agent form instead of typing codes: the home locality from the
/// network ("Bogotá D.C. – Cundinamarca (11001000)") and the service centre from those agents already work
/// at ("Centro Norte (101)"). The form posts what it shows; `homeLocalityCode` and `serviceCentreId` are read
/// back to what AgentService takes (the code, the number), so the API is unchanged. A locality may also be
/// typed by its code or, when no other locality has it, its name alone; a centre by its number or a known name.
struct AgentChoices {
    let localities: [LocalityRecord]
    /// Known centres, by number, with the name the first agent found there gives them.
    let centres: [(id: Int, name: String)]

    init(localities: [LocalityRecord], agents: [AgentView]) {
        self.localities = localities.sorted { (LocalitySearch.fold($0.name), $0.id) < (LocalitySearch.fold($1.name), $1.id) }
        var named: [Int: String] = [:]
        for agent in agents where named[agent.serviceCentreId] == nil { named[agent.serviceCentreId] = agent.serviceCentreName }
        self.centres = named.map { (id: $0.key, name: $0.value) }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    static func label(_ locality: LocalityRecord) -> String {
        let department = department(locality)
        return department.isEmpty ? "\(locality.name) (\(locality.id))" : "\(locality.name) – \(department) (\(locality.id))"
    }

    /// The department as people write it: the full name's second part (`BOGOTA\CUNDINAMARCA\COL`), else the
    /// first ancestor, in title case with its small words lower ("Valle del Cauca", "Norte de Santander").
    static func department(_ locality: LocalityRecord) -> String {
        let parts = locality.fullName.split(separator: "\\")
        let upper = parts.count >= 2 ? String(parts[1]) : locality.ancestor1Name
        return upper.lowercased().split(separator: " ").enumerated().map { index, word in
            index > 0 && ["de", "del", "la", "las", "los", "y"].contains(word) ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    static func label(centre id: Int, name: String) -> String { name.isEmpty ? String(id) : "\(name) (\(id))" }

    /// How a stored code is shown in the field: its label when the network has it, else the code.
    func shown(locality code: String) -> String {
        localities.first { $0.id == code }.map(Self.label) ?? code
    }

    /// What the template lists.
    var data: [String: Any] {
        [
            "localityOptions": localities.map { ["label": Self.label($0)] },
            "centreOptions": centres.map { ["label": Self.label(centre: $0.id, name: $0.name)] },
        ]
    }

    /// The code of what was typed: a code as it is, a label's code, or the one locality with that name
    /// (or "name – department"). Anything else is passed on as typed, for the service to refuse.
    func localityCode(_ typed: String?) -> String? {
        guard let typed else { return nil }
        if LocalitySearch.isCode(typed) { return typed }
        if let code = Self.trailingNumber(typed), LocalitySearch.isCode(code) { return code }
        let folded = LocalitySearch.fold(typed)
        let matches = localities.filter {
            LocalitySearch.fold($0.name) == folded || LocalitySearch.fold("\($0.name) – \(Self.department($0))") == folded
        }
        return matches.count == 1 ? matches[0].id : typed
    }

    /// The centre's number as text and its name: from "Name (101)", a bare number, or a known centre's name.
    /// A name typed in the name field wins over the list's; nil number when nothing readable was typed.
    func centre(_ typed: String?, name typedName: String?) -> (id: String?, name: String?, unreadable: Bool) {
        guard let typed else { return (nil, typedName, false) }
        if Int(typed) != nil {
            return (typed, typedName ?? centres.first { String($0.id) == typed }?.name, false)
        }
        if let number = Self.trailingNumber(typed), let id = Int(number) {
            let listed = typed.dropLast(number.count + 2).trimmingCharacters(in: .whitespaces)
            return (number, typedName ?? (listed.isEmpty ? centres.first { $0.id == id }?.name : listed), false)
        }
        let folded = LocalitySearch.fold(typed)
        let matches = centres.filter { LocalitySearch.fold($0.name) == folded }
        guard matches.count == 1 else { return (nil, typedName, true) }
        return (String(matches[0].id), typedName ?? matches[0].name, false)
    }

    /// The digits in a label's closing "(…)".
    static func trailingNumber(_ text: String) -> String? {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        return !inside.isEmpty && inside.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(inside) : nil
    }
}
