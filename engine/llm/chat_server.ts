// A minimal OpenAI-compatible chat-completions server over node:http, for models that
// answer in process (the prompt-text parser baseline): POST /v1/chat/completions answers
// the request's last user message, GET /v1/models lists the model. Bad requests get a
// JSON error with status 400 (404 for unknown routes, 413 for oversized bodies); a
// failing responder gets 500. Nothing a client sends can stop the server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { z } from "zod";

/** Request bodies above this size are refused (a prompt is at most a few hundred kB). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export class RequestBodyTooLarge extends Error {}

/** The whole request body, or RequestBodyTooLarge past `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    // past the limit the rest is read and dropped, so the client still gets its answer
    req.on("data", (c: Uint8Array) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on("end", () => {
      if (size > limit) return reject(new RequestBodyTooLarge(`request body over ${limit} bytes`));
      const out = new Uint8Array(size);
      let o = 0;
      for (const c of chunks) out.set(c, o), (o += c.length);
      resolve(out);
    });
    req.on("error", reject);
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
    body = JSON.parse(new TextDecoder().decode(await readBody(req)));
  } catch (e) {
    if (e instanceof RequestBodyTooLarge) sendJson(res, 413, errorBody(e.message, "invalid_request_error"));
    else sendJson(res, 400, errorBody(`the request body is not JSON: ${e instanceof Error ? e.message : String(e)}`, "invalid_request_error"));
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

export async function startChatServer(opts: ChatServerOptions): Promise<RunningChatServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(opts, req, res).catch((e) => sendJson(res, 500, errorBody(e instanceof Error ? e.message : String(e), "server_error")));
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
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
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
