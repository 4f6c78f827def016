// A replica's live memory: what its JavaScript objects and the buffers they own hold after a full
// collection (heapUsed + external), read through the inspector each replica of the suite listens on
// (loopback, a port of its own). Resident memory alone cannot tell a leak: a process started under
// load grows its heap and its allocator's arenas and keeps them, while what lives stays flat (a heap
// snapshot of a replica at 248 MiB resident held 44 MiB).
'use strict';
const WebSocket = require('ws');

/** Node's options that open a replica's inspector on `port` (loopback only). */
const inspectorArgs = (port) => [`--inspect=127.0.0.1:${port}`];

/** Collects garbage in the process whose inspector listens on `port`, then answers what lives (MiB); NaN when it cannot. */
async function liveMemoryMiB(port, timeoutMs = 10_000) {
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
    const { result } = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(result.value);
    return (usage.heapUsed + usage.external) / 1024 / 1024;
  } catch {
    return NaN;
  } finally {
    socket?.terminate();
  }
}

module.exports = { inspectorArgs, liveMemoryMiB };
