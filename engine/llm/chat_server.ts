// A minimal OpenAI-compatible chat-completions server over node:http, for models that
// answer in process (the prompt-text parser baseline): POST /v1/chat/completions answers
// the request's last user message, GET /v1/models lists the model. Bad requests get a
// JSON error with status 400 (404 for unknown routes, 413 for oversized bodies, 408 for a
// body not in within its deadline); a failing responder gets 500. Nothing a client sends can
// stop the server or hold it: a connection that has not sent a request's headers within the
// header deadline is closed, a body past the size cap is refused as soon as it passes it (by
// its declared length, or while it streams in; the rest is dropped unread, for at most the
// body deadline, so the client can read the 413) and its connection closed, at most
// `concurrency` requests are answered at once with at most `queue` more waiting, and past
// that a request gets 503 with Retry-After.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { z } from "zod";

/** Request bodies above this size are refused (a prompt is at most a few hundred kB). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export class RequestBodyTooLarge extends Error {}
export class RequestBodyTimeout extends Error {}

/**
 * The whole request body; RequestBodyTooLarge as soon as it passes `limit` bytes (by its
 * declared length, or while it streams in: the rest is never read), RequestBodyTimeout when
 * it is not all in within `deadlineMs`.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, deadlineMs = 30_000): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return reject(new RequestBodyTooLarge(`request body over ${limit} bytes (${declared} declared)`));
    const chunks: Uint8Array[] = [];
    let size = 0, done = false;
    const end = (f: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData);
      f();
    };
    const timer = setTimeout(() => end(() => reject(new RequestBodyTimeout(`the request body was not all in within ${deadlineMs / 1000} s`))), deadlineMs);
    const onData = (c: Uint8Array) => {
      size += c.length;
      if (size > limit) return end(() => reject(new RequestBodyTooLarge(`request body over ${limit} bytes`)));
      chunks.push(c);
    };
    req.on("data", onData);
    req.on("end", () =>
      end(() => {
        const out = new Uint8Array(size);
        let o = 0;
        for (const c of chunks) out.set(c, o), (o += c.length);
        resolve(out);
      })
    );
    req.on("error", (e) => end(() => reject(e)));
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const errorBody = (message: string, type: string) => ({ error: { message, type, code: null } });

const ChatRequest = z.object({
  model: z.string().optional(),
  messages: z.array(z.object({ role: z.string(), content: z.unknown() }).loose()).min(1),
}).loose();

export interface ChatServerOptions {
  /** The model name listed by /v1/models and echoed in responses. */
  model: string;
  /** The assistant's reply to a user message (synchronous or not); a throw is a 500. */
  respond: (userMessage: string) => string | Promise<string>;
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Requests answered at once (default 32). */
  concurrency?: number;
  /** Requests waiting for a turn beyond those; more get 503 (default 256). */
  queue?: number;
  /** Largest request body, bytes (default MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Milliseconds a connection may take to send a request's headers (default 10 s). */
  headerDeadlineMs?: number;
  /** Milliseconds a request's body may take to arrive (default 30 s). */
  bodyDeadlineMs?: number;
}

/** A chat-completions server listening. */
export interface RunningChatServer {
  /** Its base URL, e.g. http://127.0.0.1:8765/v1 (give it to an endpoint model). */
  baseURL: string;
  /** The port it listens on. */
  port: number;
  /** Stops it, dropping open connections. */
  close(): Promise<void>;
}

let completionIds = 0;

async function handle(opts: ChatServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = (req.url ?? "").replace(/\?.*$/, "");
  if (req.method === "GET" && url === "/v1/models") {
    sendJson(res, 200, { object: "list", data: [{ id: opts.model, object: "model", created: 0, owned_by: "mechbench" }] });
    return;
  }
  if (url !== "/v1/chat/completions") {
    sendJson(res, 404, errorBody(`no route ${req.method} ${url}`, "not_found"));
    return;
  }
  if (req.method !== "POST") {
    sendJson(res, 405, errorBody(`${req.method} is not allowed on ${url}; use POST`, "invalid_request_error"), { allow: "POST" });
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBody(req, opts.maxBodyBytes ?? MAX_BODY_BYTES, opts.bodyDeadlineMs ?? 30_000)));
  } catch (e) {
    if (e instanceof RequestBodyTooLarge) return sendAndClose(req, res, 413, errorBody(e.message, "invalid_request_error"), opts.bodyDeadlineMs ?? 30_000);
    if (e instanceof RequestBodyTimeout) return sendAndClose(req, res, 408, errorBody(e.message, "invalid_request_error"), 0);
    sendJson(res, 400, errorBody(`the request body is not JSON: ${e instanceof Error ? e.message : String(e)}`, "invalid_request_error"));
    return;
  }
  const parsed = ChatRequest.safeParse(body);
  if (!parsed.success) {
    sendJson(res, 400, errorBody(`not a chat completion request: ${z.prettifyError(parsed.error).replaceAll("\n", "; ")}`, "invalid_request_error"));
    return;
  }
  const user = parsed.data.messages.findLast((m) => m.role === "user");
  if (!user || typeof user.content !== "string") {
    sendJson(res, 400, errorBody("the request has no user message with text content", "invalid_request_error"));
    return;
  }
  let content: string;
  try {
    content = await opts.respond(user.content);
  } catch (e) {
    sendJson(res, 500, errorBody(`the model failed: ${e instanceof Error ? e.message : String(e)}`, "server_error"));
    return;
  }
  sendJson(res, 200, {
    id: `chatcmpl-${++completionIds}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: parsed.data.model ?? opts.model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
  });
}

/**
 * Answers a request whose body was refused, then closes the connection: the rest of the
 * body is read and dropped (never held) for at most `drainMs` first, so a client that sends
 * its whole body before it reads gets the reply; at the deadline the reply goes anyway.
 */
function sendAndClose(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, drainMs: number): void {
  let sent = false;
  const reply = () => {
    if (sent) return;
    sent = true;
    clearTimeout(cut);
    res.on("finish", () => req.socket.destroy());
    sendJson(res, status, body, { connection: "close" });
  };
  const cut = setTimeout(reply, drainMs);
  req.on("end", reply);
  req.resume();
}

export async function startChatServer(opts: ChatServerOptions): Promise<RunningChatServer> {
  const sockets = new Set<Socket>();
  const limit = opts.concurrency ?? 32, queued = opts.queue ?? 256;
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = () => (running < limit ? (running++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go)));
  const done = () => {
    const next = waiting.shift();
    if (next) next(); // the turn passes on: `running` stays
    else running--;
  };
  const headerMs = opts.headerDeadlineMs ?? 10_000;
  const server: Server = createServer((req, res) => {
    // a request in: its connection's header clock stops until the reply has gone
    clearTimeout(clocks.get(req.socket));
    res.on("finish", () => watch(req.socket));
    if (running >= limit && waiting.length >= queued) {
      sendJson(res, 503, errorBody(`busy: ${limit} requests answered and ${queued} waiting; try again`, "server_error"), { "retry-after": "1" });
      return;
    }
    turn().then(() => handle(opts, req, res))
      .catch((e) => sendJson(res, 500, errorBody(e instanceof Error ? e.message : String(e), "server_error")))
      .finally(done);
  });
  // a connection must send a request's headers within the deadline (again after each reply)
  const clocks = new Map<Socket, ReturnType<typeof setTimeout>>();
  const watch = (s: Socket) => {
    clearTimeout(clocks.get(s));
    if (!s.destroyed) clocks.set(s, setTimeout(() => s.destroy(), headerMs));
  };
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    watch(s);
    s.on("close", () => {
      sockets.delete(s);
      clearTimeout(clocks.get(s));
      clocks.delete(s);
    });
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    baseURL: `http://${shown}:${port}/v1`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of clocks.values()) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
