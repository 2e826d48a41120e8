import XCTest

@testable import LayoutRenderService

final class RequestParsingTests: XCTestCase {
    func testQueryParameters() throws {
        let query = try RenderQuery([("size", "320x200"), ("scale", "2"), ("var.title", "Hi"), ("frames", "1")])
        XCTAssertEqual(query.width, 320)
        XCTAssertEqual(query.height, 200)
        XCTAssertEqual(query.scale, 2)
        XCTAssertTrue(query.frames)
        XCTAssertEqual(query.variables, ["title": "Hi"])
        XCTAssertEqual(try RenderQuery([("size", "320xauto")]).height, nil)
        XCTAssertThrowsError(try RenderQuery([("width", "1"), ("width", "2")]))
        XCTAssertThrowsError(try RenderQuery([("size", "1x1"), ("width", "2")]))
        XCTAssertThrowsError(try RenderQuery([("var.", "x")]))
    }

    /// The cache key is made from the request as a worker reads it: variables that differ
    /// only in where `&` falls give different requests, the same variables in another
    /// order the same one.
    func testTheWorkerRequestTellsVariablesApart() throws {
        func encoded(_ parameters: [(name: String, value: String)]) throws -> [UInt8] {
            var request = WorkerRequest(source: Array("canvas width=10\n".utf8), format: .spec)
            try RenderQuery(parameters).apply(to: &request)
            return request.encoded()
        }
        XCTAssertNotEqual(try encoded([("var.a", "1&var.b=2")]), try encoded([("var.a", "1"), ("var.b", "2")]))
        XCTAssertEqual(try encoded([("var.x", "1"), ("var.y", "2")]), try encoded([("var.y", "2"), ("var.x", "1")]))
    }

    func testMultipartFields() throws {
        XCTAssertEqual(Multipart.boundary(contentType: #"multipart/form-data; boundary="ab c""#), "ab c")
        XCTAssertNil(Multipart.boundary(contentType: "text/plain"))
        let body = Array("preamble\r\n--B\r\nContent-Disposition: form-data; name=\"one\"\r\n\r\n1\r\n--B\r\ncontent-disposition: form-data; name=two\r\n\r\n\r\n--B--\r\n".utf8)
        let fields = try Multipart.fields(of: body, boundary: "B")
        XCTAssertEqual(fields["one"], Array("1".utf8))
        XCTAssertEqual(fields["two"], [])
        XCTAssertThrowsError(try Multipart.fields(of: Array("nothing".utf8), boundary: "B"))
        XCTAssertThrowsError(try Multipart.fields(of: Array("--B\r\nno blank line--B--".utf8), boundary: "B"))
        // Headers whose blank line runs into the delimiter (this trapped once: a remote crash).
        let truncated = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--B--".utf8)
        XCTAssertThrowsError(try Multipart.fields(of: truncated, boundary: "B")) {
            XCTAssertEqual($0 as? ServiceError, .badBody("a multipart part has no blank line after its headers"))
        }
    }
}
