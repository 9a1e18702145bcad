// A Web Worker running the numerical checks of mechanisms (numeric_check_job.ts).
import { serveUnits } from "../parallel/serve.ts";
import { numericCheckHandler } from "./numeric_check_job.ts";

serveUnits(numericCheckHandler);
