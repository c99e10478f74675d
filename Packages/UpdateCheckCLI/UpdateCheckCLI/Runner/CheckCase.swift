/// One case a suite checked, with its verdict: what a suite yields, and
/// what every sink reads (the table of ``SuiteSummary``, the JUnit report of
/// ``SuiteReport``, the pictures of ``PictureFolder``).
///
/// A suite says what it checked and how it ended, nothing about how it is
/// shown: a new output format is one more sink over these cases, and no
/// suite changes.
package struct CheckCase: Sendable, Equatable {
    /// How a case ended.
    package enum Outcome: Sendable, Equatable {
        /// Every check of the case held.
        case passed
        /// A check failed: one line, the kind of failure, and the full text.
        case failure(message: String, type: String, details: String)
        /// The case could not run (an adapter program that does not start,
        /// a thrown error): one line, its kind, and the full text.
        case error(message: String, type: String, details: String)
        /// The case was not run, with why if known.
        case skipped(message: String?)
    }

    /// The case's name (`old [a, b]`, `invariant 1 idleShowsConfirmed`).
    package var name: String
    /// The group it belongs to (`BatchUpdate.conformance.uikit`), which CI
    /// systems group cases by.
    package var className: String
    /// Seconds the case took.
    package var time: Double
    /// How it ended.
    package var outcome: Outcome
    /// Text the case printed (`scenario file: …`), or links the sinks added
    /// (`[[ATTACHMENT|path]]`).
    package var systemOut: String?
    /// A picture of the case's smallest failure, for the pictures sink.
    package var picture: CasePicture?

    /// Creates a case.
    package init(
        name: String, className: String, time: Double = 0, outcome: Outcome = .passed, systemOut: String? = nil,
        picture: CasePicture? = nil
    ) {
        self.name = name
        self.className = className
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
        self.picture = picture
    }

    /// Whether the case failed or erred (a skipped case did neither).
    package var isFailure: Bool {
        switch outcome {
        case .failure, .error: true
        case .passed, .skipped: false
        }
    }
}

/// The picture of a failing case, and the name its file starts with (the
/// adapter's: `uikit` gives `<report>-uikit-17.svg` for the suite's 17th case).
package struct CasePicture: Sendable, Equatable {
    /// The start of the file's name, after the report's.
    package var name: String
    /// What the picture shows.
    package var picture: PlanPicture

    /// Creates a case's picture.
    package init(name: String, picture: PlanPicture) {
        self.name = name
        self.picture = picture
    }
}

/// A named value about a suite: an option that replays it (`seed`, `ids`)
/// or a figure its run measured (`states`, `pairs`).
package struct SuiteProperty: Sendable, Equatable {
    /// The property's name.
    package var name: String
    /// Its value.
    package var value: String

    /// Creates a property.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
