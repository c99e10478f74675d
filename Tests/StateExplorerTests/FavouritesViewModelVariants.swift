import OptimisticState

/// A rule that changes how the worked example's view model reads a write's
/// answer, to build its twins.
protocol AnswerRule {
    /// The outcome the view model is given instead of `outcome`, for a row showing `shown`.
    static func rewrite(_ outcome: Outcome<Bool>, shown: Bool) -> Outcome<Bool>
}

/// The broken twin: a timeout is taken as a save of the tapped value.
enum ConfirmsOnTimeout: AnswerRule {
    static func rewrite(_ outcome: Outcome<Bool>, shown: Bool) -> Outcome<Bool> {
        outcome == .uncertain ? .confirmed(shown) : outcome
    }
}

/// A team rule that differs on purpose: a conflict keeps the tapped value
/// (the user's choice wins and is written again later).
enum KeepsTappedOnConflict: AnswerRule {
    static func rewrite(_ outcome: Outcome<Bool>, shown: Bool) -> Outcome<Bool> {
        if case .conflict = outcome { return .confirmed(shown) }
        return outcome
    }
}

/// The worked example with one answer rule changed; every other event is
/// the view model's own.
struct RewritingViewModel<Rule: AnswerRule>: ExplorableStore {
    var model: FavouritesViewModel

    init(session: Session, loading records: [LoadedRecord<String, Bool>]) {
        model = FavouritesViewModel(session: session, loading: records)
    }

    mutating func tap(_ record: String, to value: Bool) -> Int? { model.tap(record, to: value) }

    mutating func answerWrite(_ request: Int, of record: String, with outcome: Outcome<Bool>) -> Int? {
        let shown = model.state(of: record)?.visible ?? false
        return model.answerWrite(request, of: record, with: Rule.rewrite(outcome, shown: shown))
    }

    mutating func cancelRequest(_ request: Int, of record: String) -> Int? { model.cancelRequest(request, of: record) }

    mutating func answerReread(_ request: Int, of record: String, with value: Bool) {
        model.answerReread(request, of: record, with: value)
    }

    mutating func switchSession(to session: Session, loading records: [LoadedRecord<String, Bool>]) {
        model.switchSession(to: session, loading: records)
    }

    mutating func reorder(to order: [String]) { model.reorder(to: order) }

    var session: Session { model.session }

    var displayOrder: [String] { model.displayOrder }

    func state(of record: String) -> ObservedRecord<Bool>? { model.state(of: record) }
}
