import UpdateCheckCLI
import UpdateCheckFuzzSupport
import UpdateCheckSupport

/// Fuzzes the snapshot reader of `updatecheck diff` and `plan`
/// (``DiffSnapshotFile``) on flat and sectioned files. Oracle: a refused
/// input gives one exit-65 message naming `file:line:column`; an accepted one,
/// written again as JSON, reads back to the same IDs (equal as views and as
/// bytes, with equal hashes), contents and sections.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    SnapshotFileFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

@main
enum SnapshotFileFuzzTarget {
    static let path = "snapshot.json"

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ bytes: [UInt8]) {
        let snapshot: DiffSnapshotFile
        do {
            snapshot = try DiffSnapshotFile.read(from: bytes, path: path)
        } catch {
            Fuzz.require(error.code == .dataError, "refused with exit \(error.code.rawValue): \(error.message)")
            Fuzz.require(Fuzz.namesPosition(error.message, in: path), "no position: \(error.message)")
            return
        }
        let written = json(of: snapshot)
        let again: DiffSnapshotFile
        do {
            again = try DiffSnapshotFile.read(from: written, path: path)
        } catch {
            fatalError("oracle: the snapshot as written is refused: \(error.message)")
        }
        Fuzz.require(
            again.ids.count == snapshot.ids.count, "\(again.ids.count) IDs read back, not \(snapshot.ids.count)")
        Fuzz.require(again.idsAreNumbers == snapshot.idsAreNumbers || snapshot.ids.isEmpty, "ID kind changed")
        for (offset, (old, new)) in zip(snapshot.ids, again.ids).enumerated() {
            Fuzz.require(old == new && Array(old.bytes) == Array(new.bytes), "ID \(offset) changed: \(old) to \(new)")
            Fuzz.require(old.hashValue == new.hashValue, "equal IDs \(old) with different hashes")
            Fuzz.require(snapshot.content(at: offset) == again.content(at: offset), "content \(offset) changed")
        }
        Fuzz.require(sections(of: snapshot) == sections(of: again), "sections changed")
    }

    /// The sections without their lines, which writing changes.
    static func sections(of snapshot: DiffSnapshotFile) -> [String] {
        (snapshot.sections ?? []).map { "\($0.id)|\($0.start)|\($0.count)|\($0.content)" }
    }

    /// `snapshot` as JSON: plain IDs, or objects with the canonical content.
    static func json(of snapshot: DiffSnapshotFile) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        func element(_ offset: Int) {
            let content = snapshot.content(at: offset)
            guard !content.isEmpty else { return snapshot.appendJSON(snapshot.ids[offset], to: &out) }
            out += Array(#"{"id":"#.utf8)
            snapshot.appendJSON(snapshot.ids[offset], to: &out)
            out += Array(",\(content)}".utf8)
        }
        if let sections = snapshot.sections {
            for (number, section) in sections.enumerated() {
                if number > 0 { out.append(UInt8(ascii: ",")) }
                out += Array(#"{"section":"#.utf8)
                JSONText.appendQuoted(section.id, to: &out)
                if !section.content.isEmpty { out += Array(",\(section.content)".utf8) }
                out += Array(#","items":["#.utf8)
                for offset in section.start..<section.start + section.count {
                    if offset > section.start { out.append(UInt8(ascii: ",")) }
                    element(offset)
                }
                out += Array("]}".utf8)
            }
        } else {
            for offset in snapshot.ids.indices {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                element(offset)
            }
        }
        out += Array("]\n".utf8)
        return out
    }
}
