import Foundation
import LayoutRenderKit

/// What can go wrong listing the cases of a run or reading a report back, with the path
/// it concerns; the CLI turns it into a message and an exit code.
public enum GoldenError: Error, Sendable, Equatable {
    /// A path that is neither a file nor a folder.
    case missing(path: String)
    /// A folder that cannot be listed, with the system's reason.
    case unlistable(path: String, reason: String)
    /// A file that is not a spec (`NAME.spec`, or `NAME.json` that is not a frame dump or a sidecar).
    case notASpec(path: String)
    /// A file that is not a JUnit report of `layout-render test` (it has no `testsuite`).
    case notAReport
}

extension FixtureRunner {
    /// The cases of the specs and folders named, in the order given (a folder's specs
    /// sorted by name), each spec once however often it is named. Two specs whose goldens
    /// would be the same file (`a.spec` and `a.json`, or two folders' `a.spec` with one
    /// `--goldens` folder) are refused as `render --out-dir` refuses two specs with one
    /// image: the later one's cases fail with the name of the earlier one.
    /// A folder without specs gives no cases; `emptyFolders` lists it.
    public static func discover(paths: [String], goldenDirectory: String? = nil)
        throws(GoldenError) -> (cases: [Case], emptyFolders: [String]) {
        var cases: [Case] = []
        var empty: [String] = []
        var seenSpecs = Set<String>()
        var goldenOwners: [String: String] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
            let found: [Case]
            if isDirectory.boolValue {
                do { found = try discover(in: path, goldenDirectory: goldenDirectory) } catch {
                    throw .unlistable(path: path, reason: error.localizedDescription)
                }
                if found.isEmpty { empty.append(path) }
            } else {
                let file = (path as NSString).lastPathComponent
                guard SpecFolder.isSpecName(file) else { throw .notASpec(path: path) }
                let folder = goldenDirectory ?? (path as NSString).deletingLastPathComponent
                let golden = (file as NSString).deletingPathExtension + ".png"
                found = Case.cases(specPath: path, goldenPNGPath: folder.isEmpty ? golden : folder + "/" + golden)
            }
            for var testCase in found {
                guard seenSpecs.insert(standardized(testCase.specPath) + "\u{0}" + testCase.name).inserted else { continue }
                let golden = standardized(testCase.goldenPNGPath)
                if let owner = goldenOwners[golden], owner != testCase.specPath {
                    testCase.problem = "its golden \(testCase.goldenPNGPath) is the golden of \(owner) too; rename one of the two specs"
                } else {
                    goldenOwners[golden] = testCase.specPath
                }
                cases.append(testCase)
            }
        }
        return (cases, empty)
    }

    /// A path as one file has it, whatever `./` or `..` it was written with.
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// One machine's share of a suite run on several (`--shard I/N`).
///
/// Cases are put in the order of a hash of their name (FNV-1a of the spec's path as given,
/// without a leading `./`, and the size label), and that order is cut into N runs of
/// consecutive cases whose lengths differ by at most one; shard I runs the I-th. So the
/// shares are balanced by count, and they are stable: adding or removing one case moves
/// at most one case across each of the N - 1 cuts, whatever its name (a round-robin over
/// the sorted names would move every case after it). Every shard of a run must be given
/// the same folders, `--grep` and N; the hash does not depend on the machine or the
/// Swift version (it is not `Hasher`, which is seeded per process).
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int
    public static let maxCount = 10_000

    /// `2/5`; nil unless 1 ≤ I ≤ N ≤ `maxCount`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
              (1...Self.maxCount).contains(n), (1...n).contains(i) else { return nil }
        index = i
        count = n
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's cases, in their given order.
    public func select(_ cases: [FixtureRunner.Case]) -> [FixtureRunner.Case] {
        let order = cases.indices.sorted { a, b in
            let (ka, kb) = (Self.key(cases[a]), Self.key(cases[b]))
            let (ha, hb) = (Self.fnv1a(ka), Self.fnv1a(kb))
            return ha != hb ? ha < hb : ka < kb
        }
        let start = (index - 1) * order.count / count, end = index * order.count / count
        let chosen = Set(order[start..<end])
        return cases.indices.filter(chosen.contains).map { cases[$0] }
    }

    /// What a case is known by across machines: its spec's path and its size.
    static func key(_ c: FixtureRunner.Case) -> String {
        var path = c.specPath
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path + (c.size.map { "@" + $0.label } ?? "")
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// `--grep REGEX`: the cases whose name (`card-320x568`) or spec path
/// (`fixtures/card.spec`) the expression matches somewhere.
public struct CaseFilter {
    public let pattern: String
    private let regex: Regex<AnyRegexOutput>

    /// Throws the expression's own error when it does not compile.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        regex = try Regex(pattern)
    }

    public func select(_ cases: [FixtureRunner.Case]) -> [FixtureRunner.Case] {
        cases.filter { $0.name.contains(regex) || $0.specPath.contains(regex) }
    }
}
