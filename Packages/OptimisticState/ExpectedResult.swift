/// What a scenario step expects the store to do with its event.
public enum ExpectedResult: Hashable, Sendable, CustomStringConvertible {
    /// Applied, with this kind of effect (`"result": "sendWrite"`).
    case applied(EffectKind)
    /// Ignored for this reason (`"ignored": "busy"`).
    case ignored(IgnoreReason)

    /// `sendWrite` or `ignored busy`, as in failure messages.
    public var description: String {
        switch self {
        case .applied(let effect): effect.rawValue
        case .ignored(let reason): "ignored \(reason.rawValue)"
        }
    }
}
