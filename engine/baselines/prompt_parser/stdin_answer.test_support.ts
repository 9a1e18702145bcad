// Answers prompts read from standard input (one JSON string per line) and prints one JSON
// answer per line. The parser's tests run this under Deno with every permission denied,
// so any file read (catalog, solutions, caches) fails loudly.
import process from "node:process";
import { answerPrompt } from "./mod.ts";

let text = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => (text += chunk));
process.stdin.on("end", () => {
  for (const line of text.split("\n")) {
    if (line.trim()) process.stdout.write(JSON.stringify(answerPrompt(JSON.parse(line) as string)) + "\n");
  }
});
