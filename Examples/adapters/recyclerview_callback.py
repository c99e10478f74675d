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
from bisect import bisect_left
import gc
import json
import select
import sys


def ranges(positions):
    """(start, count) for each run of consecutive positions in an ascending list."""
    bounds = [0] + [i for i in range(1, len(positions)) if positions[i] != positions[i - 1] + 1] + [len(positions)]
    return [(positions[first], end - first) for first, end in zip(bounds, bounds[1:]) if end > first]


def notifications(case):
    """The one batch of calls for a case (its plan as positions, see the handshake)."""
    old, new, plan = case["old"], case["new"], case["plan"]
    source = plan["sources"]  # for each new position, the old position of its item; -1: inserted
    moved = plan["moved"]
    calls = []
    # Removals, bottom up, so that each position is still valid.
    kept = set(source)
    for start, count in reversed(ranges([position for position in range(len(old)) if position not in kept])):
        calls.append({"method": "onRemoved", "args": {"position": start, "count": count}})
    # While the walk below goes on, the list shows the items it has placed, the kept items that stay put
    # and the moved items still waiting at their old place. Each gets a key that sorts them in the list's
    # order: new position p has the key p * span, and a waiting item a key just below that of the next
    # item that stays put (after the items placed in front of that one), in old order. An item's position
    # is then the number of keys before its own in the sorted list `shown`, found by bisection.
    moved_set = set(moved)
    stays = [position for position, origin in enumerate(source) if origin >= 0 and position not in moved_set]
    stays_old = [source[position] for position in stays]  # ascending: they keep their order
    span = len(old) + 1
    waiting = {}  # the key of each moved item, by new position
    for position in moved:
        following = bisect_left(stays_old, source[position])
        next_stay = stays[following] if following < len(stays) else len(new)
        waiting[position] = (next_stay - 1) * span + 1 + source[position]
    shown = sorted([position * span for position in stays] + list(waiting.values()))
    # Top down: insert each inserted item, move each moved one from where it waits.
    inserted = [position for position, origin in enumerate(source) if origin < 0]
    for position in sorted(inserted + moved):
        if source[position] < 0:
            at = bisect_left(shown, position * span)
            shown.insert(at, position * span)
            last = calls[-1]["args"] if calls[-1:] and calls[-1]["method"] == "onInserted" else None
            if last and last["position"] + last["count"] == at:
                last["count"] += 1
            else:
                calls.append({"method": "onInserted", "args": {"position": at, "count": 1}})
        else:
            origin = bisect_left(shown, waiting[position])
            del shown[origin]
            at = bisect_left(shown, position * span)
            shown.insert(at, position * span)
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
