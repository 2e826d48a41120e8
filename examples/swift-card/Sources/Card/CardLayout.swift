import LayoutRenderKit

/// The README's proportional card as a typed layout: a function of the post it shows.
public enum CardLayout {
    static let title = NamedStyle("title", .weight(700), .size(16), .lines(1), .truncate(.tail))
    static let muted = NamedStyle("muted", .color(.hex(0x6b7280)), .size(12))
    static let button = NamedStyle("button", .size(width: 84, height: 30), .background(.hex(0xffffff)),
                                   .border(1, .hex(0xc9ced6)), .radius(6))
    static let accent = Color.hex(0x4f7cff)

    public static func layout(_ post: Post = .readme) -> Layout {
        Layout(.width(480), .background(.hex(0xf4f5f7)), .scale(2), .font(.family("DejaVu Sans"))) {
            VBox(.id("card"), .padding(20), .gap(12), .margin(16), .background(.hex(0xffffff)),
                 .border(1, .hex(0xdde1e6)), .radius(10)) {
                HBox(.id("header"), .gap(12), .align(.center)) {
                    Box(.id("avatar"), .size(width: 44, height: 44), .shrink(0), .background(.color(accent)), .radius(22)) {
                        Label(post.initials, .weight(700), .color(.hex(0xffffff)), .centerX(0), .centerY(0))
                    }
                    VBox(.gap(2), .grow(1)) {
                        Label(post.title, .style(title), .id("title"))
                        Label(post.byline, .style(muted))
                    }
                }
                body(post.body)
                Label(post.excerpt, .lines(2), .truncate(.tail), .color(.hex(0x374151)), .id("excerpt"))
                HBox(.id("actions"), .gap(8), .justify(.end)) {
                    for (index, action) in post.actions.enumerated() {
                        // The last action is the primary one.
                        if index == post.actions.count - 1 {
                            Box(.style(button), .background(.color(accent)), .border(1, .hex(0x3b63d9))) {
                                Label(action, .color(.hex(0xffffff)), .centerX(0), .centerY(0))
                            }
                        } else {
                            Box(.style(button)) { Label(action, .centerX(0), .centerY(0)) }
                        }
                    }
                }
            }
        }
    }

    /// The body: a plain first run is the label's text, and every other run a span with
    /// its formatting (a first run that is italic or bold is a span too, the label's own
    /// text then empty).
    static func body(_ runs: [Post.Run]) -> LayoutNode {
        let text: String, spans: ArraySlice<Post.Run>
        if case .plain(let first)? = runs.first { (text, spans) = (first, runs.dropFirst()) } else { (text, spans) = ("", runs[...]) }
        return Label(text, .lines(0), .id("body")) {
            for run in spans {
                switch run {
                case .plain(let t): Span(t)
                case .italic(let t): Span(t, .italic())
                case .bold(let t): Span(t, .weight(700))
                }
            }
        }.layoutNode
    }
}
