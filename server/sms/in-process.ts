/**
 * Carries HTTP connections to this server's own HTTP server in memory: the SDK's request is written, parsed and
 * routed as over a socket (the same parser, hooks and routes), with no port involved. The SMS sandbox reaches the
 * emulator this way, so it works whether or not the server listens (tests build servers they only inject into).
 */
import http from 'node:http';
import { Duplex } from 'node:stream';

/** One end of an in-memory connection: what is written to it comes out of its peer. */
class ConnectionEnd extends Duplex {
  peer: ConnectionEnd | null = null;
  // What Node's HTTP client and server ask of a socket, beyond the stream.
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 0;
  readonly encrypted = false;
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  override _read() {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.peer?.push(chunk);
    done();
  }
  override _final(done: (error?: Error | null) => void) {
    this.peer?.push(null);
    done();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    const { peer } = this;
    this.peer = null;
    if (peer && !peer.destroyed) peer.destroy();
    done(error);
  }
}

type Connected = (error: Error | null, socket?: ReturnType<http.Agent['createConnection']>) => void;

/**
 * An agent whose every connection is handed to `server` in memory (one request per connection), once `ready`
 * resolves (Fastify routes requests only once it is ready, which `inject` otherwise waits for).
 */
export function inProcessAgent(server: http.Server, ready: () => PromiseLike<unknown>): http.Agent {
  const agent = new http.Agent({ keepAlive: false });
  // Node's documented asynchronous form: answer nothing, hand the socket to the callback.
  agent.createConnection = ((_options: unknown, connected: Connected) => {
    Promise.resolve(ready()).then(
      () => {
        const client = new ConnectionEnd();
        const served = new ConnectionEnd();
        client.peer = served;
        served.peer = client;
        server.emit('connection', served);
        connected(null, client as unknown as ReturnType<http.Agent['createConnection']>);
      },
      (error: unknown) => connected(error instanceof Error ? error : new Error(String(error))),
    );
    return undefined;
  }) as unknown as http.Agent['createConnection'];
  return agent;
}
