import Foundation
import PatioPlatform

enum AcademyDemo {
    static func seed(services: AcademyServices, environment: ModuleEnvironment) async throws {}
}
