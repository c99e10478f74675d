#!/usr/bin/env node
// An UpdateCheck adapter program (protocol 1, with batches) for an AnimatedList-style web
// list: it has insertItem, removeItem and updateItem, one index each, and no
// move, so a moved item is removed and inserted again (a new element). The
// handshake declares that with "moves": "replaces-cell". Node's standard
// library only.
//
//   updatecheck adapters check --exec 'node Examples/adapters/splice_list.js' --model animatedlist
'use strict';
const readline = require('node:readline');

function calls(testCase) {
  const { plan } = testCase;
  const out = [];
  // Everything that leaves its place: deleted and moved items, bottom up.
  const leaving = plan.deleted.map((d) => d.from[1])
    .concat(plan.kept.filter((k) => k.moved).map((k) => k.from[1]))
    .sort((a, b) => b - a);
  for (const index of leaving) out.push({ method: 'removeItem', args: { index } });
  // Everything that arrives: inserted and moved items, top down at their new indexes.
  const arriving = plan.inserted.map((i) => i.at[1])
    .concat(plan.kept.filter((k) => k.moved).map((k) => k.to[1]))
    .sort((a, b) => a - b);
  for (const index of arriving) out.push({ method: 'insertItem', args: { index } });
  // Changed items that stayed put are rebuilt in place; moved ones are new already.
  for (const kept of plan.kept) {
    if (kept.changed && !kept.moved) out.push({ method: 'updateItem', args: { index: kept.to[1] } });
  }
  return out.length ? [{ items: testCase.new, calls: out }] : [];
}

process.stdout.write(JSON.stringify({
  protocol: 1,
  name: 'node-splice-list',
  model: 'animatedlist',
  policy: { movedAndChanged: 'delete-and-insert', refresh: 'reconfigure', moves: 'replaces-cell' },
  summary: 'A Node splice list without moves: removals bottom up, insertions top down, updates in place.',
  // Requests come many to a line: {"type": "cases", "cases": [...]}, answered by {"answers": [...]}.
  batch: true,
}) + '\n');

function answer(testCase) {
  return { id: testCase.id, batches: calls(testCase) };
}

const pending = [];
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  const reply = message.type === 'cases' ? { answers: message.cases.map(answer) } : answer(message);
  pending.push(JSON.stringify(reply));
  if (pending.length >= 256) flush();
  else setImmediate(flush);
});
function flush() {
  if (pending.length) process.stdout.write(pending.splice(0).join('\n') + '\n');
}
lines.on('close', flush);
