/// What a card shows.
public struct Post: Sendable {
    public var initials: String
    public var title: String
    public var byline: String
    /// The body's runs of text: plain, italic or bold.
    public var body: [Run]
    public var excerpt: String
    public var actions: [String]

    public enum Run: Sendable {
        case plain(String), italic(String), bold(String)
    }

    public init(initials: String, title: String, byline: String, body: [Run], excerpt: String, actions: [String]) {
        self.initials = initials; self.title = title; self.byline = byline; self.body = body
        self.excerpt = excerpt; self.actions = actions
    }

    /// The post of the README's card (examples/card-sans.spec).
    public static let readme = Post(
        initials: "LR",
        title: "LayoutRender: frames from a spec, pixels from Cairo, the same on every machine",
        byline: "@layout-render · just now",
        body: [
            .plain("Proportional text is shaped from the font's own tables: AVAWAY and To are kerned, "),
            .italic("office"), .plain(" and "), .bold("affluent"),
            .plain(" take their ligatures, and 日本語 comes from Noto Sans CJK, all measured as a browser measures them."),
        ],
        excerpt: "A label limited to two lines is truncated with an ellipsis at the tail when its text does not fit, "
            + "exactly where the measurement said it would end.",
        actions: ["Reply", "Share"])
}
