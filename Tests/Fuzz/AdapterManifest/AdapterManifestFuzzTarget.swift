import UpdateCheckCLI
import UpdateCheckFuzzSupport
import UpdateCheckSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    AdapterManifestFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the adapter-manifest reader (``AdapterManifest/parse(_:file:folder:reserved:)``
/// on the JSON of ``InputFile/json(at:what:)``). Oracle: a refused input
/// gives one exit-65 message naming `file:line:column`; an accepted one has
/// valid, unique names and timeouts in range, and written again as a
/// manifest reads back to the same adapters and stores.
@main
enum AdapterManifestFuzzTarget {
    static let file = "updatecheck.json"

    static func main() { Fuzz.run(fuzzOneInput) }

    static func read(_ bytes: [UInt8]) throws(CLIError) -> AdapterManifest {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            throw .dataError("\(file):\(error.line):\(error.column): \(error.message)")
        }
        return try AdapterManifest.parse(root, file: file, folder: ".")
    }

    static func check(_ bytes: [UInt8]) {
        let manifest: AdapterManifest
        do {
            manifest = try read(bytes)
        } catch {
            Fuzz.require(error.code == .dataError, "refused with exit \(error.code.rawValue): \(error.message)")
            Fuzz.require(Fuzz.namesPosition(error.message, in: file), "no position: \(error.message)")
            return
        }
        let adapterNames = manifest.adapters.map(\.name)
        let storeNames = manifest.stores.map(\.name)
        for name in adapterNames + storeNames {
            Fuzz.require(AdapterManifest.isValidName(name), "accepted the name \(JSONText.quote(name))")
        }
        Fuzz.require(Set(adapterNames).count == adapterNames.count, "two adapters of one name")
        Fuzz.require(Set(storeNames).count == storeNames.count, "two stores of one name")
        for timeout in manifest.adapters.map(\.timeout) + manifest.stores.map(\.timeout) {
            Fuzz.require(AdapterManifest.timeoutRange.contains(timeout), "accepted the timeout \(timeout)")
        }
        let written = json(of: manifest)
        let again: AdapterManifest
        do {
            again = try read(Array(written.utf8))
        } catch {
            fatalError("oracle: the manifest as written is refused: \(error.message)\n\(written)")
        }
        Fuzz.require(
            again.adapters.map(withoutLocation) == manifest.adapters.map(withoutLocation),
            "adapters read back differently")
        Fuzz.require(
            again.stores.map(withoutLocation) == manifest.stores.map(withoutLocation), "stores read back differently")
    }

    static func withoutLocation(_ adapter: AdapterManifest.Adapter) -> AdapterManifest.Adapter {
        var copy = adapter
        copy.location = ""
        return copy
    }

    static func withoutLocation(_ store: AdapterManifest.Store) -> AdapterManifest.Store {
        var copy = store
        copy.location = ""
        return copy
    }

    /// `manifest` as manifest JSON, every key written.
    static func json(of manifest: AdapterManifest) -> String {
        let adapters = manifest.adapters.map { adapter in
            let policy = adapter.policy
            return "{\"name\":\(JSONText.quote(adapter.name)),\"command\":\(JSONText.quote(adapter.command)),"
                + "\"model\":\(JSONText.quote(adapter.model)),\"policy\":{"
                + "\"movedAndChanged\":\(JSONText.quote(policy.movedAndChanged.rawValue)),"
                + "\"refresh\":\(JSONText.quote(policy.refresh.rawValue)),"
                + "\"moves\":\(JSONText.quote(policy.moves.rawValue))},"
                + "\"timeout\":\(adapter.timeout),\"workingDirectory\":\(JSONText.quote(adapter.workingDirectory)),"
                + "\"everyCase\":\(adapter.everyCase)}"
        }
        let stores = manifest.stores.map { store in
            "{\"name\":\(JSONText.quote(store.name)),\"command\":\(JSONText.quote(store.command)),"
                + "\"timeout\":\(store.timeout),\"workingDirectory\":\(JSONText.quote(store.workingDirectory)),"
                + "\"refinement\":\(store.refinement)}"
        }
        return "{\"version\":1,\"adapters\":[\(adapters.joined(separator: ","))],"
            + "\"stores\":[\(stores.joined(separator: ","))]}\n"
    }
}
