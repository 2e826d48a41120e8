/// Where the names of a render come from, so that an unknown name's message says how to
/// give it the way this render's caller can: `--var NAME=…` on the command line,
/// `?NAME=…` in a template's URL, `"data"` in a JSON request body.
public enum NameSource: Sendable, Equatable {
    /// `--var NAME=VALUE` and `--data FILE.json` (the CLI, fixtures).
    case commandLine
    /// A URL's query, each name written after `prefix` (`?title=…` for a template,
    /// `?var.title=…` for `POST /render`); lists cannot be given there.
    case query(prefix: String)
    /// The `"data"` object of a JSON request body.
    case bodyData

    /// How to give the missing name `name` (`give it with --var title=… or --data`). A
    /// dotted name (`user.name`) is a member of an object, which `--var` cannot give.
    public func hint(forName name: String) -> String {
        switch self {
        case .commandLine:
            guard let dot = name.firstIndex(of: ".") else { return "give it with --var \(name)=… or --data" }
            return "give it with --data FILE.json ('\(name[..<dot])' an object)"
        case .query(let prefix): return "give it as ?\(prefix)\(name)=… in the URL"
        case .bodyData: return "give it in the body's \"data\": {\"\(name)\": …}"
        }
    }

    /// How to give the missing list `name` that a `for` loop walks.
    public func hint(forList name: String) -> String {
        switch self {
        case .commandLine: return "give it with --data FILE.json or --var"
        case .query: return "a list cannot be given in the URL; give it in the template's NAME.fixture.json (\"data\" or \"vars\")"
        case .bodyData: return "give it in the body's \"data\": {\"\(name)\": […]}"
        }
    }
}
