import Foundation

/// Writes a message for a person to standard error (diagnostics never go to stdout,
/// which may carry a PNG).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
