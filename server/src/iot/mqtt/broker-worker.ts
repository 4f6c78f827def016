// The embedded broker's worker thread (aedes, an ES module, imported natively there). Logins are
// asked of the main thread; the grant it answers is enforced on every publish and subscribe.
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { pathToFileURL } = require('node:url');
const { Duplex } = require('node:stream');
// aedes has no packet size limit: this reads every packet's fixed header as the bytes arrive and
// cuts the connection as soon as one announces more than the limit, before its body is buffered.
function limitPacketSize(socket, max) {
  let inHeader = false, length = 0, multiplier = 1, lengthBytes = 0, skip = 0;
  const conn = new Duplex({
    read() { socket.resume(); },
    write(chunk, encoding, callback) { socket.write(chunk, encoding, callback); },
    final(callback) { socket.end(); callback(); },
    destroy(error, callback) { socket.destroy(); callback(error); },
  });
  const cut = () => { socket.destroy(); conn.destroy(); };
  socket.on('data', (chunk) => {
    for (let i = 0; i < chunk.length; ) {
      if (skip > 0) { const n = Math.min(skip, chunk.length - i); skip -= n; i += n; continue; }
      const byte = chunk[i++];
      if (!inHeader) { inHeader = true; length = 0; multiplier = 1; lengthBytes = 0; continue; }
      length += (byte & 127) * multiplier; multiplier *= 128; lengthBytes++;
      if ((byte & 128) === 0) {
        if (length > max) return cut();
        skip = length; inHeader = false;
      } else if (lengthBytes >= 4) return cut();
    }
    if (!conn.push(chunk)) socket.pause();
  });
  socket.on('end', () => conn.push(null));
  socket.on('error', () => conn.destroy());
  socket.on('close', () => conn.destroy());
  return conn;
}
(async () => {
  const { Aedes } = await import(pathToFileURL(workerData.aedesPath).href);
  const pending = new Map();
  let nextId = 1;
  const grants = new WeakMap();
  const clients = new Set();
  const refused = (code) => Object.assign(new Error('not authorized'), { returnCode: code });
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const id = nextId++;
      pending.set(id, (grant) => {
        if (!grant) return done(refused(4), false);
        grants.set(client, { ...grant, username });
        clients.add(client);
        done(null, true);
      });
      parentPort.postMessage({ type: 'authenticate', id, login: {
        clientId: client.id,
        username: username === undefined ? undefined : String(username),
        password: password === undefined ? undefined : password.toString('utf8'),
      } });
    },
    // A refused publish closes the client's connection (aedes); the message goes nowhere.
    authorizePublish(client, packet, done) {
      const grant = client && grants.get(client);
      if (grant && (grant.all || grant.publish.includes(packet.topic)) && !packet.topic.startsWith('$SYS')) return done(null);
      done(new Error('publish to ' + packet.topic + ' not allowed'));
    },
    // A refused subscription is answered with 0x80 in the SUBACK; the client stays connected.
    authorizeSubscribe(client, sub, done) {
      const grant = grants.get(client);
      done(null, grant && (grant.all || grant.subscribe.includes(sub.topic)) ? sub : null);
    },
  });
  broker.on('clientDisconnect', (client) => clients.delete(client));
  const server = net.createServer((socket) => broker.handle(limitPacketSize(socket, workerData.maxPacketBytes)));
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('error', (error) => parentPort.postMessage({ type: 'error', message: error.message }));
  server.listen(workerData.port, workerData.host, () => {
    parentPort.postMessage({ type: 'listening', port: server.address().port });
  });
  parentPort.on('message', (message) => {
    if (message && message.type === 'auth-result') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      if (resolve) resolve(message.grant);
      return;
    }
    if (message && message.type === 'revoke') {
      for (const client of clients) if (grants.get(client)?.username === message.username) client.close();
      return;
    }
    if (message !== 'close') return;
    server.close();
    for (const socket of sockets) socket.destroy();
    broker.close(() => {
      parentPort.postMessage({ type: 'closed' });
      parentPort.close();
    });
  });
})().catch((error) => parentPort.postMessage({ type: 'error', message: String(error && error.message || error) }));
`;
