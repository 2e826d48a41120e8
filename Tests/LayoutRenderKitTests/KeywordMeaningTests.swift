@testable import LayoutRenderKit
import Rendering
import SpecLanguage
import TextEngine
import XCTest

/// The keyword sets the engines spell alike mean the engine's value of the same spelling:
/// every keyword of each has one (a keyword added to the language and not to the engine
/// fails here, not in a render).
final class KeywordMeaningTests: XCTestCase {
    func testEveryKeywordOfASetSpelledAlikeHasItsEngineValue() {
        check(Keywords.TextAlign.self, TextAlignment.self) { $0.text }
        check(Keywords.TextWrap.self, TextEngine.TextWrap.self) { $0.text }
        check(Keywords.Truncate.self, TextTruncation.self) { $0.text }
        check(Keywords.VerticalAlign.self, InlineObject.Alignment.self) { $0.text }
        check(Keywords.BorderStyle.self, Rendering.BorderStyle.self) { $0.drawing }
        check(Keywords.Blend.self, BlendMode.self) { $0.drawing }
        check(Keywords.FillRule.self, PathStyle.FillRule.self) { $0.drawing }
        check(Keywords.LineJoin.self, PathStyle.LineJoin.self) { $0.drawing }
        check(Keywords.LineCap.self, PathStyle.LineCap.self) { $0.drawing }
    }

    private func check<Set: KeywordSet, Meaning: RawRepresentable<String>>(
        _ set: Set.Type, _ meaning: Meaning.Type, _ engineValue: (Set) -> Meaning, line: UInt = #line) {
        XCTAssertFalse(Set.allCases.isEmpty, line: line)
        for keyword in Set.allCases {
            // Looked up first, so that a missing value fails the test instead of trapping it.
            guard Meaning(rawValue: keyword.rawValue) != nil else {
                XCTFail("'\(keyword.rawValue)' has no \(Meaning.self)", line: line)
                continue
            }
            XCTAssertEqual(engineValue(keyword).rawValue, keyword.rawValue, line: line)
        }
    }
}
