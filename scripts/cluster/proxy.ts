/**
 * A small local balancer for `npm run cluster` (and the cross-node suite): round-robin over the nodes for HTTP, with
 * websocket upgrades piped through. socket.io's long-polling fallback needs every request of one session on the same
 * node, so /socket.io/ requests are sticky by a cookie (`livev3_node`), like a balancer's sticky sessions; websockets
 * need no stickiness. A node that refuses connections is skipped for a while, so viewers of a stopped node reconnect
 * to the others. The WeChat emulator's paths (/emulator/) all go to the first node: the emulator keeps its
 * orders and tokens in the process that serves it, so one node's emulator is the whole cluster's WeChat
 * (scripts/cluster/wechat.ts). For local runs only: a real deployment puts its own balancer there (server/README.md,
 * Deployment).
 */
import http from 'node:http';
import net from 'node:net';

const STICKY = 'livev3_node';
/** How long a node that refused a connection is left out of the rotation. */
const DOWN_MS = 2000;
/** Bodies up to this size are held, so the request can go to another node (API calls; uploads stream). */
const MAX_HELD_BODY = 1024 * 1024;
/** The WeChat emulator's pages and APIs. */
const EMULATOR = /^\/emulator\//;

export type Upstream = { host: string; port: number };

export function startProxy(port: number, upstreams: Upstream[], host = '127.0.0.1'): Promise<http.Server> {
  const downUntil = upstreams.map(() => 0);
  let next = 0;
  /** The sticky node if it is up, else the next one up in turn (or the next one at all when none is up). */
  const pick = (sticky: number | null, tried: Set<number>): number | null => {
    const now = Date.now();
    if (sticky !== null && !tried.has(sticky) && downUntil[sticky] <= now) return sticky;
    for (let i = 0; i < upstreams.length; i++) {
      const index = (next + i) % upstreams.length;
      if (!tried.has(index) && downUntil[index] <= now) {
        next = (index + 1) % upstreams.length;
        return index;
      }
    }
    const left = upstreams.findIndex((_upstream, index) => !tried.has(index));
    return left === -1 ? null : left;
  };
  const stickyOf = (request: http.IncomingMessage): number | null => {
    if (EMULATOR.test(request.url ?? '')) return 0;
    if (!request.url?.startsWith('/socket.io/')) return null;
    const match = new RegExp(`(?:^|;\\s*)${STICKY}=(\\d+)`).exec(request.headers.cookie ?? '');
    const index = match ? Number(match[1]) : NaN;
    return index >= 0 && index < upstreams.length ? index : null;
  };
  const forwarded = (request: http.IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-host': request.headers.host ?? '',
  });
  const refused = (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED';

  const server = http.createServer((request, response) => {
    const sticky = stickyOf(request);
    // A request whose body is held here can be sent again to another node when one refuses the connection (nothing
    // reached it); big bodies (uploads) stream through and are not retried.
    const length = Number(request.headers['content-length'] ?? 0);
    const retryable =
      Number.isFinite(length) && length <= MAX_HELD_BODY && !request.headers['transfer-encoding'];
    let body: Buffer | null = null;
    const tried = new Set<number>();
    const send = () => {
      const index = pick(sticky, tried);
      if (index === null) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ xcode: 502, msg: 'No server node is answering', data: null }));
        return;
      }
      tried.add(index);
      const upstream = http.request(
        { ...upstreams[index], method: request.method, path: request.url, headers: forwarded(request) },
        (answer) => {
          const headers = { ...answer.headers };
          if (request.url?.startsWith('/socket.io/') && sticky !== index) {
            const cookies = [headers['set-cookie'] ?? []].flat();
            headers['set-cookie'] = [
              ...cookies,
              `${STICKY}=${index}; Path=/socket.io/; HttpOnly; SameSite=Lax`,
            ];
          }
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the node closed as idle just as this request went out: nothing reached the node,
        // so the same node is asked again on a new connection.
        if (upstream.reusedSocket && error.code === 'ECONNRESET' && retryable && !response.headersSent) {
          tried.delete(index);
          return send();
        }
        if (refused(error)) downUntil[index] = Date.now() + DOWN_MS;
        if (refused(error) && retryable && !response.headersSent) return send();
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ xcode: 502, msg: 'The server node did not answer', data: null }));
        } else response.destroy();
      });
      if (retryable) upstream.end(body);
      else request.pipe(upstream);
    };
    if (!retryable) return send();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      body = Buffer.concat(chunks);
      send();
    });
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const sticky = stickyOf(request);
    const tried = new Set<number>();
    client.on('error', () => client.destroy());
    const connect = () => {
      const index = pick(sticky, tried);
      if (index === null) return client.destroy();
      tried.add(index);
      const upstream = net.connect(upstreams[index]);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
        for (const [name, value] of Object.entries(forwarded(request)))
          for (const one of [value ?? []].flat()) lines.push(`${name}: ${one}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.on('error', () => {
        if (connected) return client.destroy();
        // This node did not take the connection: leave it out for a while and try the next.
        downUntil[index] = Date.now() + DOWN_MS;
        connect();
      });
    };
    connect();
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
