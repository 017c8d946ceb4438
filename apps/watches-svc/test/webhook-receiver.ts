import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP receiver on loopback (allowed by the operator's WEBHOOK_ALLOWED_HOSTS, as a test's must be). */
export class Receiver {
  readonly received: Received[] = [];
  answer: (count: number, res: ServerResponse) => void = (_count, res) => res.writeHead(204).end();
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        this.received.push({ at: Date.now(), headers: req.headers, body });
        this.answer(this.received.length, res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
