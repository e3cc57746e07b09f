import ArgumentParser
import FakeSAES
import Logging
import PatioCore

/// `patio-fake-saes`: a stand-in SAES portal for development, the demo and the test suites, built as its own
/// program so the `patio` that is deployed carries no test double. Point Campus at it with
/// `PATIO_CAMPUS_SAES_PORTAL=http://127.0.0.1:PORT/{school}/`; the demo student's boleta and password are
/// printed at start.
@main
struct PatioFakeSAES: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patio-fake-saes",
        abstract:
            """
            Serve a fake SAES portal (development only): schools escom and upiicsa, and cecyt9, esimecu and encb in those schools' real \
            layouts; the demo student; a CAPTCHA to type.
            """
    )

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 8091

    func run() async throws {
        let fake = FakeSAES()
        let student = FakeStudent.demo
        let application = fake.application(host: host, port: port) { bound in
            print(
                "Fake SAES on http://\(host):\(bound)/{escom,upiicsa,cecyt9,esimecu,encb}/ — boleta \(student.boleta), password \(student.password)")
            print("Set PATIO_CAMPUS_SAES_PORTAL=http://\(host):\(bound)/{school}/ for Patio to use it.")
        }
        try await BoundedShutdown.run(application, logger: Logger(label: "fake-saes"))
    }
}
