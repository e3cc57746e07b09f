import Foundation
import PatioCore

/// Every field SAES keeps about a student (saes.md, "Personal data"), grouped as the pages show them. The
/// school owns all of them except `address` and `contact`, which the student keeps up to date.
struct PersonalData: Codable, Sendable, Equatable {
    struct General: Codable, Sendable, Equatable {
        var curp: String?
        var rfc: String?
        /// Cartilla del Servicio Militar.
        var militaryId: String?
        var passport: String?
        var gender: String?
    }

    struct Birth: Codable, Sendable, Equatable {
        /// `yyyy-MM-dd`.
        var date: String?
        var nationality: String?
        /// The state the student was born in.
        var place: String?
    }

    struct Address: Codable, Sendable, Equatable {
        var street: String?
        var exteriorNumber: String?
        var interiorNumber: String?
        var neighbourhood: String?
        var postalCode: String?
        var state: String?
        var municipality: String?
    }

    struct Contact: Codable, Sendable, Equatable {
        var phone: String?
        var mobile: String?
        var email: String?
        /// Whether and where the student works.
        var works: String?
        var officePhone: String?
    }

    struct PreviousSchooling: Codable, Sendable, Equatable {
        var school: String?
        var state: String?
        var middleSchoolAverage: String?
        var highSchoolAverage: String?
    }

    struct Family: Codable, Sendable, Equatable {
        var guardian: String?
        var guardianRfc: String?
        var father: String?
        var mother: String?
    }

    var general = General()
    var birth = Birth()
    var address = Address()
    var contact = Contact()
    var previousSchooling = PreviousSchooling()
    var family = Family()

    static let maxFieldLength = 120

    init() {}

    /// A group left out is empty: clients send only what they have.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        general = try container.decodeIfPresent(General.self, forKey: .general) ?? General()
        birth = try container.decodeIfPresent(Birth.self, forKey: .birth) ?? Birth()
        address = try container.decodeIfPresent(Address.self, forKey: .address) ?? Address()
        contact = try container.decodeIfPresent(Contact.self, forKey: .contact) ?? Contact()
        previousSchooling = try container.decodeIfPresent(PreviousSchooling.self, forKey: .previousSchooling) ?? PreviousSchooling()
        family = try container.decodeIfPresent(Family.self, forKey: .family) ?? Family()
    }

    /// From each field's path (`address.street`) and value, as a form sends them; other names are ignored.
    init(paths: [String: String]) {
        var groups: [String: [String: String]] = [:]
        for field in PersonalData().fields {
            if let value = paths["\(field.group).\(field.name)"] { groups[field.group, default: [:]][field.name] = value }
        }
        // The groups have the shape of the JSON form of this type, so decoding it cannot fail.
        self = (try? JSONDecoder().decode(PersonalData.self, from: JSONEncoder().encode(groups))) ?? PersonalData()
    }

    /// Each field's path (`address.street`) and value, in page order: how validation and the pages walk them.
    var fields: [(group: String, name: String, value: String?)] {
        func walk<T: Encodable>(_ group: String, _ value: T) -> [(String, String, String?)] {
            Mirror(reflecting: value).children.compactMap { child in
                guard let name = child.label else { return nil }
                return (group, name, child.value as? String)
            }
        }
        return walk("general", general) + walk("birth", birth) + walk("address", address) + walk("contact", contact)
            + walk("previousSchooling", previousSchooling) + walk("family", family)
    }

    /// Trims every field, drops empty ones and notes any too long or with control characters.
    func cleaned(into errors: inout [(field: String, message: String)]) -> PersonalData {
        func clean(_ value: String?, _ path: String) -> String? {
            guard let text = value?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            if text.count > Self.maxFieldLength { errors.append((path, "At most \(Self.maxFieldLength) characters.")) }
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                errors.append((path, "Control characters are not allowed."))
            }
            return text
        }
        var copy = self
        copy.general = General(
            curp: clean(general.curp, "general.curp")?.uppercased(), rfc: clean(general.rfc, "general.rfc")?.uppercased(),
            militaryId: clean(general.militaryId, "general.militaryId"), passport: clean(general.passport, "general.passport"),
            gender: clean(general.gender, "general.gender"))
        copy.birth = Birth(
            date: clean(birth.date, "birth.date"), nationality: clean(birth.nationality, "birth.nationality"),
            place: clean(birth.place, "birth.place"))
        copy.address = address.cleaned(clean)
        copy.contact = contact.cleaned(clean)
        copy.previousSchooling = PreviousSchooling(
            school: clean(previousSchooling.school, "previousSchooling.school"), state: clean(previousSchooling.state, "previousSchooling.state"),
            middleSchoolAverage: clean(previousSchooling.middleSchoolAverage, "previousSchooling.middleSchoolAverage"),
            highSchoolAverage: clean(previousSchooling.highSchoolAverage, "previousSchooling.highSchoolAverage"))
        copy.family = Family(
            guardian: clean(family.guardian, "family.guardian"), guardianRfc: clean(family.guardianRfc, "family.guardianRfc")?.uppercased(),
            father: clean(family.father, "family.father"), mother: clean(family.mother, "family.mother"))
        if let date = copy.birth.date, LocalDate(date) == nil { errors.append(("birth.date", "Give a date as yyyy-MM-dd.")) }
        if let email = copy.contact.email, !email.contains("@") { errors.append(("contact.email", "Give an email address.")) }
        return copy
    }
}

extension PersonalData.Address {
    func cleaned(_ clean: (String?, String) -> String?) -> Self {
        Self(
            street: clean(street, "address.street"), exteriorNumber: clean(exteriorNumber, "address.exteriorNumber"),
            interiorNumber: clean(interiorNumber, "address.interiorNumber"), neighbourhood: clean(neighbourhood, "address.neighbourhood"),
            postalCode: clean(postalCode, "address.postalCode"), state: clean(state, "address.state"),
            municipality: clean(municipality, "address.municipality"))
    }
}

extension PersonalData.Contact {
    func cleaned(_ clean: (String?, String) -> String?) -> Self {
        Self(
            phone: clean(phone, "contact.phone"), mobile: clean(mobile, "contact.mobile"), email: clean(email, "contact.email"),
            works: clean(works, "contact.works"), officePhone: clean(officePhone, "contact.officePhone"))
    }
}
