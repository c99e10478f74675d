extension Console {
    /// A console that prints nothing, for reusing a command's logic inside
    /// `updatecheck check`, which prints its own summary instead.
    package static let discarding = Console(writeOut: { _ in }, writeErr: { _ in })
}
