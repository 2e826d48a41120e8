import Foundation

/// Lists the specs of a folder: every `.spec`, and every `.json` that is a spec, not a frame
/// dump (`*.frames.json`), a fixture sidecar (`*.fixture.json`) or a data file a sidecar names.
///
/// A folder is read only from inside: an entry that is a symbolic link leaving the folder
/// (`creds.spec -> ../secret.txt`, `pw.json -> /etc/passwd`) is listed, so that it is
/// reported, but `refusal(of:in:)` refuses it without its target being looked at, so the
/// message is the same whether the target exists or not, and no line of it is ever quoted.
public enum SpecFolder {
    public static func specFiles(in folder: String) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        let dataFiles = FixtureSettings.dataFileNames(in: folder, files: files)
        return files.filter { file in
            guard isSpecName(file) else { return false }
            return file.hasSuffix(".spec") || !dataFiles.contains(URL(fileURLWithPath: folder + "/" + file).standardizedFileURL.path)
        }.sorted()
    }

    /// A file name a spec may have: `NAME.spec`, or `NAME.json` but a frame dump
    /// (`NAME.frames.json`) or a fixture sidecar (`NAME.fixture.json`).
    public static func isSpecName(_ file: String) -> Bool {
        if file.hasSuffix(".spec") { return true }
        return file.hasSuffix(".json") && !file.hasSuffix(".frames.json") && !file.hasSuffix(".fixture.json")
    }

    /// Why the entry `file` of `folder` may not be read, or nil when it may: it is a link
    /// (or goes through one) to a place outside the folder. An entry that does not exist, or
    /// a link inside the folder that leads nowhere, is not refused here: reading it says so.
    public static func refusal(of file: String, in folder: String) -> Diagnostic? {
        do throws(AssetPaths.Failure) {
            _ = try AssetPaths(root: folder).resolve(file)
            return nil
        } catch {
            switch error {
            case .missing: return nil
            case .outside: return outsideDiagnostic(path: joined(folder, file))
            }
        }
    }

    /// The one message for an entry that leaves its folder (a spec, a sidecar, a data file
    /// or a template): it names the entry, never what it points to.
    public static func outsideDiagnostic(path: String) -> Diagnostic {
        Diagnostic(file: path, location: nil,
                   message: "it is a link that leaves its folder; files of a folder are read only from inside it")
    }

    /// Whether an entry of this name exists in `folder`, as a link or a file (a link is
    /// not followed: a link that leads nowhere exists as an entry).
    static func entryExists(_ file: String, in folder: String) -> Bool {
        var info = stat()
        return lstat(joined(folder, file), &info) == 0
    }

    static func joined(_ folder: String, _ file: String) -> String {
        folder.isEmpty ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
    }
}
