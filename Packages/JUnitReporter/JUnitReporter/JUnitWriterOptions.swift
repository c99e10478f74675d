/// How a report is written: caps on oversized text and durability.
public struct JUnitWriterOptions: Sendable, Equatable {
    /// Largest `<system-out>`, `<system-err>` or failure/error body kept, in
    /// UTF-8 bytes after sanitising; longer text keeps its first and last
    /// halves around a note saying how many bytes were cut. Default 1 MiB.
    public var maxOutputBytes: Int
    /// Largest attribute value (name, class name, message, type, property)
    /// kept, in UTF-8 bytes after sanitising, capped the same way. Default 16 KiB.
    public var maxAttributeBytes: Int
    /// Whether the file is flushed to disk (`fsync`) before it is renamed into
    /// place, so that a crash right after cannot leave an empty report. Default on.
    public var syncsToDisk: Bool

    /// Creates options; the defaults suit CI reports.
    public init(maxOutputBytes: Int = 1 << 20, maxAttributeBytes: Int = 16 << 10, syncsToDisk: Bool = true) {
        self.maxOutputBytes = maxOutputBytes
        self.maxAttributeBytes = maxAttributeBytes
        self.syncsToDisk = syncsToDisk
    }
}
