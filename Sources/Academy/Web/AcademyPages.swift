import Foundation
import Hummingbird
import PatioCore
import PatioWeb

enum AcademyPages {
    static func register(on routes: PatioRoutes, services: AcademyServices, web: WebRenderer) {}
}
