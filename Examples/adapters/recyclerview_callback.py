#!/usr/bin/env python3
"""An UpdateCheck adapter program (protocol 1, with batches) for an Android RecyclerView.

It turns each case's plan into ListUpdateCallback notifications the way an
app's own diff dispatcher would: removals from the bottom up, then, walking
the new list from the top, insertions and a move for each item the plan
marks as moved (each moved item moves once, every other kept item stays
put), then onChanged with a payload at the final positions. Consecutive
removals, insertions and changes are sent as one range. Positions are
found by bisection, never by searching the list, so cases of thousands of
items stay fast. Standard library only.

    updatecheck adapters check --exec 'python3 Examples/adapters/recyclerview_callback.py' --model recyclerview
"""
from bisect import bisect_left, insort
import gc
import json
import select
import sys


def ranges(positions):
    """[start, count] for each run of consecutive positions in an ascending list."""
    result = []
    for position in positions:
        if result and result[-1][0] + result[-1][1] == position:
            result[-1][1] += 1
        else:
            result.append([position, 1])
    return result


def notifications(case):
    """The one batch of calls for a case (its plan as positions, see the handshake)."""
    old, new, plan = case["old"], case["new"], case["plan"]
    # For each new position, the old position of its item, or -1 when it is inserted; and the reverse.
    source, target = plan["sources"], [-1] * len(old)
    for new_position, old_position in enumerate(source):
        if old_position >= 0:
            target[old_position] = new_position
    moved = set(plan["moved"])
    calls = []
    # Removals, bottom up, so that each position is still valid.
    removed = [old_position for old_position, new_position in enumerate(target) if new_position < 0]
    for start, count in reversed(ranges(removed)):
        calls.append({"method": "onRemoved", "args": {"position": start, "count": count}})
    # Every item gets a slot on one fixed line, in the order the list shows them while the walk goes on:
    # before each item that stays put, first the new positions placed in front of it (inserted or moved
    # there), then the moved items still waiting at their old place. An item's position is then the
    # number of occupied slots before its slot, found by bisection in the sorted occupied slots.
    new_slot, waiting_slot, occupied = [0] * len(new), {}, []
    slot = next_old = 0
    for position in range(len(new) + 1):
        stays = position < len(new) and source[position] >= 0 and position not in moved
        if position < len(new) and not stays:
            new_slot[position] = slot
            slot += 1
            continue
        # Kept items between two that stay put are moved ones (the deleted ones are gone).
        end = source[position] if stays else len(old)
        for old_position in range(next_old, end):
            if target[old_position] >= 0:
                waiting_slot[old_position] = slot
                occupied.append(slot)
                slot += 1
        if stays:
            new_slot[position] = slot
            occupied.append(slot)
            slot += 1
            next_old = end + 1
    # Top down: insert each inserted item, move each moved one from where it waits.
    for position in range(len(new)):
        if source[position] < 0:
            at = bisect_left(occupied, new_slot[position])
            insort(occupied, new_slot[position])
            last = calls[-1]["args"] if calls[-1:] and calls[-1]["method"] == "onInserted" else None
            if last and last["position"] + last["count"] == at:
                last["count"] += 1
            else:
                calls.append({"method": "onInserted", "args": {"position": at, "count": 1}})
        elif position in moved:
            origin = bisect_left(occupied, waiting_slot[source[position]])
            del occupied[origin]
            at = bisect_left(occupied, new_slot[position])
            occupied.insert(at, new_slot[position])
            if origin != at:
                calls.append({"method": "onMoved", "args": {"fromPosition": origin, "toPosition": at}})
    for start, count in ranges(plan["changed"]):
        calls.append({"method": "onChanged", "args": {"position": start, "count": count, "payload": "content"}})
    return [{"items": new, "calls": calls}] if calls else []


def answer(case):
    """The response to one request."""
    return {"id": case["id"], "batches": notifications(case)}


def main():
    # Requests make many small objects and no cycles: the cycle collector only costs time.
    gc.disable()
    out = sys.stdout
    out.write(json.dumps({
        "protocol": 1,
        "name": "python-recyclerview",
        "model": "recyclerview",
        "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
        "summary": "A Python ListUpdateCallback dispatcher: removals bottom up, inserts and moves top down, "
                   "changes with a payload.",
        # Requests come many to a line: {"type": "cases", "cases": [...]}, answered by {"answers": [...]}.
        "batch": True,
        # Each plan as positions: {"sources": [...], "moved": [...], "changed": [...]}.
        "plan": "positions",
    }) + "\n")
    out.flush()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "cases":
            reply = {"answers": [answer(case) for case in message["cases"]]}
        else:
            reply = answer(message)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        # Flush when no further request is waiting: pipelined lines are answered in bulk.
        if not select.select([sys.stdin], [], [], 0)[0]:
            out.flush()
    out.flush()

if __name__ == "__main__":
    main()
