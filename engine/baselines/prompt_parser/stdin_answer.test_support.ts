// Answers prompts read from standard input (one JSON string per line) and prints one JSON
// answer per line. The parser's tests run this under Deno with every permission denied,
// so any file read (catalog, solutions, caches) fails loudly.
import { answerPrompt } from "./mod.ts";

const decoder = new TextDecoder();
let text = "";
for await (const chunk of Deno.stdin.readable) text += decoder.decode(chunk, { stream: true });
for (const line of text.split("\n")) {
  if (!line.trim()) continue;
  console.log(JSON.stringify(answerPrompt(JSON.parse(line) as string)));
}
