import Foundation

/// A minimal reader of `multipart/form-data` (RFC 7578): the named fields of a body that
/// is already in memory and bounded by the body limit. Part headers other than
/// Content-Disposition are ignored; nothing is written to disk.
enum Multipart {
    /// The boundary from a Content-Type such as `multipart/form-data; boundary=XYZ`.
    static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = parts.first, type.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.utf8.count > 70 ? nil : value
        }
        return nil
    }

    /// The fields by name, each the bytes between its headers and the next delimiter.
    static func fields(of body: [UInt8], boundary: String) throws(ServiceError) -> [String: [UInt8]] {
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var index = 0
        while let found = find(delimiter, in: body, from: index) {
            positions.append(found)
            index = found + delimiter.count
        }
        guard positions.count >= 2 else { throw .badBody("the multipart body has no parts for its boundary") }
        var fields: [String: [UInt8]] = [:]
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            // The delimiter line ends with CRLF; the part's content ends with CRLF before the next.
            if body[partStart..<min(partStart + 2, body.count)].elementsEqual([13, 10]) { partStart += 2 }
            var partEnd = end
            if partEnd - 2 >= partStart, body[partEnd - 2] == 13, body[partEnd - 1] == 10 { partEnd -= 2 }
            guard partStart <= partEnd else { continue }
            let part = body[partStart..<partEnd]
            // The blank line must end before the part does: in `headers CRLF CRLF --B` the
            // second CRLF belongs to the delimiter, and the part has no blank line of its own.
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: partStart), headerEnd + 4 <= partEnd else {
                throw .badBody("a multipart part has no blank line after its headers")
            }
            let headers = String(decoding: body[partStart..<headerEnd], as: UTF8.self)
            guard let name = fieldName(headers) else { continue }
            fields[name] = Array(part[(headerEnd + 4)...])
        }
        return fields
    }

    /// `name` from `Content-Disposition: form-data; name="expected"; filename="a.png"`.
    static func fieldName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let trimmed = parameter.trimmingCharacters(in: .whitespaces)
                guard trimmed.lowercased().hasPrefix("name=") else { continue }
                var value = String(trimmed.dropFirst(5))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                return value
            }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var i = start
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
