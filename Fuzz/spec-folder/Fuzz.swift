// libFuzzer target: the fuzzer's bytes build a folder of specs, as an attacker who controls
// a folder (not the machine) would: files named from a small alphabet that includes
// `..x`, `a.spec`, `a.json`, sidecars and data files; symbolic links to entries inside, to
// a sub-folder, back in through the folder's parent, out to a secret file beside the folder,
// to a missing file outside, to /etc/passwd, and links to links. Then it lists the folder
// as `render DIR --out-dir` and `test DIR` do and reads every spec, sidecar and data file
// the way they read them. It checks, for every input:
//
// - no message quotes a line of a file outside the folder (the secret's marker);
// - an entry refused for leaving its folder gets the same message once everything
//   outside is deleted (the answer does not depend on what exists there);
// - a name `AssetPaths` resolves lies inside the folder.
//
// Each input gets a fresh folder under $TMPDIR, deleted after it.
import Foundation
import LayoutRenderKit
import SpecLanguage

private let marker = "FUZZ-SECRET-LINE"
private let names = ["a.spec", "b.spec", "a.json", "c.json", "a.fixture.json", "b.fixture.json", "data.json",
                     "..x.spec", "..data", ".hidden.spec", "sub", "sub/d.spec", "e.spec"]
private let contents = [
    "canvas width=20 height=10\nlabel \"{v}\"\n",
    "{\"canvas\": {\"width\": 20, \"height\": 10}}",
    "{\"vars\": {\"v\": \"x\"}, \"data\": \"data.json\"}",
    "{\"data\": \"../outside/secret.txt\"}",
    "{\"data\": \"link.json\"}",
    "{\"v\": 1}",
    "this is not a spec\n",
    "{\"data\": \"sub/../data.json\"}",
]
private let targets = ["a.spec", "data.json", "sub", "sub/d.spec", "../outside/secret.txt", "../outside/missing.txt",
                       "/etc/passwd", "OUTSIDE/secret.txt", "OUTSIDE", "../folder/a.spec", "..", ".", "link.json",
                       "../outside", "..x.spec", "ABSFOLDER/a.spec", "nowhere"]

/// Builds the folder the bytes describe under `root`; returns the folder's path.
private func build(_ bytes: UnsafeBufferPointer<UInt8>, in root: String) -> String {
    let fm = FileManager.default
    let folder = root + "/folder", outside = root + "/outside"
    try? fm.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    try? fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try? Data((marker + " root:x:0:0\n{\n").utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    var i = 0
    func next() -> Int? {
        guard i < bytes.count else { return nil }
        defer { i += 1 }
        return Int(bytes[i])
    }
    while let op = next(), let a = next(), let b = next() {
        let path = folder + "/" + names[a % names.count]
        if op & 1 == 0 {
            try? Data(contents[b % contents.count].utf8).write(to: URL(fileURLWithPath: path))
        } else {
            let target = targets[b % targets.count]
                .replacingOccurrences(of: "OUTSIDE", with: outside)
                .replacingOccurrences(of: "ABSFOLDER", with: folder)
            try? fm.removeItem(atPath: path)
            try? fm.createSymbolicLink(atPath: op & 2 == 0 ? path : folder + "/link.json", withDestinationPath: target)
        }
    }
    return folder
}

/// Every message reading the folder gives, as `render DIR --out-dir` and `test DIR` give
/// them; and each refused entry's message.
private func read(_ folder: String) -> (messages: [String], refusals: [String: String]) {
    var messages: [String] = [], refusals: [String: String] = [:]
    guard let files = try? SpecFolder.specFiles(in: folder) else { return ([], [:]) }
    let renderer = LayoutRenderer()
    for file in files {
        let spec = folder + "/" + file
        if let refusal = SpecFolder.refusal(of: file, in: folder) {
            refusals[file] = refusal.description
            continue
        }
        do {
            let settings = try FixtureSettings.load(forSpec: spec)
            var options = RenderOptions(fileName: spec, assetRoot: folder)
            settings?.apply(to: &options, size: nil)
            _ = try renderer.parse(source: try LayoutRenderer.readSpec(path: spec), options: options)
        } catch {
            messages.append(error.diagnostic.description)
        }
    }
    return (messages, refusals)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecFolder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let root = NSTemporaryDirectory() + "spec-folder-fuzz-\(getpid())"
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = build(UnsafeBufferPointer(start: data, count: size), in: root)
    let (messages, refusals) = read(folder)
    for message in messages + Array(refusals.values) {
        precondition(!message.contains(marker) && !message.contains("root:x:"), "a message quotes a file outside: \(message)")
    }
    // With nothing outside the folder left, every refusal is worded the same.
    try? FileManager.default.removeItem(atPath: root + "/outside")
    let (_, after) = read(folder)
    for (file, message) in refusals {
        precondition(after[file] == message, "the refusal of \(file) depends on what exists outside: \(message) / \(after[file] ?? "none")")
    }
    return 0
}
