#!/usr/bin/env node
// A Redux-style favourite-button store in JavaScript, spoken to over
// UpdateCheck's store-program protocol (docs/store-protocol.md):
//
//   updatecheck state explore --exec 'node Examples/state/favourites_reducer.js'
//
// The state is immutable: `reducer(state, action)` returns a new state and
// never changes the old one, so trying every event from the same state is
// free. Actions that send a request carry the request's number back in
// `state.sent`. An optional argument switches on one deliberate bug:
//
//   rollback-to-tapped      a refused write keeps showing the tapped value
//   earlier-session         request numbers restart at each account switch
//   tap-during-needs-sync   a tap starts a write while a re-read is pending
//   state-by-row            states are kept by row, so a reorder moves them
//   confirm-on-timeout      a timed-out write counts as saved
"use strict";
const readline = require("readline");

const BUGS = ["rollback-to-tapped", "earlier-session", "tap-during-needs-sync", "state-by-row", "confirm-on-timeout"];
const bug = process.argv[2] || null;
if (bug !== null && !BUGS.includes(bug)) {
  process.stderr.write(`unknown bug ${bug}; one of: ${BUGS.join(", ")}\n`);
  process.exit(2);
}

function loaded(account, load, lastRequest) {
  const order = load.map(([id]) => id);
  const rows = load.map(([, value]) => ({ server: value, shown: value, phase: "idle", request: null }));
  const byId = bug === "state-by-row" ? null : Object.fromEntries(order.map((id, index) => [id, rows[index]]));
  return { account, order, rows: bug === "state-by-row" ? rows : null, byId, lastRequest, sent: null };
}

function rowOf(state, id) {
  if (bug === "state-by-row") {
    const index = state.order.indexOf(id);
    return index < 0 ? undefined : state.rows[index];
  }
  return state.byId[id];
}

function withRow(state, id, row, sent, lastRequest) {
  const next = { ...state, sent, lastRequest: lastRequest ?? state.lastRequest };
  if (bug === "state-by-row") {
    next.rows = state.rows.slice();
    next.rows[state.order.indexOf(id)] = row;
  } else {
    next.byId = { ...state.byId, [id]: row };
  }
  return next;
}

function reducer(state, action) {
  const quiet = { ...state, sent: null };
  const row = action.id === undefined ? undefined : rowOf(state, action.id);
  switch (action.type) {
    case "tapped": {
      if (!row || row.phase === "saving" || (row.phase === "needsSync" && bug !== "tap-during-needs-sync")) return quiet;
      const request = state.lastRequest + 1;
      return withRow(state, action.id, { ...row, shown: action.value, phase: "saving", request }, request, request);
    }
    case "writeAnswered": {
      if (!row || row.phase !== "saving" || row.request !== action.request) return quiet;
      let { outcome, value } = action;
      if (outcome === "uncertain" && bug === "confirm-on-timeout") [outcome, value] = ["confirmed", row.shown];
      if (outcome === "confirmed" || outcome === "conflict") {
        return withRow(state, action.id, { server: value, shown: value, phase: "idle", request: row.request }, null);
      }
      if (outcome === "rejected") {
        const shown = bug === "rollback-to-tapped" ? row.shown : row.server;
        return withRow(state, action.id, { ...row, shown, phase: "idle" }, null);
      }
      const reread = state.lastRequest + 1;
      return withRow(state, action.id, { ...row, shown: row.server, phase: "needsSync", request: reread }, reread, reread);
    }
    case "cancelled": {
      if (!row || row.phase === "idle" || row.request !== action.request) return quiet;
      const reread = state.lastRequest + 1;
      return withRow(state, action.id, { ...row, shown: row.server, phase: "needsSync", request: reread }, reread, reread);
    }
    case "reread": {
      if (!row || row.phase !== "needsSync" || row.request !== action.request) return quiet;
      return withRow(state, action.id, { server: action.value, shown: action.value, phase: "idle", request: row.request }, null);
    }
    case "signedIn":
      if (action.account <= state.account) return quiet;
      return loaded(action.account, action.load, bug === "earlier-session" ? 0 : state.lastRequest);
    case "sorted": {
      const same = action.order.length === state.order.length && action.order.every((id) => state.order.includes(id));
      return same ? { ...quiet, order: action.order.slice() } : quiet;
    }
  }
  return quiet;
}

// The protocol: each event becomes an action; requests are named by the step that sent them.
function action(event, requests) {
  const request = (step) => (step >= 0 && step < requests.length ? requests[step] : null);
  if ("tap" in event) return { type: "tapped", id: event.tap, value: event.value };
  if ("answer" in event) {
    const number = request(event.request);
    return number === null ? null : { type: "writeAnswered", id: event.answer, request: number, outcome: event.outcome, value: event.value };
  }
  if ("cancel" in event) {
    const number = request(event.request);
    return number === null ? null : { type: "cancelled", id: event.cancel, request: number };
  }
  if ("reread" in event) {
    const number = request(event.request);
    return number === null ? null : { type: "reread", id: event.reread, request: number, value: event.value };
  }
  if ("switch" in event) return { type: "signedIn", account: event.switch, load: event.load };
  return { type: "sorted", order: event.reorder };
}

function observe(state) {
  const records = {};
  for (const id of state.order) {
    const row = rowOf(state, id);
    records[id] = { confirmed: row.server, visible: row.shown, phase: row.phase };
  }
  return { issued: state.sent !== null, session: state.account, order: state.order, records };
}

function step(state, requests, event) {
  const next = action(event, requests);
  return next === null ? { ...state, sent: null } : reducer(state, next);
}

function run(path) {
  let state = loaded(path.session, path.load, 0);
  const requests = [];
  const steps = path.every ? [observe(state)] : [];
  for (const event of path.events) {
    state = step(state, requests, event);
    requests.push(state.sent);
    if (path.every) steps.push(observe(state));
  }
  if (!path.every) steps.push(observe(state));
  return { steps, branches: path.branches.map((event) => observe(step(state, requests, event))) };
}

process.stdout.write(JSON.stringify({ protocol: "updatecheck-store", version: 1 }) + "\n");
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  process.stdout.write(JSON.stringify({ id: request.id, results: request.paths.map(run) }) + "\n");
});
