// When a fault's backlog is drained: the replicas queue the reports a fault holds up (the database
// stopped, a replica killed, the broker restarted) and store them once it is over, which a loaded
// machine takes minutes to do. Measured from the outside rather than guessed: the backlog is zero
// once every report sent since the fault began, up to a round ago, is stored. The memory check
// leaves the fault's window and this drain out (memory.js: judgeMemory).
'use strict';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const ROUND_MS = 5000; // load.js: a round of reports every 5 s, each round's reports spread over it
const POLL_MS = 5000;

/**
 * Resolves with the time the backlog was first seen at zero, or null if not before `until`.
 * `sent`: load.js's rounds ({ ts, samples }, growing); `countStored(since)` → Map(ts → samples stored).
 */
async function backlogDrained({ sent, since, countStored, until, now = Date.now, pollMs = POLL_MS }) {
  const from = since - ROUND_MS; // the round under way when the fault began
  while (now() < until) {
    await sleep(pollMs);
    const at = now();
    let stored;
    try {
      stored = await countStored(from);
    } catch {
      continue; // the database may be the fault: not drained yet
    }
    // Rounds sent in full a round ago or more: a report just sent may still be in a batch.
    const due = sent.filter((r) => r.ts >= from && r.ts + 2 * ROUND_MS <= at);
    if (due.length > 0 && due.every((r) => (stored.get(r.ts) ?? 0) >= r.samples)) return at;
  }
  return null;
}

module.exports = { backlogDrained };
