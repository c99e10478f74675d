#!/usr/bin/env python3
"""An UpdateCheck adapter program (protocol 1, with batches) for an Android RecyclerView.

It turns each case's plan into ListUpdateCallback notifications the way an
app's own diff dispatcher would: removals from the bottom up, then, walking
the new list from the top, an insertion or a move for every position that
does not yet show its item, then onChanged with a payload for every changed
item at its final position. Standard library only.

    updatecheck adapters check --exec 'python3 Examples/adapters/recyclerview_callback.py' --model recyclerview
"""
import gc
import json
import select
import sys


def notifications(case):
    """The one batch of calls for a case."""
    old, new, plan = case["old"], case["new"], case["plan"]
    calls = []
    # Removals, bottom up, so that each position is still valid.
    current = list(old)
    for deleted in sorted(plan["deleted"], key=lambda d: d["from"][1], reverse=True):
        position = deleted["from"][1]
        calls.append({"method": "onRemoved", "args": {"position": position, "count": 1}})
        del current[position]
    inserted = {entry["id"] for entry in plan["inserted"]}
    # Top down: position i must show new[i]; insert it or move it there.
    for position, item in enumerate(new):
        if item in inserted:
            calls.append({"method": "onInserted", "args": {"position": position, "count": 1}})
            current.insert(position, item)
        elif current[position] != item:
            source = current.index(item, position)
            calls.append({"method": "onMoved", "args": {"fromPosition": source, "toPosition": position}})
            current.insert(position, current.pop(source))
    for kept in plan["kept"]:
        if kept["changed"]:
            calls.append(
                {"method": "onChanged", "args": {"position": kept["to"][1], "count": 1, "payload": "content"}})
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
