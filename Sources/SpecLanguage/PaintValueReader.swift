/// Reads the drawing values: gradient backgrounds and shadows.
extension ValueReader {
    /// A `background`: a colour, `linear(…)` or `radial(…)`.
    static func background(_ text: String) throws(Failure) -> Value {
        for (name, isLinear) in [("linear(", true), ("radial(", false)] where text.hasPrefix(name) {
            guard text.hasSuffix(")") else { throw Failure(message: "missing ')' at the end of \(name)…)", offset: text.count) }
            let inner = String(text.dropFirst(name.count).dropLast())
            return .gradient(try gradient(inner, linear: isLinear, offset: name.count))
        }
        if text.hasPrefix("linear-gradient(") || text.hasPrefix("radial-gradient(") {
            let name = text.hasPrefix("linear") ? "linear" : "radial"
            throw Failure(message: "CSS \(name)-gradient(…) is written \(name)(…) here")
        }
        return .color(try color(text))
    }

    /// The parts of a comma-separated list, each with its offset in the text, spaces
    /// around it trimmed.
    private static func commaParts(_ text: String, offset base: Int) -> [(text: String, offset: Int)] {
        var parts: [(String, Int)] = []
        var offset = base
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = part.prefix { $0 == " " }.count
            parts.append((String(String(part).trimmingSpaces), offset + leading))
            offset += part.count + 1
        }
        return parts
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    private static let sideAngles = ["top": 0.0, "right": 90, "bottom": 180, "left": 270]

    private static func gradient(_ inner: String, linear: Bool, offset: Int) throws(Failure) -> Gradient {
        var parts = commaParts(inner, offset: offset)
        var shape: Gradient.Shape = linear ? .linear(angle: Gradient.defaultAngle) : .radial(circle: false)
        if let first = parts.first {
            if linear, first.text.hasSuffix("deg") || first.text.hasSuffix("turn") {
                let turns = first.text.hasSuffix("turn")
                let value: Double
                do { value = try number(String(first.text.dropLast(turns ? 4 : 3))) } catch {
                    throw Failure(message: "'\(first.text)' is not an angle (such as 90deg or 0.25turn)", offset: first.offset)
                }
                let degrees = turns ? value * 360 : value
                guard abs(degrees) <= ValueRanges.maxPoints else {
                    throw Failure(message: "the angle \(format(degrees))deg is outside the range ±\(format(ValueRanges.maxPoints))deg",
                                  offset: first.offset)
                }
                shape = .linear(angle: degrees)
                parts.removeFirst()
            } else if linear, first.text.hasPrefix("to ") {
                let side = words(first.text).dropFirst()
                guard side.count == 1, let angle = sideAngles[side[side.startIndex]] else {
                    throw Failure(message: "'\(first.text)' is not a direction: use to top, to right, to bottom, to left or an angle such as 135deg",
                                  offset: first.offset)
                }
                shape = .linear(angle: angle)
                parts.removeFirst()
            } else if !linear, first.text == "circle" || first.text == "ellipse" {
                shape = .radial(circle: first.text == "circle")
                parts.removeFirst()
            } else if !linear, first.text.contains(" at ") || ["closest-side", "closest-corner", "farthest-side"].contains(where: first.text.contains) {
                throw Failure(message: "a radial gradient here is centred and reaches the farthest corner; it takes only circle or ellipse before its stops",
                              offset: first.offset)
            }
        }
        var stops: [GradientStop] = []
        for part in parts {
            let w = words(part.text)
            guard !w.isEmpty else { throw Failure(message: "a colour stop is missing between commas", offset: part.offset) }
            let color: Color
            do { color = try Self.color(w[0]) } catch { throw Failure(message: error.message, offset: part.offset) }
            guard w.count <= 3 else {
                throw Failure(message: "a colour stop is a colour and at most two positions, such as '#4f7cff 60%'", offset: part.offset)
            }
            if w.count == 1 { stops.append(GradientStop(color: color)) }
            var at = part.offset + w[0].count + 1
            for position in w.dropFirst() {
                guard position.hasSuffix("%") else {
                    throw Failure(message: "a stop's position is a percentage of the gradient line, such as 60%, not '\(position)'", offset: at)
                }
                let value: Double
                do {
                    value = try number(String(position.dropLast()))
                    try checkPercent(value)
                } catch { throw Failure(message: error.message, offset: at) }
                stops.append(GradientStop(color: color, position: value))
                at += position.count + 1
            }
            guard stops.count <= ValueRanges.maxGradientStops else {
                throw Failure(message: "a gradient has at most \(ValueRanges.maxGradientStops) colour stops", offset: part.offset)
            }
        }
        guard stops.count >= 2 else {
            throw Failure(message: "a gradient needs at least two colour stops, such as \(linear ? "linear(90deg, #fff, #000)" : "radial(#fff, #000)")",
                          offset: offset)
        }
        return Gradient(shape: shape, stops: stops)
    }

    /// `transform`: CSS's `rotate(A)`, `scale(S)` or `scale(SX, SY)`, `translate(X)` or
    /// `translate(X, Y)`, separated by spaces; angles in `deg` or `turn`, lengths in points.
    static func transform(_ text: String) throws(Failure) -> Value {
        var steps: [TransformStep] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            if chars[i] == " " { i += 1; continue }
            let start = i
            while i < chars.count, chars[i] != "(", chars[i] != " " { i += 1 }
            let name = String(chars[start..<i])
            guard i < chars.count, chars[i] == "(" else {
                throw Failure(message: "expected rotate(…), scale(…) or translate(…), not '\(name)'", offset: start)
            }
            guard let close = chars[i...].firstIndex(of: ")") else {
                throw Failure(message: "missing ')' after \(name)(", offset: i)
            }
            let argumentsStart = i + 1
            let arguments = commaParts(String(chars[argumentsStart..<close]), offset: argumentsStart)
            i = close + 1
            func value(_ part: (text: String, offset: Int), suffix: String = "") throws(Failure) -> Double {
                do throws(Failure) {
                    let v = try number(suffix.isEmpty || !part.text.hasSuffix(suffix) ? part.text : String(part.text.dropLast(suffix.count)))
                    return v
                } catch { throw Failure(message: error.message, offset: part.offset) }
            }
            switch name {
            case "rotate":
                guard arguments.count == 1 else { throw Failure(message: "rotate takes one angle, such as rotate(15deg)", offset: start) }
                let a = arguments[0]
                let turns = a.text.hasSuffix("turn")
                guard turns || a.text.hasSuffix("deg") else {
                    throw Failure(message: "an angle is in deg or turn, such as 15deg, not '\(a.text)'", offset: a.offset)
                }
                let degrees = try value(a, suffix: turns ? "turn" : "deg") * (turns ? 360 : 1)
                guard abs(degrees) <= ValueRanges.maxPoints else {
                    throw Failure(message: "the angle \(format(degrees))deg is outside the range ±\(format(ValueRanges.maxPoints))deg", offset: a.offset)
                }
                steps.append(.rotate(degrees))
            case "scale":
                guard (1...2).contains(arguments.count) else { throw Failure(message: "scale takes one or two factors, such as scale(1.2) or scale(1, -1)", offset: start) }
                var factors: [Double] = []
                for a in arguments {
                    let v = try value(a)
                    let range = ValueRanges.transformScale
                    guard range.contains(abs(v)) else {
                        throw Failure(message: "a scale factor is \(format(range.lowerBound)) to \(format(range.upperBound)) either way, not \(format(v))",
                                      offset: a.offset)
                    }
                    factors.append(v)
                }
                steps.append(.scale(x: factors[0], y: factors.count > 1 ? factors[1] : factors[0]))
            case "translate":
                guard (1...2).contains(arguments.count) else { throw Failure(message: "translate takes one or two lengths in points, such as translate(10, 5)", offset: start) }
                var lengths: [Double] = []
                for a in arguments {
                    let v = try value(a, suffix: "pt")
                    do { try checkPoints(v) } catch { throw Failure(message: error.message, offset: a.offset) }
                    lengths.append(v)
                }
                steps.append(.translate(x: lengths[0], y: lengths.count > 1 ? lengths[1] : 0))
            default:
                var message = "'\(name)' is not a transform function (rotate, scale, translate)"
                if let s = suggestion(for: name, among: ["rotate", "scale", "translate"]) { message += "; did you mean '\(s)'?" }
                throw Failure(message: message, offset: start)
            }
            guard steps.count <= ValueRanges.maxTransformSteps else {
                throw Failure(message: "a transform has at most \(ValueRanges.maxTransformSteps) functions", offset: start)
            }
        }
        guard !steps.isEmpty else { throw Failure(message: "a transform needs a function, such as rotate(15deg)") }
        return .transform(steps)
    }

    /// `radius`: one radius, or two to four separated by commas as CSS `border-radius`
    /// gives them: `TL,TR,BR,BL`; `TL,TR-and-BL,BR`; `TL-and-BR,TR-and-BL`.
    static func radii(_ text: String) throws(Failure) -> Value {
        let parts = commaParts(text, offset: 0)
        guard parts.count <= 4 else {
            throw Failure(message: "radius takes 1 to 4 comma-separated radii (top-left, top-right, bottom-right, bottom-left), not \(parts.count)")
        }
        var values: [Double] = []
        for part in parts {
            do throws(Failure) {
                let v = try number(part.text.hasSuffix("pt") ? String(part.text.dropLast(2)) : part.text)
                if v < 0 { throw Failure(message: "\(format(v)) is below the minimum 0") }
                if v > ValueRanges.maxPoints { throw Failure(message: "\(format(v)) is above the maximum \(format(ValueRanges.maxPoints))") }
                values.append(v)
            } catch { throw Failure(message: error.message, offset: part.offset) }
        }
        let corners: [Double]
        switch values.count {
        case 1: return .number(values[0])
        case 2: corners = [values[0], values[1], values[0], values[1]]
        case 3: corners = [values[0], values[1], values[2], values[1]]
        default: corners = values
        }
        if corners.allSatisfy({ $0 == corners[0] }) { return .number(corners[0]) }
        return .corners(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// `X Y [BLUR [SPREAD]] [COLOR]`, several separated by commas; no spread for text.
    static func shadows(_ text: String, spread allowsSpread: Bool) throws(Failure) -> Value {
        let form = allowsSpread ? "X Y BLUR SPREAD COLOR" : "X Y BLUR COLOR"
        // CSS's `none`: no shadows, where a style or (`text-shadow`) a container gives some.
        if text == "none" { return .shadows([]) }
        let parts = commaParts(text, offset: 0)
        guard parts.count <= ValueRanges.maxShadows else {
            throw Failure(message: "at most \(ValueRanges.maxShadows) shadows, not \(parts.count)")
        }
        var shadows: [Shadow] = []
        for part in parts {
            var lengths: [(Double, Int)] = []
            var color: Color?
            var at = part.offset
            for word in words(part.text) {
                defer { at += word.count + 1 }
                if word == "inset" {
                    throw Failure(message: "inset shadows are not drawn; a shadow here is outside the frame", offset: at)
                }
                if word.first.map({ $0.isNumber || "-+.".contains($0) }) == true || isNonFiniteWord(word) {
                    guard color == nil else { throw Failure(message: "the colour comes after the lengths (\(form))", offset: at) }
                    do {
                        let v = try number(word.hasSuffix("pt") ? String(word.dropLast(2)) : word)
                        try checkPoints(v)
                        lengths.append((v, at))
                    } catch { throw Failure(message: error.message, offset: at) }
                } else {
                    guard color == nil else { throw Failure(message: "a shadow has one colour (\(form))", offset: at) }
                    do { color = try Self.color(word) } catch { throw Failure(message: error.message, offset: at) }
                }
            }
            let most = allowsSpread ? 4 : 3
            guard (2...most).contains(lengths.count) else {
                throw Failure(message: "a shadow is \(form) (2 to \(most) lengths in points, then a colour), not \(lengths.count) lengths",
                              offset: part.offset)
            }
            let blur = lengths.count > 2 ? lengths[2].0 : 0
            if lengths.count > 2 {
                guard blur >= 0, blur <= ValueRanges.maxShadowBlur else {
                    throw Failure(message: "a shadow's blur is 0 to \(format(ValueRanges.maxShadowBlur)) points, not \(format(blur))",
                                  offset: lengths[2].1)
                }
            }
            let spread = lengths.count > 3 ? lengths[3].0 : 0
            if lengths.count > 3 {
                guard abs(spread) <= ValueRanges.maxShadowSpread else {
                    throw Failure(message: "a shadow's spread is within ±\(format(ValueRanges.maxShadowSpread)) points, not \(format(spread))",
                                  offset: lengths[3].1)
                }
            }
            shadows.append(Shadow(x: lengths[0].0, y: lengths[1].0, blur: blur, spread: spread,
                                  color: color ?? Color(red: 0, green: 0, blue: 0)))
        }
        return .shadows(shadows)
    }
}
