// A Web Worker rechecking tasks' golds (verify_job.ts).
import { serveUnits } from "../parallel/serve.ts";
import { verifyHandler } from "./verify_job.ts";

serveUnits(verifyHandler);
