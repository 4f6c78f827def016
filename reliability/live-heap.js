// A replica's live memory: what its JavaScript objects and the buffers they own hold after a full
// collection (heapUsed + external), read through the inspector each replica of the suite listens on
// (loopback, a port of its own). Resident memory alone cannot tell a leak: a process started under
// load grows its heap and its allocator's arenas and keeps them, while what lives stays flat (a heap
// snapshot of a replica at 248 MiB resident held 44 MiB).
'use strict';
const WebSocket = require('ws');

/** Node's options that open a replica's inspector on `port` (loopback only). */
const inspectorArgs = (port) => [`--inspect=127.0.0.1:${port}`];

// V8's code space: the functions compiled so far. It grows for the first tens of minutes as the JIT
// optimises more of the code under load (+0.9 MiB of 2,669 code objects between minutes 2 and 7 of
// a replica, the largest growth in its heap snapshots), and V8 flushes it itself; it is told apart.
const CODE_SPACES = `(globalThis.require ?? process.mainModule?.require)?.('v8').getHeapSpaceStatistics()
  .filter((s) => s.space_name.startsWith('code')).reduce((n, s) => n + s.space_used_size, 0) ?? null`;

// What the process has queued to write on its sockets (bytes): live streams and answers a loaded
// machine's readers have not taken yet. Work waiting, not a leak: a sample holding much of it is not
// judged (memory.js), as a stall with no fault piles it up as well as a fault does.
const QUEUED_TO_WRITE = `process._getActiveHandles().reduce((n, h) => n + (typeof h.writableLength === 'number' ? h.writableLength : 0), 0)`;

/** Collects garbage in the process whose inspector listens on `port`, then answers what lives (MiB); NaN when it cannot. */
async function liveMemoryMiB(port, timeoutMs = 10_000) {
  return (await liveMemory(port, timeoutMs)).liveMiB;
}

/** What lives after a collection (MiB), and of it the compiled code (MiB; NaN when unknown). */
async function liveMemory(port, timeoutMs = 10_000) {
  let socket;
  try {
    const targets = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.json());
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) return NaN;
    socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let nextId = 1;
    const call = (method, params) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => reject(new Error(`${method} timed out`)), timeoutMs);
        const onMessage = (data) => {
          const message = JSON.parse(data.toString());
          if (message.id !== id) return;
          clearTimeout(timer);
          socket.off('message', onMessage);
          if (message.error) reject(new Error(message.error.message));
          else resolve(message.result);
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ id, method, params }));
      });
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', {
      expression: `JSON.stringify({ usage: process.memoryUsage(), code: ${CODE_SPACES}, queued: ${QUEUED_TO_WRITE} })`,
      returnByValue: true,
    });
    const { usage, code, queued } = JSON.parse(result.value);
    return {
      liveMiB: (usage.heapUsed + usage.external) / 1024 / 1024,
      codeMiB: typeof code === 'number' ? code / 1024 / 1024 : NaN,
      queuedMiB: typeof queued === 'number' ? queued / 1024 / 1024 : NaN,
    };
  } catch {
    return { liveMiB: NaN, codeMiB: NaN, queuedMiB: NaN };
  } finally {
    socket?.terminate();
  }
}

module.exports = { inspectorArgs, liveMemoryMiB, liveMemory };
