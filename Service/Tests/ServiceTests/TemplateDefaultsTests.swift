import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PNGCodec
import XCTest

@testable import LayoutRenderService

/// A template's defaults (`NAME.fixture.json` beside it: `vars` and `data`), the URL's
/// values winning over them, and the messages of names given nowhere: they say how to give
/// them where the request came from (`?site=…`, `?var.site=…`, the body's `data`).
final class TemplateDefaultsTests: XCTestCase {
    private var templates: URL!
    private var outside: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lr-defaults-\(UUID().uuidString)")
        templates = base.appendingPathComponent("templates")
        outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try write(Self.card, "card.spec")
        try write(#"{"vars": {"title": "Default title", "site": "example.org"}}"#, "card.fixture.json")
        try write(Self.team, "team.spec")
        try write(#"{"data": "people.json", "vars": {"heading": "Team"}}"#, "team.fixture.json")
        try write(#"{"people": [{"name": "Ada"}, {"name": "Grace"}, {"name": "Edsger"}]}"#, "people.json")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: templates.deletingLastPathComponent())
    }

    private static let card = """
        canvas width=160 height=40 background=#ffffff
        vbox
          label "{title}" color=#000000
          label "{site}" color=#555555
        """
    private static let team = """
        canvas width=160 background=#ffffff
        vbox
          label "{heading}" color=#000000
          for person in people
            label "{person.name}" id=p{index}
        """

    private func write(_ text: String, _ name: String) throws {
        try text.write(to: templates.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    private static func put(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private static func post(_ client: any TestClientProtocol, _ body: [String: Any]) async throws -> TestResponse {
        try await client.executeRequest(uri: "/render", method: .post, headers: [.contentType: "application/json"],
                                        body: ByteBuffer(bytes: Array(try JSONSerialization.data(withJSONObject: body))))
    }

    func testTheSidecarsNamesAreDefaultsAndTheURLsWin() async throws {
        let folder = templates.path
        try await withServer({ $0.templatesDirectory = folder }) { client, _ in
            let defaults = try await client.get("/render/card.png")
            XCTAssertEqual(defaults.status, .ok, defaults.text)
            let expected = try await Self.post(client, ["spec": Self.card,
                                                        "data": ["title": "Default title", "site": "example.org"]])
            XCTAssertEqual(expected.status, .ok, expected.text)
            XCTAssertEqual(defaults.bytes, expected.bytes, "the sidecar's vars are the names' values")

            let given = try await client.get("/render/card.png?title=Given")
            XCTAssertEqual(given.status, .ok, given.text)
            let expectedGiven = try await Self.post(client, ["spec": Self.card, "data": ["title": "Given", "site": "example.org"]])
            XCTAssertEqual(given.bytes, expectedGiven.bytes, "the URL's value wins; the other name keeps its default")
            XCTAssertNotEqual(given.bytes, defaults.bytes)
            XCTAssertNotEqual(given.headers[.eTag], defaults.headers[.eTag])

            // A data file the sidecar names gives lists too, which a URL cannot.
            let team = try await client.get("/render/team.png")
            XCTAssertEqual(team.status, .ok, team.text)
            let people = [["name": "Ada"], ["name": "Grace"], ["name": "Edsger"]]
            let expectedTeam = try await Self.post(client, ["spec": Self.team, "data": ["heading": "Team", "people": people]])
            XCTAssertEqual(team.bytes, expectedTeam.bytes)
            let frames = try await Self.post(client, ["spec": Self.team, "data": ["heading": "Team", "people": people],
                                                      "format": "frames"])
            let ids = (frames.json["nodes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            XCTAssertEqual(ids.filter { $0.hasPrefix("p") }, ["p0", "p1", "p2"], frames.text)
            XCTAssertEqual(try PNGDecoder.decode(team.bytes).height, try PNGDecoder.decode(expectedTeam.bytes).height)
        }
    }

    func testAMissingNameSaysHowToGiveItWhereTheRequestCameFrom() async throws {
        try write(Self.card, "bare.spec")
        try write("canvas width=40 height=20\nif tier == \"gold\"\n  box size=4x4 background=#ff0000\n", "tier.spec")
        try write("canvas width=40\nvbox\n  for person in people\n    label \"{person.name}\"\n", "people-list.spec")
        let folder = templates.path
        try await withServer({ $0.templatesDirectory = folder }) { client, _ in
            let missing = try await client.get("/render/bare.png?title=Hi")
            XCTAssertEqual(missing.status, .badRequest, missing.text)
            XCTAssertEqual(missing.json["error"] as? String,
                           "unknown name 'site' in \"{site}\"; give it as ?site=… in the URL")
            XCTAssertEqual(missing.json["line"] as? Int, 4)
            XCTAssertEqual(missing.json["column"] as? Int, 3)

            let condition = try await client.get("/render/tier.png")
            XCTAssertEqual(condition.status, .badRequest, condition.text)
            XCTAssertTrue((condition.json["error"] as? String ?? "").hasSuffix("; give it as ?tier=… in the URL"), condition.text)

            let list = try await client.get("/render/people-list.png")
            XCTAssertEqual(list.status, .badRequest, list.text)
            XCTAssertEqual(list.json["error"] as? String, "unknown list 'people' in the loop; a list cannot be given in "
                           + "the URL; give it in the template's NAME.fixture.json (\"data\" or \"vars\")")

            for response in [missing, condition, list] { XCTAssertFalse(response.text.contains("--var"), response.text) }

            let posted = try await client.render(Self.card, query: "var.title=Hi")
            XCTAssertEqual(posted.status, .badRequest, posted.text)
            XCTAssertEqual(posted.json["error"] as? String,
                           "unknown name 'site' in \"{site}\"; give it as ?var.site=… in the URL")

            let enveloped = try await Self.post(client, ["spec": Self.card, "data": ["title": "Hi"]])
            XCTAssertEqual(enveloped.status, .badRequest, enveloped.text)
            XCTAssertEqual(enveloped.json["error"] as? String,
                           "unknown name 'site' in \"{site}\"; give it in the body's \"data\": {\"site\": …}")
        }
    }

    /// A sidecar and its data are kept between requests and read again when they change:
    /// a new value in the sidecar or the data file is drawn by the next request.
    func testAChangedSidecarOrDataFileIsReadAgain() async throws {
        let folder = templates.path
        try await withServer({ $0.templatesDirectory = folder }) { client, service in
            let first = try await client.get("/render/card.png")
            XCTAssertEqual(first.status, .ok, first.text)
            XCTAssertEqual(service.templateSettings.count, 1)
            let again = try await client.get("/render/card.png")
            XCTAssertEqual(again.bytes, first.bytes)

            try Self.put(#"{"vars": {"title": "Another, longer title", "site": "example.org"}}"#, folder + "/card.fixture.json")
            let changed = try await client.get("/render/card.png")
            XCTAssertEqual(changed.status, .ok, changed.text)
            let expected = try await Self.post(client, ["spec": Self.card,
                                                        "data": ["title": "Another, longer title", "site": "example.org"]])
            XCTAssertEqual(changed.bytes, expected.bytes, "the changed sidecar's value is drawn")

            let team = try await client.get("/render/team.png")
            XCTAssertEqual(team.status, .ok, team.text)
            try Self.put(#"{"people": [{"name": "Ada"}]}"#, folder + "/people.json")
            let fewer = try await client.get("/render/team.png")
            XCTAssertEqual(fewer.status, .ok, fewer.text)
            XCTAssertLessThan(try PNGDecoder.decode(fewer.bytes).height, try PNGDecoder.decode(team.bytes).height,
                              "the changed data file's one person is drawn, not the three kept")
            XCTAssertEqual(service.templateSettings.count, 2)
        }
    }

    /// A template's data file is bounded by --max-body-bytes, as the template is (not by the
    /// command line's spec-file limit): one over it is a 500 that says the limit.
    func testATemplatesDataFileIsBoundedByTheBodyLimit() async throws {
        let folder = templates.path
        let names = #"{"people": ["# + Array(repeating: #"{"name": "Ada"}"#, count: 200).joined(separator: ", ") + "]}"
        try write(names, "people.json")
        let size = names.utf8.count
        try await withServer({ $0.templatesDirectory = folder; $0.maxBodyBytes = size - 1 }) { client, _ in
            let over = try await client.get("/render/team.png")
            XCTAssertEqual(over.status, .internalServerError, over.text)
            let message = over.json["error"] as? String ?? ""
            XCTAssertTrue(message.contains("cannot read the data file: the file is \(size) bytes; the limit is \(size - 1)"), message)
            XCTAssertFalse(message.contains(folder), message)
        }
        try await withServer({ $0.templatesDirectory = folder; $0.maxBodyBytes = size }) { client, _ in
            let within = try await client.get("/render/team.png")
            XCTAssertEqual(within.status, .ok, within.text)
        }
    }

    /// A sidecar is the server's configuration: one that cannot be read is a 500 naming it
    /// by its file name, never the server's path or its lines; it is never a template itself.
    func testHostileSidecarsAreTheServersErrorsAndNeverServed() async throws {
        let folder = templates.path
        try "{\"vars\": {\"title\": \"secret\"}}".write(to: outside.appendingPathComponent("x.fixture.json"),
                                                       atomically: false, encoding: .utf8)
        try "{\"people\": []}".write(to: outside.appendingPathComponent("people.json"), atomically: false, encoding: .utf8)
        let cases: [(name: String, sidecar: () throws -> Void, message: String)] = [
            ("linked", { try FileManager.default.createSymbolicLink(
                atPath: folder + "/linked.fixture.json", withDestinationPath: self.outside.path + "/x.fixture.json") },
             "linked.fixture.json: error: it is a link that leaves its folder"),
            ("broken", { try self.write("{\"vars\": {\"title\": \"secret value\"", "broken.fixture.json") },
             "broken.fixture.json:1:"),
            ("unknown", { try self.write(#"{"defaults": {}}"#, "unknown.fixture.json") },
             "unknown.fixture.json:$.defaults: error: unknown key 'defaults'"),
            ("escape", { try self.write(#"{"data": "../outside/people.json"}"#, "escape.fixture.json") },
             "the data file '../outside/people.json' is outside the spec's folder"),
            ("huge", { try self.write("{\"vars\": {\"t\": \"" + String(repeating: "a", count: 1 << 20) + "\"}}", "huge.fixture.json") },
             "the fixture file is larger than 1048576 bytes"),
            ("fifo", { XCTAssertEqual(mkfifo(folder + "/fifo.fixture.json", 0o600), 0) }, "not a regular file"),
        ]
        for entry in cases {
            try write(Self.card, entry.name + ".spec")
            try entry.sidecar()
        }
        try #"{"canvas": {"width": 10, "height": 10}}"#.write(to: templates.appendingPathComponent("card.frames.json"),
                                                             atomically: false, encoding: .utf8)
        let expectations = cases.map { (name: $0.name, message: $0.message) }
        try await withServer({ $0.templatesDirectory = folder }) { client, _ in
            for entry in expectations {
                let response = try await client.get("/render/\(entry.name).png?title=a&site=b")
                XCTAssertEqual(response.status, .internalServerError, "\(entry.name): \(response.text)")
                let message = response.json["error"] as? String ?? ""
                XCTAssertTrue(message.contains(entry.message), "\(entry.name): \(message)")
                XCTAssertFalse(message.contains(folder) || message.contains("secret"), "\(entry.name): \(message)")
            }
            // A sidecar or a frame dump is no template, whatever it holds.
            for uri in ["/render/card.fixture.png", "/render/card.frames.png"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, "\(uri): \(response.text)")
                XCTAssertFalse(response.text.contains("Default title"), response.text)
            }
        }
    }
}
