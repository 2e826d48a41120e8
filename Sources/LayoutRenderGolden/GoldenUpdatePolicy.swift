import Foundation
import LayoutRenderKit

/// Whether golden files may be (re)written, decided in one place for `layout-render test`,
/// `assertRender` and the package's own golden tests.
///
/// - `LAYOUT_RENDER_UPDATE` asks for a mode when none is given explicitly: `none`, `missing`,
///   `changed` or `all`; `1` means `changed`; `0`, empty or unset mean `none`. Any other value
///   is an error, so a typo never silently records nothing (or everything).
/// - `CI` set to a true value (`1`, `true`, `yes`, in any case) refuses every mode but `none`:
///   golden files are recorded on purpose, by a person. `CI=0`, `CI=false` or an empty `CI`
///   refuse nothing.
/// - For `layout-render test` only: with neither an explicit mode nor the variable (unset
///   or empty, not `0`), a missing golden is recorded when `CI` is not true, and its case
///   fails the run (`recordsMissingUnasked`), as Playwright and swift-snapshot-testing do;
///   under CI it fails unrecorded.
public enum GoldenUpdatePolicy {
    public static let variable = "LAYOUT_RENDER_UPDATE"

    /// The mode to run with: `requested` (an explicit `--update`/`update:`), else the
    /// environment's. Throws when the variable's value is not a mode, or when recording is
    /// refused under CI; the message is one line.
    public static func mode(requested: FixtureRunner.UpdateMode?,
                            environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LayoutRenderError) -> FixtureRunner.UpdateMode {
        let mode: FixtureRunner.UpdateMode
        var source = "--update \(requested?.rawValue ?? "")"
        if let requested {
            mode = requested
        } else {
            let value = (environment[variable] ?? "").trimmingCharacters(in: .whitespaces)
            switch value.lowercased() {
            case "", "0": mode = .none
            case "1": mode = .changed
            default:
                guard let named = FixtureRunner.UpdateMode(rawValue: value.lowercased()) else {
                    throw .spec(Diagnostic(file: variable, location: nil,
                                           message: "'\(value)' is not an update mode; use none, missing, changed or all (1 means changed, 0 or empty none)"))
                }
                mode = named
            }
            source = "\(variable)=\(value)"
        }
        if mode != .none, let ci = environment["CI"], isTrue(ci) {
            throw .spec(Diagnostic(file: source, location: nil,
                                   message: "recording golden files is refused when CI=\(ci): they are recorded on purpose, by a person"))
        }
        return mode
    }

    /// Whether `layout-render test` records missing goldens unasked (see above): no
    /// `--update`, `LAYOUT_RENDER_UPDATE` unset or empty, and `CI` not true.
    public static func recordsMissingUnasked(requested: FixtureRunner.UpdateMode?,
                                             environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard requested == nil, (environment[variable] ?? "").trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        return !isTrue(environment["CI"] ?? "")
    }

    /// `1`, `true` or `yes`, in any case, with spaces around allowed.
    public static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
