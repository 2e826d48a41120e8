import Foundation
import LayoutRenderKit

/// Writes a message for a person to standard error (diagnostics never go to stdout,
/// which may carry a PNG). Control characters a spec or a file name brought into the
/// message are escaped (see `Diagnostic.escaped`); the message's own line breaks stay.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((terminalSafe(message) + "\n").utf8))
}

/// Writes a line for a person to standard output, escaped like `printError`.
func printOutput(_ message: String) {
    print(terminalSafe(message))
}

/// Every line of `text` escaped, the line breaks kept.
func terminalSafe(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Diagnostic.escaped(String($0)) }
        .joined(separator: "\n")
}
