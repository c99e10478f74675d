// The table of files mapped for reading that a SIGBUS handler names: see CPlatform.h.
#include "CPlatform.h"

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 64
#define PATH_BYTES 4096

/// A slot's state: free, being filled by the thread that took it, or
/// describing a live mapping the handler may read.
enum { FREE = 0, FILLING = 1, LIVE = 2 };

static _Atomic int states[SLOTS];
static struct {
    uintptr_t start;
    size_t length;
    char path[PATH_BYTES];
} mappings[SLOTS];

/// What the handler calls for a fault inside a live mapping.
static void (*on_fault)(const char *path);

/// The action SIGBUS had before (the Swift runtime's backtracer, say).
static struct sigaction previous;

int updatecheck_add_mapping(const void *start, size_t length, const char *path) {
    for (int slot = 0; slot < SLOTS; slot++) {
        int free = FREE;
        if (!atomic_compare_exchange_strong(&states[slot], &free, FILLING)) continue;
        mappings[slot].start = (uintptr_t)start;
        mappings[slot].length = length;
        size_t bytes = strnlen(path, PATH_BYTES - 1);
        memcpy(mappings[slot].path, path, bytes);
        mappings[slot].path[bytes] = 0;
        atomic_store(&states[slot], LIVE);
        return slot;
    }
    return -1;
}

void updatecheck_remove_mapping(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&states[slot], FREE);
}

/// The SIGBUS handler: a fault inside a live mapping goes to `on_fault`;
/// any other restores the action SIGBUS had before, and the faulting
/// access, made again on return, is handled as it would have been.
static void bus_error(int number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < SLOTS; slot++) {
        if (atomic_load(&states[slot]) != LIVE) continue;
        if (address - mappings[slot].start < mappings[slot].length) on_fault(mappings[slot].path);
    }
    sigaction(number, &previous, NULL);
}

void updatecheck_handle_mapping_faults(void (*handler)(const char *path)) {
    on_fault = handler;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = bus_error;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &action, &previous);
}
