import LayoutRenderGolden
import LayoutRenderKit

/// Which golden images a run of `assertRender` may (re)write. Recording always fails the
/// assertion that recorded, so a recorded image is looked at before the test passes.
public enum UpdateMode: String, Sendable, CaseIterable {
    /// The default: `LAYOUT_RENDER_UPDATE` decides; without it, a missing golden is
    /// recorded when `CI` is not true and a failure under CI.
    case automatic
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
    /// The runner's mode, nil for the environment's choice.
    var runnerMode: FixtureRunner.UpdateMode? {
        switch self {
        case .automatic: return nil
        case .none: return FixtureRunner.UpdateMode.none  // (a bare .none would be nil here)
        case .missing: return .missing
        case .changed: return .changed
        case .all: return .all
        }
    }
}
