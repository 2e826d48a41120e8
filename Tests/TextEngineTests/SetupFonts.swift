import Foundation

/// The font files `scripts/setup` installs: the `fonts-…` packages its list names, and the
/// files Debian's package database says each of them holds. Tests that count system fonts
/// take their expectation from here, never from what one machine happens to have.
enum SetupFonts {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let setupScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/setup")

    /// The `fonts-…` packages of the setup script's package list.
    static func packages() throws -> [String] {
        let script = try String(contentsOf: setupScript, encoding: .utf8)
        let names = script.split(separator: "\n").compactMap { line -> String? in
            let word = line.drop { $0 == " " }.prefix { !$0.isWhitespace }
            return word.hasPrefix("fonts-") ? String(word) : nil
        }
        guard !names.isEmpty else { throw Failure(description: "no fonts-… package in \(setupScript.path)") }
        return names
    }

    /// The font files (.ttf, .otf, .ttc) of those packages inside `directories`, sorted.
    static func files(under directories: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-L"] + (try packages())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "dpkg-query -L \(try packages()) failed: are scripts/setup's packages installed?")
        }
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc"]
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { path in
            fontExtensions.contains((path as NSString).pathExtension.lowercased())
                && directories.contains { path.hasPrefix($0 + "/") }
        }.sorted()
    }
}
