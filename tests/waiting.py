"""How long a test waits for something it counts on happening: only so that a broken build
fails instead of hanging. No test counts on how fast anything is (a machine running other work
is slower, never wrong): it waits for the event, and checks what happened."""

#: Seconds: far beyond what anything takes on a loaded machine.
HANG_GUARD_S = 120.0
