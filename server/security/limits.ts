/**
 * Connection limits: slow clients are cut (header, whole-request, body-silence and idle time-outs) and one address
 * holds at most so many connections (HTTP, so socket.io's websockets too) and so many socket.io sessions. Behind a
 * balancer (TRUST_PROXY names it) a viewer's address is the one the balancer adds to X-Forwarded-For: the socket.io
 * and request caps count viewers, and the balancer's own connections are not capped per address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server, Socket as NetSocket } from 'node:net';
import proxyAddress from 'proxy-addr';

export type ConnectionLimits = {
  /** Time for a request's headers to arrive in full. */
  headersTimeoutMs: number;
  /** Time for a whole request (headers and body) to arrive. */
  requestTimeoutMs: number;
  /** A request body that sends nothing this long is cut (408), however long the whole request may take (0: off). */
  bodyTimeoutMs: number;
  /** A connection that sends and receives nothing this long is closed. */
  idleTimeoutMs: number;
  /** A keep-alive connection waiting for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address (0: no cap); a venue's phones share one public address. */
  maxConnectionsPerIp: number;
  /** socket.io sockets per client address, anonymous or logged in (0: no cap): a ceiling sized for a venue. */
  maxSocketsPerIp: number;
  /** socket.io sockets per login session (the handshake's auth token; 0: no cap). Anonymous sockets: per address. */
  maxSocketsPerSession: number;
  /**
   * Addresses the contract's per-route request limits (`x-rate-limit`) do not count: a trusted gateway that limits
   * per client itself, or the host a browser suite drives the server from. Empty by default.
   */
  rateLimitAllowList: string[];
  /**
   * The balancers in front of this node (addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`): a request
   * from one of them is the viewer's whose address it puts in X-Forwarded-For. Empty by default: the header is
   * ignored, as anyone can write it.
   */
  trustedProxies: string[];
};

const numberFrom = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

/**
 * What one address may hold by default: a venue of 5,000 viewers behind one public address, each with its socket
 * and a few HTTP connections (keep-alive, streams), with room to spare. One client is capped per session instead.
 */
const VENUE_CEILING = 20_000;

/** The limits from the environment (server/README.md, "Security"). */
export function readConnectionLimits(env: NodeJS.ProcessEnv = process.env): ConnectionLimits {
  return {
    headersTimeoutMs: numberFrom(env.HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: numberFrom(env.REQUEST_TIMEOUT_MS, 60_000),
    bodyTimeoutMs: numberFrom(env.BODY_TIMEOUT_MS, 20_000),
    idleTimeoutMs: numberFrom(env.IDLE_TIMEOUT_MS, 30_000),
    keepAliveTimeoutMs: numberFrom(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    maxConnectionsPerIp: numberFrom(env.MAX_CONNECTIONS_PER_IP, VENUE_CEILING),
    maxSocketsPerIp: numberFrom(env.MAX_SOCKETS_PER_IP, VENUE_CEILING),
    maxSocketsPerSession: numberFrom(env.MAX_SOCKETS_PER_SESSION, 10),
    rateLimitAllowList: listFrom(env.RATE_LIMIT_ALLOW),
    trustedProxies: listFrom(env.TRUST_PROXY),
  };
}

const listFrom = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * Who sent a request: its connection's address, or behind a trusted balancer the viewer's address the balancer put in
 * X-Forwarded-For (as Fastify's `trustProxy` reads it for request.ip); `isProxy` tells a balancer's connection.
 */
export function clientAddresses(trustedProxies: readonly string[]) {
  const trust = proxyAddress.compile([...trustedProxies]);
  return {
    of: (request: IncomingMessage): string =>
      trustedProxies.length > 0 ? proxyAddress(request, trust) : (request.socket.remoteAddress ?? ''),
    isProxy: (address: string): boolean => trustedProxies.length > 0 && trust(address, 0),
  };
}

/** Options for Node's HTTP server (passed through Fastify's `http` option) that enforce the time-outs. */
export function httpServerOptions(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks these every 30 s (connectionsCheckingInterval); a shorter interval stops socket idle time-outs
    // from firing (Node 20), so a connection's first request gets its own header timer and every body its own
    // silence timer (limitConnections): the whole-request time-out alone cuts a stalled body only 60-90 s in.
  };
}

/** What Node's own whole-request time-out raises: the server's clientErrorHandler answers it 408 (the envelope). */
function bodyTimedOut(request: IncomingMessage): Error {
  // The request line and its language, where the handler reads the locale (as in a request Node refused itself).
  const language = request.headers['accept-language'];
  const raw = `${request.method} ${request.url} HTTP/1.1\r\n${language ? `accept-language: ${language}\r\n` : ''}`;
  return Object.assign(new Error('request body timed out'), {
    code: 'ERR_HTTP_REQUEST_TIMEOUT',
    rawPacket: Buffer.from(raw, 'latin1'),
  });
}

/**
 * socket.io's caps: every socket counts against its address's ceiling (`maxSocketsPerIp`: checked at the handshake,
 * before any session is known), and a login session's sockets against `maxSocketsPerSession` (checked once the
 * handshake's token is known). Anonymous sockets have no session: only the address ceiling holds them.
 */
export function socketCaps(limits: Pick<ConnectionLimits, 'maxSocketsPerIp' | 'maxSocketsPerSession'>) {
  const addresses = new Map<string, number>();
  const sessions = addressCounter(limits.maxSocketsPerSession);
  return {
    /** Whether a new socket from `address` stays under the ceiling (the sockets it holds are counted by `opened`). */
    mayOpen: (address: string) =>
      limits.maxSocketsPerIp === 0 || (addresses.get(address) ?? 0) < limits.maxSocketsPerIp,
    opened(address: string): void {
      addresses.set(address, (addresses.get(address) ?? 0) + 1);
    },
    closed(address: string): void {
      const count = (addresses.get(address) ?? 1) - 1;
      if (count <= 0) addresses.delete(address);
      else addresses.set(address, count);
    },
    /** A socket of a login session (its token's hash): false, and not counted, when the session is at its cap. */
    takeSession: (session: string) => sessions.take(session),
    releaseSession: (session: string) => sessions.release(session),
    sockets: (address: string) => addresses.get(address) ?? 0,
    sessionSockets: (session: string) => sessions.count(session),
  };
}

/** A per-key counter (addresses, sessions): `take` answers false, and counts nothing, when the key is at its cap. */
export function addressCounter(max: number) {
  const open = new Map<string, number>();
  return {
    take(address: string): boolean {
      const count = open.get(address) ?? 0;
      if (max > 0 && count >= max) return false;
      open.set(address, count + 1);
      return true;
    },
    release(address: string): void {
      const count = (open.get(address) ?? 1) - 1;
      if (count <= 0) open.delete(address);
      else open.set(address, count);
    },
    size: () => open.size,
    count: (address: string) => open.get(address) ?? 0,
  };
}

/**
 * Caps open connections per address, closes idle ones, cuts a connection whose first request's headers have not
 * arrived within the header time-out (later requests on the connection: Node's own headersTimeout), and answers 408
 * to a request whose body goes silent for the body time-out.
 *
 * The body's silence is the socket's own inactivity timer, which every byte read or written restarts: it is set for
 * as long as a body is arriving. Node clears a keep-alive connection's timer when its next request starts, so without
 * this a stalled body on a reused connection waited for the whole-request time-out (checked every 30 s).
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  const counter = addressCounter(limits.maxConnectionsPerIp);
  const addresses = clientAddresses(limits.trustedProxies);
  const headerTimers = new WeakMap<NetSocket, NodeJS.Timeout>();
  /** Sockets whose request body is still arriving, with that request and its answer. */
  const bodies = new WeakMap<NetSocket, { request: IncomingMessage; response: ServerResponse }>();
  const headersArrived = (request: { socket: NetSocket }) => {
    clearTimeout(headerTimers.get(request.socket));
    headerTimers.delete(request.socket);
  };
  const watchBody = (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || request.complete) return;
    const before = socket.timeout ?? 0;
    const body = { request, response };
    bodies.set(socket, body);
    socket.setTimeout(limits.bodyTimeoutMs);
    // Node destroys a timed-out socket unless its request listens: the socket's own listener answers it instead.
    request.on('timeout', () => undefined);
    const arrived = () => {
      if (bodies.get(socket) !== body) return;
      bodies.delete(socket);
      // Node sets the keep-alive timer once the answer is out: that one stays.
      if (!response.writableFinished && !socket.destroyed) socket.setTimeout(before);
    };
    request.once('end', arrived);
    request.once('close', arrived);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    headersArrived(request);
    if (limits.bodyTimeoutMs > 0) watchBody(request, response);
  });
  server.on('upgrade', headersArrived);
  server.on('connection', (socket: NetSocket) => {
    const address = socket.remoteAddress ?? '';
    // A balancer's connections carry many viewers: they are counted per viewer (socket.io, rate limits), not here.
    const counted = !addresses.isProxy(address);
    if (counted && !counter.take(address)) {
      socket.destroy();
      return;
    }
    if (limits.idleTimeoutMs > 0) socket.setTimeout(limits.idleTimeoutMs);
    if (limits.idleTimeoutMs > 0 || limits.bodyTimeoutMs > 0)
      socket.on('timeout', () => {
        const body = bodies.get(socket);
        if (!body) {
          socket.destroy();
          return;
        }
        bodies.delete(socket);
        // A body went silent: 408 when nothing of the answer has gone out yet, then the connection closes.
        if (!socket.destroyed && !body.response.headersSent)
          server.emit('clientError', bodyTimedOut(body.request), socket);
        socket.destroySoon();
      });
    if (limits.headersTimeoutMs > 0)
      headerTimers.set(
        socket,
        setTimeout(() => socket.destroy(), limits.headersTimeoutMs),
      );
    socket.once('close', () => {
      clearTimeout(headerTimers.get(socket));
      if (counted) counter.release(address);
    });
  });
}

/** The address the server listens on: loopback unless HOST says otherwise (HOST=0.0.0.0 for a phone on the LAN). */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST || '127.0.0.1';
}
