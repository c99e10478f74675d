/// The one error type of StateExplorer.
public enum StateExplorerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An exploration was configured outside what the explorer supports: the
    /// setting's name, the value given and the accepted range.
    case unsupportedConfiguration(setting: String, value: Int, accepted: ClosedRange<Int>)

    /// A sentence naming the setting, the value and what is accepted.
    public var description: String {
        switch self {
        case .unsupportedConfiguration(let setting, let value, let accepted):
            "\(setting) must be from \(accepted.lowerBound) to \(accepted.upperBound), not \(value)"
        }
    }
}
