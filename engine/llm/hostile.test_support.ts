// Misbehaving OpenAI-compatible endpoints on loopback, at the level of raw HTTP bytes, for
// the tests that hold the model client (and the runs above it) to its deadline and its
// response-size limit: a body trickled a byte at a time, a huge body, an endless chunked
// stream, the wrong content type, invalid UTF-8, deeply nested JSON, a redirect loop, a
// connection reset mid-body, a server that accepts and never answers, and HTTP/1.0 without
// a length (which is legitimate, and must work).
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** The behaviours. */
export const HOSTILE = ["trickle", "huge", "endless", "wrong_type", "bad_utf8", "nested", "redirect_loop", "reset", "silent", "http10"] as const;
export type Hostile = (typeof HOSTILE)[number];

/** A valid chat completion whose content is `content`, as JSON text. */
export function completionText(content: string): string {
  return JSON.stringify({
    id: "chatcmpl-hostile",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "hostile",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
}

const head = (status: string, headers: Record<string, string | number>, version = "1.1") =>
  `HTTP/${version} ${status}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;

export interface HostileServer {
  baseURL: string;
  /** Requests received (a followed redirect not counted). */
  requests: number;
  close(): Promise<void>;
}

/**
 * A server playing `behaviour(n)` to the n-th request (from 0): one of HOSTILE, or "ok" for a
 * valid completion answering `answer(requestBody)`.
 */
export async function startHostile(behaviour: (n: number) => Hostile | "ok", answer: (body: string) => string = () => '{"answer": {}}'): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  let requests = 0;
  let port = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    socket.on("data", (d) => {
      buffer += d.toString("latin1");
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const body = Buffer.from(buffer.slice(end + 4, end + 4 + length), "latin1").toString("utf8");
      const loop = buffer.startsWith("POST /loop ");
      buffer = buffer.slice(end + 4 + length);
      // a followed redirect is no request of its own: it is sent round again
      play(socket, loop ? "redirect_loop" : behaviour(requests++), body);
    });
  });
  const every = (ms: number, fn: () => boolean) => {
    const t = setInterval(() => {
      if (!fn()) {
        clearInterval(t);
        timers.delete(t);
      }
    }, ms);
    timers.add(t);
  };
  function play(socket: Socket, b: Hostile | "ok", body: string) {
    const valid = completionText(answer(body));
    switch (b) {
      case "ok":
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": Buffer.byteLength(valid) }) + valid);
        return;
      case "trickle": {
        // a valid completion, one byte every half second
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": Buffer.byteLength(valid) }));
        let i = 0;
        every(500, () => !socket.destroyed && i < valid.length && socket.write(valid[i++]) !== undefined);
        return;
      }
      case "huge": {
        // a 40 MB completion with its length declared, streamed 1 MiB at a time as the socket drains
        // (built lazily: the server shares the test's process, whose memory the test measures)
        const [prefix, suffix] = completionText("\u0000").split("\\u0000");
        const filler = "x".repeat(1 << 20);
        const total = Buffer.byteLength(prefix) + 40 * filler.length + Buffer.byteLength(suffix);
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": total }) + prefix);
        let left = 40;
        const pump = () => {
          while (!socket.destroyed && left > 0) {
            left--;
            if (!socket.write(filler)) return;
          }
          if (left === 0 && !socket.destroyed) socket.end(suffix);
        };
        socket.on("drain", pump);
        pump();
        return;
      }
      case "endless": {
        // a chunked body that never ends: a 64 KiB chunk whenever the socket drains
        socket.write(head("200 OK", { "content-type": "application/json", "transfer-encoding": "chunked" }) + `6\r\n{"a":"\r\n`);
        const chunk = `10000\r\n${"y".repeat(0x10000)}\r\n`;
        const pump = () => {
          while (!socket.destroyed && socket.write(chunk));
        };
        socket.on("drain", pump);
        pump();
        return;
      }
      case "wrong_type":
        socket.write(head("200 OK", { "content-type": "text/html", "content-length": 28 }) + "<html>502 Bad Gateway</html>");
        return;
      case "bad_utf8": {
        const bytes = Buffer.concat([Buffer.from(valid.slice(0, 100)), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(valid.slice(100))]);
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": bytes.length }));
        socket.write(bytes);
        return;
      }
      case "nested": {
        const text = "[".repeat(200_000) + "]".repeat(200_000);
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": text.length }) + text);
        return;
      }
      case "redirect_loop":
        socket.write(head("307 Temporary Redirect", { location: `http://127.0.0.1:${port}/loop`, "content-length": 0 }));
        return;
      case "reset": {
        socket.write(head("200 OK", { "content-type": "application/json", "content-length": Buffer.byteLength(valid) + 1000 }) + valid.slice(0, 50));
        setTimeout(() => socket.resetAndDestroy(), 50);
        return;
      }
      case "silent":
        return; // the connection stays open, nothing is ever sent
      case "http10":
        socket.write(head("200 OK", { "content-type": "application/json" }, "1.0") + valid);
        socket.end();
        return;
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
