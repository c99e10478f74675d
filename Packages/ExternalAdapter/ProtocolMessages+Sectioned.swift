import BatchUpdate
import UpdateCheckDiff

extension ProtocolMessages {
    /// The body of a sectioned request — everything after its `"id"` — for
    /// `plan` with its IDs named by `names`: the snapshots as sections,
    /// the changed items and sections, and the plan with section offsets and
    /// index paths (docs/adapter-protocol.md, "Sectioned lists"). Equal
    /// bodies are equal questions.
    ///
    /// - Complexity: O(*n*) expected, for *n* sections and items.
    static func sectionedBody<SectionID, ItemID>(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>, names: SectionedCase<SectionID, ItemID>
    ) -> [UInt8] {
        let diff = plan.diff
        var line = RequestWriter(capacity: 160 + 96 * (plan.old.itemCount + plan.new.itemCount))
        func snapshot(_ snapshot: SectionedSnapshot<SectionID, ItemID>) {
            line.array(snapshot.sections) { line, section in
                line.text(#"{"section":"#)
                line.sectionName(names.sectionNumbers[section.id]!)
                line.text(#","items":"#)
                line.names(section.items.lazy.map { names.itemNumbers[$0]! })
                line.byte("}")
            }
        }
        line.text(#","old":"#)
        snapshot(plan.old)
        line.text(#","new":"#)
        snapshot(plan.new)
        line.text(#","changed":"#)
        line.names(
            plan.new.sections.lazy.flatMap(\.items).filter { plan.changedItems.contains($0) }.map {
                names.itemNumbers[$0]!
            })
        line.text(#","changedSections":"#)
        line.array(plan.new.sectionIDs.filter { plan.changedSections.contains($0) }) { line, section in
            line.sectionName(names.sectionNumbers[section]!)
        }
        line.text(#","plan":{"deletedSections":"#)
        line.array(diff.sections.deletions) { line, deletion in
            line.text(#"{"section":"#)
            line.sectionName(names.sectionNumbers[deletion.id]!)
            line.text(#","from":"#)
            line.number(deletion.offset)
            line.byte("}")
        }
        line.text(#","insertedSections":"#)
        line.array(diff.sections.insertions) { line, insertion in
            line.text(#"{"section":"#)
            line.sectionName(names.sectionNumbers[insertion.id]!)
            line.text(#","at":"#)
            line.number(insertion.offset)
            line.byte("}")
        }
        var oldSectionOffsets: [SectionID: Int] = [:]
        var oldPaths: [ItemID: (section: Int, item: Int)] = [:]
        for (sectionOffset, section) in plan.old.sections.enumerated() {
            oldSectionOffsets[section.id] = sectionOffset
            for (itemOffset, item) in section.items.enumerated() { oldPaths[item] = (sectionOffset, itemOffset) }
        }
        let movedSections = Set(diff.sections.moves.map(\.to))
        line.text(#","keptSections":"#)
        line.array(plan.new.sections.indices.lazy.filter { oldSectionOffsets[plan.new.sections[$0].id] != nil }) {
            line, offset in
            let id = plan.new.sections[offset].id
            line.text(#"{"section":"#)
            line.sectionName(names.sectionNumbers[id]!)
            line.text(#","from":"#)
            line.number(oldSectionOffsets[id]!)
            line.text(#","to":"#)
            line.number(offset)
            line.flags(moved: movedSections.contains(offset), changed: plan.changedSections.contains(id))
        }
        line.text(#","deleted":"#)
        line.array(diff.itemDeletions) { line, deletion in
            line.text(#"{"id":"#)
            line.name(names.itemNumbers[deletion.id]!)
            line.text(#","from":"#)
            line.path(deletion.position.section, deletion.position.item)
            line.byte("}")
        }
        line.text(#","inserted":"#)
        line.array(diff.itemInsertions) { line, insertion in
            line.text(#"{"id":"#)
            line.name(names.itemNumbers[insertion.id]!)
            line.text(#","at":"#)
            line.path(insertion.position.section, insertion.position.item)
            line.byte("}")
        }
        let moved = Set(diff.itemMoves.map(\.id))
        var kept: [(id: ItemID, section: Int, item: Int)] = []
        for (sectionOffset, section) in plan.new.sections.enumerated() {
            for (itemOffset, item) in section.items.enumerated() where oldPaths[item] != nil {
                kept.append((item, sectionOffset, itemOffset))
            }
        }
        line.text(#","kept":"#)
        line.array(kept) { line, item in
            let from = oldPaths[item.id]!
            line.text(#"{"id":"#)
            line.name(names.itemNumbers[item.id]!)
            line.text(#","from":"#)
            line.path(from.section, from.item)
            line.text(#","to":"#)
            line.path(item.section, item.item)
            line.flags(moved: moved.contains(item.id), changed: plan.changedItems.contains(item.id))
        }
        line.text("}}")
        return line.bytes
    }

    /// The request line for sectioned case `id` whose body ``sectionedBody(_:names:)`` wrote.
    static func sectionedRequest(id: Int, body: [UInt8]) -> [UInt8] {
        var line = RequestWriter(capacity: 32 + body.count)
        line.text(#"{"type":"case","id":"#)
        line.number(id)
        line.bytes += body
        line.byte("\n")
        return line.bytes
    }

    /// The batches of a sectioned response on the model `Inner`, section and
    /// item names resolved by `names`.
    ///
    /// - Throws: ``Refusal`` naming the batch and the section, item or call
    ///   that is not in the case or that the model does not take.
    static func resolve<Inner: ReplayableSectionedModel>(
        _ raw: [RawBatch], model: Inner.Type, names: SectionedCase<Inner.SectionID, Inner.ItemID>
    ) throws(Refusal) -> [SectionedUpdateBatch<Inner.SectionID, Inner.ItemID, ExternalCall<Inner.Call>>] {
        var batches: [SectionedUpdateBatch<Inner.SectionID, Inner.ItemID, ExternalCall<Inner.Call>>] = []
        batches.reserveCapacity(raw.count)
        for (number, batch) in raw.enumerated() {
            let place = "batch \(number + 1)"
            var sections: [SectionedSnapshot<Inner.SectionID, Inner.ItemID>.Section] = []
            sections.reserveCapacity(batch.sections.count)
            for (offset, section) in batch.sections.enumerated() {
                guard let id = names.section(named: section.name) else {
                    throw Refusal(
                        reason: "\(place): \"items\"[\(offset)] is the section \(describe(.string(section.name))), "
                            + "which is not a section of the case")
                }
                var items: [Inner.ItemID] = []
                items.reserveCapacity(section.items.count)
                for name in section.items {
                    guard let item = names.item(named: name) else {
                        throw Refusal(
                            reason: "\(place): \"items\"[\(offset)].items holds \(describe(.string(name))), which is "
                                + "not an item of the case")
                    }
                    items.append(item)
                }
                sections.append(.init(id: id, items: items))
            }
            var calls: [ExternalCall<Inner.Call>] = []
            calls.reserveCapacity(batch.calls.count)
            for (index, record) in batch.calls.enumerated() {
                do {
                    calls.append(
                        .call(try Inner.call(from: record, section: names.section(named:), item: names.item(named:))))
                } catch {
                    throw Refusal(reason: "\(place), call \(index + 1): \(error)")
                }
            }
            batches.append(SectionedUpdateBatch(sections: SectionedSnapshot(sections), calls: calls))
        }
        return batches
    }
}
