import Foundation

/// Lists the specs of a folder: every `.spec`, and every `.json` that is a spec, not a frame
/// dump (`*.frames.json`), a fixture sidecar (`*.fixture.json`) or a data file a sidecar names.
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
}
