// check_driver fixture: a user header (copied into the out-root).
#ifndef STEP_H
#define STEP_H
#define STEP_SIZE 0.5f
#endif
