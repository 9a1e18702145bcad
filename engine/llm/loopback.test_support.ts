// A loopback OpenAI-compatible HTTP server for tests of both benchmarks: it replays
// scripted /v1/chat/completions replies (or computes them from the request), so the real
// `openai` client is exercised over HTTP, and it logs every request body it received.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readBody, sendJson } from "./chat_server.ts";


export interface ReplayReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw response body sent as is instead of `body` (malformed replies). */
  raw?: string;
  /** Delay before replying, ms (for timeouts; cancelled when the server closes). */
  delayMs?: number;
}

/** Chooses the reply to the n-th request (from 0), given its JSON body. */
export type ReplyFn = (body: Record<string, unknown>, n: number) => ReplayReply;

export interface Loopback {
  baseURL: string;
  /** Bodies of every /v1/chat/completions request, in arrival order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startLoopback(replies: ReplayReply[] | ReplyFn): Promise<Loopback> {
  const requests: Record<string, unknown>[] = [];
  const queue = Array.isArray(replies) ? [...replies] : null;
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readBody(req).then((bytes) => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        send(res, { status: 404, body: { error: { message: `no route ${req.method} ${req.url}` } } });
        return;
      }
      const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      const n = requests.length;
      requests.push(body);
      const reply = queue
        ? queue.shift() ?? { status: 500, body: { error: { message: "no scripted reply left" } } }
        : (replies as ReplyFn)(body, n);
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed && !res.writableEnded) send(res, reply);
        }, reply.delayMs);
        timers.add(t);
      } else send(res, reply);
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, reply: ReplayReply): void {
  if (reply.raw === undefined) return sendJson(res, reply.status ?? 200, reply.body ?? {}, reply.headers);
  res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
  res.end(reply.raw);
}


let completionCounter = 0;

/** An OpenAI chat.completion body. Tool call arguments may be given as objects. */
export function completion(opts: {
  content?: string | null;
  toolCalls?: { name: string; arguments: string | Record<string, unknown>; id?: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
}): ReplayReply {
  const n = ++completionCounter;
  const toolCalls = opts.toolCalls ?? [];
  const usage = opts.usage === undefined ? { prompt_tokens: 100, completion_tokens: 20 } : opts.usage;
  return {
    body: {
      id: `chatcmpl-${n}`,
      object: "chat.completion",
      created: 1_700_000_000,
      model: "loopback-model",
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: opts.content ?? null,
          refusal: null,
          ...(toolCalls.length > 0
            ? {
              tool_calls: toolCalls.map((c, i) => ({
                id: c.id ?? `call_${n}_${i}`,
                type: "function",
                function: {
                  name: c.name,
                  arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
                },
              })),
            }
            : {}),
        },
        finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
      }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    },
  };
}

/** An OpenAI-style error reply. */
export function httpError(status: number, message: string, headers?: Record<string, string>): ReplayReply {
  return { status, headers, body: { error: { message, type: "test_error", code: null } } };
}
