/// Text forms shared by the diff commands' outputs.
package enum VerificationFailureText {
    /// A snapshot as `[a, b, c]`.
    package static func snapshot(_ ids: [String]) -> String {
        "[" + ids.joined(separator: ", ") + "]"
    }
}
