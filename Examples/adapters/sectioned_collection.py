#!/usr/bin/env python3
"""An UpdateCheck adapter program (protocol 1, sectioned, with batches) for a UIKit collection view with sections.

It turns each case's sectioned plan into performBatchUpdates calls on the
uikit-sections model the way a careful app would. When no section rule is
at stake the whole structure goes in one batch: deleteSections,
insertSections, moveSection, then deleteItems, insertItems and moveItem
(items of deleted sections go with them, items of inserted sections arrive
with them). When an item moves out of a deleted or moved section, into an
inserted or moved one, or a moved section gains or loses items, it goes in
up to three batches instead: insert the new sections empty after the old
ones; move every item with every section in place; delete the emptied
sections and move the moved ones. Changed sections are reloaded and changed
items reconfigured in a last batch. Standard library only.

    updatecheck adapters check --exec 'python3 Examples/adapters/sectioned_collection.py' \\
        --model uikit-sections --sections 2 --ids 3

With --one-batch it never splits, the classic mistake: the kit fails it on
its smallest case, an item moved into a newly inserted section.
"""
import gc
import json
import select
import sys


def increasing_run(values):
    """The positions of one longest strictly increasing run of `values`."""
    tails, links = [], [-1] * len(values)
    for position, value in enumerate(values):
        low, high = 0, len(tails)
        while low < high:
            middle = (low + high) // 2
            if values[tails[middle]] < value:
                low = middle + 1
            else:
                high = middle
        links[position] = tails[low - 1] if low else -1
        if low == len(tails):
            tails.append(position)
        else:
            tails[low] = position
    run, position = set(), tails[-1] if tails else -1
    while position >= 0:
        run.add(position)
        position = links[position]
    return run


def plan_between(old, new):
    """The plan from sections `old` to `new`, in the request's shape (without the changed flags)."""
    old_offsets = {section["section"]: offset for offset, section in enumerate(old)}
    new_offsets = {section["section"]: offset for offset, section in enumerate(new)}
    kept_sections = [(old_offsets[s["section"]], to) for to, s in enumerate(new) if s["section"] in old_offsets]
    run = increasing_run([source for source, _ in kept_sections])
    old_paths = {item: [s, i] for s, section in enumerate(old) for i, item in enumerate(section["items"])}
    new_paths = {item: [s, i] for s, section in enumerate(new) for i, item in enumerate(section["items"])}
    kept = []
    for to, section in enumerate(new):
        staying = [item for item in section["items"]
                   if item in old_paths and old[old_paths[item][0]]["section"] == section["section"]]
        stays = increasing_run([old_paths[item][1] for item in staying])
        still = {item for position, item in enumerate(staying) if position in stays}
        kept += [{"id": item, "from": old_paths[item], "to": new_paths[item], "moved": item not in still}
                 for item in section["items"] if item in old_paths]
    return {
        "deletedSections": [{"section": s["section"], "from": offset}
                            for offset, s in enumerate(old) if s["section"] not in new_offsets],
        "insertedSections": [{"section": s["section"], "at": offset}
                             for offset, s in enumerate(new) if s["section"] not in old_offsets],
        "keptSections": [{"section": new[to]["section"], "from": source, "to": to, "moved": index not in run}
                         for index, (source, to) in enumerate(kept_sections)],
        "deleted": [{"id": item, "from": path} for item, path in old_paths.items() if item not in new_paths],
        "inserted": [{"id": item, "at": path} for item, path in new_paths.items() if item not in old_paths],
        "kept": kept,
    }


def safe_in_one_batch(plan):
    """Whether the structure can go in one batch without breaking a section rule of UIKit."""
    deleted = {entry["from"] for entry in plan["deletedSections"]}
    inserted = {entry["at"] for entry in plan["insertedSections"]}
    moved_from = {entry["from"] for entry in plan["keptSections"] if entry["moved"]}
    moved_to = {entry["to"] for entry in plan["keptSections"] if entry["moved"]}
    if any(entry["from"][0] in moved_from for entry in plan["deleted"]):
        return False
    if any(entry["at"][0] in moved_to for entry in plan["inserted"]):
        return False
    return not any(entry["from"][0] in deleted | moved_from or entry["to"][0] in inserted | moved_to
                   for entry in plan["kept"] if entry["moved"])


def structure_calls(plan):
    """The section and item calls of a plan, as one batch makes them."""
    deleted = {entry["from"] for entry in plan["deletedSections"]}
    inserted = {entry["at"] for entry in plan["insertedSections"]}
    calls = []
    if deleted:
        calls.append({"method": "deleteSections", "args": {"sections": sorted(deleted)}})
    if inserted:
        calls.append({"method": "insertSections", "args": {"sections": sorted(inserted)}})
    calls += [{"method": "moveSection", "args": {"at": entry["from"], "to": entry["to"]}}
              for entry in plan["keptSections"] if entry["moved"]]
    deletions = [entry["from"] for entry in plan["deleted"] if entry["from"][0] not in deleted]
    if deletions:
        calls.append({"method": "deleteItems", "args": {"at": deletions}})
    insertions = [entry["at"] for entry in plan["inserted"] if entry["at"][0] not in inserted]
    if insertions:
        calls.append({"method": "insertItems", "args": {"at": insertions}})
    calls += [{"method": "moveItem", "args": {"at": entry["from"], "to": entry["to"]}}
              for entry in plan["kept"] if entry["moved"]]
    return calls


def batches(case, one_batch=False):
    """The batches of calls for a case: the structure in one or up to three batches, then the refresh."""
    old, new, plan = case["old"], case["new"], case["plan"]
    result = []
    if one_batch or safe_in_one_batch(plan):
        calls = structure_calls(plan)
        if calls:
            result.append({"items": new, "calls": calls})
    else:
        old_ids = {section["section"] for section in old}
        new_items = {section["section"]: section["items"] for section in new}
        added = [{"section": s["section"], "items": []} for s in new if s["section"] not in old_ids]
        with_new_sections = old + added
        if added:
            result.append({"items": with_new_sections, "calls": [
                {"method": "insertSections", "args": {"sections": list(range(len(old), len(with_new_sections)))}}]})
        items_in_place = [{"section": s["section"], "items": new_items.get(s["section"], [])}
                          for s in with_new_sections]
        for before, after in ((with_new_sections, items_in_place), (items_in_place, new)):
            calls = structure_calls(plan_between(before, after))
            if calls:
                result.append({"items": after, "calls": calls})
    changed_sections = set(case["changedSections"])
    changed_items = set(case["changed"])
    reloaded = [offset for offset, s in enumerate(new) if s["section"] in changed_sections]
    refreshed = [[offset, index] for offset, s in enumerate(new) if s["section"] not in changed_sections
                 for index, item in enumerate(s["items"]) if item in changed_items]
    calls = []
    if reloaded:
        calls.append({"method": "reloadSections", "args": {"sections": reloaded}})
    if refreshed:
        calls.append({"method": "reconfigureItems", "args": {"at": refreshed}})
    if calls:
        result.append({"items": new, "calls": calls})
    return result


def main():
    one_batch = "--one-batch" in sys.argv[1:]
    # Requests make many small objects and no cycles: the cycle collector only costs time.
    gc.disable()
    out = sys.stdout
    out.write(json.dumps({
        "protocol": 1,
        "name": "python-sectioned-collection" + ("-one-batch" if one_batch else ""),
        # A sectioned model: requests and responses carry sections.
        "model": "uikit-sections",
        "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
        "summary": "A Python UICollectionView with sections: one performBatchUpdates when no section rule is at "
                   "stake, else insert sections, move items, delete and move sections; then reload and reconfigure.",
        "batch": True,
    }) + "\n")
    out.flush()
    for line in sys.stdin:
        message = json.loads(line)
        cases = message["cases"] if message["type"] == "cases" else [message]
        answers = [{"id": case["id"], "batches": batches(case, one_batch)} for case in cases]
        reply = {"answers": answers} if message["type"] == "cases" else answers[0]
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        # Flush when no further request is waiting: pipelined lines are answered in bulk.
        if not select.select([sys.stdin], [], [], 0)[0]:
            out.flush()
    out.flush()


if __name__ == "__main__":
    main()
