/// Where a spec line's content starts: its indentation and the length of its first word,
/// measured on the line's UTF-8 bytes in one pass. The parser asks this of every line,
/// and the `Substring` views it used index byte by byte more slowly.
struct LineStart {
    /// Spaces before the content (ASCII, so as many characters as bytes).
    var indent = 0
    /// Whether a tab follows the spaces (an error: indentation is two spaces a level).
    var tabAfterIndent = false
    /// The first byte after the indentation, nil when the line is only spaces.
    var firstByte: UInt8?
    /// Bytes from the end of the indentation to the first space after it (or the end).
    var wordLength = 0
    /// The node kind that word spells, if it spells one: looked up on the bytes at hand.
    var firstWordKind: NodeKind?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        indent = i
        guard i < bytes.count else { return }
        tabAfterIndent = bytes[i] == UInt8(ascii: "\t")
        firstByte = bytes[i]
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
        wordLength = end - i
        firstWordKind = NodeKind.named(utf8: UnsafeBufferPointer(rebasing: bytes[i..<end]))
    }
}
