import LayoutRenderGolden
import LayoutRenderKit

/// Which golden images a run of `assertRender` may (re)write. Recording always fails the
/// assertion that recorded, so a recorded image is looked at before the test passes.
public enum UpdateMode: String, Sendable, CaseIterable {
    /// Never write: a missing golden image is a failure.
    case none
    /// Record golden images that do not exist yet.
    case missing
    /// Re-record golden images whose comparison fails.
    case changed
    /// Re-record every golden image.
    case all
}

extension UpdateMode {
    var runnerMode: FixtureRunner.UpdateMode {
        switch self {
        case .none: return .none
        case .missing: return .missing
        case .changed: return .changed
        case .all: return .all
        }
    }
}
