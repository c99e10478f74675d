#!/usr/bin/env python3
"""A favourite-button store in Python, spoken to over UpdateCheck's
store-program protocol (docs/store-protocol.md).

    updatecheck state explore --exec 'python3 Examples/state/favourites_store.py'

The store keeps one row per record ID: the server's value, the value shown,
the phase and the request in flight. Request numbers come from one counter
that is never reset, so an answer from before an account switch matches no
row. An optional argument switches on one deliberate bug, to show that the
explorer catches it:

    rollback-to-tapped      a refused write keeps showing the tapped value
    earlier-session         request numbers restart at each account switch
    tap-during-needs-sync   a tap starts a write while a re-read is pending
    state-by-row            states are kept by row, so a reorder moves them
    confirm-on-timeout      a timed-out write counts as saved
"""
import json
import sys

BUGS = {"rollback-to-tapped", "earlier-session", "tap-during-needs-sync", "state-by-row", "confirm-on-timeout"}


class Store:
    """One list of favourite buttons; copied cheaply (rows are tuples)."""

    def __init__(self, bug, session, load):
        self.bug = bug
        self.session = session
        self.last_request = 0
        self.load(load)

    def load(self, load):
        self.order = [record_id for record_id, _ in load]
        # A row: (server value, shown value, phase, request in flight).
        rows = [(value, value, "idle", None) for _, value in load]
        if self.bug == "state-by-row":
            self.by_row = rows
        else:
            self.rows = dict(zip(self.order, rows))

    def copy(self):
        other = Store.__new__(Store)
        other.bug, other.session, other.last_request = self.bug, self.session, self.last_request
        other.order = list(self.order)
        if self.bug == "state-by-row":
            other.by_row = list(self.by_row)
        else:
            other.rows = dict(self.rows)
        return other

    def row(self, record_id):
        if self.bug == "state-by-row":
            return self.by_row[self.order.index(record_id)] if record_id in self.order else None
        return self.rows.get(record_id)

    def set_row(self, record_id, row):
        if self.bug == "state-by-row":
            self.by_row[self.order.index(record_id)] = row
        else:
            self.rows[record_id] = row

    def next_request(self):
        self.last_request += 1
        return self.last_request

    def tap(self, record_id, value):
        row = self.row(record_id)
        if row is None:
            return None
        server, _, phase, _ = row
        if phase == "saving" or (phase == "needsSync" and self.bug != "tap-during-needs-sync"):
            return None
        request = self.next_request()
        self.set_row(record_id, (server, value, "saving", request))
        return request

    def answer(self, record_id, request, outcome, value):
        row = self.row(record_id)
        if row is None or row[2] != "saving" or row[3] != request:
            return None
        server, shown, _, _ = row
        if outcome == "uncertain" and self.bug == "confirm-on-timeout":
            outcome, value = "confirmed", shown
        if outcome in ("confirmed", "conflict"):
            self.set_row(record_id, (value, value, "idle", request))
        elif outcome == "rejected":
            self.set_row(record_id, (server, shown if self.bug == "rollback-to-tapped" else server, "idle", request))
        else:
            reread = self.next_request()
            self.set_row(record_id, (server, server, "needsSync", reread))
            return reread
        return None

    def cancel(self, record_id, request):
        row = self.row(record_id)
        if row is None or row[2] == "idle" or row[3] != request:
            return None
        reread = self.next_request()
        self.set_row(record_id, (row[0], row[0], "needsSync", reread))
        return reread

    def reread(self, record_id, request, value):
        row = self.row(record_id)
        if row is None or row[2] != "needsSync" or row[3] != request:
            return
        self.set_row(record_id, (value, value, "idle", request))

    def switch(self, session, load):
        if session <= self.session:
            return
        self.session = session
        if self.bug == "earlier-session":
            self.last_request = 0
        self.load(load)

    def reorder(self, order):
        if sorted(order) == sorted(self.order):
            self.order = list(order)

    def observe(self, issued):
        records = {}
        for record_id in self.order:
            server, shown, phase, _ = self.row(record_id)
            records[record_id] = {"confirmed": server, "visible": shown, "phase": phase}
        return {"issued": issued, "session": self.session, "order": self.order, "records": records}


def apply(store, tokens, event):
    """Applies one protocol event; the request token it issued, or None."""
    def token():
        step = event["request"]
        return tokens[step] if 0 <= step < len(tokens) else None

    if "tap" in event:
        return store.tap(event["tap"], event["value"])
    if "answer" in event:
        request = token()
        return None if request is None else store.answer(event["answer"], request, event["outcome"], event.get("value"))
    if "cancel" in event:
        request = token()
        return None if request is None else store.cancel(event["cancel"], request)
    if "reread" in event:
        request = token()
        if request is not None:
            store.reread(event["reread"], request, event["value"])
        return None
    if "switch" in event:
        store.switch(event["switch"], event["load"])
        return None
    store.reorder(event["reorder"])
    return None


def run(bug, path):
    store = Store(bug, path["session"], path["load"])
    tokens = []
    every = path["every"]
    steps = [store.observe(False)] if every else []
    issued = False
    for event in path["events"]:
        request = apply(store, tokens, event)
        tokens.append(request)
        issued = request is not None
        if every:
            steps.append(store.observe(issued))
    if not every:
        steps.append(store.observe(issued))
    branches = []
    for event in path["branches"]:
        trial = store.copy()
        branches.append(trial.observe(apply(trial, list(tokens), event) is not None))
    return {"steps": steps, "branches": branches}


def main():
    bug = sys.argv[1] if len(sys.argv) > 1 else None
    if bug is not None and bug not in BUGS:
        sys.exit("unknown bug %r; one of: %s" % (bug, ", ".join(sorted(BUGS))))
    out = sys.stdout
    out.write(json.dumps({"protocol": "updatecheck-store", "version": 1}) + "\n")
    out.flush()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            results = [run(bug, path) for path in request["paths"]]
            out.write(json.dumps({"id": request["id"], "results": results}, separators=(",", ":")) + "\n")
        except (KeyError, TypeError, ValueError) as error:
            out.write(json.dumps({"id": request.get("id"), "error": "cannot read the request: %r" % error}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
