import Foundation
import LayoutRenderKit

/// The `--templates` folder: `GET /render/NAME.png` renders `NAME.spec` (or `NAME.json`)
/// from it. Names are plain file names (letters, digits, `-`, `_`, `.`; no folder, no
/// leading dot), so a request can name nothing outside the folder; the file must be a
/// regular file (a FIFO or device there is refused, never opened for a blocking read).
struct TemplateFolder {
    let root: String

    struct Template {
        var source: [UInt8]
        var format: SpecFormat
    }

    /// Reads the template that `NAME.png` names.
    func read(_ requested: String, maxBytes: Int) throws(ServiceError) -> Template {
        guard requested.hasSuffix(".png") else {
            throw .notFound("a template is asked for as NAME.png")
        }
        let name = String(requested.dropLast(4))
        guard Self.isPlainName(name) else {
            throw .notFound("no template named '\(name)' (names are letters, digits, '-', '_' and '.')")
        }
        for format in [SpecFormat.spec, .json] {
            let path = root + "/" + name + "." + format.rawValue
            switch RegularFile.read(path, maxBytes: maxBytes) {
            case .success(let bytes): return Template(source: bytes, format: format)
            case .failure(.missing): continue
            case .failure(let reason): throw .badTemplate(name: name, reason: reason.description)
            }
        }
        throw .notFound("no template named '\(name)'")
    }

    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 128 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}

/// Reads a file that must be a regular file, without blocking on a FIFO or device: opened
/// non-blocking, checked with `fstat` on the open descriptor (no race with a rename), and
/// refused past `maxBytes` before anything is read.
enum RegularFile {
    enum Failure: Error, CustomStringConvertible {
        case missing
        case notRegular
        case tooLarge(Int)
        case system(Int32)

        var description: String {
            switch self {
            case .missing: return "no such file"
            case .notRegular: return "not a regular file"
            case .tooLarge(let limit): return "larger than \(limit) bytes"
            case .system(let code): return String(cString: strerror(code))
            }
        }
    }

    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .system(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        guard info.st_size <= maxBytes else { return .failure(.tooLarge(maxBytes)) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(.system(errno)) }
            if n == 0 { break }  // the file shrank while read
            done += n
        }
        return .success(Array(bytes[..<done]))
    }
}
