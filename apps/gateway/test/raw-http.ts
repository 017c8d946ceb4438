import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number;
  head: string;
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Bytes written to a gateway socket as they are, for what fetch will not send (a broken request
 * line, raw UTF-8 in it, a body that trickles in). Resolves when the server closes the connection.
 */
export function rawRequest(baseUrl: string, write: (socket: Socket) => void | Promise<void>, timeoutMs = 15_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => void Promise.resolve(write(socket)).catch(() => undefined));
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
