internal import CCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto, for cache keys, ETags and the assets
/// digest: a deliberate collision would let one client's request be answered with another's
/// image, so a non-cryptographic hash will not do. It is computed over every request body
/// before anything else is done with it (a refused request too), so its speed is the
/// service's: libcrypto uses the CPU's SHA extensions, 1.56 GB/s on this project's machine,
/// where the hand-written Swift it replaces did 13 MB/s, 18.6 ms for a 240 KB body
/// (docs/benchmarks.md, "Refusals in the service").
struct SHA256: ~Copyable {
    private let context: OpaquePointer

    init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto: out of memory in EVP_MD_CTX_new") }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto: EVP_DigestInit_ex(SHA-256) failed")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard EVP_DigestUpdate(context, base, bytes.count) == 1 else { fatalError("libcrypto: EVP_DigestUpdate failed") }
    }

    mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    mutating func update(_ text: String.UTF8View) {
        if text.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil { update(Array(text)) }
    }

    /// A string field preceded by its length, so ("ab", "c") and ("a", "bc") differ.
    mutating func update(field: String) {
        withUnsafeBytes(of: UInt64(field.utf8.count).bigEndian) { update($0) }
        update(field.utf8)
    }

    /// The 32-byte digest; the hash takes no more input after it.
    consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
            fatalError("libcrypto: EVP_DigestFinal_ex failed")
        }
        return digest
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
