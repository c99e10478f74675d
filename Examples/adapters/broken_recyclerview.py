#!/usr/bin/env python3
"""A deliberately broken UpdateCheck adapter program (protocol 1).

The classic mistake: it removes deleted items top down at their old
positions, forgetting that each removal shifts the rows below it. The kit
must fail it, and its smallest failing case is two deletions: [a, b] -> [].

    updatecheck adapters check --exec 'python3 Examples/adapters/broken_recyclerview.py' --model recyclerview
"""
import json
import select
import sys


def notifications(case):
    old, new, plan = case["old"], case["new"], case["plan"]
    calls = []
    current = list(old)
    for deleted in sorted(plan["deleted"], key=lambda d: d["from"][1]):  # bug: top down at old positions
        position = deleted["from"][1]
        calls.append({"method": "onRemoved", "args": {"position": position, "count": 1}})
        if position < len(current):
            del current[position]
    inserted = {entry["id"] for entry in plan["inserted"]}
    for position, item in enumerate(new):
        if item in inserted:
            calls.append({"method": "onInserted", "args": {"position": position, "count": 1}})
            current.insert(position, item)
        elif item in current[position:] and current[position] != item:
            source = current.index(item, position)
            calls.append({"method": "onMoved", "args": {"fromPosition": source, "toPosition": position}})
            current.insert(position, current.pop(source))
    for kept in plan["kept"]:
        if kept["changed"]:
            calls.append(
                {"method": "onChanged", "args": {"position": kept["to"][1], "count": 1, "payload": "content"}})
    return [{"items": new, "calls": calls}] if calls else []


def main():
    out = sys.stdout
    out.write(json.dumps({
        "protocol": 1,
        "name": "python-recyclerview-broken",
        "model": "recyclerview",
        "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
    }) + "\n")
    out.flush()
    for line in sys.stdin:
        case = json.loads(line)
        out.write(json.dumps({"id": case["id"], "batches": notifications(case)}, separators=(",", ":")) + "\n")
        if not select.select([sys.stdin], [], [], 0)[0]:
            out.flush()
    out.flush()


if __name__ == "__main__":
    main()
