import Foundation

/// Lists the specs of a folder: every `.spec`, and every `.json` that is a spec, not a frame
/// dump (`*.frames.json`), a fixture sidecar (`*.fixture.json`) or a data file a sidecar names.
public enum SpecFolder {
    public static func specFiles(in folder: String) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        let dataFiles = FixtureSettings.dataFileNames(in: folder, files: files)
        return files.filter { file in
            if file.hasSuffix(".spec") { return true }
            guard file.hasSuffix(".json"), !file.hasSuffix(".frames.json"), !file.hasSuffix(".fixture.json") else { return false }
            return !dataFiles.contains(URL(fileURLWithPath: folder + "/" + file).standardizedFileURL.path)
        }.sorted()
    }
}
