// Native MuJoCo step throughput for bench/physment_step.ts: loads an MJCF file, warms
// up, then times `steps` calls of mj_step and prints one JSON line.
#include <mujoco/mujoco.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s MODEL.xml STEPS\n", argv[0]);
    return 2;
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
  if (!m) {
    fprintf(stderr, "cannot load %s: %s\n", argv[1], error);
    return 2;
  }
  mjData* d = mj_makeData(m);
  long steps = atol(argv[2]);
  for (long i = 0; i < steps / 10; i++) mj_step(m, d);  // warm-up
  mj_resetData(m, d);
  double t0 = now();
  for (long i = 0; i < steps; i++) mj_step(m, d);
  double seconds = now() - t0;
  printf("{\"mujoco\": \"%s\", \"steps\": %ld, \"seconds\": %.6f, \"ncon\": %d, \"z0\": %.9f}\n",
         mj_versionString(), steps, seconds, d->ncon, d->xpos[3 * 1 + 2]);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
