internal import CHarfBuzz
import Glibc

/// HarfBuzz's functions (`hb.shape` is `hb_shape`), looked up in the library when it is
/// opened. Every object of this module that calls HarfBuzz holds the table it was made with.
typealias HarfBuzz = lr_hb_functions

/// HarfBuzz, opened when the first proportional font is loaded (its shaper made) rather
/// than linked (see Sources/CHarfBuzz/shim.h): a process whose fonts are all fixed pitch
/// never loads it.
enum HarfBuzzLibrary {
    /// The library, opened once (Swift initializes a static once, thread-safely).
    static let shared: Result<HarfBuzz, ShapingError> = open()

    /// Opens `file` (HarfBuzz's by default) and looks its functions up.
    static func open(_ file: String = "libharfbuzz.so.0") -> Result<HarfBuzz, ShapingError> {
        guard let library = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(file) not found"
            return .failure(.libraryUnavailable(reason: "cannot be opened (\(reason))"))
        }
        var missing: UnsafePointer<CChar>?
        let functions = lr_hb_look_up(library, &missing)
        if let missing {
            dlclose(library)
            return .failure(.libraryUnavailable(reason: "\(file) lacks \(String(cString: missing))"))
        }
        return .success(functions)
    }
}
