import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

@testable import LayoutRenderService

/// The small hostile requests of docs/security.md, each of which once crashed, wedged or
/// poisoned the server: each is now a client error answered well within its time, and
/// the renders after it are what they would have been without it.
final class HostileRequestTests: XCTestCase {
    private static func nested(_ open: String, _ close: String, _ count: Int, _ inner: String) -> String {
        String(repeating: open, count: count) + inner + String(repeating: close, count: count)
    }

    static let cases: [(name: String, spec: String)] = [
        ("60,000 nested parentheses in a condition",
         "canvas width=100 height=100\nif " + nested("(", ")", 60_000, "width > 1") + "\n  box\n"),
        ("30,000 nested not", "canvas width=100 height=100\nif " + String(repeating: "not ", count: 30_000) + "width > 1\n  box\n"),
        ("30,000 nested and", "canvas width=100 height=100\nif " + String(repeating: "width > 1 and (", count: 30_000)
            + "width > 1" + String(repeating: ")", count: 30_000) + "\n  box\n"),
        ("30,000 nested max()", "canvas width=100 height=100\nbox width=100 height=100\n  box id=a width=10 height=10\n"
            + "  box height=10 left=" + nested("max(", ")", 30_000, "a.right") + "\n"),
        ("line-height 1e308", "canvas width=100 height=100\nlabel \"x\" line-height=1e308\n"),
        ("aspect-ratio 1e-308", "canvas width=100 height=100\nbox aspect-ratio=1e-308 width=100\n"),
        ("grow, margin and padding near 1e308",
         "canvas width=100 height=100\nhbox width=100 padding=1e308\n  box grow=1e308\n  box grow=1e308 margin=1e308\n"),
        ("a percentage near 1e308", "canvas width=100 height=100\nhbox width=100\n  box width=1e307%\n"),
        ("radius and border 1e20", "canvas width=100 height=100\nbox width=100 height=100 radius=1e20 border=1e20\n"),
        ("font size 1000000", "canvas width=100 height=100\nlabel \"x\" size=1000000\n"),
    ]

    /// Every hostile request is refused with a 4xx and a JSON error, none with a 500 or
    /// 504, and every worker is still the one it was (none had to be killed).
    func testHostileRequestsAreClientErrorsAnsweredInTime() async throws {
        try await withServer({ $0.workers = 1; $0.renderTimeout = .seconds(20) }) { client, service in
            _ = try await service.workers.waitUntilStarted()
            for (name, spec) in Self.cases {
                let start = ContinuousClock.now
                let response = try await client.render(spec)
                let elapsed = ContinuousClock.now - start
                XCTAssertTrue((400..<500).contains(response.status.code), "\(name): \(response.status) \(response.text)")
                XCTAssertNotNil(response.json["error"] as? String, "\(name): \(response.text)")
                // Not a timing assertion: far below the time limit, i.e. not a worker killed.
                XCTAssertLessThan(elapsed, .seconds(15), name)
            }
            XCTAssertEqual(service.workers.status.restarts, 0)
        }
    }

    /// A font size that once left the shared face broken: the labels rendered after it
    /// are byte-identical to the same labels rendered by a fresh server.
    func testAPoisonFontSizeChangesNoLaterRender() async throws {
        let label = "canvas width=120 height=30 background=#ffffff\nlabel \"after {n}\" size=14\n"
        let clean = try await withServer({ $0.workers = 1 }) { client, _ in
            try await client.render(label, query: "var.n=1").bytes
        }
        try await withServer({ $0.workers = 1 }) { client, _ in
            for size in ["1000000", "100000", "20000", "4097"] {
                let poison = try await client.render("canvas width=100 height=100\nlabel \"x\" size=\(size)\n")
                XCTAssertNotEqual(poison.status, .ok, "size=\(size)")
            }
            let after = try await client.render(label, query: "var.n=1")
            XCTAssertEqual(after.status, .ok, after.text)
            XCTAssertEqual(after.bytes, clean)
        }
    }
}
