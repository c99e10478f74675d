// The table of live children a signal handler ends: see CPlatform.h.
#include "CPlatform.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#define SLOTS 1024

/// Process IDs of live children; 0 is a free slot.
static _Atomic int children[SLOTS];

/// The signal updatecheck_end_children passes on, once it began (0 before).
static _Atomic int ending = 0;

int updatecheck_ending(void) { return atomic_load(&ending); }

int updatecheck_add_child(int pid) {
    int added = 0;
    for (int slot = 0; slot < SLOTS && !added; slot++) {
        int empty = 0;
        added = atomic_compare_exchange_strong(&children[slot], &empty, pid);
    }
    // Started while the children are being ended: it ends with them.
    int number = atomic_load(&ending);
    if (number != 0) kill(-pid, number);
    return added;
}

void updatecheck_remove_child(int pid) {
    for (int slot = 0; slot < SLOTS; slot++) {
        int expected = pid;
        if (atomic_compare_exchange_strong(&children[slot], &expected, 0)) return;
    }
}

int updatecheck_child_ended(int pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
    return info.si_pid == pid;
}

void updatecheck_end_children(int signal, int grace_ms) {
    int saved = errno;
    int none = 0;
    atomic_compare_exchange_strong(&ending, &none, signal);
    for (int waited = 0; waited < grace_ms; waited += 5) {
        // Passed again on each round, to children started since the last.
        int running = 0;
        for (int slot = 0; slot < SLOTS; slot++) {
            int pid = atomic_load(&children[slot]);
            if (pid <= 0 || updatecheck_child_ended(pid)) continue;
            running = 1;
            kill(-pid, signal);
        }
        if (!running) break;
        struct timespec pause = {0, 5000000L};
        nanosleep(&pause, NULL);
    }
    for (int slot = 0; slot < SLOTS; slot++) {
        int pid = atomic_load(&children[slot]);
        if (pid > 0) kill(-pid, SIGKILL);
    }
    errno = saved;
}
