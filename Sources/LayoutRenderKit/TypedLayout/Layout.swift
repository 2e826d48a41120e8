/// A whole typed layout: the canvas's attributes (`.width(480)`, `.scale(2)`, …), the
/// font families it declares, and its nodes. Write one as a function of your state; it
/// is a value, compared and hashed by what it says.
///
/// ```swift
/// let card = Layout(.width(320), .background(.hex(0xf4f5f7))) {
///     VBox(.padding(16), .gap(8)) {
///         Label(title, .style(heading))
///         for line in lines { Label(line) }
///     }
/// }
/// ```
public struct Layout: Hashable, Sendable {
    public var canvas: LayoutNode
    public var fonts: [FontDeclaration]

    public init(_ attributes: LayoutAttribute..., fonts: [FontDeclaration] = [],
                @LayoutBuilder content: () -> [LayoutNode]) {
        canvas = LayoutNode(.canvas, attributes: attributes, children: content())
        self.fonts = fonts
    }

    /// The layout as spec text (what `render` reads, and what its messages quote).
    public func specText(limits: ParseLimits = .default) throws(LayoutRenderError) -> String {
        SpecWriter.specText(try checkedDocument(limits: limits))
    }

    /// The layout in the JSON form.
    public func json(limits: ParseLimits = .default) throws(LayoutRenderError) -> String {
        SpecWriter.json(try checkedDocument(limits: limits))
    }

    /// The document of the language this layout says, its styles applied; an error when it
    /// nests deeper than `limits` allow. (Its values are checked when its text is read.)
    private func checkedDocument(limits: ParseLimits) throws(LayoutRenderError) -> Document {
        // The canvas is a level of its own, as a spec's top-level lines are below it.
        guard let canvas = canvas.node(at: SourceLocation(line: 1, column: 1), maxDepth: limits.maxDepth + 1) else {
            throw .spec(Diagnostic(file: Layout.fileName, location: nil,
                                   message: "the layout nests more than \(limits.maxDepth) levels deep"))
        }
        return Document(canvas: canvas, fonts: fonts)
    }

    /// The name a typed layout's messages give its spec text.
    public static let fileName = "<typed layout>"
}
