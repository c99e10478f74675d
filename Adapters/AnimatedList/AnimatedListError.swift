/// The errors an `AnimatedList`-style list raises for calls that do not
/// match its items, worded the way Flutter's assertions report them.
public enum AnimatedListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A call names an index outside the list at that moment (an insert may
    /// name the end).
    case indexOutOfRange(call: String, index: Int, itemCount: Int)
    /// After the calls, the list's item count differs from the data source's.
    case itemCountMismatch(list: Int, dataSource: Int)

    /// The message, in Flutter's words.
    public var description: String {
        switch self {
        case .indexOutOfRange(let call, let index, let itemCount):
            "RangeError (index): Invalid value: \(index) in \(call): the list holds \(itemCount) items at that point."
        case .itemCountMismatch(let list, let dataSource):
            "'package:flutter/src/widgets/animated_scroll_view.dart': Failed assertion: the calls leave \(list) "
                + "items, but the data source holds \(dataSource)."
        }
    }
}
