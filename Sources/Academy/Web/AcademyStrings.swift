import PatioCore

enum AcademyStrings {
    static let all: [PatioLocale: [String: String]] = [:]
}
