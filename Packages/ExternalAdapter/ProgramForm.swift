import BatchUpdate
import UpdateCheckDiff

/// The shape of the cases an ``ExternalProgram`` asks: flat lists
/// (``FlatForm``) or sectioned ones (``SectionedForm``).
///
/// Everything else about asking a program is the program's, once: the
/// copies, the answer cache, asking each canonical request once and
/// renaming its answer for every case equal up to its IDs. A form says only
/// how its cases are named and keyed, written and read back.
@usableFromInline
protocol ProgramForm {
    /// A case: the plan from an old to a new snapshot.
    associatedtype Plan
    /// A case's answer on the model.
    associatedtype Batches: Sendable
    /// A case's canonical request: equal keys are equal requests.
    associatedtype Key: Hashable & Sendable
    /// How a case's IDs are named in its request, and its names read back.
    associatedtype Names

    /// Whether the program's batches hold sections.
    static var sectioned: Bool { get }

    /// The canonical names of `plan` and the key of its canonical request,
    /// or `nil` for a case asked as it is (one too large to repeat).
    static func canonical(_ plan: Plan) -> (key: Key, names: Names)?

    /// The kit's own names of `plan`, for a case sent as it is.
    static func ownNames(of plan: Plan) -> Names

    /// The size of `plan`'s case that bounds its answer (see
    /// ``ProtocolMessages/batchLimit(size:)``): the items of both snapshots,
    /// with their sections.
    static func size(of plan: Plan) -> Int

    /// The request line for case `id`: `plan` with its IDs named by `names`
    /// (`positions`: a flat plan as positions).
    static func request(id: Int, plan: Plan, names: Names, positions: Bool) -> [UInt8]

    /// The batches of an answer to `plan`'s request, names read back by
    /// `names`: into the case's own IDs, or, when `canonical`, into the
    /// canonical numbers themselves (canonical name *i* is ID *i*), for
    /// ``renamed(_:names:plan:)`` to map onto each case with the same key.
    /// `callsName` is set when a call names an item or section (such an
    /// answer is read again for each case).
    ///
    /// - Throws: ``ProtocolMessages/Refusal`` for a name not in the case or
    ///   a call the model does not take.
    static func resolve(
        _ raw: [ProtocolMessages.RawBatch], names: Names, plan: Plan, canonical: Bool, callsName: inout Bool
    ) throws(ProtocolMessages.Refusal) -> Batches

    /// `batches`, an answer to `plan` in the case's own IDs, or
    /// ``failure(_:)`` when the model shows the snapshot its calls apply
    /// (``ReplayableModel/showsAppliedSnapshot``) and a batch's `items` are
    /// not what it shows after that batch (see
    /// ``ProtocolMessages/dataSourceProblem(_:from:plan:model:written:)``).
    ///
    /// Checked in the case's own IDs, so that the message names the items
    /// as the case does, whether its answer was asked or reused.
    static func checked(_ batches: Batches, plan: Plan) -> Batches

    /// Batches of canonical numbers, whose calls name no ID, with the IDs of
    /// the case `names` and `plan` describe.
    static func renamed(_ batches: Batches, names: Names, plan: Plan) -> Batches

    /// A case's answer when the program failed it: one batch holding a
    /// single ``ExternalCall/failed(_:)``.
    static func failure(_ reason: String) -> Batches
}

/// Flat cases on the model `Inner`: canonical requests keyed by
/// ``CanonicalCase/Key`` (two words, no request written), the answer's
/// items renamed without hashing.
@usableFromInline
enum FlatForm<Inner: ReplayableModel>: ProgramForm
where Inner.ItemID == Int, Inner.Snapshot == [Int], Inner.Displayed == [DisplayedRow<Int>] {
    @usableFromInline typealias Plan = UpdatePlan<Int>
    @usableFromInline typealias Batches = [UpdateBatch<[Int], ExternalCall<Inner.Call>>]
    @usableFromInline typealias Key = CanonicalCase.Key
    /// The case's canonical form, or `nil` for its own IDs.
    @usableFromInline typealias Names = CanonicalCase?

    @inlinable static var sectioned: Bool { false }

    @inlinable
    static func canonical(_ plan: Plan) -> (key: Key, names: Names)? {
        CanonicalCase(plan).map { ($0.key, $0) }
    }

    @inlinable
    static func ownNames(of plan: Plan) -> Names { nil }

    @usableFromInline
    static func size(of plan: Plan) -> Int { plan.old.count + plan.new.count }

    @usableFromInline
    static func request(id: Int, plan: Plan, names: Names, positions: Bool) -> [UInt8] {
        ProtocolMessages.request(id: id, plan: names?.canonicalPlan(of: plan) ?? plan, positions: positions)
    }

    @usableFromInline
    static func resolve(
        _ raw: [ProtocolMessages.RawBatch], names: Names, plan: Plan, canonical: Bool, callsName: inout Bool
    ) throws(ProtocolMessages.Refusal) -> Batches {
        let id: (String) -> Int?
        if let names {
            id = canonical ? names.canonicalID(named:) : names.id(named:)
        } else {
            id = ProtocolMessages.ItemNames(plan).id(named:)
        }
        return try ProtocolMessages.resolve(
            raw, model: Inner.self, names: id,
            callNames: {
                callsName = true
                return id($0)
            })
    }

    @usableFromInline
    static func checked(_ batches: Batches, plan: Plan) -> Batches {
        ProtocolMessages.dataSourceProblem(batches, from: plan.old, plan: Plan.self, model: Inner.self) { items in
            var line = RequestWriter(capacity: 4 * items.count + 2)
            line.names(items)
            return line.bytes
        }.map(failure) ?? batches
    }

    @inlinable
    static func renamed(_ batches: Batches, names: Names, plan: Plan) -> Batches {
        batches.map { UpdateBatch(dataSource: names!.ids(of: $0.dataSource, new: plan.new), calls: $0.calls) }
    }

    @inlinable
    static func failure(_ reason: String) -> Batches { [UpdateBatch(dataSource: [], calls: [.failed(reason)])] }
}

/// Sectioned cases on the model `Inner`, in the kit's IDs: canonical
/// requests keyed by their bytes (``ProtocolMessages/sectionedBody(_:names:)``),
/// the answer's sections and items renamed through ``SectionedCase``.
@usableFromInline
enum SectionedForm<Inner: ReplayableModel>: ProgramForm
where
    Inner.SectionID == ExhaustiveSectionID, Inner.ItemID == ExhaustiveID,
    Inner.Snapshot == SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
    Inner.Displayed == [DisplayedSection<ExhaustiveSectionID, ExhaustiveID>]
{
    @usableFromInline typealias Plan = SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    @usableFromInline typealias Batches = [UpdateBatch<
        SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, ExternalCall<Inner.Call>
    >]
    @usableFromInline typealias Key = [UInt8]
    @usableFromInline typealias Names = SectionedCase<ExhaustiveSectionID, ExhaustiveID>

    @usableFromInline static var sectioned: Bool { true }

    @usableFromInline
    static func canonical(_ plan: Plan) -> (key: Key, names: Names)? {
        let names = SectionedCase(canonical: plan)
        return (ProtocolMessages.sectionedBody(plan, names: names), names)
    }

    @usableFromInline
    static func ownNames(of plan: Plan) -> Names {
        SectionedCase(plan, sectionNumber: { Int($0.number) }, itemNumber: { Int($0.number) })
    }

    @usableFromInline
    static func size(of plan: Plan) -> Int {
        [plan.old, plan.new].reduce(0) { total, snapshot in
            snapshot.sections.reduce(total + snapshot.sections.count) { $0 + $1.items.count }
        }
    }

    @usableFromInline
    static func request(id: Int, plan: Plan, names: Names, positions: Bool) -> [UInt8] {
        ProtocolMessages.sectionedRequest(id: id, body: ProtocolMessages.sectionedBody(plan, names: names))
    }

    @usableFromInline
    static func resolve(
        _ raw: [ProtocolMessages.RawBatch], names: Names, plan: Plan, canonical: Bool, callsName: inout Bool
    ) throws(ProtocolMessages.Refusal) -> Batches {
        guard canonical else {
            return try ProtocolMessages.resolve(
                raw, model: Inner.self, section: names.section(named:), item: names.item(named:),
                callsName: &callsName)
        }
        return try ProtocolMessages.resolve(
            raw, model: Inner.self,
            section: { names.sectionNumber(named: $0).flatMap(UInt8.init(exactly:)).map(ExhaustiveSectionID.init) },
            item: { names.itemNumber(named: $0).flatMap(UInt8.init(exactly:)).map(ExhaustiveID.init) },
            callsName: &callsName)
    }

    @usableFromInline
    static func checked(_ batches: Batches, plan: Plan) -> Batches {
        ProtocolMessages.dataSourceProblem(batches, from: plan.old, plan: Plan.self, model: Inner.self) { snapshot in
            var line = RequestWriter(capacity: 24 * snapshot.sections.count + 4 * snapshot.itemCount + 2)
            line.sections(
                snapshot.sections, section: { Int($0.id.number) }, items: { $0.items.lazy.map { Int($0.number) } })
            return line.bytes
        }.map(failure) ?? batches
    }

    @usableFromInline
    static func renamed(_ batches: Batches, names: Names, plan: Plan) -> Batches {
        batches.map { batch in
            let sections = batch.dataSource.sections.map { section in
                SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>.Section(
                    id: names.sectionOfNumber[Int(section.id.number)]!,
                    items: section.items.map { names.itemOfNumber[Int($0.number)]! })
            }
            return UpdateBatch(dataSource: SectionedSnapshot(sections), calls: batch.calls)
        }
    }

    @usableFromInline
    static func failure(_ reason: String) -> Batches {
        [UpdateBatch(dataSource: SectionedSnapshot([]), calls: [.failed(reason)])]
    }
}
