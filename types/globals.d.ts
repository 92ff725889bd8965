// Names the pages get from classic scripts rather than from imports (tsconfig.json includes this
// file; nothing here is served).

/** The vendored Socket.IO client (static/vendor/socket.io-client/, loaded by templates/base.html):
 * the few parts client.js and ui.js use. */
interface CompanionSocket {
  connected: boolean;
  on(event: string, listener: (...args: any[]) => void): CompanionSocket;
  emit(event: string, ...args: any[]): CompanionSocket;
  io: { on(event: string, listener: (...args: any[]) => void): unknown };
}

declare function io(options?: {
  transports?: string[];
  query?: Record<string, string>;
}): CompanionSocket;
