// A Web Worker generating mechanisms' pools (generate_job.ts).
import { serveUnits } from "../parallel/serve.ts";
import { generateHandler } from "./generate_job.ts";

serveUnits(generateHandler);
