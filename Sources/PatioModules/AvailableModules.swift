import Academy
import Campus
import Courier
import Onboarding
import Payments
import PatioPlatform

/// Every module this Patio is built with, in the order their tiles appear; `PATIO_MODULES` picks which run.
/// The one place that names them all: adding a module is its folder, its targets in Package.swift and one
/// line here (docs/ARCHITECTURE.md walks through it).
public let availableModules: [any PatioModule] = [
    AcademyModule(),
    PaymentsModule(),
    OnboardingModule(),
    CourierModule(),
    CampusModule(),
]
