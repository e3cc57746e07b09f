/// The five grades of a subject in a period, in the order the school captures them.
enum Assessment: String, CaseIterable, Codable, Sendable {
    case partial1, partial2, partial3, extraordinary, final

    func value(of enrolment: EnrolmentModel) -> String? {
        switch self {
        case .partial1: enrolment.partial1
        case .partial2: enrolment.partial2
        case .partial3: enrolment.partial3
        case .extraordinary: enrolment.extraordinary
        case .final: enrolment.final
        }
    }

    func set(_ value: String?, on enrolment: EnrolmentModel) {
        switch self {
        case .partial1: enrolment.partial1 = value
        case .partial2: enrolment.partial2 = value
        case .partial3: enrolment.partial3 = value
        case .extraordinary: enrolment.extraordinary = value
        case .final: enrolment.final = value
        }
    }

    static let partials: [Assessment] = [.partial1, .partial2, .partial3]
}
