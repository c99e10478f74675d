@testable import JUnitReporter

/// Captured bytes as report text, as a test sees them.
enum JUnitTextDecoding {
    /// `bytes` decoded with ``JUnitText/decoding(_:)``.
    static func decode(_ bytes: [UInt8]) -> String { JUnitText.decoding(bytes) }
}
