@testable import LayoutRenderGolden
import LayoutRenderKit
import XCTest

final class GoldenUpdatePolicyTests: XCTestCase {
    private func mode(_ requested: FixtureRunner.UpdateMode?, _ environment: [String: String]) -> String {
        do { return try GoldenUpdatePolicy.mode(requested: requested, environment: environment).rawValue } catch {
            return error.diagnostic.headline
        }
    }

    func testTheVariableNamesAModeAndABadValueIsAnError() {
        XCTAssertEqual(mode(nil, [:]), "none")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": ""]), "none")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": "0"]), "none")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": "1"]), "changed")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": "Missing"]), "missing")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": "all"]), "all")
        XCTAssertEqual(mode(nil, ["LAYOUT_RENDER_UPDATE": "yes"]),
                       "LAYOUT_RENDER_UPDATE: error: 'yes' is not an update mode; use none, missing, changed or all (1 means changed, 0 or empty none)")
        // An explicit request wins over the variable.
        XCTAssertEqual(mode(FixtureRunner.UpdateMode.none, ["LAYOUT_RENDER_UPDATE": "all"]), "none")
        XCTAssertEqual(mode(.missing, ["LAYOUT_RENDER_UPDATE": "bogus"]), "missing")
    }

    func testCIRefusesOnlyWhenTrue() {
        for value in ["1", "true", "TRUE", "yes", " Yes "] {
            XCTAssertEqual(mode(.all, ["CI": value]),
                           "--update all: error: recording golden files is refused when CI=\(value): they are recorded on purpose, by a person")
            XCTAssertEqual(mode(nil, ["CI": value, "LAYOUT_RENDER_UPDATE": "1"]),
                           "LAYOUT_RENDER_UPDATE=1: error: recording golden files is refused when CI=\(value): they are recorded on purpose, by a person")
            XCTAssertEqual(mode(FixtureRunner.UpdateMode.none, ["CI": value]), "none")
        }
        for value in ["0", "false", "", "no"] {
            XCTAssertEqual(mode(.all, ["CI": value]), "all")
        }
    }

    /// `layout-render test` records a missing golden unasked only with no mode given at all
    /// and outside CI.
    func testMissingGoldensAreRecordedUnaskedOnlyWithoutAModeAndOutsideCI() {
        func unasked(_ requested: FixtureRunner.UpdateMode?, _ environment: [String: String]) -> Bool {
            GoldenUpdatePolicy.recordsMissingUnasked(requested: requested, environment: environment)
        }
        XCTAssertTrue(unasked(nil, [:]))
        XCTAssertTrue(unasked(nil, ["LAYOUT_RENDER_UPDATE": " "]))
        for ci in ["0", "false", "", "no"] { XCTAssertTrue(unasked(nil, ["CI": ci]), ci) }
        for ci in ["1", "true", "YES"] { XCTAssertFalse(unasked(nil, ["CI": ci]), ci) }
        for value in ["0", "none", "missing", "all"] { XCTAssertFalse(unasked(nil, ["LAYOUT_RENDER_UPDATE": value]), value) }
        for mode in FixtureRunner.UpdateMode.allCases { XCTAssertFalse(unasked(mode, [:]), mode.rawValue) }
    }
}
