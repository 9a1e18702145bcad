// A Web Worker reading prompts with the parser (answer_job.ts).
import { serveUnits } from "../../parallel/serve.ts";
import { answerHandler } from "./answer_job.ts";

serveUnits(answerHandler);
