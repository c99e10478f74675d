extension VersionedList {
    /// A snapshot together with the version it was taken at.
    public struct Capture: Sendable, Equatable {
        /// The IDs at capture time.
        public var snapshot: [ID]
        /// The list's version at capture time.
        public var version: UInt64

        /// Creates a capture.
        public init(snapshot: [ID], version: UInt64) {
            self.snapshot = snapshot
            self.version = version
        }
    }
}
