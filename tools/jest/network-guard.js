// No browser-app test reaches the network by accident. jsdom's XMLHttpRequest and WebSocket, and
// fetch, EventSource and navigator.sendBeacon where present, are replaced by stand-ins that refuse
// the request; each refused URL fails the test that made it, named in the failure. A test that means
// to answer requests stubs fetch (or the API client) itself, and its stub takes the place of this one.
const refused = [];

function refuse(kind, url) {
  const where = String(url);
  refused.push(`${kind} ${where}`);
  return new Error(`unexpected network request in a test: ${kind} ${where} (stub it, or mock the module that makes it)`);
}

class RefusedXMLHttpRequest extends EventTarget {
  static UNSENT = 0;
  static OPENED = 1;
  static DONE = 4;
  readyState = 0;
  status = 0;
  responseText = '';
  response = null;
  onreadystatechange = null;
  onerror = null;
  onload = null;
  ontimeout = null;
  open(method, url) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader() {}
  overrideMimeType() {}
  getAllResponseHeaders() {
    return '';
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    refuse(`XHR ${this.method}`, this.url);
    // answered as a network failure, the way a browser reports a refused connection
    queueMicrotask(() => {
      this.readyState = 4;
      this.onreadystatechange?.(new Event('readystatechange'));
      this.onerror?.(new Event('error'));
      this.dispatchEvent(new Event('error'));
    });
  }
}

class RefusedSocket extends EventTarget {
  constructor(url) {
    super();
    throw refuse(this.constructor.kind, url);
  }
}
class RefusedWebSocket extends RefusedSocket {
  static kind = 'WebSocket';
}
class RefusedEventSource extends RefusedSocket {
  static kind = 'EventSource';
}

const install = () => {
  globalThis.XMLHttpRequest = RefusedXMLHttpRequest;
  globalThis.WebSocket = RefusedWebSocket;
  globalThis.EventSource = RefusedEventSource;
  globalThis.fetch = (input) => Promise.reject(refuse('fetch', typeof input === 'string' ? input : (input?.url ?? input)));
  if (globalThis.navigator) globalThis.navigator.sendBeacon = (url) => !refuse('sendBeacon', url);
};

install();

afterEach(() => {
  const seen = refused.splice(0);
  // stubs a test installed are its own; the next test starts with the refusing ones again
  install();
  if (seen.length > 0) throw new Error(`This test made network requests nobody answers:\n  ${[...new Set(seen)].join('\n  ')}`);
});
