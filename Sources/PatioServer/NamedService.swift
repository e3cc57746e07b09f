import ServiceLifecycle

/// A service that ServiceLifecycle names by its type.
///
/// ServiceLifecycle names every service it runs by interpolating it (`"\(service)"`), and a struct without a
/// description of its own is then described field by field through reflection. `ModuleLifecycle` holds every
/// service of every module, so that description ran to 2.8 million characters and took a quarter of a second of
/// CPU each time a Patio started; a test suite that starts hundreds of Patios at once spent its cores on it.
protocol NamedService: Service, CustomStringConvertible {}

extension NamedService {
    var description: String { String(describing: Self.self) }
}
