// A worker for the tests of runUnits: serves echoHandler.
import { serveUnits } from "./serve.ts";
import { echoHandler } from "./echo.test_support.ts";

serveUnits(echoHandler);
