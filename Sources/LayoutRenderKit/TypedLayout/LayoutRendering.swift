// Rendering a typed layout in the process: frames, pixels and encoded pictures. A layout
// is written as spec text and read by the parser, which checks every value against the
// schema as it checks a file's, so a typed layout and its text render alike; its
// messages quote that text, named `<typed layout>`. Keep one `LayoutRenderer` for many
// renders (a server's): its fonts and image cache are shared by them.

extension LayoutRenderer {
    /// The options of a typed layout's render: its messages name `<typed layout>`.
    public static func typedOptions(assetRoot: String = ".", scale: Double? = nil) -> RenderOptions {
        RenderOptions(fileName: Layout.fileName, assetRoot: assetRoot, scale: scale)
    }

    /// Lays out `layout` without drawing it: its frames (`.frames`) and size.
    public func layout(_ layout: Layout, options: RenderOptions = typedOptions()) throws(LayoutRenderError) -> LaidOutSpec {
        try self.layout(source: try layout.specText(limits: options.parseLimits), options: options)
    }

    /// Lays out and draws `layout`: its RGBA pixels (`.bitmap`), frames and warnings.
    public func render(_ layout: Layout, options: RenderOptions = typedOptions()) throws(LayoutRenderError) -> RenderedImage {
        try draw(try self.layout(layout, options: options), options: options)
    }

    /// `layout` as a picture in the bytes of `settings.format`: PNG, JPEG, WebP, SVG or PDF.
    public func picture(_ layout: Layout, settings: PictureSettings = PictureSettings(),
                        options: RenderOptions = typedOptions()) throws(LayoutRenderError) -> EncodedPicture {
        try picture(try self.layout(layout, options: options), settings: settings, options: options)
    }
}
